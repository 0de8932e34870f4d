package calc

import (
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
		ID: "opend6/attack", System: "opend6",
		Fields: []Field{
			codeField("skill", opend6.MinSkillPips, opend6.MaxSkillPips, def.Skill),
			intField("actions", 1, opend6.MaxActions, def.Actions),
			choiceField("defense", def.Defense, opend6.DefensePassive, opend6.DefensePartial+"=Partial (active roll)", opend6.DefenseFull+"=Full defense"),
			codeField("defense_skill", opend6.MinSkillPips, opend6.MaxSkillPips, def.DefenseSkill),
			choiceField("range", def.Range, opend6.RangePointBlank, opend6.RangeShort, opend6.RangeMedium, opend6.RangeLong),
			choiceField("cover", def.Cover, opend6.CoverNone, opend6.CoverLight, opend6.CoverHeavy, opend6.CoverVeryHeavy),
			boolField("cover_dice", def.CoverDice),
			intField("modifier", -opend6.MaxModifier, opend6.MaxModifier, def.Modifier),
			codeField("damage", opend6.MinDamagePips, opend6.MaxDamagePips, def.Damage),
			codeField("strength", 0, opend6.MaxStrengthPips, def.Strength),
			boolField("damage_bonus", def.DamageBonus),
			codeField("resistance", 0, opend6.MaxResistancePips, def.Resistance),
			choiceField("wild_one", def.WildOne, opend6.WildCancel+"=Cancel it and the highest die", opend6.WildCancelKeepOne+"=Cancel the highest die only", opend6.WildComplication+"=Complication", opend6.WildNone+"=Nothing"),
			choiceField("system", def.System, opend6.SystemWounds+"=Wounds", opend6.SystemBodyPoints+"=Body points"),
			boolField("stun", def.Stun),
			boolField("stack_equal", def.StackEqual),
			choiceField("target_wound", def.TargetWound, wounds...),
			intField("body_points", 1, opend6.MaxBodyPoints, def.BodyPoints),
			intField("body_points_max", 1, opend6.MaxBodyPoints, def.BodyPointsMax),
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
