package anydice

import (
	"slices"

	"d6codex/rules/dice"
)

// library is AnyDice's function library, keyed like calls ("highest @ of
// @"). A program may define a function of the same name, which replaces it.
func library() map[string]*function {
	n := func(name string) param { return param{name: name, typ: 'n'} }
	s := func(name string) param { return param{name: name, typ: 's'} }
	d := func(name string) param { return param{name: name, typ: 'd'} }
	return map[string]*function{
		"absolute @": {params: []param{n("NUMBER")}, native: func(_ *interp, _ pos, a []value) (value, error) {
			v := int(a[0].(num))
			return num(max(v, -v)), nil
		}},
		"@ contains @": {params: []param{s("SEQUENCE"), n("NUMBER")}, native: func(_ *interp, _ pos, a []value) (value, error) {
			return num(b2i(slices.Contains(a[0].(seq), int(a[1].(num))))), nil
		}},
		"count @ in @": {params: []param{s("VALUES"), s("SEQUENCE")}, native: func(_ *interp, _ pos, a []value) (value, error) {
			c := 0
			for _, v := range a[0].(seq) {
				for _, x := range a[1].(seq) {
					c += b2i(v == x)
				}
			}
			return num(c), nil
		}},
		"explode @": {params: []param{d("DIE")}, native: func(in *interp, p pos, a []value) (value, error) {
			return in.explode(p, a[0].(*die).pmf)
		}},
		"highest @ of @": {params: []param{n("NUMBER"), d("DICE")}, native: func(in *interp, p pos, a []value) (value, error) {
			return in.keep(p, a[1].(*die), 1, int(a[0].(num)), false)
		}},
		"lowest @ of @": {params: []param{n("NUMBER"), d("DICE")}, native: func(in *interp, p pos, a []value) (value, error) {
			return in.keep(p, a[1].(*die), 1, int(a[0].(num)), true)
		}},
		"middle @ of @": {params: []param{n("NUMBER"), d("DICE")}, native: func(in *interp, p pos, a []value) (value, error) {
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
		}},
		"highest of @ and @": {params: []param{n("A"), n("B")}, native: func(_ *interp, _ pos, a []value) (value, error) {
			return num(max(a[0].(num), a[1].(num))), nil
		}},
		"lowest of @ and @": {params: []param{n("A"), n("B")}, native: func(_ *interp, _ pos, a []value) (value, error) {
			return num(min(a[0].(num), a[1].(num))), nil
		}},
		"maximum of @": {params: []param{d("DIE")}, native: func(_ *interp, _ pos, a []value) (value, error) {
			dd := a[0].(*die)
			if dd.pmf.Empty() {
				return num(0), nil
			}
			return num(dd.pmf.Max()), nil
		}},
		"reverse @": {params: []param{s("SEQUENCE")}, native: func(_ *interp, _ pos, a []value) (value, error) {
			out := slices.Clone(a[0].(seq))
			slices.Reverse(out)
			return out, nil
		}},
		"sort @": {params: []param{s("SEQUENCE")}, native: func(in *interp, _ pos, a []value) (value, error) {
			return sortSeq(a[0].(seq), in.lowestFirst), nil
		}},
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
