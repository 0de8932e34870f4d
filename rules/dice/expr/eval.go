package expr

import (
	"math"
	"strconv"

	"d6codex/rules/dice"
)

// Result is the exact distribution of one expression.
type Result struct {
	Label string   // the item's label, "" when it has none
	Expr  string   // normalised expression text
	Dist  dice.PMF // value -> probability; its total is 1 - Truncated
	// Truncated is the probability mass not followed (exploding dice are
	// followed until what is left is below Epsilon); 0 for every
	// expression without exploding dice.
	Truncated float64
	Mean, SD  float64
	Min, Max  int
}

// Eval parses and evaluates a list of expressions.
func Eval(src string) ([]Result, error) {
	items, err := Parse(src)
	if err != nil {
		return nil, err
	}
	out := make([]Result, 0, len(items))
	for _, it := range items {
		r, err := EvalItem(it)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// EvalItem evaluates one parsed expression.
func EvalItem(it Item) (Result, error) {
	r, _, err := EvalItemWithin(it, MaxWork)
	return r, err
}

// EvalItemWithin evaluates one parsed expression with at most work
// multiply-adds (and never more than MaxWork), for callers that share a
// bound between expressions; it returns the work spent, past work when it
// stopped there.
func EvalItemWithin(it Item, work float64) (Result, float64, error) {
	e := &evaluator{limit: min(work, MaxWork)}
	r, err := e.item(it)
	return r, e.work, err
}

func (e *evaluator) item(it Item) (Result, error) {
	d, err := e.eval(it.Node)
	if err != nil {
		return Result{}, err
	}
	r := Result{Label: it.Label, Expr: it.Node.String(), Dist: d, Min: d.Min(), Max: d.Max()}
	total := d.Total()
	if e.exploded {
		r.Truncated = max(0, 1-total)
	}
	if total > 0 {
		var m, m2 float64
		d.Each(func(v int, p float64) {
			m += float64(v) * p
			m2 += float64(v) * float64(v) * p
		})
		m, m2 = m/total, m2/total
		r.Mean = m
		r.SD = math.Sqrt(max(0, m2-m*m))
	}
	return r, nil
}

// mapWork is the cost of one step that goes through a dice.Builder (a map)
// in units of a plain multiply-add of a convolution.
const mapWork = 20

// evaluator holds the work spent so far, to bound it.
type evaluator struct {
	work, limit float64
	exploded    bool
}

// spend adds work and fails past the limit, at the node that asked for it.
func (e *evaluator) spend(n Node, w float64) error {
	e.work += w
	if e.work > e.limit {
		return &Error{Col: n.col(), Msg: "this needs too much computation to be exact here; use fewer dice or sides"}
	}
	return nil
}

// fits fails when a distribution would span more than MaxValues values.
func fits(n Node, lo, hi int) error {
	if hi-lo+1 > MaxValues || hi-lo < 0 {
		return &Error{Col: n.col(), Msg: "the result would span more than " + strconv.Itoa(MaxValues) + " values"}
	}
	return nil
}

func (e *evaluator) eval(n Node) (dice.PMF, error) {
	switch n := n.(type) {
	case *Int:
		return dice.Const(n.V), nil
	case *Paren:
		return e.eval(n.X)
	case *Neg:
		x, err := e.eval(n.X)
		if err != nil {
			return dice.PMF{}, err
		}
		return x.Map(func(v int) int { return -v }), nil
	case *Dice:
		return e.dice(n)
	case *Binary:
		l, err := e.eval(n.L)
		if err != nil {
			return dice.PMF{}, err
		}
		r, err := e.eval(n.R)
		if err != nil {
			return dice.PMF{}, err
		}
		w := float64(l.Max()-l.Min()+1) * float64(r.Max()-r.Min()+1)
		if n.Op != "+" && n.Op != "-" {
			w *= mapWork // products and comparisons go through a map
		}
		if err := e.spend(n, w); err != nil {
			return dice.PMF{}, err
		}
		switch n.Op {
		case "+":
			return l.Add(r), nil
		case "-":
			return l.Add(r.Map(func(v int) int { return -v })), nil
		case "*":
			c := []int{l.Min() * r.Min(), l.Min() * r.Max(), l.Max() * r.Min(), l.Max() * r.Max()}
			if err := fits(n, minOf(c), maxOf(c)); err != nil {
				return dice.PMF{}, err
			}
			return dice.Product(l, r), nil
		case "/":
			return divide(n, l, r)
		case "^":
			return power(n, l, r)
		default:
			cmp := n.Op
			return dice.Combine(l, r, func(x, y int) int {
				if (Cmp{Op: cmp, V: y}).Holds(x) {
					return 1
				}
				return 0
			}), nil
		}
	}
	return dice.PMF{}, &Error{Col: n.col(), Msg: "unknown expression"}
}

// divide is the distribution of l / r, rounded as n.Round says; a
// quotient that is not whole without a rounding, or a division by zero,
// is an error.
func divide(n *Binary, l, r dice.PMF) (dice.PMF, error) {
	if r.P(0) > 0 {
		return dice.PMF{}, &Error{Col: n.c, Msg: msgDivZero}
	}
	var err error
	d := dice.Combine(l, r, func(x, y int) int {
		q, ok := quotient(x, y, n.Round)
		if !ok && err == nil {
			err = &Error{Col: n.c, Msg: msgNotWhole}
		}
		return q
	})
	return d, err
}

const (
	msgDivZero  = "this can divide by zero"
	msgNotWhole = "this division is not always a whole number: round it (|floor, |ceil or |round) to compute it"
)

// quotient is x / y (y not 0) rounded by mode ("floor", "ceil", "round":
// halves up, as JavaScript's Math.round); false when it is not whole and
// mode is "".
func quotient(x, y int, mode string) (int, bool) {
	q, m := x/y, x%y
	if m == 0 {
		return q, true
	}
	if (m < 0) != (y < 0) {
		q-- // the floor: Go's / truncates toward zero
	}
	switch mode {
	case "floor":
		return q, true
	case "ceil":
		return q + 1, true
	case "round": // floor(x/y + 1/2): the remainder is at least half of y
		if 2*(x-q*y)*sign(y) >= abs(y) {
			return q + 1, true
		}
		return q, true
	}
	return q, false
}

// power is the distribution of l ^ r, for results of at most a billion.
func power(n *Binary, l, r dice.PMF) (dice.PMF, error) {
	var err error
	d := dice.Combine(l, r, func(x, y int) int {
		v, msg := pow(x, y)
		if msg != "" && err == nil {
			err = &Error{Col: n.c, Msg: msg}
		}
		return v
	})
	if err == nil {
		err = fits(n, d.Min(), d.Max())
	}
	return d, err
}

// pow is x to the power y, or why it cannot be computed here.
func pow(x, y int) (int, string) {
	if y < 0 {
		switch {
		case x == 1 || x == -1 && y%2 == 0:
			return 1, ""
		case x == -1:
			return -1, ""
		}
		return 0, "a negative power is not a whole number"
	}
	switch {
	case y == 0 || x == 1:
		return 1, ""
	case x == 0:
		return 0, ""
	case x == -1:
		return 1 - 2*(y%2), ""
	}
	v := 1
	for range y { // |x| >= 2: at most 30 steps below a billion
		v *= x
		if v > 1e9 || v < -1e9 {
			return 0, "this power is larger than a billion"
		}
	}
	return v, ""
}

func sign(v int) int {
	if v < 0 {
		return -1
	}
	return 1
}

func abs(v int) int { return v * sign(v) }

func minOf(v []int) int {
	m := v[0]
	for _, x := range v[1:] {
		m = min(m, x)
	}
	return m
}

func maxOf(v []int) int {
	m := v[0]
	for _, x := range v[1:] {
		m = max(m, x)
	}
	return m
}

// die returns the distribution of one die of the term, with its reroll or
// explosion applied.
func (e *evaluator) die(n *Dice) (dice.PMF, error) {
	var b dice.Builder
	faces := n.faces()
	for _, v := range faces {
		b.Add(v, 1/float64(len(faces)))
	}
	d := b.PMF()
	if r := n.Reroll; len(r.On) > 0 {
		// A face the reroll holds for is rolled again, at most r.Times
		// times; the last roll stands, whatever it shows. Each face not
		// rerolled is kept after 0, 1, ... r.Times-1 rerolls; after
		// r.Times rerolls any face is.
		var again float64 // the chance of one roll being rerolled
		d.Each(func(v int, p float64) {
			if r.On.Holds(v) {
				again += p
			}
		})
		var keep float64 // 1 + again + again² + ... (r.Times terms)
		for k, q := 0, 1.0; k < r.Times; k++ {
			keep += q
			q *= again
		}
		last := math.Pow(again, float64(r.Times))
		var rb dice.Builder
		d.Each(func(v int, p float64) {
			if !r.On.Holds(v) {
				rb.Add(v, p*keep)
			}
			rb.Add(v, p*last)
		})
		d = rb.PMF()
	}
	if len(n.Explode.On) > 0 {
		return e.explode(n, d)
	}
	return d, nil
}

// explode follows an exploding die: a face the explosion holds for adds
// another roll, at most Explode.Times times, or without limit until the
// mass still exploding is below Epsilon.
func (e *evaluator) explode(n *Dice, d dice.PMF) (dice.PMF, error) {
	var b dice.Builder
	carry := dice.Const(0) // the sum of the exploded faces so far, and its mass
	limit := n.Explode.Times
	for k := 0; ; k++ {
		if m := carry.Total(); m < Epsilon {
			// What is left is not followed (or nothing is).
			e.exploded = e.exploded || m > 0
			break
		}
		if err := e.spend(n, mapWork*float64(carry.Max()-carry.Min()+1)*float64(d.Max()-d.Min()+1)); err != nil {
			return dice.PMF{}, err
		}
		if err := fits(n, min(carry.Min()+d.Min(), d.Min()), max(carry.Max()+d.Max(), d.Max())); err != nil {
			return dice.PMF{}, err
		}
		last := limit > 0 && k == limit // no more dice: every face stands
		var next dice.Builder
		carry.Each(func(s int, p float64) {
			d.Each(func(v int, q float64) {
				if !last && n.Explode.On.Holds(v) {
					next.Add(s+v, p*q)
				} else {
					b.Add(s+v, p*q)
				}
			})
		})
		carry = next.PMF()
		if last {
			break
		}
	}
	return b.PMF(), nil
}

// dice evaluates a dice term.
func (e *evaluator) dice(n *Dice) (dice.PMF, error) {
	d, err := e.die(n)
	if err != nil {
		return dice.PMF{}, err
	}
	span := d.Max() - d.Min() + 1
	switch {
	case len(n.Minus) > 0:
		// Each die counts 1, 0 or -1.
		var b dice.Builder
		d.Each(func(v int, q float64) {
			switch {
			case n.Minus.Holds(v):
				b.Add(-1, q)
			case n.Count.Holds(v):
				b.Add(1, q)
			default:
				b.Add(0, q)
			}
		})
		if err := e.spend(n, 9*float64(n.N)*float64(n.N)); err != nil {
			return dice.PMF{}, err
		}
		return dice.Sum(n.N, b.PMF()), nil
	case len(n.Count) > 0:
		// The chance of a success, and exactly 0 or 1 when no face or
		// every face succeeds: a sum of the faces' chances in floating
		// point (6 × 1/6) falls short of 1 and would list counts that
		// cannot happen.
		var p float64
		some, all := false, true
		d.Each(func(v int, q float64) {
			if n.Count.Holds(v) {
				p += q
				some = true
			} else {
				all = false
			}
		})
		switch {
		case all:
			p = 1
		case !some:
			p = 0
		}
		if err := e.spend(n, float64(n.N)*float64(n.N)); err != nil {
			return dice.PMF{}, err
		}
		return binomial(n.N, p), nil
	case n.Keep.Op != "":
		k, highest := n.Keep.N, true
		switch n.Keep.Op {
		case "kl":
			highest = false
		case "dh":
			k, highest = n.N-n.Keep.N, false
		case "dl":
			k = n.N - n.Keep.N
		}
		if err := fits(n, min(0, k*d.Min()), max(0, k*d.Max())); err != nil {
			return dice.PMF{}, err
		}
		// Values × dice × counts × kept sums.
		if err := e.spend(n, mapWork*float64(span)*float64(n.N)*float64(n.N)*float64(k*span+1)); err != nil {
			return dice.PMF{}, err
		}
		return keep(d, n.N, k, highest), nil
	}
	if err := fits(n, n.N*d.Min(), n.N*d.Max()); err != nil {
		return dice.PMF{}, err
	}
	if err := e.spend(n, float64(n.N)*float64(span)*float64(n.N*span)); err != nil {
		return dice.PMF{}, err
	}
	return dice.Sum(n.N, d), nil
}

// binomial is the distribution of the number of successes in n trials of
// probability p.
func binomial(n int, p float64) dice.PMF {
	var b dice.Builder
	for c, q := range pascal(n, p)[n] {
		b.Add(c, q)
	}
	return b.PMF()
}

// keep is the distribution of the sum of the k highest (or lowest) of n
// independent dice distributed as d.
//
// The faces are visited from the best down (highest first when keeping
// the highest). Before visiting face v, every die not yet placed shows v or
// worse; each of them shows exactly v with probability P(v)/P(v or worse),
// so the number that do is binomial. The state is how many dice were placed
// so far (the kept ones among them are the first k) with the distribution
// of the kept sum; once k dice are placed the rest cannot change it.
func keep(d dice.PMF, n, k int, highest bool) dice.PMF {
	faces := d.Values()
	if highest {
		for i, j := 0, len(faces)-1; i < j; i, j = i+1, j-1 {
			faces[i], faces[j] = faces[j], faces[i]
		}
	}
	if k == 0 {
		return dice.Const(0)
	}
	// worse[i] = P(die shows faces[i] or worse).
	worse := make([]float64, len(faces))
	acc := 0.0
	for i := len(faces) - 1; i >= 0; i-- {
		acc += d.P(faces[i])
		worse[i] = acc
	}
	state := make([]dice.PMF, n+1) // state[j]: j dice placed, kept sum
	state[0] = dice.Const(0)
	var done dice.Builder // k or more placed
	for i, v := range faces {
		q := d.P(v) / worse[i]
		if i == len(faces)-1 {
			q = 1 // the last face takes every die left
		}
		next := make([]dice.Builder, n+1)
		rows := pascal(n, q)
		for j, s := range state {
			if s.Empty() {
				continue
			}
			for c, pc := range rows[n-j] {
				if pc == 0 {
					continue
				}
				kept := min(c, k-j)
				shifted := s.Shift(kept * v)
				if j+c >= k {
					done.AddPMF(shifted, pc)
				} else {
					next[j+c].AddPMF(shifted, pc)
				}
			}
		}
		for j := range state {
			state[j] = next[j].PMF()
		}
	}
	return done.PMF()
}

// pascal returns, for m = 0..n, the probabilities of c = 0..m successes in
// m trials of probability q, built row by row with Pascal's rule (exact up
// to rounding, no overflow or underflow of large powers).
func pascal(n int, q float64) [][]float64 {
	rows := make([][]float64, n+1)
	rows[0] = []float64{1}
	for m := 1; m <= n; m++ {
		prev, row := rows[m-1], make([]float64, m+1)
		for c, p := range prev {
			row[c] += p * (1 - q)
			row[c+1] += p * q
		}
		rows[m] = row
	}
	return rows
}
