package rollunder

import (
	"strconv"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// MinDyingStamina is the lowest STAMINA the dying calculator takes; from
// -4 down a character is dead anyway.
const MinDyingStamina = -20

// DyingInput is a player character at 0 STAMINA or below.
type DyingInput struct {
	Stamina int // stamina: STAMINA now, MinDyingStamina..0
	Luck    int // luck: LUCK now, 1..12
}

// DefaultDyingInput is a character just dropped to 0 STAMINA with LUCK 9.
func DefaultDyingInput() DyingInput { return DyingInput{Stamina: 0, Luck: 9} }

// Validate checks both fields.
func (in DyingInput) Validate() error {
	return rules.FirstError(
		rules.IntRange("stamina", in.Stamina, MinDyingStamina, 0),
		rules.IntRange("luck", in.Luck, MinLuck, MaxLuck),
	)
}

// DyingOdds is how dying ends without help (no First Aid): outcomes stable
// and dead (they partition it); distributions rounds (the round it is
// settled: 0 is at once, 1 the next round...) and luck_left. At 0 STAMINA
// the character tests LUCK at once and then every round until a success
// (stable) or LUCK 0 (dead), LUCK dropping by 1 after every test; at -1 to
// -3 the character loses 1 LUCK a round and dies at 0, after as many rounds
// as LUCK; at -4 or less the character is dead at once.
func DyingOdds(in DyingInput) (rules.Report, error) {
	if err := in.Validate(); err != nil {
		return rules.Report{}, err
	}
	var rounds, left dice.Builder
	stable := 0.0
	switch {
	case in.Stamina <= -4:
		rounds.Add(0, 1)
		left.Add(in.Luck, 1)
	case in.Stamina < 0:
		rounds.Add(in.Luck, 1)
		left.Add(0, 1)
	default:
		still := 1.0 // P(still dying before the test of round k)
		for k, l := 0, in.Luck; l > 0; k, l = k+1, l-1 {
			s := LuckChance(l)
			stable += still * s
			rounds.Add(k, still*s)
			left.Add(l-1, still*s)
			still *= 1 - s
			if l == 1 {
				rounds.Add(k, still)
				left.Add(0, still)
			}
		}
	}
	r, lf := rounds.PMF(), left.PMF()
	return rules.Report{
		Outcomes:      []rules.Prob{{Name: "stable", P: stable}, {Name: "dead", P: 1 - stable}},
		Distributions: []rules.Dist{{Name: "rounds", PMF: r}, {Name: "luck_left", PMF: lf}},
		Means:         []rules.Mean{{Name: "rounds", Value: r.Mean()}, {Name: "luck_left", Value: lf.Mean()}},
	}, nil
}

// ResolveDying plays the dying from the dice in t: two dice per Test LUCK
// at 0 STAMINA, none below. Values: rounds and luck_left.
func ResolveDying(in DyingInput, t *dice.Tape) (rules.Roll, error) {
	if err := in.Validate(); err != nil {
		return rules.Roll{}, err
	}
	itoa := strconv.Itoa
	roll := rules.Roll{Outcome: "dead"}
	k, l := 0, in.Luck
	switch {
	case in.Stamina <= -4:
		roll.Steps = []string{"STAMINA " + itoa(in.Stamina) + " is −4 or less: dead."}
	case in.Stamina < 0:
		k, l = in.Luck, 0
		roll.Steps = []string{"STAMINA " + itoa(in.Stamina) + ": unconscious, losing 1 LUCK a round; LUCK " + itoa(in.Luck) +
			" reaches 0 after " + itoa(in.Luck) + " rounds: dead, unless someone halts the dying first."}
	default:
		for ; ; k++ {
			a, err := t.Roll(6, "luck die 1")
			if err != nil {
				return rules.Roll{}, err
			}
			b, err := t.Roll(6, "luck die 2")
			if err != nil {
				return rules.Roll{}, err
			}
			l--
			when := "Round " + itoa(k)
			if k == 0 {
				when = "At once"
			}
			step := when + ": Test LUCK " + itoa(a) + " + " + itoa(b) + " = " + itoa(a+b) + " against LUCK " + itoa(l+1)
			if lucky(a+b, l+1) {
				roll.Outcome = "stable"
				roll.Steps = append(roll.Steps, step+": lucky, stable (LUCK now "+itoa(l)+").")
				break
			}
			if l == 0 {
				roll.Steps = append(roll.Steps, step+": unlucky, and LUCK is 0: dead.")
				break
			}
			roll.Steps = append(roll.Steps, step+": unlucky, still dying (LUCK now "+itoa(l)+").")
		}
	}
	if err := t.Done(); err != nil {
		return rules.Roll{}, err
	}
	roll.Dice = t.Rolls()
	roll.Result = "Dead after " + itoa(k) + " rounds."
	if k == 0 {
		roll.Result = "Dead at once."
	}
	if roll.Outcome == "stable" {
		roll.Result = "Stable in round " + itoa(k) + " with LUCK " + itoa(l) + "."
		if k == 0 {
			roll.Result = "Stable at once with LUCK " + itoa(l) + "."
		}
	}
	roll.Values = []rules.Value{{Name: "rounds", Value: k}, {Name: "luck_left", Value: l}}
	return roll, nil
}
