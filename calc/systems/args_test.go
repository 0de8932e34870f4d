package systems

import (
	"maps"
	"testing"

	"d6codex/calc"
)

// TestReadArgs is issue 31: field=value pairs (the command line's, a share
// link's) are read one way: over the base, each pair sets its field named
// less the spaces around it, its value as written; a field given twice is
// an error on that field, and its first value stays.
func TestReadArgs(t *testing.T) {
	base := func() map[string]string { return map[string]string{"focus": "5", "missed": "false"} }
	tests := []struct {
		pairs []string
		want  map[string]string
		bad   string // the field in error
	}{
		{[]string{"missed", "TRUE"}, map[string]string{"focus": "5", "missed": "TRUE"}, ""},
		{[]string{" focus ", " 7"}, map[string]string{"focus": " 7", "missed": "false"}, ""},
		{[]string{"focus", "6", "missed", "1", " missed", "0"}, map[string]string{"focus": "6", "missed": "1"}, "missed"},
		{nil, base(), ""},
	}
	for _, tt := range tests {
		got := base()
		err := calc.ReadArgs(got, tt.pairs)
		fes := calc.AsFieldErrors(err)
		switch {
		case tt.bad == "" && err != nil, tt.bad != "" && (len(fes) != 1 || fes[0].Field != tt.bad || fes[0].Allowed != calc.GivenTwice):
			t.Errorf("%q: err %v, want one on %q", tt.pairs, err, tt.bad)
		}
		if !maps.Equal(got, tt.want) {
			t.Errorf("%q: %v, want %v", tt.pairs, got, tt.want)
		}
	}
}
