package calc

import (
	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/skirmish"
)

func skirmishMelee() *Calculator {
	def := skirmish.DefaultInput()
	return &Calculator{
		ID: "skirmish/melee", System: "skirmish",
		Fields: []Field{
			intField("attack_dice", 1, skirmish.MaxDice, def.AttackDice),
			intField("attack_penalty", 0, skirmish.MaxPenalty, def.AttackPenalty),
			intField("defense_dice", 1, skirmish.MaxDice, def.DefenseDice),
			intField("defense_penalty", 0, skirmish.MaxPenalty, def.DefensePenalty),
			intField("armor", 0, skirmish.MaxArmor, def.Armor),
			intField("extra_damage", 0, skirmish.MaxExtraDamage, def.ExtraDamage),
			choiceField("keep", def.Keep, skirmish.KeepHighest+"=Highest sum", skirmish.KeepPreferDouble+"=Prefer a double"),
			{Name: "damage_table", Kind: IntList, Min: 0, Max: skirmish.MaxDamagePoints},
		},
		odds:    func(v Values) (rules.Report, error) { return skirmish.Odds(skirmishInput(v)) },
		resolve: func(v Values, t *dice.Tape) (rules.Roll, error) { return skirmish.Resolve(skirmishInput(v), t) },
	}
}

// skirmishInput is the skirmish.Input of validated values.
func skirmishInput(v Values) skirmish.Input {
	return skirmish.Input{
		AttackDice: v.Int("attack_dice"), AttackPenalty: v.Int("attack_penalty"),
		DefenseDice: v.Int("defense_dice"), DefensePenalty: v.Int("defense_penalty"),
		Armor: v.Int("armor"), ExtraDamage: v.Int("extra_damage"), Keep: v.Text("keep"),
		DamageTable: v.List("damage_table"),
	}
}
