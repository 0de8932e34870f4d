package query

import (
	"math"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Obsidian Bases' formulas and filters: the same values and evaluator, a
// JavaScript-like syntax (Dialect Bases), functions of each type written
// as methods (name.lower()), note properties by name, file.*, formula.*
// and this.
//
// https://help.obsidian.md/bases/syntax
// https://help.obsidian.md/bases/functions

// formulaRef is the formula object of a row (formula.name).
type formulaRef struct{ r *Row }

// noteRef is the note object of a row (note.name).
type noteRef struct{ r *Row }

// SetFormulas gives the env the formulas of a base, by name.
func (e *Env) SetFormulas(f map[string]Expr) {
	e.formulas = f
	e.computed = map[*Page]map[string]Value{}
	e.inFlight = map[string]bool{}
}

// EvalRow evaluates x for the note p (a Bases filter, formula or
// property).
func (e *Env) EvalRow(x Expr, p *Page) (Value, error) { return e.eval(x, &Row{page: p}, nil) }

// NewRow is the row of a note, for EvalIn.
func NewRow(p *Page) *Row { return &Row{page: p} }

// EvalIn evaluates x in a row (the same row for each filter of a note).
func (e *Env) EvalIn(x Expr, r *Row) (Value, error) { return e.eval(x, r, nil) }

// Truthy is a value's truth in the env's dialect (JavaScript's in Bases).
func (e *Env) Truthy(v Value) bool { return e.truthy(v) }

// basesVariable is a name in a Bases expression: file, note, formula,
// this, else a note property.
func (e *Env) basesVariable(name string, r *Row) Value {
	switch name {
	case "file":
		if r != nil && r.page != nil {
			return FileInfo{p: r.page}
		}
		return nil
	case "note":
		return noteRef{r}
	case "formula":
		return formulaRef{r}
	case "this":
		return e.thisRow()
	}
	if r == nil {
		return nil
	}
	return e.basesRowField(r, name)
}

// basesRowField is a property of a note: its front matter, the name as
// written, else in any case (properties.Name is found as name).
//
// https://help.obsidian.md/bases/syntax "Note properties are properties
// defined in the note's frontmatter ... If no prefix is specified, the
// property is assumed to be a note property."
func (e *Env) basesRowField(r *Row, name string) Value {
	if r.page == nil {
		v, _ := r.vars.Get(name)
		return v
	}
	if name == "file" {
		return FileInfo{p: r.page}
	}
	return property(r.page, name)
}

func property(p *Page, name string) Value {
	if v, ok := p.Frontmatter.Get(name); ok {
		return v
	}
	return propertyFolded(p, name, strings.ToLower(name))
}

// propertyFolded is property with the name's lower case at hand.
func propertyFolded(p *Page, name, fold string) Value {
	if v, ok := p.Frontmatter.Get(name); ok {
		return v
	}
	if k, ok := p.folded[fold]; ok {
		return p.Frontmatter.vals[k]
	}
	return nil
}

// basesNames are the names that are not note properties in Bases.
var basesNames = map[string]bool{"file": true, "note": true, "formula": true, "this": true}

// formula evaluates a row's formula once, refusing a cycle.
func (e *Env) formula(x Expr, r *Row, name string) (Value, error) {
	f, ok := e.formulas[name]
	if !ok || r == nil || r.page == nil {
		return nil, nil
	}
	if v, ok := e.computed[r.page][name]; ok {
		return v, nil
	}
	key := r.page.Path + "\x00" + name
	if e.inFlight[key] {
		return nil, errAt(x, "formula.%s refers to itself", name)
	}
	e.inFlight[key] = true
	v, err := e.eval(f, r, nil)
	delete(e.inFlight, key)
	if err != nil {
		return nil, err
	}
	if e.computed[r.page] == nil {
		e.computed[r.page] = map[string]Value{}
	}
	e.computed[r.page][name] = v
	return v, nil
}

// basesFileField is file.NAME in Bases.
//
// https://help.obsidian.md/bases/functions "file.name: The name of this
// file. file.basename: The name of this file without the file extension."
func (e *Env) basesFileField(p *Page, name string) Value {
	switch name {
	case "name":
		return path.Base(p.Path)
	case "basename":
		return strings.TrimSuffix(path.Base(p.Path), "."+p.Ext())
	case "path":
		return p.Path
	case "folder":
		return p.Folder()
	case "ext":
		return p.Ext()
	case "size":
		return float64(p.Size)
	case "properties":
		return p.Frontmatter
	case "tags":
		return hashTags(p.Tags)
	case "links":
		out := List{}
		if p.Note {
			for _, l := range e.ix.Outlinks(p) {
				out = append(out, l)
			}
		}
		return out
	case "backlinks":
		out := List{}
		for _, q := range e.ix.Inlinks(p) {
			out = append(out, Link{Path: q.Path, Resolved: true})
		}
		return out
	case "ctime":
		return timeOrNull(p.CTime)
	case "mtime":
		return timeOrNull(p.MTime)
	case "file":
		return FileInfo{p: p}
	}
	return nil
}

// asLink turns files and notes into links (Bases compares a link to a
// file by where it leads).
func asLink(v Value) Value {
	switch v := v.(type) {
	case FileInfo:
		return Link{Path: v.p.Path, Resolved: true}
	case *Row:
		if v.page != nil {
			return Link{Path: v.page.Path, Resolved: true}
		}
	}
	return v
}

// method is x.name(args) in Bases.
func (e *Env) method(x *Method, r *Row, f *frame) (Value, error) {
	if v, ok := e.fixedValue(x); ok {
		return v, nil
	}
	v, err := e.callMethod(x, r, f)
	if err == nil {
		e.fix(x, v)
	}
	return v, err
}

func (e *Env) callMethod(x *Method, r *Row, f *frame) (Value, error) {
	recv, err := e.eval(x.X, r, f)
	if err != nil {
		return nil, err
	}
	if l, ok := recv.(List); ok {
		switch x.Name { // their argument is evaluated per item
		case "filter", "map", "reduce":
			return e.listLambda(x, l, r, f)
		}
	}
	args := make([]Value, len(x.Args))
	for i, a := range x.Args {
		if args[i], err = e.eval(a, r, f); err != nil {
			return nil, err
		}
	}
	switch x.Name {
	case "isTruthy":
		return jsTruthy(recv), nil
	case "isType":
		if len(args) == 1 {
			t, _ := args[0].(string)
			return basesType(recv) == t, nil
		}
	case "toString":
		return String(recv), nil
	case "isEmpty":
		switch v := recv.(type) {
		case nil:
			return true, nil
		case string:
			return v == "", nil
		case List:
			return len(v) == 0, nil
		case *Object:
			return v.Len() == 0, nil
		}
		return false, nil
	}
	switch v := recv.(type) {
	case nil:
		return nil, nil
	case string:
		return e.stringMethod(x, v, args)
	case float64:
		return numberMethod(x, v, args)
	case List:
		return e.listMethod(x, v, args)
	case time.Time:
		return dateMethod(x, v, args)
	case FileInfo:
		return e.fileMethod(x, v.p, args)
	case *Row:
		if v.page != nil {
			return e.fileMethod(x, v.page, args)
		}
	case Link:
		switch x.Name {
		case "asFile":
			if p := e.page(v); p != nil {
				return FileInfo{p: p}, nil
			}
			return nil, nil
		case "linksTo":
			if p := e.page(v); p != nil && len(args) == 1 {
				return e.hasLink(p, args[0]), nil
			}
			return false, nil
		}
	case *Object:
		switch x.Name {
		case "keys":
			out := List{}
			for _, k := range v.Keys() {
				out = append(out, k)
			}
			return out, nil
		case "values":
			out := List{}
			for _, k := range v.Keys() {
				out = append(out, v.vals[k])
			}
			return out, nil
		}
	}
	return nil, errAt(x, "unknown function %s() of %s", x.Name, basesType(recv))
}

// basesType is a value's type name in Bases (isType).
func basesType(v Value) string {
	switch v.(type) {
	case nil:
		return "null"
	case List:
		return "list"
	case FileInfo, *Row:
		return "file"
	}
	return TypeOf(v)
}

func (e *Env) stringMethod(x *Method, s string, a []Value) (Value, error) {
	strs := func() ([]string, bool) {
		out := make([]string, len(a))
		for i, v := range a {
			t, ok := v.(string)
			if !ok {
				return nil, false
			}
			out[i] = t
		}
		return out, true
	}
	ss, allText := strs()
	switch x.Name {
	case "contains":
		if allText && len(ss) == 1 {
			return strings.Contains(s, ss[0]), nil
		}
	case "containsAll", "containsAny":
		if allText {
			all, anyOf := true, false
			for _, t := range ss {
				c := strings.Contains(s, t)
				all, anyOf = all && c, anyOf || c
			}
			if x.Name == "containsAll" {
				return all, nil
			}
			return anyOf, nil
		}
	case "startsWith":
		if allText && len(ss) == 1 {
			return strings.HasPrefix(s, ss[0]), nil
		}
	case "endsWith":
		if allText && len(ss) == 1 {
			return strings.HasSuffix(s, ss[0]), nil
		}
	case "lower":
		return strings.ToLower(s), nil
	case "upper":
		return strings.ToUpper(s), nil
	case "trim":
		return strings.TrimSpace(s), nil
	case "title":
		rs := []rune(s)
		for i := range rs {
			if i == 0 || unicode.IsSpace(rs[i-1]) {
				rs[i] = unicode.ToUpper(rs[i])
			}
		}
		return string(rs), nil
	case "reverse":
		rs := []rune(s)
		slices.Reverse(rs)
		return string(rs), nil
	case "repeat":
		if len(a) == 1 {
			if n, ok := a[0].(float64); ok {
				return repeat(s, n)
			}
		}
	case "replace":
		if allText && len(ss) == 2 {
			return capText(strings.ReplaceAll(s, ss[0], ss[1]))
		}
	case "slice":
		u := utf16Units(s)
		start, end, ok := sliceArgs(a, len(u))
		if ok {
			return fromUnits(u[start:end]), nil
		}
	case "split":
		if len(a) >= 1 {
			if sep, ok := a[0].(string); ok {
				parts := strings.Split(s, sep)
				if len(a) == 2 {
					if n, ok := a[1].(float64); ok && int(n) < len(parts) {
						parts = parts[:max(0, int(n))]
					}
				}
				out := make(List, len(parts))
				for i, p := range parts {
					out[i] = p
				}
				return out, nil
			}
		}
	}
	return nil, errAt(x, "unknown function %s() of text, or wrong arguments", x.Name)
}

func sliceArgs(a []Value, n int) (int, int, bool) {
	start, end := 0, n
	if len(a) >= 1 {
		s, ok := a[0].(float64)
		if !ok {
			return 0, 0, false
		}
		start = jsIndex(int(s), n)
	}
	if len(a) == 2 {
		s, ok := a[1].(float64)
		if !ok {
			return 0, 0, false
		}
		end = jsIndex(int(s), n)
	}
	if start > end {
		start = end
	}
	return start, end, len(a) <= 2
}

func numberMethod(x *Method, f float64, a []Value) (Value, error) {
	switch x.Name {
	case "abs":
		return math.Abs(f), nil
	case "ceil":
		return math.Ceil(f), nil
	case "floor":
		return math.Floor(f), nil
	case "round":
		if len(a) == 1 {
			if d, ok := a[0].(float64); ok && d > 0 {
				return toFixed(f, int(d)), nil
			}
		}
		return jsRound(f), nil
	case "toFixed":
		p := 0.0
		if len(a) == 1 {
			p, _ = a[0].(float64)
		}
		return strconv.FormatFloat(f, 'f', min(max(int(p), 0), 100), 64), nil
	}
	return nil, errAt(x, "unknown function %s() of a number", x.Name)
}

func (e *Env) listMethod(x *Method, l List, a []Value) (Value, error) {
	has := func(v Value) bool {
		if s, ok := v.(string); ok {
			for _, item := range l {
				if t, ok := item.(string); ok && t == s {
					return true
				}
			}
			return false
		}
		v = asLink(v)
		return slices.ContainsFunc(l, func(item Value) bool { return Equal(asLink(item), v) })
	}
	if err := e.step(len(l)); err != nil {
		return nil, err
	}
	switch x.Name {
	case "contains":
		if len(a) == 1 {
			return has(a[0]), nil
		}
	case "containsAll":
		return !slices.ContainsFunc(a, func(v Value) bool { return !has(v) }), nil
	case "containsAny":
		return slices.ContainsFunc(a, has), nil
	case "flat":
		return flatten(e, l, math.MaxInt32)
	case "join":
		sep := ","
		if len(a) == 1 {
			sep, _ = a[0].(string)
		}
		parts := make([]string, len(l))
		for i, v := range l {
			parts[i] = display(v)
		}
		return capText(strings.Join(parts, sep))
	case "reverse":
		out := slices.Clone(l)
		slices.Reverse(out)
		return out, nil
	case "slice":
		start, end, ok := sliceArgs(a, len(l))
		if ok {
			return slices.Clone(l[start:end]), nil
		}
	case "sort":
		return sortBy(e, l, l, false)
	case "unique":
		return unique(e, l)
	}
	return nil, errAt(x, "unknown function %s() of a list, or wrong arguments", x.Name)
}

// listLambda is list.filter(expr), list.map(expr) and
// list.reduce(expr, acc), where expr sees value, index (and acc).
func (e *Env) listLambda(x *Method, l List, r *Row, f *frame) (Value, error) {
	if len(x.Args) < 1 || x.Name != "reduce" && len(x.Args) != 1 || x.Name == "reduce" && len(x.Args) != 2 {
		return nil, errAt(x, "%s() takes one expression", x.Name)
	}
	var acc Value
	if x.Name == "reduce" {
		var err error
		if acc, err = e.eval(x.Args[1], r, f); err != nil {
			return nil, err
		}
	}
	out := List{}
	for i, v := range l {
		fr := &frame{name: "index", v: float64(i), up: &frame{name: "value", v: v, up: f}}
		if x.Name == "reduce" {
			fr = &frame{name: "acc", v: acc, up: fr}
		}
		res, err := e.eval(x.Args[0], r, fr)
		if err != nil {
			return nil, err
		}
		switch x.Name {
		case "filter":
			if jsTruthy(res) {
				out = append(out, v)
			}
		case "map":
			out = append(out, res)
		case "reduce":
			acc = res
		}
	}
	if x.Name == "reduce" {
		return acc, nil
	}
	return out, nil
}

func dateMethod(x *Method, t time.Time, a []Value) (Value, error) {
	switch x.Name {
	case "date":
		return dayOrNull(t), nil
	case "time":
		return t.Format("15:04:05"), nil
	case "format":
		if len(a) == 1 {
			if f, ok := a[0].(string); ok {
				return FormatMoment(t, f), nil
			}
		}
	case "relative":
		return nil, errAt(x, "relative() depends on when the page is read, not built: not evaluated")
	}
	return nil, errAt(x, "unknown function %s() of a date", x.Name)
}

func (e *Env) fileMethod(x *Method, p *Page, a []Value) (Value, error) {
	switch x.Name {
	case "asLink":
		l := Link{Path: p.Path, Resolved: true}
		if len(a) == 1 {
			l.Display = display(a[0])
		}
		return l, nil
	case "hasProperty":
		if len(a) == 1 {
			name, _ := a[0].(string)
			_, ok := p.Frontmatter.Get(name)
			return ok, nil
		}
	case "hasTag":
		for _, v := range a {
			want := strings.ToLower(strings.TrimPrefix(String(v), "#"))
			for _, t := range p.Tags {
				t = strings.ToLower(t)
				if t == want || strings.HasPrefix(t, want+"/") {
					return true, nil
				}
			}
		}
		return false, nil
	case "inFolder":
		if len(a) == 1 {
			folder := strings.Trim(String(a[0]), "/")
			return folder == "" || p.Path == folder || strings.HasPrefix(p.Path, folder+"/"), nil
		}
	case "hasLink":
		if len(a) == 1 {
			return e.hasLink(p, a[0]), nil
		}
	}
	return nil, errAt(x, "unknown function %s() of a file", x.Name)
}

// hasLink reports whether note p links to other (a file, a link, a path).
func (e *Env) hasLink(p *Page, other Value) bool {
	var target *Page
	switch o := asLink(other).(type) {
	case Link:
		target = e.page(o)
	case string:
		target = e.ix.Page(o)
		if target == nil {
			target = e.ix.Resolve(o, e.this)
		}
	}
	if target == nil || !p.Note {
		return false
	}
	for _, l := range e.ix.Outlinks(p) {
		if l.Resolved && l.Path == target.Path {
			return true
		}
	}
	return false
}

// momentTokenRE finds Moment.js format tokens.
var momentTokenRE = regexp.MustCompile("\\[[^\\]]*\\]|YYYY|YY|MMMM|MMM|MM|M|DD|D|dddd|ddd|HH|H|hh|h|mm|m|ss|s|SSS|A|a")

// FormatMoment formats a date with a Moment.js format ("YYYY-MM-DD").
func FormatMoment(t time.Time, format string) string {
	return momentTokenRE.ReplaceAllStringFunc(format, func(tok string) string {
		if strings.HasPrefix(tok, "[") {
			return strings.Trim(tok, "[]")
		}
		luxon := map[string]string{"YYYY": "yyyy", "YY": "yy", "MMMM": "MMMM", "MMM": "MMM", "MM": "MM", "M": "M",
			"DD": "dd", "D": "d", "dddd": "EEEE", "ddd": "EEE", "HH": "HH", "H": "H", "hh": "hh", "h": "h",
			"mm": "mm", "m": "m", "ss": "ss", "s": "s", "SSS": "SSS"}[tok]
		switch tok {
		case "A":
			return FormatLuxon(t, "a")
		case "a":
			return strings.ToLower(FormatLuxon(t, "a"))
		}
		return FormatLuxon(t, luxon)
	})
}

// basesFuncs are Bases' global functions.
var basesFuncs map[string]*builtin

func init() { basesFuncs = basesGlobals() }

func basesGlobals() map[string]*builtin {
	return map[string]*builtin{
		"if": {name: "if", lazy: func(e *Env, x Expr, args []Expr, r *Row, f *frame) (Value, error) {
			if len(args) < 2 || len(args) > 3 {
				return nil, errAt(x, "if() takes a condition, a result and an optional other result")
			}
			c, err := e.eval(args[0], r, f)
			if err != nil {
				return nil, err
			}
			switch {
			case jsTruthy(c):
				return e.eval(args[1], r, f)
			case len(args) == 3:
				return e.eval(args[2], r, f)
			}
			return nil, nil
		}},
		"link": {name: "link", fn: func(e *Env, x Expr, a []Value) (Value, error) {
			if len(a) < 1 || len(a) > 2 {
				return nil, errAt(x, "link() takes a path and an optional display")
			}
			var l Link
			switch v := asLink(a[0]).(type) {
			case Link:
				l = v
			case string:
				if p := e.ix.Page(v); p != nil {
					l = Link{Path: p.Path, Resolved: true}
				} else if m := linkRE.FindStringSubmatch(v); m != nil {
					l = e.resolveLink(ParseLink(m[1], false))
				} else {
					l = e.resolveLink(Link{Path: v})
				}
			case nil:
				return nil, nil
			default:
				return nil, noImpl(x, "link", a)
			}
			if len(a) == 2 && a[1] != nil {
				l.Display = display(a[1])
			}
			return l, nil
		}},
		"list": {name: "list", fn: func(e *Env, x Expr, a []Value) (Value, error) {
			if len(a) != 1 {
				return nil, noImpl(x, "list", a)
			}
			if l, ok := a[0].(List); ok {
				return l, nil
			}
			return List{a[0]}, nil
		}},
		"date": {name: "date", fn: func(e *Env, x Expr, a []Value) (Value, error) {
			if !sig(a, "string") {
				if sig(a, "date") {
					return a[0], nil
				}
				return nil, noImpl(x, "date", a)
			}
			s := strings.Replace(strings.TrimSpace(a[0].(string)), " ", "T", 1)
			if t, rest, ok := scanDate(s); ok && rest == "" {
				return t, nil
			}
			return nil, errAt(x, "%q is not a date (YYYY-MM-DD HH:mm:ss)", a[0])
		}},
		"duration": {name: "duration", fn: func(e *Env, x Expr, a []Value) (Value, error) {
			if sig(a, "string") {
				if d, ok := parseBasesDuration(a[0].(string)); ok {
					return d, nil
				}
			}
			return nil, errAt(x, "duration() takes a text such as \"1d\" or \"2 hours\"")
		}},
		"now": {name: "now", fn: func(e *Env, x Expr, a []Value) (Value, error) { e.Deps.volatile(); return e.now, nil }},
		"today": {name: "today", fn: func(e *Env, x Expr, a []Value) (Value, error) {
			e.Deps.volatile()
			return dateShorthandAt("today", e.now), nil
		}},
		"number": {name: "number", fn: func(e *Env, x Expr, a []Value) (Value, error) {
			if len(a) != 1 {
				return nil, noImpl(x, "number", a)
			}
			switch v := a[0].(type) {
			case float64:
				return v, nil
			case bool:
				if v {
					return 1.0, nil
				}
				return 0.0, nil
			case time.Time:
				return float64(v.UnixMilli()), nil
			case string:
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil {
					return nil, errAt(x, "%q is not a number", v)
				}
				return f, nil
			}
			return nil, noImpl(x, "number", a)
		}},
		"max": {name: "max", fn: func(e *Env, x Expr, a []Value) (Value, error) { return extreme(x, "max", a, 1) }},
		"min": {name: "min", fn: func(e *Env, x Expr, a []Value) (Value, error) { return extreme(x, "min", a, -1) }},
		"file": {name: "file", fn: func(e *Env, x Expr, a []Value) (Value, error) {
			if len(a) != 1 {
				return nil, noImpl(x, "file", a)
			}
			switch v := asLink(a[0]).(type) {
			case Link:
				if p := e.page(v); p != nil {
					return FileInfo{p: p}, nil
				}
			case string:
				if p := e.ix.Page(v); p != nil {
					return FileInfo{p: p}, nil
				}
			}
			return nil, nil
		}},
		"image": {name: "image", fn: func(e *Env, x Expr, a []Value) (Value, error) {
			if len(a) != 1 || a[0] == nil {
				return nil, nil
			}
			var l Link
			switch v := asLink(a[0]).(type) {
			case Link:
				l = v
			default:
				l = Link{Path: display(v)}
			}
			l.Embed = true
			return l, nil
		}},
		"escapeHTML": {name: "escapeHTML", fn: func(e *Env, x Expr, a []Value) (Value, error) {
			if len(a) != 1 {
				return nil, noImpl(x, "escapeHTML", a)
			}
			return String(a[0]), nil // every text is escaped when it is shown
		}},
	}
}

func extreme(x Expr, name string, a []Value, sign int) (Value, error) {
	var best Value
	for _, v := range a {
		f, ok := v.(float64)
		if !ok {
			return nil, noImpl(x, name, a)
		}
		if best == nil || (sign > 0 && f > best.(float64)) || (sign < 0 && f < best.(float64)) {
			best = f
		}
	}
	return best, nil
}
