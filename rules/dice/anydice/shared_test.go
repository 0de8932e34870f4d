package anydice

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"d6codex/rules/dice"
	"d6codex/rules/dice/expr"
)

// runShared runs testdata/shared/ID.anydice.
func runShared(t *testing.T, id string) []Output {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "shared", id+".anydice"))
	if err != nil {
		t.Fatal(err)
	}
	outs, err := Run(string(b))
	if err != nil {
		t.Fatalf("program %s: %v", id, err)
	}
	return outs
}

// TestSharedArithmetic: programs of dice arithmetic people shared give
// what the project's separate dice-expression language gives for the
// same outputs (testdata/shared/roll20.tsv).
func TestSharedArithmetic(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "shared", "roll20.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		outs := runShared(t, f[0])
		if len(outs) != len(f)-1 {
			t.Errorf("%s: %d outputs, want %d", f[0], len(outs), len(f)-1)
			continue
		}
		for i, e := range f[1:] {
			rs, err := expr.Eval(e)
			if err != nil {
				t.Fatalf("%s: %q: %v", f[0], e, err)
			}
			if !dice.Equal(outs[i].Dist, rs[0].Dist, 1e-12) {
				t.Errorf("%s output %d: mean %v, want %v (%s)", f[0], i+1, outs[i].Mean, rs[0].Mean, e)
			}
		}
		n++
	}
	if n < 40 {
		t.Errorf("only %d programs", n)
	}
}

// enum is a float distribution built by listing rolls.
type enum map[int]float64

// each calls f for every ordered roll of n dice with faces 1..s.
func each(n, s int, f func(r []int, p float64)) {
	total := 1
	for range n {
		total *= s
	}
	r := make([]int, n)
	for i := range total {
		x := i
		for j := range r {
			r[j] = x%s + 1
			x /= s
		}
		f(r, 1/float64(total))
	}
}

func sumOf(r []int) int {
	t := 0
	for _, v := range r {
		t += v
	}
	return t
}

func (e enum) pmf() dice.PMF { return dice.FromMap(e) }

func one(n, s int, f func(r []int) int) dice.PMF {
	e := enum{}
	each(n, s, func(r []int, p float64) { e[f(r)] += p })
	return e.pmf()
}

func b2(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestSharedFunctions: shared programs with functions, each checked
// against an enumeration of its rolls written from the program's meaning.
func TestSharedFunctions(t *testing.T) {
	abs := func(x int) int { return max(x, -x) }
	cases := map[string][]dice.PMF{
		"1077a": {one(2, 10, func(r []int) int { return abs(r[0] - r[1]) })},
		"10ae0": {
			one(5, 6, func(r []int) int { return max(0, r[0]+r[1]-6) + max(0, r[2]+r[3]+r[4]-6) }),
			one(5, 6, func(r []int) int { return max(0, r[0]+r[1]-8) + max(0, r[2]+r[3]+r[4]-4) }),
		},
		"144f0": {one(2, 6, func(r []int) int { return abs(r[0] - r[1]) })},
		"13823": {one(2, 8, func(r []int) int {
			if r[0] <= 2 {
				return r[1]
			}
			return r[0]
		}), one(1, 6, func(r []int) int { return r[0] + 2 })},
		"10828": {one(4, 6, func(r []int) int {
			m := slices.Max(r)
			c := 0
			for _, v := range r {
				c += b2(v == m)
			}
			return c * m
		})},
		"11d3a": {one(1, 20, func(r []int) int {
			switch {
			case r[0] == 1:
				return 0
			case r[0] == 20:
				return 3
			case r[0]+9 >= 19:
				return 2
			}
			return 1
		})},
	}
	var compare []dice.PMF
	for k := range 6 {
		compare = append(compare, one(2, 6, func(r []int) int {
			a := r[0] + k
			return b2(a > r[1]) - b2(a < r[1])
		}))
	}
	cases["13e07"] = compare
	var redemption []dice.PMF
	for n := -1; n <= 8; n++ {
		e := enum{}
		each(2, 8, func(a []int, p float64) {
			each(2, 20, func(c []int, q float64) {
				x := a[0] + a[1] + n
				v := 0
				if x > max(c[0], c[1]) {
					v = 2
				} else if x > min(c[0], c[1]) {
					v = 1
				}
				e[v] += p * q
			})
		})
		redemption = append(redemption, e.pmf())
	}
	cases["130bd"] = redemption
	// [A vs B]: R = d{0..A+M} - d{0..B+M}, M the smaller of A and B.
	vs := func(a, b int, f func(r int) int) dice.PMF {
		m := min(a, b)
		e := enum{}
		for x := 0; x <= a+m; x++ {
			for y := 0; y <= b+m; y++ {
				e[f(x-y)] += 1 / float64((a+m+1)*(b+m+1))
			}
		}
		return e.pmf()
	}
	win := func(r int) int { return b2(r > 0) }
	lose := func(r int) int { return b2(r < 0) }
	tie := func(r int) int { return b2(r == 0) }
	cases["17"] = []dice.PMF{vs(1, 2, win), vs(1, 2, lose), vs(1, 2, tie), vs(1, 4, win), vs(1, 4, lose), vs(1, 4, tie)}
	// [D diff 7]: D dice with 6 faces of 0 and 4 of 1 (binomial).
	var diff []dice.PMF
	for d := 6; d <= 10; d++ {
		e := enum{}
		for k := 0; k <= d; k++ {
			e[k] = binom(d, k) * pow(0.4, k) * pow(0.6, d-k)
		}
		diff = append(diff, e.pmf())
	}
	cases["1044e"] = diff
	// [reroll H above 7], H the highest 3 of 4d6: keep H when it is at
	// most 7, else a fresh H.
	h := one(4, 6, func(r []int) int { s := slices.Clone(r); slices.Sort(s); return s[1] + s[2] + s[3] })
	re := enum{}
	h.Each(func(v int, p float64) {
		if v <= 7 {
			re[v] += p
			return
		}
		h.Each(func(w int, q float64) { re[w] += p * q })
	})
	cases["11d00"] = []dice.PMF{re.pmf()}
	// Six scores of the highest 2 of 5d8, sorted, each capped at 15: the
	// P-th highest is at most x when at least 7-P of the six are.
	h2 := one(5, 8, func(r []int) int { s := slices.Clone(r); slices.Sort(s); return s[3] + s[4] })
	var abil []dice.PMF
	for pos := 1; pos <= 6; pos++ {
		e := enum{}
		prev := 0.0
		for x := 2; x <= 16; x++ {
			f := h2.AtMost(x)
			// P(at least 7-pos of 6 are <= x)
			atMost := 0.0
			for k := 7 - pos; k <= 6; k++ {
				atMost += binom(6, k) * pow(f, k) * pow(1-f, 6-k)
			}
			e[min(x, 15)] += atMost - prev
			prev = atMost
		}
		abil = append(abil, e.pmf())
	}
	cases["12a5e"] = abil
	// [roll SD]: tries until a d10 shows 7+, at most 10 (the maximum
	// function depth). At the tenth call the branch that would call again
	// is the empty die, dropped from that call's merge, so the tenth call
	// gives 1 for sure: P(10) = 0.6^9.
	e := enum{}
	for k := 1; k <= 9; k++ {
		e[k] = pow(0.6, k-1) * 0.4
	}
	e[10] = pow(0.6, 9)
	cases["11342"] = []dice.PMF{e.pmf()}

	for id, want := range cases {
		outs := runShared(t, id)
		if len(outs) != len(want) {
			t.Errorf("%s: %d outputs, want %d", id, len(outs), len(want))
			continue
		}
		for i := range want {
			if !dice.Equal(outs[i].Dist, want[i], 1e-12) {
				t.Errorf("%s output %d (%s): got %v\nwant %v", id, i+1, outs[i].Name, outs[i].Dist.Pairs(), want[i].Pairs())
			}
		}
	}
}

func binom(n, k int) float64 {
	r := 1.0
	for i := range k {
		r = r * float64(n-i) / float64(i+1)
	}
	return r
}

func pow(x float64, k int) float64 {
	r := 1.0
	for range k {
		r *= x
	}
	return r
}

// TestLimitTexts: the limits' texts in messages are the limits.
func TestLimitTexts(t *testing.T) {
	for _, tt := range []struct {
		limit int
		text  string
	}{
		{MaxValue, maxValueText}, {MaxSpan, maxSpanText}, {MaxDice, maxDiceText}, {MaxSeq, maxSeqText},
		{MaxOutputs, maxOutputsText}, {MaxLength, maxLengthText}, {MaxFields, maxFieldsText}, {maxCallDeep, maxCallDeepText},
	} {
		if got := strconv.Itoa(tt.limit); got != tt.text {
			t.Errorf("limit %d written %q", tt.limit, tt.text)
		}
	}
}
