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
		ID: "rollunder/attack", System: "rollunder", Title: "2D6 roll-under attack",
		Help: "Roll 2d6 under PHYSICAL + skill − the opponent's skill + modifiers; on a hit, the weapon's d6 track against the target's armor or Dodge track.",
		Fields: []Field{
			intField("physical", "PHYSICAL", rollunder.MinPhysical, rollunder.MaxPhysical, def.Physical, "The attacker's PHYSICAL (4 for a starting character)."),
			intField("skill", "Skill", 0, rollunder.MaxSkill, def.Skill, "The attacker's skill with the weapon."),
			intField("opponent_skill", "Opponent's skill", 0, rollunder.MaxSkill, def.OpponentSkill, "The defender's skill; ignored for ranged attacks."),
			boolField("ranged", "Ranged attack", def.Ranged, "A ranged attack ignores the defender's skill."),
			intField("modifier", "Modifier", -rollunder.MaxModifier, rollunder.MaxModifier, def.Modifier,
				"Sum of the combat modifiers, signed: a penalty is negative."),
			choiceField("weapon", "Weapon", def.Weapon, "The weapon's damage track.", weapons...),
			choiceField("armor", "Target's armor", def.Armor, "The target's armor track.", armors...),
			choiceField("shield", "Target's shield", def.Shield, "A shield adds its track from the same die.", shields...),
			intField("dodge", "Target's Dodge", 0, rollunder.MaxDodge, def.Dodge, "Dodge skill; its track protects only an unarmored target (0: none)."),
			intField("damage_modifier", "Damage roll modifier", -rollunder.MaxDamageModifier, rollunder.MaxDamageModifier, def.DamageModifier,
				"Added to the weapon die; past 6 reads the 7+ column."),
			intField("protection_modifier", "Protection roll modifier", -rollunder.MaxProtectionModifier, rollunder.MaxProtectionModifier,
				def.ProtectionModifier, "Added to the protection die."),
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
