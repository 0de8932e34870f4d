package expr

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"d6codex/rules/dice"
)

// TestPublished checks means and deviations published for well-known
// rolls: AnyDice's output for "output 4d6 highest 3" (mean 12.24, sd 2.85),
// for 2d20 keep highest (13.82) and lowest (7.17), and the closed forms of
// an exploding d6 (mean 4.2 = 3.5 · 6/5) and of 3d6.
func TestPublished(t *testing.T) {
	tests := []struct {
		expr     string
		mean, sd float64
		tol      float64
	}{
		{"4d6kh3", 12.2446, 2.8468, 5e-5},
		{"2d20kh1", 13.825, 4.7111, 5e-5},
		{"2d20kl1", 7.175, 4.7111, 5e-5},
		{"3d6", 10.5, math.Sqrt(3 * 35.0 / 12), 1e-12},
		{"d6!", 4.2, math.NaN(), 1e-9},
		{"4dF", 0, math.Sqrt(4 * 2.0 / 3), 1e-12},
		{"8d6>=5", 8.0 / 3, math.Sqrt(8 * (1.0 / 3) * (2.0 / 3)), 1e-12},
		{"(2d6+3)>=10", 21.0 / 36, math.NaN(), 1e-12},
	}
	for _, tt := range tests {
		rs, err := Eval(tt.expr)
		if err != nil {
			t.Fatalf("%s: %v", tt.expr, err)
		}
		r := rs[0]
		if math.Abs(r.Mean-tt.mean) > tt.tol {
			t.Errorf("%s: mean %.6f, want %.6f", tt.expr, r.Mean, tt.mean)
		}
		if !math.IsNaN(tt.sd) && math.Abs(r.SD-tt.sd) > tt.tol {
			t.Errorf("%s: sd %.6f, want %.6f", tt.expr, r.SD, tt.sd)
		}
	}
}

// TestNormalisedText: the text Eval reports for an expression.
func TestNormalisedText(t *testing.T) {
	tests := map[string]string{
		"d6":                          "1d6",
		" 4d6k3 ":                     "4d6kh3",
		"2d6ro<=2 ":                   "2d6ro<=2",
		"2d6ro1":                      "2d6ro1",
		"d6!>=6":                      "1d6!",
		"d6!>=5":                      "1d6!>=5",
		"( 2d6 + 3 ) >= 10":           "(2d6+3)>=10",
		"8d6 >= 5":                    "8d6>=5",
		"8d6>=5+1":                    "8d6>=5+1",
		"Advantage: 2d20kh1":          "Advantage: 2d20kh1",
		"-d4 * 2":                     "-1d4*2",
		"4DF":                         "4dF",
		"3d6 - 2":                     "3d6-2",
		"a: d6; b: d8\nc: d10":        "a: 1d6|b: 1d8|c: 1d10",
		"2d6>=2d6":                    "2d6>=2d6",
		"10d10!":                      "10d10!",
		"5d10dl2":                     "5d10dl2",
		"Roll under 9: 2d6<=9":        "Roll under 9: 2d6<=9",
		"Target 4+ on 6 dice: 6d6>=4": "Target 4+ on 6 dice: 6d6>=4",
	}
	for src, want := range tests {
		items, err := Parse(src)
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		var got []string
		for _, it := range items {
			got = append(got, it.Text())
		}
		if g := strings.Join(got, "|"); g != want {
			t.Errorf("%q -> %q, want %q", src, g, want)
		}
	}
}

// TestErrors: every bad expression names a column and what was expected.
func TestErrors(t *testing.T) {
	tests := map[string]string{
		"4d6kh":         "column 6: a number after kh",
		"":              "column 1: an expression such as 2d6+1",
		"2d":            "column 3: a number after d",
		"2d6+":          "column 5: a number, a dice term such as 2d6, or (, not the end",
		"(2d6":          "column 5: a closing ) for the ( at column 1",
		"2d6 3":         "column 5: an operator (+ - * >= …), or ; between expressions, not \"3\"",
		"0d6":           "column 1: roll at least one die",
		"2d0":           "column 1: a die needs at least one side",
		"1001d6":        "column 1: at most 1000 dice in one term",
		"d10001":        "column 1: at most 10000 sides on a die",
		"3d6kh4":        "column 4: kh4 needs at least 4 dice, not 3",
		"3d6kh1kl1":     "column 7: keep or drop once per dice term",
		"d6!>=1":        "column 3: a die that explodes on every face never stops: explode on 2 or more",
		"d1!":           "column 3: a die that explodes on every face never stops: explode on 2 or more",
		"dF!":           "column 3: Fudge dice do not explode",
		"d6ro1!":        "column 1: reroll or explode a dice term, not both",
		"4d6kh3>=5":     "column 1: counting successes works on plain or rerolled dice, not on kept or exploding ones",
		"(d6)>=1>=1":    "column 8: one comparison at a time: put the first in parentheses",
		"2d6 kh1":       "column 5: an operator (+ - * >= …), or ; between expressions, not \"k\"",
		": 2d6":         "column 1: a label before :",
		"x: ":           "column 4: an expression such as 2d6+1",
		"99999999999":   "column 1: the number 99999999999 is too large",
		"2d6 $":         "column 5: an operator (+ - * >= …), or ; between expressions, not \"$\"",
		"d1000*d1000":   "column 6: the result would span more than 100000 values",
		"d10000*d10000": "column 7: this needs too much computation to be exact here; use fewer dice or sides",
		"1000d10000":    "column 1: the result would span more than 100000 values",
		"1000d6kh500":   "column 1: this needs too much computation to be exact here; use fewer dice or sides",
	}
	for src, want := range tests {
		_, err := Eval(src)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: err = %v, want an *Error", src, err)
			continue
		}
		if err.Error() != want {
			t.Errorf("%q:\n got  %s\n want %s", src, err, want)
		}
	}
}

// TestBounded: the largest expressions the limits allow answer quickly or
// are refused quickly; none hangs.
func TestBounded(t *testing.T) {
	for _, src := range []string{
		"1000d6", "1000d6kh3", "100d100", "10d100!", "d10000*d10", "1000dF", "200d6>=4",
		"1000d6kh500", "d2!>=2", "(1000d6)*(1000d6)", "100d100kh50", "1000d6!",
	} {
		start := time.Now()
		_, err := Eval(src)
		// A budget of MaxWork multiply-adds is about a second natively
		// on a slow machine; 20 s would mean the bound does not hold.
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%s took %v (err %v)", src, d, err)
		}
	}
}

// TestTruncated: the mass not followed is reported, and it is what is
// missing from the distribution.
func TestTruncated(t *testing.T) {
	rs, err := Eval("d6!; 2d6")
	if err != nil {
		t.Fatal(err)
	}
	if tr := rs[0].Truncated; tr <= 0 || tr >= Epsilon {
		t.Errorf("d6!: truncated %g, want in (0, %g)", tr, Epsilon)
	}
	if got := rs[0].Dist.Total() + rs[0].Truncated; math.Abs(got-1) > 1e-15 {
		t.Errorf("d6!: mass %.17g + truncated != 1", got)
	}
	if rs[1].Truncated != 0 {
		t.Errorf("2d6: truncated %g, want 0", rs[1].Truncated)
	}
}

// TestRoll: a traced roll of given dice, and Roll agreeing with Eval: every
// value seeded rolls produce is in the distribution's support, and their
// mean is near its mean.
func TestRoll(t *testing.T) {
	items, err := Parse("4d6kh3+1")
	if err != nil {
		t.Fatal(err)
	}
	v, steps, err := Roll(items[0], dice.NewFixed([]int{6, 2, 5, 1}))
	if err != nil || v != 14 {
		t.Fatalf("4d6kh3+1 with 6 2 5 1 = %d, %v", v, err)
	}
	if want := "4d6kh3: rolled 6 2 5 1, kept 2 5 6, total 13"; steps[0] != want {
		t.Errorf("step %q, want %q", steps[0], want)
	}
	for _, src := range []string{"3d6", "4d6kh3", "2d6ro<=2", "d6!", "8d6>=5", "(2d6+3)>=10", "4dF", "5d10dl2-d4"} {
		items, err := Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		r, err := EvalItem(items[0])
		if err != nil {
			t.Fatal(err)
		}
		sum, n := 0.0, 20000
		for seed := range n {
			v, _, err := Roll(items[0], dice.NewSeeded(uint64(seed)))
			if err != nil {
				t.Fatal(err)
			}
			if r.Dist.P(v) == 0 {
				t.Fatalf("%s rolled %d, which has probability 0", src, v)
			}
			sum += float64(v)
		}
		// Six standard errors: a false alarm once in 10^8 runs.
		if se := r.SD / math.Sqrt(float64(n)); math.Abs(sum/float64(n)-r.Mean) > 6*se+1e-9 {
			t.Errorf("%s: seeded mean %.4f, exact %.4f", src, sum/float64(n), r.Mean)
		}
	}
}
