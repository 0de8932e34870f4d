package expr

import (
	"slices"
	"strconv"
	"strings"

	"d6codex/rules/dice"
	"d6codex/rules/text"
)

// maxRolls bounds the dice one traced roll may use (an exploding die could
// otherwise go on for as long as a seeded generator keeps rolling its top
// face).
const maxRolls = 10_000

// Roll rolls one expression with dice from t and returns its value and the
// steps in words, one per dice term and one for the result. Fudge dice are
// rolled as d3 (1 is -, 2 is blank, 3 is +).
func Roll(it Item, t *dice.Tape) (int, []string, error) {
	r := &roller{t: t}
	v, err := r.roll(it.Node)
	if err != nil {
		return 0, nil, err
	}
	r.steps = append(r.steps, it.Node.String()+" = "+strconv.Itoa(v))
	return v, r.steps, nil
}

type roller struct {
	t     *dice.Tape
	n     int
	steps []string
}

func (r *roller) roll(n Node) (int, error) {
	switch n := n.(type) {
	case *Int:
		return n.V, nil
	case *Paren:
		return r.roll(n.X)
	case *Neg:
		v, err := r.roll(n.X)
		return -v, err
	case *Dice:
		return r.dice(n)
	case *Binary:
		l, err := r.roll(n.L)
		if err != nil {
			return 0, err
		}
		rv, err := r.roll(n.R)
		if err != nil {
			return 0, err
		}
		switch n.Op {
		case "+":
			return l + rv, nil
		case "-":
			return l - rv, nil
		case "*":
			return l * rv, nil
		case "/":
			if rv == 0 {
				return 0, &Error{Col: n.c, Msg: msgDivZero}
			}
			q, ok := quotient(l, rv, n.Round)
			if !ok {
				return 0, &Error{Col: n.c, Msg: msgNotWhole}
			}
			return q, nil
		case "^":
			v, msg := pow(l, rv)
			if msg != "" {
				return 0, &Error{Col: n.c, Msg: msg}
			}
			return v, nil
		}
		if (Cmp{Op: n.Op, V: rv}).Holds(l) {
			return 1, nil
		}
		return 0, nil
	}
	return 0, &Error{Col: n.col(), Msg: "unknown expression"}
}

// die rolls one die of the term: reroll, or explode.
func (r *roller) die(n *Dice, what string) (int, error) {
	one := func() (int, error) {
		r.n++
		if r.n > maxRolls {
			return 0, &Error{Col: n.col(), Msg: "more than " + strconv.Itoa(maxRolls) + " dice in one roll"}
		}
		switch {
		case n.Fudge:
			v, err := r.t.Roll(3, what+" (Fudge: 1 is -, 2 is blank, 3 is +)")
			return v - 2, err
		case n.Digits: // one die a digit
			v := 0
			for _, s := range n.digitSides() {
				d, err := r.t.Roll(s, what+" (a d"+strconv.Itoa(s)+" a digit)")
				if err != nil {
					return 0, err
				}
				v = v*10 + d
			}
			return v, nil
		}
		v, err := r.t.Roll(n.Sides-n.Low+1, what)
		return v + n.Low - 1, err
	}
	v, err := one()
	if err != nil {
		return 0, err
	}
	for k := 0; len(n.Reroll.On) > 0 && n.Reroll.On.Holds(v) && k < n.Reroll.Times; k++ {
		if v, err = one(); err != nil {
			return 0, err
		}
	}
	total := v
	for k := 0; len(n.Explode.On) > 0 && n.Explode.On.Holds(v) && (n.Explode.Times == 0 || k < n.Explode.Times); k++ {
		if v, err = one(); err != nil {
			return 0, err
		}
		total += v
	}
	return total, nil
}

func (r *roller) dice(n *Dice) (int, error) {
	vals := make([]int, n.N)
	for i := range vals {
		v, err := r.die(n, n.String())
		if err != nil {
			return 0, err
		}
		vals[i] = v
	}
	kept := slices.Clone(vals)
	text.Sort(kept)
	switch n.Keep.Op {
	case "kh":
		kept = kept[len(kept)-n.Keep.N:]
	case "kl":
		kept = kept[:n.Keep.N]
	case "dh":
		kept = kept[:len(kept)-n.Keep.N]
	case "dl":
		kept = kept[n.Keep.N:]
	}
	total := 0
	counts := len(n.Count) > 0 || len(n.Minus) > 0
	for _, v := range kept {
		switch {
		case !counts:
			total += v
		case n.Minus.Holds(v):
			total--
		case n.Count.Holds(v):
			total++
		}
	}
	step := n.String() + ": rolled " + join(vals)
	if n.Keep.Op != "" {
		step += ", kept " + join(kept)
	}
	switch {
	case len(n.Count) == 1 && len(n.Minus) == 0:
		step += ", " + strconv.Itoa(total) + " of them " + n.Count[0].Op + " " + strconv.Itoa(n.Count[0].V)
	case counts:
		step += ", counted " + strconv.Itoa(total)
	default:
		step += ", total " + strconv.Itoa(total)
	}
	r.steps = append(r.steps, step)
	return total, nil
}

func join(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, " ")
}
