package skirmish

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"

	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/dice/dicetest"
)

const tol = 1e-12

// This file checks the fast exact path against brute force. The plain rules
// below are written from shared/rules/skirmish.md independently of the
// package: count the faces, subtract the penalty counts, keep by policy.

// sideKey is what one side's dice decide: the kept sum, the total of the
// dice not kept, and whether the kept pair is a double (and of sixes).
type sideKey struct {
	score, rest int
	double, six bool
}

// plainKeep applies the keep policy to remaining face counts (left[f] dice
// show face f, f = 1..6).
func plainKeep(left [7]int, keep string) sideKey {
	total, count := 0, 0
	for f := 1; f <= 6; f++ {
		total += f * left[f]
		count += left[f]
	}
	var k sideKey
	if keep == KeepPreferDouble {
		for f := 6; f >= 1; f-- {
			if left[f] >= 2 {
				return sideKey{score: 2 * f, rest: total - 2*f, double: true, six: f == 6}
			}
		}
	}
	// the two highest
	var kept []int
	for f := 6; f >= 1 && len(kept) < 2; f-- {
		for range min(left[f], 2-len(kept)) {
			kept = append(kept, f)
		}
	}
	for _, f := range kept {
		k.score += f
	}
	k.rest = total - k.score
	k.double = len(kept) == 2 && kept[0] == kept[1]
	k.six = k.double && kept[0] == 6
	return k
}

// plainSide cancels penalty faces against pool faces and keeps.
func plainSide(pool, pen []int, keep string) sideKey {
	var c, p, left [7]int
	for _, v := range pool {
		c[v]++
	}
	for _, v := range pen {
		p[v]++
	}
	for f := 1; f <= 6; f++ {
		left[f] = max(c[f]-p[f], 0)
	}
	return plainKeep(left, keep)
}

// bruteSide enumerates every tuple of one side's dice.
func bruteSide(n, q int, keep string) map[sideKey]float64 {
	out := map[sideKey]float64{}
	w := math.Pow(6, -float64(n+q))
	dicetest.Tuples(n+q, 6, func(t []int) { out[plainSide(t[:n], t[n:], keep)] += w })
	return out
}

// poolSide builds one side's law from dice.CancelledPool (an independent
// enumeration of remainders) for sizes too large to enumerate tuples.
func poolSide(n, q int, keep string) map[sideKey]float64 {
	out := map[sideKey]float64{}
	for _, o := range dice.CancelledPool(n, q, 6) {
		var left [7]int
		for i, c := range o.Counts {
			left[i+1] = c
		}
		out[plainKeep(left, keep)] += o.P
	}
	return out
}

// expected is a report computed by the plain rules: outcome probabilities
// and distributions as value → probability.
type expected struct {
	outcomes map[string]float64
	dists    map[string]map[int]float64
}

// plainTable reads the damage table as the rules note prints it.
func plainTable(table []int, diff int) (int, bool) {
	switch {
	case diff >= 12:
		return 0, true
	case diff <= 2:
		return table[0], false
	case diff <= 4:
		return table[1], false
	case diff <= 6:
		return table[2], false
	case diff <= 8:
		return table[3], false
	default:
		return table[diff-9+4], false
	}
}

// newExpected is a report with every outcome and distribution name at 0.
func newExpected() expected {
	e := expected{outcomes: map[string]float64{}, dists: map[string]map[int]float64{}}
	for _, n := range distNames {
		e.dists[n] = map[int]float64{}
	}
	for _, n := range outcomeNames {
		e.outcomes[n] = 0
	}
	return e
}

// plainReport compares every pair of side results by the plain rules.
func plainReport(att, def map[sideKey]float64, in Input) expected {
	table := in.DamageTable
	if len(table) == 0 {
		table = []int{2, 3, 4, 5, 6, 7, 8} // the rules note's default table
	}
	e := newExpected()
	useForce := in.ForceAttack != ForceAttackNever
	fallD, fallA := plainFall(in.DefenderAptitude), plainFall(in.AttackerAptitude)
	for a, pa := range att {
		for d, pd := range def {
			p := pa * pd
			e.dists["attack_score"][a.score] += p
			e.dists["defense_score"][d.score] += p
			force := a.six && useForce
			if a.double && !a.six {
				e.outcomes["special_attack"] += p
			}
			if force {
				e.outcomes["force_attack"] += p
				e.outcomes["weapon_breaks"] += p * plainBreak(in)
				e.outcomes["defender_falls"] += p * fallD
			}
			if d.double && !d.six {
				e.outcomes["special_defense"] += p
			}
			if d.six {
				e.outcomes["off_balance_or_riposte"] += p
				if plainOffBalance(in, a.score, d.score) {
					e.outcomes["attacker_falls"] += p * fallA
				}
			}
			if a.score == d.score {
				e.outcomes["tie_first_comparison"] += p
			}
			if a.score > d.score || (a.score == d.score && a.rest > d.rest) {
				diff := a.score - d.score
				e.outcomes["attacker_wins"] += p
				e.dists["difference"][diff] += p
				pts, dead := plainTable(table, diff)
				if dead {
					e.outcomes["instant_death"] += p
				} else {
					armor, bonus := in.Armor, 0
					if force { // armor to zero, or +1 unarmoured; and +1
						armor, bonus = 0, 1
						if in.Armor == 0 {
							bonus = 2
						}
					}
					dmg := pts - armor
					if dmg < 0 {
						dmg = 0
					}
					e.dists["damage"][dmg+bonus+in.ExtraDamage] += p
				}
			} else {
				e.outcomes["defender_wins"] += p
				e.dists["damage"][0] += p
			}
		}
	}
	return e
}

// outcomeNames are the outcomes a melee report holds.
var outcomeNames = []string{"attacker_wins", "defender_wins", "instant_death", "tie_first_comparison",
	"special_attack", "force_attack", "weapon_breaks", "special_defense", "off_balance_or_riposte",
	"riposte", "riposte_instant_death", "defender_falls", "attacker_falls"}

// plainFallRat is the exact chance that an aptitude test of k dice shows
// no double, so that a fighter thrown off balance falls: the k-tuples with
// no two faces alike, counted one by one (none from 7 dice: six faces).
func plainFallRat(k int) *big.Rat {
	if k > 6 {
		return new(big.Rat)
	}
	all, apart := int64(0), int64(0)
	dicetest.Tuples(k, 6, func(t []int) {
		all++
		for i := range t {
			for j := range i {
				if t[i] == t[j] {
					return
				}
			}
		}
		apart++
	})
	return big.NewRat(apart, all)
}

func plainFall(k int) float64 {
	f, _ := plainFallRat(k).Float64()
	return f
}

// plainOffBalance reports whether the defender's kept double 6 throws the
// attacker off balance: defender_effect_six off_balance always; best when
// the defender's score is not higher (a higher one ripostes instead).
func plainOffBalance(in Input, sa, sd int) bool {
	return in.DefenderDoubleSix == "off_balance" || (in.DefenderDoubleSix == "best" && sd <= sa)
}

// distNames are the distributions a melee report holds.
var distNames = []string{"difference", "damage", "attack_score", "defense_score", "riposte_damage"}

// plainBreak is the chance that a Force attack breaks at least one weapon,
// from the seed's table: bone 1–2 on a d6, stone 1, metal 1 and then 1.
func plainBreak(in Input) float64 {
	chance := map[string]float64{"": 2.0 / 6, "bone": 2.0 / 6, "stone": 1.0 / 6, "metal": 1.0 / 36}
	holds := 1 - chance[in.Weapon]
	if in.SecondWeapon != "" && in.SecondWeapon != "none" {
		holds *= 1 - chance[in.SecondWeapon]
	}
	return 1 - holds
}

// checkReport compares a report with the expected values, distribution
// totals and means included.
func checkReport(t *testing.T, got rules.Report, want expected) {
	t.Helper()
	checkReportTol(t, got, want, tol)
}

// checkReportTol is checkReport within a given tolerance (sums over many
// rolls of unequal weights round a little more).
func checkReportTol(t *testing.T, got rules.Report, want expected, tol float64) {
	t.Helper()
	for name, p := range want.outcomes {
		g, ok := got.P(name)
		if !ok || math.Abs(g-p) > tol {
			t.Errorf("outcome %s = %v (present %v), want %v", name, g, ok, p)
		}
	}
	if len(got.Outcomes) != len(want.outcomes) {
		t.Errorf("%d outcomes, want %d", len(got.Outcomes), len(want.outcomes))
	}
	for name, w := range want.dists {
		pmf, ok := got.Dist(name)
		if !ok {
			t.Errorf("no distribution %s", name)
			continue
		}
		var b dice.Builder
		sum, mass := 0.0, 0.0
		for v, p := range w {
			b.Add(v, p)
			sum += float64(v) * p
			mass += p
		}
		if !dice.Equal(pmf, b.PMF(), tol) {
			t.Errorf("distribution %s = %v, want %v", name, pmf.Pairs(), b.PMF().Pairs())
		}
		if m, ok := got.Mean(name); ok && math.Abs(m-sum/mass) > 1e-9 {
			t.Errorf("mean %s = %v, want %v", name, m, sum/mass)
		}
	}
	for _, m := range got.Means {
		if _, ok := want.dists[m.Name]; !ok {
			t.Errorf("mean %s has no distribution to check it", m.Name)
		}
	}
}

// sizes are attack dice, attack penalty, defense dice, defense penalty.
type sizes struct{ na, qa, nd, qd int }

func (s sizes) String() string { return fmt.Sprintf("%d+%d_vs_%d+%d", s.na, s.qa, s.nd, s.qd) }

func (s sizes) input(keep string) Input {
	in := DefaultInput()
	in.AttackDice, in.AttackPenalty, in.DefenseDice, in.DefensePenalty = s.na, s.qa, s.nd, s.qd
	in.Keep = keep
	return in
}

func TestOddsAgainstBruteForce(t *testing.T) {
	cases := []struct {
		s      sizes
		mutate func(*Input)
	}{
		{sizes{3, 1, 3, 1}, nil},
		{sizes{4, 2, 2, 1}, nil},
		{sizes{5, 1, 3, 1}, nil}, // the seed's example sizes
		{sizes{1, 4, 5, 0}, nil},
		{sizes{2, 2, 1, 1}, func(in *Input) { in.Armor = 0; in.ExtraDamage = 2 }}, // instant death is possible
		{sizes{1, 0, 1, 1}, nil},
		{sizes{6, 0, 2, 2}, func(in *Input) { in.Armor = 6 }},
		{sizes{4, 1, 4, 1}, func(in *Input) { in.DamageTable = []int{0, 1, 20, 3, 4, 5, 9}; in.Armor = 2; in.ExtraDamage = 1 }},
		{sizes{4, 0, 3, 0}, func(in *Input) { in.Armor = 0; in.Weapon = MaterialMetal; in.SecondWeapon = MaterialStone }},
		{sizes{4, 0, 3, 1}, func(in *Input) { in.Armor = 3; in.ForceAttack = ForceAttackNever }},
		{sizes{5, 1, 2, 0}, func(in *Input) { in.Armor = 4; in.ExtraDamage = 2; in.Weapon = ""; in.SecondWeapon = "" }},
	}
	for _, tc := range cases {
		for _, keep := range []string{KeepHighest, KeepPreferDouble} {
			t.Run(tc.s.String()+"_"+keep, func(t *testing.T) {
				in := tc.s.input(keep)
				if tc.mutate != nil {
					tc.mutate(&in)
				}
				got, err := Odds(in)
				if err != nil {
					t.Fatal(err)
				}
				want := plainReport(bruteSide(in.AttackDice, in.AttackPenalty, keep),
					bruteSide(in.DefenseDice, in.DefensePenalty, keep), in)
				checkReport(t, got, want)
			})
		}
	}
}

// TestOddsAgainstCancelledPool checks medium and the largest sizes against
// the remainders enumerated by dice.CancelledPool.
func TestOddsAgainstCancelledPool(t *testing.T) {
	list := []sizes{{8, 3, 6, 2}, {12, 4, 12, 4}, {12, 0, 1, 4}, {2, 4, 10, 1}}
	if testing.Short() {
		list = list[:1]
	}
	for _, s := range list {
		for _, keep := range []string{KeepHighest, KeepPreferDouble} {
			t.Run(s.String()+"_"+keep, func(t *testing.T) {
				in := s.input(keep)
				got, err := Odds(in)
				if err != nil {
					t.Fatal(err)
				}
				checkReport(t, got, plainReport(poolSide(s.na, s.qa, keep), poolSide(s.nd, s.qd, keep), in))
			})
		}
	}
}

// resolveAll calls f with every roll Resolve makes from the confrontation
// dice d and every sequence of breakage dice the roll then asks for, each
// with its probability (w for d, divided by 6 per breakage die).
func resolveAll(in Input, d []int, w float64, f func(rules.Roll, float64)) error {
	r, err := Resolve(in, dice.NewFixed(d))
	if err == nil {
		f(r, w)
		return nil
	}
	if !strings.Contains(err.Error(), "breakage die") && !strings.Contains(err.Error(), "aptitude die") {
		return err
	}
	for face := 1; face <= 6; face++ {
		if err := resolveAll(in, append(slices.Clone(d), face), w/6, f); err != nil {
			return err
		}
	}
	return nil
}

// TestResolveAgreesWithOdds resolves every tuple of dice with Resolve and
// weights it 6^-n: the outcome, flags and numbers must add up to Odds.
func TestResolveAgreesWithOdds(t *testing.T) {
	cases := []struct {
		s      sizes
		mutate func(*Input)
	}{
		{sizes{2, 1, 2, 1}, nil},
		{sizes{3, 0, 2, 1}, func(in *Input) { in.ExtraDamage = 1 }},
		{sizes{1, 2, 1, 2}, func(in *Input) { in.Armor = 0 }},
		{sizes{4, 0, 1, 1}, func(in *Input) { in.DamageTable = []int{1, 2, 3, 4, 5, 6, 7} }},
		{sizes{3, 1, 2, 1}, nil},
		{sizes{3, 0, 3, 0}, func(in *Input) { in.Armor = 0; in.Weapon = MaterialMetal; in.SecondWeapon = MaterialBone }},
		{sizes{3, 0, 2, 0}, func(in *Input) { in.Armor = 2; in.Weapon = MaterialStone; in.SecondWeapon = MaterialMetal }},
		{sizes{3, 0, 2, 1}, func(in *Input) { in.ForceAttack = ForceAttackNever }},
	}
	for _, tc := range cases {
		for _, keep := range []string{KeepHighest, KeepPreferDouble} {
			t.Run(tc.s.String()+"_"+keep, func(t *testing.T) {
				in := tc.s.input(keep)
				// No aptitude dice: each would multiply the rolls to resolve
				// by 6 (TestOffBalanceResolve rolls them).
				in.DefenderAptitude, in.AttackerAptitude = 0, 0
				if tc.mutate != nil {
					tc.mutate(&in)
				}
				n := in.AttackDice + in.AttackPenalty + in.DefenseDice + in.DefensePenalty
				e := newExpected()
				var failed error
				dicetest.Tuples(n, 6, func(d []int) {
					if failed != nil {
						return
					}
					err := resolveAll(in, slices.Clone(d), math.Pow(6, -float64(n)), func(r rules.Roll, w float64) {
						v := map[string]int{}
						for _, x := range r.Values {
							v[x.Name] = x.Value
						}
						e.outcomes[r.Outcome] += w
						e.dists["attack_score"][v["attack_score"]] += w
						e.dists["defense_score"][v["defense_score"]] += w
						flag := func(name string, on bool) {
							if on {
								e.outcomes[name] += w
							}
						}
						flag("instant_death", v["instant_death"] == 1)
						flag("tie_first_comparison", v["attack_score"] == v["defense_score"])
						for _, name := range []string{"special_attack", "force_attack", "special_defense", "off_balance_or_riposte", "defender_falls", "attacker_falls"} {
							flag(name, v[name] == 1)
						}
						flag("weapon_breaks", v["weapons_broken"] > 0)
						if r.Outcome == "attacker_wins" {
							e.dists["difference"][v["difference"]] += w
						}
						if dmg, ok := v["damage"]; ok {
							e.dists["damage"][dmg] += w
						} else if v["instant_death"] != 1 {
							failed = fmt.Errorf("dice %v: no damage value and no instant death", d)
						}
						if len(r.Steps) < 5 || r.Result == "" || len(r.Dice) < n {
							failed = fmt.Errorf("dice %v: thin trace %q / %q / %d dice", d, r.Steps, r.Result, len(r.Dice))
						}
					})
					if err != nil {
						failed = err
					}
				})
				if failed != nil {
					t.Fatal(failed)
				}
				got, err := Odds(in)
				if err != nil {
					t.Fatal(err)
				}
				checkReportTol(t, got, e, 1e-11)
			})
		}
	}
}

// TestSideAgainstCancelledPool checks the face-by-face programme for one
// side, rest included, at every size against dice.CancelledPool.
func TestSideAgainstCancelledPool(t *testing.T) {
	inv := invFactorials()
	low := newLowTable(MaxDice, MaxPenalty, &inv)
	for n := 1; n <= MaxDice; n++ {
		for q := 0; q <= MaxPenalty; q++ {
			if testing.Short() && n+q > 10 {
				continue
			}
			for _, keep := range []string{KeepHighest, KeepPreferDouble} {
				got := sideDist(n, q, keep, low, &inv)
				want := poolSide(n, q, keep)
				seen := 0.0
				for k, p := range want {
					d := 0
					if k.double {
						d = 1
					}
					g, v := 0.0, got[d+b2i(k.six)].rest[k.score][d]
					if k.rest < len(v) {
						g = v[k.rest]
					}
					if math.Abs(g-p) > tol {
						t.Errorf("%d+%d %s: %+v has p %v, want %v", n, q, keep, k, g, p)
					}
					seen += g
				}
				total := got[0].mass() + got[1].mass() + got[2].mass()
				if math.Abs(total-1) > tol || math.Abs(seen-1) > tol {
					t.Errorf("%d+%d %s: mass %v, on expected support %v", n, q, keep, total, seen)
				}
			}
		}
	}
}
