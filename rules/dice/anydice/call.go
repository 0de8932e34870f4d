package anydice

import "d6codex/rules/dice"

// call invokes a function. Arguments are converted to the parameters'
// types; a die given to a :n parameter runs the function once per number
// it can roll, a die given to a :s parameter once per sorted roll of its
// dice, and the results are merged by weight into a die (outcomes whose
// result is the empty die are dropped and the rest rescaled).
func (in *interp) call(p pos, f *function, args []value) (value, error) {
	if in.depth >= in.maxDepth {
		return &die{}, nil // past the maximum function depth: the empty die
	}
	conv := make([]value, len(args))
	var expand []int
	for i, a := range args {
		conv[i] = a
		switch f.params[i].typ {
		case 'n':
			switch a := a.(type) {
			case seq:
				conv[i] = num(sum(a))
			case *die:
				expand = append(expand, i)
			}
		case 's':
			switch a := a.(type) {
			case num:
				conv[i] = seq{int(a)}
			case *die:
				expand = append(expand, i)
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
	if len(expand) == 0 {
		return in.invoke(p, f, conv)
	}
	c := &expansion{in: in, p: p, f: f, args: args, conv: conv, expand: expand}
	if err := c.rec(0, 1); err != nil {
		return nil, err
	}
	d, err := c.a.pmf(p)
	if err != nil {
		return nil, err
	}
	return single(d), nil
}

// expansion is a call whose arguments at expand are dice given to :n or
// :s parameters: rec runs the function for each of their outcomes from
// the j-th on, weighted by w, and mixes the results into a.
type expansion struct {
	in     *interp
	p      pos
	f      *function
	args   []value
	conv   []value
	expand []int
	a      acc
}

func (c *expansion) rec(j int, w float64) error {
	in, p := c.in, c.p
	if j == len(c.expand) {
		r, err := in.invoke(p, c.f, c.conv)
		if err != nil {
			return err
		}
		d, err := in.toPMF(p, r)
		if err != nil {
			return err
		}
		if err := in.spend(p, float64(d.Max()-d.Min()+1)); err != nil {
			return err
		}
		c.a.addPMF(d, 0, w)
		return nil
	}
	i := c.expand[j]
	d := c.args[i].(*die)
	if c.f.params[i].typ == 'n' {
		for v := d.pmf.Min(); v <= d.pmf.Max(); v++ {
			if q := d.pmf.P(v); q != 0 {
				c.conv[i] = num(v)
				if err := c.rec(j+1, w*q); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return in.rolls(p, d, in.lowestFirst, func(s seq, q float64) error {
		c.conv[i] = s
		return c.rec(j+1, w*q)
	})
}

// invoke runs a function's body with arguments of the right types.
func (in *interp) invoke(p pos, f *function, args []value) (value, error) {
	if err := in.spend(p, 4*nodeCost); err != nil {
		return nil, err
	}
	if f.lib > 0 {
		return in.native(f.lib-1, p, args)
	}
	scope := make(map[string]value, len(args))
	for i, a := range args {
		scope[f.params[i].name] = a
	}
	in.scopes = append(in.scopes, scope)
	in.depth++
	err := in.execBlock(f.body)
	in.depth--
	in.scopes = in.scopes[:len(in.scopes)-1]
	if err != nil {
		if r, ok := err.(*errReturn); ok {
			return r.v, nil
		}
		return nil, err
	}
	return &die{}, nil // no result: the empty die
}
