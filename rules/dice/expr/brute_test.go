package expr

import (
	"math/big"
	"slices"
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

// bruteDie lists the faces of one die of the term with their exact
// probabilities, by enumerating every roll: with a reroll, every pair
// (first, second) of rolls; with an explosion, every chain of rolls until
// the chance of a longer one is below 1e-14 (built from the last roll
// back, unlike Eval, which follows the chain forward).
func bruteDie(n *Dice) rdist {
	faces := []int{}
	if n.Fudge {
		faces = []int{-1, 0, 1}
	} else {
		for f := 1; f <= n.Sides; f++ {
			faces = append(faces, f)
		}
	}
	one := big.NewRat(1, int64(len(faces)))
	out := rdist{}
	if n.Reroll.Op != "" {
		for _, a := range faces {
			for _, b := range faces {
				p := new(big.Rat).Mul(one, one)
				if n.Reroll.Holds(a) {
					out.add(b, p)
				} else {
					out.add(a, p)
				}
			}
		}
		return out
	}
	if n.Explode == 0 {
		for _, f := range faces {
			out.add(f, one)
		}
		return out
	}
	// E(k), the die allowed k more explosions, from the top down:
	// E(0) keeps the faces that do not explode (the others are lost);
	// E(k) = each face f < T as itself, each face f >= T as f + E(k-1).
	e := rdist{}
	for _, f := range faces {
		if f < n.Explode {
			e.add(f, one)
		}
	}
	// Follow until the chance of still exploding is below 1e-14.
	pe := 0.0
	for _, f := range faces {
		if f >= n.Explode {
			pe += 1 / float64(len(faces))
		}
	}
	for left := 1.0; left >= 1e-14; left *= pe {
		next := rdist{}
		for _, f := range faces {
			if f < n.Explode {
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
		if n.Count.Op != "" {
			if n.Count.Holds(v) {
				total++
			}
			continue
		}
		total += v
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
