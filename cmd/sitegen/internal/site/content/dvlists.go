package content

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"d6codex/cmd/sitegen/internal/dataview/fields"
	"d6codex/cmd/sitegen/internal/dataview/query"
	"d6codex/cmd/sitegen/internal/markup/wikilink"
)

// Lists are the list items of note q, read from its text once a build
// (query.ListReader: what TASK queries read).
func (v *siteVault) Lists(q *query.Page) []query.ListItem {
	return v.s.dvs.lists.get(q, func() []query.ListItem {
		if src, ok := v.noteText(q); ok {
			return listItems(src)
		}
		return nil
	})
}

var (
	// listItemLine is an item's first line as Dataview reads it
	// (src/data-import/markdown-file.ts LIST_ITEM_REGEX:
	// "^[\s>]*(\d+\.|\d+\)|\*|-|\+)\s*(\[.{0,1}\])?\s*(.*)$"); Obsidian
	// makes a task of an item whose brackets hold one character.
	listItemLine = regexp.MustCompile(`^[\s>]*(\d+\.|\d+\)|\*|-|\+)\s*(\[.\])?\s*(.*)$`)
	// textTag is a #tag in a list item's text: after a space or
	// punctuation, not only digits.
	textTag = regexp.MustCompile(`(?:^|[\s,;.:!?'"(])(#[\p{L}\p{N}_/\-]*[\p{L}_/\-][\p{L}\p{N}_/\-]*)`)
)

// maxListDepth bounds how deep listItems walks a note's syntax tree
// (each list level is two: the list and its item): far deeper than the
// task view draws (dataview's maxTaskDepth, which says what it leaves
// out), so that no item is dropped here without a word.
const maxListDepth = 4096

// listItems are the list items of a note's text src, in order: each with
// its own lines (not those of the items under it), the item it is under,
// the heading it is under, and the tags, links and inline fields of its
// text, as Dataview's parseLists makes them from Obsidian's list items.
func listItems(src []byte) []query.ListItem {
	src = bytes.Clone(src)
	if _, end, ok, _ := FrontMatterSpan(src); ok { // blanked, its lines kept
		for i := 0; i < end && i < len(src); i++ {
			if src[i] != '\n' {
				src[i] = ' '
			}
		}
	}
	starts := []int{0} // byte offset of each line
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	lineOf := func(off int) int {
		lo, hi := 0, len(starts)-1
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if starts[mid] <= off {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		return lo
	}
	lineText := func(n int) string {
		end := len(src)
		if n+1 < len(starts) {
			end = starts[n+1] - 1
		}
		return strings.TrimRight(string(src[starts[n]:end]), "\r")
	}
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	var out []query.ListItem
	section := ""
	var walk func(n ast.Node, parent int, depth int)
	walk = func(n ast.Node, parent int, depth int) {
		if depth > maxListDepth {
			return
		}
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch x := c.(type) {
			case *ast.Heading:
				section = strings.TrimSpace(string(x.Text(src))) //nolint:staticcheck // the heading's plain text, as Obsidian's headings cache holds it
			case *ast.ListItem:
				first := x.FirstChild()
				if first == nil || first.Lines().Len() == 0 {
					walk(c, parent, depth+1)
					continue
				}
				lines := first.Lines()
				from, to := lineOf(lines.At(0).Start), lineOf(lines.At(lines.Len()-1).Start)
				m := listItemLine.FindStringSubmatch(lineText(from))
				if m == nil {
					walk(c, parent, depth+1)
					continue
				}
				parts := []string{strings.TrimSpace(m[3])}
				for l := from + 1; l <= to; l++ {
					parts = append(parts, strings.TrimSpace(lineText(l)))
				}
				it := query.ListItem{Line: from, Lines: to - from + 1, Parent: parent, Symbol: m[1], Section: section,
					Text: strings.Join(parts, "\n")}
				if m[2] != "" {
					it.Task, it.Status = true, m[2][1:len(m[2])-1]
				}
				flat := strings.Join(parts, " ")
				for _, t := range textTag.FindAllStringSubmatch(flat, -1) {
					it.Tags = append(it.Tags, t[1])
				}
				for _, w := range wikiRE.FindAllString(flat, -1) {
					if l, _ := wikilink.Parse([]byte(strings.TrimPrefix(w, "!"))); l != nil && l.Target != "" {
						it.Links = append(it.Links, query.Link{Path: l.Target, Display: l.Label})
					}
				}
				fs := fields.Line(flat) // a task reads bracketed fields only (extractInlineFields; a full line is a list item's)
				if it.Task {
					fs = fields.Bracketed(flat)
				}
				for _, f := range fs {
					it.Fields = append(it.Fields, query.InlineField{Key: f.Key, Value: f.Value})
				}
				out = append(out, it)
				walk(c, from, depth+1)
			default:
				walk(c, parent, depth+1)
			}
		}
	}
	walk(doc, -1, 0)
	return out
}
