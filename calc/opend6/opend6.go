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
	var wounds []string
	for _, w := range game.WoundLevels() {
		if w.ID != "dead" {
			wounds = append(wounds, w.ID+"="+w.Name)
		}
	}
	var limits []string
	for _, l := range game.CPLimits() {
		limits = append(limits, l.ID+"="+strconv.Itoa(l.Max)+" per roll ("+l.ID+")")
	}
	return &calc.Calculator{
		ID: "opend6/attack",
		Fields: []calc.Field{
			calc.CodeField("skill", game.MinSkillPips, game.MaxSkillPips, def.Skill),
			calc.IntField("actions", 1, game.MaxActions, def.Actions),
			calc.IntField("aim_rounds", 0, game.MaxAimRounds, def.AimRounds),
			calc.IntField("attack_cp", 0, game.MaxCharacterPoints, def.AttackCP),
			calc.ChoiceField("fate_point", def.FatePoint, game.FateNone+"=None", game.FateAttack+"=On the attack roll",
				game.FateDamage+"=On the damage roll", game.FateClimactic+"=Climactic (both rolls)"),
			calc.ChoiceField("attack_option", def.AttackOption, choices(game.AttackOptions())...),
			calc.ChoiceField("defense", def.Defense, game.DefensePassive, game.DefensePartial+"=Partial (active roll)", game.DefenseFull+"=Full defense"),
			calc.CodeField("defense_skill", game.MinSkillPips, game.MaxSkillPips, def.DefenseSkill),
			calc.IntField("defense_actions", 1, game.MaxActions, def.DefenseActions),
			calc.IntField("defense_cp", 0, game.MaxCharacterPoints, def.DefenseCP),
			calc.ChoiceField("defender_fate_point", def.DefenderFatePoint, game.FateNone+"=None", game.FateDefense+"=On the defense roll",
				game.FateResistance+"=On the resistance roll", game.FateClimactic+"=Climactic (both rolls)"),
			calc.ChoiceField("range", def.Range, rangeIDs()...),
			calc.ChoiceField("target_posture", def.Posture, choices(game.Postures())...),
			calc.ChoiceField("cover", def.Cover, coverIDs()...),
			calc.BoolField("cover_dice", def.CoverDice),
			calc.ChoiceField("cover_wild", def.CoverWild, game.CoverWildDie+"=With a Wild Die", game.CoverWildNone+"=Regular dice only"),
			calc.ChoiceField("called_shot", def.CalledShot, choices(game.CalledShots())...),
			calc.IntField("modifier", -game.MaxModifier, game.MaxModifier, def.Modifier),
			calc.CodeField("damage", game.MinDamagePips, game.MaxDamagePips, def.Damage),
			calc.CodeField("strength", 0, game.MaxStrengthPips, def.Strength),
			calc.IntField("damage_cp", 0, game.MaxCharacterPoints, def.DamageCP),
			calc.BoolField("damage_bonus", def.DamageBonus),
			calc.CodeField("resistance", 0, game.MaxResistancePips, def.Resistance),
			calc.CodeField("resistance_armor", 0, game.MaxResistancePips, def.ResistanceArmor),
			calc.IntField("resistance_cp", 0, game.MaxCharacterPoints, def.ResistanceCP),
			calc.ChoiceField("wild_one", def.WildOne, game.WildCancel+"=Cancel it and the highest die", game.WildCancelKeepOne+"=Cancel the highest die only", game.WildComplication+"=Complication", game.WildNone+"=Nothing"),
			calc.ChoiceField("cp_limit", def.CPLimit, limits...),
			calc.ChoiceField("system", def.System, game.SystemWounds+"=Wounds", game.SystemBodyPoints+"=Body points"),
			calc.BoolField("stun", def.Stun),
			calc.BoolField("stack_equal", def.StackEqual),
			calc.ChoiceField("target_wound", def.TargetWound, wounds...),
			calc.IntField("body_points", 1, game.MaxBodyPoints, def.BodyPoints),
			calc.IntField("body_points_max", 1, game.MaxBodyPoints, def.BodyPointsMax),
		},
		Odds:    func(v calc.Values) (rules.Report, error) { return game.Odds(opend6Input(v)) },
		Resolve: func(v calc.Values, t *dice.Tape) (rules.Roll, error) { return game.Resolve(opend6Input(v), t) },
	}
}

// opend6Input is the game.Input of validated values.
func opend6Input(v calc.Values) game.Input {
	return game.Input{
		Skill: v.Code("skill"), Actions: v.Int("actions"), AttackCP: v.Int("attack_cp"), Defense: v.Text("defense"),
		DefenseSkill: v.Code("defense_skill"), DefenseCP: v.Int("defense_cp"), Range: v.Text("range"), Cover: v.Text("cover"),
		CoverDice: v.Bool("cover_dice"), CoverWild: v.Text("cover_wild"), Modifier: v.Int("modifier"), Damage: v.Code("damage"),
		Strength: v.Code("strength"), DamageCP: v.Int("damage_cp"), DamageBonus: v.Bool("damage_bonus"),
		Resistance: v.Code("resistance"), ResistanceCP: v.Int("resistance_cp"),
		WildOne: v.Text("wild_one"), CPLimit: v.Text("cp_limit"), System: v.Text("system"), Stun: v.Bool("stun"),
		StackEqual: v.Bool("stack_equal"), TargetWound: v.Text("target_wound"),
		BodyPoints: v.Int("body_points"), BodyPointsMax: v.Int("body_points_max"),
		FatePoint: v.Text("fate_point"), AimRounds: v.Int("aim_rounds"), AttackOption: v.Text("attack_option"),
		Posture: v.Text("target_posture"), DefenseActions: v.Int("defense_actions"), CalledShot: v.Text("called_shot"),
		DefenderFatePoint: v.Text("defender_fate_point"), ResistanceArmor: v.Code("resistance_armor"),
	}
}

// choices are a choice field's options from the rules data: "lunge=Lunge".
func choices(list []game.Option) []string {
	out := make([]string, len(list))
	for i, o := range list {
		out[i] = o.ID + "=" + o.Name
	}
	return out
}

// rangeIDs are the range options, from the rules data.
func rangeIDs() []string {
	var out []string
	for _, r := range game.Ranges() {
		out = append(out, r.ID)
	}
	return out
}

// coverIDs are the cover options, from the rules data.
func coverIDs() []string {
	var out []string
	for _, c := range game.Covers() {
		out = append(out, c.ID)
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
