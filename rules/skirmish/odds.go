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
// under the keep policy, split by the class of the kept pair (no double, a
// double 1–5, a double 6), by faceDP: the state is the set of faces left
// with exactly one die before the kept pair is settled.
func sideDist(n, q int, keep string, low *lowTable, inv *[MaxDice + 1]float64) [3]*sideOdds {
	res := [3]*sideOdds{{}, {}, {}}
	width := 6*n + 1
	backing := make([]float64, (maxScore+1)*2*width)
	for s := range maxScore + 1 {
		for d := range 2 {
			i := (s*2 + d) * width
			res[d+b2i(d == 1 && s == maxScore)].rest[s][d] = backing[i : i+width : i+width]
		}
	}
	highest := keep == KeepHighest
	faceDP(n, q, 64, backing, width, low, inv, func(mask, f, r int) (int, int, int) {
		switch {
		case highest && mask != 0: // the single higher die and one of these
			return 0, (bits.Len(uint(mask))+f)*2 + 0, (r - 1) * f
		case r >= 2: // a double of f
			extra := (r - 2) * f
			if !highest {
				extra += maskSum(mask)
			}
			return 0, 2*f*2 + 1, extra
		}
		return mask | 1<<(f-1), -1, 0 // one die of f, pair not settled yet
	}, func(mask int) (int, int) {
		// Fewer than two dice settled a pair: all singles (prefer_double
		// without a double, or fewer than two dice left).
		score := keptOfSingles(mask)
		return score * 2, maskSum(mask) - score
	})
	return res
}

// faceDP is the dynamic programme over the faces 6 down to 1 behind
// sideDist and maneuvered. It places a side's n pool dice and q penalty dice
// face by face, weighting c pool and p penalty dice of a face by 1/(c! p!),
// and carries a state st < states of what the law needs of the dice left so
// far. For r > 0 dice left of face f, step gives the next state, or settles
// the roll (slot ≥ 0): it goes to out[slot*width+extra:], extra being the
// total of the dice left not otherwise counted, and the faces below add to
// that total in one step from low. final places the rolls never settled.
// The weights are scaled to probabilities at the end.
func faceDP(n, q, states int, out []float64, width int, low *lowTable, inv *[MaxDice + 1]float64,
	step func(st, f, r int) (next, slot, extra int), final func(st int) (slot, extra int)) {
	idx := func(u, v, st int) int { return (u*(q+1)+v)*states + st }
	cur := make([]float64, (n+1)*(q+1)*states)
	next := make([]float64, len(cur))
	cur[0] = 1
	for f := 6; f >= 1; f-- {
		clear(next)
		for u := 0; u <= n; u++ {
			for v := 0; v <= q; v++ {
				for st := range states {
					w := cur[idx(u, v, st)]
					if w == 0 {
						continue
					}
					for c := 0; c <= n-u; c++ {
						for p := 0; p <= q-v; p++ {
							w2 := w * inv[c] * inv[p]
							u2, v2 := u+c, v+p
							if c <= p {
								next[idx(u2, v2, st)] += w2
								continue
							}
							st2, slot, extra := step(st, f, c-p)
							if slot < 0 {
								next[idx(u2, v2, st2)] += w2
								continue
							}
							src := low.at(f-1, n-u2, q-v2)[:(f-1)*(n-u2)+1]
							dst := out[slot*width+extra:]
							for i, x := range src {
								dst[i] += w2 * x
							}
						}
					}
				}
			}
		}
		cur, next = next, cur
	}
	for st := range states {
		if w := cur[idx(n, q, st)]; w != 0 {
			slot, extra := final(st)
			out[slot*width+extra] += w
		}
	}
	scale := 1.0 // n! q! / 6^(n+q), turning the weights into probabilities
	for i := 2; i <= n; i++ {
		scale *= float64(i)
	}
	for i := 2; i <= q; i++ {
		scale *= float64(i)
	}
	scale *= dice.OneIn(6, n+q)
	for i := range out {
		out[i] *= scale
	}
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

// sides holds the laws of both sides of an effective input, each split by
// the class of the pair the side first keeps (see splitDoubles): the
// attacker, the defender, the defender after a Precise attack's penalty die
// (classed by the pair kept after it), and each side after its opponent's
// Maneuver (classed by the pair kept before the reroll). A law an input
// cannot use is nil.
type sides struct {
	atk, def, precise, atkMan, defMan [3]*sideOdds
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
	if effect == EffectManeuver || (effect == EffectBest && in.Keep == KeepHighest) {
		s.defMan = maneuvered(in.DefenseDice, in.DefensePenalty, low, &inv)
	}
	if in.DefenderDouble == DefenseManeuver {
		s.atkMan = maneuvered(in.AttackDice, in.AttackPenalty, low, &inv)
	}
	return s
}

// The classes of a kept pair: no double, a double 1–5, a double 6.
const (
	classNone = iota
	classLow
	classSix
)

// report is the odds of an effective input whose attacker_effect is not
// best: for each class of the attacker's first pair and of the defender's
// pair, the laws the two sides end with.
func (s sides) report(in Input) rules.Report {
	effect := in.attackerDouble()
	var atk, def [3][3]*sideOdds
	for ca := range 3 {
		for cd := range 3 {
			atk[ca][cd], def[ca][cd] = s.atk[ca], s.def[cd]
			if ca == classLow && effect == EffectPrecise {
				def[ca][cd] = s.precise[cd]
			}
			if ca == classLow && effect == EffectManeuver {
				def[ca][cd] = s.defMan[cd]
			}
			if cd == classLow && in.DefenderDouble == DefenseManeuver {
				atk[ca][cd] = s.atkMan[ca]
			}
		}
	}
	return combine(in, effect, s.atk, atk, def)
}

// best is the special attack that serves the attacker best in this
// match-up, and its report: the highest chance of instant death, then the
// highest mean damage over all attacks, then the highest chance to win
// (earlier options win exact ties). in is effective.
func (s sides) best(in Input) (string, rules.Report) {
	best, bestKey := EffectNone, [3]float64{-1, -1, -1}
	var bestReport rules.Report
	for _, e := range []string{EffectPrecise, EffectFlaw, EffectTactical, EffectManeuver} {
		if e == EffectManeuver && in.Keep != KeepHighest {
			break // Maneuver is counted only when the sides keep their highest dice
		}
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

// Kinds of damage after the table (the index of combine's diff).
const (
	dmgPlain = iota
	dmgForce // a Force attack (a kept double 6)
	dmgFlaw  // the Flaw special attack
	dmgKinds
)

// mass is the probability of a share of a side's law.
func (s *sideOdds) mass() float64 {
	t := 0.0
	for sc := range s.rest {
		t += s.total(sc)
	}
	return t
}

// maneuvered is the law of a side that keeps its highest dice after its
// opponent's Maneuver, split by the class of the pair it kept first: its
// highest kept die (its highest die left) is rerolled, the new die meets no
// penalty die, and the side keeps its two highest again. faceDP gives the
// law of the three highest dice left (its state: the one or two highest
// found so far, a ≥ b, 0 for none) and of the total of the others; the
// reroll is then applied to each.
func maneuvered(n, q int, low *lowTable, inv *[MaxDice + 1]float64) [3]*sideOdds {
	width := 6*n + 1
	// top[((a*7+b)*7+c)*width+t]: the three highest dice left are a ≥ b ≥ c
	// (0: no such die) and the others total t.
	top := make([]float64, 7*7*7*width)
	faceDP(n, q, 49, top, width, low, inv, func(st, f, r int) (int, int, int) {
		a, b := st/7, st%7
		seen := b2i(a > 0) + b2i(b > 0)
		if seen+r < 3 { // one or two dice found
			if a == 0 {
				a, b = f, f*b2i(r == 2)
			} else {
				b = f
			}
			return a*7 + b, -1, 0
		}
		if seen == 0 {
			a = f
		}
		if seen < 2 {
			b = f
		}
		return 0, (a*7+b)*7 + f, (seen + r - 3) * f
	}, func(st int) (int, int) { return st * 7, 0 })
	var out [3]*sideOdds
	backing := make([]float64, 3*(maxScore+1)*width)
	for c := range out {
		out[c] = &sideOdds{}
		for sc := range out[c].rest {
			i := (c*(maxScore+1) + sc) * width
			out[c].rest[sc][0] = backing[i : i+width : i+width]
		}
	}
	out[classNone].rest[0][0][0] = top[0] // no die left to reroll
	for a := 1; a <= 6; a++ {
		class := classNone
		for b := 0; b <= a; b++ {
			if a == b {
				class = classLow + b2i(a == 6)
			}
			for c := 0; c <= b; c++ {
				src := top[((a*7+b)*7+c)*width:][:width]
				for x := 1; x <= 6; x++ { // a is rerolled as x
					m := min(b, c, x)
					dst := out[class].rest[b+c+x-m][0][m:]
					for i, y := range src[:width-m] {
						dst[i] += y / 6
					}
				}
			}
		}
	}
	return out
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
func combine(in Input, effect string, first [3]*sideOdds, atk, def [3][3]*sideOdds) rules.Report {
	force := in.usesForce()
	defs := in.defenses()
	// diff[g][k][d]: the attacker wins by d with damage kind k, with (g = 1)
	// or without Aggressiveness.
	var diff [2][dmgKinds][maxScore + 1]float64
	var tactical [2]float64
	var ripo [maxScore + 1]float64 // a Riposte by a margin
	lose, tie, lowD, sixD, offBal := 0.0, 0.0, 0.0, 0.0, 0.0
	var pa, pd [maxScore + 1]float64
	for ca := range 3 {
		pe := "" // the attacker's special attack on these rolls
		if ca == classLow {
			pe = effect
		}
		k := dmgPlain
		switch {
		case force && ca == classSix:
			k = dmgForce
		case pe == EffectFlaw:
			k = dmgFlaw
		}
		for cd := range 3 {
			al, dl := atk[ca][cd], def[ca][cd]
			var qa, qd [maxScore + 1]float64
			massA, massD := 0.0, 0.0
			for s := range qa {
				qa[s], qd[s] = al.total(s), dl.total(s)
				massA += qa[s]
				massD += qd[s]
			}
			for s := range qa {
				pa[s] += qa[s] * massD
				pd[s] += massA * qd[s]
			}
			switch cd {
			case classLow:
				lowD += massA * massD
			case classSix:
				sixD += massA * massD
			}
			eff := defs[cd]
			g := b2i(eff.aggr)
			for sa := range qa {
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
						if pe == EffectTactical { // the tie wins at once, 1 point
							tactical[g] += w
							continue
						}
						win := tieBreak(al, dl, sa)
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
	lowA, forceP := first[classLow].mass(), 0.0
	if force {
		forceP = first[classSix].mass()
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
