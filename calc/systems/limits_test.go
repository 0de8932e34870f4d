package systems

import (
	"strconv"
	"strings"
	"testing"

	"d6codex/calc"
	"d6codex/rules/dice"
)

// TestLimitsLiveOnce proves, for every field of every calculator, that the
// schema's limits are the engine's: the engine computes the odds at Min
// and at Max, and refuses Min-1 and Max+1 given past the schema (with
// ParseUnchecked). The dice and seed fields are calc's own, not an
// engine's, and a die code below 0 pips cannot be written, so those are
// left out.
//
// Some limits depend on another field (an extra action costs 1D of the
// skill; current body points are at most the maximum): with is what the
// other fields are set to for those.
func TestLimitsLiveOnce(t *testing.T) {
	with := map[string]map[string]string{
		"opend6/attack actions":          {"skill": "12D+2"},
		"opend6/attack body_points":      {"body_points_max": "500"},
		"opend6/attack body_points_max":  {"body_points": "1"},
		"opend6/attack attack_cp":        {"cp_limit": "unlimited"},
		"opend6/attack defense_cp":       {"cp_limit": "unlimited", "defense": "partial"},
		"opend6/attack damage_cp":        {"cp_limit": "unlimited"},
		"opend6/attack resistance_cp":    {"cp_limit": "unlimited"},
		"opend6/attack defense_actions":  {"defense": "partial", "defense_skill": "12D+2"},
		"opend6/attack resistance_armor": {"resistance": "12D+2"},
	}
	for _, c := range New().List() {
		for _, f := range c.Fields {
			if f.Name == "dice" || f.Name == "seed" {
				continue
			}
			var text func(n int) string
			switch f.Kind {
			case calc.Int:
				text = strconv.Itoa
			case calc.DieCode:
				text = func(n int) string { return dice.FromPips(n).String() }
			case calc.IntList:
				// A full-length list (the engine may want a fixed length)
				// whose first value is n.
				text = func(n int) string { return listWith(f, n) }
			default:
				continue
			}
			for _, n := range []int{f.Min, f.Max} {
				if _, err := c.Run(inputs(with[c.ID+" "+f.Name], f.Name, text(n))); err != nil {
					t.Errorf("%s %s = %s (a schema limit): the engine refuses it: %v", c.ID, f.Name, text(n), err)
				}
			}
			for _, n := range []int{f.Min - 1, f.Max + 1} {
				if f.Kind == calc.DieCode && n < 0 {
					continue
				}
				v, err := c.ParseUnchecked(inputs(with[c.ID+" "+f.Name], f.Name, text(n)))
				if err != nil {
					t.Fatalf("%s %s = %s: %v", c.ID, f.Name, text(n), err)
				}
				if _, err := c.Odds(v); err == nil {
					t.Errorf("%s %s = %s (past the schema's %d..%d): the engine accepts it, so the limit is not the engine's",
						c.ID, f.Name, text(n), f.Min, f.Max)
				}
			}
		}
	}
}

// listWith returns a list for an int-list field: as long as the field's
// help asks for (its first number), all Min, with n first.
func listWith(f calc.Field, n int) string {
	size := 1
	for _, w := range strings.Fields(f.Help) {
		if k, err := strconv.Atoi(w); err == nil {
			size = k
			break
		}
	}
	parts := []string{strconv.Itoa(n)}
	for len(parts) < size {
		parts = append(parts, strconv.Itoa(f.Min))
	}
	return strings.Join(parts, " ")
}

// inputs is base plus name = value.
func inputs(base map[string]string, name, value string) map[string]string {
	out := map[string]string{name: value}
	for k, v := range base {
		out[k] = v
	}
	return out
}
