package anydice

import (
	"slices"

	"d6codex/rules/dice"
)

// The functions of libFuncs, by index.
const (
	libAbsolute = iota
	libContains
	libCount
	libExplode
	libHighest
	libLowest
	libMiddle
	libHighestOf
	libLowestOf
	libMaximum
	libReverse
	libSort
)

// libFuncs is AnyDice's function library: each function's call key
// ("highest … of …") and its parameters. native runs function i of the
// table.
var libFuncs = [...]struct {
	key    string
	params []param
}{
	libAbsolute:  {"absolute …", []param{{name: "NUMBER", typ: 'n'}}},
	libContains:  {"… contains …", []param{{name: "SEQUENCE", typ: 's'}, {name: "NUMBER", typ: 'n'}}},
	libCount:     {"count … in …", []param{{name: "VALUES", typ: 's'}, {name: "SEQUENCE", typ: 's'}}},
	libExplode:   {"explode …", []param{{name: "DIE", typ: 'd'}}},
	libHighest:   {"highest … of …", []param{{name: "NUMBER", typ: 'n'}, {name: "DICE", typ: 'd'}}},
	libLowest:    {"lowest … of …", []param{{name: "NUMBER", typ: 'n'}, {name: "DICE", typ: 'd'}}},
	libMiddle:    {"middle … of …", []param{{name: "NUMBER", typ: 'n'}, {name: "DICE", typ: 'd'}}},
	libHighestOf: {"highest of … and …", []param{{name: "A", typ: 'n'}, {name: "B", typ: 'n'}}},
	libLowestOf:  {"lowest of … and …", []param{{name: "A", typ: 'n'}, {name: "B", typ: 'n'}}},
	libMaximum:   {"maximum of …", []param{{name: "DIE", typ: 'd'}}},
	libReverse:   {"reverse …", []param{{name: "SEQUENCE", typ: 's'}}},
	libSort:      {"sort …", []param{{name: "SEQUENCE", typ: 's'}}},
}

// library is AnyDice's function library, keyed like calls ("highest … of
// …"). A program may define a function of the same name, which replaces it.
func library() map[string]*function {
	lib := make(map[string]*function, len(libFuncs))
	for i, l := range libFuncs {
		lib[l.key] = &function{params: l.params, lib: i + 1}
	}
	return lib
}

// native runs function i of libFuncs on its arguments, already converted
// to its parameters' types.
func (in *interp) native(i int, p pos, a []value) (value, error) {
	// The arguments by type (each is one of them).
	n0, _ := a[0].(num)
	s0, _ := a[0].(seq)
	d0, _ := a[0].(*die)
	a1 := a[len(a)-1]
	n1, _ := a1.(num)
	s1, _ := a1.(seq)
	d1, _ := a1.(*die)
	switch i {
	case libAbsolute:
		return max(n0, -n0), nil
	case libContains:
		c := 0
		for _, v := range s0 {
			c |= b2i(v == int(n1))
		}
		return num(c), nil
	case libCount:
		c := 0
		for _, v := range s0 {
			for _, x := range s1 {
				c += b2i(v == x)
			}
		}
		return num(c), nil
	case libExplode:
		return in.explode(p, d0.pmf)
	case libHighest:
		return in.keep(p, d1, 1, int(n0), false)
	case libLowest:
		return in.keep(p, d1, 1, int(n0), true)
	case libMiddle:
		if int(n0) >= d1.n {
			return d1, nil
		}
		return in.keep(p, d1, 1+(d1.n-int(n0))/2, int(n0), in.lowestFirst)
	case libHighestOf:
		return max(n0, n1), nil
	case libLowestOf:
		return min(n0, n1), nil
	case libMaximum:
		if d0.pmf.Empty() {
			return num(0), nil
		}
		return num(d0.pmf.Max()), nil
	case libReverse:
		out := slices.Clone(s0)
		reverse(out, nil)
		return out, nil
	}
	return sortSeq(s0, in.lowestFirst), nil // libSort
}

// keep is the sum of count dice from position from on, counted from the
// highest die (or the lowest).
func (in *interp) keep(p pos, d *die, from, count int, lowest bool) (value, error) {
	if count <= 0 {
		return num(0), nil
	}
	ps := make([]int, 0, count)
	for q := from; q < from+count; q++ {
		ps = append(ps, q)
	}
	return in.pick(p, d, ps, lowest)
}

// explode is [explode DIE]: while the die shows its maximum, roll it again
// and add, at most "explode depth" times.
func (in *interp) explode(p pos, d dice.PMF) (value, error) {
	if d.Empty() {
		return &die{}, nil
	}
	top := d.Max()
	cur := d
	for range in.explodeDepth {
		var a acc
		prev := cur
		if err := in.spend(p, float64(prev.Max()-prev.Min()+1)*float64(d.Max()-d.Min()+1)); err != nil {
			return nil, err
		}
		for v := d.Min(); v < top; v++ {
			a.add(v, d.P(v))
		}
		a.addPMF(prev.Shift(top), d.P(top))
		var err error
		if cur, err = a.pmf(p); err != nil {
			return nil, err
		}
	}
	return single(cur), nil
}
