package anydice

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"d6codex/rules/dice"
)

// dist is an exact distribution in fractions, built by listing every roll.
type dist map[int]*big.Rat

func (d dist) add(v int, p *big.Rat) {
	if q, ok := d[v]; ok {
		q.Add(q, p)
		return
	}
	d[v] = new(big.Rat).Set(p)
}

// gen is a small random program: its text and an independent
// enumeration of its value. Every die in the text is a separate random
// variable, so the enumeration lists each die's faces one by one, sorts
// pools by hand and multiplies fractions; it shares no code with the
// interpreter.
type gen struct {
	text string
	enum func() dist
}

func constGen(v int) gen {
	return gen{strconv.Itoa(v), func() dist { return dist{v: big.NewRat(1, 1)} }}
}

// rolls lists every ordered roll of n dice with faces 1..s.
func rolls(n, s int) [][]int {
	out := [][]int{{}}
	for range n {
		var next [][]int
		for _, r := range out {
			for f := 1; f <= s; f++ {
				next = append(next, append(slices.Clone(r), f))
			}
		}
		out = next
	}
	return out
}

func poolGen(n, s int, text string, pick func(sorted []int) int) gen {
	return gen{text, func() dist {
		d := dist{}
		all := rolls(n, s)
		p := big.NewRat(1, int64(len(all)))
		for _, r := range all {
			sorted := slices.Clone(r)
			slices.Sort(sorted)
			slices.Reverse(sorted) // highest first
			d.add(pick(sorted), p)
		}
		return d
	}}
}

func combine(a, b dist, f func(x, y int) int) dist {
	d := dist{}
	for x, p := range a {
		for y, q := range b {
			d.add(f(x, y), new(big.Rat).Mul(p, q))
		}
	}
	return d
}

func randGen(r *rand.Rand, depth int) gen {
	if depth == 0 || r.IntN(4) == 0 {
		switch r.IntN(5) {
		case 0:
			return constGen(r.IntN(7) - 2)
		case 1, 2:
			n, s := 1+r.IntN(2), 2+r.IntN(3)
			return poolGen(n, s, "("+strconv.Itoa(n)+"d"+strconv.Itoa(s)+")", func(x []int) int {
				t := 0
				for _, v := range x {
					t += v
				}
				return t
			})
		case 3:
			if r.IntN(2) == 0 { // a :s parameter: once per sorted roll
				n, s := 1+r.IntN(3), 2+r.IntN(3)
				return poolGen(n, s, "[spread "+strconv.Itoa(n)+"d"+strconv.Itoa(s)+"]", func(x []int) int { return x[0] - x[len(x)-1] })
			}
			fallthrough
		default:
			n, s := 2+r.IntN(2), 2+r.IntN(3)
			k := 1 + r.IntN(n)
			text := strconv.Itoa(k) + "@" + strconv.Itoa(n) + "d" + strconv.Itoa(s)
			if r.IntN(2) == 0 {
				text = "[highest " + strconv.Itoa(k) + " of " + strconv.Itoa(n) + "d" + strconv.Itoa(s) + "]"
				return poolGen(n, s, text, func(x []int) int {
					t := 0
					for _, v := range x[:k] {
						t += v
					}
					return t
				})
			}
			return poolGen(n, s, "("+text+")", func(x []int) int { return x[k-1] })
		}
	}
	a, b := randGen(r, depth-1), randGen(r, depth-1)
	ops := []string{"+", "-", "*", "=", "!=", "<", ">", "<=", ">=", "&", "|", "/", "max", "neg", "double"}
	op := ops[r.IntN(len(ops))]
	switch op {
	case "/": // a positive constant divisor, rounding toward zero
		k := 1 + r.IntN(3)
		return gen{"((" + a.text + ")/" + strconv.Itoa(k) + ")", func() dist {
			return combine(a.enum(), dist{k: big.NewRat(1, 1)}, func(x, y int) int { return x / y })
		}}
	case "max":
		return gen{"[highest of " + a.text + " and " + b.text + "]", func() dist { return combine(a.enum(), b.enum(), func(x, y int) int { return max(x, y) }) }}
	case "neg":
		return gen{"-(" + a.text + ")", func() dist { return combine(a.enum(), dist{0: big.NewRat(1, 1)}, func(x, _ int) int { return -x }) }}
	case "double": // a user function with a :n parameter and an if
		return gen{"[double " + a.text + " above 2]", func() dist {
			return combine(a.enum(), dist{0: big.NewRat(1, 1)}, func(x, _ int) int {
				if x > 2 {
					return 2 * x
				}
				return x
			})
		}}
	}
	return gen{"(" + a.text + " " + op + " " + b.text + ")", func() dist {
		return combine(a.enum(), b.enum(), func(x, y int) int {
			v, _ := arithRef(op, x, y)
			return v
		})
	}}
}

// arithRef is the reference meaning of the operators.
func arithRef(op string, x, y int) (int, bool) {
	t := func(b bool) int {
		if b {
			return 1
		}
		return 0
	}
	switch op {
	case "+":
		return x + y, true
	case "-":
		return x - y, true
	case "*":
		return x * y, true
	case "=":
		return t(x == y), true
	case "!=":
		return t(x != y), true
	case "<":
		return t(x < y), true
	case ">":
		return t(x > y), true
	case "<=":
		return t(x <= y), true
	case ">=":
		return t(x >= y), true
	case "&":
		return t(x != 0 && y != 0), true
	case "|":
		return t(x != 0 || y != 0), true
	}
	return 0, false
}

// TestBruteForce compares the interpreter with an enumeration of every
// roll on random small programs.
func TestBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 2026))
	for i := range 400 {
		g := randGen(r, 3)
		src := "function: double A:n above B:n { if A > B { result: 2 * A } result: A }\n" +
			"function: spread S:s { result: 1@S - (#S)@S }\nX: " + g.text + "\noutput X"
		outs, err := Run(src)
		if err != nil {
			t.Fatalf("program %d %q: %v", i, src, err)
		}
		want := g.enum()
		got := outs[0].Dist
		for v, p := range want {
			f, _ := p.Float64()
			if d := got.P(v) - f; d > 1e-12 || d < -1e-12 {
				t.Fatalf("program %d %q: P(%d) = %v, want %v (%s)", i, g.text, v, got.P(v), f, p.RatString())
			}
		}
		if len(got.Values()) != len(want) {
			t.Fatalf("program %d %q: values %v, want %d of them", i, g.text, got.Values(), len(want))
		}
	}
}

// TestKeepAgainstDiceKeep checks the positions algorithm against the
// multiset enumeration package dice already has, on bigger pools.
func TestKeepAgainstDiceKeep(t *testing.T) {
	for _, c := range []struct{ n, s, k int }{{4, 6, 3}, {5, 10, 2}, {8, 6, 1}, {6, 8, 5}, {10, 4, 7}} {
		outs, err := Run("output [highest " + strconv.Itoa(c.k) + " of " + strconv.Itoa(c.n) + "d" + strconv.Itoa(c.s) + "]\noutput [lowest " + strconv.Itoa(c.k) + " of " + strconv.Itoa(c.n) + "d" + strconv.Itoa(c.s) + "]")
		if err != nil {
			t.Fatal(err)
		}
		if w := dice.KeepHighest(c.n, c.s, c.k); !dice.Equal(outs[0].Dist, w, 1e-12) {
			t.Errorf("%+v highest: %v want %v", c, outs[0].Dist.Pairs(), w.Pairs())
		}
		if w := dice.KeepLowest(c.n, c.s, c.k); !dice.Equal(outs[1].Dist, w, 1e-12) {
			t.Errorf("%+v lowest: %v want %v", c, outs[1].Dist.Pairs(), w.Pairs())
		}
	}
}
