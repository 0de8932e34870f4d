package opend6

import (
	"errors"
	"math"
	"testing"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// FuzzValidate feeds arbitrary fields to Validate, then to Odds and
// Resolve: a rejected input is a *rules.FieldError from all three; an
// accepted one gives a report whose outcomes sum to 1 and a seeded roll
// whose outcome and values the report allows.
func FuzzValidate(f *testing.F) {
	f.Add(4, 0, 1, "passive", 3, 0, "short", "none", false, 0, 4, 0, 0, 0, false, 3, 0, "cancel", "wounds", false, true, "none", 30, 30, uint64(1))
	f.Add(12, 2, 5, "full", 12, 2, "long", "very_heavy", true, -30, 15, 2, 6, 2, true, 12, 2, "complication", "body_points", true, false, "wounded", 1, 500, uint64(2))
	f.Add(0, 0, 1, "partial", 1, 0, "point_blank", "light", false, 30, 1, 0, 0, 0, false, 0, 0, "none", "wounds", true, true, "dead", 0, 0, uint64(3))
	f.Add(3, 5, 0, "x", -1, 0, "far", "total", true, 99, 16, 0, 7, 0, true, 13, 0, "reroll", "hp", false, false, "", -1, 501, uint64(4))
	f.Add(2, 2, 3, "partial", 1, 1, "medium", "heavy", true, -6, 1, 1, 3, 2, true, 1, 1, "cancel_keep_one", "wounds", true, false, "mortally_wounded", 5, 5, uint64(5))
	f.Fuzz(func(t *testing.T, skD, skP, actions int, defense string, dfD, dfP int, rng, cover string, coverDice bool, modifier,
		dmD, dmP, stD, stP int, bonus bool, reD, reP int, wildOne, system string, stun, stackEqual bool, target string,
		bp, bpMax int, seed uint64) {
		in := Input{
			Skill: dice.Code{Dice: skD, Pips: skP}, Actions: actions, Defense: defense,
			DefenseSkill: dice.Code{Dice: dfD, Pips: dfP}, Range: rng, Cover: cover, CoverDice: coverDice, Modifier: modifier,
			Damage: dice.Code{Dice: dmD, Pips: dmP}, Strength: dice.Code{Dice: stD, Pips: stP}, DamageBonus: bonus,
			Resistance: dice.Code{Dice: reD, Pips: reP}, WildOne: wildOne, System: system, Stun: stun, StackEqual: stackEqual,
			TargetWound: target, BodyPoints: bp, BodyPointsMax: bpMax,
		}
		checkInput(t, in, seed)
	})
}

// FuzzCodeFields parses die codes typed by a user into the code fields.
func FuzzCodeFields(f *testing.F) {
	for _, s := range []string{"3D+2", "0D", "3D+5", "-1D", "D6", "12D+2", "13D", "4d+1", "99D+2", "0D+1"} {
		f.Add(s, s, s, uint64(7))
	}
	f.Fuzz(func(t *testing.T, skill, damage, resistance string, seed uint64) {
		in := DefaultInput()
		for _, field := range []struct {
			text string
			code *dice.Code
		}{{skill, &in.Skill}, {damage, &in.Damage}, {resistance, &in.Resistance}} {
			c, err := dice.ParseCode(field.text)
			if err != nil {
				return
			}
			*field.code = c
		}
		err := checkInput(t, in, seed)
		if err == nil && (in.Skill.TotalPips() < 3 || in.Skill.Dice > 12 || in.Damage.Dice > 15 || in.Resistance.Dice > 12) {
			t.Fatalf("accepted %v, %v, %v", in.Skill, in.Damage, in.Resistance)
		}
	})
}

func checkInput(t *testing.T, in Input, seed uint64) error {
	err := in.Validate()
	rep, oddsErr := Odds(in)
	roll, resErr := Resolve(in, dice.NewSeeded(seed))
	if err != nil {
		var fe *rules.FieldError
		if !errors.As(err, &fe) || fe.Field == "" || fe.Allowed == "" {
			t.Fatalf("%+v: error %v is not a FieldError naming the field", in, err)
		}
		if oddsErr == nil || oddsErr.Error() != err.Error() || resErr == nil || resErr.Error() != err.Error() {
			t.Fatalf("%+v: Validate %v, Odds %v, Resolve %v", in, err, oddsErr, resErr)
		}
		return err
	}
	if oddsErr != nil || resErr != nil {
		t.Fatalf("%+v: valid, yet Odds %v, Resolve %v", in, oddsErr, resErr)
	}
	hit, _ := rep.P("hit")
	miss, _ := rep.P("miss")
	if math.Abs(hit+miss-1) > tol {
		t.Fatalf("%+v: hit %v + miss %v", in, hit, miss)
	}
	if p, ok := rep.P(roll.Outcome); !ok || p == 0 {
		t.Fatalf("%+v: resolved outcome %q has odds %v", in, roll.Outcome, p)
	}
	for _, v := range roll.Values {
		if d, ok := rep.Dist(v.Name); ok && d.P(v.Value) == 0 {
			t.Fatalf("%+v: resolved %s = %d, which the odds never give\n%v", in, v.Name, v.Value, roll.Steps)
		}
	}
	return nil
}
