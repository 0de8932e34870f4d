package query

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"
	"time"
)

// DefaultBudget is the number of evaluation steps a query may take: every
// node evaluated, every item a function or a sort goes through, is one.
// A query past it stops with a BudgetError instead of holding the build.
const DefaultBudget = 20_000_000

// Bounds on what one query may build, so that no query holds more memory
// than a page's worth.
const (
	MaxRows   = 100_000 // rows between commands (FLATTEN multiplies them)
	MaxString = 1 << 20 // characters of one text ("x" * n, padleft)
	MaxList   = 1 << 20 // items of one list
)

// EvalError is a problem evaluating an expression, at a byte offset of
// the query's text.
type EvalError struct {
	Pos int
	Msg string
}

func (e *EvalError) Error() string { return e.Msg }

// BudgetError says a query took more steps than its budget, or built
// more than a bound allows; it stops the whole query.
type BudgetError struct{ Msg string }

func (e *BudgetError) Error() string { return e.Msg }

// Env evaluates the expressions of one query, inline query or Bases view
// in the page it is written in.
type Env struct {
	ix      *Index
	this    *Page
	dialect Dialect
	now     time.Time
	steps   int
	budget  int
	// Deps records what the query read.
	Deps *Deps
	// Bases: the base's formulas, and each row's computed ones.
	formulas map[string]Expr
	computed map[*Page]map[string]Value
	inFlight map[string]bool
	regexps  map[string]*regexp.Regexp
	thisRowV *Row
	// What does not depend on the row (this.level, a literal's field) is
	// evaluated once a query: rowFree says which nodes, fixed their values.
	rowFree map[Expr]bool
	fixed   map[Expr]Value
	// The Bases properties read of the last row, read once a row.
	propPage *Page
	propVars []*Var
	propVals []Value
}

// NewEnv returns an evaluator for queries written in page this (nil for
// none) over the vault ix, with DefaultBudget, at time now (what
// date(today) and now() mean).
func NewEnv(ix *Index, this *Page, d Dialect, now time.Time) *Env {
	e := &Env{ix: ix, this: this, dialect: d, now: now, budget: DefaultBudget, Deps: &Deps{}}
	e.Deps.page(this)
	return e
}

// SetBudget changes the step budget (tests).
func (e *Env) SetBudget(n int) { e.budget = n }

// Steps is the number of steps taken so far.
func (e *Env) Steps() int { return e.steps }

func (e *Env) step(n int) error {
	e.steps += n
	if e.steps > e.budget {
		return &BudgetError{fmt.Sprintf("the query takes more than %d steps: narrow it (FROM, WHERE, LIMIT)", e.budget)}
	}
	return nil
}

// frame is a variable of a lambda (or Bases' value, index, acc).
type frame struct {
	name string
	v    Value
	up   *frame
}

func (f *frame) lookup(name string) (Value, bool) {
	for ; f != nil; f = f.up {
		if f.name == name {
			return f.v, true
		}
	}
	return nil, false
}

// Eval evaluates an expression outside any row: an inline query, where
// this is the page.
func (e *Env) Eval(x Expr) (Value, error) { return e.eval(x, e.thisRow(), nil) }

func (e *Env) thisRow() *Row {
	if e.thisRowV == nil {
		e.thisRowV = &Row{page: e.this}
	}
	return e.thisRowV
}

func errAt(x Expr, format string, args ...any) error {
	return &EvalError{Pos: x.At(), Msg: fmt.Sprintf(format, args...)}
}

func (e *Env) eval(x Expr, r *Row, f *frame) (Value, error) {
	if err := e.step(1); err != nil {
		return nil, err
	}
	switch x := x.(type) {
	case *Lit:
		if x.Clock {
			e.Deps.volatile()
		}
		if l, ok := x.V.(Link); ok && !l.Resolved {
			return e.resolveLink(l), nil
		}
		return x.V, nil
	case *Var:
		if e.dialect == Bases && r != nil && r.page != nil {
			if _, ok := f.lookup(x.Name); !ok && !basesNames[x.Name] {
				return e.rowProperty(r.page, x), nil
			}
		}
		return e.variable(x.Name, r, f), nil
	case *Not:
		v, err := e.eval(x.X, r, f)
		if err != nil {
			return nil, err
		}
		return !e.truthy(v), nil
	case *Neg:
		v, err := e.eval(x.X, r, f)
		if err != nil {
			return nil, err
		}
		return binary(x, "-", 0.0, v, e)
	case *Binary:
		l, err := e.eval(x.L, r, f)
		if err != nil {
			return nil, err
		}
		if e.dialect == Bases { // JavaScript's && and || stop early
			switch {
			case x.Op == "&" && !jsTruthy(l):
				return false, nil
			case x.Op == "|" && jsTruthy(l):
				return true, nil
			}
		}
		rv, err := e.eval(x.R, r, f)
		if err != nil {
			return nil, err
		}
		return binary(x, x.Op, l, rv, e)
	case *ListLit:
		out := make(List, 0, len(x.Elems))
		for _, el := range x.Elems {
			v, err := e.eval(el, r, f)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case *ObjLit:
		o := NewObject()
		for i, k := range x.Keys {
			v, err := e.eval(x.Vals[i], r, f)
			if err != nil {
				return nil, err
			}
			o.Set(k, v)
		}
		return o, nil
	case *LambdaLit:
		return &Lambda{Params: x.Params, Body: x.Body, env: f, row: r}, nil
	case *IndexExpr:
		if v, ok := e.fixedValue(x); ok {
			return v, nil
		}
		if v, ok := x.X.(*Var); ok && v.Name == "row" && e.dialect == DQL {
			key, err := e.eval(x.Key, r, f)
			if err != nil {
				return nil, err
			}
			s, ok := key.(string)
			if !ok {
				return nil, errAt(x, "row[...] takes a field name")
			}
			return e.variable(s, r, f), nil
		}
		obj, err := e.eval(x.X, r, f)
		if err != nil {
			return nil, err
		}
		key, err := e.eval(x.Key, r, f)
		if err != nil {
			return nil, err
		}
		v, err := e.index(x, obj, key)
		if err == nil {
			e.fix(x, v)
		}
		return v, err
	case *Call:
		return e.call(x, r, f)
	case *Method:
		return e.method(x, r, f)
	}
	return nil, errAt(x, "cannot evaluate %T", x)
}

// rowProperty is a note property of a row, looked up once a row.
func (e *Env) rowProperty(p *Page, x *Var) Value {
	if e.propPage != p {
		e.propPage, e.propVars, e.propVals = p, e.propVars[:0], e.propVals[:0]
	}
	for i, v := range e.propVars {
		if v.Name == x.Name {
			return e.propVals[i]
		}
	}
	v := propertyFolded(p, x.Name, x.fold)
	e.propVars, e.propVals = append(e.propVars, x), append(e.propVals, v)
	return v
}

// fixedValue returns the value of a node that does not depend on the
// row, once it was evaluated.
func (e *Env) fixedValue(x Expr) (Value, bool) {
	v, ok := e.fixed[x]
	return v, ok
}

// fix keeps the value of a node that does not depend on the row.
func (e *Env) fix(x Expr, v Value) {
	if !e.isRowFree(x) {
		return
	}
	if e.fixed == nil {
		e.fixed = map[Expr]Value{}
	}
	e.fixed[x] = v
}

// isRowFree reports whether a node's value is the same for every row:
// it reads only this and literals.
func (e *Env) isRowFree(x Expr) bool {
	if free, ok := e.rowFree[x]; ok {
		return free
	}
	free := false
	switch x := x.(type) {
	case *Lit:
		free = true
	case *Var:
		free = x.Name == "this"
	case *IndexExpr:
		free = e.isRowFree(x.X) && e.isRowFree(x.Key)
	case *Method:
		free = e.isRowFree(x.X)
		for _, a := range x.Args {
			free = free && e.isRowFree(a)
		}
	}
	if e.rowFree == nil {
		e.rowFree = map[Expr]bool{}
	}
	e.rowFree[x] = free
	return free
}

func (e *Env) truthy(v Value) bool {
	if e.dialect == Bases {
		return jsTruthy(v)
	}
	return Truthy(v)
}

// variable looks a name up: a lambda's parameter, a name the row was
// given (FLATTEN, GROUP BY), the row's file and fields, then this.
func (e *Env) variable(name string, r *Row, f *frame) Value {
	if v, ok := f.lookup(name); ok {
		return v
	}
	if e.dialect == Bases {
		return e.basesVariable(name, r)
	}
	if r != nil {
		if v, ok := e.rowField(r, name); ok {
			return v
		}
	}
	if name == "this" {
		return e.thisRow()
	}
	return nil
}

// rowField is a field of a row: its own names, then file, then the
// page's fields.
func (e *Env) rowField(r *Row, name string) (Value, bool) {
	if v, ok := r.vars.Get(name); ok {
		return v, true
	}
	if r.page == nil {
		return nil, false
	}
	if name == "file" {
		return FileInfo{p: r.page, member: r.member}, true
	}
	return r.page.Fields.Get(name)
}

// resolveLink resolves a link written in the query, from this page.
func (e *Env) resolveLink(l Link) Link {
	if l.Path == "" && e.this != nil { // [[]] and [[#]]: this page
		l.Path, l.Resolved = e.this.Path, true
		return l
	}
	e.Deps.Target(l.Path)
	if p := e.ix.Resolve(l.Path, e.this); p != nil {
		l.Path, l.Resolved = p.Path, true
	}
	return l
}

// linkTo is link(path): a link to the note path names, resolved from
// this page. A path with "#" links a heading of that note and "#^" a
// block, as [[path]] does: Dataview's docs say link(path) constructs "a
// link object from the given file path or name", and in Obsidian a link
// path's "#" starts the heading ("[[Note#Heading]]") — no note's name
// holds one (Obsidian refuses "#" in file names).
func (e *Env) linkTo(path string) Link {
	l := ParseLink(strings.ReplaceAll(path, "|", `\|`), false)
	return e.resolveLink(l)
}

// page is the note a link leads to, or nil.
func (e *Env) page(l Link) *Page {
	var p *Page
	if l.Resolved {
		p = e.ix.Page(l.Path)
	} else {
		e.Deps.Target(l.Path)
		p = e.ix.Resolve(l.Path, e.this)
	}
	e.Deps.page(p)
	return p
}

// index is obj[key] and obj.key (Dataview's "index" evaluation).
func (e *Env) index(x Expr, obj, key Value) (Value, error) {
	if key == nil {
		return nil, nil
	}
	switch o := obj.(type) {
	case *Object:
		k, ok := key.(string)
		if !ok {
			return nil, errAt(x, "can only index into objects with text (a.b or a[\"b\"])")
		}
		v, _ := o.Get(k)
		return v, nil
	case *Row:
		k, ok := key.(string)
		if !ok {
			return nil, errAt(x, "can only index into a page's data with text")
		}
		if e.dialect == Bases {
			return e.basesRowField(o, k), nil
		}
		v, _ := e.rowField(o, k)
		return v, nil
	case FileInfo:
		k, ok := key.(string)
		if !ok {
			return nil, errAt(x, "can only index into file with text")
		}
		return e.fileField(x, o.p, k, o.member)
	case Link:
		k, ok := key.(string)
		if !ok {
			return nil, errAt(x, "can only index into links with text (a.b or a[\"b\"])")
		}
		p := e.page(o)
		if p == nil {
			return nil, nil
		}
		if e.dialect == Bases {
			return e.basesRowField(&Row{page: p}, k), nil
		}
		v, _ := e.rowField(&Row{page: p}, k)
		return v, nil
	case List:
		switch k := key.(type) {
		case float64:
			if k < 0 || int(k) >= len(o) || k != math.Trunc(k) {
				return nil, nil
			}
			return o[int(k)], nil
		case string:
			if e.dialect == Bases && k == "length" {
				return float64(len(o)), nil
			}
			out := make(List, 0, len(o))
			for _, el := range o {
				if err := e.step(1); err != nil {
					return nil, err
				}
				v, err := e.index(x, el, k)
				var be *BudgetError
				if errors.As(err, &be) {
					return nil, err
				}
				if err == nil {
					out = append(out, v)
				}
			}
			return out, nil
		}
		return nil, errAt(x, "a list is indexed by a number (an item) or a text (that field of each item)")
	case string:
		switch k := key.(type) {
		case float64:
			rs := []rune(o)
			if k < 0 || int(k) >= len(rs) {
				return nil, nil
			}
			return string(rs[int(k)]), nil
		case string:
			if e.dialect == Bases && k == "length" {
				return float64(runeLen(o)), nil
			}
		}
		return nil, errAt(x, "text is indexed by a number (text[index])")
	case time.Time:
		k, _ := key.(string)
		return dateField(o, k), nil
	case Duration:
		k, _ := key.(string)
		return durationField(o, k), nil
	case formulaRef:
		k, _ := key.(string)
		return e.formula(x, o.r, k)
	case noteRef:
		k, _ := key.(string)
		if o.r == nil || o.r.page == nil {
			return nil, nil
		}
		return property(o.r.page, k), nil
	}
	return nil, nil
}

// fileField is file.NAME of a page (Dataview's implicit fields, or
// Bases' file properties); member is set when p is a row of the
// query's sources (Row.member).
//
// https://blacksmithgu.github.io/obsidian-dataview/annotation/metadata-pages/
func (e *Env) fileField(x Expr, p *Page, name string, member bool) (Value, error) {
	if e.dialect == Bases {
		return e.basesFileField(p, name), nil
	}
	switch name {
	case "name":
		return p.Name(), nil
	case "folder":
		return p.Folder(), nil
	case "path":
		return p.Path, nil
	case "ext":
		return p.Ext(), nil
	case "link":
		return Link{Path: p.Path, Resolved: true}, nil
	case "size":
		e.Deps.volatile()
		return float64(p.Size), nil
	case "ctime":
		e.Deps.volatile()
		return timeOrNull(p.CTime), nil
	case "cday":
		e.Deps.volatile()
		return dayOrNull(p.CTime), nil
	case "mtime":
		e.Deps.volatile()
		return timeOrNull(p.MTime), nil
	case "mday":
		e.Deps.volatile()
		return dayOrNull(p.MTime), nil
	case "tags":
		return hashTags(FullTags(p.Tags)), nil
	case "etags":
		return hashTags(p.Tags), nil
	case "aliases":
		out := make(List, len(p.Aliases))
		for i, a := range p.Aliases {
			out[i] = a
		}
		return out, nil
	case "outlinks":
		e.Deps.field("file.outlinks")
		if member {
			// As resolved now, they are in the print of the member's
			// source (MemberPrint): a name that leads elsewhere changes
			// it, and no other name counts.
			e.Deps.member("file.outlinks")
		} else {
			e.Deps.names() // resolved by name, none listed
		}
		out := List{}
		for _, l := range e.ix.Outlinks(p) {
			out = append(out, l)
		}
		return out, nil
	case "inlinks":
		e.Deps.field("file.inlinks")
		e.Deps.volatile()
		out := List{}
		for _, q := range e.ix.Inlinks(p) {
			out = append(out, Link{Path: q.Path, Resolved: true})
		}
		return out, nil
	case "frontmatter":
		return p.Frontmatter, nil
	case "day":
		return fileDay(p), nil
	case "starred":
		return false, nil
	case "tasks", "lists":
		// "file.tasks: A list of all tasks (I.e., | [ ] some task) in
		// this file"; "file.lists: A list of all list elements in the
		// file (including tasks)" (annotation/metadata-pages). The text
		// of a note: read whole.
		e.Deps.memberAll()
		e.Deps.names()
		items := e.ix.Lists(p)
		objs := listObjects(e, p, items)
		out := List{}
		for i, it := range items {
			if name == "lists" || it.Task {
				out = append(out, objs[i])
			}
		}
		return out, nil
	}
	return nil, nil
}

func timeOrNull(t time.Time) Value {
	if t.IsZero() {
		return nil
	}
	return t
}

func dayOrNull(t time.Time) Value {
	if t.IsZero() {
		return nil
	}
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
}

func hashTags(tags []string) List {
	out := make(List, len(tags))
	for i, t := range tags {
		out[i] = "#" + t
	}
	return out
}

var fileDayRE = regexp.MustCompile(`(\d{4})-(\d{2})-(\d{2})|(\d{4})(\d{2})(\d{2})`)

// fileDay is file.day: a date in the file's name, else its Date field.
func fileDay(p *Page) Value {
	if v, ok := p.Fields.Get("Date"); ok {
		if t, ok := v.(time.Time); ok {
			return t
		}
	}
	if m := fileDayRE.FindString(p.Name()); m != "" {
		m = strings.ReplaceAll(m, "-", "")
		if t, err := time.Parse("20060102", m); err == nil {
			return t
		}
	}
	return nil
}

// dateField is date.year and the like.
func dateField(t time.Time, k string) Value {
	switch k {
	case "year":
		return float64(t.Year())
	case "month":
		return float64(t.Month())
	case "weekyear":
		_, w := t.ISOWeek()
		return float64(w)
	case "week":
		return float64(t.Day()/7 + 1)
	case "weekday":
		wd := int(t.Weekday())
		if wd == 0 {
			wd = 7 // Luxon: Monday 1 … Sunday 7
		}
		return float64(wd)
	case "day":
		return float64(t.Day())
	case "hour":
		return float64(t.Hour())
	case "minute":
		return float64(t.Minute())
	case "second":
		return float64(t.Second())
	case "millisecond":
		return float64(t.Nanosecond() / 1e6)
	}
	return nil
}

// durationField is dur.days and the like: the whole duration in a unit.
func durationField(d Duration, k string) Value {
	ms := d.approxMillis()
	switch k {
	case "year", "years":
		return ms / (365 * 86400e3)
	case "month", "months":
		return ms / (30 * 86400e3)
	case "weeks":
		return ms / (7 * 86400e3)
	case "day", "days":
		return ms / 86400e3
	case "hour", "hours":
		return ms / 3600e3
	case "minute", "minutes":
		return ms / 60e3
	case "second", "seconds":
		return ms / 1e3
	case "millisecond", "milliseconds":
		return ms
	}
	return nil
}

// callLambda calls a lambda (or a function value) with arguments.
func (e *Env) callValue(x Expr, fn Value, args ...Value) (Value, error) {
	switch fn := fn.(type) {
	case *Lambda:
		f := fn.env
		for i, p := range fn.Params {
			var v Value
			if i < len(args) {
				v = args[i]
			}
			f = &frame{name: p, v: v, up: f}
		}
		return e.eval(fn.Body, fn.row, f)
	case *builtin:
		return fn.call(e, x, args)
	}
	return nil, errAt(x, "cannot call %s as a function", TypeOf(fn))
}

// call is f(args).
func (e *Env) call(x *Call, r *Row, f *frame) (Value, error) {
	var fn Value
	if v, ok := x.Fn.(*Var); ok {
		table := dqlFuncs
		if e.dialect == Bases {
			table = basesFuncs
		}
		b := table[v.Name]
		if b == nil {
			return nil, errAt(x, "unknown function %s()", v.Name)
		}
		if b.lazy != nil {
			return b.lazy(e, x, x.Args, r, f)
		}
		fn = b
	} else {
		v, err := e.eval(x.Fn, r, f)
		if err != nil {
			return nil, err
		}
		fn = v
	}
	args := make([]Value, len(x.Args))
	for i, a := range x.Args {
		v, err := e.eval(a, r, f)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	return e.callValue(x, fn, args...)
}

// regexp compiles a pattern once a query.
func (e *Env) regexp(x Expr, pat string) (*regexp.Regexp, error) {
	if re, ok := e.regexps[pat]; ok {
		return re, nil
	}
	re, err := regexp.Compile(pat)
	if err != nil {
		return nil, errAt(x, "invalid regular expression %q: %v", pat, err)
	}
	if e.regexps == nil {
		e.regexps = map[string]*regexp.Regexp{}
	}
	e.regexps[pat] = re
	return re, nil
}
