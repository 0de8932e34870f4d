package skirmish

import (
	"math"
	"math/bits"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// maxScore is the highest score (a kept 6 and 6).
const maxScore = 12

// sideOdds is the exact law of one side's result after cancellation and
// keeping: rest[score][double][r] is the probability that the kept dice sum
// to score, are (1) or are not (0) a double, and the dice not kept total r.
type sideOdds struct {
	rest [maxScore + 1][2][]float64
}

// total is the probability of the given score (any double flag, any rest).
func (s *sideOdds) total(score int) float64 {
	t := 0.0
	for d := range 2 {
		for _, p := range s.rest[score][d] {
			t += p
		}
	}
	return t
}

func invFactorials() [MaxDice + 1]float64 {
	var inv [MaxDice + 1]float64
	f := 1.0
	for i := range inv {
		if i > 0 {
			f *= float64(i)
		}
		inv[i] = 1 / f
	}
	return inv
}

// lowTable holds, for the faces 1..f (f = 0..5) and a pool dice and b penalty
// dice all showing those faces, the total of the pool dice left after
// cancellation, as exponential-generating-function weights: the sum over
// face counts c_g, p_g of Π 1/(c_g! p_g!), by total Σ g·max(c_g−p_g, 0).
// It is what the faces below the kept dice contribute to the tie-break.
type lowTable struct {
	nA, nB, width int
	data          []float64
}

func (t *lowTable) at(f, a, b int) []float64 {
	i := ((f*(t.nA+1)+a)*(t.nB+1) + b) * t.width
	return t.data[i : i+t.width]
}

func newLowTable(nA, nB int, inv *[MaxDice + 1]float64) *lowTable {
	t := &lowTable{nA: nA, nB: nB, width: 5*nA + 1}
	t.data = make([]float64, 6*(nA+1)*(nB+1)*t.width)
	t.at(0, 0, 0)[0] = 1
	for f := 1; f <= 5; f++ {
		for a := 0; a <= nA; a++ {
			for b := 0; b <= nB; b++ {
				dst := t.at(f, a, b)
				for c := 0; c <= a; c++ {
					for p := 0; p <= b; p++ {
						src := t.at(f-1, a-c, b-p)[:(f-1)*(a-c)+1]
						w := inv[c] * inv[p]
						out := dst[f*max(c-p, 0):]
						for i, x := range src {
							out[i] += w * x
						}
					}
				}
			}
		}
	}
	return t
}

// sideDist is the exact law of a side rolling n pool dice and q penalty dice
// under the keep policy. It is a dynamic programme over the faces 6 down to
// 1: the state is the pool and penalty dice placed so far and the set of
// faces left with exactly one die before the kept pair is settled; once the
// pair is settled, the faces below only add to the tie-break total, which
// low gives in one step.
func sideDist(n, q int, keep string, low *lowTable, inv *[MaxDice + 1]float64) *sideOdds {
	res := &sideOdds{}
	width := 6*n + 1
	backing := make([]float64, (maxScore+1)*2*width)
	for s := range res.rest {
		for d := range 2 {
			i := (s*2 + d) * width
			res.rest[s][d] = backing[i : i+width : i+width]
		}
	}
	highest := keep == KeepHighest
	idx := func(u, v, mask int) int { return (u*(q+1)+v)*64 + mask }
	cur := make([]float64, (n+1)*(q+1)*64)
	next := make([]float64, len(cur))
	cur[0] = 1
	for f := 6; f >= 1; f-- {
		clear(next)
		bit := 1 << (f - 1)
		for u := 0; u <= n; u++ {
			for v := 0; v <= q; v++ {
				for mask := range 64 {
					w := cur[idx(u, v, mask)]
					if w == 0 {
						continue
					}
					for c := 0; c <= n-u; c++ {
						for p := 0; p <= q-v; p++ {
							w2 := w * inv[c] * inv[p]
							r := c - p
							u2, v2 := u+c, v+p
							if r <= 0 {
								next[idx(u2, v2, mask)] += w2
								continue
							}
							score, dbl, extra := 0, 0, 0
							switch {
							case highest && mask != 0: // the single higher die and one of these
								score, extra = bits.Len(uint(mask))+f, (r-1)*f
							case r >= 2: // a double of f
								score, dbl, extra = 2*f, 1, (r-2)*f
								if !highest {
									extra += maskSum(mask)
								}
							default: // one die of f, pair not settled yet
								next[idx(u2, v2, mask|bit)] += w2
								continue
							}
							src := low.at(f-1, n-u2, q-v2)[:(f-1)*(n-u2)+1]
							out := res.rest[score][dbl][extra:]
							for i, x := range src {
								out[i] += w2 * x
							}
						}
					}
				}
			}
		}
		cur, next = next, cur
	}
	// Fewer than two dice settled a pair: all singles (prefer_double without
	// a double, or fewer than two dice left).
	for mask := range 64 {
		w := cur[idx(n, q, mask)]
		if w == 0 {
			continue
		}
		score := keptOfSingles(mask)
		res.rest[score][0][maskSum(mask)-score] += w
	}
	scale := 1.0 // n! q! / 6^(n+q), turning the weights into probabilities
	for i := 2; i <= n; i++ {
		scale *= float64(i)
	}
	for i := 2; i <= q; i++ {
		scale *= float64(i)
	}
	scale *= dice.OneIn(6, n+q)
	for i := range backing {
		backing[i] *= scale
	}
	return res
}

// maskSum is the total of the faces in a set (bit f-1 for face f).
func maskSum(mask int) int {
	s := 0
	for f := 1; f <= 6; f++ {
		if mask&(1<<(f-1)) != 0 {
			s += f
		}
	}
	return s
}

// keptOfSingles is the sum of the two highest faces of a set.
func keptOfSingles(mask int) int {
	top := bits.Len(uint(mask))
	if top == 0 {
		return 0
	}
	return top + bits.Len(uint(mask&^(1<<(top-1))))
}

// Odds is the exact law of one confrontation (see the package doc for the
// outcome, distribution and mean names).
func Odds(in Input) (rules.Report, error) {
	if err := in.Validate(); err != nil {
		return rules.Report{}, err
	}
	in = in.effective()
	sides := newSides(in)
	if in.attackerDouble() == EffectBest {
		_, r := sides.best(in)
		return r, nil
	}
	return sides.report(in), nil
}

// sides holds the laws of both sides of an effective input: the attacker,
// the defender, and the defender after a Precise attack's penalty die (nil
// unless attacker_effect may use it).
type sides struct {
	atk, def, precise *sideOdds
}

// newSides computes the laws an effective input needs.
func newSides(in Input) sides {
	inv := invFactorials()
	effect := in.attackerDouble()
	qd := in.DefensePenalty
	if effect == EffectPrecise || effect == EffectBest {
		qd++ // the Precise attack's penalty die
	}
	low := newLowTable(max(in.AttackDice, in.DefenseDice), max(in.AttackPenalty, qd), &inv)
	s := sides{
		atk: sideDist(in.AttackDice, in.AttackPenalty, in.Keep, low, &inv),
		def: sideDist(in.DefenseDice, in.DefensePenalty, in.Keep, low, &inv),
	}
	if qd > in.DefensePenalty {
		s.precise = sideDist(in.DefenseDice, qd, in.Keep, low, &inv)
	}
	return s
}

// report is the odds of an effective input whose attacker_effect is not
// best.
func (s sides) report(in Input) rules.Report {
	effect := in.attackerDouble()
	if effect == EffectNone {
		return combine(s.atk, in, []part{{atk: s.atk, def: s.def}})
	}
	dbl, rest := splitLowDoubles(s.atk)
	after := s.def
	if effect == EffectPrecise {
		after = s.precise
	}
	return combine(s.atk, in, []part{{atk: rest, def: s.def}, {atk: dbl, def: after, effect: effect}})
}

// best is the special attack that serves the attacker best in this
// match-up, and its report: the highest chance of instant death, then the
// highest mean damage over all attacks, then the highest chance to win
// (earlier options win exact ties). in is effective.
func (s sides) best(in Input) (string, rules.Report) {
	best, bestKey := EffectNone, [3]float64{-1, -1, -1}
	var bestReport rules.Report
	for _, e := range []string{EffectPrecise, EffectFlaw, EffectTactical} {
		in.AttackerDouble = e
		r := s.report(in)
		death, _ := r.P("instant_death")
		win, _ := r.P("attacker_wins")
		key := [3]float64{death, meanOver(r, "damage") * (1 - death), win}
		if better(key, bestKey) {
			best, bestKey, bestReport = e, key, r
		}
	}
	return best, bestReport
}

// meanOver is a report's mean of a distribution, 0 when it has none.
func meanOver(r rules.Report, name string) float64 {
	m, _ := r.Mean(name)
	return m
}

// better compares keys in order, counting differences below 1e-12
// (relative) as ties.
func better(a, b [3]float64) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) <= 1e-12*max(math.Abs(a[i]), math.Abs(b[i]), 1e-300) {
			continue
		}
		return a[i] > b[i]
	}
	return false
}

// splitLowDoubles splits a side's law into the rolls that keep a double 1
// to 5 and all the others.
func splitLowDoubles(s *sideOdds) (dbl, rest *sideOdds) {
	dbl, rest = &sideOdds{}, &sideOdds{}
	for sc := range s.rest {
		for d := range 2 {
			rest.rest[sc][d] = s.rest[sc][d]
		}
		if sc < maxScore {
			dbl.rest[sc][1], rest.rest[sc][1] = s.rest[sc][1], nil
		}
	}
	return dbl, rest
}

// part is a share of the attacker's rolls met by one law of the defender,
// with the attacker's special attack (an Effect constant, or "" for none)
// applied to them.
type part struct {
	atk, def *sideOdds
	effect   string
}

// Kinds of damage after the table (the index of combine's diff).
const (
	dmgPlain = iota
	dmgForce // a Force attack (a kept double 6)
	dmgFlaw  // the Flaw special attack
	dmgKinds
)

// splitDoubles splits a side's law into the rolls that keep no double, a
// double 1 to 5, and a double 6.
func splitDoubles(s *sideOdds) (other, low, six *sideOdds) {
	other, low, six = &sideOdds{}, &sideOdds{}, &sideOdds{}
	for sc := range s.rest {
		other.rest[sc][0] = s.rest[sc][0]
		if sc == maxScore {
			six.rest[sc][1] = s.rest[sc][1]
		} else {
			low.rest[sc][1] = s.rest[sc][1]
		}
	}
	return other, low, six
}

// defense is what a special defense does on a roll: aggr takes 1 off the
// damage taken, riposte sends the damage back when the defender scores
// higher, offBalance makes the attacker test or fall (with riposte too:
// only on the rolls where the defender does not score higher).
type defense struct{ aggr, riposte, offBalance bool }

// offBalanceOn reports whether Off balance is taken on a roll of these
// scores.
func (d defense) offBalanceOn(sa, sd int) bool { return d.offBalance && !(d.riposte && sd > sa) }

// defenses are the special defenses in force for the defender's rolls with
// no double, a double 1–5 and a double 6.
func (in Input) defenses() [3]defense {
	low, six := in.DefenderDouble, in.DefenderDoubleSix
	return [3]defense{
		{},
		{aggr: low == DefenseAggressiveness || low == DefenseBest, riposte: low == DefenseRiposte || low == DefenseBest},
		{riposte: six == DefenseRiposte || six == DefenseBest, offBalance: six == DefenseOffBalance || six == DefenseBest},
	}
}

// combine compares the two independent sides of every part and reads the
// damage table. A kept double 6 is the only way to score 12, so the
// attacker's Force attack rolls are exactly those with attack score 12.
// The defender's special defenses are read from the pair it finally keeps
// (after a Precise attack's penalty die).
func combine(atk *sideOdds, in Input, parts []part) rules.Report {
	force := in.usesForce()
	defs := in.defenses()
	// diff[g][k][d]: the attacker wins by d with damage kind k, with (g = 1)
	// or without Aggressiveness.
	var diff [2][dmgKinds][maxScore + 1]float64
	var tactical [2]float64
	var ripo [maxScore + 1]float64 // a Riposte by a margin
	lose, tie, lowD, sixD, offBal := 0.0, 0.0, 0.0, 0.0, 0.0
	var pa, pd [maxScore + 1]float64
	for _, pt := range parts {
		var qa [maxScore + 1]float64
		massA := 0.0
		for s := range qa {
			qa[s] = pt.atk.total(s)
			massA += qa[s]
		}
		for s := range qa {
			pa[s] += qa[s]
		}
		other, low, six := splitDoubles(pt.def)
		for c, dl := range [3]*sideOdds{other, low, six} {
			var qd [maxScore + 1]float64
			massD := 0.0
			for s := range qd {
				qd[s] = dl.total(s)
				massD += qd[s]
				pd[s] += massA * qd[s]
			}
			switch c {
			case 1:
				lowD += massA * massD
			case 2:
				sixD += massA * massD
			}
			eff := defs[c]
			g := b2i(eff.aggr)
			for sa := range qa {
				k := dmgPlain
				switch {
				case force && sa == maxScore:
					k = dmgForce
				case pt.effect == EffectFlaw:
					k = dmgFlaw
				}
				for sd := range qd {
					w := qa[sa] * qd[sd]
					if eff.offBalanceOn(sa, sd) {
						offBal += w
					}
					switch {
					case sa > sd:
						diff[g][k][sa-sd] += w
					case sa < sd:
						lose += w
						if eff.riposte {
							ripo[sd-sa] += w
						}
					default:
						tie += w
						if pt.effect == EffectTactical { // the tie wins at once, 1 point
							tactical[g] += w
							continue
						}
						win := tieBreak(pt.atk, dl, sa)
						diff[g][k][0] += win
						lose += w - win
					}
				}
			}
		}
	}

	table := in.damageTable()
	var dmg dice.Builder
	dmg.Add(0, lose)
	win, death := 0.0, 0.0
	var diffB dice.Builder
	for g := range diff {
		dmg.Add(max(TacticalDamage+in.ExtraDamage-g, 0), tactical[g])
		win += tactical[g]
		diffB.Add(0, tactical[g])
		for d := range maxScore + 1 {
			w := 0.0
			for k := range diff[g] {
				w += diff[g][k][d]
			}
			win += w
			diffB.Add(d, w)
			pts, dead := DamagePoints(table, d)
			if dead {
				death += w
				continue
			}
			for k := range diff[g] {
				dmg.Add(max(damageAfter(pts, in, k)-g, 0), diff[g][k][d])
			}
		}
	}
	var rip dice.Builder
	ripP, ripDeath := 0.0, 0.0
	for m, w := range ripo {
		if w == 0 {
			continue
		}
		ripP += w
		pts, dead := DamagePoints(table, m)
		if dead {
			ripDeath += w
			continue
		}
		rip.Add(max(pts-in.AttackerArmor, 0), w)
	}

	var sa, sd dice.Builder
	for s := range pa {
		sa.Add(s, pa[s])
		sd.Add(s, pd[s])
	}
	sum := func(v []float64) float64 {
		t := 0.0
		for _, p := range v {
			t += p
		}
		return t
	}
	lowA := 0.0 // doubles 1 to 5
	for s := range maxScore {
		lowA += sum(atk.rest[s][1])
	}
	forceP := 0.0
	if force {
		forceP = sum(atk.rest[maxScore][1])
	}
	dmgPMF, diffPMF, saPMF, sdPMF, ripPMF := dmg.PMF(), diffB.PMF(), sa.PMF(), sd.PMF(), rip.PMF()
	return rules.Report{
		Outcomes: []rules.Prob{
			{Name: "attacker_wins", P: win},
			{Name: "defender_wins", P: lose},
			{Name: "instant_death", P: death},
			{Name: "tie_first_comparison", P: tie, Words: "Tie on the first comparison"},
			{Name: "special_attack", P: lowA},
			{Name: "force_attack", P: forceP},
			{Name: "weapon_breaks", P: forceP * in.BreakChance()},
			{Name: "special_defense", P: lowD},
			{Name: "off_balance_or_riposte", P: sixD},
			{Name: "riposte", P: ripP},
			{Name: "riposte_instant_death", P: ripDeath},
			{Name: "defender_falls", P: forceP * FallChance(in.DefenderAptitude)},
			{Name: "attacker_falls", P: offBal * FallChance(in.AttackerAptitude)},
		},
		Distributions: []rules.Dist{
			{Name: "difference", PMF: diffPMF},
			{Name: "damage", PMF: dmgPMF},
			{Name: "attack_score", PMF: saPMF},
			{Name: "defense_score", PMF: sdPMF},
			{Name: "riposte_damage", PMF: ripPMF},
		},
		Means: []rules.Mean{
			{Name: "damage", Value: dmgPMF.Mean(), Words: "damage (0 when the defender wins)"},
			{Name: "difference", Value: diffPMF.Mean()},
			{Name: "attack_score", Value: saPMF.Mean()},
			{Name: "defense_score", Value: sdPMF.Mean()},
			{Name: "riposte_damage", Value: ripPMF.Mean()},
		},
	}
}

// tieBreak is the probability that both sides score s and the attacker's
// dice not kept total more than the defender's. A part of a side's law
// may lack some rest slices (nil: no mass).
func tieBreak(atk, def *sideOdds, s int) float64 {
	at := func(v []float64, r int) float64 {
		if r < len(v) {
			return v[r]
		}
		return 0
	}
	da, db := def.rest[s][0], def.rest[s][1]
	cum := 0.0 // P(defender scores s with rest < r)
	win := 0.0
	aa, ab := atk.rest[s][0], atk.rest[s][1]
	for r := range max(len(aa), len(ab)) {
		win += (at(aa, r) + at(ab, r)) * cum
		cum += at(da, r) + at(db, r)
	}
	return win
}

// TacticalDamage is what a tie won by Tactical advantage deals, before the
// extra damage of dirty tricks (armor does not reduce it).
const TacticalDamage = 1

// damageAfter applies armor (not below 0) and then the extra damage to the
// table's points, for a damage kind: a Force attack sets armor to 0, or
// adds 1 against an unarmoured defender, and adds 1 more; a Flaw takes 1
// off the armor, or adds 1 against an unarmoured defender.
func damageAfter(points int, in Input, kind int) int {
	armor := in.Armor
	switch kind {
	case dmgForce:
		if armor == 0 {
			points++
		}
		return points + 1 + in.ExtraDamage
	case dmgFlaw:
		if armor == 0 {
			points++
		}
		armor = max(armor-1, 0)
	}
	return max(points-armor, 0) + in.ExtraDamage
}
