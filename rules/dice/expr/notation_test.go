package expr

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"d6codex/rules/dice"
)

// readme is the Dice Roller's documentation, which the rules below quote.
const readme = "https://github.com/javalent/dice-roller/blob/main/README.md"

// parseDR parses one expression in the Dice Roller's notation.
func parseDR(t *testing.T, src string) Item {
	t.Helper()
	items, err := ParseNotation(src, DiceRoller)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	if len(items) != 1 {
		t.Fatalf("%s: %d items", src, len(items))
	}
	return items[0]
}

// agree compares Eval's distribution of it with the enumeration's.
func agree(t *testing.T, it Item) {
	t.Helper()
	got, err := EvalItem(it)
	if err != nil {
		t.Fatal(err)
	}
	// Both sides leave out chains of explosions below 1e-12 (Eval) and
	// 1e-14 (the enumeration): exploding terms agree to 1e-11.
	tol := 1e-12
	if got.Truncated > 0 {
		tol = 1e-11
	}
	want := brute(it.Node)
	vals := map[int]bool{}
	for v := range want {
		vals[v] = true
	}
	got.Dist.Each(func(v int, _ float64) { vals[v] = true })
	for v := range vals {
		w := 0.0
		if p, ok := want[v]; ok {
			w, _ = p.Float64()
		}
		if g := got.Dist.P(v); math.Abs(g-w) > tol {
			t.Errorf("%s: P(%d) = %.15g, want %.15g", it.Node, v, g, w)
		}
	}
}

// TestDiceRollerBruteForce compares Eval with the enumeration for every
// operator of the Dice Roller's notation, alone and with others.
func TestDiceRollerBruteForce(t *testing.T) {
	for _, src := range []string{
		// Faces: omitted (100), %, [min, max], digit dice.
		"d", "2d", "d%", "2d%", "1d[3,5]", "4d[7, 8]", "1d[20, 20]", "2d[0,3]", "1d66%", "2d36%", "1d123%",
		// Keep and drop, with and without a number.
		"2d20k", "2d20kh", "4d20k2", "2d20kl", "4d20kl2", "2d20dl", "4d20dl2", "2d20dh", "4d20dh2",
		// Explode: once, n times, i, with conditions; !! alike, kept whole.
		"1d6!", "2d4!3", "1d4!=3", "1d4!i=!3", "1d1!i", "1d6!i", "1d6!>4", "1d6!>=5<2", "2d6!!", "1d4!!2", "3d6!!kh2", "1d4!!>2",
		// Reroll: once (the lowest), n times, i, with conditions.
		"1d6r", "2d4r3", "1d4r<3", "1d4r<2>3", "1d2ri", "3d6r2<=2", "1d6r=6", "4d6rkh3",
		// Conditions on dice: count them, -1 for -=.
		"4d6>=5", "4d6>4<2", "4d6=!3", "6d6>=5-=1", "6d6=6=-1", "5d10>=8-=1+2", "3dF>=1", "4d6r>=5",
		// Sort changes no total.
		"4d6s", "4d6sd", "4d6kh3sa",
		// Arithmetic: * / ^ and brackets, as the README's examples.
		"1d6*10", "3d4+3d4-(3d4*1d4)-2^1d7", "2^3^2", "-2^2", "(1d6+1d4)*2/2", "1d4^2", "2d6-1d6/1", "{1d6}+{2}",
	} {
		t.Run(src, func(t *testing.T) { agree(t, parseDR(t, src)) })
	}
	// A division rounded as |floor, |ceil and |round round the result.
	for _, mode := range []string{"floor", "ceil", "round"} {
		for _, src := range []string{"1d6/2", "(2d6-7)/3", "1d20/-4", "(1d10)/(1d3)"} {
			t.Run(src+"|"+mode, func(t *testing.T) {
				it := parseDR(t, src)
				if !RoundResult(it, mode) {
					t.Fatal("RoundResult: no division")
				}
				agree(t, it)
			})
		}
	}
}

// TestDiceRollerRules checks each documented rule of the notation against
// a value worked out by hand from the rule's own words.
func TestDiceRollerRules(t *testing.T) {
	rat := func(a, b int64) float64 { f, _ := big.NewRat(a, b).Float64(); return f }
	tests := []struct {
		rule string
		expr string
		// want is P(value) for the values listed; min and max the support.
		want     map[int]float64
		min, max int
	}{
		{"Faces will default to `100`.", "d", map[int]float64{1: rat(1, 100), 100: rat(1, 100)}, 1, 100},
		{"`` `dice: Xd%` `` will roll X d100 dice.", "2d%", map[int]float64{2: rat(1, 10000), 200: rat(1, 10000)}, 2, 200},
		{"Xd[Y, Z] | Roll a dice with minimum Y, maximum Z.", "1d[3,5]", map[int]float64{3: rat(1, 3), 4: rat(1, 3), 5: rat(1, 3)}, 3, 5},
		{"It will roll a dice for each face digit provided and combine them into a result. (`dice: 1d66%` | `[6, 3] = 6,3`)", "1d66%",
			map[int]float64{11: rat(1, 36), 16: rat(1, 36), 17: 0, 20: 0, 21: rat(1, 36), 63: rat(1, 36), 66: rat(1, 36)}, 11, 66},
		{"Keeps highest `{n}` rolls. `{n}` is optional, and will default to 1.", "2d20k", map[int]float64{1: rat(1, 400), 20: rat(39, 400)}, 1, 20},
		{"Drops lowest `{n}` rolls. `{n}` is optional, and will default to 1.", "2d20dl", map[int]float64{1: rat(1, 400), 20: rat(39, 400)}, 1, 20},
		{"Explode will roll an additional die for each maximum die roll. If `{n}` or `{i}` is provided, it will continue exploding until a number less than the maximum is rolled, or `{n}` attempts have been made.",
			"1d6!", map[int]float64{6: 0, 5: rat(1, 6), 7: rat(1, 36), 12: rat(1, 36)}, 1, 12},
		{"`{i}` is capped at 100 rolls to prevent abuse. (`dice: 1d1!i`)", "1d1!i", map[int]float64{101: 1}, 101, 101},
		{"`dice: 1d4!=3` | Explode rolls equal to 3", "1d4!=3", map[int]float64{3: 0, 4: rat(5, 16), 5: rat(1, 16), 6: rat(1, 16), 7: rat(1, 16)}, 1, 7},
		{"Re-roll a minimum dice. ... Re-rolled dice _replace_ their original roll", "1d6r", map[int]float64{1: rat(1, 36), 6: rat(7, 36)}, 1, 6},
		{"`dice: 1d4r<2>3` | Re-roll rolls less than 2, greater than 3", "1d4r<2>3", map[int]float64{1: rat(2, 16), 2: rat(6, 16), 4: rat(2, 16)}, 1, 4},
		{"If the dice meets this requirement, it will be considered a `1` (pass), and if it does not, it will be considered a `0` (failure).",
			"2d6>=5", map[int]float64{0: rat(4, 9), 1: rat(4, 9), 2: rat(1, 9)}, 0, 2},
		{"`=!{n}` | Only rolls that are not equal to `{n}` are successful.", "1d6=!3", map[int]float64{0: rat(1, 6), 1: rat(5, 6)}, 0, 1},
		{"`-={n}` or `=-{n}` | Rolls equal to `{n}` will be considered -1.", "2d6=6-=1",
			map[int]float64{-2: rat(1, 36), -1: rat(8, 36), 0: rat(18, 36), 1: rat(8, 36), 2: rat(1, 36)}, -2, 2},
		{"The parser supports addition, subtraction, multiplication, division, and exponents", "2^1d3", map[int]float64{2: rat(1, 3), 4: rat(1, 3), 8: rat(1, 3)}, 2, 8},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			t.Logf("%s: %q", readme, tt.rule)
			r, err := EvalItem(parseDR(t, tt.expr))
			if err != nil {
				t.Fatal(err)
			}
			if r.Min != tt.min || r.Max != tt.max {
				t.Errorf("range %d..%d, want %d..%d", r.Min, r.Max, tt.min, tt.max)
			}
			for v, p := range tt.want {
				if g := r.Dist.P(v); math.Abs(g-p) > 1e-12 {
					t.Errorf("P(%d) = %.15g, want %.15g", v, g, p)
				}
			}
		})
	}
}

// TestDiceRollerErrors: what the notation says that is not computed
// exactly is an error at its column, never a number.
func TestDiceRollerErrors(t *testing.T) {
	tests := map[string]string{
		"3d6u":        "column 4: u (dice rerolled until all differ) is not computed exactly here",
		"2d6!kh1":     "column 1: keep or drop after ! picks among the exploded dice one by one, which is not computed exactly here: write !! to keep whole explosions",
		"4d6>=1d6":    "column 6: a condition on a number: one on dice is rolled anew for each die, which is not computed exactly here",
		"(2d6)>=5":    "column 6: a condition right after dice (8d6>=5 counts the dice of 5 or more): the Dice Roller compares no totals",
		"4d6kh3>=5":   "column 7: a condition after kh: the Dice Roller reads one right after the dice, ! or r, and ignores it here",
		"1d6/2":       "column 4: this division is not always a whole number: round it (|floor, |ceil or |round) to compute it",
		"1d6/(1d3-1)": "column 4: this can divide by zero",
		"1d[3,4,5]":   "column 3: faces as [lowest, highest]: two numbers, the lower first (d[3,5] is 3, 4 or 5)",
		"1d[5,3]":     "column 3: faces as [lowest, highest]: two numbers, the lower first (d[3,5] is 3, 4 or 5)",
		"1d60%":       "column 5: a digit die (d66%) has no 0 digit: each digit is the sides of one die",
		"1d66%!":      "column 1: a digit die (d66%) neither explodes nor rerolls",
		"4d6>=5!":     "column 1: counting successes works on plain or rerolled dice, not on kept or exploding ones",
		"2^40":        "column 2: this power is larger than a billion",
		"2^-1":        "column 2: a negative power is not a whole number",
		"1d6!200":     "column 5: at most 100 more dice (i)",
		"1d6 d6":      "column 5: an operator (+ - * / ^), not \"d\"",
		"a: 1d6":      "column 1: a number, a dice term such as 2d6, or (, not \"a\"",
	}
	for src, want := range tests {
		items, err := ParseNotation(src, DiceRoller)
		if err == nil {
			_, err = EvalItem(items[0])
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: err = %v, want an *Error", src, err)
			continue
		}
		if err.Error() != want {
			t.Errorf("%q:\n got  %s\n want %s", src, err, want)
		}
	}
	// Roll20's notation keeps its own readings: r, a bare d and kh
	// without a number are errors there, and d6! explodes without limit.
	for _, src := range []string{"d6r", "2d", "2d20kh"} {
		if _, err := Parse(src); err == nil {
			t.Errorf("Roll20 %q: no error", src)
		}
	}
	r20, _ := Eval("d6!")
	dr, _ := EvalItem(parseDR(t, "d6!"))
	if r20[0].Max <= 12 || dr.Max != 12 {
		t.Errorf("d6!: Roll20 max %d (want > 12), Dice Roller max %d (want 12)", r20[0].Max, dr.Max)
	}
}

// TestDiceRollerRoll: Roll of the notation's terms gives only values the
// distribution holds, with its mean, and reads dice as the rules say.
func TestDiceRollerRoll(t *testing.T) {
	fixed := []struct {
		expr string
		dice []int
		want int
	}{
		{"1d66%", []int{6, 3}, 63},
		{"1d[3,5]", []int{1}, 3},
		{"1d6!", []int{6, 6}, 12},        // one more die, however it lands
		{"2d4!3", []int{3, 4, 4, 2}, 13}, // the README's example: [3, 4!, 4!, 2] = 13
		{"1d6r", []int{1, 1}, 1},         // rerolled once: the new 1 stands
		{"2d4r3", []int{3, 1, 1, 3}, 6},  // [3, 3r] = 6
		{"4d6>=5-=1", []int{6, 1, 5, 3}, 1},
		{"1d6/2", []int{5}, 2}, // with |floor
	}
	for _, tt := range fixed {
		it := parseDR(t, tt.expr)
		RoundResult(it, "floor")
		v, _, err := Roll(it, dice.NewFixed(tt.dice))
		if err != nil || v != tt.want {
			t.Errorf("%s with %v = %d, %v; want %d", tt.expr, tt.dice, v, err, tt.want)
		}
	}
	for _, src := range []string{"1d66%", "2d20k", "1d6!", "2d4!3", "1d6!!", "1d4r<2>3", "4d6>=5-=1", "2^1d3", "1d[3,5]*2", "d%"} {
		it := parseDR(t, src)
		r, err := EvalItem(it)
		if err != nil {
			t.Fatal(err)
		}
		sum, n := 0.0, 20000
		for seed := range n {
			v, _, err := Roll(it, dice.NewSeeded(uint64(seed)))
			if err != nil {
				t.Fatal(err)
			}
			if r.Dist.P(v) == 0 {
				t.Fatalf("%s rolled %d, which has probability 0", src, v)
			}
			sum += float64(v)
		}
		if se := r.SD / math.Sqrt(float64(n)); math.Abs(sum/float64(n)-r.Mean) > 6*se+1e-9 {
			t.Errorf("%s: seeded mean %.4f, exact %.4f", src, sum/float64(n), r.Mean)
		}
	}
}
