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

// genProgram is a random program of random depth of operators: its text
// and the enumeration of its one output. The functions it may call are
// defined in its prelude; maxDepth is its "maximum function depth".
func genProgram(r *rand.Rand, depth int) (string, gen) {
	maxDepth := 1 + r.IntN(4)
	g := randGen(r, depth, maxDepth)
	src := "function: double A:n above B:n { if A > B { result: 2 * A } result: A }\n" +
		"function: spread S:s { result: 1@S - (#S)@S }\n" +
		"function: nothing { }\n" +
		"function: steps N:n of S:n on A:n { if N = A { result: 1 + [steps dS of S on A] } result: 0 }\n" +
		"I: 0\nfunction: nth N:n { I: I + 1 result: I }\n" +
		"set \"maximum function depth\" to " + strconv.Itoa(maxDepth) + "\n" +
		"X: " + g.text + "\noutput X"
	return src, g
}

func sumInts(x []int) int {
	t := 0
	for _, v := range x {
		t += v
	}
	return t
}

// randGen is a random expression; maxDepth is the program's maximum
// function depth. Each case says what AnyDice gives, which its enumeration
// computes from the rolls.
func randGen(r *rand.Rand, depth, maxDepth int) gen {
	if depth == 0 || r.IntN(4) == 0 {
		switch r.IntN(9) {
		case 0:
			return constGen(r.IntN(7) - 2)
		case 1, 2:
			n, s := 1+r.IntN(2), 2+r.IntN(3)
			return poolGen(n, s, "("+strconv.Itoa(n)+"d"+strconv.Itoa(s)+")", sumInts)
		case 3:
			if r.IntN(2) == 0 { // a :s parameter: once per sorted roll
				n, s := 1+r.IntN(3), 2+r.IntN(3)
				return poolGen(n, s, "[spread "+strconv.Itoa(n)+"d"+strconv.Itoa(s)+"]", func(x []int) int { return x[0] - x[len(x)-1] })
			}
			n, s := 2+r.IntN(2), 2+r.IntN(3)
			k := 1 + r.IntN(n)
			return poolGen(n, s, "("+strconv.Itoa(k)+"@"+strconv.Itoa(n)+"d"+strconv.Itoa(s)+")", func(x []int) int { return x[k-1] })
		case 4: // highest, lowest or middle K of N dice, K from -1 to past the pool
			n, s := 1+r.IntN(3), 2+r.IntN(3)
			k := r.IntN(n+3) - 1
			fn := []string{"highest", "lowest", "middle"}[r.IntN(3)]
			text := "[" + fn + " " + strconv.Itoa(k) + " of " + strconv.Itoa(n) + "d" + strconv.Itoa(s) + "]"
			return poolGen(n, s, text, func(x []int) int { // x is highest first
				switch {
				case k <= 0:
					return 0
				case k >= n:
					return sumInts(x)
				case fn == "lowest":
					return sumInts(x[n-k:])
				case fn == "middle": // the documentation's own function
					from := (n - k) / 2
					return sumInts(x[from : from+k])
				}
				return sumInts(x[:k])
			})
		case 5: // a die of dice: a count from -2 to 3, each count that many dice summed (negated when negative)
			c, sub, s := 2+r.IntN(2), r.IntN(3), 2+r.IntN(2)
			text := "((1d" + strconv.Itoa(c) + " - " + strconv.Itoa(sub) + ")d" + strconv.Itoa(s) + ")"
			return gen{text, func() dist {
				d := dist{}
				for cnt := 1; cnt <= c; cnt++ {
					n := cnt - sub
					all := rolls(max(n, -n), s)
					for _, roll := range all {
						v := sumInts(roll)
						if n < 0 {
							v = -v
						}
						d.add(v, big.NewRat(1, int64(c*len(all))))
					}
				}
				return d
			}}
		case 6: // a recursive function past the maximum function depth: the last call is d{}, which 1 + counts as 0
			s := 2 + r.IntN(2)
			a := 1 + r.IntN(s)
			text := "[steps d" + strconv.Itoa(s) + " of " + strconv.Itoa(s) + " on " + strconv.Itoa(a) + "]"
			return gen{text, func() dist {
				d := dist{}
				p := big.NewRat(1, 1)
				for k := 0; k < maxDepth; k++ { // k times a, then another face
					d.add(k, new(big.Rat).Mul(p, big.NewRat(int64(s-1), int64(s))))
					p.Mul(p, big.NewRat(1, int64(s)))
				}
				d.add(maxDepth, p) // a at every level
				return d
			}}
		case 7: // digits of a negative number, positions past it count 0
			k, v := r.IntN(5), -(100 + r.IntN(900))
			digits := strconv.Itoa(-v)
			w := 0
			if k >= 1 && k <= len(digits) {
				w = -int(digits[k-1] - '0')
			}
			return gen{"(" + strconv.Itoa(k) + "@" + strconv.Itoa(v) + ")", func() dist { return dist{w: big.NewRat(1, 1)} }}
		default: // d{} with + and -
			a := randGen(r, 0, maxDepth)
			switch r.IntN(3) {
			case 0:
				return gen{"([nothing] + " + a.text + ")", a.enum}
			case 1:
				return gen{"(" + a.text + " - [nothing])", a.enum}
			}
			return gen{"([nothing] - " + a.text + ")", func() dist {
				return combine(a.enum(), dist{0: big.NewRat(1, 1)}, func(x, _ int) int { return -x })
			}}
		}
	}
	a, b := randGen(r, depth-1, maxDepth), randGen(r, depth-1, maxDepth)
	ops := []string{"+", "-", "*", "=", "!=", "<", ">", "<=", ">=", "&", "|", "/", "max", "neg", "double", "nth", "/0"}
	op := ops[r.IntN(len(ops))]
	switch op {
	case "/": // a positive constant divisor, rounding toward zero
		k := 1 + r.IntN(3)
		return gen{"((" + a.text + ")/" + strconv.Itoa(k) + ")", func() dist {
			return combine(a.enum(), dist{k: big.NewRat(1, 1)}, func(x, y int) int { return x / y })
		}}
	case "/0": // division by zero is 0
		return gen{"((" + a.text + ")/0)", func() dist {
			return combine(a.enum(), dist{0: big.NewRat(1, 1)}, func(int, int) int { return 0 })
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
	case "nth": // the rank of each outcome, lowest first, counted by a variable the calls share
		return gen{"[nth " + a.text + "]", func() dist {
			in := a.enum()
			vs := make([]int, 0, len(in))
			for v := range in {
				vs = append(vs, v)
			}
			slices.Sort(vs)
			d := dist{}
			for i, v := range vs {
				d.add(i+1, in[v])
			}
			return d
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

// checkGen runs src and compares its one output with g's enumeration.
func checkGen(t *testing.T, src string, g gen) {
	t.Helper()
	outs, err := Run(src)
	if err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	want := g.enum()
	got := outs[0].Dist
	for v, p := range want {
		f, _ := p.Float64()
		if d := got.P(v) - f; d > 1e-12 || d < -1e-12 {
			t.Fatalf("%q: P(%d) = %v, want %v (%s)", src, v, got.P(v), f, p.RatString())
		}
	}
	if len(got.Values()) != len(want) {
		t.Fatalf("%q: values %v, want %d of them", src, got.Values(), len(want))
	}
}

// TestBruteForce compares the interpreter with an enumeration of every
// roll on random small programs.
func TestBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 2026))
	for range 400 {
		src, g := genProgram(r, 3)
		checkGen(t, src, g)
	}
}

// FuzzDifferential is TestBruteForce driven by the fuzzer: each input is
// the seed and depth of a random program, whose output is compared with
// the exact enumeration of its rolls. The corpus the fuzzer found is
// kept in testdata/fuzz/FuzzDifferential.
func FuzzDifferential(f *testing.F) {
	for seed := range uint64(8) {
		f.Add(seed, uint8(seed%4))
	}
	f.Fuzz(func(t *testing.T, seed uint64, depth uint8) {
		src, g := genProgram(rand.New(rand.NewPCG(seed, 36)), int(depth%4))
		checkGen(t, src, g)
	})
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
