package opend6

import (
	"strings"
	"testing"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// TestOptionExamples checks the combat options against the numbers and
// worked examples of the sources.
func TestOptionExamples(t *testing.T) {
	t.Run("Fate Point: demolitions 4D+2 is rolled as 8D+4", func(t *testing.T) {
		in := DefaultInput()
		in.Skill, in.FatePoint = dice.Code{Dice: 4, Pips: 2}, FateAttack
		if got := in.attackCode(); got != (dice.Code{Dice: 8, Pips: 4}) {
			t.Fatalf("attack code %v, want 8D+4", got)
		}
		rep := mustOdds(t, in)
		d, _ := rep.Dist("attack_total")
		// Seven regular dice, the Wild Die and four pips: the least is
		// the cancel rule's 6 dice at 1 + 4 = 10 (Wild Die 1 and a die removed).
		if d.Min() != 10 {
			t.Errorf("least attack total %d, want 10", d.Min())
		}
		// Doubled before the penalties and bonuses: with two actions and
		// two rounds of aiming, 8D+4 − 1D + 2D = 9D+4.
		in.Actions, in.AimRounds = 2, 2
		if got := in.attackCode(); got != (dice.Code{Dice: 9, Pips: 4}) {
			t.Errorf("with two actions and two rounds of aiming %v, want 9D+4", got)
		}
	})
	t.Run("defender's Fate Point: Physique 3D and hard leather 1D+1 resist as 6D + 1D+1", func(t *testing.T) {
		in := DefaultInput()
		in.Resistance, in.ResistanceArmor, in.DefenderFatePoint = dice.Code{Dice: 4, Pips: 1}, dice.Code{Dice: 1, Pips: 1}, FateResistance
		if got := in.resistanceCode(); got != (dice.Code{Dice: 7, Pips: 1}) {
			t.Fatalf("resistance code %v, want 7D+1", got)
		}
		// Physique 3D+2 in ring mail 1D+2 (resistance 5D+1): 3D+2 doubled is
		// 6D+4, and the armor adds 1D+2: 7D+6, pips kept apart.
		in.Resistance, in.ResistanceArmor = dice.Code{Dice: 5, Pips: 1}, dice.Code{Dice: 1, Pips: 2}
		if got := in.resistanceCode(); got != (dice.Code{Dice: 7, Pips: 6}) {
			t.Errorf("resistance code %v, want 7D+6", got)
		}
		// On the defense: a 3D+1 dodge is rolled as 6D+2, then the
		// defender's two actions take 1D: 5D+2.
		in.DefenderFatePoint, in.Defense, in.DefenseSkill, in.DefenseActions = FateDefense, DefensePartial, dice.Code{Dice: 3, Pips: 1}, 2
		if got := in.defenseCode(); got != (dice.Code{Dice: 5, Pips: 2}) {
			t.Errorf("defense code %v, want 5D+2", got)
		}
		if got := in.resistanceCode(); got != in.Resistance {
			t.Errorf("a Fate Point on the defense changed the resistance to %v", got)
		}
	})
	cases := []struct {
		name string
		set  func(in *Input)
		want int // the difficulty (fixed)
	}{
		{"prone target at Point Blank: 10 − 5 − 6, raised to 3", func(in *Input) { in.Range, in.Posture = RangePointBlank, PostureProne }, 3},
		{"prone target at Short: 10 − 6", func(in *Input) { in.Posture = PostureProne }, 4},
		{"prone target at Medium: 10 + 5 + 6", func(in *Input) { in.Range, in.Posture = RangeMedium, PostureProne }, 21},
		{"crouching target: 10 + 3", func(in *Input) { in.Posture = PostureCrouching }, 13},
		{"crouching and moving at Long: 10 + 10 + 6", func(in *Input) { in.Range, in.Posture = RangeLong, PostureCrouchingMoving }, 26},
		{"all-out attack: 10 − 6", func(in *Input) { in.AttackOption = OptionAllOut }, 4},
		{"lunge: 10 + 3", func(in *Input) { in.AttackOption = OptionLunge }, 13},
		{"sweep at Point Blank: 10 − 5 − 6, raised to 3", func(in *Input) { in.Range, in.AttackOption = RangePointBlank, OptionSweep }, 3},
		{"called shot at the heart: 10 + 12", func(in *Input) { in.CalledShot = "heart" }, 22},
		{"called shot at an object under 1 cm: 10 + 24", func(in *Input) { in.CalledShot = "object_tiny" }, 34},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := DefaultInput()
			c.set(&in)
			d, _ := mustOdds(t, in).Dist("difficulty")
			if d.Min() != c.want || d.Max() != c.want {
				t.Errorf("difficulty %v, want %d", d.Pairs(), c.want)
			}
		})
	}
	t.Run("arm, leg and hand take no damage bonus; the head adds 12", func(t *testing.T) {
		in := DefaultInput()
		in.Skill, in.DamageBonus = dice.Code{Dice: 8}, true // often far above 10
		plain := DefaultInput()
		plain.Skill = in.Skill
		base, _ := mustOdds(t, plain).Dist("damage")
		for loc, mod := range map[string]int{"arm": -2, "leg": -1, "hand": -2} {
			in.CalledShot = loc
			got, _ := mustOdds(t, in).Dist("damage")
			want := base.Map(func(v int) int { return max(0, v+mod) })
			if !dice.Equal(got, want, tol) {
				t.Errorf("%s: damage %v, want the roll %+d without a bonus", loc, got.Pairs()[:4], mod)
			}
		}
		in.CalledShot = "head"
		got, _ := mustOdds(t, in).Dist("damage")
		if got.Min() != base.Min()+12 || got.Mean() <= base.Mean()+12 {
			t.Errorf("head: damage from %d, mean %v; want from %d, mean above %v (bonus kept)", got.Min(), got.Mean(), base.Min()+12, base.Mean()+12)
		}
	})
	t.Run("damage dice: all-out +1D, lunge −1D, sweep −3D, floored at 0D", func(t *testing.T) {
		in := DefaultInput() // 4D weapon
		for opt, want := range map[string]dice.Code{OptionAllOut: {Dice: 5}, OptionLunge: {Dice: 3}, OptionSweep: {Dice: 1}} {
			in.AttackOption = opt
			if got := in.damageCode(); got != want {
				t.Errorf("%s: damage %v, want %v", opt, got, want)
			}
		}
		// The loop leaves the option of a map's random order: set sweep.
		in.Damage, in.AttackOption = dice.Code{Dice: 2, Pips: 1}, OptionSweep
		if got := in.damageCode(); got != (dice.Code{Pips: 1}) {
			t.Errorf("sweep with 2D+1: %v, want 0D+1", got)
		}
	})
	t.Run("Fate Point on the damage doubles Strength Damage, not the weapon", func(t *testing.T) {
		in := DefaultInput()
		in.Damage, in.Strength, in.FatePoint = dice.Code{Dice: 2, Pips: 2}, dice.Code{Dice: 3, Pips: 2}, FateDamage
		if got := in.damageCode(); got != (dice.Code{Dice: 6, Pips: 2}) {
			t.Errorf("2D+2 + Strength Damage 2D doubled: %v, want 6D+2", got)
		}
	})
	t.Run("the defender's own multi-action penalty", func(t *testing.T) {
		in := DefaultInput()
		in.Defense, in.DefenseSkill, in.DefenseActions = DefensePartial, dice.Code{Dice: 6}, 2
		d, _ := mustOdds(t, in).Dist("difficulty")
		want := rollPMF(dice.Code{Dice: 5}, WildCancel, dice.TailEpsilon).Map(func(v int) int { return max(3, v) })
		if !dice.Equal(d, want, tol) {
			t.Errorf("6D dodge with two actions: not a 5D roll")
		}
	})
}

// TestOptionErrors: combinations the rules forbid name the field.
func TestOptionErrors(t *testing.T) {
	for _, c := range []struct {
		field string
		set   func(in *Input)
	}{
		{"attack_cp", func(in *Input) { in.FatePoint, in.AttackCP = FateAttack, 1 }},
		{"damage_cp", func(in *Input) { in.FatePoint, in.DamageCP = FateClimactic, 2 }},
		{"attack_option", func(in *Input) { in.AttackOption, in.Actions = OptionAllOut, 2 }},
		{"defense_actions", func(in *Input) { in.Defense, in.DefenseSkill, in.DefenseActions = DefenseFull, dice.Code{Dice: 4}, 2 }},
		{"defense_actions", func(in *Input) {
			in.Defense, in.DefenseSkill, in.DefenseActions = DefensePartial, dice.Code{Dice: 2}, 3
		}},
		{"aim_rounds", func(in *Input) { in.AimRounds = 4 }},
		{"called_shot", func(in *Input) { in.CalledShot = "foot" }},
		{"target_posture", func(in *Input) { in.Posture = "" }},
		{"fate_point", func(in *Input) { in.FatePoint = "two" }},
		{"defense_cp", func(in *Input) {
			in.DefenderFatePoint, in.Defense, in.DefenseCP = FateDefense, DefensePartial, 1
		}},
		{"resistance_cp", func(in *Input) { in.DefenderFatePoint, in.ResistanceCP = FateClimactic, 1 }},
		{"defender_fate_point", func(in *Input) { in.DefenderFatePoint = FateDefense }}, // passive: nothing to double
		{"defender_fate_point", func(in *Input) { in.DefenderFatePoint, in.System = FateResistance, SystemBodyPoints }},
		{"defender_fate_point", func(in *Input) { in.DefenderFatePoint = FateAttack }},
		{"resistance_armor", func(in *Input) { in.ResistanceArmor = dice.Code{Dice: 3, Pips: 1} }}, // more than the 3D resistance
		{"defense_actions", func(in *Input) { // 4 actions leave a 2D defense without a Fate Point below 1D
			in.Defense, in.DefenseSkill, in.DefenseActions = DefensePartial, dice.Code{Dice: 2}, 4
		}},
	} {
		in := DefaultInput()
		c.set(&in)
		err := in.Validate()
		fe, ok := err.(*rules.FieldError)
		if !ok || fe.Field != c.field {
			t.Errorf("%+v: error %v, want one on %s", in, err, c.field)
		}
	}
	// The defender's Fate Point lets more actions keep 1D: 2D doubled is 4D.
	def := DefaultInput()
	def.Defense, def.DefenseSkill, def.DefenseActions, def.DefenderFatePoint = DefensePartial, dice.Code{Dice: 2}, 4, FateDefense
	if err := def.Validate(); err != nil {
		t.Errorf("2D doubled with 4 actions: %v", err)
	}
	// Aiming lets more actions keep 1D: 1D skill, 2 rounds of aiming, 3 actions.
	in := DefaultInput()
	in.Skill, in.AimRounds, in.Actions = dice.Code{Dice: 1}, 2, 3
	if err := in.Validate(); err != nil {
		t.Errorf("1D + 2D aiming with 3 actions: %v", err)
	}
}

// TestDefenderFateTrace: the steps say what the defender's Fate Point
// doubles, and the rolls use the doubled codes.
func TestDefenderFateTrace(t *testing.T) {
	in := DefaultInput()
	in.Defense, in.DefenseSkill, in.DefenderFatePoint = DefensePartial, dice.Code{Dice: 1}, FateClimactic
	in.Skill, in.Modifier = dice.Code{Dice: 1}, -20
	in.Resistance, in.ResistanceArmor = dice.Code{Dice: 1, Pips: 1}, dice.Code{Pips: 1}
	// Attack Wild Die 4; defense 2D: 3 and Wild Die 2; damage 4D: 1 1 1 and
	// Wild Die 2; resistance 2D+1: 5 and Wild Die 3.
	r, err := Resolve(in, dice.NewFixed([]int{4, 3, 2, 1, 1, 1, 2, 5, 3}))
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(r.Steps, "\n")
	for _, want := range []string{"The defender's Fate Point doubles the defense skill 1D: 2D.",
		"The target's Fate Point doubles their own 1D of the resistance, not the armor 0D+1: the resistance rolls 2D+1."} {
		if !strings.Contains(all, want) {
			t.Errorf("steps lack %q:\n%s", want, all)
		}
	}
	for _, v := range r.Values {
		if v.Name == "resistance" && v.Value != 9 {
			t.Errorf("resistance %d, want 5 + 3 + 1 = 9", v.Value)
		}
	}
}

// TestOptionTrace: the roll's steps name each option that changed it.
func TestOptionTrace(t *testing.T) {
	in := DefaultInput()
	in.FatePoint, in.AimRounds, in.Posture, in.CalledShot, in.AttackOption, in.DamageBonus = FateAttack, 1, PostureProne, "arm", OptionLunge, true
	in.Modifier = -30
	r, err := Resolve(in, dice.NewSeeded(3))
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(r.Steps, "\n")
	for _, want := range []string{"Fate Point", "9D", "aiming", "prone target −6", "lunge +3", "called shot (left or right arm) +3", "No damage bonus", "damage −2", "damage roll is 3D"} {
		if !strings.Contains(all, want) {
			t.Errorf("steps lack %q:\n%s", want, all)
		}
	}
}

func mustOdds(t *testing.T, in Input) rules.Report {
	t.Helper()
	rep, err := Odds(in)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// FuzzOptions feeds arbitrary combat options (with the fields they
// interact with) to Validate, Odds and Resolve.
func FuzzOptions(f *testing.F) {
	f.Add(4, 2, 1, "attack", 3, "all_out", "prone", 1, "head", "partial", 3, "short", 2, 1, 0, true, "defense", 3, 1, 0, uint64(1))
	f.Add(12, 2, 5, "climactic", 3, "sweep", "crouching_moving", 5, "hand", "partial", 12, "long", 0, 0, 0, true, "climactic", 12, 3, 2, uint64(2))
	f.Add(1, 0, 1, "damage", 0, "lunge", "crouching", 1, "object_tiny", "full", 1, "point_blank", 1, 0, 6, false, "resistance", 2, 2, 1, uint64(3))
	f.Add(2, 1, 2, "none", 4, "x", "", 0, "foot", "passive", 2, "medium", 15, 3, 2, true, "attack", 1, 2, 0, uint64(4))
	f.Fuzz(func(t *testing.T, skD, skP, actions int, fate string, aim int, option, posture string, defActions int, called, defense string,
		dfD int, rng string, dmD, stD, cp int, bonus bool, defFate string, reD, armD, armP int, seed uint64) {
		in := DefaultInput()
		in.DefenderFatePoint, in.Resistance, in.ResistanceArmor, in.DefenseCP = defFate, dice.Code{Dice: reD}, dice.Code{Dice: armD, Pips: armP}, cp
		in.Skill, in.Actions, in.FatePoint, in.AimRounds = dice.Code{Dice: skD, Pips: skP}, actions, fate, aim
		in.AttackOption, in.Posture, in.DefenseActions, in.CalledShot = option, posture, defActions, called
		in.Defense, in.DefenseSkill, in.Range = defense, dice.Code{Dice: dfD}, rng
		in.Damage, in.Strength, in.AttackCP, in.DamageCP, in.DamageBonus = dice.Code{Dice: dmD}, dice.Code{Dice: stD}, cp, cp, bonus
		checkInput(t, in, seed)
	})
}

// TestSumLessHighestManyDice: a Fate Point can double a 12D+2 skill and
// add 3D of aiming (26 regular dice), past the 17 dice whose tuple counts
// are exact in a float64; the counts' differences are checked against a
// dynamic programme over (highest face, sum) in probabilities.
func TestSumLessHighestManyDice(t *testing.T) {
	for _, n := range []int{17, 22, 26, 31} {
		// p[m][s]: probability that the dice so far have highest face m+1 and sum s.
		p := [6][]float64{}
		for m := range 6 {
			p[m] = make([]float64, 6*n+1)
			p[m][m+1] = 1.0 / 6
		}
		for k := 1; k < n; k++ {
			var next [6][]float64
			for m := range 6 {
				next[m] = make([]float64, 6*n+1)
			}
			for m := range 6 {
				for s, q := range p[m] {
					if q == 0 {
						continue
					}
					for f := 1; f <= 6; f++ {
						next[max(m, f-1)][s+f] += q / 6
					}
				}
			}
			p = next
		}
		var b dice.Builder
		for m := range 6 {
			for s, q := range p[m] {
				b.Add(s-(m+1), q)
			}
		}
		if got, want := sumLessHighest(n), b.PMF(); !dice.Equal(got, want, 1e-13) {
			t.Errorf("%d dice: sum less the highest differs from the dynamic programme", n)
		}
	}
}

// TestOptionChoices checks the "id=Name" lists the calculator's form reads
// against the options themselves, in order.
func TestOptionChoices(t *testing.T) {
	for _, c := range []struct {
		name    string
		choices []string
		options []Option
	}{
		{"attack options", AttackOptionChoices(), AttackOptions()},
		{"postures", PostureChoices(), Postures()},
		{"called shots", CalledShotChoices(), CalledShots()},
	} {
		if len(c.choices) != len(c.options) {
			t.Errorf("%s: %d choices for %d options", c.name, len(c.choices), len(c.options))
			continue
		}
		for i, o := range c.options {
			if want := o.ID + "=" + o.Name; c.choices[i] != want {
				t.Errorf("%s[%d]: %q, want %q", c.name, i, c.choices[i], want)
			}
		}
	}
}
