package markup

import (
	"bufio"
	"bytes"
	stdhtml "html"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// Link previews: what a link to a page, or to a part of it, shows of its
// target. A page's previews are cut from its own rendered HTML (see
// RenderBlocks and PreviewIndex), so that making them renders nothing
// again but the few blocks with an id inside another block.

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
	var starts []int
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		starts = append(starts, buf.Len())
		if err := m.md.Renderer().Render(w, src, c); err != nil { // flushes w
			return nil, err
		}
	}
	return append(starts, buf.Len()), nil
}

// PreviewIndex is what it takes to cut any preview of a page from its
// HTML: where each top-level block starts in it (RenderBlocks) and what
// the block is, and the previews of the blocks with an id inside another
// block, rendered apart. It holds no HTML of its own (but those), and a
// few bytes a block, so that a build can keep every page's index until it
// knows which parts of the page other pages link to (see Preview).
type PreviewIndex struct {
	starts  []int32          // where each block starts, and where the last ends
	levels  []int8           // a heading's level; 0 for another block, -1 for a calculator (left out)
	ids     map[string]int32 // the id of a top-level block -> its index
	heading map[int32]string // a heading's text, by index
	excerpt map[int32]string // a block too big for a preview: the start of its text, by index
	inner   map[string]Preview
}

// PreviewIndex indexes a page Parse returned as doc and RenderBlocks
// rendered with starts.
func (m *Markdown) PreviewIndex(doc ast.Node, src []byte, starts []int) *PreviewIndex {
	n := 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		n++
	}
	if len(starts) != n+1 || starts[n] > math.MaxInt32 {
		return nil
	}
	x := &PreviewIndex{starts: make([]int32, len(starts)), levels: make([]int8, n), ids: map[string]int32{}}
	for i, at := range starts {
		x.starts[i] = int32(at)
	}
	i := int32(0)
	for n := doc.FirstChild(); n != nil; n, i = n.NextSibling(), i+1 {
		id := HeadingID(n)
		switch n := n.(type) {
		case *ast.Heading:
			x.levels[i] = int8(n.Level)
			if id != "" {
				if x.heading == nil {
					x.heading = map[int32]string{}
				}
				x.heading[i] = PlainText(n, src)
			}
		case *handledBlock:
			if previewSkip[n.info] {
				x.levels[i] = -1
			}
		}
		if x.levels[i] >= 0 && x.starts[i+1]-x.starts[i] > previewBlockMax {
			if x.excerpt == nil {
				x.excerpt = map[int32]string{}
			}
			x.excerpt[i] = textExcerpt(n, src)
		}
		if id != "" {
			if _, seen := x.ids[id]; !seen {
				x.ids[id] = i
			}
		}
		if !n.HasChildren() || n.Kind() == ast.KindParagraph || n.Kind() == ast.KindHeading {
			continue
		}
		// Ids inside the block: each previewed apart.
		_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
			if !entering || c == n {
				return ast.WalkContinue, nil
			}
			if c.Type() != ast.TypeBlock {
				return ast.WalkSkipChildren, nil
			}
			if cid := HeadingID(c); cid != "" {
				if x.inner == nil {
					x.inner = map[string]Preview{}
				}
				if _, seen := x.inner[cid]; !seen {
					x.inner[cid] = m.innerPreview(c, src)
				}
			}
			return ast.WalkContinue, nil
		})
	}
	return x
}

// Preview cuts from html, the page's HTML that x indexes, the preview of
// its top (id "") or of the element with that id: a section that starts
// with a heading (its first blocks, up to about PreviewBudget), a block
// (a ^block-id, an {#id}), or an element inside a block. ok is false when
// the page has no such id.
func (x *PreviewIndex) Preview(html, id string) (p Preview, ok bool) {
	if x == nil || len(html) < int(x.starts[len(x.starts)-1]) {
		return Preview{}, false
	}
	block := func(i int32) string { // top-level block i as the page has it
		if x.levels[i] < 0 {
			return ""
		}
		if e, ok := x.excerpt[i]; ok {
			return e
		}
		return html[x.starts[i]:x.starts[i+1]]
	}
	n := int32(len(x.levels))
	var out strings.Builder
	if id == "" {
		// The top: the blocks before the first heading, or when there are
		// none, those of the first section.
		for i := int32(0); i < n && out.Len() < PreviewBudget; i++ {
			if x.levels[i] <= 0 {
				out.WriteString(block(i))
			} else if out.Len() > 0 {
				break
			}
		}
		return Preview{HTML: out.String()}, true
	}
	i, found := x.ids[id]
	switch {
	case !found:
		p, ok = x.inner[id]
		return p, ok
	case x.levels[i] <= 0:
		return Preview{HTML: block(i)}, true
	}
	level := x.levels[i]
	for j := i + 1; j < n && out.Len() < PreviewBudget; j++ {
		if l := x.levels[j]; l > 0 && l <= level {
			break
		}
		out.WriteString(block(j))
	}
	return Preview{Heading: x.heading[i], HTML: out.String()}, true
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
	more := false // text left out
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && b.Len() > previewTextMax {
			more = true
		}
		if !entering || more {
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
		s, more = s[:cut], true
	}
	if more {
		s += " …"
	}
	if s == "" {
		return ""
	}
	return "<p>" + stdhtml.EscapeString(s) + "</p>\n"
}
