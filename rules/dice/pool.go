package dice

import "math"

// Multisets calls f once for every unordered outcome of n dice with faces
// 1..sides. counts[i] is how many dice show face i+1; p is the probability
// of that outcome (the multinomial weight). The counts slice is reused
// between calls: copy it to keep it. n must be >= 0 and sides >= 1.
func Multisets(n, sides int, f func(counts []int, p float64)) {
	if n < 0 || sides < 1 {
		return
	}
	fact := factorials(n)
	counts := make([]int, sides)
	base := math.Pow(float64(sides), -float64(n))
	var rec func(face, left int, w float64)
	rec = func(face, left int, w float64) {
		if face == sides-1 {
			counts[face] = left
			f(counts, w/fact[left]*base)
			return
		}
		for c := left; c >= 0; c-- {
			counts[face] = c
			rec(face+1, left-c, w/fact[c])
		}
	}
	rec(0, n, fact[n])
}

func factorials(n int) []float64 {
	f := make([]float64, n+1)
	f[0] = 1
	for i := 1; i <= n; i++ {
		f[i] = f[i-1] * float64(i)
	}
	return f
}

// KeepHighest is the distribution of the sum of the k highest of n dice
// with faces 1..sides (all of them when k >= n).
func KeepHighest(n, sides, k int) PMF { return keep(n, sides, k, true) }

// KeepLowest is the distribution of the sum of the k lowest of n dice.
func KeepLowest(n, sides, k int) PMF { return keep(n, sides, k, false) }

func keep(n, sides, k int, high bool) PMF {
	var b Builder
	Multisets(n, sides, func(c []int, p float64) {
		b.Add(SumKept(c, k, high), p)
	})
	return b.PMF()
}

// SumKept sums the k highest (high) or lowest faces of a counts vector as
// produced by Multisets.
func SumKept(counts []int, k int, high bool) int {
	sum := 0
	for i := range counts {
		face := i
		if high {
			face = len(counts) - 1 - i
		}
		take := min(counts[face], k)
		sum += take * (face + 1)
		k -= take
		if k == 0 {
			break
		}
	}
	return sum
}

// Cancel removes, for every penalty die, one pool die showing the same face:
// the result is counts[i] - min(counts[i], penalty[i]) per face. Both slices
// are counts vectors of the same length; the result is a new slice.
func Cancel(pool, penalty []int) []int {
	out := make([]int, len(pool))
	for i := range pool {
		out[i] = pool[i] - min(pool[i], penalty[i])
	}
	return out
}

// PoolOutcome is one distinct multiset of pool dice left after penalty dice
// cancelled their matches, with its probability.
type PoolOutcome struct {
	Counts []int // counts[i]: remaining dice showing face i+1
	P      float64
}

// CancelledPool rolls n pool dice and pen penalty dice (faces 1..sides),
// cancels matching faces, and returns the distinct remaining multisets with
// their probabilities. Outcomes with equal remainders are merged, so the list
// is much shorter than the product of the two enumerations. It supports
// 1..16 sides and up to 255 dice of each kind; outside that it returns nil.
func CancelledPool(n, pen, sides int) []PoolOutcome {
	if sides < 1 || sides > 16 || n < 0 || n > 255 || pen < 0 || pen > 255 {
		return nil
	}
	type key [16]uint8
	index := make(map[key]int)
	var out []PoolOutcome
	var pens []PoolOutcome
	Multisets(pen, sides, func(c []int, p float64) {
		pens = append(pens, PoolOutcome{Counts: append([]int(nil), c...), P: p})
	})
	rem := make([]int, sides)
	Multisets(n, sides, func(c []int, p float64) {
		for _, pe := range pens {
			var k key
			for i := range c {
				rem[i] = c[i] - min(c[i], pe.Counts[i])
				k[i] = uint8(rem[i])
			}
			if j, ok := index[k]; ok {
				out[j].P += p * pe.P
				continue
			}
			index[k] = len(out)
			out = append(out, PoolOutcome{Counts: append([]int(nil), rem...), P: p * pe.P})
		}
	})
	return out
}

// Exploding is the total of one exploding die: roll it, and while it shows
// its highest face add it and roll again. The tail beyond the point where the
// remaining mass falls below eps is dropped (eps = 1e-15 in this project),
// so the total mass is 1 - (less than eps).
func Exploding(sides int, eps float64) PMF {
	var b Builder
	s := float64(sides)
	mass := 1.0 // probability of reaching this round
	for k := 0; mass >= eps; k++ {
		for r := 1; r < sides; r++ {
			b.Add(k*sides+r, mass/s)
		}
		mass /= s
		if sides == 1 {
			break
		}
	}
	return b.PMF()
}

// TailEpsilon is the mass below which exploding-dice tails are truncated.
const TailEpsilon = 1e-15
