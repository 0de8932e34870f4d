package anydice

import "d6codex/rules/dice"

// call invokes a function. Arguments are converted to the parameters'
// types; a die given to a :n parameter runs the function once per number
// it can roll (lowest first), a die given to a :s parameter once per
// sorted roll of its dice, and the results are merged by weight into a
// die (outcomes whose result is an empty die are dropped and the rest
// rescaled). With several such parameters the leftmost varies fastest.
//
// One call has one set of variables, as in AnyDice: what the body assigns
// while it runs for one outcome is still there when it runs for the next,
// and a parameter keeps what the body assigned to it until its own
// outcome changes.
func (in *interp) call(p pos, f *function, args []value) (value, error) {
	if in.depth >= in.maxDepth {
		in.truncated = true
		return &die{}, nil // past the maximum function depth: the empty die
	}
	conv := make([]value, len(args))
	var expand, fixed []int
	for i, a := range args {
		conv[i] = a
		fixed = append(fixed, i)
		switch f.params[i].typ {
		case 'n':
			switch a := a.(type) {
			case seq:
				conv[i] = num(sum(a))
			case *die:
				expand, fixed = append(expand, i), fixed[:len(fixed)-1]
			}
		case 's':
			switch a := a.(type) {
			case num:
				conv[i] = seq{int(a)}
			case *die:
				expand, fixed = append(expand, i), fixed[:len(fixed)-1]
			}
		case 'd':
			switch a := a.(type) {
			case num:
				conv[i] = single(dice.Const(int(a)))
			case seq:
				conv[i] = single(dice.Const(sum(a)))
			}
		}
	}
	c := &expansion{in: in, p: p, f: f, args: args, conv: conv, expand: expand, fixed: fixed, scope: map[string]value{}}
	for i := range args {
		c.bind(i)
	}
	if f.lib == 0 {
		in.scopes = append(in.scopes, c.scope)
		in.depth++
		defer func() {
			in.depth--
			in.scopes = in.scopes[:len(in.scopes)-1]
		}()
	}
	if len(expand) == 0 {
		return c.invoke()
	}
	if err := c.rec(len(expand)-1, 1); err != nil {
		return nil, err
	}
	d, err := c.a.pmf(p)
	if err != nil {
		return nil, err
	}
	return single(d), nil
}

// expansion is one call: rec runs the function for each outcome of the
// arguments at expand (dice given to :n or :s parameters) from the j-th
// down, weighted by w, and mixes the results into a.
type expansion struct {
	in     *interp
	p      pos
	f      *function
	args   []value
	conv   []value
	expand []int
	fixed  []int // the other arguments
	scope  map[string]value
	a      acc
}

// bind sets parameter i's variable, unless an earlier parameter has the
// same name (the first of them is the one the body sees).
func (c *expansion) bind(i int) {
	if q := c.f.params[i]; !q.dup {
		c.scope[q.name] = c.conv[i]
	}
}

func (c *expansion) rec(j int, w float64) error {
	in, p := c.in, c.p
	if j < 0 {
		r, err := c.invoke()
		if err != nil {
			return err
		}
		d := toPMF(r)
		if err := in.spend(p, float64(d.Max()-d.Min()+1)); err != nil {
			return err
		}
		c.a.addPMF(d, w)
		return nil
	}
	i := c.expand[j]
	d, _ := c.args[i].(*die)
	if c.f.params[i].typ == 'n' {
		for v := d.pmf.Min(); v <= d.pmf.Max(); v++ {
			if q := d.pmf.P(v); q != 0 {
				c.conv[i] = num(v)
				c.bind(i)
				if err := c.rec(j-1, w*q); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if d.n == 0 || d.null {
		return nil
	}
	return in.rolls(p, d, in.lowestFirst, func(s seq, q float64) error {
		c.conv[i] = s
		c.bind(i)
		return c.rec(j-1, w*q)
	})
}

// invoke runs the function's body once, in the call's variables, or the
// library function on the converted arguments.
func (c *expansion) invoke() (value, error) {
	in := c.in
	if err := in.spend(c.p, 4*nodeCost); err != nil {
		return nil, err
	}
	if c.f.lib > 0 {
		return in.native(c.f.lib-1, c.p, c.conv)
	}
	// The parameters given a number, sequence or die as it is start
	// afresh; those being expanded keep what the body assigned until
	// their outcome changes.
	for _, i := range c.fixed {
		c.bind(i)
	}
	err := in.execBlock(c.f.body)
	if err != nil {
		if r, ok := err.(*errReturn); ok {
			return r.v, nil
		}
		return nil, err
	}
	return &die{}, nil // no result: the empty die
}
