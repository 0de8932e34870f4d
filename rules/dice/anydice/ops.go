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

// addPMF adds d weighted by w.
func (a *acc) addPMF(d dice.PMF, w float64) {
	for v := d.Min(); v <= d.Max(); v++ {
		a.add(v, w*d.P(v))
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
			return num(len(strconv.Itoa(max(int(x), -int(x))))), nil
		case seq:
			return num(len(x)), nil
		case *die:
			return num(x.n), nil
		}
	case "-":
		switch x := x.(type) {
		case num:
			return -x, nil
		case seq:
			return num(-sum(x)), nil
		case *die:
			// A collection stays one: #-(3d6) is 3.
			return &die{pmf: negate(x.pmf), base: negate(x.base), n: x.n, sides: -x.sides, std: x.std, null: x.null}, nil
		}
	case "!":
		switch x := x.(type) {
		case num:
			return num(b2i(x == 0)), nil
		case seq:
			return num(b2i(sum(x) == 0)), nil
		case *die:
			if x.null {
				return single(dice.Const(1)), nil
			}
			return in.combine(p, '=', x.pmf, dice.Const(0))
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

// zeroPowerMsg is the error for 0 to a negative power, which AnyDice
// answers with an overflowed number (-2^63) this interpreter cannot hold.
const zeroPowerMsg = "0 to a negative power has no value"

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

// arith is one arithmetic or boolean operator (an opCode) on two numbers,
// as AnyDice computes it: a division by 0 is 0, and a negative power is
// 1 divided by the positive one, rounded toward zero. ok is false only
// for 0 to a negative power.
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
			return 0, true
		}
		return a / b, true
	case '^':
		switch {
		case b == 0:
			return 1, true
		case a == 0:
			return 0, b > 0
		case a == 1:
			return 1, true
		case a == -1:
			return 1 - 2*(b&1), true
		case b < 0:
			return 0, true
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
	}
	return b2i(a != 0 || b != 0), true // '|'
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
	xd, xDie := x.(*die)
	yd, yDie := y.(*die)
	if xDie && xd.pmf.Empty() || yDie && yd.pmf.Empty() {
		return in.withEmpty(p, c, x, y)
	}
	xs, xSeq := x.(seq)
	ys, ySeq := y.(seq)
	xn, _ := x.(num)
	yn, _ := y.(num)
	if isCompare(c) {
		switch {
		case xSeq && ySeq: // element by element, left to right
			o := len(xs) - len(ys) // only its sign counts
			for i := min(len(xs), len(ys)) - 1; i >= 0; i-- {
				if xs[i] != ys[i] {
					o = xs[i] - ys[i]
				}
			}
			r, _ := arith(c, o, 0)
			return num(r), nil
		case xSeq && !yDie: // each element compared, the answers counted
			n := 0
			for _, v := range xs {
				r, _ := arith(c, v, int(yn))
				n += r
			}
			return num(n), nil
		case ySeq && !xDie:
			n := 0
			for _, v := range ys {
				r, _ := arith(c, int(xn), v)
				n += r
			}
			return num(n), nil
		case xDie && ySeq && c == 'l':
			c = '>' // AnyDice answers DIE <= SEQUENCE as DIE > SEQUENCE
		}
	}
	if !xDie && !yDie {
		a, _ := in.number(p, x, "")
		b, _ := in.number(p, y, "")
		if c == '^' && b < 0 && !xSeq && !ySeq {
			return nil, errAt(p, "a negative exponent: AnyDice allows only 0 or more for a number")
		}
		r, ok := arith(c, a, b)
		if !ok {
			return nil, errAt(p, zeroPowerMsg)
		}
		if err := checkValue(p, r); err != nil {
			return nil, err
		}
		return num(r), nil
	}
	// A number with a die is the die that always rolls it.
	return in.combine(p, c, toPMF(x), toPMF(y))
}

// withEmpty is a binary operator with an empty die on one side or both,
// as AnyDice computes it. With the null die, comparisons, & and | are
// true and arithmetic stays null. Otherwise + and | give the other
// operand (the right one as it is, the left one with a sequence summed),
// - gives the left operand summed or the right one negated, and every
// other operator gives the empty die.
func (in *interp) withEmpty(p pos, c byte, x, y value) (value, error) {
	xd, _ := x.(*die)
	yd, _ := y.(*die)
	xEmpty := xd != nil && xd.pmf.Empty()
	if xEmpty && xd.null || yd != nil && yd.null {
		if isCompare(c) || c == '&' || c == '|' {
			return single(dice.Const(1)), nil
		}
		return &die{n: 1, null: true}, nil
	}
	switch {
	case (c == '+' || c == '|') && xEmpty:
		return y, nil
	case c == '-' && xEmpty:
		return in.unary(p, "-", y)
	case c == '+' || c == '|' || c == '-':
		if s, ok := x.(seq); ok {
			return num(sum(s)), nil
		}
		return x, nil
	}
	return &die{}, nil
}

// combine applies op to every pair of outcomes of two dice.
func (in *interp) combine(p pos, op byte, a, b dice.PMF) (value, error) {
	na, nb := float64(a.Max()-a.Min()+1), float64(b.Max()-b.Min()+1)
	if op == '+' || op == '-' {
		if (a.Max()-a.Min())+(b.Max()-b.Min()) > MaxSpan {
			return nil, errAt(p, "a die would span more than "+maxSpanText+" values")
		}
	}
	if err := in.spend(p, na*nb*mapCost); err != nil {
		return nil, err
	}
	var ac acc
	bad := false
	for x := a.Min(); x <= a.Max(); x++ {
		for y := b.Min(); y <= b.Max(); y++ {
			if w := a.P(x) * b.P(y); w != 0 {
				v, ok := arith(op, x, y)
				bad = bad || !ok
				ac.add(v, w)
			}
		}
	}
	if bad {
		return nil, errAt(p, zeroPowerMsg)
	}
	d, err := ac.pmf(p)
	if err != nil {
		return nil, err
	}
	return single(d), nil
}

func negate(d dice.PMF) dice.PMF {
	var a acc
	for v := d.Min(); v <= d.Max(); v++ {
		a.add(-v, d.P(v))
	}
	out, _ := a.pmf(pos{})
	return out
}

// dOp is COUNT d SIDES. A number of sides is a standard die (d-3 is the
// d3 negated, d0 always rolls 0), a sequence a custom one, a die the die
// itself. A number or sequence counts the dice: 0 dice are one d0, a
// negative count is as many dice negated. A die as the count rolls that
// many dice for each of its outcomes and sums them into one die, as a
// function with a :n parameter would; with an empty count or empty faces
// it is the null die.
func (in *interp) dOp(p pos, x, y value) (value, error) {
	var base dice.PMF
	sides, std := 0, false
	switch y := y.(type) {
	case num:
		s := int(y)
		if s > MaxSpan || s < -MaxSpan {
			return nil, errAt(p, "a die of more than "+maxSpanText+" sides")
		}
		sides, std = s, true
		base = dice.Uniform(min(1, s), max(s, -1))
		if s == 0 {
			base = dice.Const(0)
		}
	case seq:
		var err error
		if base, err = in.seqDie(p, y); err != nil {
			return nil, err
		}
	case *die:
		base, sides, std = y.pmf, y.sides, y.std && y.n == 1
	}
	xd, ok := x.(*die)
	if !ok {
		n, _ := in.number(p, x, "")
		return in.pool(p, n, base, sides, std)
	}
	if xd.pmf.Empty() || base.Empty() {
		return &die{n: 1, null: true}, nil
	}
	var a acc
	for n := xd.pmf.Min(); n <= xd.pmf.Max(); n++ {
		if w := xd.pmf.P(n); w != 0 {
			v, err := in.pool(p, n, base, sides, std)
			if err != nil {
				return nil, err
			}
			a.addPMF(v.pmf, w)
		}
	}
	d, err := a.pmf(p)
	if err != nil {
		return nil, err
	}
	return single(d), nil
}

// pool is n dice of base.
func (in *interp) pool(p pos, n int, base dice.PMF, sides int, std bool) (*die, error) {
	switch {
	case base.Empty():
		return &die{}, nil
	case n == 0:
		return &die{pmf: dice.Const(0), base: dice.Const(0), n: 1, std: true}, nil
	case n < 0:
		n, base, sides = -n, negate(base), -sides
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
	// dice.Sum squares: its last convolution alone is (n·span)² / 4; one
	// die is a copy.
	w := float64(n*span + 1)
	if n == 1 {
		w = 1
	}
	if err := in.spend(p, w*w/2+float64(span+n)); err != nil {
		return nil, err
	}
	return &die{pmf: dice.Sum(n, base), base: base, n: n, sides: sides, std: std}, nil
}

// at is POSITIONS @ VALUE. A position outside the value counts 0; a
// number's digits carry its sign (1@-456 is -4).
func (in *interp) at(p pos, x, y value) (value, error) {
	if xd, ok := x.(*die); ok { // a die of positions: once per outcome
		var a acc
		for v := xd.pmf.Min(); v <= xd.pmf.Max(); v++ {
			r, err := in.at(p, num(v), y)
			if err != nil {
				return nil, err
			}
			a.addPMF(toPMF(r), xd.pmf.P(v))
		}
		d, err := a.pmf(p)
		if err != nil {
			return nil, err
		}
		return single(d), nil
	}
	ps, ok := x.(seq)
	if !ok {
		n, _ := x.(num)
		ps = seq{int(n)}
	}
	switch y := y.(type) {
	case num:
		v := int(y)
		digits := strconv.Itoa(max(v, -v))
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
		if v < 0 {
			t = -t
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
	}
	d, _ := y.(*die)
	return in.pick(p, d, ps, in.lowestFirst)
}

// pick is the sum of the dice of d at positions ps (see positionsDie):
// nothing of the empty die, and of the null die, the null die at position
// 1 and 0 elsewhere.
func (in *interp) pick(p pos, d *die, ps []int, lowest bool) (value, error) {
	switch {
	case d.n == 0:
		return &die{}, nil
	case d.null:
		for _, q := range ps {
			if q == 1 {
				return d, nil
			}
		}
		return single(dice.Const(0)), nil
	}
	out, err := in.positionsDie(p, d, ps, lowest)
	if err != nil {
		return nil, err
	}
	return single(out), nil
}

// toPMF converts a value to a distribution: a number is certain, a
// sequence is summed.
func toPMF(v value) dice.PMF {
	switch v := v.(type) {
	case num:
		return dice.Const(int(v))
	case seq:
		return dice.Const(sum(v))
	}
	d, _ := v.(*die)
	return d.pmf
}
