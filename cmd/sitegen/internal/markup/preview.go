package markup

import (
	"bufio"
	"bytes"
	stdhtml "html"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// Link previews: what a link to a page, or to a part of it, shows of its
// target. A page's previews are cut from its own rendered HTML (see
// RenderBlocks), so that making them renders nothing again but the few
// blocks with an id inside another block.

// Preview is what a link to (a part of) a page shows of it.
type Preview struct {
	// Heading is the plain text of the heading a section starts with; ""
	// for the top of the page and for a block.
	Heading string
	// HTML is the first blocks of the section (or the block itself), as
	// the page renders them.
	HTML string
}

const (
	// PreviewBudget is about how much HTML a preview holds: blocks are
	// taken until they reach it (at least one).
	PreviewBudget = 1200
	// previewBlockMax is the largest block a preview holds as HTML; a
	// bigger one (a long table, a long list) is shown as the start of its
	// text.
	previewBlockMax = 6000
	// previewTextMax is how much of such a block's text is shown.
	previewTextMax = 400
)

// previewSkip are the handled blocks (by info word) a preview leaves out:
// calculators and dice forms, which work only on their page.
var previewSkip = map[string]bool{"calc": true, "dice": true, "compare": true, "anydice": true}

// RenderBlocks writes the HTML of a document Parse returned into buf, as
// Render does, and returns where in buf each of its top-level blocks
// starts, and where the last ends (len(starts) is the number of blocks +
// 1).
func (m *Markdown) RenderBlocks(buf *bytes.Buffer, src []byte, doc ast.Node) ([]int, error) {
	w := bufio.NewWriter(buf)
	starts := make([]int, 0, doc.ChildCount()+1)
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		starts = append(starts, buf.Len())
		if err := m.md.Renderer().Render(w, src, c); err != nil { // flushes w
			return nil, err
		}
	}
	return append(starts, buf.Len()), nil
}

// Previews returns the previews of a page Parse returned as doc and
// RenderBlocks rendered into html at starts: its top (key ""), each
// section that starts with a heading with an id (its id), and each block
// with an id (a ^block-id, an {#id}): its first blocks, up to about
// PreviewBudget of HTML.
func (m *Markdown) Previews(doc ast.Node, src, html []byte, starts []int) map[string]Preview {
	top := make([]ast.Node, 0, doc.ChildCount())
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		top = append(top, c)
	}
	if len(starts) != len(top)+1 {
		return nil
	}
	block := func(i int) string { // top-level block i as the page has it
		n := top[i]
		if h, ok := n.(*handledBlock); ok && previewSkip[h.info] {
			return ""
		}
		b := html[starts[i]:starts[i+1]]
		if len(b) > previewBlockMax {
			return textExcerpt(n, src)
		}
		return string(b)
	}
	out := map[string]Preview{}
	// The top: the blocks before the first heading, or when there are
	// none, those of the first section.
	var lead strings.Builder
	for i, n := range top {
		if lead.Len() >= PreviewBudget {
			break
		}
		if _, ok := n.(*ast.Heading); !ok {
			lead.WriteString(block(i))
		} else if lead.Len() > 0 {
			break
		}
	}
	out[""] = Preview{HTML: lead.String()}
	for i, n := range top {
		id := HeadingID(n)
		if h, ok := n.(*ast.Heading); ok && id != "" {
			var b strings.Builder
			for j := i + 1; j < len(top) && b.Len() < PreviewBudget; j++ {
				if h2, ok := top[j].(*ast.Heading); ok && h2.Level <= h.Level {
					break
				}
				b.WriteString(block(j))
			}
			out[id] = Preview{Heading: PlainText(h, src), HTML: b.String()}
		} else if id != "" {
			out[id] = Preview{HTML: block(i)}
		}
		if !n.HasChildren() || n.Kind() == ast.KindParagraph || n.Kind() == ast.KindHeading {
			continue
		}
		// Ids inside the block: each rendered apart.
		_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
			if !entering || c == n {
				return ast.WalkContinue, nil
			}
			if c.Type() != ast.TypeBlock {
				return ast.WalkSkipChildren, nil
			}
			if cid := HeadingID(c); cid != "" {
				if _, seen := out[cid]; !seen {
					out[cid] = m.innerPreview(c, src)
				}
			}
			return ast.WalkContinue, nil
		})
	}
	return out
}

// innerPreview is the preview of a block with an id inside another block:
// a heading and what follows it in its container, a definition term and
// its definitions, a list item in its list, or the block.
func (m *Markdown) innerPreview(n ast.Node, src []byte) Preview {
	render := func(c ast.Node) string {
		var b bytes.Buffer
		if err := m.Render(&b, src, c); err != nil {
			return ""
		}
		if b.Len() > previewBlockMax {
			return textExcerpt(c, src)
		}
		return b.String()
	}
	var b strings.Builder
	switch n := n.(type) {
	case *ast.Heading:
		for c := n.NextSibling(); c != nil && b.Len() < PreviewBudget; c = c.NextSibling() {
			if h, ok := c.(*ast.Heading); ok && h.Level <= n.Level {
				break
			}
			b.WriteString(render(c))
		}
		return Preview{Heading: PlainText(n, src), HTML: b.String()}
	case *east.DefinitionTerm:
		for c := n.NextSibling(); c != nil && b.Len() < PreviewBudget; c = c.NextSibling() {
			if _, ok := c.(*east.DefinitionDescription); !ok {
				break
			}
			b.WriteString(render(c))
		}
		return Preview{Heading: PlainText(n, src), HTML: "<dl>" + b.String() + "</dl>"}
	case *ast.ListItem:
		tag := "ul"
		if l, ok := n.Parent().(*ast.List); ok && l.IsOrdered() {
			tag = "ol"
		}
		return Preview{HTML: "<" + tag + ">" + render(n) + "</" + tag + ">"}
	}
	return Preview{HTML: render(n)}
}

// textExcerpt is a block too big for a preview as the start of its text,
// in a paragraph.
func textExcerpt(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || b.Len() > previewTextMax {
			return ast.WalkSkipChildren, nil
		}
		switch c.(type) {
		case *ast.Text, *ast.String, *ast.CodeSpan:
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(PlainText(c, src))
			return ast.WalkSkipChildren, nil
		case *handledBlock:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	s := strings.Join(strings.Fields(b.String()), " ")
	if len(s) > previewTextMax {
		cut := previewTextMax
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		if sp := strings.LastIndexByte(s[:cut], ' '); sp > previewTextMax/2 {
			cut = sp
		}
		s = s[:cut] + " …"
	}
	if s == "" {
		return ""
	}
	return "<p>" + stdhtml.EscapeString(s) + "</p>\n"
}
