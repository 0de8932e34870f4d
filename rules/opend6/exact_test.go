package opend6

import (
	"math"
	"math/big"
	"testing"

	"d6codex/rules/dice"
	"d6codex/rules/dice/dicetest"
)

// ratDepth is how many tosses of an exploding die the exact reference
// follows: what it leaves out weighs 6^-40 < 1e-31 per die, far below
// 1e-12 of any hit chance the tests below use (≥ 1e-16).
const ratDepth = 40

// ratPMF is a distribution in exact fractions.
type ratPMF map[int]*big.Rat

func (d ratPMF) add(v int, p *big.Rat) {
	if d[v] == nil {
		d[v] = new(big.Rat)
	}
	d[v].Add(d[v], p)
}

// conv is the distribution of X + Y for independent X ~ d, Y ~ e.
func (d ratPMF) conv(e ratPMF) ratPMF {
	out := ratPMF{}
	for a, p := range d {
		for b, q := range e {
			out.add(a+b, new(big.Rat).Mul(p, q))
		}
	}
	return out
}

// ratAgain is an exploding die (a 1 is just 1) to ratDepth tosses.
func ratAgain() ratPMF {
	out := ratPMF{}
	for k := range ratDepth {
		w := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(k+1)), nil))
		for r := 1; r <= 5; r++ {
			out.add(6*k+r, w)
		}
	}
	return out
}

// ratRoll is a Wild Die roll of c with n Character Point dice, by the
// rule as written, over every tuple of normal dice.
func ratRoll(c dice.Code, wildOne string, cp int) ratPMF {
	again := ratAgain()
	out := ratPMF{}
	sixth := big.NewRat(1, 6)
	w := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(c.Dice-1)), nil))
	dicetest.Tuples(c.Dice-1, 6, func(t []int) {
		sum, hi := 0, 0
		for _, v := range t {
			sum, hi = sum+v, max(hi, v)
		}
		p := new(big.Rat).Mul(w, sixth)
		for first := 1; first <= 5; first++ {
			switch {
			case first == 1 && wildOne == WildCancel:
				out.add(sum-hi+c.Pips, p)
			case first == 1 && wildOne == WildCancelKeepOne:
				out.add(sum-hi+1+c.Pips, p)
			default:
				out.add(sum+first+c.Pips, p)
			}
		}
		for a, q := range again {
			out.add(sum+6+a+c.Pips, new(big.Rat).Mul(p, q))
		}
	})
	for range cp {
		die := ratPMF{}
		for f := 1; f <= 5; f++ {
			die.add(f, sixth)
		}
		for a, q := range again {
			die.add(6+a, new(big.Rat).Mul(sixth, q))
		}
		out = out.conv(die)
	}
	return out
}

// exactHitAndDamage is P(hit) and the mean and distribution of the damage
// given a hit (damage bonus on), in fractions, for an attack against a
// fixed difficulty or a partial defense roll (no cover dice).
func exactHitAndDamage(in Input, fixed int) (hit *big.Rat, mean *big.Rat, dmg ratPMF) {
	attack := ratRoll(in.attackCode(), in.WildOne, in.AttackCP)
	diff := ratPMF{10: big.NewRat(1, 1)}
	if in.Defense == DefensePartial {
		diff = ratRoll(in.DefenseSkill, in.WildOne, in.DefenseCP)
	}
	bonus := ratPMF{}
	hit = new(big.Rat)
	for a, pa := range attack {
		for d, pd := range diff {
			d = max(3, d+fixed)
			if a < d {
				continue
			}
			p := new(big.Rat).Mul(pa, pd)
			hit.Add(hit, p)
			bonus.add((a-d+4)/5, p)
		}
	}
	dmg = ratRoll(in.damageCode(), in.WildOne, in.DamageCP).conv(bonus)
	mean = new(big.Rat)
	inv := new(big.Rat).Inv(hit)
	for v, p := range dmg {
		p.Mul(p, inv)
		mean.Add(mean, new(big.Rat).Mul(big.NewRat(int64(v), 1), p))
	}
	return hit, mean, dmg
}

// TestRareHitConditionalExact: where a hit is rare, P(hit) and the damage
// given a hit are within 1e-12 relative of exact fractions (the exploding
// tails used to be cut at an absolute mass, then divided by the tiny hit
// chance: the mean damage was 2e-8 off at P(hit) ≈ 1.8e-7).
func TestRareHitConditionalExact(t *testing.T) {
	base := DefaultInput()
	base.DamageBonus = true
	base.Damage = dice.Code{Dice: 2}
	cases := map[string]func(in *Input){
		"1D at difficulty 52": func(in *Input) {
			in.Skill, in.Range, in.Cover, in.Modifier = dice.Code{Dice: 1}, RangeLong, CoverVeryHeavy, 20
		},
		"1D+2 and 2 points against a 2D full defense +52": func(in *Input) {
			in.Skill, in.AttackCP, in.Defense, in.DefenseSkill = dice.Code{Dice: 1, Pips: 2}, 2, DefenseFull, dice.Code{Dice: 2}
			in.Range, in.Cover, in.Modifier = RangeLong, CoverVeryHeavy, 30
		},
		"2D keep one at difficulty 82": func(in *Input) {
			in.Skill, in.WildOne, in.Range, in.Cover, in.Modifier = dice.Code{Dice: 2}, WildCancelKeepOne, RangeLong, CoverVeryHeavy, 30
			in.Defense, in.DefenseSkill = DefenseFull, dice.Code{Dice: 1}
		},
	}
	for name, set := range cases {
		t.Run(name, func(t *testing.T) {
			in := base
			set(&in)
			rep, err := Odds(in)
			if err != nil {
				t.Fatal(err)
			}
			fixed := in.baseOffset()
			ref := in
			if in.Defense == DefenseFull { // the reference rolls it as a partial defense 10 higher
				ref.Defense, fixed = DefensePartial, fixed+10
			}
			hitR, meanR, dmgR := exactHitAndDamage(ref, fixed)
			hit, _ := hitR.Float64()
			mean, _ := meanR.Float64()
			got, _ := rep.P("hit")
			if math.Abs(got-hit) > 1e-12*hit {
				t.Errorf("P(hit) %v, exact %v (relative error %.3g)", got, hit, math.Abs(got-hit)/hit)
			}
			if hit > 1e-5 {
				t.Errorf("P(hit) = %v: not a rare hit, the case tests nothing", hit)
			}
			gotMean, _ := rep.Mean("damage")
			if math.Abs(gotMean-mean) > 1e-12*mean {
				t.Errorf("mean damage given a hit %v, exact %v (relative error %.3g)", gotMean, mean, math.Abs(gotMean-mean)/mean)
			}
			dist, _ := rep.Dist("damage")
			for v, p := range dmgR {
				want, _ := p.Float64()
				if math.Abs(dist.P(v)-want) > 1e-12 {
					t.Errorf("P(damage = %d | hit) %v, exact %v", v, dist.P(v), want)
				}
			}
		})
	}
}

// TestDefenderFateExact: with the defender's climactic Fate Point, the
// defense roll (1D+1 doubled: 2D+2) and the resistance roll (2D+1 with
// armor 1D: 1D+1 doubled and the armor added, 3D+2) are those rolls in
// exact fractions, written out by the rule with no code of the package.
func TestDefenderFateExact(t *testing.T) {
	in := DefaultInput()
	in.DefenderFatePoint, in.Defense, in.DefenseSkill = FateClimactic, DefensePartial, dice.Code{Dice: 1, Pips: 1}
	in.Resistance, in.ResistanceArmor = dice.Code{Dice: 2, Pips: 1}, dice.Code{Dice: 1}
	in.Range = RangeMedium // +5: the difficulty never reaches the floor of 3
	rep, err := Odds(in)
	if err != nil {
		t.Fatal(err)
	}
	for name, code := range map[string]dice.Code{"difficulty": {Dice: 2, Pips: 2}, "resistance": {Dice: 3, Pips: 2}} {
		got, _ := rep.Dist(name)
		want := ratRoll(code, in.WildOne, 0)
		shift := map[string]int{"difficulty": 5}[name]
		for v, p := range want {
			w, _ := p.Float64()
			if math.Abs(got.P(v+shift)-w) > 1e-12 {
				t.Errorf("P(%s = %d) %v, exact %s", name, v, got.P(v), p.RatString())
			}
		}
		if math.Abs(got.Total()-1) > 1e-12 {
			t.Errorf("%s: mass %v", name, got.Total())
		}
	}
}
