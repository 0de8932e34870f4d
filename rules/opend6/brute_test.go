package opend6

import (
	"math"
	"strings"
	"testing"

	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/dice/dicetest"
)

const tol = 1e-12

// bruteRoll is a Wild Die roll by the rule as written, over every ordered
// tuple of the normal dice and every first toss of the Wild Die; a first 6
// continues as 6 plus an exploding die (on which a 1 is just 1).
func bruteRoll(c dice.Code, wildOne string) dice.PMF {
	if c.Dice == 0 {
		return dice.Const(c.Pips)
	}
	n := c.Dice - 1
	w := math.Pow(6, -float64(c.Dice))
	again := dice.Exploding(6, dice.TailEpsilon)
	var b dice.Builder
	dicetest.Tuples(n, 6, func(t []int) {
		sum, hi := 0, 0
		for _, v := range t {
			sum += v
			hi = max(hi, v)
		}
		for first := 1; first <= 6; first++ {
			switch {
			case first == 6:
				again.Each(func(v int, p float64) { b.Add(sum+6+v+c.Pips, w*p) })
			case first == 1 && wildOne == WildCancel:
				b.Add(sum-hi+c.Pips, w) // drop the Wild Die and the highest die
			case first == 1 && wildOne == WildCancelKeepOne:
				b.Add(sum-hi+1+c.Pips, w) // drop the highest die, keep the 1
			default:
				b.Add(sum+first+c.Pips, w)
			}
		}
	})
	return b.PMF()
}

// bruteCP adds n Character Point dice to d by the rule as written: each
// die's first toss 1..5 counts as it is (a 1 is just 1), a 6 continues as
// 6 plus an exploding die.
func bruteCP(d dice.PMF, n int) dice.PMF {
	again := dice.Exploding(6, dice.TailEpsilon)
	for range n {
		var b dice.Builder
		d.Each(func(v int, p float64) {
			for first := 1; first <= 5; first++ {
				b.Add(v+first, p/6)
			}
			again.Each(func(a int, q float64) { b.Add(v+6+a, p*q/6) })
		})
		d = b.PMF()
	}
	return d
}

// bruteRegular is a roll of regular dice only, over every ordered tuple.
func bruteRegular(c dice.Code) dice.PMF {
	var b dice.Builder
	w := math.Pow(6, -float64(c.Dice))
	dicetest.Tuples(c.Dice, 6, func(t []int) {
		sum := c.Pips
		for _, v := range t {
			sum += v
		}
		b.Add(sum, w)
	})
	return b.PMF()
}

// bruteFor is one roll of the attack by the rules: a Wild Die roll or
// regular dice, plus its Character Point dice.
func bruteFor(c dice.Code, wildOne string, wild bool, cp int) dice.PMF {
	d := bruteRegular(c)
	if wild {
		d = bruteRoll(c, wildOne)
	}
	return bruteCP(d, cp)
}

var wildSettings = []string{WildCancel, WildCancelKeepOne, WildComplication, WildNone}

func TestRollAgainstBruteForce(t *testing.T) {
	for _, w := range wildSettings {
		for pips := 0; pips <= 3*5+2; pips++ {
			c := dice.FromPips(pips)
			got, want := rollPMF(c, w, dice.TailEpsilon), bruteRoll(c, w)
			if !dice.Equal(got, want, tol) {
				t.Errorf("%s %v:\nfast  %v\nbrute %v", w, c, got.Pairs()[:8], want.Pairs()[:8])
			}
			if math.Abs(got.Total()-1) > tol {
				t.Errorf("%s %v: mass %v", w, c, got.Total())
			}
		}
	}
}

// bruteOdds composes brute-force rolls by the plain rules: difficulty from
// every base and cover total, the damage bonus from every attack total, the
// level from every damage and resistance total. It returns the outcome
// probabilities and the joint (unnormalised) distributions keyed by name.
func bruteOdds(in Input) (hit float64, dists map[string]map[int]float64) {
	dists = map[string]map[int]float64{}
	add := func(name string, v int, p float64) {
		if dists[name] == nil {
			dists[name] = map[int]float64{}
		}
		dists[name][v] += p
	}
	// The combat options as the rules notes and the SRD list them.
	fateAttack := in.FatePoint == "attack" || in.FatePoint == "climactic"
	fateDamage := in.FatePoint == "damage" || in.FatePoint == "climactic"
	skill := in.Skill
	if fateAttack { // 4D+2 is rolled as 8D+4
		skill = dice.Code{Dice: 2 * skill.Dice, Pips: 2 * skill.Pips}
	}
	near := in.Range == RangePointBlank || in.Range == RangeShort
	extra := map[string]int{"all_out": -6, "lunge": 3, "sweep": -6}[in.AttackOption] +
		map[string]int{"crouching": 3, "crouching_moving": 6}[in.Posture] +
		map[string]int{"head": 3, "heart": 12, "arm": 3, "leg": 3, "hand": 12, "object_large": 3, "object_small": 12, "object_tiny": 24}[in.CalledShot]
	if in.Posture == "prone" {
		extra += map[bool]int{true: -6, false: 6}[near]
	}
	damageDice := map[string]int{"all_out": 1, "lunge": -1, "sweep": -3}[in.AttackOption] +
		map[string]int{"object_large": 1, "object_small": 1, "object_tiny": 1}[in.CalledShot]
	damageMod := map[string]int{"head": 12, "heart": 12, "arm": -2, "leg": -1, "hand": -2}[in.CalledShot]
	noBonus := in.CalledShot == "arm" || in.CalledShot == "leg" || in.CalledShot == "hand"

	attack := bruteFor(dice.Code{Dice: skill.Dice + in.AimRounds - in.Actions + 1, Pips: skill.Pips}, in.WildOne, true, in.AttackCP)
	// The defender's Fate Point: the defense skill doubled (before the
	// defender's multi-action penalty), and the resistance's own dice and
	// pips doubled with the armor's added back as they are.
	defSkill, resCode := in.DefenseSkill, in.Resistance
	if in.DefenderFatePoint == "defense" || in.DefenderFatePoint == "climactic" {
		defSkill = dice.Code{Dice: 2 * defSkill.Dice, Pips: 2 * defSkill.Pips}
	}
	if in.DefenderFatePoint == "resistance" || in.DefenderFatePoint == "climactic" {
		own := 3*in.Resistance.Dice + in.Resistance.Pips - 3*in.ResistanceArmor.Dice - in.ResistanceArmor.Pips
		resCode = dice.Code{Dice: 2*(own/3) + in.ResistanceArmor.Dice, Pips: 2*(own%3) + in.ResistanceArmor.Pips}
	}
	base := dice.Const(10)
	switch in.Defense {
	case DefensePartial:
		base = bruteFor(dice.Code{Dice: defSkill.Dice - max(in.DefenseActions, 1) + 1, Pips: defSkill.Pips}, in.WildOne, true, in.DefenseCP)
	case DefenseFull:
		base = bruteFor(defSkill, in.WildOne, true, in.DefenseCP).Shift(10)
	}
	rangeMod := map[string]int{RangePointBlank: -5, RangeShort: 0, RangeMedium: 5, RangeLong: 10}[in.Range]
	coverFixed := map[string]int{CoverNone: 0, CoverLight: 3, CoverHeavy: 6, CoverVeryHeavy: 12}[in.Cover]
	coverDice := map[string]int{CoverNone: 0, CoverLight: 1, CoverHeavy: 2, CoverVeryHeavy: 4}[in.Cover]
	cover := dice.Const(coverFixed)
	if in.CoverDice {
		cover = bruteFor(dice.Code{Dice: coverDice}, in.WildOne, in.CoverWild == "wild", 0)
	}
	difficulty := map[int]float64{}
	base.Each(func(bv int, pb float64) {
		cover.Each(func(cv int, pc float64) { difficulty[max(3, bv+rangeMod+cv+in.Modifier+extra)] += pb * pc })
	})
	for d, p := range difficulty {
		add("difficulty", d, p)
	}
	bonus := map[int]float64{}
	attack.Each(func(a int, pa float64) {
		add("attack_total", a, pa)
		for diff, pd := range difficulty {
			if a >= diff {
				hit += pa * pd
				b := 0
				if in.DamageBonus && !noBonus {
					b = int(math.Ceil(float64(a-diff) / 5))
				}
				bonus[b] += pa * pd
			}
		}
	})
	strength := (in.Strength.Dice + 1) / 2
	if fateDamage {
		strength *= 2
	}
	dmg := bruteFor(dice.Code{Dice: max(0, in.Damage.Dice+strength+damageDice), Pips: in.Damage.Pips}, in.WildOne, true, in.DamageCP)
	dmg = dmg.Map(func(v int) int { return v + damageMod })
	res := bruteFor(resCode, in.WildOne, true, in.ResistanceCP)
	res.Each(func(r int, pr float64) { add("resistance", r, pr) })
	levels := []int{0, 1, 1, 1, 2, 2, 2, 2, 2, 4, 4, 4, 4, 5, 5, 5, 6}
	current := map[string]int{"none": 0, "stunned": 1, "wounded": 2, "severely_wounded": 3, "incapacitated": 4, "mortally_wounded": 5}[in.TargetWound]
	for b, pb := range bonus {
		dmg.Each(func(d int, pd float64) {
			d = max(0, d+b) - b // the damage total never goes below 0
			add("damage", d+b, pb*pd)
			res.Each(func(r int, pr float64) {
				p := pb * pd * pr
				net := d + b - r
				if in.System == SystemBodyPoints {
					lost := max(0, net)
					left := max(0, in.BodyPoints-lost)
					add("body_points_lost", lost, p)
					add("target_after", left, p)
					add("level_after", bodyChart(left, in.BodyPointsMax), p)
					return
				}
				lvl := levels[min(max(net, 0), 16)]
				if in.Stun && lvl > 0 {
					lvl = max(1, lvl-2)
				}
				add("wound_level", lvl, p)
				add("target_after", stackByRule(current, lvl, in.StackEqual), p)
			})
		})
	}
	miss := 1 - hit
	if in.System == SystemBodyPoints {
		add("body_points_lost", 0, miss)
		add("target_after", in.BodyPoints, miss)
		add("level_after", bodyChart(in.BodyPoints, in.BodyPointsMax), miss)
	} else {
		add("wound_level", 0, miss)
		add("target_after", current, miss)
	}
	return hit, dists
}

// bodyChart is the optional chart by percentage left, written out.
func bodyChart(left, maxBP int) int {
	pct := float64(left) * 100 / float64(maxBP)
	switch {
	case left == 0:
		return 6
	case pct >= 81:
		return 0
	case pct >= 60:
		return 1
	case pct >= 40:
		return 2
	case pct >= 20:
		return 3
	case pct >= 10:
		return 4
	}
	return 5
}

// stackByRule is the stacking rule written out from the source.
func stackByRule(cur, res int, stackEqual bool) int {
	if res == 0 {
		return cur
	}
	if res > cur {
		return res
	}
	if res < cur || stackEqual || (res == 2 && cur == 2) {
		return min(6, cur+1)
	}
	return cur
}

func smallInputs() map[string]Input {
	base := DefaultInput()
	base.Skill = dice.Code{Dice: 2, Pips: 1}
	base.Damage = dice.Code{Dice: 2}
	base.Resistance = dice.Code{Dice: 1, Pips: 1}
	set := func(f func(*Input)) Input {
		in := base
		f(&in)
		return in
	}
	return map[string]Input{
		"passive wounds": base,
		"partial keep one bonus": set(func(in *Input) {
			in.Defense, in.DefenseSkill, in.WildOne, in.DamageBonus = DefensePartial, dice.Code{Dice: 2}, WildCancelKeepOne, true
		}),
		"full defense point blank": set(func(in *Input) {
			in.Defense, in.DefenseSkill, in.Range = DefenseFull, dice.Code{Dice: 1, Pips: 2}, RangePointBlank
		}),
		"cover dice, stun, wounded target": set(func(in *Input) {
			in.Cover, in.CoverDice, in.Stun, in.TargetWound, in.Range = CoverLight, true, true, "wounded", RangeLong
		}),
		"no stacking of equals, stunned target": set(func(in *Input) {
			in.StackEqual, in.TargetWound, in.Modifier = false, "stunned", -8
		}),
		"complication, strength, floor": set(func(in *Input) {
			in.WildOne, in.Strength, in.Modifier, in.Range = WildComplication, dice.Code{Dice: 3, Pips: 2}, -12, RangePointBlank
		}),
		"body points": set(func(in *Input) {
			in.System, in.BodyPoints, in.BodyPointsMax, in.DamageBonus, in.Resistance = SystemBodyPoints, 9, 31, true, dice.Code{Pips: 2}
		}),
		"body points, wild none, heavy cover": set(func(in *Input) {
			in.System, in.WildOne, in.Cover, in.BodyPoints, in.BodyPointsMax = SystemBodyPoints, WildNone, CoverHeavy, 12, 12
		}),
		"multi-action": set(func(in *Input) {
			in.Skill, in.Actions, in.Modifier = dice.Code{Dice: 4, Pips: 2}, 3, 1
		}),
		"all-out attack, prone at short, head shot, damage bonus": set(func(in *Input) {
			in.AttackOption, in.Posture, in.CalledShot, in.DamageBonus = OptionAllOut, PostureProne, "head", true
		}),
		"sweep, prone at long, arm shot without the bonus": set(func(in *Input) {
			in.AttackOption, in.Posture, in.Range, in.CalledShot, in.DamageBonus = OptionSweep, PostureProne, RangeLong, "arm", true
			in.Modifier = -10
		}),
		"lunge, crouching and moving, small object, body points": set(func(in *Input) {
			in.AttackOption, in.Posture, in.CalledShot, in.System, in.BodyPoints = OptionLunge, PostureCrouchingMoving, "object_large", SystemBodyPoints, 20
			in.Modifier = -8
		}),
		"fate point on the attack, a round of aiming": set(func(in *Input) {
			in.FatePoint, in.AimRounds, in.Modifier = FateAttack, 1, 4
		}),
		"defender's multi-action penalty, crouching": set(func(in *Input) {
			in.Defense, in.DefenseSkill, in.DefenseActions, in.Posture = DefensePartial, dice.Code{Dice: 3, Pips: 1}, 2, PostureCrouching
		}),
		"defender's Fate Point on a partial defense": set(func(in *Input) {
			in.DefenderFatePoint, in.Defense, in.DefenseSkill = FateDefense, DefensePartial, dice.Code{Dice: 1}
		}),
		"defender's Fate Point on a 1D resistance": set(func(in *Input) {
			in.DefenderFatePoint, in.Resistance = FateResistance, dice.Code{Dice: 1}
		}),
		// Few enough dice for TestResolveAgreesWithOdds to enumerate.
		"character points on attack and damage, regular cover": set(func(in *Input) {
			in.Resistance, in.Cover, in.CoverDice, in.CoverWild = dice.Code{Pips: 1}, CoverLight, true, CoverWildNone
			in.AttackCP, in.DamageCP = 1, 1
		}),
	}
}

// pointInputs are small inputs with Character Points on several rolls:
// too many dice for TestResolveAgreesWithOdds, they are checked against
// the brute-force odds.
func pointInputs() map[string]Input {
	base := DefaultInput()
	base.Skill = dice.Code{Dice: 2, Pips: 1}
	base.Damage = dice.Code{Dice: 2}
	base.Resistance = dice.Code{Dice: 1, Pips: 1}
	set := func(f func(*Input)) Input {
		in := base
		f(&in)
		return in
	}
	return map[string]Input{
		"character points on every roll, regular cover dice": set(func(in *Input) {
			in.Defense, in.DefenseSkill, in.Cover, in.CoverDice, in.CoverWild = DefensePartial, dice.Code{Dice: 1, Pips: 1}, CoverHeavy, true, CoverWildNone
			in.AttackCP, in.DefenseCP, in.DamageCP, in.ResistanceCP = 1, 1, 1, 1
		}),
		"fate point climactic with strength, aiming, hand shot": set(func(in *Input) {
			in.Skill, in.FatePoint, in.AimRounds, in.Strength, in.CalledShot, in.DamageBonus = dice.Code{Dice: 1, Pips: 1}, FateClimactic, 1, dice.Code{Dice: 1}, "hand", true
			in.Range = RangePointBlank
		}),
		"fate point on the attack, aiming 3 rounds, two actions, leg shot": set(func(in *Input) {
			in.FatePoint, in.AimRounds, in.Actions, in.CalledShot, in.DamageBonus, in.Range = FateAttack, 3, 2, "leg", true, RangeMedium
			in.Modifier = 12
		}),
		"fate point on the damage, sweep leaves 0D+2, heart shot": set(func(in *Input) {
			in.FatePoint, in.Strength, in.Damage, in.AttackOption, in.CalledShot = FateDamage, dice.Code{Dice: 2}, dice.Code{Dice: 1, Pips: 2}, OptionSweep, "heart"
			in.DamageCP = 0
		}),
		"defender's Fate Point on a partial defense with two actions": set(func(in *Input) {
			in.DefenderFatePoint, in.Defense, in.DefenseSkill, in.DefenseActions = FateDefense, DefensePartial, dice.Code{Dice: 1, Pips: 1}, 2
			in.Range = RangePointBlank
		}),
		"defender's Fate Point on the resistance, armor 1D of 2D+1": set(func(in *Input) {
			in.DefenderFatePoint, in.Resistance, in.ResistanceArmor, in.Skill = FateResistance, dice.Code{Dice: 2, Pips: 1}, dice.Code{Dice: 1}, dice.Code{Dice: 1}
			in.Damage, in.Modifier = dice.Code{Dice: 3}, -7
		}),
		"defender's climactic Fate Point, full defense, armor 0D+2 of 1D+1, stunned target": set(func(in *Input) {
			in.DefenderFatePoint, in.Defense, in.DefenseSkill, in.Skill = FateClimactic, DefenseFull, dice.Code{Dice: 1}, dice.Code{Dice: 1}
			in.Resistance, in.ResistanceArmor, in.Range, in.Modifier, in.TargetWound = dice.Code{Dice: 1, Pips: 1}, dice.Code{Pips: 2}, RangePointBlank, -10, "stunned"
		}),
		"defender's Fate Point on the defense under Body Points": set(func(in *Input) {
			in.DefenderFatePoint, in.Defense, in.DefenseSkill, in.System, in.BodyPoints = FateDefense, DefensePartial, dice.Code{Dice: 1}, SystemBodyPoints, 15
		}),
		"object under 1 cm against a partial defense with two actions": set(func(in *Input) {
			in.CalledShot, in.Defense, in.DefenseSkill, in.DefenseActions, in.Range = "object_tiny", DefensePartial, dice.Code{Dice: 2}, 2, RangePointBlank
			in.Modifier = -25
		}),
		"two character points on attack and damage, wild cover, body points": set(func(in *Input) {
			in.Cover, in.CoverDice, in.WildOne, in.System, in.DamageBonus = CoverLight, true, WildCancelKeepOne, SystemBodyPoints, true
			in.AttackCP, in.DamageCP, in.CPLimit = 2, 2, CPLimitEasy
		}),
	}
}

func TestOddsAgainstBruteForce(t *testing.T) {
	inputs := smallInputs()
	for name, in := range pointInputs() {
		inputs[name] = in
	}
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) {
			rep, err := Odds(in)
			if err != nil {
				t.Fatal(err)
			}
			hit, dists := bruteOdds(in)
			if p, _ := rep.P("hit"); math.Abs(p-hit) > tol {
				t.Errorf("hit %v, brute %v", p, hit)
			}
			if p, _ := rep.P("miss"); math.Abs(p-(1-hit)) > tol {
				t.Errorf("miss %v, brute %v", p, 1-hit)
			}
			if len(dists) != len(rep.Distributions) {
				t.Errorf("%d distributions, brute force has %d", len(rep.Distributions), len(dists))
			}
			for dn, want := range dists {
				got, ok := rep.Dist(dn)
				if !ok {
					t.Errorf("no distribution %q", dn)
					continue
				}
				scale := 1.0
				if dn == "damage" { // conditional on a hit
					scale = hit
				}
				for v, p := range want {
					if math.Abs(got.P(v)*scale-p) > tol {
						t.Errorf("%s: P(%d) = %v, brute %v", dn, v, got.P(v)*scale, p)
					}
				}
				got.Each(func(v int, p float64) {
					if _, ok := want[v]; !ok && p > tol {
						t.Errorf("%s: P(%d) = %v, brute force never gives it", dn, v, p)
					}
				})
			}
		})
	}
}

func valueOf(r rules.Roll, name string) (int, bool) {
	for _, v := range r.Values {
		if v.Name == name {
			return v.Value, true
		}
	}
	return 0, false
}

// everyRoll resolves every sequence of dice with probability at least minW
// (each die weighing 1/6), calling f for each complete roll. Sequences cut
// short of a complete roll are not resolved; their total mass is returned.
func everyRoll(t *testing.T, in Input, minW float64, f func(r rules.Roll, w float64)) (dropped float64) {
	var rec func(prefix []int, w float64)
	rec = func(prefix []int, w float64) {
		tape := dice.NewFixed(prefix)
		r, err := Resolve(in, tape)
		if err == nil {
			f(r, w)
			return
		}
		if len(tape.Rolls()) != len(prefix) || !strings.Contains(err.Error(), "needs at least") {
			t.Fatalf("dice %v: unexpected error %v", prefix, err)
		}
		if w/6 < minW {
			dropped += w
			return
		}
		for v := 1; v <= 6; v++ {
			rec(append(prefix[:len(prefix):len(prefix)], v), w/6)
		}
	}
	rec(nil, 1)
	return dropped
}

// tiny shrinks an input to one die per roll (two for damage with a
// Strength bonus), so that every sequence of dice can be resolved.
func tiny(in Input) Input {
	in.Skill = dice.Code{Dice: in.Actions, Pips: 1}
	in.DefenseSkill = dice.Code{Dice: max(1, in.DefenseActions), Pips: 1}
	in.Damage = dice.Code{Dice: 1}
	if in.Strength.Dice > 0 {
		in.Strength = dice.Code{Dice: 1, Pips: 2}
	}
	if in.Resistance.Dice > 0 {
		in.Resistance = dice.Code{Dice: 1}
	}
	return in
}

func TestResolveAgreesWithOdds(t *testing.T) {
	if testing.Short() {
		t.Skip("enumerates every roll")
	}
	for name, in := range smallInputs() {
		in := tiny(in)
		t.Run(name, func(t *testing.T) {
			rep, err := Odds(in)
			if err != nil {
				t.Fatal(err)
			}
			outcomes := map[string]float64{}
			seen := map[string]map[int]float64{}
			dropped := everyRoll(t, in, math.Pow(6, -10), func(r rules.Roll, w float64) {
				outcomes[r.Outcome] += w
				for _, flag := range []string{"critical_failure", "complication"} {
					if v, _ := valueOf(r, flag); v == 1 {
						outcomes[flag] += w
					}
				}
				for _, v := range r.Values {
					if seen[v.Name] == nil {
						seen[v.Name] = map[int]float64{}
					}
					seen[v.Name][v.Value] += w
				}
			})
			// Each resolved probability is a lower bound of the exact one,
			// short of it by at most the mass of the cut sequences.
			// Sums of up to a million weights carry rounding above 1e-12.
			const sumTol = 1e-10
			check := func(what string, exact, resolved float64) {
				if resolved > exact+sumTol || exact > resolved+dropped+sumTol {
					t.Errorf("%s: odds %v, resolved %v (+ at most %v cut)", what, exact, resolved, dropped)
				}
			}
			for _, o := range rep.Outcomes {
				check(o.Name, o.P, outcomes[o.Name])
			}
			pHit, _ := rep.P("hit")
			if len(seen) != len(rep.Distributions)+2 { // + the two flags
				t.Errorf("resolved values %d, odds distributions %d", len(seen), len(rep.Distributions))
			}
			for _, d := range rep.Distributions {
				scale := 1.0
				if d.Name == "damage" || d.Name == "resistance" { // rolled on a hit only
					scale = pHit
				}
				d.PMF.Each(func(v int, p float64) { check(d.Name+"="+itoa(v), p*scale, seen[d.Name][v]) })
				for v := range seen[d.Name] {
					if d.PMF.P(v) == 0 {
						t.Errorf("%s: resolved %d, which the odds never give", d.Name, v)
					}
				}
			}
			if dropped > 1e-3 {
				t.Errorf("cut mass %v is too large for a useful check", dropped)
			}
		})
	}
}

func itoa(v int) string {
	if v < 0 {
		return "-" + itoa(-v)
	}
	if v < 10 {
		return string(rune('0' + v))
	}
	return itoa(v/10) + itoa(v%10)
}

// TestRollTapeAgreesWithPMF resolves every sequence of dice for one roll,
// deep into the Wild Die's re-rolls, against the exact distribution.
func TestRollTapeAgreesWithPMF(t *testing.T) {
	for _, w := range wildSettings {
		for _, c := range []dice.Code{{Pips: 2}, {Dice: 1}, {Dice: 1, Pips: 2}, {Dice: 2}, {Dice: 3, Pips: 1}} {
			want := rollPMF(c, w, dice.TailEpsilon)
			got := map[int]float64{}
			crit := 0.0
			dropped := 0.0
			var rec func(prefix []int, wt float64)
			rec = func(prefix []int, wt float64) {
				tape := dice.NewFixed(prefix)
				var steps []string
				r, err := rollTape(tape, c, "test", w, &steps)
				if err == nil {
					if tape.Done() != nil || len(steps) != 1 {
						t.Fatalf("%v: dice %v left over or steps %q", c, prefix, steps)
					}
					got[r.Total] += wt
					if r.Critical {
						crit += wt
					}
					return
				}
				if wt < 1e-13 {
					dropped += wt
					return
				}
				for v := 1; v <= 6; v++ {
					rec(append(prefix[:len(prefix):len(prefix)], v), wt/6)
				}
			}
			rec(nil, 1)
			for v, p := range got {
				if p > want.P(v)+tol || want.P(v) > p+dropped+tol {
					t.Errorf("%s %v: P(%d) resolved %v, exact %v", w, c, v, p, want.P(v))
				}
			}
			if wantCrit := map[bool]float64{true: 0, false: 1.0 / 6}[c.Dice == 0]; math.Abs(crit-wantCrit) > tol {
				t.Errorf("%s %v: first-toss 1 with probability %v", w, c, crit)
			}
			if dropped > 1e-10 {
				t.Errorf("%v: cut %v", c, dropped)
			}
		}
	}
}
