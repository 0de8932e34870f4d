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
// ("highest @ of @") and its parameters. native runs function i of the
// table.
var libFuncs = [...]struct {
	key    string
	params []param
}{
	libAbsolute:  {"absolute @", []param{{name: "NUMBER", typ: 'n'}}},
	libContains:  {"@ contains @", []param{{name: "SEQUENCE", typ: 's'}, {name: "NUMBER", typ: 'n'}}},
	libCount:     {"count @ in @", []param{{name: "VALUES", typ: 's'}, {name: "SEQUENCE", typ: 's'}}},
	libExplode:   {"explode @", []param{{name: "DIE", typ: 'd'}}},
	libHighest:   {"highest @ of @", []param{{name: "NUMBER", typ: 'n'}, {name: "DICE", typ: 'd'}}},
	libLowest:    {"lowest @ of @", []param{{name: "NUMBER", typ: 'n'}, {name: "DICE", typ: 'd'}}},
	libMiddle:    {"middle @ of @", []param{{name: "NUMBER", typ: 'n'}, {name: "DICE", typ: 'd'}}},
	libHighestOf: {"highest of @ and @", []param{{name: "A", typ: 'n'}, {name: "B", typ: 'n'}}},
	libLowestOf:  {"lowest of @ and @", []param{{name: "A", typ: 'n'}, {name: "B", typ: 'n'}}},
	libMaximum:   {"maximum of @", []param{{name: "DIE", typ: 'd'}}},
	libReverse:   {"reverse @", []param{{name: "SEQUENCE", typ: 's'}}},
	libSort:      {"sort @", []param{{name: "SEQUENCE", typ: 's'}}},
}

// library is AnyDice's function library, keyed like calls ("highest @ of
// @"). A program may define a function of the same name, which replaces it.
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
	switch i {
	case libAbsolute:
		v := int(a[0].(num))
		return num(max(v, -v)), nil
	case libContains:
		c := 0
		for _, v := range a[0].(seq) {
			c |= b2i(v == int(a[1].(num)))
		}
		return num(c), nil
	case libCount:
		c := 0
		for _, v := range a[0].(seq) {
			for _, x := range a[1].(seq) {
				c += b2i(v == x)
			}
		}
		return num(c), nil
	case libExplode:
		return in.explode(p, a[0].(*die).pmf)
	case libHighest:
		return in.keep(p, a[1].(*die), 1, int(a[0].(num)), false)
	case libLowest:
		return in.keep(p, a[1].(*die), 1, int(a[0].(num)), true)
	case libMiddle:
		dd, k := a[1].(*die), int(a[0].(num))
		total := dd.length()
		if total < 0 {
			return nil, errAt(p, "[middle N of DICE] needs a fixed number of dice")
		}
		if k >= total {
			return dd, nil
		}
		from := 1 + (total-k)/2
		return in.keep(p, dd, from, k, in.lowestFirst)
	case libHighestOf:
		return num(max(a[0].(num), a[1].(num))), nil
	case libLowestOf:
		return num(min(a[0].(num), a[1].(num))), nil
	case libMaximum:
		dd := a[0].(*die)
		if dd.pmf.Empty() {
			return num(0), nil
		}
		return num(dd.pmf.Max()), nil
	case libReverse:
		out := slices.Clone(a[0].(seq))
		reverse(out, nil)
		return out, nil
	default: // libSort
		return sortSeq(a[0].(seq), in.lowestFirst), nil
	}
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
	out, err := in.positionsDie(p, d, ps, lowest)
	if err != nil {
		return nil, err
	}
	return single(out), nil
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
		d.Each(func(v int, q float64) {
			if v == top {
				a.addPMF(prev, top, q)
				return
			}
			a.add(v, q)
		})
		var err error
		if cur, err = a.pmf(p); err != nil {
			return nil, err
		}
	}
	return single(cur), nil
}
