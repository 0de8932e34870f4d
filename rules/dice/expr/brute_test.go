package expr

import (
	"math"
	"math/big"
	"slices"
	"strconv"
	"testing"
)

// rdist is an exact distribution: value -> probability as a fraction.
type rdist map[int]*big.Rat

func (d rdist) add(v int, p *big.Rat) {
	if q, ok := d[v]; ok {
		q.Add(q, p)
		return
	}
	d[v] = new(big.Rat).Set(p)
}

// bruteFaces lists the faces of one die by their plain definition.
func bruteFaces(n *Dice) []int {
	var faces []int
	switch {
	case n.Fudge:
		faces = []int{-1, 0, 1}
	case n.Digits: // every string of digits, each digit 1..its die
		var rec func(prefix string, rest string)
		rec = func(prefix, rest string) {
			if rest == "" {
				v, _ := strconv.Atoi(prefix)
				faces = append(faces, v)
				return
			}
			for d := byte('1'); d <= rest[0]; d++ {
				rec(prefix+string(d), rest[1:])
			}
		}
		rec("", strconv.Itoa(n.Sides))
	default:
		for f := n.Low; f <= n.Sides; f++ {
			faces = append(faces, f)
		}
	}
	return faces
}

// bruteDie lists the faces of one die of the term with their exact
// probabilities, by enumerating every roll: with a reroll, every sequence
// of rolls the reroll allows; with an explosion, every chain of rolls up
// to its limit, or until the chance of a longer one is below 1e-14 (built
// from the last roll back, unlike Eval, which follows the chain forward).
func bruteDie(n *Dice) rdist {
	faces := bruteFaces(n)
	one := big.NewRat(1, int64(len(faces)))
	out := rdist{}
	if len(n.Reroll.On) > 0 {
		var roll func(k int, p *big.Rat)
		roll = func(k int, p *big.Rat) {
			for _, f := range faces {
				q := new(big.Rat).Mul(p, one)
				if n.Reroll.On.Holds(f) && k < n.Reroll.Times {
					roll(k+1, q)
				} else {
					out.add(f, q)
				}
			}
		}
		roll(0, big.NewRat(1, 1))
		return out
	}
	if len(n.Explode.On) == 0 {
		for _, f := range faces {
			out.add(f, one)
		}
		return out
	}
	// E(k), the die allowed k more explosions, from the top down:
	// E(0) keeps every face when the explosions are limited (the last die
	// stands), and with no limit the faces that do not explode (the
	// others are lost); E(k) = each face f that does not explode as
	// itself, each face f that does as f + E(k-1).
	e := rdist{}
	for _, f := range faces {
		if n.Explode.Times > 0 || !n.Explode.On.Holds(f) {
			e.add(f, one)
		}
	}
	pe := 0.0
	for _, f := range faces {
		if n.Explode.On.Holds(f) {
			pe += 1 / float64(len(faces))
		}
	}
	steps := n.Explode.Times
	if steps == 0 { // until the chance of still exploding is below 1e-14
		for left := 1.0; left >= 1e-14; left *= pe {
			steps++
		}
	}
	for range steps {
		next := rdist{}
		for _, f := range faces {
			if !n.Explode.On.Holds(f) {
				next.add(f, one)
				continue
			}
			for v, p := range e {
				next.add(f+v, new(big.Rat).Mul(p, one))
			}
		}
		e = next
	}
	return e
}

// bruteTerm enumerates every tuple of the term's dice.
func bruteTerm(n *Dice) rdist {
	die := bruteDie(n)
	type face struct {
		v int
		p *big.Rat
	}
	var faces []face
	for v, p := range die {
		faces = append(faces, face{v, p})
	}
	out := rdist{}
	vals := make([]int, n.N)
	var rec func(i int, p *big.Rat)
	rec = func(i int, p *big.Rat) {
		if i == n.N {
			out.add(termValue(n, vals), p)
			return
		}
		for _, f := range faces {
			vals[i] = f.v
			rec(i+1, new(big.Rat).Mul(p, f.p))
		}
	}
	rec(0, big.NewRat(1, 1))
	return out
}

// termValue is the value of one roll of the term by its plain definition:
// sort, keep, or count.
func termValue(n *Dice, vals []int) int {
	s := slices.Clone(vals)
	slices.Sort(s)
	switch n.Keep.Op {
	case "kh":
		s = s[len(s)-n.Keep.N:]
	case "kl":
		s = s[:n.Keep.N]
	case "dh":
		s = s[:len(s)-n.Keep.N]
	case "dl":
		s = s[n.Keep.N:]
	}
	total := 0
	for _, v := range s {
		if len(n.Count) == 0 && len(n.Minus) == 0 {
			total += v
			continue
		}
		minus, plus := false, false
		for _, c := range n.Minus {
			minus = minus || c.Holds(v)
		}
		for _, c := range n.Count {
			plus = plus || c.Holds(v)
		}
		switch {
		case minus:
			total--
		case plus:
			total++
		}
	}
	return total
}

// brute evaluates a tree by enumeration.
func brute(n Node) rdist {
	switch n := n.(type) {
	case *Int:
		return rdist{n.V: big.NewRat(1, 1)}
	case *Paren:
		return brute(n.X)
	case *Neg:
		out := rdist{}
		for v, p := range brute(n.X) {
			out.add(-v, p)
		}
		return out
	case *Dice:
		return bruteTerm(n)
	case *Binary:
		l, r := brute(n.L), brute(n.R)
		out := rdist{}
		for x, p := range l {
			for y, q := range r {
				var v int
				switch n.Op {
				case "+":
					v = x + y
				case "-":
					v = x - y
				case "*":
					v = x * y
				case "/":
					q := float64(x) / float64(y)
					switch n.Round {
					case "floor":
						v = int(math.Floor(q))
					case "ceil":
						v = int(math.Ceil(q))
					case "round":
						v = int(math.Floor(q + 0.5))
					default:
						if x%y != 0 {
							panic("a division that is not whole")
						}
						v = x / y
					}
				case "^":
					v = int(math.Round(math.Pow(float64(x), float64(y))))
				default:
					if (Cmp{Op: n.Op, V: y}).Holds(x) {
						v = 1
					}
				}
				out.add(v, new(big.Rat).Mul(p, q))
			}
		}
		return out
	}
	panic("unknown node")
}

// TestBruteForce compares Eval with the enumeration for every construct
// and combinations of them.
func TestBruteForce(t *testing.T) {
	exprs := []string{
		"d6", "3d6", "2d4+1", "d1", "1d2", "d20", "4dF", "2dF+1",
		"4d6kh3", "4d6k3", "3d6kl1", "2d20kh1", "2d20kl1", "5d4dl2", "5d4dh2", "4dFkh2", "3d6dl0", "3d6kh0",
		"3d6ro1", "2d6ro<=2", "2d6ro>=5", "3d4ro<2", "2d6ro>4", "2dFro=-1",
		"5d6>=5", "6d6<3", "4d6>4", "4d6<=2", "4d6=6", "3dF>=1", "3d6ro1>=4",
		"(2d6+3)>=10", "2d6+3>=10", "d6>d6", "(d6)<(d4)", "2d6=7", "(d6)=(d6)",
		"d6*d6", "2*d6", "-d6", "d6-d6", "-(d4+1)*2", "3d6-2d4+5", "(4d6kh3)*2",
		"d6!", "2d4!", "d6!>=5", "2d3!>=2", "d4!kh1", "3d4!kl2",
		"d6+d6>=8", "(3d6kh2>=2d6)", "(d6ro1)+(2d4kl1)",
	}
	for _, src := range exprs {
		t.Run(src, func(t *testing.T) {
			items, err := Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			got, err := EvalItem(items[0])
			if err != nil {
				t.Fatal(err)
			}
			// Both sides leave out chains of explosions below 1e-12
			// (Eval) and 1e-14 (the enumeration): exploding terms agree to
			// 1e-11, the others to 1e-12.
			tol := 1e-12
			if got.Truncated > 0 {
				tol = 1e-11
			}
			want := brute(items[0].Node)
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
				if g := got.Dist.P(v); g-w > tol || w-g > tol {
					t.Errorf("P(%d) = %.15g, want %.15g", v, g, w)
				}
			}
		})
	}
}
