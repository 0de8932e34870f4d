package expr

import (
	"math/big"
	"slices"
	"testing"
)

// enumerate is the exact distribution of f over every roll of n dice of
// sides faces (each tuple equally likely), counted by hand: it shares no
// code with the parser or the evaluator.
func enumerate(n, sides int, f func(faces []int) int) rdist {
	out := rdist{}
	faces := make([]int, n)
	total := 1
	for range n {
		total *= sides
	}
	p := big.NewRat(1, int64(total))
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			out.add(f(faces), p)
			return
		}
		for v := 1; v <= sides; v++ {
			faces[i] = v
			rec(i + 1)
		}
	}
	rec(0)
	return out
}

// count is the number of faces at least t.
func count(faces []int, t int) int {
	c := 0
	for _, v := range faces {
		if v >= t {
			c++
		}
	}
	return c
}

func sum(faces []int) int {
	s := 0
	for _, v := range faces {
		s += v
	}
	return s
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestCountingReadings is issue 24: a comparison with a number right after
// a dice term counts dice whatever arithmetic follows (2d6>=4+1 was read as
// 2d6 >= 5, while 1+2d6>=4 counted); a total is compared in brackets. Each
// reading is checked against a count made by hand over every roll.
func TestCountingReadings(t *testing.T) {
	tests := []struct {
		src   string
		n, s  int
		value func(faces []int) int
	}{
		{"2d6>=4+1", 2, 6, func(f []int) int { return count(f, 4) + 1 }},
		{"8d6>=5+0", 4, 6, nil}, // checked below against 8d6>=5
		{"1+2d6>=4", 2, 6, func(f []int) int { return 1 + count(f, 4) }},
		{"3d6>=5*2", 3, 6, func(f []int) int { return count(f, 5) * 2 }},
		{"3d6 >= 5 - 1", 3, 6, func(f []int) int { return count(f, 5) - 1 }},
		{"3d6>=4>=2", 3, 6, func(f []int) int { return b2i(count(f, 4) >= 2) }},
		{"(2d6)>=5", 2, 6, func(f []int) int { return b2i(sum(f) >= 5) }},
		{"(2d6)>=4+1", 2, 6, func(f []int) int { return b2i(sum(f) >= 5) }},
		{"(3d6)>=4+6", 3, 6, func(f []int) int { return b2i(sum(f) >= 10) }},
		{"2d6+0>=5", 2, 6, func(f []int) int { return b2i(sum(f) >= 5) }},
	}
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			rs, err := Eval(tc.src)
			if err != nil {
				t.Fatal(err)
			}
			want := rdist{}
			if tc.value != nil {
				want = enumerate(tc.n, tc.s, tc.value)
			} else {
				want = enumerate(8, 6, func(f []int) int { return count(f, 5) })
			}
			got := rs[0].Dist
			for v, p := range want {
				pf, _ := p.Float64()
				if d := got.P(v) - pf; d > 1e-12 || d < -1e-12 {
					t.Errorf("P(%d) = %v, want %v", v, got.P(v), pf)
				}
			}
			if got.Min() < minKey(want) || got.Max() > maxKey(want) {
				t.Errorf("values %d..%d, want %d..%d", got.Min(), got.Max(), minKey(want), maxKey(want))
			}
		})
	}
}

func minKey(d rdist) int {
	m, first := 0, true
	for v := range d {
		if first || v < m {
			m, first = v, false
		}
	}
	return m
}

func maxKey(d rdist) int {
	m, first := 0, true
	for v := range d {
		if first || v > m {
			m, first = v, false
		}
	}
	return m
}

// TestCountSupport is issue 31: a count of successes lists only the counts
// a roll can give. When every face succeeds (10d6>=1: each die shows at
// least 1) the count is always the number of dice, and when none does
// (4d6>=7) always 0; the success chance summed in floating point
// (6 × 1/6 = 0.9999999999999999) listed every count from 0 and reported
// min 0. The values listed, min and max are checked against the
// enumeration's counts of nonzero probability.
func TestCountSupport(t *testing.T) {
	tests := []struct {
		src  string
		want rdist // nil: enumerate every roll
	}{
		// 6^10 rolls are too many to enumerate: every die shows 1 or more.
		{"10d6>=1", rdist{10: big.NewRat(1, 1)}},
		{"6d6>=1", nil}, {"3d10>=1", nil}, {"5d6<=6", nil}, {"4d6>=7", nil}, {"4d6<1", nil},
		{"3d6ro1>=1", nil}, {"5d4>0", nil}, {"4dF>=-1", nil}, {"3dF<=1", nil}, {"3d6=7", nil},
		{"4d6>=4", nil},
	}
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			items, err := Parse(tc.src)
			if err != nil {
				t.Fatal(err)
			}
			got, err := EvalItem(items[0])
			if err != nil {
				t.Fatal(err)
			}
			want := tc.want
			if want == nil {
				want = brute(items[0].Node)
			}
			var wantVals []int
			for v, p := range want {
				if p.Sign() != 0 {
					wantVals = append(wantVals, v)
				}
			}
			slices.Sort(wantVals)
			if gotVals := got.Dist.Values(); !slices.Equal(gotVals, wantVals) {
				t.Errorf("values %v, want %v", gotVals, wantVals)
			}
			if got.Min != wantVals[0] || got.Max != wantVals[len(wantVals)-1] {
				t.Errorf("min %d max %d, want %d and %d", got.Min, got.Max, wantVals[0], wantVals[len(wantVals)-1])
			}
		})
	}
}
