package anydice

import (
	"slices"
	"strings"

	"d6codex/rules/dice"
)

// libFuncs is AnyDice's function library: each function's call key
// ("highest @ of @") and its parameters, each a name and a type letter
// (n, s or d). native runs function i of the table.
var libFuncs = [...]struct{ key, params string }{
	{"absolute @", "NUMBER:n"},
	{"@ contains @", "SEQUENCE:s NUMBER:n"},
	{"count @ in @", "VALUES:s SEQUENCE:s"},
	{"explode @", "DIE:d"},
	{"highest @ of @", "NUMBER:n DICE:d"},
	{"lowest @ of @", "NUMBER:n DICE:d"},
	{"middle @ of @", "NUMBER:n DICE:d"},
	{"highest of @ and @", "A:n B:n"},
	{"lowest of @ and @", "A:n B:n"},
	{"maximum of @", "DIE:d"},
	{"reverse @", "SEQUENCE:s"},
	{"sort @", "SEQUENCE:s"},
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
	switch libFuncs[i].key {
	case "absolute @":
		v := int(a[0].(num))
		return num(max(v, -v)), nil
	case "@ contains @":
		return num(b2i(slices.Contains(a[0].(seq), int(a[1].(num))))), nil
	case "count @ in @":
		c := 0
		for _, v := range a[0].(seq) {
			for _, x := range a[1].(seq) {
				c += b2i(v == x)
			}
		}
		return num(c), nil
	case "explode @":
		return in.explode(p, a[0].(*die).pmf)
	case "highest @ of @":
		return in.keep(p, a[1].(*die), 1, int(a[0].(num)), false)
	case "lowest @ of @":
		return in.keep(p, a[1].(*die), 1, int(a[0].(num)), true)
	case "middle @ of @":
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
	case "highest of @ and @":
		return num(max(a[0].(num), a[1].(num))), nil
	case "lowest of @ and @":
		return num(min(a[0].(num), a[1].(num))), nil
	case "maximum of @":
		dd := a[0].(*die)
		if dd.pmf.Empty() {
			return num(0), nil
		}
		return num(dd.pmf.Max()), nil
	case "reverse @":
		out := slices.Clone(a[0].(seq))
		slices.Reverse(out)
		return out, nil
	default: // "sort @"
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
