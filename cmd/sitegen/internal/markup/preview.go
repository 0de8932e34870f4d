package markup

import (
	"bytes"
	"cmp"
	stdhtml "html"
	"math"
	"slices"
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
	w := m.writer(buf)
	defer m.release(w)
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
// block, rendered apart. It holds no HTML of its own (but those), a few
// bytes a block and a few slices, so that a build can keep every page's
// index until it knows which parts of the page other pages link to (see
// Preview) without giving the garbage collector much to scan.
type PreviewIndex struct {
	starts   []int32   // where each block starts, and where the last ends
	levels   []int8    // a heading's level; 0 for another block, -1 for a calculator (left out)
	ids      []blockID // the top-level blocks with an id, by id
	excerpts []excerpt // the blocks too big for a preview, by index
	inner    []innerID // the blocks with an id inside another block, by id
}

// blockID is a top-level block with an id, and its index.
type blockID struct {
	id string
	i  int32
}

// excerpt is the start of the text of a block too big for a preview.
type excerpt struct {
	i    int32
	text string
}

// innerID is a block with an id inside another block, and its preview.
type innerID struct {
	id string
	p  Preview
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
	x := &PreviewIndex{starts: make([]int32, len(starts)), levels: make([]int8, n)}
	for i, at := range starts {
		x.starts[i] = int32(at)
	}
	seen := map[string]bool{}
	i := int32(0)
	for n := doc.FirstChild(); n != nil; n, i = n.NextSibling(), i+1 {
		id := HeadingID(n)
		switch n := n.(type) {
		case *ast.Heading:
			x.levels[i] = int8(n.Level)
		case *handledBlock:
			if previewSkip[n.info] {
				x.levels[i] = -1
			}
		}
		if x.levels[i] >= 0 && x.starts[i+1]-x.starts[i] > previewBlockMax {
			x.excerpts = append(x.excerpts, excerpt{i, textExcerpt(n, src)})
		}
		if id != "" && !seen[id] {
			seen[id] = true
			x.ids = append(x.ids, blockID{id, i})
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
			if cid := HeadingID(c); cid != "" && !seen[cid] {
				seen[cid] = true
				x.inner = append(x.inner, innerID{cid, m.innerPreview(c, src)})
			}
			return ast.WalkContinue, nil
		})
	}
	slices.SortFunc(x.ids, func(a, b blockID) int { return strings.Compare(a.id, b.id) })
	slices.SortFunc(x.inner, func(a, b innerID) int { return strings.Compare(a.id, b.id) })
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
		if k, ok := slices.BinarySearchFunc(x.excerpts, i, func(e excerpt, i int32) int { return cmp.Compare(e.i, i) }); ok {
			return x.excerpts[k].text
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
	k, found := slices.BinarySearchFunc(x.ids, id, func(b blockID, id string) int { return strings.Compare(b.id, id) })
	if !found {
		if k, ok := slices.BinarySearchFunc(x.inner, id, func(b innerID, id string) int { return strings.Compare(b.id, id) }); ok {
			return x.inner[k].p, true
		}
		return Preview{}, false
	}
	b := x.ids[k]
	if x.levels[b.i] <= 0 {
		return Preview{HTML: block(b.i)}, true
	}
	level := x.levels[b.i]
	for j := b.i + 1; j < n && out.Len() < PreviewBudget; j++ {
		if l := x.levels[j]; l > 0 && l <= level {
			break
		}
		out.WriteString(block(j))
	}
	return Preview{Heading: headingText(html[x.starts[b.i]:x.starts[b.i+1]]), HTML: out.String()}, true
}

// headingText is the text of a heading as rendered (<h2 id="x">Text <a
// class="anchor" …>#</a></h2>): its tags and anchor link dropped, its
// entities read.
func headingText(h string) string {
	if i := strings.Index(h, ` <a class="anchor"`); i >= 0 {
		h = h[:i]
	}
	var b strings.Builder
	in := false
	for _, r := range h {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(stdhtml.UnescapeString(b.String()))
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
