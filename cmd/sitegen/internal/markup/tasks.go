package markup

import (
	stdhtml "html"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// tasksTransformer draws a task line as the Tasks plugin draws it in
// Reading View, when Dialects.TasksPlugin is set (a vault that enables
// it): the signifiers it reads at the line's end (the Tasks Emoji Format:
// docs/Reference/Task Formats/Tasks Emoji Format.md of
// obsidian-tasks-group/obsidian-tasks) after the description, each in a
// span of the class the plugin gives it ("task-due", "task-priority"
// with data-task-priority; docs/advanced/styling.md), in the plugin's
// order. Relative dates (data-task-due="past-1d") are left out: they
// would change the page each day. A line without signifiers, and every
// line of a vault without the plugin, stays as written.
type tasksTransformer struct{ m *Markdown }

// taskPart is one signifier the Tasks plugin reads: its class, its
// pattern at the line's end (emoji, then its value), and its place in
// the plugin's default layout (TaskLayout: priority, recurrence, on
// completion, created, start, scheduled, due, cancelled, done).
type taskPart struct {
	class string
	re    *regexp.Regexp
	order int
}

const taskDate = `\s*(\d{4}-\d{2}-\d{2})`

var taskParts = []taskPart{
	{"task-priority", regexp.MustCompile(`(🔺|⏫|🔼|🔽|⏬)\x{FE0F}?$`), 0},
	{"task-recurring", regexp.MustCompile(`(🔁\x{FE0F}?) ?([a-zA-Z0-9, !]+)$`), 1},
	{"task-onCompletion", regexp.MustCompile(`(🏁\x{FE0F}?) *([a-zA-Z]+)$`), 2},
	{"task-created", regexp.MustCompile(`(➕\x{FE0F}?)` + taskDate + `$`), 3},
	{"task-start", regexp.MustCompile(`(🛫\x{FE0F}?)` + taskDate + `$`), 4},
	{"task-scheduled", regexp.MustCompile(`(⏳|⌛)\x{FE0F}?` + taskDate + `$`), 5},
	{"task-due", regexp.MustCompile(`(📅|📆|🗓)\x{FE0F}?` + taskDate + `$`), 6},
	{"task-cancelled", regexp.MustCompile(`(❌\x{FE0F}?)` + taskDate + `$`), 7},
	{"task-done", regexp.MustCompile(`(✅\x{FE0F}?)` + taskDate + `$`), 8},
}

// taskPriorities are the names the plugin's data-task-priority gives.
var taskPriorities = map[string]string{"🔺": "highest", "⏫": "high", "🔼": "medium", "🔽": "low", "⏬": "lowest"}

// maxTaskParts bounds how many signifiers one line is read for (the
// plugin reads at most 20).
const maxTaskParts = 20

// Transform implements parser.ASTTransformer.
func (t tasksTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	if !t.m.opts.Obsidian || !t.m.opts.Dialects.TasksPlugin {
		return
	}
	src := reader.Source()
	var lines []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && n.Kind() == extast.KindTaskCheckBox {
			lines = append(lines, n.Parent())
		}
		return ast.WalkContinue, nil
	})
	for _, block := range lines {
		taskLine(block, src)
	}
}

// taskLine draws the signifiers at the end of the task line block (the
// text after its checkbox): the run of plain text nodes that ends it
// (goldmark splits a text at dashes and spaces), on its only line.
func taskLine(block ast.Node, src []byte) {
	last, ok := block.LastChild().(*ast.Text)
	if !ok || last.SoftLineBreak() || last.HardLineBreak() {
		return
	}
	for c := block.FirstChild(); c != nil && c != last; c = c.NextSibling() {
		if tx, ok := c.(*ast.Text); ok && (tx.SoftLineBreak() || tx.HardLineBreak()) {
			return // a task line of more than one line: left as written
		}
	}
	first := last
	for {
		prev, ok := first.PreviousSibling().(*ast.Text)
		if !ok || prev.Segment.Stop != first.Segment.Start {
			break
		}
		first = prev
	}
	from := first.Segment.Start
	rest := strings.TrimRight(string(src[from:last.Segment.Stop]), " \t")
	found := make([]string, len(taskParts))
	n := 0
	for n < maxTaskParts {
		matched := false
		for i, p := range taskParts {
			m := p.re.FindStringSubmatchIndex(rest)
			if m == nil || found[i] != "" {
				continue
			}
			found[i] = taskSpan(p, rest[m[0]:m[1]], rest[m[2]:m[3]])
			rest = strings.TrimRight(rest[:m[0]], " \t")
			matched = true
			n++
			break
		}
		if !matched {
			break
		}
	}
	if n == 0 {
		return
	}
	var b strings.Builder
	for _, f := range found {
		if f != "" {
			b.WriteString(" " + f)
		}
	}
	for c := ast.Node(last); c != ast.Node(first); {
		prev := c.PreviousSibling()
		block.RemoveChild(block, c)
		c = prev
	}
	first.Segment = text.NewSegment(from, from+len(rest))
	block.InsertAfter(block, first, &trustedInline{html: b.String()})
}

// taskSpan is one signifier as the plugin draws it: the emoji and its
// value, written as in the note, in a span of its class.
func taskSpan(p taskPart, written, emoji string) string {
	attr := ""
	if p.class == "task-priority" {
		attr = ` data-task-priority="` + taskPriorities[emoji] + `"`
	}
	return `<span class="` + p.class + `"` + attr + `>` + stdhtml.EscapeString(strings.TrimSpace(written)) + `</span>`
}
