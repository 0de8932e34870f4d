package render_test

import (
	"strings"
	"testing"

	"d6codex/calc"
	"d6codex/calc/render"
	"d6codex/calc/systems"
	"d6codex/rules"
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

// TestOutcomeGroups (issue 25, items 6 and 10): the outcomes that split
// every roll come first; flags that overlap them are grouped under "Also",
// and left out when they cannot happen (below 1e-9, pinned set-up
// included); a table whose one outcome always happens says nothing.
func TestOutcomeGroups(t *testing.T) {
	p := func(kv ...any) rules.Report {
		var r rules.Report
		for i := 0; i < len(kv); i += 2 {
			r.Outcomes = append(r.Outcomes, rules.Prob{Name: kv[i].(string), P: kv[i+1].(float64)})
		}
		return r
	}
	names := func(ps []rules.Prob) string {
		var s []string
		for _, o := range ps {
			s = append(s, o.Name)
		}
		return strings.Join(s, ",")
	}
	pinned := p("a", 0.5, "b", 0.5, "never", 0.25)
	for _, tc := range []struct {
		name        string
		r           rules.Report
		pin         *rules.Report
		split, also string
	}{
		{"flags after the split", p("hit", 0.75, "miss", 0.25, "crit", 1.0/6, "never", 0.0), nil, "hit,miss", "crit"},
		{"zero outcome inside the split stays", p("miss", 0.25, "no_effect", 0.0, "hit", 0.75, "success", 0.75), nil, "miss,no_effect,hit", "success"},
		{"always, nothing else", p("followed", 1.0, "not_followed", 1e-13), nil, "", ""},
		{"the rest reaches 1e-9", p("followed", 1-2e-9, "not_followed", 2e-9), nil, "followed,not_followed", ""},
		{"no prefix sums to 1", p("a", 0.3, "b", 0.3), nil, "a,b", ""},
		{"a flag the pin can have", p("a", 0.5, "b", 0.5, "never", 0.0), &pinned, "a,b", "never"},
	} {
		split, also := render.Outcomes(tc.r, tc.pin)
		if names(split) != tc.split || names(also) != tc.also {
			t.Errorf("%s: split %q also %q, want %q and %q", tc.name, names(split), names(also), tc.split, tc.also)
		}
		var pin *calc.Result
		if tc.pin != nil {
			pin = &calc.Result{Report: *tc.pin}
		}
		out := render.HTML(calc.Result{Report: tc.r}, pin, render.Options{Key: "k"})
		if got := strings.Count(out, "<tr data-outcome="); got != len(split)+len(also) {
			t.Errorf("%s: %d rows, want %d", tc.name, got, len(split)+len(also))
		}
		if strings.Contains(out, `class="calc-also"`) != (len(also) > 0) {
			t.Errorf("%s: the Also group is shown %v, want %v", tc.name, !(len(also) > 0), len(also) > 0)
		}
		if tc.r.Outcomes[0].Name == "hit" && names(tc.r.Outcomes) != "hit,miss,crit,never" {
			t.Errorf("%s: the report was changed: %v", tc.name, tc.r.Outcomes)
		}
	}
}
