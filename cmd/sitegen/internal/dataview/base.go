package dataview

import (
	"errors"
	"fmt"
	"html"
	"slices"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/dataview/query"
)

// An Obsidian base (a .base file, or a ```base block): YAML with filters,
// formulas, properties and views, evaluated over the vault's files as
// Obsidian Bases does.
//
// https://help.obsidian.md/bases/syntax

// Base is a parsed base.
type Base struct {
	// File is where it was read from, for messages.
	File     string
	Filters  *Filter
	Formulas map[string]query.Expr
	// Display are the properties' display names (properties: x:
	// displayName:).
	Display map[string]string
	Views   []*View
	// Problems are what could not be read, at lines of the file.
	Problems []Problem
	// props are the views' properties (columns, sort and group keys)
	// parsed once, read by every embed.
	props properties
}

// View is one of a base's views.
type View struct {
	Type, Name string
	Filters    *Filter
	Order      []string
	Sort       []SortSpec
	GroupBy    *SortSpec
	Limit      int
	Line       int
	// Summaries is set when the view asks for summaries, which are not
	// shown.
	Summaries bool
}

// SortSpec is a property and a direction.
type SortSpec struct {
	Property string
	Desc     bool
}

// Filter is a filter statement or an and/or/not group of them.
//
// https://help.obsidian.md/bases/syntax "Filter objects may contain one
// of and, or, or not. These keys are a heterogeneous list of other filter
// objects or filter statements in strings."
type Filter struct {
	Op   string // "and", "or", "not", or "" for a statement
	Subs []*Filter
	Expr query.Expr
	Text string
	Line int
}

// ParseBase reads a base's YAML; what cannot be read is in Problems
// (and left out), a YAML error is the error.
func ParseBase(file string, src []byte) (*Base, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	b := &Base{File: file, Formulas: map[string]query.Expr{}, Display: map[string]string{}}
	if len(doc.Content) == 0 {
		return b, nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: a base is a YAML mapping (filters:, formulas:, views:)", file)
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "filters":
			b.Filters = b.filter(v)
		case "formulas":
			for j := 0; j+1 < len(v.Content); j += 2 {
				name, f := v.Content[j].Value, v.Content[j+1]
				x, err := query.ParseExpr(f.Value, query.Bases)
				if err != nil {
					b.problem(f, "formula %s: %v", name, err)
					continue
				}
				b.Formulas[name] = x
			}
		case "properties":
			for j := 0; j+1 < len(v.Content); j += 2 {
				name, p := v.Content[j].Value, v.Content[j+1]
				for n := 0; n+1 < len(p.Content); n += 2 {
					if p.Content[n].Value == "displayName" {
						b.Display[name] = p.Content[n+1].Value
					}
				}
			}
		case "views":
			for _, vn := range v.Content {
				b.Views = append(b.Views, b.view(vn))
			}
		}
	}
	b.props = properties{}
	for _, v := range b.Views {
		names := slices.Clone(v.Order)
		if len(names) == 0 {
			names = append(names, "file.name")
		}
		for _, k := range v.Sort {
			names = append(names, k.Property)
		}
		if v.GroupBy != nil {
			names = append(names, v.GroupBy.Property)
		}
		for _, n := range names {
			if x, err := query.ParseExpr(propertyExpr(n), query.Bases); err == nil {
				b.props[n] = x
			}
		}
	}
	return b, nil
}

func (b *Base) problem(n *yaml.Node, format string, args ...any) {
	b.Problems = append(b.Problems, Problem{Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, args...), Warning: true})
}

func (b *Base) filter(n *yaml.Node) *Filter {
	switch n.Kind {
	case yaml.ScalarNode:
		x, err := query.ParseExpr(n.Value, query.Bases)
		if err != nil {
			b.problem(n, "filter %q: %v", n.Value, err)
			return nil
		}
		return &Filter{Expr: x, Text: n.Value, Line: n.Line}
	case yaml.MappingNode:
		if len(n.Content) != 2 {
			b.problem(n, "a filter object has one key: and, or or not")
			return nil
		}
		op := n.Content[0].Value
		if op != "and" && op != "or" && op != "not" {
			b.problem(n.Content[0], "unknown filter %q (and, or, not)", op)
			return nil
		}
		f := &Filter{Op: op, Line: n.Line}
		for _, s := range n.Content[1].Content {
			if sub := b.filter(s); sub != nil {
				f.Subs = append(f.Subs, sub)
			}
		}
		return f
	}
	return nil
}

func (b *Base) view(n *yaml.Node) *View {
	v := &View{Line: n.Line}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		switch k.Value {
		case "type":
			v.Type = val.Value
		case "name":
			v.Name = val.Value
		case "filters":
			v.Filters = b.filter(val)
		case "order":
			for _, o := range val.Content {
				v.Order = append(v.Order, o.Value)
			}
		case "sort":
			for _, s := range val.Content {
				v.Sort = append(v.Sort, sortSpec(s))
			}
		case "groupBy":
			g := sortSpec(val)
			v.GroupBy = &g
		case "limit":
			v.Limit, _ = strconv.Atoi(val.Value)
		case "summaries":
			v.Summaries = len(val.Content) > 0
		}
	}
	return v
}

func sortSpec(n *yaml.Node) SortSpec {
	var s SortSpec
	for i := 0; i+1 < len(n.Content); i += 2 {
		switch n.Content[i].Value {
		case "property":
			s.Property = n.Content[i+1].Value
		case "direction":
			s.Desc = strings.EqualFold(n.Content[i+1].Value, "DESC")
		}
	}
	return s
}

// ViewNamed returns the view an embed names (#View), the first one
// without a name.
//
// https://help.obsidian.md/bases/views "You can embed base files in any
// other file using the ![[File.base]] syntax. The first view in the list
// will be used. ... To specify the default view for an embed use
// ![[File.base#View]]."
func (b *Base) ViewNamed(name string) *View {
	if name == "" {
		if len(b.Views) > 0 {
			return b.Views[0]
		}
		return nil
	}
	for _, v := range b.Views {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// Base renders a view of a base in a page (this is the page: Bases'
// "When the base is embedded in another file, this points to properties
// of the embedding file").
func (e *Engine) Base(c Context, b *Base, viewName string) (result Output) {
	defer guard(&result)
	v := b.ViewNamed(viewName)
	if v == nil {
		names := make([]string, len(b.Views))
		for i, w := range b.Views {
			names[i] = w.Name
		}
		return blockNotice("This base has no view named "+strconv.Quote(viewName)+".",
			Problem{Msg: fmt.Sprintf("base %s has no view %q (its views: %s)", b.File, viewName, strings.Join(names, ", "))})
	}
	if v.Type != "table" && v.Type != "list" {
		return blockNotice(fmt.Sprintf("This %s view of a base is not shown: sitegen shows table and list views.", v.Type),
			Problem{Warning: true, Msg: fmt.Sprintf("base %s view %q: %s views are not shown (table and list are); the page shows a notice", b.File, v.Name, v.Type)})
	}
	env := e.env(c, query.Bases)
	// A view reads what its filters and formulas name, through fast
	// paths of its own (candidates, containsRows): it is evaluated
	// again every build rather than its reads followed.
	env.Deps.SetVolatile()
	env.SetFormulas(b.Formulas)
	env.Deps.Sources = append(env.Deps.Sources, "base "+b.File+"#"+v.Name)
	var all []*Filter
	if b.Filters != nil {
		all = append(all, b.Filters)
	}
	if v.Filters != nil {
		all = append(all, v.Filters)
	}
	for _, f := range all {
		filterFields(f, env.Deps)
	}
	out := Output{Deps: env.Deps}
	if v.Summaries {
		out.Problems = append(out.Problems, Problem{Warning: true, Msg: fmt.Sprintf("base %s view %q: summaries are not shown", b.File, v.Name)})
	}
	rows, err := e.baseRows(env, all)
	if err != nil {
		n := blockNotice("This view of a base could not be evaluated: "+err.Error()+".", problemAt("", err, fmt.Sprintf("base %s view %q", b.File, v.Name)))
		n.Deps = env.Deps
		return n
	}
	cols := v.Order
	if len(cols) == 0 {
		cols = []string{"file.name"}
	}
	for _, c := range cols {
		query.ExprFields(&query.Var{Name: c}, env.Deps)
	}
	// Sort (group first), then limit.
	keys := append([]SortSpec{}, v.Sort...)
	if v.GroupBy != nil {
		keys = append([]SortSpec{*v.GroupBy}, keys...)
	}
	type row struct {
		p    *query.Page
		keys []query.Value
	}
	props := viewProps{base: b.props, own: properties{}}
	sorted := make([]row, 0, len(rows))
	for _, p := range rows {
		r := row{p: p}
		for _, k := range keys {
			val, _ := props.value(env, p, k.Property)
			r.keys = append(r.keys, val)
		}
		sorted = append(sorted, r)
	}
	slices.SortStableFunc(sorted, func(a, b row) int {
		for i, k := range keys {
			if c := query.Compare(a.keys[i], b.keys[i]); c != 0 {
				if k.Desc {
					return -c
				}
				return c
			}
		}
		return 0
	})
	if v.Limit > 0 && len(sorted) > v.Limit {
		sorted = sorted[:v.Limit]
	}
	r := e.renderer(c)
	var h strings.Builder
	if len(sorted) == 0 {
		out.HTML = `<p class="dv-empty">No results.</p>` + "\n"
		return out
	}
	cell := func(p *query.Page, col string) {
		val, err := props.value(env, p, col)
		switch {
		case err != nil:
			h.WriteString(`<span class="dv-error">Error</span>`)
			if len(out.Problems) < 3 {
				out.Problems = append(out.Problems, Problem{Warning: true, Msg: fmt.Sprintf("base %s view %q, %s of %s: %v", b.File, v.Name, col, p.Path, err)})
			}
		case col == "file.name": // a table's name column links to the file
			h.WriteString(r.link.LinkHTML(query.Link{Path: p.Path, Resolved: true, Display: query.FileTitle(p.Path)}))
		default:
			r.value(&h, val, false, 0)
		}
	}
	groupKey := func(i int) query.Value { return sorted[i].keys[0] }
	if v.Type == "list" {
		h.WriteString(`<ul class="dv-result dv-list">` + "\n")
		for i, row := range sorted {
			if v.GroupBy != nil && (i == 0 || !query.Equal(groupKey(i), groupKey(i-1))) {
				h.WriteString(`<li class="dv-group">`)
				r.value(&h, groupKey(i), true, 0)
				h.WriteString("</li>\n")
			}
			h.WriteString("<li>")
			for j, col := range cols {
				if j > 0 {
					h.WriteString(", ")
				}
				cell(row.p, col)
			}
			h.WriteString("</li>\n")
		}
		h.WriteString("</ul>\n")
		out.HTML = h.String()
		return out
	}
	h.WriteString(`<div class="table-wrap dv-result"><table class="dv-table">` + "\n<thead><tr>")
	for _, col := range cols {
		h.WriteString("<th>" + html.EscapeString(b.displayName(col)) + "</th>")
	}
	h.WriteString("</tr></thead>\n<tbody>\n")
	for i, row := range sorted {
		if v.GroupBy != nil && (i == 0 || !query.Equal(groupKey(i), groupKey(i-1))) {
			h.WriteString(`<tr class="dv-group"><th colspan="` + strconv.Itoa(len(cols)) + `">`)
			r.value(&h, groupKey(i), true, 0)
			h.WriteString("</th></tr>\n")
		}
		h.WriteString("<tr>")
		for _, col := range cols {
			h.WriteString("<td>")
			cell(row.p, col)
			h.WriteString("</td>")
		}
		h.WriteString("</tr>\n")
	}
	h.WriteString("</tbody></table></div>\n")
	out.HTML = h.String()
	return out
}

// displayName is a column's header: its displayName, else its name
// without note. or formula.
func (b *Base) displayName(col string) string {
	if d, ok := b.Display[col]; ok {
		return d
	}
	for _, prefix := range []string{"note.", "formula."} {
		if rest, ok := strings.CutPrefix(col, prefix); ok {
			if d, ok := b.Display[rest]; ok {
				return d
			}
			return rest
		}
	}
	return col
}

// properties are property names as expressions, parsed once.
type properties map[string]query.Expr

// viewProps are the properties a view's evaluation reads: those parsed
// with its base (shared by every embed, read only) and those it parses
// itself.
type viewProps struct{ base, own properties }

// value is a row's value of a property name as a view writes it:
// formula.x, file.x, note.x or x.
func (props viewProps) value(env *query.Env, p *query.Page, name string) (query.Value, error) {
	x, ok := props.base[name]
	if !ok {
		if x, ok = props.own[name]; !ok {
			var err error
			if x, err = query.ParseExpr(propertyExpr(name), query.Bases); err != nil {
				return nil, err
			}
			props.own[name] = x
		}
	}
	return env.EvalRow(x, p)
}

// propertyExpr writes a property name as an expression: a name with
// spaces is a note property looked up by its name.
func propertyExpr(name string) string {
	for _, prefix := range []string{"formula.", "file.", "note."} {
		if rest, ok := strings.CutPrefix(name, prefix); ok {
			if isIdent(rest) {
				return name
			}
			return strings.TrimSuffix(prefix, ".") + "[" + strconv.Quote(rest) + "]"
		}
	}
	if isIdent(name) {
		return name
	}
	return "note[" + strconv.Quote(name) + "]"
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9' || r > 127) {
			return false
		}
	}
	return true
}

// baseRows is the files that pass the filters (all of them: a base
// "includes every file in the vault"). A folder that every row must be
// in (file.inFolder("x") or file.folder == "x" and'ed at the top)
// narrows the files looked at before any filter runs.
func (e *Engine) baseRows(env *query.Env, filters []*Filter) ([]*query.Page, error) {
	cands := e.candidates(filters)
	total := len(cands)
	if narrowed, ok := e.containsRows(env, filters, cands); ok {
		cands = narrowed
	}
	var out []*query.Page
	var firstErr error
	failed := 0
	for _, p := range cands {
		ok := true
		row := query.NewRow(p)
		for _, f := range filters {
			pass, err := e.test(env, f, row)
			if err != nil {
				if isBudget(err) {
					return nil, err
				}
				failed++
				if firstErr == nil {
					firstErr = err
				}
				ok = false
				break
			}
			if !pass {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, p)
		}
	}
	if total > 0 && failed == total {
		return nil, fmt.Errorf("the filters fail on every file; the first: %w", firstErr)
	}
	return out, nil
}

// test applies a filter to a file's row.
func (e *Engine) test(env *query.Env, f *Filter, p *query.Row) (bool, error) {
	switch f.Op {
	case "":
		v, err := env.EvalIn(f.Expr, p)
		if err != nil {
			return false, err
		}
		return env.Truthy(v), nil
	case "and":
		for _, s := range f.Subs {
			if ok, err := e.test(env, s, p); err != nil || !ok {
				return false, err
			}
		}
		return true, nil
	case "or":
		for _, s := range f.Subs {
			if ok, err := e.test(env, s, p); err != nil || ok {
				return ok, err
			}
		}
		return false, nil
	case "not": // "None of the following are true"
		for _, s := range f.Subs {
			if ok, err := e.test(env, s, p); err != nil || ok {
				return false, err
			}
		}
		return true, nil
	}
	return false, nil
}

// folderRule is a folder every row must be in (exact) or under.
type folderRule struct {
	folder string
	exact  bool
}

// requiredFolders are the folders a filter's rows must be in:
// file.inFolder("x") and file.folder == "x" statements and'ed at its top.
func requiredFolders(f *Filter) []folderRule {
	isFile := func(x query.Expr) bool { v, ok := x.(*query.Var); return ok && v.Name == "file" }
	text := func(x query.Expr) (string, bool) {
		l, ok := x.(*query.Lit)
		if !ok {
			return "", false
		}
		s, ok := l.V.(string)
		return s, ok
	}
	switch f.Op {
	case "":
		switch x := f.Expr.(type) {
		case *query.Method:
			if s, ok := text(firstArg(x.Args)); ok && x.Name == "inFolder" && len(x.Args) == 1 && isFile(x.X) && strings.Trim(s, "/") != "" {
				return []folderRule{{folder: strings.Trim(s, "/")}}
			}
		case *query.Binary:
			if ix, ok := x.L.(*query.IndexExpr); ok && x.Op == "=" && isFile(ix.X) {
				key, _ := text(ix.Key)
				if s, ok := text(x.R); ok && key == "folder" {
					return []folderRule{{folder: s, exact: true}}
				}
			}
		}
	case "and":
		var out []folderRule
		for _, s := range f.Subs {
			out = append(out, requiredFolders(s)...)
		}
		return out
	}
	return nil
}

func firstArg(args []query.Expr) query.Expr {
	if len(args) == 0 {
		return nil
	}
	return args[0]
}

func filterFields(f *Filter, d *query.Deps) {
	if f.Expr != nil {
		query.ExprFields(f.Expr, d)
	}
	for _, s := range f.Subs {
		filterFields(s, d)
	}
}

func isBudget(err error) bool {
	var be *query.BudgetError
	return errors.As(err, &be)
}

// candidates is the files a view's filters look at: all of them, or
// those of the folders the filters require; once a build for each set
// of folders.
func (e *Engine) candidates(filters []*Filter) []*query.Page {
	var folders []folderRule
	for _, f := range filters {
		folders = append(folders, requiredFolders(f)...)
	}
	key := fmt.Sprint(folders)
	e.indexMu.Lock()
	ent := e.cands[key]
	if ent == nil {
		ent = &candsEntry{}
		if e.cands == nil {
			e.cands = map[string]*candsEntry{}
		}
		e.cands[key] = ent
	}
	e.indexMu.Unlock()
	ent.once.Do(func() { ent.pages = e.folderFiles(folders) })
	return ent.pages
}

type candsEntry struct {
	once  sync.Once
	pages []*query.Page
}

// folderFiles is the files in (or under) every folder of a list.
func (e *Engine) folderFiles(folders []folderRule) []*query.Page {
	var cands []*query.Page
	var all []*query.Page
	if len(folders) > 0 {
		all = e.ix.Folder(folders[0].folder, !folders[0].exact)
	} else {
		all = append(slices.Clone(e.ix.Notes()), e.ix.Files()...)
	}
	for _, p := range all {
		in := true
		for _, f := range folders {
			if f.exact && p.Folder() != f.folder || !f.exact && !strings.HasPrefix(p.Path, f.folder+"/") {
				in = false
				break
			}
		}
		if in {
			cands = append(cands, p)
		}
	}
	return cands
}

// containsRows narrows a view's candidate files to those that can pass
// its filters when the first statement the filters evaluate is
// LIST.contains(property) statements or'ed (query.ContainsTest): the
// files whose property is one of the texts of a LIST of the embedding
// note, found in an index of the candidates by their property (built
// once a build), and those whose property is not a text. Every other
// file fails that first statement without an error, so the filters'
// result is the same; ok is false when the filters are not of that shape
// or a LIST is not a list.
func (e *Engine) containsRows(env *query.Env, filters []*Filter, cands []*query.Page) ([]*query.Page, bool) {
	if len(filters) == 0 || len(filters) > 2 {
		return nil, false
	}
	first := filters[0]
	for first.Op == "and" && len(first.Subs) > 0 {
		first = first.Subs[0]
	}
	stmts := []*Filter{first}
	switch first.Op {
	case "":
	case "or":
		stmts = first.Subs
	default:
		return nil, false
	}
	if len(stmts) == 0 {
		return nil, false
	}
	tests := make([]query.ContainsTest, len(stmts))
	for i, s := range stmts {
		var ok bool
		if s.Op != "" {
			return nil, false
		}
		if tests[i], ok = env.AsContainsTest(s.Expr); !ok {
			return nil, false
		}
	}
	key := indexKey{first: filters[0]}
	if len(filters) == 2 {
		key.second = filters[1]
	}
	ix := e.rowIndex(key, tests, cands)
	if ix == nil {
		return nil, false
	}
	keep := make([]bool, len(cands))
	for _, i := range ix.others {
		keep[i] = true
	}
	for i, t := range tests {
		texts, ok := env.Texts(t)
		if !ok {
			return nil, false
		}
		for _, s := range texts {
			for _, c := range ix.byKey[i][s] {
				keep[c] = true
			}
		}
	}
	var out []*query.Page
	for i, p := range cands {
		if keep[i] {
			out = append(out, p)
		}
	}
	return out, true
}

// indexKey names a view's filters (a base's and the view's).
type indexKey struct{ first, second *Filter }

// rowIndex is a view's candidate files by the property each contains
// statement reads (byKey[statement][text] are their positions), and
// those whose property is not a text for some statement.
type rowIndex struct {
	cands  []*query.Page
	byKey  []map[string][]int32
	others []int32
}

type rowIndexEntry struct {
	once sync.Once
	ix   *rowIndex
}

// maxIndexes bounds the views indexed in a build (a ```base block is
// parsed on its page: its index is of no use to another page).
const maxIndexes = 256

// rowIndex returns the index of a view's candidates, built once a build;
// nil when the candidates are not those it was built for, or too many
// views were indexed.
func (e *Engine) rowIndex(key indexKey, tests []query.ContainsTest, cands []*query.Page) *rowIndex {
	e.indexMu.Lock()
	ent := e.indexes[key]
	if ent == nil {
		if len(e.indexes) >= maxIndexes {
			e.indexMu.Unlock()
			return nil
		}
		if e.indexes == nil {
			e.indexes = map[indexKey]*rowIndexEntry{}
		}
		ent = &rowIndexEntry{}
		e.indexes[key] = ent
	}
	e.indexMu.Unlock()
	ent.once.Do(func() {
		ix := &rowIndex{cands: cands, byKey: make([]map[string][]int32, len(tests))}
		for i := range tests {
			ix.byKey[i] = map[string][]int32{}
		}
		for c, p := range cands {
			other := false
			for i, t := range tests {
				if k, ok := t.Key(p); ok {
					ix.byKey[i][k] = append(ix.byKey[i][k], int32(c))
				} else {
					other = true
				}
			}
			if other {
				ix.others = append(ix.others, int32(c))
			}
		}
		ent.ix = ix
	})
	if !slices.Equal(ent.ix.cands, cands) {
		return nil
	}
	return ent.ix
}
