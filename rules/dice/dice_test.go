package dice

import (
	"math"
	"slices"
	"strings"
	"testing"

	"d6codex/rules/dice/dicetest"
)

const tol = 1e-12

func brute(n, sides int, value func([]int) int) PMF {
	var b Builder
	w := math.Pow(float64(sides), -float64(n))
	dicetest.Tuples(n, sides, func(t []int) { b.Add(value(t), w) })
	return b.PMF()
}

func sumOf(t []int) int {
	s := 0
	for _, v := range t {
		s += v
	}
	return s
}

func sortedDesc(t []int) []int {
	s := slices.Clone(t)
	slices.Sort(s)
	slices.Reverse(s)
	return s
}

func TestAgainstBruteForce(t *testing.T) {
	tests := []struct {
		name  string
		fast  PMF
		n, s  int
		value func([]int) int
	}{
		{"1d6", NdS(1, 6), 1, 6, sumOf},
		{"3d6", NdS(3, 6), 3, 6, sumOf},
		{"5d4", NdS(5, 4), 5, 4, sumOf},
		{"0d6", NdS(0, 6), 0, 6, sumOf},
		{"keep 2 highest of 4d6", KeepHighest(4, 6, 2), 4, 6, func(t []int) int { return sumOf(sortedDesc(t)[:2]) }},
		{"keep 3 highest of 5d6", KeepHighest(5, 6, 3), 5, 6, func(t []int) int { return sumOf(sortedDesc(t)[:3]) }},
		{"keep 1 lowest of 3d6", KeepLowest(3, 6, 1), 3, 6, func(t []int) int { return sortedDesc(t)[2] }},
		{"keep 2 lowest of 3d6", KeepLowest(3, 6, 2), 3, 6, func(t []int) int { return sumOf(sortedDesc(t)[1:]) }},
		{"keep 5 of 2d6", KeepHighest(2, 6, 5), 2, 6, sumOf},
		{"d6 x d6", Product(D6(), D6()), 2, 6, func(t []int) int { return t[0] * t[1] }},
		{"d6 - d6", Combine(D6(), D6(), func(x, y int) int { return x - y }), 2, 6, func(t []int) int { return t[0] - t[1] }},
		{"2d6 on a table", NdS(2, 6).Table(2, []int{0, 0, 1, 1, 2}), 2, 6, func(t []int) int {
			return []int{0, 0, 1, 1, 2}[min(sumOf(t)-2, 4)]
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := brute(tc.n, tc.s, tc.value)
			if !Equal(tc.fast, want, tol) {
				t.Errorf("fast %v\nbrute %v", tc.fast.Pairs(), want.Pairs())
			}
			if math.Abs(tc.fast.Total()-1) > tol {
				t.Errorf("total mass %v", tc.fast.Total())
			}
		})
	}
}

func TestKnownValues(t *testing.T) {
	two := NdS(2, 6)
	if got := two.Less(7); math.Abs(got-15.0/36) > tol {
		t.Errorf("P(2d6 < 7) = %v, want 15/36", got)
	}
	if got := two.Mean(); math.Abs(got-7) > tol {
		t.Errorf("mean 2d6 = %v", got)
	}
	prod := Product(D6(), D6())
	if n := len(prod.Values()); n != 18 {
		t.Errorf("d6×d6 has %d distinct products, want 18", n)
	}
	if got := prod.AtLeast(25); math.Abs(got-4.0/36) > tol { // 25, 30, 30, 36
		t.Errorf("P(d6×d6 >= 25) = %v, want 4/36", got)
	}
}

func TestMultisets(t *testing.T) {
	for _, tc := range []struct{ n, s, count int }{{0, 6, 1}, {1, 6, 6}, {3, 6, 56}, {12, 6, 6188}, {4, 3, 15}} {
		seen, total := 0, 0.0
		Multisets(tc.n, tc.s, func(c []int, p float64) {
			seen++
			total += p
			if sumOf(c) != tc.n {
				t.Fatalf("counts %v do not sum to %d", c, tc.n)
			}
		})
		if seen != tc.count || math.Abs(total-1) > tol {
			t.Errorf("%dd%d: %d multisets with mass %v, want %d and 1", tc.n, tc.s, seen, total, tc.count)
		}
	}
}

func counts(t []int, sides int) []int {
	c := make([]int, sides)
	for _, v := range t {
		c[v-1]++
	}
	return c
}

func TestCancelledPoolAgainstBruteForce(t *testing.T) {
	for _, tc := range []struct{ n, pen int }{{3, 1}, {4, 2}, {2, 3}, {5, 0}, {0, 2}} {
		want := map[string]float64{}
		w := math.Pow(6, -float64(tc.n+tc.pen))
		dicetest.Tuples(tc.n+tc.pen, 6, func(tp []int) {
			rem := Cancel(counts(tp[:tc.n], 6), counts(tp[tc.n:], 6))
			want[key(rem)] += w
		})
		got := map[string]float64{}
		for _, o := range CancelledPool(tc.n, tc.pen, 6) {
			got[key(o.Counts)] += o.P
		}
		if len(got) != len(want) {
			t.Errorf("%d+%d: %d outcomes, brute force has %d", tc.n, tc.pen, len(got), len(want))
		}
		for k, p := range want {
			if math.Abs(got[k]-p) > tol {
				t.Errorf("%d+%d: remainder %s has p %v, brute force %v", tc.n, tc.pen, k, got[k], p)
			}
		}
	}
}

func key(c []int) string {
	var b strings.Builder
	for _, v := range c {
		b.WriteByte(byte('0' + v))
	}
	return b.String()
}

func TestCancelSeedExample(t *testing.T) {
	// A penalty 6 cancels one of two 6s, nothing else.
	got := Cancel(counts([]int{6, 6, 5, 3, 1}, 6), counts([]int{6}, 6))
	if want := counts([]int{6, 5, 3, 1}, 6); !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestCutHigh(t *testing.T) {
	d := FromMap(map[int]float64{1: 0.9, 2: 0.09, 3: 0.009, 4: 0.001})
	for _, tc := range []struct {
		eps  float64
		high int
	}{{0.0005, 4}, {0.005, 3}, {0.011, 2}, {0.2, 1}, {2, 0}} {
		got := d.CutHigh(tc.eps)
		if tc.high == 0 {
			if !got.Empty() {
				t.Errorf("eps %v: %v, want nothing left", tc.eps, got.Pairs())
			}
			continue
		}
		if got.Max() != tc.high || got.Min() != 1 || got.P(1) != 0.9 {
			t.Errorf("eps %v: %v, want values 1..%d unchanged", tc.eps, got.Pairs(), tc.high)
		}
		if lost := d.Total() - got.Total(); lost >= tc.eps {
			t.Errorf("eps %v: dropped mass %v", tc.eps, lost)
		}
	}
}

func TestExploding(t *testing.T) {
	d := Exploding(6, TailEpsilon)
	if math.Abs(d.Total()-1) > 1e-14 {
		t.Errorf("total mass %v", d.Total())
	}
	if math.Abs(d.Mean()-4.2) > 1e-12 { // 3.5 × 6/5
		t.Errorf("mean %v, want 4.2", d.Mean())
	}
	if d.P(6) != 0 || d.P(12) != 0 {
		t.Error("a total that is a multiple of 6 cannot end an exploding d6")
	}
	if math.Abs(d.P(9)-1.0/36) > tol {
		t.Errorf("P(6,3) = %v, want 1/36", d.P(9))
	}
}

func TestTape(t *testing.T) {
	fixed := NewFixed([]int{4, 2, 6})
	if _, err := fixed.RollN(3, 6, "attack die"); err != nil {
		t.Fatal(err)
	}
	if _, err := fixed.Roll(6, "wild die"); err == nil || !strings.Contains(err.Error(), "wild die") {
		t.Errorf("running out of dice: %v", err)
	}
	bad := NewFixed([]int{7})
	if _, err := bad.Roll(6, "wild die"); err == nil || !strings.Contains(err.Error(), "must be 1..6") {
		t.Errorf("face 7 on a d6: %v", err)
	}
	extra := NewFixed([]int{1, 2})
	extra.Roll(6, "x")
	if err := extra.Done(); err == nil {
		t.Error("an unused die must be reported")
	}
	seeded := NewSeeded(42)
	vals, _ := seeded.RollN(20, 6, "x")
	again, _ := NewSeeded(42).RollN(20, 6, "x")
	replay, _ := NewFixed(seeded.Values()).RollN(20, 6, "x")
	if !slices.Equal(vals, again) || !slices.Equal(vals, replay) {
		t.Error("a seed must replay the same dice, and its record must replay them too")
	}
	if r := seeded.Rolls(); len(r) != 20 || r[0].What != "x" || r[0].Sides != 6 {
		t.Errorf("record %v", r)
	}
}

func TestParseCode(t *testing.T) {
	tests := []struct {
		in   string
		want Code
		err  string
	}{
		{in: "3D+2", want: Code{3, 2}},
		{in: "3D", want: Code{3, 0}},
		{in: " 4d + 1 ", want: Code{4, 1}},
		{in: "0D+1", want: Code{0, 1}},
		{in: "12D+0", want: Code{12, 0}},
		{in: "3D+5", err: "three pips make a die"},
		{in: "-1D", err: "whole number"},
		{in: "D6", err: "missing"},
		{in: "3D6", err: "only +1 or +2"},
		{in: "3D-1", err: "only +1 or +2"},
		{in: "3", err: "no D"},
		{in: "100D", err: "at most 99"},
		{in: "", err: "no D"},
		{in: "3D+", err: "pips"},
	}
	for _, tc := range tests {
		got, err := ParseCode(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseCode(%q) error %v, want one saying %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseCode(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	if got := MustCode("3D+2").TotalPips(); got != 11 {
		t.Errorf("3D+2 is %d pips, want 11", got)
	}
	if got := FromPips(10).String(); got != "3D+1" {
		t.Errorf("10 pips print as %q, want 3D+1", got)
	}
	if got := MustCode("2D+2").Plus(MustCode("1D+1")); got != (Code{4, 0}) {
		t.Errorf("2D+2 + 1D+1 = %v", got)
	}
}

func FuzzParseCode(f *testing.F) {
	for _, s := range []string{"3D+2", "0D", "3D+5", "-1D", "D6", "99D+2", "4d+1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCode(s)
		if err != nil {
			return
		}
		if c.Dice < 0 || c.Dice > MaxCodeDice || c.Pips < 0 || c.Pips > 2 {
			t.Fatalf("ParseCode(%q) accepted out-of-range %+v", s, c)
		}
		back, err := ParseCode(c.String())
		if err != nil || back != c {
			t.Fatalf("round trip of %q: %v -> %q -> %v, %v", s, c, c.String(), back, err)
		}
		if FromPips(c.TotalPips()) != c {
			t.Fatalf("pips round trip of %v", c)
		}
	})
}

func BenchmarkCancelledPool12Plus4(b *testing.B) {
	for b.Loop() {
		CancelledPool(12, 4, 6)
	}
}

func BenchmarkKeepHighest12(b *testing.B) {
	for b.Loop() {
		KeepHighest(12, 6, 2)
	}
}

// TestBuilder: values added in any order (rising, falling, scattered, with
// gaps and repeats) accumulate exactly as a map from value to mass does,
// and a PMF taken from a builder does not change when the builder goes on.
func TestBuilder(t *testing.T) {
	orders := map[string][]int{
		"rising":    {1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
		"falling":   {10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6, -7, -8, -9, -10},
		"scattered": {5, -3, 40, 5, 0, -3, 17, 2, 40, -20, 1},
		"one":       {7},
	}
	for name, vals := range orders {
		var b Builder
		want := map[int]float64{}
		for i, v := range vals {
			p := float64(i+1) / 64
			b.Add(v, p)
			want[v] += p
		}
		b.Add(99, 0) // no mass: no value
		got := b.PMF()
		lo, hi := slices.Min(vals), slices.Max(vals)
		if got.Min() != lo || got.Max() != hi {
			t.Errorf("%s: range %d..%d, want %d..%d", name, got.Min(), got.Max(), lo, hi)
		}
		for v := lo - 1; v <= hi+1; v++ {
			if got.P(v) != want[v] {
				t.Errorf("%s: P(%d) = %v, want %v", name, v, got.P(v), want[v])
			}
		}
		before := got.P(lo)
		b.Add(lo, 1)
		if got.P(lo) != before {
			t.Errorf("%s: adding to the builder changed a PMF taken before", name)
		}
	}
	if !(&Builder{}).PMF().Empty() {
		t.Error("an empty builder's PMF is not empty")
	}
}
