package calc

import (
	"strconv"

	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/skirmish"
)

func skirmishMelee() *Calculator {
	def := skirmish.DefaultInput()
	return &Calculator{
		ID: "skirmish/melee", System: "skirmish", Title: "Skirmish melee confrontation",
		Help: "Both sides roll their pools with penalty dice, penalty dice cancel matching faces, each keeps two dice; the higher score wins and the difference reads the damage table.",
		Fields: []Field{
			intField("attack_dice", "Attack dice", 1, skirmish.MaxDice, def.AttackDice, "Combat characteristic plus weapon bonuses and Action Points."),
			intField("attack_penalty", "Attack penalty dice", 0, skirmish.MaxPenalty, def.AttackPenalty, "Each cancels one attack die showing the same face."),
			intField("defense_dice", "Defense dice", 1, skirmish.MaxDice, def.DefenseDice, "Defense characteristic plus weapon or shield bonus."),
			intField("defense_penalty", "Defense penalty dice", 0, skirmish.MaxPenalty, def.DefensePenalty, "Each cancels one defense die showing the same face."),
			intField("armor", "Defender's armor", 0, skirmish.MaxArmor, def.Armor, "Taken off the damage, not below 0."),
			intField("extra_damage", "Extra damage", 0, skirmish.MaxExtraDamage, def.ExtraDamage, "Dirty-trick bonuses added after armor."),
			choiceField("keep", "Keep", def.Keep, "Which two dice each side keeps.",
				skirmish.KeepHighest+"=Highest sum", skirmish.KeepPreferDouble+"=Prefer a double"),
			{Name: "damage_table", Label: "Damage table (provisional)", Kind: IntList, Min: 0, Max: skirmish.MaxDamagePoints,
				Help: "Optional: " + strconv.Itoa(skirmish.DamageTableSize) + " values from your rulebook, the points for differences up to 2, 3–4, 5–6, 7–8, 9, 10 and 11. Empty uses the provisional table."},
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
