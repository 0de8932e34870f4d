// Package opend6 registers the OpenD6 calculators: their input schemas, read
// from the limits of package rules/opend6, their form texts, the system's
// tables and how the comparison page reads it.
package opend6

import (
	"strconv"
	"strings"

	"d6codex/calc"
	"d6codex/rules"
	"d6codex/rules/dice"
	game "d6codex/rules/opend6"
	"d6codex/rules/text"
)

// Calculators returns the system's calculators alone: what its
// WebAssembly module needs (no form texts, tables or comparison).
func Calculators() []*calc.Calculator {
	return []*calc.Calculator{opend6Attack()}
}

// System returns the OpenD6 registration.
func System() calc.System {
	return calc.System{
		ID: "opend6", Name: "OpenD6", Credit: "the OpenD6 System by West End Games and Purgatory Publishing (opend6project.org)",
		Calculators: Calculators(),
		Largest:     largest(),
		Docs:        docs(),
		Tables:      game.Tables,
		Compare: &calc.Comparison{
			Calc: "opend6/attack",
			Common: calc.Profile{Words: "a broadsword (Strength Damage + 2D+2) with Physique 3D; resistance Physique 3D + padded leather 1D; melee at Point Blank; Wounds system",
				Inputs: map[string]string{"damage": "2D+2", "strength": "3D", "resistance": "4D", "range": "point_blank",
					"system": "wounds"}},
			Attacker: [2]calc.Profile{
				{Words: "melee combat 4D", Inputs: map[string]string{"skill": "4D"}},
				{Words: "melee combat 6D", Inputs: map[string]string{"skill": "6D"}},
			},
			Defender: [2]calc.Profile{
				{Words: "passive defense (10, so difficulty 5 at Point Blank)", Inputs: map[string]string{"defense": "passive"}},
				{Words: "parries as a partial active defense with 5D (6D less 1D for also attacking)",
					Inputs: map[string]string{"defense": "partial", "defense_skill": "5D"}},
			},
			Hit: []string{"hit"}, HarmDist: "wound_level", Mean: "wound_level",
			Unit: "wound levels (1 Stunned, 2 Wounded, 3 Severely Wounded, 4 Incapacitated, 5 Mortally Wounded, 6 Dead)",
		},
	}
}

func opend6Attack() *calc.Calculator {
	def := game.DefaultInput()
	list := fields(&def)
	out := make([]calc.Field, len(list))
	for i, f := range list {
		// The field's name is copied: the schema keeping the table's own
		// string would keep the table, and with it def, on the heap (a
		// conversion rather than strings.Clone, which the module lacks).
		name := string([]byte(f.name))
		switch p := f.to.(type) {
		case *dice.Code:
			out[i] = calc.CodeField(name, f.lo, f.hi, *p)
		case *int:
			out[i] = calc.IntField(name, f.lo, f.hi, *p)
		case *bool:
			out[i] = calc.BoolField(name, *p)
		case *string:
			out[i] = calc.ChoiceField(name, *p, f.options...)
		}
	}
	return &calc.Calculator{
		ID:      "opend6/attack",
		Fields:  out,
		Odds:    func(v calc.Values) (rules.Report, error) { return game.Odds(opend6Input(v)) },
		Resolve: func(v calc.Values, t *dice.Tape) (rules.Roll, error) { return game.Resolve(opend6Input(v), t) },
	}
}

// field is one input of the attack calculator and the game.Input field
// it fills: a die code from lo to hi pips, an int from lo to hi, a bool,
// or a choice among options ("value" or "value=Label").
type field struct {
	name    string
	lo, hi  int
	options []string
	to      any // *dice.Code, *int, *bool or *string in a game.Input
}

// numFields is the number of the calculator's inputs.
const numFields = 33

// fields are the calculator's inputs in the form's order, each bound to
// its field of in: one table makes both the schema and the game.Input of
// validated values (a table and one loop weigh less in the WebAssembly
// module than a call per field; an array rather than a slice keeps it on
// the stack).
func fields(in *game.Input) [numFields]field {
	return [numFields]field{
		{name: "skill", lo: game.MinSkillPips, hi: game.MaxSkillPips, to: &in.Skill},
		{name: "actions", lo: 1, hi: game.MaxActions, to: &in.Actions},
		{name: "aim_rounds", hi: game.MaxAimRounds, to: &in.AimRounds},
		{name: "attack_cp", hi: game.MaxCharacterPoints, to: &in.AttackCP},
		{name: "fate_point", options: fateOptions, to: &in.FatePoint},
		{name: "attack_option", options: attackOptions, to: &in.AttackOption},
		{name: "defense", options: defenseOptions, to: &in.Defense},
		{name: "defense_skill", lo: game.MinSkillPips, hi: game.MaxSkillPips, to: &in.DefenseSkill},
		{name: "defense_actions", lo: 1, hi: game.MaxActions, to: &in.DefenseActions},
		{name: "defense_cp", hi: game.MaxCharacterPoints, to: &in.DefenseCP},
		{name: "defender_fate_point", options: defenderFateOptions, to: &in.DefenderFatePoint},
		{name: "range", options: rangeOptions, to: &in.Range},
		{name: "target_posture", options: postureOptions, to: &in.Posture},
		{name: "cover", options: coverOptions, to: &in.Cover},
		{name: "cover_dice", to: &in.CoverDice},
		{name: "cover_wild", options: coverWildOptions, to: &in.CoverWild},
		{name: "called_shot", options: calledShotOptions, to: &in.CalledShot},
		{name: "modifier", lo: -game.MaxModifier, hi: game.MaxModifier, to: &in.Modifier},
		{name: "damage", lo: game.MinDamagePips, hi: game.MaxDamagePips, to: &in.Damage},
		{name: "strength", hi: game.MaxStrengthPips, to: &in.Strength},
		{name: "damage_cp", hi: game.MaxCharacterPoints, to: &in.DamageCP},
		{name: "damage_bonus", to: &in.DamageBonus},
		{name: "resistance", hi: game.MaxResistancePips, to: &in.Resistance},
		{name: "resistance_armor", hi: game.MaxResistancePips, to: &in.ResistanceArmor},
		{name: "resistance_cp", hi: game.MaxCharacterPoints, to: &in.ResistanceCP},
		{name: "wild_one", options: wildOneOptions, to: &in.WildOne},
		{name: "cp_limit", options: cpLimitOptions, to: &in.CPLimit},
		{name: "system", options: systemOptions, to: &in.System},
		{name: "stun", to: &in.Stun},
		{name: "stack_equal", to: &in.StackEqual},
		{name: "target_wound", options: woundOptions, to: &in.TargetWound},
		{name: "body_points", lo: 1, hi: game.MaxBodyPoints, to: &in.BodyPoints},
		{name: "body_points_max", lo: 1, hi: game.MaxBodyPoints, to: &in.BodyPointsMax},
	}
}

// The choice fields' options; those read from the rules data are made once.
var (
	fateOptions = []string{game.FateNone + "=None", game.FateAttack + "=On the attack roll",
		game.FateDamage + "=On the damage roll", game.FateClimactic + "=Climactic (both rolls)"}
	attackOptions       = game.AttackOptionChoices()
	defenseOptions      = []string{game.DefensePassive, game.DefensePartial + "=Partial (active roll)", game.DefenseFull + "=Full defense"}
	defenderFateOptions = []string{game.FateNone + "=None", game.FateDefense + "=On the defense roll",
		game.FateResistance + "=On the resistance roll", game.FateClimactic + "=Climactic (both rolls)"}
	rangeOptions      = game.RangeIDs()
	postureOptions    = game.PostureChoices()
	coverOptions      = game.CoverIDs()
	coverWildOptions  = []string{game.CoverWildDie + "=With a Wild Die", game.CoverWildNone + "=Regular dice only"}
	calledShotOptions = game.CalledShotChoices()
	wildOneOptions    = []string{game.WildCancel + "=Cancel it and the highest die", game.WildCancelKeepOne + "=Cancel the highest die only",
		game.WildComplication + "=Complication", game.WildNone + "=Nothing"}
	cpLimitOptions = game.CPLimitChoices()
	systemOptions  = []string{game.SystemWounds + "=Wounds", game.SystemBodyPoints + "=Body points"}
	woundOptions   = wounds()
)

// opend6Input is the game.Input of validated values.
func opend6Input(v calc.Values) game.Input {
	var in game.Input
	for _, f := range fields(&in) {
		switch p := f.to.(type) {
		case *dice.Code:
			*p = v.Code(f.name)
		case *int:
			*p = v.Int(f.name)
		case *bool:
			*p = v.Bool(f.name)
		case *string:
			*p = v.Text(f.name)
		}
	}
	return in
}

// wounds are the target_wound options: every wound level but dead.
func wounds() []string {
	var out []string
	for l := game.LevelNone; l < game.LevelDead; l++ {
		out = append(out, game.LevelID(l)+"="+game.LevelLabel(l))
	}
	return out
}

// rangeHelp reads the range modifiers from the rules data: "Point blank −5,
// short 0, medium +5, long +10."
func rangeHelp() string {
	var parts []string
	for _, r := range game.Ranges() {
		m := strconv.Itoa(r.Modifier)
		if r.Modifier > 0 {
			m = "+" + m
		} else if r.Modifier < 0 {
			m = "−" + strconv.Itoa(-r.Modifier)
		}
		parts = append(parts, text.LowerASCII(r.Name)+" "+m)
	}
	return text.UpperFirst(strings.Join(parts, ", ")) + "."
}

// coverHelp reads the cover modifiers from the rules data: "Light +1D (+3),
// heavy +2D (+6), very heavy +4D (+12)."
func coverHelp() string {
	var parts []string
	for _, c := range game.Covers() {
		if c.Fixed > 0 {
			parts = append(parts, text.LowerASCII(c.Name)+" +"+c.Dice.String()+" (+"+strconv.Itoa(c.Fixed)+")")
		}
	}
	return text.UpperFirst(strings.Join(parts, ", ")) + "."
}

// cpHelp is the help of the Character Point fields.
const cpHelp = "Each point spent adds an extra Wild Die to this roll: a 6 explodes, a 1 is just 1."

// docs returns the form texts of the calculators, by id.
func docs() map[string]calc.Doc {
	return map[string]calc.Doc{
		"opend6/attack": {
			Title: "OpenD6 attack and damage",
			Help:  "Roll the attack skill with its Wild Die against the combat difficulty; on a hit, roll damage against the target's resistance and read the wound level or body points lost.",
			Fields: map[string]calc.FieldDoc{
				"skill":         calc.Label("Attack skill", "The attack skill's die code, e.g. 4D+1."),
				"actions":       calc.Label("Actions this round", "Each action beyond the first takes 1D off the skill roll."),
				"attack_cp":     calc.Label("Attacker's Character Points (attack)", cpHelp),
				"defense":       calc.Label("Defense", "Passive: difficulty 10. Partial: the defender's roll. Full: that roll + 10."),
				"defense_skill": calc.Label("Defender's skill", "The dodge, parry or brawling code rolled for a partial or full defense (unused for a passive one)."),
				"defense_cp":    calc.Label("Defender's Character Points (defense)", cpHelp+" Only for a partial or full defense: a passive one rolls nothing."),
				"range":         calc.Label("Range", rangeHelp()),
				"cover":         calc.Label("Cover", coverHelp()),
				"cover_dice":    calc.Label("Roll cover dice", "Roll the cover's dice instead of its fixed value."),
				"cover_wild":    calc.Label("Cover dice Wild Die", "Whether rolled cover has a Wild Die (it can explode or fail, like any roll) or is regular dice only."),
				"modifier":      calc.Label("Other modifier", "Any other difficulty modifier, signed (gravity, scale, a Game Master's call)."),
				"damage":        calc.Label("Weapon damage", "The weapon's damage code."),
				"strength":      calc.Label("Strength (for + weapons)", "The attacker's Physique or lifting for a \"+\" weapon (halved, rounded up); 0D otherwise."),
				"damage_cp":     calc.Label("Attacker's Character Points (damage)", cpHelp),
				"damage_bonus":  calc.Label("Damage bonus", "Optional rule: add (attack − difficulty) ÷ 5, rounded up, to the damage."),
				"resistance":    calc.Label("Resistance", "Physique plus armor (wounds), or armor alone (body points)."),
				"resistance_cp": calc.Label("Target's Character Points (resistance)", cpHelp),
				"wild_one":      calc.Label("Wild Die 1", "What a 1 on the Wild Die's first toss does."),
				"cp_limit":      calc.Label("Character Point limit", "Most points on one roll, set by the adventure: easy 2, cinematic 5, unlimited (up to "+strconv.Itoa(game.MaxCharacterPoints)+" here)."),
				"system":        calc.Label("Damage system", "Wound levels, or body points."),
				"stun":          calc.Label("Stun weapon", "Wounds two levels lower, at least Stunned."),
				"stack_equal":   calc.Label("Equal wounds stack", "An equal wound result also moves the target up a level."),
				"target_wound":  calc.Label("Target's wound level", "Where the target stands before this hit."),
				"body_points":   calc.Label("Target's body points", "Current body points (body points system)."),
				"body_points_max": calc.Label("Target's maximum body points",
					"20 + the Physique roll made when the character was created (max "+strconv.Itoa(game.MaxBodyPoints)+")."),
				"fate_point":      calc.Label("Attacker's Fate Point", "Doubles the attacker's own dice and pips for the roll (skill; Strength Damage on the damage), never the weapon's; not with Character Points on the same roll."),
				"aim_rounds":      calc.Label("Rounds spent aiming", "+1D to the attack for each consecutive round of aiming before it, at most +3D."),
				"attack_option":   calc.Label("Attack option", "All-out: the attacker's only action, no defense. Changes the difficulty and the damage dice."),
				"target_posture":  calc.Label("Target's posture", "Crouching +3, crouching and moving +6; prone −6 at point blank or short range, +6 farther."),
				"defense_actions": calc.Label("Defender's actions this round", "With a partial defense: each action beyond the first takes 1D off the defender's roll."),
				"defender_fate_point": calc.Label("Defender's Fate Point", "Doubles the defender's own dice and pips for the roll: the defense skill "+
					"(partial or full defense), or the Physique in the resistance, never the armor; not with Character Points on the same roll."),
				"resistance_armor": calc.Label("Armor in the resistance", "How much of the resistance is armor, which a Fate Point does not double "+
					"(Physique 3D with padded leather 1D: resistance 4D, armor 1D)."),
				"called_shot": calc.Label("Called shot", "A hit location or a small target: harder to hit, more or less damage; no damage bonus at an arm, leg or hand."),
			},
		},
	}
}

// largest are the inputs that cost the most to compute, by calculator: the
// benchmarks and tests run them; the module, which registers Calculators
// alone, does not carry them.
func largest() map[string]map[string]string {
	cp := strconv.Itoa(game.MaxCharacterPoints)
	return map[string]map[string]string{
		"opend6/attack": {"skill": "12D+2", "defense": "full", "defense_skill": "12D+2", "cover": "very_heavy", "cover_dice": "true", "damage": "15D+2", "strength": "6D+2", "damage_bonus": "true", "resistance": "12D+2",
			"cp_limit": game.CPLimitUnlimited, "attack_cp": cp, "defense_cp": cp, "damage_cp": cp, "resistance_cp": cp},
	}
}
