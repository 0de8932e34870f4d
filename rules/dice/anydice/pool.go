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
	for v := d.Min(); v <= d.Max(); v++ {
		if p := d.P(v); p != 0 {
			vs = append(vs, v)
			ps = append(ps, p)
		}
	}
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
	n := d.n
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
	vs, ps := faces(d.base, lowest)
	// state[k] is the weight of each partial sum, after the faces so far
	// have been given k dice in all.
	state := make([]dice.PMF, n+1)
	state[0] = dice.Const(0)
	binom := binomials(n)
	for fi, v := range vs {
		pf := ps[fi]
		last := fi == len(vs)-1
		next := make([]dice.Builder, n+1)
		for k, st := range state {
			if st.Empty() {
				continue
			}
			if err := in.spend(p, float64((st.Max()-st.Min()+1)*(n-k+1))); err != nil {
				return dice.PMF{}, err
			}
			pw := 1.0
			for c := 0; k+c <= n; c++ {
				if !last || k+c == n { // the last face takes every die left
					next[k+c].AddPMF(st.Shift((sel[k+c]-sel[k])*v), binom[n-k][c]*pw)
				}
				pw *= pf
			}
		}
		for k := range state {
			state[k] = next[k].PMF()
		}
	}
	var out acc
	out.addPMF(state[n], 1)
	return out.pmf(p)
}

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

// rolls calls f once for every sorted roll of a collection, with its
// probability, in AnyDice's order: highest first (unless lowest), the
// rolls themselves from the highest ({6, 6}, {6, 5} … {1, 1}) or, lowest
// first, from the lowest ({1, 1}, {1, 2} …); one die from its lowest face
// whatever the order. The order matters to a function whose variables
// carry over from one roll to the next.
func (in *interp) rolls(p pos, d *die, lowest bool, f func(s seq, w float64) error) error {
	n := d.n
	vs, ps := faces(d.base, lowest || n == 1)
	binom := binomials(n)
	cur := make(seq, 0, n)
	var rec func(fi, left int, w float64) error
	rec = func(fi, left int, w float64) error {
		if left == 0 {
			if err := in.spend(p, float64(n+1)); err != nil {
				return err
			}
			return f(slices.Clone(cur), w)
		}
		if fi == len(vs)-1 { // the last face takes every die left
			for range left {
				w *= ps[fi]
				cur = append(cur, vs[fi])
			}
			err := rec(fi+1, 0, w)
			cur = cur[:len(cur)-left]
			return err
		}
		// As many of this face as possible first.
		pw := make([]float64, left+1) // pw[c] = ps[fi]^c
		pw[0] = 1
		for c := 1; c <= left; c++ {
			pw[c] = pw[c-1] * ps[fi]
			cur = append(cur, vs[fi])
		}
		for c := left; c >= 0; c-- {
			if err := rec(fi+1, left-c, w*binom[left][c]*pw[c]); err != nil {
				return err
			}
			if c > 0 {
				cur = cur[:len(cur)-1]
			}
		}
		return nil
	}
	return rec(0, n, 1)
}
