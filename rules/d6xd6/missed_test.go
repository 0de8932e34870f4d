package d6xd6

import (
	"math"
	"testing"

	"d6codex/rules/dice"
)

// TestMissedAction: the seed's pistol example (Focus 5, roll 25: three
// levels, a Wound on one target) turned on a new target keeps two levels
// (a Hit); a one-level success turned on a new target is lost.
func TestMissedAction(t *testing.T) {
	in := DefaultInput() // Focused, Focus 5, small pistol (Stun) at shoot range
	in.Missed = true
	got, err := Resolve(in, dice.NewFixed([]int{5, 5}))
	if err != nil {
		t.Fatal(err)
	}
	checkRoll(t, got, map[string]int{"roll": 25, "levels": 2, "attack_damage": int(Hit)}, "hit")
	got, _ = Resolve(in, dice.NewFixed([]int{2, 3}))
	checkRoll(t, got, map[string]int{"roll": 6, "levels": 0, "damage": 0}, "miss")
	// In the odds: P(miss) is P(R < 5) plus P(one level, 5 <= R < 15).
	rep, err := Odds(in)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a*b < 15 {
				n++
			}
		}
	}
	if p, _ := rep.P("miss"); math.Abs(p-float64(n)/36) > tol {
		t.Errorf("P(miss) = %v, want %d/36", p, n)
	}
}
