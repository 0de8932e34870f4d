package query

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Result is what a LIST or TABLE query gives.
type Result struct {
	Type QueryType
	// Headers are a TABLE's column names: the ID column's first ("File",
	// or the GROUP BY name) unless WITHOUT ID.
	Headers []string
	// Rows are a TABLE's cells, a row each; Items a LIST's items (a
	// ListPair of the ID and the value when the LIST has both).
	Rows  [][]Value
	Items []Value
	// Tasks are a TASK query's tasks (grouped when it groups).
	Tasks TaskGroup
	// Dropped counts the rows left out because evaluating them failed,
	// as Dataview leaves them out; FirstError is the first such problem.
	Dropped    int
	FirstError error
}

// Len is the number of rows or items.
func (r *Result) Len() int {
	return len(r.Rows) + len(r.Items) + len(r.Tasks.Tasks) + len(r.Tasks.Groups)
}

// execRow is a row between commands, with its ID: the page's link, or
// a group's key.
type execRow struct {
	id Value
	r  *Row
}

// Run evaluates a LIST, TABLE or TASK query (CALENDAR is refused
// before: see Query.Type); a TASK query's rows are the tasks of its
// notes (taskRows). It follows Dataview's engine (executeCore):
// FROM collects the notes, then each command in the order written; a
// row whose evaluation fails is left out, and a command fails as a whole
// only when it fails on every row.
//
// https://blacksmithgu.github.io/obsidian-dataview/queries/data-commands/
// "Commands are executed in order, and you can have duplicate commands".
func (e *Env) Run(q *Query) (*Result, error) {
	collectFields(q, e.Deps)
	pages, err := e.source(q.From)
	if err != nil {
		return nil, err
	}
	src := q.FromText
	if q.From == nil {
		src = AllNotes
	}
	e.Deps.source(src)
	rows := make([]execRow, len(pages))
	for i, p := range pages {
		rows[i] = execRow{id: Link{Path: p.Path, Resolved: true}, r: &Row{page: p, member: true}}
	}
	if q.Type == QTask {
		e.Deps.memberAll() // the notes' text: their tasks
		e.Deps.names()     // the tasks' links, resolved by name
		if rows, err = e.taskRows(pages); err != nil {
			return nil, err
		}
	}
	res := &Result{Type: q.Type}
	groupName := "" // the ID's meaning: a group's name, or "" for the file
	var groups []string
	for _, c := range q.Commands {
		if err := e.step(len(rows)); err != nil {
			return nil, err
		}
		in := len(rows)
		var errs []error
		fail := func(err error) error {
			var be *BudgetError
			if errors.As(err, &be) {
				return err
			}
			errs = append(errs, err)
			return nil
		}
		switch c.Kind {
		case "where":
			kept := rows[:0:0]
			for _, row := range rows {
				v, err := e.eval(c.X, row.r, nil)
				if err != nil {
					if err := fail(err); err != nil {
						return nil, err
					}
					continue
				}
				if Truthy(v) {
					kept = append(kept, row)
				}
			}
			rows = kept
		case "sort":
			type keyed struct {
				row  execRow
				keys []Value
			}
			var ks []keyed
		rowLoop:
			for _, row := range rows {
				k := keyed{row: row}
				for _, s := range c.Sort {
					v, err := e.eval(s.X, row.r, nil)
					if err != nil {
						if err := fail(err); err != nil {
							return nil, err
						}
						continue rowLoop
					}
					k.keys = append(k.keys, v)
				}
				ks = append(ks, k)
			}
			var serr error
			slices.SortStableFunc(ks, func(a, b keyed) int {
				if serr == nil {
					serr = e.step(1)
				}
				for i, s := range c.Sort {
					if cmp := Compare(a.keys[i], b.keys[i]); cmp != 0 {
						if s.Desc {
							return -cmp
						}
						return cmp
					}
				}
				return 0
			})
			if serr != nil {
				return nil, serr
			}
			rows = rows[:0:0]
			for _, k := range ks {
				rows = append(rows, k.row)
			}
		case "limit":
			v, err := e.eval(c.X, &Row{}, nil)
			if err != nil {
				return nil, fmt.Errorf("LIMIT: %w", err)
			}
			n, ok := v.(float64)
			if !ok {
				return nil, errAt(c.X, "LIMIT takes a number, not %s (%s)", TypeOf(v), String(v))
			}
			rows = rows[:jsIndex(int(n), len(rows))]
		case "group":
			type keyed struct {
				row execRow
				key Value
			}
			var ks []keyed
			for _, row := range rows {
				v, err := e.eval(c.Named.X, row.r, nil)
				if err != nil {
					if err := fail(err); err != nil {
						return nil, err
					}
					continue
				}
				ks = append(ks, keyed{row, v})
			}
			slices.SortStableFunc(ks, func(a, b keyed) int { return Compare(a.key, b.key) })
			var out []execRow
			var members List
			flush := func(key Value) {
				vars := NewObject()
				vars.Set("key", key)
				vars.Set("rows", members)
				vars.Set(c.Named.Name, key)
				out = append(out, execRow{id: key, r: &Row{vars: vars}})
				members = nil
			}
			for i, k := range ks {
				if i > 0 && !Equal(k.key, ks[i-1].key) {
					flush(ks[i-1].key)
				}
				members = append(members, k.row.r)
			}
			if len(ks) > 0 {
				flush(ks[len(ks)-1].key)
			}
			rows = out
			groups = append(groups, groupName)
			groupName = c.Named.Name
		case "flatten":
			var out []execRow
			for _, row := range rows {
				v, err := e.eval(c.Named.X, row.r, nil)
				if err != nil {
					if err := fail(err); err != nil {
						return nil, err
					}
					continue
				}
				items, ok := v.(List)
				if !ok {
					items = List{v}
				}
				for _, it := range items {
					vars := NewObject()
					for _, k := range row.r.vars.Keys() {
						vars.Set(k, row.r.vars.vals[k])
					}
					vars.Set(c.Named.Name, it)
					out = append(out, execRow{id: row.id, r: &Row{page: row.r.page, vars: vars, member: row.r.member}})
				}
				if len(out) > MaxRows {
					return nil, &BudgetError{fmt.Sprintf("FLATTEN makes more than %d rows", MaxRows)}
				}
			}
			rows = out
			if groupName != "" && groupName == c.Named.Name {
				groupName = groups[len(groups)-1]
				groups = groups[:len(groups)-1]
			}
		}
		if in > 0 && len(errs) >= in {
			return nil, fmt.Errorf("every row failed in %s; the first: %w", strings.ToUpper(c.Kind), errs[0])
		}
		res.Dropped += len(errs)
		if res.FirstError == nil && len(errs) > 0 {
			res.FirstError = errs[0]
		}
	}
	if q.Type == QTask {
		res.Tasks = taskResult(rows, groupName != "")
		return res, nil
	}
	// The columns (Dataview's executeCoreExtract).
	var extracted [][]Value
	var ids []Value
	var errs []error
rows:
	for _, row := range rows {
		cells := make([]Value, len(q.Fields))
		for i, f := range q.Fields {
			v, err := e.eval(f.X, row.r, nil)
			if err != nil {
				var be *BudgetError
				if errors.As(err, &be) {
					return nil, err
				}
				errs = append(errs, err)
				continue rows
			}
			cells[i] = v
		}
		extracted = append(extracted, cells)
		ids = append(ids, row.id)
	}
	if len(rows) > 0 && len(errs) >= len(rows) {
		return nil, fmt.Errorf("every row failed; the first: %w", errs[0])
	}
	res.Dropped += len(errs)
	if res.FirstError == nil && len(errs) > 0 {
		res.FirstError = errs[0]
	}
	switch q.Type {
	case QTable:
		if !q.WithoutID {
			res.Headers = append(res.Headers, idName(groupName))
		}
		for _, f := range q.Fields {
			res.Headers = append(res.Headers, f.Name)
		}
		for i, cells := range extracted {
			if !q.WithoutID {
				cells = append([]Value{ids[i]}, cells...)
			}
			res.Rows = append(res.Rows, cells)
		}
	case QList:
		for i, cells := range extracted {
			switch {
			case len(cells) == 0:
				res.Items = append(res.Items, ids[i])
			case q.WithoutID:
				res.Items = append(res.Items, cells[0])
			default:
				res.Items = append(res.Items, ListPair{Key: ids[i], Val: cells[0]})
			}
		}
	}
	return res, nil
}

// idName is the ID column's name: the group's, else "File" (Dataview's
// tableIdColumnName).
func idName(group string) string {
	if group != "" {
		return group
	}
	return "File"
}

// source collects the notes of a FROM clause, in the vault's order.
//
// https://blacksmithgu.github.io/obsidian-dataview/reference/sources/
func (e *Env) source(s Source) ([]*Page, error) {
	all := e.ix.Notes()
	if s == nil {
		return all, nil
	}
	set, err := e.sourceSet(s)
	if err != nil {
		return nil, err
	}
	out := make([]*Page, 0, len(set))
	for _, p := range all {
		if set[p] {
			out = append(out, p)
		}
	}
	return out, nil
}

// AllNotes is the source a query without FROM records (Deps.Sources).
const AllNotes = "all notes"

// SourceMembers lists the notes (and files) in ix that a query's source
// as Deps.Sources records it (its FROM clause as written, or AllNotes)
// selects, in the vault's order, by the rule a query runs (sourceSet);
// ok is false when the source cannot be read again, or reads the links
// of a note rather than notes (a link source, Volatile): what it
// selects is not the same from every page.
func SourceMembers(ix *Index, source string) (members []*Page, ok bool) {
	if source == AllNotes {
		return ix.Notes(), true
	}
	q, err := ParseQuery("LIST FROM " + source)
	if err != nil || q.From == nil || q.FromText != source || len(q.Commands) > 0 {
		return nil, false
	}
	e := NewEnv(ix, nil, DQL, time.Time{})
	members, err = e.source(q.From)
	if err != nil || e.Deps.Volatile {
		return nil, false
	}
	return members, true
}

func (e *Env) sourceSet(s Source) (map[*Page]bool, error) {
	if err := e.step(1); err != nil {
		return nil, err
	}
	set := map[*Page]bool{}
	switch s := s.(type) {
	case *TagSource:
		// "Sources of the form #tag. These match all files / sections /
		// tasks with the given tag." (and its subtags, as Dataview's index)
		for _, p := range e.ix.Tagged(s.Tag) {
			set[p] = true
		}
	case *FolderSource:
		// "These match all files / sections / tasks contained in the given
		// folder and its sub folders ... If you have both a file and a
		// folder with the exact same path, Dataview will prefer the folder."
		for _, p := range e.ix.Notes() {
			if s.Folder == "" || strings.HasPrefix(p.Path, s.Folder+"/") {
				set[p] = true
			}
		}
		if len(set) == 0 {
			for _, cand := range []string{s.Folder, s.Folder + ".md"} {
				if p := e.ix.Page(cand); p != nil {
					set[p] = true
					break
				}
			}
		}
	case *LinkSource:
		e.Deps.volatile() // the links of a note, or to it: not its members' texts
		target := e.ix.Resolve(s.Target, e.this)
		if s.Target == "" || s.Target == "#" {
			target = e.this
		}
		e.Deps.page(target)
		if target == nil {
			if s.Outgoing {
				return nil, &EvalError{Pos: s.Pos, Msg: fmt.Sprintf("Could not find file %q during link lookup - does it exist?", s.Target)}
			}
			return set, nil
		}
		if s.Outgoing {
			for _, l := range e.ix.Outlinks(target) {
				if l.Resolved {
					if p := e.ix.Page(l.Path); p != nil {
						set[p] = true
					}
				}
			}
		} else {
			for _, p := range e.ix.Inlinks(target) {
				set[p] = true
			}
		}
	case *NotSource:
		x, err := e.sourceSet(s.X)
		if err != nil {
			return nil, err
		}
		for _, p := range e.ix.Notes() {
			if !x[p] {
				set[p] = true
			}
		}
	case *BinSource:
		l, err := e.sourceSet(s.L)
		if err != nil {
			return nil, err
		}
		r, err := e.sourceSet(s.R)
		if err != nil {
			return nil, err
		}
		for p := range l {
			if !s.And || r[p] {
				set[p] = true
			}
		}
		if !s.And {
			for p := range r {
				set[p] = true
			}
		}
	}
	return set, nil
}

// collectFields records the fields a query names (Deps.Fields),
// and what it reads of each note of its source (Deps.Member).
func collectFields(q *Query, d *Deps) {
	both := func(x Expr) {
		ExprFields(x, d)
		memberReads(x, d)
	}
	for _, f := range q.Fields {
		both(f.X)
	}
	for _, c := range q.Commands {
		if c.X != nil {
			both(c.X)
		}
		for _, s := range c.Sort {
			both(s.X)
		}
		if c.Named.X != nil {
			both(c.Named.X)
		}
	}
}

// ExprFields records the field names an expression names: its
// variables and the names after a dot ("file.name" as file and name).
func ExprFields(x Expr, d *Deps) {
	switch x := x.(type) {
	case *Var:
		d.field(x.Name)
	case *IndexExpr:
		ExprFields(x.X, d)
		if s, ok := litString(x.Key); ok {
			d.field(s)
		} else {
			ExprFields(x.Key, d)
		}
	default:
		children(x, func(c Expr) { ExprFields(c, d) })
	}
}

// children calls f with each expression x holds, in order: the walk
// ExprFields and memberReads share (a call's function only when it is
// not a name: len(x) names no field).
func children(x Expr, f func(Expr)) {
	switch x := x.(type) {
	case *Not:
		f(x.X)
	case *Neg:
		f(x.X)
	case *Binary:
		f(x.L)
		f(x.R)
	case *ListLit:
		for _, el := range x.Elems {
			f(el)
		}
	case *ObjLit:
		for _, el := range x.Vals {
			f(el)
		}
	case *IndexExpr:
		f(x.X)
		f(x.Key)
	case *Call:
		if _, ok := x.Fn.(*Var); !ok {
			f(x.Fn)
		}
		for _, a := range x.Args {
			f(a)
		}
	case *Method:
		f(x.X)
		for _, a := range x.Args {
			f(a)
		}
	case *LambdaLit:
		f(x.Body)
	}
}
