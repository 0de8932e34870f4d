package rollunder

import (
	"math"
	"math/big"
	"strings"
	"testing"

	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/rulestest"
)

// ratDist is a distribution in exact fractions.
type ratDist map[int]*big.Rat

func (d ratDist) add(v int, p *big.Rat) {
	if d[v] == nil {
		d[v] = new(big.Rat)
	}
	d[v].Add(d[v], p)
}

func (d ratDist) float() dice.PMF {
	m := map[int]float64{}
	for v, p := range d {
		m[v], _ = p.Float64()
	}
	return dice.FromMap(m)
}

// exactLuck is the exact odds of an attack with both sides' Test LUCK.
type exactLuck struct {
	out                                    map[string]*big.Rat
	damage, loss, critEffect, fumbleEffect ratDist
}

// luckyPairs counts the pairs of d6 whose sum is at most luck: a Test LUCK
// as the note writes it (2d6 <= LUCK, equal counts).
func luckyPairs(luck int) int64 {
	n := int64(0)
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a+b <= luck {
				n++
			}
		}
	}
	return n
}

// bruteLuck enumerates every die of an attack in fractions, by the note
// as written and the decisions of issue 27: a critical is first tested by
// the target (targetLuck 0: no test); lucky, it is a normal hit with the
// dice already rolled; unlucky, the critical table is rolled, and on 12 a
// second test at LUCK - 1 (none left: no test) gives 0 STAMINA instead of
// decapitation. A fumble is first tested by the attacker (atkLuck 0: no
// test); lucky, the round is lost and no table is rolled. The table
// entries are read from the note's lists, not from the package's kinds.
func bruteLuck(bs bruteSide, targetLuck, atkLuck int) exactLuck {
	r := exactLuck{out: map[string]*big.Rat{}, damage: ratDist{}, loss: ratDist{}, critEffect: ratDist{}, fumbleEffect: ratDist{}}
	for _, n := range []string{"hit", "miss", "crit", "fumble", "zero", "decap", "crit_lucky", "fumble_lucky", "self", "guard"} {
		r.out[n] = new(big.Rat)
	}
	read := func(tr Track, roll int) int { return tr[min(max(roll, 1), 7)-1] }
	prot := func(face int) int { return read(bs.base, face+bs.protMod) + read(bs.shield, face+bs.protMod) }
	faces := []int{1, 2, 3, 4, 5, 6}
	protFaces := faces
	if bs.noProtection {
		protFaces = []int{1}
	}
	mul := func(p *big.Rat, num, den int64) *big.Rat { return new(big.Rat).Mul(p, big.NewRat(num, den)) }
	pProt := int64(len(protFaces))
	add := func(dmg, loss int, p *big.Rat) {
		r.damage.add(dmg, p)
		r.loss.add(loss, p)
	}
	test := func(luck int) (yes, no int64) {
		if luck <= 0 {
			return 0, 36
		}
		n := luckyPairs(luck)
		return n, 36 - n
	}
	// hitWith adds a hit whose damage the critical entry c changes (c = 0
	// for a normal hit), over the weapon and protection dice.
	hitWith := func(c int, p *big.Rat) {
		dm := bs.dmgMod
		for _, wd := range faces {
			for _, pd := range protFaces {
				q := mul(p, 1, 6*pProt)
				var dmg int
				switch c {
				case 3, 6, 10:
					dmg = 2 * read(bs.weapon, wd+dm)
				case 4:
					dmg = read(bs.weapon, 6+dm)
				case 7, 8:
					dmg = read(bs.weapon, wd+dm+2)
				case 11:
					d1 := 2 * read(bs.weapon, wd+dm)
					for _, w2 := range faces {
						for _, p2 := range protFaces {
							d2 := read(bs.weapon, w2+dm+2)
							add(d1+d2, max(0, d1-prot(pd))+max(0, d2-prot(p2)), mul(q, 1, 6*pProt))
						}
					}
					continue
				default: // 0, 5, 9: normal damage
					dmg = read(bs.weapon, wd+dm)
				}
				add(dmg, max(0, dmg-prot(pd)), q)
			}
		}
	}
	fumbleFace, critFace := 1, 6
	if bs.defence {
		fumbleFace, critFace = 6, 1
	}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			w := big.NewRat(1, 36)
			lands := (a+b < bs.target) != bs.defence
			switch {
			case a == fumbleFace && b == fumbleFace:
				r.out["fumble"].Add(r.out["fumble"], w)
				r.out["miss"].Add(r.out["miss"], w)
				add(0, 0, w)
				yes, no := test(atkLuck)
				r.out["fumble_lucky"].Add(r.out["fumble_lucky"], mul(w, yes, 36))
				r.fumbleEffect.add(0, mul(w, yes, 36))
				for f1 := 1; f1 <= 6; f1++ {
					for f2 := 1; f2 <= 6; f2++ {
						q := mul(w, no, 36*36)
						r.fumbleEffect.add(f1+f2, q)
						switch f1 + f2 {
						case 2, 3, 12: // hit self or ally, hit self, a critical on self
							r.out["self"].Add(r.out["self"], q)
						case 4, 10: // the next attack: double damage, no armor roll
							r.out["guard"].Add(r.out["guard"], q)
						}
					}
				}
			case a == critFace && b == critFace:
				r.out["crit"].Add(r.out["crit"], w)
				r.out["hit"].Add(r.out["hit"], w)
				yes, no := test(targetLuck)
				r.out["crit_lucky"].Add(r.out["crit_lucky"], mul(w, yes, 36))
				r.critEffect.add(0, mul(w, yes, 36))
				hitWith(0, mul(w, yes, 36))
				for c1 := 1; c1 <= 6; c1++ {
					for c2 := 1; c2 <= 6; c2++ {
						q := mul(w, no, 36*36)
						r.critEffect.add(c1+c2, q)
						switch c1 + c2 {
						case 2:
							r.out["zero"].Add(r.out["zero"], q)
						case 12:
							yes2, no2 := test(targetLuck - 1)
							r.out["zero"].Add(r.out["zero"], mul(q, yes2, 36))
							r.out["decap"].Add(r.out["decap"], mul(q, no2, 36))
						default:
							hitWith(c1+c2, q)
						}
					}
				}
			case lands:
				r.out["hit"].Add(r.out["hit"], w)
				hitWith(0, w)
			default:
				r.out["miss"].Add(r.out["miss"], w)
				add(0, 0, w)
			}
		}
	}
	return r
}

// luckPairs are the (target_luck, attacker_luck) pairs the checks run:
// no tests, each side alone, LUCK 1 (no second test against decapitation),
// 2 (a second test at 1, never lucky), 12 (always lucky) and typical values.
var luckPairs = [][2]int{{0, 0}, {9, 0}, {0, 7}, {1, 1}, {2, 12}, {12, 2}, {8, 11}}

// checkExact compares a report with bruteLuck.
func checkExact(t *testing.T, rep rules.Report, want exactLuck, n names) {
	t.Helper()
	for report, brute := range map[string]string{n.hit: "hit", n.miss: "miss", n.crit: "crit", n.fumble: "fumble",
		"critical_zero_stamina": "zero", "critical_decapitated": "decap", "critical_lucky": "crit_lucky",
		"fumble_lucky": "fumble_lucky", "fumble_hits_self": "self", "fumble_drops_guard": "guard"} {
		w, _ := want.out[brute].Float64()
		if got, ok := rep.P(report); !ok || math.Abs(got-w) > tol {
			t.Errorf("P(%s) = %v (present %v), exact %v", report, got, ok, want.out[brute].RatString())
		}
	}
	if len(rep.Outcomes) != 10 {
		t.Errorf("%d outcomes, want 10", len(rep.Outcomes))
	}
	for name, d := range map[string]ratDist{"damage": want.damage, "stamina_loss": want.loss,
		"critical_effect": want.critEffect, "fumble_effect": want.fumbleEffect} {
		w := d.float()
		if name == "critical_effect" || name == "fumble_effect" {
			w = w.Normalize() // given a critical, given a fumble
		}
		if got, ok := rep.Dist(name); !ok || !dice.Equal(got, w, tol) {
			t.Errorf("%s = %v, exact %v", name, got.Pairs(), w.Pairs())
		}
	}
	if m, _ := rep.Mean("stamina_loss"); math.Abs(m-want.loss.float().Mean()) > tol {
		t.Errorf("mean stamina_loss %v, exact %v", m, want.loss.float().Mean())
	}
}

func luckSide(in Input) bruteSide {
	b := bruteSide{target: in.Physical + in.Skill + in.Modifier, weapon: bruteWeapon(in.Weapon),
		dmgMod: in.DamageModifier, protMod: in.ProtectionModifier}
	if !in.Ranged {
		b.target -= in.OpponentSkill
	}
	bruteGuard(&b, in.Armor, in.Shield, in.Dodge, in.DodgeShield, false)
	return b
}

func luckDefendSide(in DefendInput) bruteSide {
	own := in.Skill
	if in.DefendWith == DefendDodge {
		own = in.Dodge
	}
	b := bruteSide{target: in.Physical + in.AttackerSkill - own + in.Modifier, defence: true,
		weapon: bruteWeapon(in.Weapon), dmgMod: in.DamageModifier, protMod: in.ProtectionModifier}
	bruteGuard(&b, in.Armor, in.Shield, in.Dodge, in.DodgeShield, in.DefendWith == DefendArmorSkill)
	return b
}

func TestLuckOddsAgainstExactEnumeration(t *testing.T) {
	for name, base := range bruteInputs() {
		for _, l := range luckPairs {
			in := base
			in.TargetLuck, in.AttackerLuck = l[0], l[1]
			rep, err := Odds(in)
			if err != nil {
				t.Fatal(err)
			}
			t.Run(name, func(t *testing.T) { checkExact(t, rep, bruteLuck(luckSide(in), l[0], l[1]), attackWords) })
		}
	}
	for name, base := range bruteDefendInputs() {
		for _, l := range luckPairs {
			in := base
			in.TargetLuck, in.AttackerLuck = l[0], l[1]
			rep, err := DefendOdds(in)
			if err != nil {
				t.Fatal(err)
			}
			t.Run("defend "+name, func(t *testing.T) { checkExact(t, rep, bruteLuck(luckDefendSide(in), l[0], l[1]), defendWords) })
		}
	}
}

func TestLuckResolveAgreesWithOdds(t *testing.T) {
	for _, l := range luckPairs[1:] {
		in := DefaultInput()
		in.Armor, in.TargetLuck, in.AttackerLuck = "jacket", l[0], l[1]
		rep, err := Odds(in)
		if err != nil {
			t.Fatal(err)
		}
		checkResolve(t, rep, func(tp *dice.Tape) (rules.Roll, error) { return Resolve(in, tp) }, attackWords)
		d := DefaultDefendInput()
		d.Dodge, d.DefendWith, d.TargetLuck, d.AttackerLuck = 2, DefendDodge, l[0], l[1]
		rep, err = DefendOdds(d)
		if err != nil {
			t.Fatal(err)
		}
		checkResolve(t, rep, func(tp *dice.Tape) (rules.Roll, error) { return ResolveDefend(d, tp) }, defendWords)
	}
}

// TestLuckExamples: the numbers worked by hand from the note, for a sword
// against LUCK 9 (then 8 for decapitation) and an attacker with LUCK 7.
func TestLuckExamples(t *testing.T) {
	in := DefaultInput() // sword against no armor
	in.TargetLuck, in.AttackerLuck = 9, 7
	rep, err := Odds(in)
	if err != nil {
		t.Fatal(err)
	}
	// 2d6 <= 9: 30 in 36; <= 8: 26 in 36; <= 7: 21 in 36.
	crit := 1.0 / 36
	for name, want := range map[string]float64{
		"critical_lucky":        crit * 30 / 36,
		"critical_zero_stamina": crit * 6 / 36 * (1.0/36 + 1.0/36*26/36),
		"critical_decapitated":  crit * 6 / 36 * 1.0 / 36 * 10 / 36,
		"fumble_lucky":          crit * 21 / 36,
		"fumble_hits_self":      crit * 15 / 36 * 4 / 36,
		"fumble_drops_guard":    crit * 15 / 36 * 6 / 36,
	} {
		if got, _ := rep.P(name); math.Abs(got-want) > tol {
			t.Errorf("P(%s) = %v, want %v", name, got, want)
		}
	}
	fe, _ := rep.Dist("fumble_effect")
	if math.Abs(fe.P(0)-21.0/36) > tol {
		t.Errorf("fumble_effect(0) = %v, want 21/36", fe.P(0))
	}
	for _, d := range rep.Distributions {
		if d.Name == "critical_effect" && d.Label(0) != critLucky || d.Name == "fumble_effect" && d.Label(0) != fumbleLucky {
			t.Errorf("%s label of 0 = %q", d.Name, d.Label(0))
		}
	}
}

// TestLuckTrace: a critical on the player with LUCK 9, unlucky (11), the
// table's 12, then lucky at LUCK 8 (5): 0 STAMINA instead of decapitated.
func TestLuckTrace(t *testing.T) {
	in := DefaultDefendInput()
	in.TargetLuck = 9
	r, err := ResolveDefend(in, dice.NewFixed([]int{1, 1, 3, 5, 6, 6, 6, 2, 3}))
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome != "critical_hit" || r.Result != "Critical hit on you: you drop to 0 STAMINA." {
		t.Errorf("outcome %q, result %q", r.Outcome, r.Result)
	}
	steps := strings.Join(r.Steps, "\n")
	for _, want := range []string{"Your Test LUCK: 5 + 6 = 11, more than LUCK 9: unlucky; LUCK drops to 8 either way.",
		"Critical roll 6 + 6 = 12", "Your Test LUCK: 2 + 3 = 5, at most LUCK 8: lucky; LUCK drops to 7 either way.",
		"Lucky: you drop to 0 STAMINA instead."} {
		if !strings.Contains(steps, want) {
			t.Errorf("steps lack %q:\n%s", want, steps)
		}
	}
	if v, _ := valueOf(r, "target_luck_after"); v != 7 {
		t.Errorf("target_luck_after %d, want 7", v)
	}

	// The attacker's fumble softened: LUCK 7 against 3 + 4.
	a := DefaultInput()
	a.AttackerLuck = 7
	r, err = Resolve(a, dice.NewFixed([]int{1, 1, 3, 4}))
	if err != nil {
		t.Fatal(err)
	}
	if r.Result != "Miss and fumble, softened by LUCK: the round is lost." {
		t.Errorf("result %q", r.Result)
	}
	if v, ok := valueOf(r, "fumble_effect"); !ok || v != 0 {
		t.Errorf("fumble_effect %d %v, want 0", v, ok)
	}
	if v, _ := valueOf(r, "attacker_luck_after"); v != 6 {
		t.Errorf("attacker_luck_after %d, want 6", v)
	}
	// A critical the target's LUCK turns into a normal hit: sword die 6 is 4.
	a.TargetLuck = 9
	r, err = Resolve(a, dice.NewFixed([]int{6, 6, 6, 4, 5}))
	if err != nil {
		t.Fatal(err)
	}
	if r.Result != "Critical turned into a normal hit by LUCK: 4 STAMINA lost." {
		t.Errorf("result %q", r.Result)
	}
}

// FuzzLuck: the LUCK fields with the others: Validate, Odds and Resolve
// agree; the parts of a critical and of a fumble never exceed them; every
// resolved flag and value is possible in the report.
func FuzzLuck(f *testing.F) {
	f.Add(false, 4, 3, 1, uint8(0), uint8(0), 0, 9, 7, uint64(1))
	f.Add(true, 12, 12, 0, uint8(10), uint8(7), 6, 12, 12, uint64(2))
	f.Add(false, 1, 0, 12, uint8(3), uint8(3), 2, 1, 1, uint64(3))
	f.Add(true, 4, 0, 2, uint8(1), uint8(0), 3, -1, 13, uint64(4))
	f.Fuzz(func(t *testing.T, defend bool, physical, skill, other int, weapon, armor uint8, dodge, targetLuck, atkLuck int, seed uint64) {
		w, ar := Weapons(), Armors()
		var (
			rep             rules.Report
			valid, oe, re   error
			roll            rules.Roll
			crit, fumble    string
			in              any
			weaponID, armID = w[int(weapon)%len(w)].ID, ar[int(armor)%len(ar)].ID
		)
		if defend {
			d := DefaultDefendInput()
			d.Physical, d.AttackerSkill, d.Skill, d.Weapon, d.Armor, d.Dodge = physical, skill, other, weaponID, armID, dodge
			d.TargetLuck, d.AttackerLuck = targetLuck, atkLuck
			valid, in, crit, fumble = d.Validate(), d, "critical_hit", "attacker_fumbles"
			rep, oe = DefendOdds(d)
			roll, re = ResolveDefend(d, dice.NewSeeded(seed))
		} else {
			a := DefaultInput()
			a.Physical, a.Skill, a.OpponentSkill, a.Weapon, a.Armor, a.Dodge = physical, skill, other, weaponID, armID, dodge
			a.TargetLuck, a.AttackerLuck = targetLuck, atkLuck
			valid, in, crit, fumble = a.Validate(), a, "critical", "fumble"
			rep, oe = Odds(a)
			roll, re = Resolve(a, dice.NewSeeded(seed))
		}
		if !rulestest.Agree(t, in, valid, oe, re) {
			return
		}
		p := func(n string) float64 { v, _ := rep.P(n); return v }
		if p("critical_lucky")+p("critical_zero_stamina")+p("critical_decapitated") > p(crit)+tol ||
			p("fumble_lucky")+p("fumble_hits_self")+p("fumble_drops_guard") > p(fumble)+tol {
			t.Fatalf("%+v: the parts exceed the whole: %v", in, rep.Outcomes)
		}
		if p(roll.Outcome) == 0 {
			t.Fatalf("%+v: resolved %s, odds 0", in, roll.Outcome)
		}
		for _, v := range roll.Values {
			if d, ok := rep.Dist(v.Name); ok && d.Normalize().P(v.Value) == 0 {
				t.Fatalf("%+v: resolved %s = %d, odds 0", in, v.Name, v.Value)
			}
			if _, ok := rep.P(v.Name); ok && p(v.Name) == 0 {
				t.Fatalf("%+v: resolved flag %s, odds 0", in, v.Name)
			}
		}
	})
}
