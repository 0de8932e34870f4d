package calc

import (
	"strconv"

	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/opend6"
)

func opend6Attack() *Calculator {
	def := opend6.DefaultInput()
	var wounds []string
	for _, w := range opend6.WoundLevels() {
		if w.ID != "dead" {
			wounds = append(wounds, w.ID+"="+w.Name)
		}
	}
	return &Calculator{
		ID: "opend6/attack", System: "opend6", Title: "OpenD6 attack and damage",
		Help: "Roll the attack skill with its Wild Die against the combat difficulty; on a hit, roll damage against the target's resistance and read the wound level or body points lost.",
		Fields: []Field{
			codeField("skill", "Attack skill", opend6.MinSkillPips, opend6.MaxSkillPips, def.Skill, "The attack skill's die code, e.g. 4D+1."),
			intField("actions", "Actions this round", 1, opend6.MaxActions, def.Actions, "Each action beyond the first takes 1D off the skill roll."),
			choiceField("defense", "Defense", def.Defense, "Passive: difficulty 10. Partial: the defender's roll. Full: that roll + 10.",
				opend6.DefensePassive, opend6.DefensePartial+"=Partial (active roll)", opend6.DefenseFull+"=Full defense"),
			codeField("defense_skill", "Defender's skill", opend6.MinSkillPips, opend6.MaxSkillPips, def.DefenseSkill, "The dodge, parry or brawling code rolled for a partial or full defense (unused for a passive one)."),
			choiceField("range", "Range", def.Range, "Point blank −5, short 0, medium +5, long +10.",
				opend6.RangePointBlank, opend6.RangeShort, opend6.RangeMedium, opend6.RangeLong),
			choiceField("cover", "Cover", def.Cover, "Light +1D (+3), heavy +2D (+6), very heavy +4D (+12).",
				opend6.CoverNone, opend6.CoverLight, opend6.CoverHeavy, opend6.CoverVeryHeavy),
			boolField("cover_dice", "Roll cover dice", def.CoverDice, "Roll the cover's dice instead of its fixed value."),
			intField("modifier", "Other modifier", -opend6.MaxModifier, opend6.MaxModifier, def.Modifier, "Other difficulty modifiers, signed: a prone target at point blank −6, crouching +3... (add aiming dice to the attack skill instead)."),
			codeField("damage", "Weapon damage", opend6.MinDamagePips, opend6.MaxDamagePips, def.Damage, "The weapon's damage code."),
			codeField("strength", "Strength (for + weapons)", 0, opend6.MaxStrengthPips, def.Strength, "The attacker's Physique or lifting for a \"+\" weapon (halved, rounded up); 0D otherwise."),
			boolField("damage_bonus", "Damage bonus", def.DamageBonus, "Optional rule: add (attack − difficulty) ÷ 5, rounded up, to the damage."),
			codeField("resistance", "Resistance", 0, opend6.MaxResistancePips, def.Resistance, "Physique plus armor (wounds), or armor alone (body points)."),
			choiceField("wild_one", "Wild Die 1", def.WildOne, "What a 1 on the Wild Die's first toss does.",
				opend6.WildCancel+"=Cancel it and the highest die", opend6.WildCancelKeepOne+"=Cancel the highest die only",
				opend6.WildComplication+"=Complication", opend6.WildNone+"=Nothing"),
			choiceField("system", "Damage system", def.System, "Wound levels, or body points.",
				opend6.SystemWounds+"=Wounds", opend6.SystemBodyPoints+"=Body points"),
			boolField("stun", "Stun weapon", def.Stun, "Wounds two levels lower, at least Stunned."),
			boolField("stack_equal", "Equal wounds stack", def.StackEqual, "An equal wound result also moves the target up a level."),
			choiceField("target_wound", "Target's wound level", def.TargetWound, "Where the target stands before this hit.", wounds...),
			intField("body_points", "Target's body points", 1, opend6.MaxBodyPoints, def.BodyPoints, "Current body points (body points system)."),
			intField("body_points_max", "Target's maximum body points", 1, opend6.MaxBodyPoints, def.BodyPointsMax,
				"20 + the Physique roll made when the character was created (max "+strconv.Itoa(opend6.MaxBodyPoints)+")."),
		},
		odds:    func(v Values) (rules.Report, error) { return opend6.Odds(opend6Input(v)) },
		resolve: func(v Values, t *dice.Tape) (rules.Roll, error) { return opend6.Resolve(opend6Input(v), t) },
	}
}

// opend6Input is the opend6.Input of validated values.
func opend6Input(v Values) opend6.Input {
	return opend6.Input{
		Skill: v.Code("skill"), Actions: v.Int("actions"), Defense: v.Text("defense"),
		DefenseSkill: v.Code("defense_skill"), Range: v.Text("range"), Cover: v.Text("cover"),
		CoverDice: v.Bool("cover_dice"), Modifier: v.Int("modifier"), Damage: v.Code("damage"),
		Strength: v.Code("strength"), DamageBonus: v.Bool("damage_bonus"), Resistance: v.Code("resistance"),
		WildOne: v.Text("wild_one"), System: v.Text("system"), Stun: v.Bool("stun"),
		StackEqual: v.Bool("stack_equal"), TargetWound: v.Text("target_wound"),
		BodyPoints: v.Int("body_points"), BodyPointsMax: v.Int("body_points_max"),
	}
}
