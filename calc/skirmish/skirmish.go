// Package skirmish registers the Dice-pool skirmish calculators: their input schemas, read
// from the limits of package rules/skirmish, their form texts, the system's
// tables and how the comparison page reads it.
package skirmish

import (
	"strconv"
	"strings"

	"d6codex/calc"
	"d6codex/rules"
	"d6codex/rules/dice"
	game "d6codex/rules/skirmish"
)

// Calculators returns the system's calculators alone: what its
// WebAssembly module needs (no form texts, tables or comparison).
func Calculators() []*calc.Calculator {
	return []*calc.Calculator{skirmishMelee()}
}

// System returns the Dice-pool skirmish registration.
func System() calc.System {
	return calc.System{
		ID: "skirmish", Name: "Dice-pool skirmish", Credit: "a fantasy miniatures skirmish game, from a copy of its \"Fight – Combat\" page (publisher unknown)",
		Calculators: Calculators(),
		Docs:        docs(),
		Tables:      game.Tables,
		Compare: &calc.Comparison{
			Calc: "skirmish/melee",
			Common: calc.Profile{Words: "both wear armor worth 1 point that adds 1 penalty die; each side keeps its two highest dice",
				Inputs: map[string]string{"attack_penalty": "1", "defense_penalty": "1", "armor": "1", "keep": "highest"}},
			Attacker: [2]calc.Profile{
				{Words: "combat 3 + weapon 1: 4 dice", Inputs: map[string]string{"attack_dice": "4"}},
				{Words: "combat 5 + weapon 1: 6 dice", Inputs: map[string]string{"attack_dice": "6"}},
			},
			Defender: [2]calc.Profile{
				{Words: "defense 3: 3 dice", Inputs: map[string]string{"defense_dice": "3"}},
				{Words: "defense 5: 5 dice", Inputs: map[string]string{"defense_dice": "5"}},
			},
			Hit: []string{"attacker_wins"}, HarmDist: "damage", HarmExtra: []string{"instant_death"}, Mean: "damage",
			Unit:        "damage points (provisional damage table)",
			Provisional: true,
		},
	}
}

func skirmishMelee() *calc.Calculator {
	def := game.DefaultInput()
	return &calc.Calculator{
		ID: "skirmish/melee",
		// The slowest inputs (BENCHMARKS.md: keep highest with both
		// Maneuvers counted is a little faster).
		Largest: map[string]string{"attack_dice": "12", "attack_penalty": "4", "defense_dice": "12", "defense_penalty": "4", "keep": "prefer_double",
			"charge": "defense_penalty", "backstab": "defense_penalty", "ground": "both", "attacker_effect": "best",
			"defender_effect": "best", "defender_effect_six": "best"},
		Fields: []calc.Field{
			calc.IntField("attack_dice", 1, game.MaxDice, def.AttackDice),
			calc.IntField("attack_penalty", 0, game.MaxPenalty, def.AttackPenalty),
			calc.IntField("defense_dice", 1, game.MaxDice, def.DefenseDice),
			calc.IntField("defense_penalty", 0, game.MaxPenalty, def.DefensePenalty),
			calc.IntField("armor", 0, game.MaxArmor, def.Armor),
			calc.IntField("extra_damage", 0, game.MaxExtraDamage, def.ExtraDamage),
			calc.ChoiceField("keep", def.Keep, game.KeepHighest+"=Highest sum", game.KeepPreferDouble+"=Prefer a double"),
			calc.ChoiceField("force_attack", def.ForceAttack, game.ForceAttackUse+"=Whenever the kept pair is a double 6", game.ForceAttackNever+"=Never"),
			calc.ChoiceField("weapon", def.Weapon, materials(game.WeaponOptions())...),
			calc.ChoiceField("second_weapon", def.SecondWeapon, materials(game.SecondWeaponOptions())...),
			calc.ChoiceField("charge", def.Charge, game.SituationNone+"=No charge",
				game.SituationAttackDie+"=+1 attack die", game.SituationDefensePenalty+"=+1 penalty die on the defense"),
			calc.ChoiceField("backstab", def.Backstab, game.SituationNone+"=No backstab",
				game.SituationAttackDie+"=+1 attack die, +1 damage", game.SituationDefensePenalty+"=+1 penalty die on the defense, +1 damage"),
			calc.ChoiceField("ground", def.Ground, game.SituationNone+"=Both standing",
				game.GroundDefender+"=Defender on the ground", game.GroundAttacker+"=Attacker on the ground", game.GroundBoth+"=Both on the ground"),
			calc.ChoiceField("attacker_effect", def.AttackerDouble, game.EffectNone+"=Not counted",
				game.EffectPrecise+"=Precise attack", game.EffectFlaw+"=Flaw", game.EffectTactical+"=Tactical advantage",
				game.EffectManeuver+"=Maneuver", game.EffectBest+"=The best for the attacker"),
			calc.ChoiceField("defender_effect", def.DefenderDouble, game.DefenseNone+"=Not counted",
				game.DefenseAggressiveness+"=Aggressiveness", game.DefenseRiposte+"=Riposte",
				game.DefenseManeuver+"=Maneuver", game.DefenseBest+"=The best for the defender"),
			calc.ChoiceField("defender_effect_six", def.DefenderDoubleSix, game.DefenseNone+"=Not counted",
				game.DefenseOffBalance+"=Off balance", game.DefenseRiposte+"=Riposte", game.DefenseBest+"=The best for the defender"),
			calc.IntField("attacker_armor", 0, game.MaxArmor, def.AttackerArmor),
			calc.IntField("attacker_aptitude", 0, game.MaxDice, def.AttackerAptitude),
			calc.IntField("defender_aptitude", 0, game.MaxDice, def.DefenderAptitude),
			calc.ListField("damage_table", 0, game.MaxDamagePoints),
		},
		Odds:    func(v calc.Values) (rules.Report, error) { return game.Odds(skirmishInput(v)) },
		Resolve: func(v calc.Values, t *dice.Tape) (rules.Roll, error) { return game.Resolve(skirmishInput(v), t) },
	}
}

// skirmishInput is the game.Input of validated values.
func skirmishInput(v calc.Values) game.Input {
	return game.Input{
		AttackDice: v.Int("attack_dice"), AttackPenalty: v.Int("attack_penalty"),
		DefenseDice: v.Int("defense_dice"), DefensePenalty: v.Int("defense_penalty"),
		Armor: v.Int("armor"), ExtraDamage: v.Int("extra_damage"), Keep: v.Text("keep"),
		ForceAttack: v.Text("force_attack"), Weapon: v.Text("weapon"), SecondWeapon: v.Text("second_weapon"),
		Charge: v.Text("charge"), Backstab: v.Text("backstab"), Ground: v.Text("ground"),
		AttackerDouble: v.Text("attacker_effect"), DefenderDouble: v.Text("defender_effect"),
		DefenderDoubleSix: v.Text("defender_effect_six"), AttackerArmor: v.Int("attacker_armor"),
		AttackerAptitude: v.Int("attacker_aptitude"), DefenderAptitude: v.Int("defender_aptitude"),
		DamageTable: v.List("damage_table"),
	}
}

// materials turns weapon material ids into choice options labelled from
// the rules data ("bone=Bone or wood").
func materials(ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id
		if m, ok := game.MaterialByID(id); ok {
			out[i] = id + "=" + m.Name
		} else if id == game.MaterialNone {
			out[i] = id + "=None"
		}
	}
	return out
}

// bandLabels lists the differences of the damage table rows a
// damage_table replaces, from the rules data: "up to 2, 3–4, ... 10 and 11".
func bandLabels() string {
	var labels []string
	for _, b := range game.DamageBands()[:game.DamageTableSize] {
		labels = append(labels, b.Label)
	}
	last := len(labels) - 1
	return strings.Join(labels[:last], ", ") + " and " + labels[last]
}

// docs returns the form texts of the calculators, by id.
func docs() map[string]calc.Doc {
	return map[string]calc.Doc{
		"skirmish/melee": {
			Title: "Skirmish melee confrontation",
			Help:  "Both sides roll their pools with penalty dice, penalty dice cancel matching faces, each keeps two dice; the higher score wins and the difference reads the damage table.",
			Fields: map[string]calc.FieldDoc{
				"attack_dice":         calc.Label("Attack dice", "Combat characteristic plus weapon bonuses and Action Points."),
				"attack_penalty":      calc.Label("Attack penalty dice", "Each cancels one attack die showing the same face."),
				"defense_dice":        calc.Label("Defense dice", "Defense characteristic plus weapon or shield bonus."),
				"defense_penalty":     calc.Label("Defense penalty dice", "Each cancels one defense die showing the same face."),
				"armor":               calc.Label("Defender's armor", "Taken off the damage, not below 0."),
				"extra_damage":        calc.Label("Extra damage", "Dirty-trick bonuses added after armor."),
				"keep":                calc.Label("Keep", "Which two dice each side keeps."),
				"force_attack":        calc.Label("Force attack", "A kept double 6: armor counts as 0 (or +1 damage unarmored) and +1 damage. It only helps the attacker."),
				"weapon":              calc.Label("Weapon material", "Tested for breakage after every Force attack."),
				"second_weapon":       calc.Label("Second weapon", "Also tested, when the attacker uses two."),
				"charge":              calc.Label("Charge", "After 4 cm in a straight line: one die more to the attack, or one penalty die more to the defense (one die: provisional)."),
				"backstab":            calc.Label("Backstab", "Never seen by the target this turn: the same choice as a charge, and +1 damage."),
				"ground":              calc.Label("On the ground", "A fighter on the ground rolls one penalty die more; hitting a defender on the ground deals +1 damage."),
				"attacker_effect":     calc.Label("Attacker's double 1–5", "The special attack taken when the attacker keeps a double 1 to 5, counted in the odds. Maneuver makes the defender reroll his highest kept die (only with Keep: highest sum). \"The best\" picks the one that does the most damage in this match-up."),
				"defender_effect":     calc.Label("Defender's double 1–5", "The special defense taken when the defender keeps a double 1 to 5. Maneuver makes the attacker reroll his highest kept die (only with Keep: highest sum). \"The best\" ripostes when the defender scores higher and takes Aggressiveness otherwise."),
				"defender_effect_six": calc.Label("Defender's double 6", "Off balance (the attacker rolls a double on an aptitude test or falls) or Riposte. \"The best\" ripostes when the defender scores higher and throws the attacker off balance otherwise."),
				"attacker_armor":      calc.Label("Attacker's armor", "Taken off the damage a Riposte sends back."),
				"attacker_aptitude":   calc.Label("Attacker's aptitude dice", "Rolled when the defender's Off balance throws the attacker: no double, and the attacker falls (2 dice: provisional)."),
				"defender_aptitude":   calc.Label("Defender's aptitude dice", "Rolled after a Force attack: no double, and the defender falls (2 dice: provisional)."),
				"damage_table": calc.Label("Damage table (provisional)",
					"Optional: "+strconv.Itoa(game.DamageTableSize)+" values from your rulebook, the points for differences "+bandLabels()+". Empty uses the provisional table."),
			},
		},
	}
}
