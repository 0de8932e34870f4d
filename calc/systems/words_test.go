package systems

import (
	"strings"
	"testing"
)

// TestRollWords (issue 25, item 12): a roll's steps and messages read
// right: the dice summed in the order they were rolled, and "1 die".
func TestRollWords(t *testing.T) {
	reg := New()
	for _, tc := range []struct {
		id       string
		raw      map[string]string
		steps    []string // in the roll's steps
		errHas   string   // or in the error
		errLacks string
	}{
		{"spacedoor/attack", map[string]string{"tough": "1", "dice": "3 4 5 2"}, []string{"Rolled 3 and 4.", "3 + 4 + 1 (Tough) = 8."}, "", ""},
		{"spacedoor/attack", map[string]string{"tough": "0", "dice": "2 3 1 1"}, []string{"Rolled 2 and 3.", "2 + 3 "}, "", ""},
		{"spacedoor/attack", map[string]string{"dice": "6"}, nil, "1 die given", "1 dice"},
	} {
		res, err := reg.Run(tc.id, tc.raw)
		if tc.errHas != "" {
			if err == nil || !strings.Contains(err.Error(), tc.errHas) || strings.Contains(err.Error(), tc.errLacks) {
				t.Errorf("%s %v: error %v, want one saying %q", tc.id, tc.raw, err, tc.errHas)
			}
			continue
		}
		if err != nil || res.Roll == nil {
			t.Fatalf("%s %v: %v", tc.id, tc.raw, err)
		}
		all := strings.Join(res.Roll.Steps, "\n")
		for _, s := range tc.steps {
			if !strings.Contains(all, s) {
				t.Errorf("%s %v: steps lack %q:\n%s", tc.id, tc.raw, s, all)
			}
		}
	}
}
