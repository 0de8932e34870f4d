// Package rollunder registers the 2D6 roll-under calculators: their input schemas, read
// from the limits of package rules/rollunder, their form texts, the system's
// tables and how the comparison page reads it.
package rollunder

import (
	"d6codex/calc"
	"d6codex/rules"
	"d6codex/rules/dice"
	game "d6codex/rules/rollunder"
)

// Calculators returns the system's calculators alone: what its
// WebAssembly module needs (no form texts, tables or comparison).
func Calculators() []*calc.Calculator {
	return []*calc.Calculator{rollunderAttack(), rollunderDefend(), rollunderLuck(), rollunderDying()}
}

// System returns the 2D6 roll-under registration.
func System() calc.System {
	return calc.System{
		ID: "rollunder", Name: "2D6 roll-under", Credit: "a house version of Advanced Fighting Fantasy and Stellar Adventures (github.com/WhaleCancer/ChooseYourOwnAdventure)",
		Calculators: Calculators(),
		Largest:     largest(),
		Docs:        docs(),
		Tables:      game.Tables,
		Compare: &calc.Comparison{
			Calc: "rollunder/attack",
			Common: calc.Profile{Words: "a sword in melee; the defender wears a jacket",
				Inputs: map[string]string{"weapon": "sword", "armor": "jacket", "ranged": "false"}},
			Attacker: [2]calc.Profile{
				{Words: "PHYSICAL 4, Melee Weapons 2", Inputs: map[string]string{"physical": "4", "skill": "2"}},
				{Words: "PHYSICAL 5, Melee Weapons 4", Inputs: map[string]string{"physical": "5", "skill": "4"}},
			},
			Defender: [2]calc.Profile{
				{Words: "weapon skill 2", Inputs: map[string]string{"opponent_skill": "2"}},
				{Words: "weapon skill 4", Inputs: map[string]string{"opponent_skill": "4"}},
			},
			Hit:      []string{"hit"},
			HarmDist: "stamina_loss", HarmExtra: []string{"critical_zero_stamina", "critical_decapitated"},
			Mean: "stamina_loss",
			Unit: "STAMINA points (the two criticals with no number left out)",
		},
	}
}

func rollunderLuck() *calc.Calculator {
	def := game.DefaultLuckInput()
	in := func(v calc.Values) game.LuckInput { return game.LuckInput{Luck: v.Int("luck")} }
	return &calc.Calculator{
		ID:      "rollunder/luck",
		Fields:  []calc.Field{calc.IntField("luck", game.MinLuck, game.MaxLuck, def.Luck)},
		Odds:    func(v calc.Values) (rules.Report, error) { return game.LuckOdds(in(v)) },
		Resolve: func(v calc.Values, t *dice.Tape) (rules.Roll, error) { return game.ResolveLuck(in(v), t) },
	}
}

func rollunderDying() *calc.Calculator {
	def := game.DefaultDyingInput()
	in := func(v calc.Values) game.DyingInput {
		return game.DyingInput{Stamina: v.Int("stamina"), Luck: v.Int("luck")}
	}
	return &calc.Calculator{
		ID: "rollunder/dying",
		Fields: []calc.Field{
			calc.IntField("stamina", game.MinDyingStamina, 0, def.Stamina),
			calc.IntField("luck", game.MinLuck, game.MaxLuck, def.Luck),
		},
		Odds:    func(v calc.Values) (rules.Report, error) { return game.DyingOdds(in(v)) },
		Resolve: func(v calc.Values, t *dice.Tape) (rules.Roll, error) { return game.ResolveDying(in(v), t) },
	}
}

// options are the choices of the weapon, armor and shield fields, as
// "id=Name".
func options() (weapons, armors, shields []string) {
	for _, w := range game.Weapons() {
		weapons = append(weapons, w.ID+"="+w.Name)
	}
	for _, a := range game.Armors() {
		armors = append(armors, a.ID+"="+a.Name)
	}
	for _, s := range game.Shields() {
		shields = append(shields, s.ID+"="+s.Name)
	}
	return weapons, armors, shields
}

// gearFields are the fields both calculators end with, in this order: the
// attacking weapon and the defender's protection, with their defaults, then
// each side's LUCK for a Test LUCK (0, the default: no test).
func gearFields(weapon, armor, shield string, dodge, damageMod, protMod int) []calc.Field {
	weapons, armors, shields := options()
	return []calc.Field{
		calc.ChoiceField("weapon", weapon, weapons...),
		calc.ChoiceField("armor", armor, armors...),
		calc.ChoiceField("shield", shield, shields...),
		calc.IntField("dodge", 0, game.MaxDodge, dodge),
		calc.IntField("damage_modifier", -game.MaxDamageModifier, game.MaxDamageModifier, damageMod),
		calc.IntField("protection_modifier", -game.MaxProtectionModifier, game.MaxProtectionModifier, protMod),
		dodgeShieldField(),
		calc.IntField("target_luck", 0, game.MaxLuck, 0),
		calc.IntField("attacker_luck", 0, game.MaxLuck, 0),
	}
}

// dodgeShieldField is the dodge_shield setting, its default first.
func dodgeShieldField() calc.Field {
	return calc.ChoiceField("dodge_shield", game.DodgeShieldStack,
		game.DodgeShieldStack+"=Shield adds to Dodge", game.DodgeShieldEither+"=Dodge or shield, not both")
}

func rollunderAttack() *calc.Calculator {
	def := game.DefaultInput()
	return &calc.Calculator{
		ID: "rollunder/attack",
		Fields: append([]calc.Field{
			calc.IntField("physical", game.MinPhysical, game.MaxPhysical, def.Physical),
			calc.IntField("skill", 0, game.MaxSkill, def.Skill),
			calc.IntField("opponent_skill", 0, game.MaxSkill, def.OpponentSkill),
			calc.BoolField("ranged", def.Ranged),
			calc.IntField("modifier", -game.MaxModifier, game.MaxModifier, def.Modifier),
		}, gearFields(def.Weapon, def.Armor, def.Shield, def.Dodge, def.DamageModifier, def.ProtectionModifier)...),
		Odds:    func(v calc.Values) (rules.Report, error) { return game.Odds(rollunderInput(v)) },
		Resolve: func(v calc.Values, t *dice.Tape) (rules.Roll, error) { return game.Resolve(rollunderInput(v), t) },
	}
}

// rollunderInput is the game.Input of validated values.
func rollunderInput(v calc.Values) game.Input {
	return game.Input{
		Physical: v.Int("physical"), Skill: v.Int("skill"), OpponentSkill: v.Int("opponent_skill"),
		Ranged: v.Bool("ranged"), Modifier: v.Int("modifier"), Weapon: v.Text("weapon"),
		Armor: v.Text("armor"), Shield: v.Text("shield"), Dodge: v.Int("dodge"),
		DamageModifier: v.Int("damage_modifier"), ProtectionModifier: v.Int("protection_modifier"),
		DodgeShield: v.Text("dodge_shield"), TargetLuck: v.Int("target_luck"), AttackerLuck: v.Int("attacker_luck"),
	}
}

func rollunderDefend() *calc.Calculator {
	def := game.DefaultDefendInput()
	return &calc.Calculator{
		ID: "rollunder/defend",
		Fields: append([]calc.Field{
			calc.IntField("physical", game.MinPhysical, game.MaxPhysical, def.Physical),
			calc.IntField("attacker_skill", 0, game.MaxSkill, def.AttackerSkill),
			calc.BoolField("ranged", def.Ranged),
			calc.ChoiceField("defend_with", def.DefendWith, game.DefendWeaponSkill+"=Weapon skill",
				game.DefendArmorSkill+"=Armor skill (with a shield)", game.DefendDodge+"=Dodge (no armor)"),
			calc.IntField("skill", 0, game.MaxSkill, def.Skill),
			calc.IntField("modifier", -game.MaxModifier, game.MaxModifier, def.Modifier),
		}, gearFields(def.Weapon, def.Armor, def.Shield, def.Dodge, def.DamageModifier, def.ProtectionModifier)...),
		Odds: func(v calc.Values) (rules.Report, error) { return game.DefendOdds(rollunderDefendInput(v)) },
		Resolve: func(v calc.Values, t *dice.Tape) (rules.Roll, error) {
			return game.ResolveDefend(rollunderDefendInput(v), t)
		},
	}
}

// rollunderDefendInput is the game.DefendInput of validated values.
func rollunderDefendInput(v calc.Values) game.DefendInput {
	return game.DefendInput{
		Physical: v.Int("physical"), AttackerSkill: v.Int("attacker_skill"), Ranged: v.Bool("ranged"),
		DefendWith: v.Text("defend_with"), Skill: v.Int("skill"), Modifier: v.Int("modifier"),
		Weapon: v.Text("weapon"), Armor: v.Text("armor"), Shield: v.Text("shield"), Dodge: v.Int("dodge"),
		DamageModifier: v.Int("damage_modifier"), ProtectionModifier: v.Int("protection_modifier"),
		DodgeShield: v.Text("dodge_shield"), TargetLuck: v.Int("target_luck"), AttackerLuck: v.Int("attacker_luck"),
	}
}

// dodgeShieldDoc is the text of the dodge_shield setting.
func dodgeShieldDoc() calc.FieldDoc {
	return calc.Label("Dodge with a shield", "With Dodge and a shield but no armor: the shield adds to the Dodge track "+
		"from the same die, or (Dodge or shield) counts alone when you block with it using the Armor skill and not at all when you dodge.")
}

// docs returns the form texts of the calculators, by id.
func docs() map[string]calc.Doc {
	return map[string]calc.Doc{
		"rollunder/luck": {
			Title: "Test your LUCK",
			Help:  "Roll 2d6: at most your current LUCK is lucky. Lucky or not, LUCK then drops by 1.",
			Fields: map[string]calc.FieldDoc{
				"luck": calc.Label("LUCK", "Your current LUCK (a starting character has 8 to 11)."),
			},
		},
		"rollunder/dying": {
			Title: "Dying at 0 STAMINA",
			Help:  "At 0 STAMINA, Test LUCK every round until lucky (stable) or out of LUCK (dead); at −1 to −3, lose 1 LUCK a round; at −4, dead. No First Aid counted.",
			Fields: map[string]calc.FieldDoc{
				"stamina": calc.Label("STAMINA", "STAMINA now: 0 or less."),
				"luck":    calc.Label("LUCK", "LUCK now."),
			},
		},
		"rollunder/attack": {
			Title: "2D6 roll-under attack",
			Help:  "Roll 2d6 under PHYSICAL + skill − the opponent's skill + modifiers; on a hit, the weapon's d6 track against the target's armor or Dodge track.",
			Fields: map[string]calc.FieldDoc{
				"physical":            calc.Label("PHYSICAL", "The attacker's PHYSICAL (4 for a starting character)."),
				"skill":               calc.Label("Skill", "The attacker's skill with the weapon."),
				"opponent_skill":      calc.Label("Opponent's skill", "The defender's skill; ignored for ranged attacks."),
				"ranged":              calc.Label("Ranged attack", "A ranged attack ignores the defender's skill."),
				"modifier":            calc.Label("Modifier", "Sum of the combat modifiers, signed: a penalty is negative."),
				"weapon":              calc.Label("Weapon", "The weapon's damage track."),
				"armor":               calc.Label("Target's armor", "The target's armor track."),
				"shield":              calc.Label("Target's shield", "A shield adds its track from the same die."),
				"dodge":               calc.Label("Target's Dodge", "Dodge skill; its track protects only an unarmored target (0: none)."),
				"damage_modifier":     calc.Label("Damage roll modifier", "Added to the weapon die; past 6 reads the 7+ column."),
				"protection_modifier": calc.Label("Protection roll modifier", "Added to the protection die."),
				"dodge_shield":        dodgeShieldDoc(),
				"target_luck": calc.Label("Target's LUCK", "On a critical the target may Test LUCK first: lucky, it is a normal hit; "+
					"on a 12 a second test drops them to 0 STAMINA instead. 0: no test."),
				"attacker_luck": calc.Label("Attacker's LUCK", "On a fumble the attacker may Test LUCK first: lucky, only the round is lost. 0: no test."),
			},
		},
		"rollunder/defend": {
			Title: "2D6 roll-under defence roll",
			Help: "Roll 2d6 under the attacker's PHYSICAL + skill − your defending skill + modifiers to avoid the blow. " +
				"Double 6 always avoids it, double 1 is always a critical hit on you.",
			Fields: map[string]calc.FieldDoc{
				"physical":       calc.Label("Attacker's PHYSICAL", "The Director gives it (4 for an average foe)."),
				"attacker_skill": calc.Label("Attacker's skill", "The attacker's skill with the weapon."),
				"ranged":         calc.Label("Ranged attack", "Against a shot or a throw only Dodge or the Armor skill defends."),
				"defend_with": calc.Label("Defending skill",
					"Weapon skill (melee only), Armor skill (only with a shield) or Dodge (only without armor)."),
				"skill":               calc.Label("Your skill", "Your weapon or Armor skill; Dodge uses the Dodge field."),
				"modifier":            calc.Label("Modifier", "Sum of the combat modifiers, signed: a penalty is negative."),
				"weapon":              calc.Label("Attacker's weapon", "The weapon's damage track."),
				"armor":               calc.Label("Your armor", "Your armor track."),
				"shield":              calc.Label("Your shield", "A shield adds its track from the same die."),
				"dodge":               calc.Label("Your Dodge", "Dodge skill; its track protects you only without armor (0: none)."),
				"damage_modifier":     calc.Label("Damage roll modifier", "Added to the attacker's weapon die; past 6 reads the 7+ column."),
				"protection_modifier": calc.Label("Protection roll modifier", "Added to your protection die."),
				"dodge_shield":        dodgeShieldDoc(),
				"target_luck": calc.Label("Your LUCK against a critical", "On a critical hit you may Test LUCK first: lucky, it is a normal hit; "+
					"on a 12 a second test drops you to 0 STAMINA instead. 0: no test."),
				"attacker_luck": calc.Label("Attacker's LUCK", "On the attacker's fumble the attacker may Test LUCK first: lucky, they only lose the round. 0: no test (most foes)."),
			},
		},
	}
}

// largest are the inputs that cost the most to compute, by calculator: the
// benchmarks and tests run them; the module, which registers Calculators
// alone, does not carry them.
func largest() map[string]map[string]string {
	return map[string]map[string]string{
		"rollunder/luck":  {"luck": "12"},
		"rollunder/dying": {"stamina": "0", "luck": "12"},
		"rollunder/attack": {"physical": "12", "skill": "12", "weapon": "machine_gun", "armor": "cataphract_armor", "shield": "large_shield",
			"target_luck": "9", "attacker_luck": "9"},
		"rollunder/defend": {"physical": "12", "attacker_skill": "12", "defend_with": game.DefendDodge,
			"dodge": "6", "weapon": "machine_gun", "shield": "large_shield", "target_luck": "9", "attacker_luck": "9"},
	}
}
