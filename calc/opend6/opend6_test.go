package opend6

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"d6codex/calc"
	"d6codex/rules/dice"
	game "d6codex/rules/opend6"
)

// TestInputReadsEveryField fills every field of the attack calculator with
// random values of its kind and checks that each reaches its own field of
// game.Input, against a field-by-field reading written out here.
func TestInputReadsEveryField(t *testing.T) {
	want := func(v calc.Values) game.Input {
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
	c := opend6Attack()
	if len(c.Fields) != numFields {
		t.Fatalf("%d fields, want %d", len(c.Fields), numFields)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		raw := map[string]string{}
		for _, f := range c.Fields {
			switch f.Kind {
			case calc.DieCode:
				raw[f.Name] = dice.FromPips(f.Min + r.IntN(f.Max-f.Min+1)).String()
			case calc.Int:
				raw[f.Name] = strconv.Itoa(f.Min + r.IntN(f.Max-f.Min+1))
			case calc.Bool:
				raw[f.Name] = strconv.FormatBool(r.IntN(2) == 0)
			case calc.Choice:
				raw[f.Name] = f.Options[r.IntN(len(f.Options))].Value
			default:
				t.Fatalf("field %q of kind %q", f.Name, f.Kind)
			}
		}
		v, err := c.ParseUnchecked(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := opend6Input(v), want(v); got != want {
			t.Fatalf("read\n%+v\nwant\n%+v", got, want)
		}
	}
}

// TestDefaultsAreTheRulesDefaults checks the form's defaults against
// game.DefaultInput.
func TestDefaultsAreTheRulesDefaults(t *testing.T) {
	c := opend6Attack()
	raw := map[string]string{}
	for _, f := range c.Fields {
		raw[f.Name] = f.Default
	}
	v, err := c.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := opend6Input(v), game.DefaultInput(); got != want {
		t.Fatalf("defaults\n%+v\nwant\n%+v", got, want)
	}
}
