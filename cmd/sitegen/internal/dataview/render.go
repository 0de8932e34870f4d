package dataview

import (
	"fmt"
	"html"
	"slices"
	"strconv"
	"strings"
	"time"

	"d6codex/cmd/sitegen/internal/dataview/query"
)

// Linker renders the links a query gives, for the page it is in.
type Linker interface {
	// LinkHTML renders a link value: an <a> to the note or file it leads
	// to, an <img> for an embedded image, its text when it leads nowhere
	// published.
	LinkHTML(l query.Link) string
}

// renderer shows values as Dataview does (its Lit component): text as
// inline Markdown, numbers and booleans as written, dates and durations
// in the vault's formats, links as links, lists as lists (inline: with
// commas), objects as "key: value" lists, null as the vault's NullAs.
type renderer struct {
	s        Settings
	link     Linker
	markdown func(string) string
	images   string // the TABLE column shown as pictures (Context.Images)
	// tooDeep counts the task list items taskList left out, nested
	// deeper than maxTaskDepth; tooDeepAt is the first one's path:line.
	tooDeep   int
	tooDeepAt string
}

// maxDepth is how deep nested values are shown (maxRecursiveRenderDepth).
const maxDepth = 4

func (r *renderer) value(b *strings.Builder, v query.Value, inline bool, depth int) {
	if depth >= maxDepth {
		b.WriteString("...")
		return
	}
	switch v := v.(type) {
	case nil:
		b.WriteString(r.md(r.s.NullAs))
	case string:
		b.WriteString(r.md(v))
	case float64:
		b.WriteString(query.FormatNumber(v))
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case time.Time:
		f := r.s.DateTimeFormat
		if v.Hour() == 0 && v.Minute() == 0 && v.Second() == 0 {
			f = r.s.DateFormat
		}
		b.WriteString(html.EscapeString(query.FormatLuxon(v, f)))
	case query.Duration:
		b.WriteString(html.EscapeString(query.FormatDuration(v)))
	case query.Link:
		b.WriteString(r.link.LinkHTML(v))
	case query.ListPair:
		r.value(b, v.Key, inline, depth)
		b.WriteString(": ")
		r.value(b, v.Val, inline, depth)
	case query.ExternalLink:
		text := v.Display
		if text == "" {
			text = v.URL
		}
		if safeURL(v.URL) {
			b.WriteString(`<a class="external-link" href="` + html.EscapeString(v.URL) + `" rel="noopener">` + html.EscapeString(text) + `</a>`)
		} else {
			b.WriteString(html.EscapeString(text))
		}
	case query.List:
		if inline {
			if len(v) == 0 {
				b.WriteString("&lt;Empty List&gt;")
				return
			}
			for i, e := range v {
				if i > 0 {
					b.WriteString(", ")
				}
				r.value(b, e, true, depth+1)
			}
			return
		}
		b.WriteString(`<ul class="dv-list">`)
		for _, e := range v {
			b.WriteString("<li>")
			r.value(b, e, false, depth+1)
			b.WriteString("</li>")
		}
		b.WriteString("</ul>")
	case *query.Object:
		if inline {
			if v.Len() == 0 {
				b.WriteString("&lt;Empty Object&gt;")
				return
			}
			for i, k := range v.Keys() {
				if i > 0 {
					b.WriteString(", ")
				}
				e, _ := v.Get(k)
				b.WriteString(html.EscapeString(k) + ": ")
				r.value(b, e, true, depth+1)
			}
			return
		}
		b.WriteString(`<ul class="dv-list">`)
		for _, k := range v.Keys() {
			e, _ := v.Get(k)
			b.WriteString("<li>" + html.EscapeString(k) + ": ")
			r.value(b, e, false, depth+1)
			b.WriteString("</li>")
		}
		b.WriteString("</ul>")
	default:
		// A note's data (this, a group row) or a file object: shown as
		// Dataview's toString shows it.
		b.WriteString(r.md(query.String(v)))
	}
}

// md renders a text as inline Markdown; a text without Markdown is
// escaped, not parsed (most field values: names, numbers, sentences).
func (r *renderer) md(s string) string {
	if s == `\-` {
		return "-"
	}
	if plain(s) {
		return html.EscapeString(s)
	}
	return r.markdown(s)
}

// plain reports whether s renders as itself: no character Markdown,
// Obsidian's syntax or the typographer would change.
func plain(s string) bool {
	if s == "" {
		return true
	}
	if c := s[0]; c >= '0' && c <= '9' || c == '+' || c == '-' || c == ' ' || c == '\t' {
		return false // a list item, an indented block
	}
	if strings.ContainsAny(s, "\\`*_[]()<>&!#|~=^${}%:'\"\n\r") || strings.Contains(s, "--") ||
		strings.Contains(s, "..") || strings.Contains(s, "www.") {
		return false
	}
	return !strings.HasSuffix(s, " ")
}

// safeURL reports whether an external link may be published as a link.
func safeURL(u string) bool {
	l := strings.ToLower(strings.TrimSpace(u))
	return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "mailto:")
}

// table renders a TABLE result.
func (r *renderer) table(res *query.Result, count bool) string {
	var b strings.Builder
	b.WriteString(`<div class="table-wrap dv-result"><table class="dv-table">` + "\n<thead><tr>")
	for i, h := range res.Headers {
		b.WriteString("<th>" + html.EscapeString(h))
		if i == 0 && count {
			b.WriteString(` <span class="dv-count">` + strconv.Itoa(len(res.Rows)) + "</span>")
		}
		b.WriteString("</th>")
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	pictures := -1
	if r.images != "" {
		pictures = slices.Index(res.Headers, r.images)
		if pictures < 0 {
			pictures = slices.IndexFunc(res.Headers, func(h string) bool { return strings.EqualFold(h, r.images) })
		}
	}
	for _, row := range res.Rows {
		b.WriteString("<tr>")
		for i, c := range row {
			b.WriteString("<td>")
			if i == pictures {
				r.picture(&b, c)
			} else {
				r.value(&b, c, false, 0)
			}
			b.WriteString("</td>")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table></div>\n")
	return b.String()
}

// picture shows v as a picture, as DataCards shows its imageProperty
// ("URLs", "File Paths", "Wiki Links", "Markdown Image Links",
// docs/features/images.md of github.com/Sophokles187/data-cards): a link
// embedded, an http(s) URL as an <img>, a wikilink or Markdown image as
// its embed, a path as a wikilink embed of it; a list by its first
// value; anything else as value shows it.
func (r *renderer) picture(b *strings.Builder, v query.Value) {
	if l, ok := v.(query.List); ok && len(l) > 0 {
		v = l[0]
	}
	switch v := v.(type) {
	case query.Link:
		v.Embed = true
		b.WriteString(r.link.LinkHTML(v))
		return
	case query.ExternalLink:
		if u := strings.ToLower(v.URL); strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://") {
			b.WriteString(`<img src="` + html.EscapeString(v.URL) + `" alt="` + html.EscapeString(v.Display) + `" loading="lazy">`)
			return
		}
	case string:
		s := strings.TrimSpace(v)
		u := strings.ToLower(s)
		switch {
		case s == "":
		case strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://"):
			if !strings.ContainsAny(s, " <>\"\n") {
				b.WriteString(`<img src="` + html.EscapeString(s) + `" alt="" loading="lazy">`)
				return
			}
		case strings.HasPrefix(s, "![") || strings.HasPrefix(s, "[["):
			b.WriteString(r.markdown("!" + strings.TrimPrefix(s, "!")))
			return
		case !strings.ContainsAny(s, "[]|\n"):
			b.WriteString(r.markdown("![[" + s + "]]"))
			return
		}
	}
	r.value(b, v, false, 0)
}

// list renders a LIST result.
func (r *renderer) list(res *query.Result) string {
	var b strings.Builder
	b.WriteString(`<ul class="dv-result dv-list">` + "\n")
	for _, it := range res.Items {
		b.WriteString("<li>")
		if p, ok := it.(query.ListPair); ok {
			// A group's rows show as a list under its key.
			r.value(&b, p.Key, true, 0)
			b.WriteString(": ")
			r.value(&b, p.Val, false, 0)
		} else {
			r.value(&b, it, false, 0)
		}
		b.WriteString("</li>\n")
	}
	b.WriteString("</ul>\n")
	return b.String()
}

// tasks renders a TASK result as Dataview's task view does
// (src/ui/views/task-view.tsx): a group's key as a heading with its
// count, then its tasks; each task with the items under it, a task that
// is under another task of the result shown there only (nestItems). The
// checkboxes show the notes' state; a page cannot change the notes.
func (r *renderer) tasks(g query.TaskGroup, count bool) string {
	var b strings.Builder
	b.WriteString(`<div class="dv-result dv-tasks">` + "\n")
	r.taskGroup(&b, g, count, 0)
	b.WriteString("</div>\n")
	return b.String()
}

// maxTaskDepth bounds the nesting tasks renders.
const maxTaskDepth = 32

func (r *renderer) taskGroup(b *strings.Builder, g query.TaskGroup, count bool, depth int) {
	if depth > maxTaskDepth {
		return
	}
	if g.Groups == nil {
		r.taskList(b, nestTasks(g.Tasks), 0)
		return
	}
	for _, sub := range g.Groups {
		b.WriteString("<h4>")
		r.value(b, sub.Key, true, 0)
		if count {
			b.WriteString(` <span class="dv-count">` + strconv.Itoa(len(nestTasks(sub.Tasks))+len(sub.Groups)) + "</span>")
		}
		b.WriteString("</h4>\n")
		r.taskGroup(b, sub, count, depth+1)
	}
}

// nestTasks are the tasks that are under no other task of the list or
// the items under one (task-view.tsx nestItems: "Removes tasks from a
// list if they are already present by being a child of another task").
func nestTasks(tasks []*query.Object) []*query.Object {
	type id struct {
		path string
		line float64
	}
	key := func(o *query.Object) id {
		p, _ := o.Get("path")
		l, _ := o.Get("line")
		s, _ := p.(string)
		f, _ := l.(float64)
		return id{s, f}
	}
	in := map[id]bool{}
	var mark func(o *query.Object, depth int)
	mark = func(o *query.Object, depth int) {
		if depth > maxTaskDepth {
			return
		}
		in[key(o)] = true
		c, _ := o.Get("children")
		for _, co := range asObjects(c) {
			mark(co, depth+1)
		}
	}
	for _, t := range tasks {
		mark(t, 0)
	}
	var roots []*query.Object
	for _, t := range tasks {
		parent, ok := t.Get("parent")
		f, _ := parent.(float64)
		if !ok || !in[id{key(t).path, f}] {
			roots = append(roots, t)
		}
	}
	return roots
}

// taskList renders items as a task list, each with the items under it.
func (r *renderer) taskList(b *strings.Builder, items []*query.Object, depth int) {
	if len(items) == 0 {
		return
	}
	if depth > maxTaskDepth {
		if r.tooDeepAt == "" {
			p, _ := items[0].Get("path")
			l, _ := items[0].Get("line")
			f, _ := l.(float64)
			r.tooDeepAt = fmt.Sprintf("%v:%d", p, int(f)+1)
		}
		r.tooDeep += countItems(items, 0)
		return
	}
	b.WriteString(`<ul class="contains-task-list">` + "\n")
	for _, o := range items {
		isTask, _ := o.Get("task")
		if t, _ := isTask.(bool); t {
			st, _ := o.Get("status")
			status, _ := st.(string)
			done, _ := o.Get("checked")
			checked, _ := done.(bool)
			cls, box := "task-list-item", `<input type="checkbox" class="task-list-item-checkbox" disabled>`
			if checked {
				cls, box = "task-list-item is-checked", `<input type="checkbox" class="task-list-item-checkbox" disabled checked>`
			}
			b.WriteString(`<li class="` + cls + `" data-task="` + html.EscapeString(status) + `">` + box + " ")
		} else {
			b.WriteString(`<li class="task-list-basic-item">`)
		}
		b.WriteString(r.md(query.TaskText(o)))
		c, _ := o.Get("children")
		r.taskList(b, asObjects(c), depth+1)
		b.WriteString("</li>\n")
	}
	b.WriteString("</ul>\n")
}

// maxCountedItems bounds how many left-out items countItems counts.
const maxCountedItems = 100000

// countItems counts items and the items under them, up to
// maxCountedItems (from already counted).
func countItems(items []*query.Object, already int) int {
	n := 0
	for _, o := range items {
		if already+n >= maxCountedItems {
			break
		}
		n++
		c, _ := o.Get("children")
		n += countItems(asObjects(c), already+n)
	}
	return n
}

// asObjects are the objects of a list value.
func asObjects(v query.Value) []*query.Object {
	l, _ := v.(query.List)
	var out []*query.Object
	for _, x := range l {
		if o, ok := x.(*query.Object); ok {
			out = append(out, o)
		}
	}
	return out
}
