package rollunder

import (
	"strconv"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// LUCK range of a Test LUCK (at 0 LUCK a character is dead, and 2d6 <= 12
// always succeeds).
const (
	MinLuck = 1
	MaxLuck = 12
)

// LuckInput is a Test LUCK.
type LuckInput struct {
	Luck int // luck: current LUCK, 1..12
}

// DefaultLuckInput is LUCK 9, a typical starting value (8..11).
func DefaultLuckInput() LuckInput { return LuckInput{Luck: 9} }

// Validate checks the LUCK value.
func (in LuckInput) Validate() error { return rules.IntRange("luck", in.Luck, MinLuck, MaxLuck) }

// lucky is the rule of a Test LUCK: a 2d6 roll at most LUCK succeeds (an
// equal roll counts).
func lucky(roll, luck int) bool { return roll <= luck }

// luckTest is a Test LUCK of the dice a and b at LUCK luck: whether it is
// lucky, and the step that says so and what LUCK drops to.
func luckTest(a, b, luck int) (bool, string) {
	itoa, ok := strconv.Itoa, lucky(a+b, luck)
	s := "Test LUCK: " + itoa(a) + " + " + itoa(b) + " = " + itoa(a+b)
	if ok {
		s += ", at most LUCK " + itoa(luck) + ": lucky"
	} else {
		s += ", more than LUCK " + itoa(luck) + ": unlucky"
	}
	return ok, s + "; LUCK drops to " + itoa(luck-1) + " either way."
}

// testChance is the chance a side with LUCK luck is lucky when a Test LUCK
// may help it: 0 for luck 0, a side that does not test (a test at LUCK 0
// could not succeed either).
func testChance(luck int) float64 {
	if luck <= 0 {
		return 0
	}
	return LuckChance(luck)
}

// LuckChance is the chance that a Test LUCK succeeds: P(2d6 <= luck). It is
// 0 below 2 and 1 from 12 on, for any luck.
func LuckChance(luck int) float64 { return dice.NdS(2, 6).AtMost(luck) }

// LuckOdds is the exact report of a Test LUCK: outcomes success and failure
// (they partition the roll), and the distribution roll (the 2d6).
func LuckOdds(in LuckInput) (rules.Report, error) {
	if err := in.Validate(); err != nil {
		return rules.Report{}, err
	}
	p := LuckChance(in.Luck)
	two := dice.NdS(2, 6)
	return rules.Report{
		Outcomes:      []rules.Prob{{Name: "success", P: p}, {Name: "failure", P: 1 - p}},
		Distributions: []rules.Dist{{Name: "roll", PMF: two}},
		Means:         []rules.Mean{{Name: "roll", Value: two.Mean()}},
	}, nil
}

// ResolveLuck resolves a Test LUCK from two dice ("luck die 1", "luck die
// 2"). Values: roll and luck_after (LUCK drops by 1 either way).
func ResolveLuck(in LuckInput, t *dice.Tape) (rules.Roll, error) {
	if err := in.Validate(); err != nil {
		return rules.Roll{}, err
	}
	a, err := t.Roll(6, "luck die 1")
	if err != nil {
		return rules.Roll{}, err
	}
	b, err := t.Roll(6, "luck die 2")
	if err != nil {
		return rules.Roll{}, err
	}
	if err := t.Done(); err != nil {
		return rules.Roll{}, err
	}
	ok, step := luckTest(a, b, in.Luck)
	roll := rules.Roll{Dice: t.Rolls(), Outcome: "failure", Result: "Unlucky.", Steps: []string{step}}
	if ok {
		roll.Outcome, roll.Result = "success", "Lucky."
	}
	roll.Values = []rules.Value{{Name: "roll", Value: a + b}, {Name: "luck_after", Value: in.Luck - 1}}
	return roll, nil
}
