package systems

import (
	"maps"
	"testing"

	"d6codex/calc"
)

// TestReadArgs is issue 31: field=value pairs (the command line's, a share
// link's) are read one way: over the base, each pair sets its field named
// less the spaces around it, its value as written; a field given twice is
// an error on that field (neither value wins), and the rest is read.
func TestReadArgs(t *testing.T) {
	base := map[string]string{"focus": "5", "missed": "false"}
	tests := []struct {
		args []calc.Arg
		want map[string]string
		bad  string // the field in error
	}{
		{[]calc.Arg{{Field: "missed", Value: "TRUE"}}, map[string]string{"focus": "5", "missed": "TRUE"}, ""},
		{[]calc.Arg{{Field: " focus ", Value: " 7"}}, map[string]string{"focus": " 7", "missed": "false"}, ""},
		{[]calc.Arg{{Field: "missed", Value: "1"}, {Field: "missed", Value: "0"}, {Field: "focus", Value: "6"}}, map[string]string{"focus": "6", "missed": "1"}, "missed"},
		{[]calc.Arg{{Field: "missed", Value: "1"}, {Field: "missed", Value: "0"}, {Field: "missed", Value: "1"}}, map[string]string{"focus": "5", "missed": "1"}, "missed"},
		{nil, base, ""},
	}
	for _, tt := range tests {
		got, err := calc.ReadArgs(base, tt.args)
		fes := calc.AsFieldErrors(err)
		switch {
		case tt.bad == "" && err != nil, tt.bad != "" && (len(fes) != 1 || fes[0].Field != tt.bad || fes[0].Error() != tt.bad+": given twice: give it once"):
			t.Errorf("%v: err %v, want one on %q", tt.args, err, tt.bad)
		}
		if !maps.Equal(got, tt.want) {
			t.Errorf("%v: %v, want %v", tt.args, got, tt.want)
		}
	}
	if base["focus"] != "5" || len(base) != 2 {
		t.Errorf("the base changed: %v", base)
	}
}

// TestForm: the form shows each field as Parse reads it alone, canonical
// where it reads and as given where it does not, whatever the others.
func TestForm(t *testing.T) {
	c, err := New().Get("d6xd6/attack")
	if err != nil {
		t.Fatal(err)
	}
	got := c.Form(map[string]string{"missed": "TRUE", "focus": " +3", "task": "FOCUSED", "weapon": "bazooka", "nonsense": "1"})
	want := map[string]string{"missed": "true", "focus": "3", "task": "FOCUSED", "weapon": "bazooka"}
	if !maps.Equal(got, want) {
		t.Errorf("Form = %v, want %v", got, want)
	}
}
