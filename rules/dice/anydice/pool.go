package anydice

import (
	"slices"

	"d6codex/rules/dice"
)

// faces lists a distribution's values and probabilities, highest first
// (lowest first when lowest is set).
func faces(d dice.PMF, lowest bool) ([]int, []float64) {
	var vs []int
	var ps []float64
	d.Each(func(v int, p float64) {
		vs = append(vs, v)
		ps = append(ps, p)
	})
	if !lowest {
		reverse(vs, ps)
	}
	return vs, ps
}

// positionsDie is the distribution of the sum of the dice at the given
// positions (1 = the highest die, or the lowest when lowest is set; a
// position listed twice counts twice; positions past the dice count 0) of
// a collection. It never lists the rolls: a dynamic programme goes through
// the faces in position order, choosing how many dice show each face, with
// the state (dice placed so far, sum of the selected ones). That is
// faces × dice² × sums steps, so 6 exploding d10s keep 3 is instant where
// enumerating the rolls is not.
func (in *interp) positionsDie(p pos, d *die, positions []int, lowest bool) (dice.PMF, error) {
	var a acc
	for _, al := range d.alts {
		if err := in.positionsAlt(p, al, positions, lowest, &a); err != nil {
			return dice.PMF{}, err
		}
	}
	return a.pmf(p)
}

func (in *interp) positionsAlt(p pos, al alt, positions []int, lowest bool, out *acc) error {
	n := al.n
	// sel[k] = how many times positions 1..k are selected.
	sel := make([]int, n+1)
	for _, q := range positions {
		if q >= 1 && q <= n {
			sel[q]++
		}
	}
	for k := 1; k <= n; k++ {
		sel[k] += sel[k-1]
	}
	vs, ps := faces(al.base, lowest)
	// state[k] maps a partial sum to its weight, after the faces so far
	// have been given k dice in all.
	state := make([]map[sumKey]float64, n+1)
	state[0] = map[sumKey]float64{{}: 1}
	binom := binomials(n)
	for fi, v := range vs {
		pf := ps[fi]
		last := fi == len(vs)-1
		next := make([]map[sumKey]float64, n+1)
		for k := 0; k <= n; k++ {
			if state[k] == nil {
				continue
			}
			if err := in.spend(p, float64(len(state[k])*(n-k+1))); err != nil {
				return err
			}
			pw := 1.0
			for c := 0; k+c <= n; c++ {
				if last && k+c != n { // the last face takes every die left
					pw *= pf
					continue
				}
				w := binom[n-k][c] * pw
				add := (sel[k+c] - sel[k]) * v
				m := next[k+c]
				if m == nil {
					m = map[sumKey]float64{}
					next[k+c] = m
				}
				for s, q := range state[k] {
					m[sumKey{s: s.s + add}] += q * w
				}
				pw *= pf
			}
		}
		state = next
	}
	for s, q := range state[n] {
		out.add(s.s, q*al.w)
	}
	return nil
}

// sumKey is a partial sum as a map key. The padding makes it 16 bytes,
// so the map uses the runtime's general map code, which every module
// links, instead of the 64-bit-key variant (6 KB of WebAssembly).
type sumKey struct{ s, _ int }

// binomials is Pascal's triangle up to n.
func binomials(n int) [][]float64 {
	b := make([][]float64, n+1)
	for i := range b {
		b[i] = make([]float64, i+1)
		b[i][0], b[i][i] = 1, 1
		for j := 1; j < i; j++ {
			b[i][j] = b[i-1][j-1] + b[i-1][j]
		}
	}
	return b
}

// rolls calls f once for every sorted roll of a collection (highest first
// unless lowest), with its probability.
func (in *interp) rolls(p pos, d *die, lowest bool, f func(s seq, w float64) error) error {
	for _, al := range d.alts {
		vs, ps := faces(al.base, lowest)
		n := al.n
		binom := binomials(n)
		cur := make(seq, 0, n)
		var rec func(fi, left int, w float64) error
		rec = func(fi, left int, w float64) error {
			if left == 0 {
				if err := in.spend(p, float64(n+1)); err != nil {
					return err
				}
				return f(slices.Clone(cur), w*al.w)
			}
			if fi == len(vs)-1 {
				pw := 1.0
				for range left {
					pw *= ps[fi]
					cur = append(cur, vs[fi])
				}
				err := rec(fi+1, 0, w*pw)
				cur = cur[:len(cur)-left]
				return err
			}
			pw := 1.0
			for c := 0; c <= left; c++ {
				if err := rec(fi+1, left-c, w*binom[left][c]*pw); err != nil {
					return err
				}
				pw *= ps[fi]
				cur = append(cur, vs[fi])
			}
			cur = cur[:len(cur)-left-1]
			return nil
		}
		if err := rec(0, n, 1); err != nil {
			return err
		}
	}
	return nil
}
