package query

import (
	"fmt"
	"hash/fnv"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// builtin is a function of the language.
type builtin struct {
	name string
	// vec: by number of arguments, the positions where a list maps the
	// function over its items (Dataview's vectorize).
	vec map[int][]int
	fn  func(e *Env, x Expr, a []Value) (Value, error)
	// lazy functions get their arguments unevaluated (Bases' filter(value > 2)).
	lazy func(e *Env, x Expr, args []Expr, r *Row, f *frame) (Value, error)
}

func (b *builtin) call(e *Env, x Expr, args []Value) (Value, error) {
	if len(args) == 0 && !noArgs[b.name] {
		return nil, noImpl(x, b.name, args)
	}
	if pos, ok := b.vec[len(args)]; ok {
		n, vec := -1, false
		for _, p := range pos {
			if l, ok := args[p].(List); ok {
				vec = true
				if n < 0 || len(l) < n {
					n = len(l)
				}
			}
		}
		if vec {
			out := make(List, 0, n)
			sub := make([]Value, len(args))
			for i := range n {
				copy(sub, args)
				for _, p := range pos {
					if l, ok := args[p].(List); ok {
						sub[p] = l[i]
					}
				}
				if err := e.step(1); err != nil {
					return nil, err
				}
				v, err := b.call(e, x, sub)
				if err != nil {
					return nil, err
				}
				out = append(out, v)
			}
			return out, nil
		}
	}
	return b.fn(e, x, args)
}

// noArgs are the functions that may be called without arguments; every
// other one needs one at least.
var noArgs = map[string]bool{"list": true, "array": true, "object": true, "hash": true, "min": true, "max": true,
	"nonnull": true, "any": true, "all": true, "none": true, "now": true, "today": true}

func noImpl(x Expr, name string, a []Value) error {
	types := make([]string, len(a))
	for i, v := range a {
		types[i] = TypeOf(v)
	}
	return errAt(x, "No implementation of '%s' found for arguments: %s", name, strings.Join(types, ", "))
}

// sig reports whether the arguments have these types ("*" any).
func sig(a []Value, types ...string) bool {
	if len(a) != len(types) {
		return false
	}
	for i, t := range types {
		if t != "*" && TypeOf(a[i]) != t {
			return false
		}
	}
	return true
}

// anyNull reports whether any argument is null (most functions give null).
func anyNull(a []Value) bool {
	return slices.ContainsFunc(a, func(v Value) bool { return v == nil })
}

func vecAll(n int) map[int][]int {
	pos := make([]int, n)
	for i := range pos {
		pos[i] = i
	}
	return map[int][]int{n: pos}
}

// dqlFuncs are Dataview's functions.
//
// https://blacksmithgu.github.io/obsidian-dataview/reference/functions/
var dqlFuncs = map[string]*builtin{}

func def(b *builtin) { dqlFuncs[b.name] = b }

func init() {
	def(&builtin{name: "object", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if len(a)%2 != 0 {
			return nil, errAt(x, "object() requires an even number of arguments")
		}
		o := NewObject()
		for i := 0; i < len(a); i += 2 {
			k, ok := a[i].(string)
			if !ok {
				return nil, errAt(x, "keys should be of type string for object(key1, value1, ...)")
			}
			o.Set(k, a[i+1])
		}
		return o, nil
	}})
	list := func(e *Env, x Expr, a []Value) (Value, error) { return List(slices.Clone(a)), nil }
	def(&builtin{name: "list", fn: list})
	def(&builtin{name: "array", fn: list})
	def(&builtin{name: "date", vec: map[int][]int{1: {0}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "string"):
			s := strings.TrimSpace(a[0].(string))
			for _, sh := range dateShorthands {
				if s == sh {
					e.Deps.volatile()
					return DateShorthand(sh), nil
				}
			}
			if t, rest, ok := scanDate(s); ok && rest == "" {
				return t, nil
			}
			return nil, nil
		case sig(a, "date"):
			return a[0], nil
		case sig(a, "link"):
			l := a[0].(Link)
			for _, s := range []string{l.Display, FileTitle(l.Path)} {
				if t, _, ok := scanDate(s); ok {
					return t, nil
				}
			}
			if p := e.page(l); p != nil {
				return fileDay(p), nil
			}
			return nil, nil
		case sig(a, "string", "string"):
			t, err := parseLuxon(a[0].(string), a[1].(string))
			if err != nil {
				return nil, errAt(x, "Can't handle format (%s) on date string (%s)", a[1], a[0])
			}
			return t, nil
		case sig(a, "null") || sig(a, "null", "string"):
			return nil, nil
		}
		return nil, noImpl(x, "date", a)
	}})
	def(&builtin{name: "dur", vec: map[int][]int{1: {0}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "string"):
			if d, rest, ok := scanDuration(strings.TrimSpace(a[0].(string))); ok && rest == "" {
				return d, nil
			}
			return nil, nil
		case sig(a, "duration") || sig(a, "null"):
			return a[0], nil
		}
		return nil, noImpl(x, "dur", a)
	}})
	def(&builtin{name: "number", vec: map[int][]int{1: {0}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "number") || sig(a, "null"):
			return a[0], nil
		case sig(a, "string"):
			m := numberAnywhereRE.FindString(a[0].(string))
			if m == "" {
				return nil, nil
			}
			f, _, _ := scanNumber(m)
			return f, nil
		}
		return nil, noImpl(x, "number", a)
	}})
	def(&builtin{name: "string", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if len(a) != 1 {
			return nil, noImpl(x, "string", a)
		}
		return String(a[0]), nil
	}})
	var link *builtin
	link = &builtin{name: "link", vec: map[int][]int{1: {0}, 2: {0, 1}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "string"):
			return e.linkTo(a[0].(string)), nil
		case sig(a, "link"):
			return a[0], nil
		case sig(a, "string", "string"):
			l := e.linkTo(a[0].(string))
			l.Display = a[1].(string)
			return l, nil
		case sig(a, "string", "string", "boolean"):
			l := e.linkTo(a[0].(string))
			l.Display, l.Embed = a[1].(string), a[2].(bool)
			return l, nil
		case sig(a, "link", "string"):
			l := a[0].(Link)
			l.Display = a[1].(string)
			return l, nil
		case len(a) >= 1 && a[0] == nil:
			return nil, nil
		case len(a) == 2 && a[1] == nil:
			return link.call(e, x, a[:1])
		}
		return nil, noImpl(x, "link", a)
	}}
	def(link)
	def(&builtin{name: "embed", vec: map[int][]int{1: {0}, 2: {0, 1}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "link"):
			l := a[0].(Link)
			l.Embed = true
			return l, nil
		case sig(a, "link", "boolean"):
			l := a[0].(Link)
			l.Embed = a[1].(bool)
			return l, nil
		case anyNull(a):
			return nil, nil
		}
		return nil, noImpl(x, "embed", a)
	}})
	def(&builtin{name: "elink", vec: map[int][]int{1: {0}, 2: {0}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "string"):
			return ExternalLink{URL: a[0].(string), Display: a[0].(string)}, nil
		case sig(a, "string", "string"):
			return ExternalLink{URL: a[0].(string), Display: a[1].(string)}, nil
		case sig(a, "string", "null"):
			return ExternalLink{URL: a[0].(string), Display: a[0].(string)}, nil
		case len(a) > 0 && a[0] == nil:
			return nil, nil
		}
		return nil, noImpl(x, "elink", a)
	}})
	def(&builtin{name: "typeof", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if len(a) != 1 {
			return nil, noImpl(x, "typeof", a)
		}
		return TypeOf(a[0]), nil
	}})
	numeric := func(name string, f func(float64) float64) {
		def(&builtin{name: name, vec: map[int][]int{1: {0}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
			switch {
			case sig(a, "number"):
				return f(a[0].(float64)), nil
			case sig(a, "null"):
				return nil, nil
			}
			return nil, noImpl(x, name, a)
		}})
	}
	numeric("trunc", math.Trunc)
	numeric("floor", math.Floor)
	numeric("ceil", math.Ceil)
	def(&builtin{name: "round", vec: map[int][]int{1: {0}, 2: {0}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "number") || sig(a, "number", "null"):
			return jsRound(a[0].(float64)), nil
		case sig(a, "number", "number"):
			p := a[1].(float64)
			if p <= 0 {
				return jsRound(a[0].(float64)), nil
			}
			return toFixed(a[0].(float64), int(p)), nil
		case len(a) > 0 && a[0] == nil:
			return nil, nil
		}
		return nil, noImpl(x, "round", a)
	}})
	var minmax func(name string, pick func(int) bool) *builtin
	minmax = func(name string, pick func(int) bool) *builtin {
		var b *builtin
		b = &builtin{name: name, fn: func(e *Env, x Expr, a []Value) (Value, error) {
			if len(a) == 1 {
				if l, ok := a[0].(List); ok {
					a = l
				}
			}
			var best Value
			for i, v := range a {
				if err := e.step(1); err != nil {
					return nil, err
				}
				switch {
				case i == 0 || best == nil:
					best = v
				case v == nil:
				case pick(Compare(v, best)):
					best = v
				}
			}
			return best, nil
		}}
		return b
	}
	def(minmax("min", func(c int) bool { return c < 0 }))
	def(minmax("max", func(c int) bool { return c > 0 }))
	def(&builtin{name: "reduce", vec: map[int][]int{2: {1}}, fn: reduce})
	def(&builtin{name: "sum", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if sig(a, "array") {
			return reduce(e, x, []Value{a[0], "+"})
		}
		if len(a) == 1 {
			return a[0], nil
		}
		return nil, noImpl(x, "sum", a)
	}})
	def(&builtin{name: "product", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if sig(a, "array") {
			return reduce(e, x, []Value{a[0], "*"})
		}
		if len(a) == 1 {
			return a[0], nil
		}
		return nil, noImpl(x, "product", a)
	}})
	def(&builtin{name: "average", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if sig(a, "array") {
			l := a[0].(List)
			if len(l) == 0 {
				return nil, nil
			}
			s, err := reduce(e, x, []Value{l, "+"})
			if err != nil || s == nil {
				return nil, err
			}
			return binary(x, "/", s, float64(len(l)), e)
		}
		if len(a) == 1 {
			return a[0], nil
		}
		return nil, noImpl(x, "average", a)
	}})
	by := func(name string, pick func(int) bool) {
		def(&builtin{name: name, fn: func(e *Env, x Expr, a []Value) (Value, error) {
			if len(a) == 2 && a[0] == nil {
				return nil, nil
			}
			l, ok := a[0].(List)
			if len(a) != 2 || !ok {
				return nil, noImpl(x, name, a)
			}
			if len(l) == 0 {
				return nil, nil
			}
			var best, bestKey Value
			found := false
			for _, v := range l {
				k, err := e.callValue(x, a[1], v)
				if err != nil {
					return nil, err
				}
				if k == nil {
					continue
				}
				if !found || pick(Compare(k, bestKey)) {
					best, bestKey, found = v, k, true
				}
			}
			if !found {
				return l[0], nil
			}
			return best, nil
		}})
	}
	by("minby", func(c int) bool { return c < 0 })
	by("maxby", func(c int) bool { return c > 0 })
	def(&builtin{name: "contains", vec: map[int][]int{2: {1}}, fn: containsFn(false)})
	def(&builtin{name: "icontains", vec: map[int][]int{2: {1}}, fn: containsFn(true)})
	def(&builtin{name: "econtains", vec: map[int][]int{2: {1}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "array", "*"):
			return slices.ContainsFunc(a[0].(List), func(v Value) bool { return Equal(a[1], v) }), nil
		case sig(a, "string", "string"):
			return strings.Contains(a[0].(string), a[1].(string)), nil
		case sig(a, "object", "string"):
			_, ok := objGet(a[0], a[1].(string))
			return ok, nil
		case len(a) == 2:
			return Equal(a[0], a[1]), nil
		}
		return nil, noImpl(x, "econtains", a)
	}})
	def(&builtin{name: "containsword", vec: map[int][]int{2: {0, 1}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "string", "string"):
			re, err := e.regexp(x, `(?i)\b`+regexpQuote(a[1].(string))+`\b`)
			if err != nil {
				return nil, err
			}
			return re.MatchString(a[0].(string)), nil
		case len(a) == 2 && anyNull(a):
			return nil, nil
		}
		return nil, noImpl(x, "containsword", a)
	}})
	def(&builtin{name: "extract", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if len(a) == 0 {
			return nil, noImpl(x, "extract", a)
		}
		o := NewObject()
		for _, k := range a[1:] {
			ks, ok := k.(string)
			if !ok {
				return nil, errAt(x, "extract(object, key1, ...) must be called with string keys")
			}
			v, err := e.index(x, a[0], ks)
			if err != nil {
				return nil, err
			}
			o.Set(ks, v)
		}
		return o, nil
	}})
	def(&builtin{name: "sort", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		l, ok := a[0].(List)
		switch {
		case len(a) == 1 && !ok:
			return a[0], nil
		case !ok || len(a) > 2:
			return nil, noImpl(x, "sort", a)
		}
		keys := l
		if len(a) == 2 {
			keys = make(List, len(l))
			for i, v := range l {
				k, err := e.callValue(x, a[1], v)
				if err != nil {
					return nil, err
				}
				keys[i] = k
			}
		}
		return sortBy(e, l, keys, false)
	}})
	def(&builtin{name: "reverse", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if len(a) != 1 {
			return nil, noImpl(x, "reverse", a)
		}
		switch v := a[0].(type) {
		case List:
			out := slices.Clone(v)
			slices.Reverse(out)
			return out, nil
		case string:
			r := []rune(v)
			slices.Reverse(r)
			return string(r), nil
		}
		return a[0], nil
	}})
	def(&builtin{name: "length", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "array"):
			return float64(len(a[0].(List))), nil
		case sig(a, "object"):
			return float64(objLen(a[0])), nil
		case sig(a, "string"):
			return float64(runeLen(a[0].(string))), nil
		case sig(a, "null"):
			return 0.0, nil
		}
		return nil, noImpl(x, "length", a)
	}})
	def(&builtin{name: "nonnull", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if sig(a, "array") {
			a = a[0].(List)
		}
		out := List{}
		for _, v := range a {
			if v != nil {
				out = append(out, v)
			}
		}
		return out, nil
	}})
	def(&builtin{name: "firstvalue", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if sig(a, "array") {
			for _, v := range a[0].(List) {
				if v != nil {
					return v, nil
				}
			}
			return nil, nil
		}
		if sig(a, "null") {
			return nil, nil
		}
		return nil, noImpl(x, "firstvalue", a)
	}})
	quantifier := func(name string, result func(anyTrue, allTrue bool) bool) {
		def(&builtin{name: name, fn: func(e *Env, x Expr, a []Value) (Value, error) {
			items := a // any(a, b, c)
			var f Value
			if len(a) == 0 {
				return result(false, true), nil
			}
			if l, ok := a[0].(List); ok && len(a) <= 2 {
				items = l // any(list) and any(list, predicate)
				if len(a) == 2 {
					f = a[1]
				}
			}
			anyTrue, allTrue := false, true
			for _, v := range items {
				if f != nil {
					var err error
					if v, err = e.callValue(x, f, v); err != nil {
						return nil, err
					}
				}
				t := Truthy(v)
				anyTrue, allTrue = anyTrue || t, allTrue && t
			}
			return result(anyTrue, allTrue), nil
		}})
	}
	quantifier("any", func(anyTrue, _ bool) bool { return anyTrue })
	quantifier("all", func(_, allTrue bool) bool { return allTrue })
	quantifier("none", func(anyTrue, _ bool) bool { return !anyTrue })
	def(&builtin{name: "join", vec: map[int][]int{2: {1}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		sep := ", "
		if len(a) == 2 {
			if s, ok := a[1].(string); ok {
				sep = s
			} else if a[1] != nil {
				return nil, noImpl(x, "join", a)
			}
		}
		l, ok := a[0].(List)
		if !ok {
			return String(a[0]), nil
		}
		parts := make([]string, len(l))
		n := 0
		for i, v := range l {
			parts[i] = String(v)
			n += len(parts[i]) + len(sep)
			if n > MaxString {
				return nil, &BudgetError{fmt.Sprintf("a text of more than %d characters", MaxString)}
			}
		}
		return strings.Join(parts, sep), nil
	}})
	def(&builtin{name: "filter", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if len(a) == 2 && a[0] == nil {
			return nil, nil
		}
		l, ok := a[0].(List)
		if len(a) != 2 || !ok {
			return nil, noImpl(x, "filter", a)
		}
		out := List{}
		for _, v := range l {
			t, err := e.callValue(x, a[1], v)
			if err != nil {
				return nil, err
			}
			if Truthy(t) {
				out = append(out, v)
			}
		}
		return out, nil
	}})
	def(&builtin{name: "map", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if len(a) == 2 && a[0] == nil {
			return nil, nil
		}
		l, ok := a[0].(List)
		if len(a) != 2 || !ok {
			return nil, noImpl(x, "map", a)
		}
		out := make(List, len(l))
		for i, v := range l {
			m, err := e.callValue(x, a[1], v)
			if err != nil {
				return nil, err
			}
			out[i] = m
		}
		return out, nil
	}})
	def(&builtin{name: "flat", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if sig(a, "null") {
			return nil, nil
		}
		l, ok := a[0].(List)
		depth := 1
		if len(a) == 2 {
			d, ok := a[1].(float64)
			if !ok {
				return nil, noImpl(x, "flat", a)
			}
			depth = int(d)
		}
		if !ok || len(a) > 2 {
			return nil, noImpl(x, "flat", a)
		}
		return flatten(e, l, depth)
	}})
	def(&builtin{name: "slice", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if sig(a, "null") {
			return nil, nil
		}
		l, ok := a[0].(List)
		if !ok {
			return nil, noImpl(x, "slice", a)
		}
		start, end := 0, len(l)
		if len(a) >= 2 {
			s, ok := a[1].(float64)
			if !ok {
				return nil, noImpl(x, "slice", a)
			}
			start = jsIndex(int(s), len(l))
		}
		if len(a) == 3 {
			s, ok := a[2].(float64)
			if !ok {
				return nil, noImpl(x, "slice", a)
			}
			end = jsIndex(int(s), len(l))
		}
		if start >= end {
			return List{}, nil
		}
		return slices.Clone(l[start:end]), nil
	}})
	def(&builtin{name: "unique", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if sig(a, "null") {
			return nil, nil
		}
		l, ok := a[0].(List)
		if !ok || len(a) != 1 {
			return nil, noImpl(x, "unique", a)
		}
		return unique(e, l)
	}})
	def(&builtin{name: "regextest", vec: map[int][]int{2: {0, 1}}, fn: regexFn("regextest", false)})
	def(&builtin{name: "regexmatch", vec: map[int][]int{2: {0, 1}}, fn: regexFn("regexmatch", true)})
	def(&builtin{name: "regexreplace", vec: vecAll(3), fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "string", "string", "string"):
			re, err := e.regexp(x, a[1].(string))
			if err != nil {
				return nil, err
			}
			return capText(re.ReplaceAllString(a[0].(string), jsReplacement(a[2].(string))))
		case len(a) == 3 && anyNull(a):
			return nil, nil
		}
		return nil, noImpl(x, "regexreplace", a)
	}})
	def(&builtin{name: "replace", vec: vecAll(3), fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "string", "string", "string"):
			return capText(strings.ReplaceAll(a[0].(string), a[1].(string), a[2].(string)))
		case len(a) == 3 && anyNull(a):
			return nil, nil
		}
		return nil, noImpl(x, "replace", a)
	}})
	textFn := func(name string, f func(string) string) {
		def(&builtin{name: name, vec: map[int][]int{1: {0}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
			switch {
			case sig(a, "string"):
				return f(a[0].(string)), nil
			case sig(a, "null"):
				return nil, nil
			}
			return nil, noImpl(x, name, a)
		}})
	}
	textFn("lower", strings.ToLower)
	textFn("upper", strings.ToUpper)
	def(&builtin{name: "split", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "string", "string") || sig(a, "string", "string", "number"):
			re, err := e.regexp(x, a[1].(string))
			if err != nil {
				return nil, err
			}
			parts := re.Split(a[0].(string), -1)
			if len(a) == 3 && int(a[2].(float64)) < len(parts) {
				parts = parts[:max(0, int(a[2].(float64)))]
			}
			out := make(List, len(parts))
			for i, s := range parts {
				out[i] = s
			}
			return out, nil
		case (len(a) == 2 || len(a) == 3) && anyNull(a):
			return nil, nil
		}
		return nil, noImpl(x, "split", a)
	}})
	affix := func(name string, f func(string, string) bool) {
		def(&builtin{name: name, vec: map[int][]int{2: {0, 1}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
			switch {
			case sig(a, "string", "string"):
				return f(a[0].(string), a[1].(string)), nil
			case len(a) == 2 && anyNull(a):
				return nil, nil
			}
			return nil, noImpl(x, name, a)
		}})
	}
	affix("startswith", strings.HasPrefix)
	affix("endswith", strings.HasSuffix)
	pad := func(name string, left bool) {
		def(&builtin{name: name, vec: map[int][]int{2: {0, 1}, 3: {0, 1, 2}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
			switch {
			case sig(a, "string", "number"):
				return padText(a[0].(string), a[1].(float64), " ", left)
			case sig(a, "string", "number", "string"):
				return padText(a[0].(string), a[1].(float64), a[2].(string), left)
			case (len(a) == 2 || len(a) == 3) && anyNull(a):
				return nil, nil
			}
			return nil, noImpl(x, name, a)
		}})
	}
	pad("padleft", true)
	pad("padright", false)
	def(&builtin{name: "substring", vec: map[int][]int{2: {0, 1}, 3: {0, 1, 2}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "string", "number") || sig(a, "string", "number", "number"):
			u := utf16Units(a[0].(string))
			start, end := int(a[1].(float64)), len(u)
			if len(a) == 3 {
				end = int(a[2].(float64))
			}
			start, end = min(max(start, 0), len(u)), min(max(end, 0), len(u))
			if start > end {
				start, end = end, start
			}
			return fromUnits(u[start:end]), nil
		case (len(a) == 2 || len(a) == 3) && anyNull(a):
			return nil, nil
		}
		return nil, noImpl(x, "substring", a)
	}})
	def(&builtin{name: "truncate", vec: map[int][]int{2: {0, 1}, 3: {0, 1, 2}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "string", "number"):
			a = append(a, "...")
			fallthrough
		case sig(a, "string", "number", "string"):
			s, n, suffix := a[0].(string), int(a[1].(float64)), a[2].(string)
			u := utf16Units(s)
			keep := n - runeLen(suffix)
			if len(u) > keep {
				return fromUnits(u[:max(0, keep)]) + suffix, nil
			}
			return s, nil
		case (len(a) == 2 || len(a) == 3) && anyNull(a):
			return nil, nil
		}
		return nil, noImpl(x, "truncate", a)
	}})
	dflt := func(e *Env, x Expr, a []Value) (Value, error) {
		if len(a) != 2 {
			return nil, noImpl(x, "default", a)
		}
		if a[0] == nil {
			return a[1], nil
		}
		return a[0], nil
	}
	def(&builtin{name: "default", vec: map[int][]int{2: {0, 1}}, fn: dflt})
	def(&builtin{name: "ldefault", fn: dflt})
	def(&builtin{name: "display", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if len(a) != 1 {
			return nil, noImpl(x, "display", a)
		}
		return display(a[0]), nil
	}})
	def(&builtin{name: "choice", vec: map[int][]int{3: {0}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if len(a) != 3 {
			return nil, noImpl(x, "choice", a)
		}
		if Truthy(a[0]) {
			return a[1], nil
		}
		return a[2], nil
	}})
	def(&builtin{name: "striptime", vec: map[int][]int{1: {0}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "date"):
			return dayOrNull(a[0].(time.Time)), nil
		case sig(a, "null"):
			return nil, nil
		}
		return nil, noImpl(x, "striptime", a)
	}})
	def(&builtin{name: "dateformat", vec: map[int][]int{2: {0}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "date", "string"):
			return FormatLuxon(a[0].(time.Time), a[1].(string)), nil
		case sig(a, "null", "string"):
			return nil, nil
		}
		return nil, noImpl(x, "dateformat", a)
	}})
	def(&builtin{name: "durationformat", vec: map[int][]int{2: {0}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "duration", "string"):
			return formatDurationLuxon(a[0].(Duration), a[1].(string)), nil
		case sig(a, "null", "string"):
			return nil, nil
		}
		return nil, noImpl(x, "durationformat", a)
	}})
	def(&builtin{name: "localtime", vec: map[int][]int{1: {0}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if sig(a, "date") || sig(a, "null") {
			return a[0], nil
		}
		return nil, noImpl(x, "localtime", a)
	}})
	def(&builtin{name: "currencyformat", vec: map[int][]int{2: {0}}, fn: func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "number"):
			return currency(a[0].(float64), "USD"), nil
		case sig(a, "number", "string"):
			return currency(a[0].(float64), a[1].(string)), nil
		case len(a) >= 1 && a[0] == nil:
			return nil, nil
		}
		return nil, noImpl(x, "currencyformat", a)
	}})
	def(&builtin{name: "hash", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		h := fnv.New64a()
		for _, v := range a {
			h.Write([]byte(String(v)))
			h.Write([]byte{0})
		}
		return float64(h.Sum64() >> 11), nil
	}})
	def(&builtin{name: "meta", fn: func(e *Env, x Expr, a []Value) (Value, error) {
		if !sig(a, "link") {
			return nil, noImpl(x, "meta", a)
		}
		l := a[0].(Link)
		o := NewObject()
		o.Set("display", nilIfEmpty(l.Display))
		o.Set("embed", l.Embed)
		o.Set("path", l.Path)
		o.Set("subpath", nilIfEmpty(l.Subpath))
		o.Set("type", [...]string{"file", "header", "block"}[l.Type])
		return o, nil
	}})
}

func nilIfEmpty(s string) Value {
	if s == "" {
		return nil
	}
	return s
}

func objGet(o Value, k string) (Value, bool) {
	switch o := o.(type) {
	case *Object:
		return o.Get(k)
	case *Row:
		if v, ok := o.vars.Get(k); ok {
			return v, true
		}
		if o.page != nil {
			if k == "file" {
				return FileInfo{p: o.page, member: o.member}, true
			}
			return o.page.Fields.Get(k)
		}
	}
	return nil, false
}

func objLen(o Value) int {
	switch o := o.(type) {
	case *Object:
		return o.Len()
	case *Row:
		n := o.vars.Len()
		if o.page != nil {
			n += 1 + o.page.Fields.Len()
		}
		return n
	}
	return 0
}

// containsFn is contains(): an item of a list, a part of a text, a key
// of an object; icontains ignores case.
func containsFn(fold bool) func(e *Env, x Expr, a []Value) (Value, error) {
	var f func(e *Env, x Expr, a []Value) (Value, error)
	f = func(e *Env, x Expr, a []Value) (Value, error) {
		if len(a) != 2 {
			return nil, noImpl(x, "contains", a)
		}
		switch h := a[0].(type) {
		case List:
			for _, v := range h {
				if err := e.step(1); err != nil {
					return nil, err
				}
				c, err := f(e, x, []Value{v, a[1]})
				if err != nil {
					return nil, err
				}
				if c == true {
					return true, nil
				}
			}
			return false, nil
		case string:
			if n, ok := a[1].(string); ok {
				if fold {
					return strings.Contains(strings.ToLower(h), strings.ToLower(n)), nil
				}
				return strings.Contains(h, n), nil
			}
		case *Object, *Row:
			if n, ok := a[1].(string); ok {
				_, has := objGet(h, n)
				return has, nil
			}
		}
		return Equal(a[0], a[1]), nil
	}
	return f
}

// reduce folds a list with an operator ("+") or a function, skipping
// nulls after the first item (Dataview's reduce).
func reduce(e *Env, x Expr, a []Value) (Value, error) {
	if len(a) == 2 && anyNull(a) {
		return nil, nil
	}
	l, ok := a[0].(List)
	if len(a) != 2 || !ok {
		return nil, noImpl(x, "reduce", a)
	}
	if len(l) == 0 {
		return nil, nil
	}
	acc := l[0]
	for _, v := range l[1:] {
		if err := e.step(1); err != nil {
			return nil, err
		}
		var err error
		switch op := a[1].(type) {
		case string:
			switch op {
			case "+", "-", "*", "/", "&", "|":
			default:
				return nil, errAt(x, "reduce(array, op) supports '+', '-', '/', '*', '&', and '|'")
			}
			acc, err = binary(x, op, acc, v, e)
		default:
			if v == nil {
				continue
			}
			acc, err = e.callValue(x, op, acc, v)
		}
		if err != nil {
			return nil, err
		}
	}
	return acc, nil
}

// sortBy sorts items by their keys (stable), as Dataview's SORT: a key
// less than another comes first.
func sortBy(e *Env, items, keys List, desc bool) (List, error) {
	idx := make([]int, len(items))
	for i := range idx {
		idx[i] = i
	}
	var err error
	slices.SortStableFunc(idx, func(i, j int) int {
		if err == nil {
			err = e.step(1)
		}
		c := Compare(keys[i], keys[j])
		if desc {
			c = -c
		}
		return c
	})
	if err != nil {
		return nil, err
	}
	out := make(List, len(items))
	for i, k := range idx {
		out[i] = items[k]
	}
	return out, nil
}

func flatten(e *Env, l List, depth int) (List, error) {
	out := List{}
	for _, v := range l {
		if err := e.step(1); err != nil {
			return nil, err
		}
		if sub, ok := v.(List); ok && depth > 0 {
			f, err := flatten(e, sub, depth-1)
			if err != nil {
				return nil, err
			}
			out = append(out, f...)
		} else {
			out = append(out, v)
		}
		if len(out) > MaxList {
			return nil, &BudgetError{fmt.Sprintf("a list of more than %d items", MaxList)}
		}
	}
	return out, nil
}

func unique(e *Env, l List) (List, error) {
	out := List{}
	for _, v := range l {
		if err := e.step(len(out) + 1); err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(out, func(o Value) bool { return Equal(o, v) }) {
			out = append(out, v)
		}
	}
	return out, nil
}

// jsIndex is a slice index as JavaScript reads one (negative from the end).
func jsIndex(i, n int) int {
	if i < 0 {
		i += n
	}
	return min(max(i, 0), n)
}

// jsRound is JavaScript's Math.round: halves up.
func jsRound(f float64) float64 { return math.Floor(f + 0.5) }

// toFixed rounds to p decimals as parseFloat(n.toFixed(p)) does.
func toFixed(f float64, p int) float64 {
	s := fmt.Sprintf("%.*f", min(p, 100), f)
	var out float64
	fmt.Sscan(s, &out)
	return out
}

func capText(s string) (Value, error) {
	if len(s) > MaxString {
		return nil, &BudgetError{fmt.Sprintf("a text of more than %d characters", MaxString)}
	}
	return s, nil
}

// padText is JavaScript's padStart and padEnd, counting UTF-16 units.
func padText(s string, n float64, pad string, left bool) (Value, error) {
	if n > MaxString {
		return nil, &BudgetError{fmt.Sprintf("a text of more than %d characters", MaxString)}
	}
	have := runeLen(s)
	if int(n) <= have || pad == "" {
		return s, nil
	}
	need := int(n) - have
	pu := utf16Units(pad)
	fill := make([]uint16, 0, need)
	for len(fill) < need {
		fill = append(fill, pu[:min(len(pu), need-len(fill))]...)
	}
	if left {
		return fromUnits(fill) + s, nil
	}
	return s + fromUnits(fill), nil
}

func utf16Units(s string) []uint16 {
	out := make([]uint16, 0, len(s))
	for _, r := range s {
		if r >= 0x10000 {
			r -= 0x10000
			out = append(out, uint16(0xD800+(r>>10)), uint16(0xDC00+(r&0x3FF)))
		} else {
			out = append(out, uint16(r))
		}
	}
	return out
}

func fromUnits(u []uint16) string {
	var b strings.Builder
	for i := 0; i < len(u); i++ {
		c := rune(u[i])
		if c >= 0xD800 && c < 0xDC00 && i+1 < len(u) && u[i+1] >= 0xDC00 && u[i+1] < 0xE000 {
			c = 0x10000 + (c-0xD800)<<10 + rune(u[i+1]-0xDC00)
			i++
		} else if c >= 0xD800 && c < 0xE000 {
			c = utf8.RuneError
		}
		b.WriteRune(c)
	}
	return b.String()
}

func regexpQuote(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`\.+*?()|[]{}^$`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// jsReplacement turns a JavaScript replacement ($1, $&) into Go's (${1}).
func jsReplacement(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '$' && i+1 < len(s) {
			switch c := s[i+1]; {
			case c >= '0' && c <= '9':
				j := i + 1
				for j < len(s) && s[j] >= '0' && s[j] <= '9' && j < i+3 {
					j++
				}
				b.WriteString("${" + s[i+1:j] + "}")
				i = j - 1
				continue
			case c == '&':
				b.WriteString("${0}")
				i++
				continue
			case c == '$':
				b.WriteString("$$")
				i++
				continue
			}
		}
		if s[i] == '$' {
			b.WriteString("$$")
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func regexFn(name string, whole bool) func(e *Env, x Expr, a []Value) (Value, error) {
	return func(e *Env, x Expr, a []Value) (Value, error) {
		switch {
		case sig(a, "string", "string"):
			pat := a[0].(string)
			if whole && !strings.HasPrefix(pat, "^") && !strings.HasSuffix(pat, "$") {
				pat = "^(?:" + pat + ")$"
			}
			re, err := e.regexp(x, pat)
			if err != nil {
				return nil, err
			}
			return re.MatchString(a[1].(string)), nil
		case len(a) == 2 && anyNull(a):
			return false, nil
		}
		return nil, noImpl(x, name, a)
	}
}

// display is a value as plain text: a link's display or file name.
func display(v Value) string {
	switch v := v.(type) {
	case nil:
		return ""
	case List:
		parts := make([]string, len(v))
		for i, e := range v {
			parts[i] = display(e)
		}
		return strings.Join(parts, ", ")
	case Link:
		if v.Display != "" {
			return v.Display
		}
		s := FileTitle(v.Path)
		if v.Type != LinkFile {
			s += " > " + v.Subpath
		}
		return s
	}
	return String(v)
}

func currency(f float64, code string) string {
	sym := map[string]string{"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥"}[code]
	if sym == "" {
		sym = code + " "
	}
	neg := f < 0
	s := fmt.Sprintf("%.2f", math.Abs(f))
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	out := sym + b.String() + "." + frac
	if neg {
		out = "-" + out
	}
	return out
}

// numberAnywhereRE finds the first number in a text (number("12 gp")).
var numberAnywhereRE = regexp.MustCompile(`-?[0-9]+(\.[0-9]+)?`)
