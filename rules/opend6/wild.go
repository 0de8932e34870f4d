package opend6

import (
	"strconv"
	"strings"

	"d6codex/rules/dice"
	"d6codex/rules/text"
)

// rollPMF is the exact distribution of the total of a roll of die code c
// with a Wild Die, under the wild_one setting; the Wild Die's exploding
// tail is cut where its mass falls below eps.
func rollPMF(c dice.Code, wildOne string, eps float64) dice.PMF {
	if c.Dice <= 0 {
		return dice.Const(c.Pips)
	}
	n := c.Dice - 1
	sum := dice.NdS(n, 6)
	var onFirstOne dice.PMF // the total when the Wild Die's first toss is 1
	switch wildOne {
	case WildCancel:
		onFirstOne = sumLessHighest(n)
	case WildCancelKeepOne:
		onFirstOne = sumLessHighest(n).Shift(1)
	default:
		onFirstOne = sum.Shift(1)
	}
	var b dice.Builder
	b.AddPMF(sum.Add(wildNotOne(eps)), 1)
	b.AddPMF(onFirstOne, 1.0/6)
	return b.PMF().Shift(c.Pips)
}

// wildNotOne is the Wild Die's total when its first toss is not 1, as a
// sub-distribution of mass 5/6: 2..5, or 6 plus an exploding re-roll (cut
// below eps).
func wildNotOne(eps float64) dice.PMF {
	var b dice.Builder
	dice.Exploding(6, eps).Each(func(v int, p float64) {
		if v != 1 {
			b.Add(v, p)
		}
	})
	return b.PMF()
}

// sumLessHighest is the distribution of the sum of n dice less their
// highest die (0 for no dice). With counts c_m(s) of the n-tuples with all
// faces at most m and sum s, the tuples with sum s and highest m number
// c_m(s) − c_{m−1}(s); up to 17 dice the counts are integers below
// 6^17 < 2^53, so the difference is exact; past that (a Fate Point
// doubles a skill up to 24D+4, aiming adds 3D) they round, and the result
// is checked against a dynamic programme in probabilities
// (TestSumLessHighestManyDice).
func sumLessHighest(n int) dice.PMF {
	if n <= 0 {
		return dice.Const(0)
	}
	var b dice.Builder
	w := dice.OneIn(6, n)
	prev := []float64{}
	for m := 1; m <= 6; m++ {
		cur := countsAtMost(n, m) // cur[s] for s = 0..n*m
		for s, c := range cur {
			if s < len(prev) {
				c -= prev[s]
			}
			if c > 0 {
				b.Add(s-m, c*w)
			}
		}
		prev = cur
	}
	return b.PMF()
}

// countsAtMost counts the n-tuples of faces 1..m by their sum: out[s].
func countsAtMost(n, m int) []float64 {
	out := []float64{1}
	for range n {
		next := make([]float64, len(out)+m)
		for s, c := range out {
			if c == 0 {
				continue
			}
			for f := 1; f <= m; f++ {
				next[s+f] += c
			}
		}
		out = next
	}
	return out
}

// wildRoll is one roll of a die code as resolved from a tape.
type wildRoll struct {
	Total    int
	Critical bool // the Wild Die showed 1 on its first toss
}

// rollTape rolls die code c from t for the named roll ("attack", "damage"),
// normal dice first and then the Wild Die and its re-rolls, and appends the
// plain-words trace to steps.
func rollTape(t *dice.Tape, c dice.Code, name, wildOne string, steps *[]string) (wildRoll, error) {
	head := say("%s roll %s: ", text.UpperFirst(name), c)
	if c.Dice <= 0 {
		add(steps, "%sno dice to roll, total %d.", head, c.Pips)
		return wildRoll{Total: c.Pips}, nil
	}
	normal, err := t.RollN(c.Dice-1, 6, name+" die")
	if err != nil {
		return wildRoll{}, err
	}
	first, err := t.Roll(6, name+" Wild Die")
	if err != nil {
		return wildRoll{}, err
	}
	wild, wildAdds, err := explode(t, first, name+" Wild Die re-roll")
	if err != nil {
		return wildRoll{}, err
	}

	shown := ""
	if len(normal) > 0 {
		shown = say("dice %s; ", joinInts(normal, ", "))
	}
	kept := normal
	countWild := true
	crit := first == 1
	note := ""
	switch {
	case len(wild) > 1:
		note = say(": each 6 explodes (add it and roll again), so the Wild Die adds %d", wildAdds)
		if wild[len(wild)-1] == 1 {
			note += " (a 1 on a re-roll is just 1)"
		}
	case crit && wildOne == WildNone:
		note = ": a 1 counts as 1 (no critical failure in this game)"
	case crit && wildOne == WildComplication:
		note = " on the first toss: critical failure, a complication occurs; the dice add up normally"
	case crit:
		note = " on the first toss: critical failure; "
		switch {
		case wildOne == WildCancel && len(normal) > 0:
			note += say("the Wild Die and the highest other die (%d) are removed", maxOf(normal))
		case wildOne == WildCancel:
			note += "the Wild Die is removed"
		case len(normal) > 0:
			note += say("the highest other die (%d) is removed and the 1 counts", maxOf(normal))
		default:
			note += "there is no other die to remove, so the 1 counts"
		}
		countWild = wildOne != WildCancel
		if len(normal) > 0 {
			kept = withoutHighest(normal)
		}
	}

	terms := append([]int(nil), kept...)
	if countWild {
		terms = append(terms, wildAdds)
	}
	total := c.Pips
	for _, v := range terms {
		total += v
	}
	sum := strconv.Itoa(total)
	if len(terms) > 1 || len(terms) == 1 && c.Pips != 0 {
		sum = say("%s%s = %d", joinInts(terms, " + "), pipsTerm(c.Pips), total)
	}
	add(steps, "%s%sWild Die %s%s. Total %s.", head, shown, joinInts(wild, ", "), note, sum)
	return wildRoll{Total: total, Critical: crit}, nil
}

// explode rolls the re-rolls of an exploding die (a Wild Die or a
// Character Point die) whose first toss was first: each 6 is rolled again,
// the re-rolls named what. It returns every toss and their sum.
func explode(t *dice.Tape, first int, what string) (faces []int, sum int, err error) {
	faces, sum = make([]int, 1, 4), first
	faces[0] = first
	for last := first; last == 6; {
		if last, err = t.Roll(6, what); err != nil {
			return nil, 0, err
		}
		faces = append(faces, last)
		sum += last
	}
	return faces, sum, nil
}

func joinInts(v []int, sep string) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, sep)
}

func maxOf(v []int) int {
	m := v[0]
	for _, x := range v[1:] {
		m = max(m, x)
	}
	return m
}

// withoutHighest is v with one copy of its highest value removed.
func withoutHighest(v []int) []int {
	hi := 0
	for i, x := range v {
		if x > v[hi] {
			hi = i
		}
	}
	out := make([]int, len(v)-1)
	copy(out, v[:hi])
	copy(out[hi:], v[hi+1:])
	return out
}
