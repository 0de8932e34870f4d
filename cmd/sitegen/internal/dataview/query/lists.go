package query

import (
	"strconv"
	"strings"
)

// List items and tasks, as Dataview reads them from a note's text
// (src/data-import/markdown-file.ts parseLists; src/data-model/markdown.ts
// ListItem.serialize), for TASK queries: "TASK queries operate at the
// file.tasks level" and "Data Commands are executed on task level, making
// implicit fields on tasks directly available"
// (https://blacksmithgu.github.io/obsidian-dataview/queries/query-types/).

// ListItem is one item of a list of a note.
type ListItem struct {
	// Line is its first line, counted from 0 as Obsidian counts; Lines
	// how many lines its own text takes (its children not counted).
	Line, Lines int
	// Parent is the Line of the item it is under, -1 at a list's top.
	Parent int
	// Symbol is its marker ("-", "*", "1.").
	Symbol string
	// Task is set for a task ("- [ ] ..."); Status is the character
	// between its brackets.
	Task   bool
	Status string
	// Text is its text after the marker and the checkbox, its lines
	// trimmed and joined with "\n".
	Text string
	// Section is the heading it is under ("" for none).
	Section string
	// Tags are the #tags its text holds, with '#'.
	Tags []string
	// Links are the links its text holds, as written.
	Links []Link
	// Fields are the inline fields its text holds.
	Fields []InlineField
}

// ListReader is a Vault that reads the list items of its notes; a vault
// without it has none (TASK queries find no task).
type ListReader interface {
	Lists(p *Page) []ListItem
}

// Lists are the list items of note p, in the order of the text.
func (ix *Index) Lists(p *Page) []ListItem {
	if lr, ok := ix.Vault.(ListReader); ok && p != nil && p.Note {
		return lr.Lists(p)
	}
	return nil
}

// taskRows are the tasks of the notes pages, each a row whose own names
// are the task's fields, then the note's (Dataview's executeTask: "Add
// page data to this copy … if (key in tcopy) continue").
func (e *Env) taskRows(pages []*Page) ([]execRow, error) {
	var rows []execRow
	for _, p := range pages {
		items := e.ix.Lists(p)
		objs := listObjects(e, p, items)
		for i, it := range items {
			if !it.Task {
				continue
			}
			rows = append(rows, execRow{id: Link{Path: p.Path, Resolved: true}, r: &Row{page: p, vars: objs[i]}})
			if len(rows) > MaxRows {
				return nil, &BudgetError{"a TASK query reads more than " + strconv.Itoa(MaxRows) + " tasks"}
			}
		}
	}
	return rows, nil
}

// listObjects are the items of note p as Dataview serializes them: each
// an object of its fields, its children's objects under "children".
func listObjects(e *Env, p *Page, items []ListItem) []*Object {
	objs := make([]*Object, len(items))
	at := map[int]int{} // line -> index
	for i, it := range items {
		at[it.Line] = i
	}
	completed := make([]bool, len(items)) // fullyCompleted: the task and every task under it completed
	for i, it := range items {
		completed[i] = it.Task && (it.Status == "x" || it.Status == "X")
	}
	full := make([]bool, len(items))
	copy(full, completed)
	for i, it := range items {
		if !it.Task {
			continue
		}
		for j, ok := at[it.Parent]; ok; j, ok = at[items[j].Parent] {
			if items[j].Task {
				full[j] = full[j] && completed[i]
			}
			if items[j].Parent == items[j].Line { // a malformed tree
				break
			}
		}
	}
	file := Link{Path: p.Path, Resolved: true}
	for i, it := range items {
		o := NewObject()
		section := file
		if it.Section != "" {
			section = Link{Path: p.Path, Subpath: it.Section, Type: LinkHeader, Resolved: true}
		}
		var tags, links List
		for _, t := range it.Tags {
			tags = append(tags, t)
		}
		for _, l := range it.Links {
			links = append(links, e.resolveLink(l))
		}
		o.Set("symbol", it.Symbol)
		o.Set("link", section)
		o.Set("section", section)
		o.Set("text", it.Text)
		o.Set("tags", tags)
		o.Set("line", float64(it.Line))
		o.Set("lineCount", float64(it.Lines))
		o.Set("outlinks", links)
		o.Set("path", p.Path)
		o.Set("task", it.Task)
		o.Set("annotated", len(it.Fields) > 0)
		if it.Parent >= 0 {
			o.Set("parent", float64(it.Parent))
		}
		for _, f := range it.Fields {
			o.Set(f.Key, ParseInlineValue(f.Value))
			if c := Canonical(f.Key); c != f.Key && c != "" {
				if _, ok := o.Get(c); !ok {
					o.Set(c, ParseInlineValue(f.Value))
				}
			}
		}
		if it.Task {
			o.Set("status", it.Status)
			o.Set("checked", it.Status != "" && it.Status != " ")
			o.Set("completed", completed[i])
			o.Set("fullyCompleted", full[i])
		}
		objs[i] = o
	}
	for i, it := range items { // children, in the text's order
		if j, ok := at[it.Parent]; ok && j != i {
			c, _ := objs[j].Get("children")
			l, _ := c.(List)
			objs[j].Set("children", append(l, objs[i]))
		}
	}
	for _, o := range objs {
		if _, ok := o.Get("children"); !ok {
			o.Set("children", List(nil))
		}
	}
	return objs
}

// TaskGroup is a TASK query's result: its tasks, or (grouped) its
// groups, each under its key.
type TaskGroup struct {
	Key    Value
	Tasks  []*Object
	Groups []TaskGroup
}

// taskResult is the rows left after a TASK query's commands as groups:
// the rows of a GROUP BY are groups, each holding its members' rows.
func taskResult(rows []execRow, grouped bool) TaskGroup {
	var g TaskGroup
	for _, row := range rows {
		if !grouped {
			g.Tasks = append(g.Tasks, row.r.vars)
			continue
		}
		members, _ := row.r.vars.Get("rows")
		var sub []execRow
		nested := false
		for _, m := range asList(members) {
			if r, ok := m.(*Row); ok {
				sub = append(sub, execRow{r: r})
				if _, isGroup := r.vars.Get("rows"); isGroup && r.page == nil {
					nested = true
				}
			}
		}
		in := taskResult(sub, nested)
		in.Key = row.id
		g.Groups = append(g.Groups, in)
	}
	return g
}

// asList is v as a list.
func asList(v Value) List {
	l, _ := v.(List)
	return l
}

// TaskText is a task's text as Dataview shows it: its lines joined, the
// checkbox left out.
func TaskText(o *Object) string {
	v, _ := o.Get("text")
	s, _ := v.(string)
	return strings.TrimSpace(s)
}
