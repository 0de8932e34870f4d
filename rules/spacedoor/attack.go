package spacedoor

import (
	"d6codex/rules"
	"d6codex/rules/dice"
)

// AttackInput is the input of the spacedoor/attack calculator.
type AttackInput struct {
	Tough int    `json:"tough"` // calc "tough": the attacker's Tough, -3..+5
	Mode  string `json:"mode"`  // calc "mode": normal, advantage or disadvantage
}

// DefaultAttackInput is Tough +0, normal roll.
func DefaultAttackInput() AttackInput { return AttackInput{Tough: 0, Mode: ModeNormal} }

// Validate returns a *rules.FieldError for a Tough outside -3..5 or an
// unknown mode.
func (in AttackInput) Validate() error { return validateRoll(in.Tough, in.Mode) }

// AttackOdds is the exact odds of one attack: the five results, and the
// distributions and means of the total, damage_dealt and damage_taken.
func AttackOdds(in AttackInput) (rules.Report, error) {
	if err := in.Validate(); err != nil {
		return rules.Report{}, err
	}
	pr, total := rollOdds(in.Tough, in.Mode)
	var dealt, taken dice.Builder
	for r := range numResults {
		dealt.AddPMF(dice.NdS(attackEnemyDice[r], 6), pr[r])
		taken.AddPMF(dice.NdS(attackPlayerDice[r], 6), pr[r])
	}
	d, t := dealt.PMF(), taken.PMF()
	return rules.Report{
		Outcomes: resultProbs(pr),
		Distributions: []rules.Dist{
			{Name: "total", PMF: total},
			{Name: "damage_dealt", PMF: d},
			{Name: "damage_taken", PMF: t},
		},
		Means: []rules.Mean{
			{Name: "total", Value: total.Mean()},
			{Name: "damage_dealt", Value: d.Mean(), Words: "damage dealt (a miss counts as 0)"},
			{Name: "damage_taken", Value: t.Mean()},
		},
	}, nil
}

// ResolveAttack resolves one attack from the dice in t: the roll dice (two,
// or three with advantage or disadvantage), then the enemy's damage dice,
// then the player's. Values: total, damage_dealt, damage_taken.
func ResolveAttack(in AttackInput, t *dice.Tape) (rules.Roll, error) {
	if err := in.Validate(); err != nil {
		return rules.Roll{}, err
	}
	ro, err := resolveRoll(t, in.Tough, in.Mode, "attack")
	if err != nil {
		return rules.Roll{}, err
	}
	r := ro.result
	dealt, dealtWords, err := rollDamage(t, attackEnemyDice[r], "enemy damage")
	if err != nil {
		return rules.Roll{}, err
	}
	taken, takenWords, err := rollDamage(t, attackPlayerDice[r], "your damage")
	if err != nil {
		return rules.Roll{}, err
	}
	if err := t.Done(); err != nil {
		return rules.Roll{}, err
	}
	steps := append(ro.steps,
		capital(r.Words())+": the enemy takes "+dealtWords+"; you take "+takenWords+".")
	return rules.Roll{
		Dice:    t.Rolls(),
		Outcome: r.Name(),
		Result:  capital(r.Words()) + ": the enemy takes " + itoa(dealt) + ", you take " + itoa(taken) + ".",
		Values: []rules.Value{
			{Name: "total", Value: ro.total},
			{Name: "damage_dealt", Value: dealt},
			{Name: "damage_taken", Value: taken},
		},
		Steps: steps,
	}, nil
}

// Input is the package's main calculator input, the attack
// (spacedoor/attack), so the package offers the same Input, DefaultInput,
// Odds and Resolve as every system.
type Input = AttackInput

// DefaultInput is DefaultAttackInput.
func DefaultInput() Input { return DefaultAttackInput() }

// Odds is AttackOdds.
func Odds(in Input) (rules.Report, error) { return AttackOdds(in) }

// Resolve is ResolveAttack.
func Resolve(in Input, t *dice.Tape) (rules.Roll, error) { return ResolveAttack(in, t) }
