package calc

import (
	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/rollunder"
)

func rollunderAttack() *Calculator {
	def := rollunder.DefaultInput()
	var weapons, armors, shields []string
	for _, w := range rollunder.Weapons() {
		weapons = append(weapons, w.ID+"="+w.Name)
	}
	for _, a := range rollunder.Armors() {
		armors = append(armors, a.ID+"="+a.Name)
	}
	for _, s := range rollunder.Shields() {
		shields = append(shields, s.ID+"="+s.Name)
	}
	return &Calculator{
		ID: "rollunder/attack", System: "rollunder",
		Fields: []Field{
			intField("physical", rollunder.MinPhysical, rollunder.MaxPhysical, def.Physical),
			intField("skill", 0, rollunder.MaxSkill, def.Skill),
			intField("opponent_skill", 0, rollunder.MaxSkill, def.OpponentSkill),
			boolField("ranged", def.Ranged),
			intField("modifier", -rollunder.MaxModifier, rollunder.MaxModifier, def.Modifier),
			choiceField("weapon", def.Weapon, weapons...),
			choiceField("armor", def.Armor, armors...),
			choiceField("shield", def.Shield, shields...),
			intField("dodge", 0, rollunder.MaxDodge, def.Dodge),
			intField("damage_modifier", -rollunder.MaxDamageModifier, rollunder.MaxDamageModifier, def.DamageModifier),
			intField("protection_modifier", -rollunder.MaxProtectionModifier, rollunder.MaxProtectionModifier, def.ProtectionModifier),
		},
		odds:    func(v Values) (rules.Report, error) { return rollunder.Odds(rollunderInput(v)) },
		resolve: func(v Values, t *dice.Tape) (rules.Roll, error) { return rollunder.Resolve(rollunderInput(v), t) },
	}
}

// rollunderInput is the rollunder.Input of validated values.
func rollunderInput(v Values) rollunder.Input {
	return rollunder.Input{
		Physical: v.Int("physical"), Skill: v.Int("skill"), OpponentSkill: v.Int("opponent_skill"),
		Ranged: v.Bool("ranged"), Modifier: v.Int("modifier"), Weapon: v.Text("weapon"),
		Armor: v.Text("armor"), Shield: v.Text("shield"), Dodge: v.Int("dodge"),
		DamageModifier: v.Int("damage_modifier"), ProtectionModifier: v.Int("protection_modifier"),
	}
}
