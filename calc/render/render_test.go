package render_test

import (
	"strings"
	"testing"

	"d6codex/calc/render"
	"d6codex/calc/systems"
)

// TestPlayerWords: outcomes, distributions and means show the words the
// rules give them, and names made readable otherwise; the HTML escapes
// what it shows.
func TestPlayerWords(t *testing.T) {
	reg := systems.New()
	for _, tc := range []struct {
		id        string
		want, not []string
	}{
		{"skirmish/melee", []string{">Tie on the first comparison<", ">Attacker wins<"}, []string{"Tie first comparison"}},
		{"rollunder/attack", []string{">Critical: STAMINA to zero<", "Mean STAMINA lost<", "STAMINA lost on a hit that is not a critical"}, []string{"Critical zero stamina", "stamina loss normal hit"}},
	} {
		res, err := reg.Run(tc.id, map[string]string{})
		if err != nil {
			t.Fatalf("%s: %v", tc.id, err)
		}
		out := render.HTML(res, nil, render.Options{Key: "k"})
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: lacks %q", tc.id, w)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(out, n) {
				t.Errorf("%s: still shows %q", tc.id, n)
			}
		}
	}
	if got := render.Human("tie_first"); got != "Tie first" {
		t.Errorf("Human = %q", got)
	}
}
