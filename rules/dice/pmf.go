// Package dice holds exact probability distributions over integers and the
// dice operations the five combat systems are built from: sums of NdS, keep
// highest or lowest, products, pools with cancelling penalty dice, exploding
// dice, and mapping through tables. It also holds a roller that records every
// die (so a roll can be replayed and explained) and OpenD6 die codes.
//
// The package is pure: no I/O, no global state. Probabilities are float64 and
// exact up to rounding; tests compare them to brute-force enumeration.
package dice

import "math"

// PMF is a probability mass function over a contiguous range of integers.
// The zero value is the empty distribution (total mass 0). A PMF is never
// modified after construction, so values can be shared freely.
type PMF struct {
	min int
	p   []float64 // p[i] = P(X = min+i)
}

// Const is the distribution that is v with certainty.
func Const(v int) PMF { return PMF{min: v, p: []float64{1}} }

// Uniform is the uniform distribution on lo..hi (inclusive). It is empty when
// hi < lo.
func Uniform(lo, hi int) PMF {
	if hi < lo {
		return PMF{}
	}
	n := hi - lo + 1
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	return PMF{min: lo, p: p}
}

// Die is one fair die with faces 1..sides.
func Die(sides int) PMF { return Uniform(1, sides) }

// D6 is one six-sided die.
func D6() PMF { return Die(6) }

// Builder accumulates probability mass for arbitrary integers and produces a
// PMF. The zero value is ready to use. It holds the mass in a slice over the
// range of values seen so far (the PMF needs that slice anyway), not in a
// map, which keeps the WebAssembly modules free of the map code for int keys.
type Builder struct {
	base int       // the value of p[0]
	p    []float64 // mass by value - base; zeros at either end are room to grow
}

// Add adds mass p at value v.
func (b *Builder) Add(v int, p float64) {
	if p == 0 {
		return
	}
	if b.p == nil {
		b.base, b.p = v, make([]float64, 1, 8)
	}
	if v < b.base {
		// Grow downwards by at least the current length, so that values
		// added in decreasing order cost amortised constant time.
		shift := max(b.base-v, len(b.p))
		np := make([]float64, shift+len(b.p))
		copy(np[shift:], b.p)
		b.base, b.p = b.base-shift, np
	}
	if i := v - b.base; i >= len(b.p) {
		b.p = append(b.p, make([]float64, i-len(b.p)+1)...)
	}
	b.p[v-b.base] += p
}

// AddPMF adds the whole of d scaled by weight w.
func (b *Builder) AddPMF(d PMF, w float64) {
	for i, q := range d.p {
		b.Add(d.min+i, q*w)
	}
}

// PMF returns the accumulated distribution.
func (b *Builder) PMF() PMF {
	if b.p == nil {
		return PMF{}
	}
	// A copy: the builder may go on adding, and a PMF never changes.
	d := PMF{min: b.base, p: b.p}.trim()
	d.p = append([]float64(nil), d.p...)
	return d
}

// FromMap builds a PMF from value → probability.
func FromMap(m map[int]float64) PMF {
	var b Builder
	for v, p := range m {
		b.Add(v, p)
	}
	return b.PMF()
}

// trim drops zero mass at both ends.
func (d PMF) trim() PMF {
	lo, hi := 0, len(d.p)
	for lo < hi && d.p[lo] == 0 {
		lo++
	}
	for hi > lo && d.p[hi-1] == 0 {
		hi--
	}
	if lo == hi {
		return PMF{}
	}
	return PMF{min: d.min + lo, p: d.p[lo:hi]}
}

// Empty reports whether d has no support.
func (d PMF) Empty() bool { return len(d.p) == 0 }

// Min is the smallest value with non-zero mass (0 for an empty PMF).
func (d PMF) Min() int { return d.min }

// Max is the largest value with non-zero mass.
func (d PMF) Max() int { return d.min + len(d.p) - 1 }

// P is the probability that X = v.
func (d PMF) P(v int) float64 {
	i := v - d.min
	if i < 0 || i >= len(d.p) {
		return 0
	}
	return d.p[i]
}

// Total is the total mass (1 for a proper distribution).
func (d PMF) Total() float64 {
	s := 0.0
	for _, q := range d.p {
		s += q
	}
	return s
}

// Mean is the expected value (divided by the total mass, so it is the
// conditional mean of a sub-distribution). It is 0 for an empty PMF.
func (d PMF) Mean() float64 {
	s, t := 0.0, 0.0
	for i, q := range d.p {
		s += float64(d.min+i) * q
		t += q
	}
	if t == 0 {
		return 0
	}
	return s / t
}

// AtLeast is P(X >= v).
func (d PMF) AtLeast(v int) float64 {
	s := 0.0
	for i := max(0, v-d.min); i < len(d.p); i++ {
		s += d.p[i]
	}
	return s
}

// AtMost is P(X <= v).
func (d PMF) AtMost(v int) float64 {
	s := 0.0
	for i := 0; i < len(d.p) && d.min+i <= v; i++ {
		s += d.p[i]
	}
	return s
}

// Less is P(X < v).
func (d PMF) Less(v int) float64 { return d.AtMost(v - 1) }

// Each calls f for every value with non-zero mass, in increasing order.
func (d PMF) Each(f func(v int, p float64)) {
	for i, q := range d.p {
		if q != 0 {
			f(d.min+i, q)
		}
	}
}

// Pair is one value of a distribution and its probability.
type Pair struct {
	Value int
	P     float64
}

// Pairs lists the values with non-zero mass in increasing order.
func (d PMF) Pairs() []Pair {
	out := make([]Pair, 0, len(d.p))
	d.Each(func(v int, p float64) { out = append(out, Pair{v, p}) })
	return out
}

// Shift adds the constant k to every value.
func (d PMF) Shift(k int) PMF { return PMF{min: d.min + k, p: d.p} }

// CutHigh drops the highest values whose combined mass is below eps (the
// far tail of a sum of exploding dice), so that later convolutions stay
// short; the mass dropped is less than eps.
func (d PMF) CutHigh(eps float64) PMF {
	tail, k := 0.0, len(d.p)
	for k > 0 && tail+d.p[k-1] < eps {
		tail += d.p[k-1]
		k--
	}
	return PMF{min: d.min, p: d.p[:k]}.trim()
}

// Scale multiplies every probability by w (for building mixtures).
func (d PMF) Scale(w float64) PMF {
	p := make([]float64, len(d.p))
	for i, q := range d.p {
		p[i] = q * w
	}
	return PMF{min: d.min, p: p}.trim()
}

// Normalize rescales d to total mass 1. An empty PMF stays empty.
func (d PMF) Normalize() PMF {
	t := d.Total()
	if t == 0 {
		return PMF{}
	}
	return d.Scale(1 / t)
}

// Add is the distribution of X + Y for independent X ~ d and Y ~ e
// (convolution). Mass too small for a float64 (the ends of 1000dF, at
// 3^-1000) is zero and trimmed, so Min and Max stay the extreme values
// with a probability.
func (d PMF) Add(e PMF) PMF {
	if d.Empty() || e.Empty() {
		return PMF{}
	}
	p := make([]float64, len(d.p)+len(e.p)-1)
	for i, a := range d.p {
		if a == 0 {
			continue
		}
		for j, b := range e.p {
			p[i+j] += a * b
		}
	}
	return PMF{min: d.min + e.min, p: p}.trim()
}

// Map is the distribution of f(X).
func (d PMF) Map(f func(int) int) PMF {
	var b Builder
	d.Each(func(v int, p float64) { b.Add(f(v), p) })
	return b.PMF()
}

// Table maps X through a lookup table: values below the first index read
// row 0, values past the end read the last row (the "7+" column of a d6
// track). Index i of rows is the result for X = first+i.
func (d PMF) Table(first int, rows []int) PMF {
	return d.Map(func(v int) int {
		i := min(max(v-first, 0), len(rows)-1)
		return rows[i]
	})
}

// Bind is the mixture Σ_x P(X=x)·f(x): the distribution of a quantity whose
// law depends on X. f may return a sub-distribution (total < 1).
func (d PMF) Bind(f func(int) PMF) PMF {
	var b Builder
	d.Each(func(v int, p float64) { b.AddPMF(f(v), p) })
	return b.PMF()
}

// Combine is the distribution of f(X, Y) for independent X ~ d, Y ~ e, for
// example the product of two dice.
func Combine(d, e PMF, f func(x, y int) int) PMF {
	var b Builder
	d.Each(func(x int, p float64) {
		e.Each(func(y int, q float64) { b.Add(f(x, y), p*q) })
	})
	return b.PMF()
}

// Sum is the distribution of the sum of n independent copies of d
// (n >= 0; the sum of none is 0). It uses repeated squaring.
func Sum(n int, d PMF) PMF {
	acc := Const(0)
	for base := d; n > 0; n >>= 1 {
		if n&1 == 1 {
			acc = acc.Add(base)
		}
		if n > 1 {
			base = base.Add(base)
		}
	}
	return acc
}

// NdS is the sum of n dice with faces 1..sides.
func NdS(n, sides int) PMF { return Sum(n, Die(sides)) }

// Product is the distribution of the product of two independent dice.
func Product(d, e PMF) PMF { return Combine(d, e, func(x, y int) int { return x * y }) }

// Equal reports whether d and e agree everywhere within tol.
func Equal(d, e PMF, tol float64) bool {
	lo, hi := min(d.Min(), e.Min()), max(d.Max(), e.Max())
	if d.Empty() {
		lo, hi = e.Min(), e.Max()
	}
	if e.Empty() {
		lo, hi = d.Min(), d.Max()
	}
	for v := lo; v <= hi; v++ {
		if math.Abs(d.P(v)-e.P(v)) > tol {
			return false
		}
	}
	return true
}

// Values lists the support of d in increasing order.
func (d PMF) Values() []int {
	var out []int
	d.Each(func(v int, _ float64) { out = append(out, v) })
	return out
}

// OneIn returns 1 / sides^n, the probability of one ordered outcome of n
// dice, as one correctly rounded division by sides^n. While sides^n is exact
// in a float64 (for six-sided dice, up to 33 of them) this is the same value
// as math.Pow(sides, -n), without linking math.Pow, Exp and Log into the
// WebAssembly module.
func OneIn(sides, n int) float64 {
	p := 1.0
	for range n {
		p *= float64(sides)
	}
	return 1 / p
}
