package anydice

import (
	"strconv"

	"d6codex/rules/dice"
)

// acc accumulates a distribution while bounding its values and span.
type acc struct {
	b        dice.Builder
	any      bool
	min, max int
}

func (a *acc) add(v int, p float64) {
	if p == 0 {
		return
	}
	if !a.any {
		a.any = true
		a.min, a.max = v, v
	}
	a.min, a.max = min(a.min, v), max(a.max, v)
	if a.max-a.min <= MaxSpan { // beyond, pmf fails: hold no mass
		a.b.Add(v, p)
	}
}

// addPMF adds d shifted by shift, weighted by w.
func (a *acc) addPMF(d dice.PMF, shift int, w float64) {
	for v := d.Min(); v <= d.Max(); v++ {
		a.add(v+shift, w*d.P(v))
	}
}

// pmf builds the distribution, normalised to total 1 (an empty
// accumulation is the empty die).
func (a *acc) pmf(p pos) (dice.PMF, error) {
	if !a.any {
		return dice.PMF{}, nil
	}
	if err := checkValue(p, a.min); err != nil {
		return dice.PMF{}, err
	}
	if err := checkValue(p, a.max); err != nil {
		return dice.PMF{}, err
	}
	if a.max-a.min > MaxSpan {
		return dice.PMF{}, errAt(p, "a die would span more than "+maxSpanText+" values")
	}
	return a.b.PMF().Normalize(), nil
}

// seqDie is d{s}: each element of s equally likely.
func (in *interp) seqDie(p pos, s seq) (dice.PMF, error) {
	var a acc
	for _, v := range s {
		a.add(v, 1)
	}
	return a.pmf(p)
}

func (in *interp) unary(p pos, op string, x value) (value, error) {
	switch op {
	case "d":
		return in.dOp(p, num(1), x)
	case "#":
		switch x := x.(type) {
		case num:
			v := int(x)
			if v < 0 {
				v = -v
			}
			return num(len(strconv.Itoa(v))), nil
		case seq:
			return num(len(x)), nil
		case *die:
			n := x.length()
			if n < 0 {
				return nil, errAt(p, "# of a die whose number of dice is itself rolled has no single answer")
			}
			return num(n), nil
		}
	case "-", "!":
		f := func(v int) (int, bool) { return -v, true }
		if op == "!" {
			f = func(v int) (int, bool) { return b2i(v == 0), true }
		}
		switch x := x.(type) {
		case num:
			v, _ := f(int(x))
			return num(v), nil
		case seq:
			v, _ := f(sum(x))
			return num(v), nil
		case *die:
			return in.mapDie(p, x.pmf, f)
		}
	}
	return nil, errAt(p, "unknown operator "+op)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (in *interp) mapDie(p pos, d dice.PMF, f func(int) (int, bool)) (value, error) {
	if err := in.spend(p, float64(d.Max()-d.Min()+1)*mapCost); err != nil {
		return nil, err
	}
	var a acc
	var bad bool
	d.Each(func(v int, q float64) {
		r, ok := f(v)
		if !ok {
			bad = true
		}
		a.add(r, q)
	})
	if bad {
		return nil, errAt(p, "division by zero or a negative exponent for some roll of this die")
	}
	out, err := a.pmf(p)
	if err != nil {
		return nil, err
	}
	return single(out), nil
}

// mapCost is the work of one step through a map, in multiply-adds.
const mapCost = 10

// opCode is an operator as one byte: its character, or n, l, g for !=,
// <=, >=.
func opCode(op string) byte {
	switch op {
	case "!=":
		return 'n'
	case "<=":
		return 'l'
	case ">=":
		return 'g'
	}
	return op[0]
}

// arith is one arithmetic or boolean operator (an opCode) on two numbers; ok is false
// for division by zero and negative exponents.
func arith(op byte, a, b int) (int, bool) {
	switch op {
	case '+':
		return a + b, true
	case '-':
		return a - b, true
	case '*':
		return a * b, true
	case '/':
		if b == 0 {
			return 0, false
		}
		return a / b, true
	case '^':
		if b < 0 {
			return 0, false
		}
		switch {
		case b == 0:
			return 1, true
		case a == 0 || a == 1:
			return a, true
		case a == -1:
			return 1 - 2*(b%2), true
		}
		r := 1
		for range b {
			r *= a
			if r > MaxValue || r < -MaxValue {
				break // the caller's bound check reports it
			}
		}
		return r, true
	case '=':
		return b2i(a == b), true
	case 'n':
		return b2i(a != b), true
	case '<':
		return b2i(a < b), true
	case '>':
		return b2i(a > b), true
	case 'l':
		return b2i(a <= b), true
	case 'g':
		return b2i(a >= b), true
	case '&':
		return b2i(a != 0 && b != 0), true
	case '|':
		return b2i(a != 0 || b != 0), true
	}
	return 0, false
}

func isCompare(op byte) bool {
	switch op {
	case '=', 'n', '<', '>', 'l', 'g':
		return true
	}
	return false
}

func (in *interp) binary(p pos, op string, x, y value) (value, error) {
	c := opCode(op)
	switch c {
	case 'd':
		return in.dOp(p, x, y)
	case '@':
		return in.at(p, x, y)
	}
	if isCompare(c) {
		xs, xSeq := x.(seq)
		ys, ySeq := y.(seq)
		switch {
		case xSeq && ySeq: // element by element, left to right
			o := 0
			for i := 0; i < min(len(xs), len(ys)) && o == 0; i++ {
				o = cmpInt(xs[i], ys[i])
			}
			if o == 0 {
				o = cmpInt(len(xs), len(ys))
			}
			r, _ := arith(c, o, 0)
			return num(r), nil
		case xSeq:
			if yn, ok := y.(num); ok {
				n := 0
				for _, v := range xs {
					r, _ := arith(c, v, int(yn))
					n += r
				}
				return num(n), nil
			}
		case ySeq:
			if xn, ok := x.(num); ok {
				n := 0
				for _, v := range ys {
					r, _ := arith(c, int(xn), v)
					n += r
				}
				return num(n), nil
			}
		}
	}
	xd, xDie := x.(*die)
	yd, yDie := y.(*die)
	if !xDie && !yDie {
		a, _ := in.number(p, x, "")
		b, _ := in.number(p, y, "")
		r, ok := arith(c, a, b)
		if !ok {
			if c == '/' {
				return nil, errAt(p, "division by zero")
			}
			return nil, errAt(p, "a negative exponent (AnyDice has whole numbers only)")
		}
		if err := checkValue(p, r); err != nil {
			return nil, err
		}
		return num(r), nil
	}
	if xDie && yDie {
		return in.combine(p, c, xd.pmf, yd.pmf)
	}
	// One die and a number: the operator on each roll.
	d, k := yd, x
	if xDie {
		d, k = xd, y
	}
	n, _ := in.number(p, k, "")
	return in.mapDie(p, d.pmf, func(v int) (int, bool) {
		if xDie {
			return arith(c, v, n)
		}
		return arith(c, n, v)
	})
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// combine applies op to every pair of outcomes of two dice.
func (in *interp) combine(p pos, op byte, a, b dice.PMF) (value, error) {
	if a.Empty() || b.Empty() {
		return &die{}, nil
	}
	na, nb := float64(a.Max()-a.Min()+1), float64(b.Max()-b.Min()+1)
	if op == '+' || op == '-' {
		if op == '-' {
			b = negate(b)
		}
		if (a.Max()-a.Min())+(b.Max()-b.Min()) > MaxSpan {
			return nil, errAt(p, "a die would span more than "+maxSpanText+" values")
		}
		if err := in.spend(p, na*nb); err != nil {
			return nil, err
		}
		s := a.Add(b)
		if err := checkValue(p, s.Min()); err != nil {
			return nil, err
		}
		if err := checkValue(p, s.Max()); err != nil {
			return nil, err
		}
		return single(s), nil
	}
	if err := in.spend(p, na*nb*mapCost); err != nil {
		return nil, err
	}
	var ac acc
	bad := false
	a.Each(func(x int, q float64) {
		b.Each(func(y int, r float64) {
			v, ok := arith(op, x, y)
			if !ok {
				bad = true
			}
			ac.add(v, q*r)
		})
	})
	if bad {
		return nil, errAt(p, "division by zero or a negative exponent for some rolls of these dice")
	}
	d, err := ac.pmf(p)
	if err != nil {
		return nil, err
	}
	return single(d), nil
}

func negate(d dice.PMF) dice.PMF {
	var a acc
	d.Each(func(v int, q float64) { a.add(-v, q) })
	out, _ := a.pmf(pos{})
	return out
}

// dOp is count d sides: a collection of dice.
func (in *interp) dOp(p pos, x, y value) (value, error) {
	var base dice.PMF
	switch y := y.(type) {
	case num:
		s := int(y)
		if s > MaxSpan {
			return nil, errAt(p, "a die of more than "+maxSpanText+" sides")
		}
		if s >= 1 {
			base = dice.Uniform(1, s)
		}
	case seq:
		var err error
		if base, err = in.seqDie(p, y); err != nil {
			return nil, err
		}
	case *die:
		base = y.pmf
	}
	switch x := x.(type) {
	case num, seq:
		n, _ := in.number(p, x, "")
		return in.pool(p, n, base)
	case *die:
		out := &die{}
		var a acc
		for n := x.pmf.Min(); n <= x.pmf.Max(); n++ {
			w := x.pmf.P(n)
			if w == 0 {
				continue
			}
			v, err := in.pool(p, n, base)
			if err != nil {
				return nil, err
			}
			d := v.(*die)
			for _, al := range d.alts {
				out.alts = append(out.alts, alt{w: w * al.w, n: al.n, base: al.base})
			}
			a.addPMF(d.pmf, 0, w)
		}
		var err error
		if out.pmf, err = a.pmf(p); err != nil {
			return nil, err
		}
		return out, nil
	}
	return nil, errAt(p, "bad dice")
}

// pool is n dice of base (a negative n is the negated sum of -n dice).
func (in *interp) pool(p pos, n int, base dice.PMF) (value, error) {
	if base.Empty() {
		return &die{}, nil
	}
	neg := n < 0
	if neg {
		n = -n
	}
	if n > MaxDice {
		return nil, errAt(p, "more than "+maxDiceText+" dice")
	}
	span := base.Max() - base.Min()
	if n*span > MaxSpan {
		return nil, errAt(p, "these dice would span more than "+maxSpanText+" values")
	}
	if err := checkValue(p, n*base.Max()); err != nil {
		return nil, err
	}
	if err := checkValue(p, n*base.Min()); err != nil {
		return nil, err
	}
	// dice.Sum squares: its last convolution alone is (n·span)² / 4.
	w := float64(n*span + 1)
	if err := in.spend(p, w*w/2+float64(n)); err != nil {
		return nil, err
	}
	s := dice.Sum(n, base)
	if neg {
		return single(negate(s)), nil
	}
	return &die{pmf: s, alts: []alt{{w: 1, n: n, base: base}}}, nil
}

// positions reads the left side of @ (a number or a sequence of them).
func positionsOf(v value) []int {
	switch v := v.(type) {
	case num:
		return []int{int(v)}
	case seq:
		return v
	}
	return nil
}

// at is POSITIONS @ VALUE.
func (in *interp) at(p pos, x, y value) (value, error) {
	if xd, ok := x.(*die); ok { // a die of positions: once per outcome
		var a acc
		for v := xd.pmf.Min(); v <= xd.pmf.Max(); v++ {
			w := xd.pmf.P(v)
			if w == 0 {
				continue
			}
			r, err := in.at(p, num(v), y)
			if err != nil {
				return nil, err
			}
			d, err := in.toPMF(p, r)
			if err != nil {
				return nil, err
			}
			a.addPMF(d, 0, w)
		}
		d, err := a.pmf(p)
		if err != nil {
			return nil, err
		}
		return single(d), nil
	}
	ps := positionsOf(x)
	switch y := y.(type) {
	case num:
		v := int(y)
		if v < 0 {
			v = -v
		}
		digits := strconv.Itoa(v)
		t := 0
		for _, q := range ps {
			i := q - 1
			if in.lowestFirst {
				i = len(digits) - q
			}
			if i >= 0 && i < len(digits) {
				t += int(digits[i] - '0')
			}
		}
		return num(t), nil
	case seq:
		t := 0
		for _, q := range ps {
			if q >= 1 && q <= len(y) {
				t += y[q-1]
			}
		}
		return num(t), nil
	case *die:
		d, err := in.positionsDie(p, y, ps, in.lowestFirst)
		if err != nil {
			return nil, err
		}
		return single(d), nil
	}
	return nil, errAt(p, "bad @")
}

// toPMF converts a value to a distribution: a number is certain, a
// sequence is summed.
func (in *interp) toPMF(p pos, v value) (dice.PMF, error) {
	switch v := v.(type) {
	case num:
		return dice.Const(int(v)), nil
	case seq:
		return dice.Const(sum(v)), nil
	case *die:
		return v.pmf, nil
	}
	return dice.PMF{}, errAt(p, "bad value")
}
