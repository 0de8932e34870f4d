package spacedoor

import (
	"errors"
	"math"
	"testing"

	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/dice/dicetest"
)

// TestHelpTable is the helping-out rule of the rules note, both settings.
func TestHelpTable(t *testing.T) {
	tests := []struct {
		helper   Result
		mixed    string
		modifier int
		becomes  string // "" when the result is not replaced
		offer    bool
		locked   bool
	}{
		{Failure, HelpMixedNoChange, -1, "", false, false},
		{Mixed, HelpMixedNoChange, 0, "", false, false},
		{Mixed, HelpMixedPlusOne, 1, "", false, false},
		{Success, HelpMixedNoChange, 0, "", true, false},
		{CriticalFailure, HelpMixedPlusOne, 0, "failure", false, true},
		{CriticalSuccess, HelpMixedNoChange, 0, "critical_success", false, false},
	}
	for _, tc := range tests {
		h, err := HelpFor(tc.helper, tc.mixed)
		if err != nil {
			t.Fatal(err)
		}
		becomes := ""
		if h.Becomes {
			becomes = h.Result.Name()
		}
		if h.Modifier != tc.modifier || becomes != tc.becomes || h.Offer != tc.offer || h.Locked != tc.locked || h.Text == "" {
			t.Errorf("helper %s (%s): got %+v", tc.helper.Name(), tc.mixed, h)
		}
	}
}

// TestApplyHelp applies helper results to original rolls.
func TestApplyHelp(t *testing.T) {
	tests := []struct {
		hi, lo, stat int
		helper       Result
		mixed        string
		total        int
		result       string
	}{
		{3, 3, 0, Failure, HelpMixedNoChange, 5, "failure"},
		{4, 3, 0, Failure, HelpMixedNoChange, 6, "failure"},
		{3, 3, 0, Mixed, HelpMixedNoChange, 6, "failure"},
		{3, 3, 0, Mixed, HelpMixedPlusOne, 7, "mixed"},
		{5, 4, 0, Mixed, HelpMixedPlusOne, 10, "success"},
		{6, 6, -3, Failure, HelpMixedNoChange, 8, "critical_success"}, // a critical stays: it reads the dice
		{1, 1, 5, Mixed, HelpMixedPlusOne, 8, "critical_failure"},
		{4, 4, 2, CriticalFailure, HelpMixedNoChange, 10, "failure"},
		{1, 1, 0, CriticalSuccess, HelpMixedNoChange, 2, "critical_success"},
		{2, 3, 0, Success, HelpMixedNoChange, 5, "failure"}, // the roller still chooses +1d6 or a reroll
	}
	for _, tc := range tests {
		total, result, _, err := ApplyHelp(tc.hi, tc.lo, tc.stat, tc.helper, tc.mixed)
		if err != nil {
			t.Fatal(err)
		}
		if total != tc.total || result.Name() != tc.result {
			t.Errorf("%d,%d %+d helped by %s (%s): got %d %s, want %d %s", tc.hi, tc.lo, tc.stat,
				tc.helper.Name(), tc.mixed, total, result.Name(), tc.total, tc.result)
		}
	}
	for _, bad := range []struct {
		hi, lo, stat int
		helper       Result
		mixed, field string
	}{
		{7, 1, 0, Mixed, HelpMixedNoChange, "die"},
		{1, 1, 6, Mixed, HelpMixedNoChange, "stat"},
		{1, 1, 0, Result(5), HelpMixedNoChange, "helper"},
		{1, 1, 0, Mixed, "plus_two", "help_mixed"},
	} {
		_, _, _, err := ApplyHelp(bad.hi, bad.lo, bad.stat, bad.helper, bad.mixed)
		var fe *rules.FieldError
		if !errors.As(err, &fe) || fe.Field != bad.field {
			t.Errorf("%+v: got %v, want a FieldError for %s", bad, err, bad.field)
		}
	}
}

// TestApplyDamage is the stamina-then-health rule.
func TestApplyDamage(t *testing.T) {
	tests := []struct {
		start           Health
		dmg             int
		stamina, health int
		wounded, down   bool
	}{
		{Health{9, 3}, 0, 9, 3, false, false},
		{Health{9, 3}, 5, 4, 3, false, false},
		{Health{9, 3}, 9, 0, 3, false, false},
		{Health{9, 3}, 10, 0, 2, true, false},
		{Health{9, 3}, 12, 0, 0, true, true},
		{Health{9, 3}, 24, 0, 0, true, true},
		{Health{9, 3}, -2, 9, 3, false, false},
		{Health{0, 3}, 1, 0, 2, true, false},
		{Health{2, 1}, 3, 0, 0, true, true},
	}
	for _, tc := range tests {
		d := ApplyDamage(tc.start, tc.dmg)
		if d.After != (Health{tc.stamina, tc.health}) || d.Wounded != tc.wounded || d.Down != tc.down ||
			d.StaminaLost+d.HealthLost != min(max(tc.dmg, 0), tc.start.Stamina+tc.start.Health) {
			t.Errorf("%+v takes %d: got %+v", tc.start, tc.dmg, d)
		}
	}
	if StartingHealth() != (Health{Stamina: 9, Health: 3}) {
		t.Errorf("level 1 health %+v, want stamina 9, health 3", StartingHealth())
	}
	for _, tc := range []struct {
		pool, dmg, left int
		dead            bool
	}{{10, 4, 6, false}, {4, 4, 0, true}, {3, 5, 0, true}, {5, -1, 5, false}} {
		left, dead := NPCDamage(tc.pool, tc.dmg)
		if left != tc.left || dead != tc.dead {
			t.Errorf("NPC %d takes %d: got %d %v", tc.pool, tc.dmg, left, dead)
		}
	}
}

// TestHealthOddsAgainstBruteForce: a fresh level 1 player after one attack,
// every roll and damage tuple enumerated and applied by hand.
func TestHealthOddsAgainstBruteForce(t *testing.T) {
	for _, start := range []Health{{9, 3}, {2, 3}, {0, 1}, {20, 5}} {
		for _, tough := range []int{-3, 0, 5} {
			outcomes := map[string]float64{}
			var st, he dice.Builder
			dicetest.Tuples(2, 6, func(roll []int) {
				want, _ := ruleRoll(roll, tough, "normal")
				n := ruleAttackDice[want][1]
				dicetest.Tuples(n, 6, func(dmg []int) {
					w := pow6(2 + n)
					d := sum(dmg)
					s := max(start.Stamina-d, 0)
					h := max(start.Health-max(d-start.Stamina, 0), 0)
					switch {
					case h == 0:
						outcomes["down"] += w
					case h < start.Health:
						outcomes["wounded"] += w
					case d > 0:
						outcomes["stamina_only"] += w
					default:
						outcomes["unhurt"] += w
					}
					st.Add(s, w)
					he.Add(h, w)
				})
			})
			a, err := AttackOdds(AttackInput{Tough: tough, Mode: "normal"})
			if err != nil {
				t.Fatal(err)
			}
			r, err := HealthOdds(start, mustDist(t, a, "damage_taken"))
			if err != nil {
				t.Fatal(err)
			}
			s := 0.0
			for _, o := range r.Outcomes {
				s += o.P
				if math.Abs(o.P-outcomes[o.Name]) > tol {
					t.Errorf("%+v Tough %d: P(%s) = %v, want %v", start, tough, o.Name, o.P, outcomes[o.Name])
				}
			}
			if math.Abs(s-1) > tol {
				t.Errorf("outcomes sum to %v", s)
			}
			for name, want := range map[string]dice.PMF{"stamina_after": st.PMF(), "health_after": he.PMF()} {
				if got := mustDist(t, r, name); !dice.Equal(got, want, tol) {
					t.Errorf("%+v Tough %d: %s = %v, want %v", start, tough, name, got.Pairs(), want.Pairs())
				}
				if m := mustMean(t, r, name); math.Abs(m-want.Mean()) > 1e-9 {
					t.Errorf("mean %s = %v, want %v", name, m, want.Mean())
				}
			}
		}
	}
}
