package anydice

import (
	"slices"
	"strings"

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
// ("highest @ of @") and its parameters, each a name and a type letter
// (n, s or d). native runs function i of the table.
var libFuncs = [...]struct{ key, params string }{
	libAbsolute:  {"absolute @", "NUMBER:n"},
	libContains:  {"@ contains @", "SEQUENCE:s NUMBER:n"},
	libCount:     {"count @ in @", "VALUES:s SEQUENCE:s"},
	libExplode:   {"explode @", "DIE:d"},
	libHighest:   {"highest @ of @", "NUMBER:n DICE:d"},
	libLowest:    {"lowest @ of @", "NUMBER:n DICE:d"},
	libMiddle:    {"middle @ of @", "NUMBER:n DICE:d"},
	libHighestOf: {"highest of @ and @", "A:n B:n"},
	libLowestOf:  {"lowest of @ and @", "A:n B:n"},
	libMaximum:   {"maximum of @", "DIE:d"},
	libReverse:   {"reverse @", "SEQUENCE:s"},
	libSort:      {"sort @", "SEQUENCE:s"},
}

// library is AnyDice's function library, keyed like calls ("highest @ of
// @"). A program may define a function of the same name, which replaces it.
func library() map[string]*function {
	lib := make(map[string]*function, len(libFuncs))
	for i, l := range libFuncs {
		var ps []param
		rest := l.params
		for rest != "" {
			word := rest
			if sp := strings.IndexByte(rest, ' '); sp >= 0 {
				word, rest = rest[:sp], rest[sp+1:]
			} else {
				rest = ""
			}
			ps = append(ps, param{name: word[:len(word)-2], typ: word[len(word)-1]})
		}
		lib[l.key] = &function{params: ps, native: func(in *interp, p pos, a []value) (value, error) {
			return in.native(i, p, a)
		}}
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
		return num(b2i(slices.Contains(a[0].(seq), int(a[1].(num))))), nil
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
		slices.Reverse(out)
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
				prev.Each(func(w int, r float64) { a.add(top+w, q*r) })
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
