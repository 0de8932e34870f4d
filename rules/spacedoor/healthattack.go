package spacedoor

import (
	"d6codex/rules"
	"d6codex/rules/dice"
)

// HealthInput is the input of the spacedoor/health calculator: a player's
// pools before an attack, and the attack roll's Tough and mode.
type HealthInput struct {
	Stamina int    `json:"stamina"` // calc "stamina": 0..MaxPool
	Health  int    `json:"health"`  // calc "health": 1..MaxPool
	Tough   int    `json:"tough"`   // calc "tough": -3..+5
	Mode    string `json:"mode"`    // calc "mode": normal, advantage or disadvantage
}

// DefaultHealthInput is a level 1 player at full strength attacking at
// Tough +0.
func DefaultHealthInput() HealthInput {
	return HealthInput{Stamina: StartStamina, Health: StartHealth, Tough: 0, Mode: ModeNormal}
}

// Validate returns a *rules.FieldError for pools or roll out of range.
func (in HealthInput) Validate() error {
	return rules.FirstError(Health{Stamina: in.Stamina, Health: in.Health}.Validate(), validateRoll(in.Tough, in.Mode))
}

// HealthAttackOdds is where one attack leaves the player: the damage the
// player takes (AttackOdds' damage_taken) through stamina, then health
// (HealthOdds: outcomes unhurt, stamina_only, wounded, down; distributions
// stamina_after, health_after), plus the distribution damage_taken.
func HealthAttackOdds(in HealthInput) (rules.Report, error) {
	if err := in.Validate(); err != nil {
		return rules.Report{}, err
	}
	att, err := AttackOdds(AttackInput{Tough: in.Tough, Mode: in.Mode})
	if err != nil {
		return rules.Report{}, err
	}
	taken, _ := att.Dist("damage_taken")
	rep, err := HealthOdds(Health{Stamina: in.Stamina, Health: in.Health}, taken)
	if err != nil {
		return rules.Report{}, err
	}
	rep.Distributions = append(rep.Distributions, rules.Dist{Name: "damage_taken", PMF: taken})
	rep.Means = append(rep.Means, rules.Mean{Name: "damage_taken", Value: taken.Mean()})
	return rep, nil
}

// ResolveHealth resolves one attack from the dice in t (as ResolveAttack)
// and takes the damage the player took off stamina, then health. Values:
// damage_taken, stamina_after, health_after.
func ResolveHealth(in HealthInput, t *dice.Tape) (rules.Roll, error) {
	if err := in.Validate(); err != nil {
		return rules.Roll{}, err
	}
	roll, err := ResolveAttack(AttackInput{Tough: in.Tough, Mode: in.Mode}, t)
	if err != nil {
		return rules.Roll{}, err
	}
	taken := 0
	for _, v := range roll.Values {
		if v.Name == "damage_taken" {
			taken = v.Value
		}
	}
	d := ApplyDamage(Health{Stamina: in.Stamina, Health: in.Health}, taken)
	step := "You take " + itoa(taken) + ": " + itoa(d.StaminaLost) + " off stamina (" + itoa(in.Stamina) + " to " +
		itoa(d.After.Stamina) + "), " + itoa(d.HealthLost) + " off health (" + itoa(in.Health) + " to " + itoa(d.After.Health) + ")."
	outcome, result := "unhurt", "Unhurt."
	switch {
	case d.Down:
		outcome, result = "down", "Down: health 0, death saves."
	case d.Wounded:
		outcome, result = "wounded", "Wounded: stamina "+itoa(d.After.Stamina)+", health "+itoa(d.After.Health)+"."
	case taken > 0:
		outcome, result = "stamina_only", "Bruised, not wounded: stamina "+itoa(d.After.Stamina)+", health "+itoa(d.After.Health)+"."
	}
	return rules.Roll{
		Dice: roll.Dice, Outcome: outcome, Result: result,
		Values: []rules.Value{
			{Name: "damage_taken", Value: taken},
			{Name: "stamina_after", Value: d.After.Stamina},
			{Name: "health_after", Value: d.After.Health},
		},
		Steps: append(roll.Steps, step),
	}, nil
}
