package markup

import (
	"bytes"
	stdhtml "html"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/cmd/sitegen/internal/markup/kramdown"
	"d6codex/templates"
)

// headingRenderer renders headings with a trailing anchor link to
// themselves.
type headingRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (headingRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHeading, renderHeading)
}

func renderHeading(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Heading)
	level := "0123456"[n.Level]
	if entering {
		_, _ = w.WriteString("<h")
		_ = w.WriteByte(level)
		if n.Attributes() != nil {
			html.RenderAttributes(w, node, html.HeadingAttributeFilter)
		}
		_ = w.WriteByte('>')
		return ast.WalkContinue, nil
	}
	if id, ok := n.AttributeString("id"); ok {
		if b, ok := id.([]byte); ok && len(b) > 0 {
			_, _ = w.WriteString(` <a class="anchor" href="#`)
			_, _ = w.Write(util.EscapeHTML(util.URLEscape(b, false)))
			_, _ = w.WriteString(`" aria-label="Link to this section">#</a>`)
		}
	}
	_, _ = w.WriteString("</h")
	_ = w.WriteByte(level)
	_, _ = w.WriteString(">\n")
	return ast.WalkContinue, nil
}

// tocTransformer collects the table of contents: level-2 headings, each
// with the level-3 headings under it.
type tocTransformer struct{}

// Transform implements parser.ASTTransformer.
func (tocTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	st := state(pc)
	if st == nil {
		return
	}
	src := reader.Source()
	var lastTop *templates.TOCItem
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		id := HeadingID(h)
		_, noTOC := h.Attribute(kramdown.NoTOC)
		if id == "" || h.Level < 2 || h.Level > 3 || noTOC {
			return ast.WalkSkipChildren, nil
		}
		item := &templates.TOCItem{Title: PlainText(h, src), ID: id}
		if h.Level == 2 || lastTop == nil {
			st.res.TOC = append(st.res.TOC, item)
			lastTop = item
		} else {
			lastTop.Children = append(lastTop.Children, item)
		}
		return ast.WalkSkipChildren, nil
	})
}

// h1Transformer drops the first level-1 heading of a page that took its
// title from it (Page.DropH1).
type h1Transformer struct{}

// Transform implements parser.ASTTransformer.
func (h1Transformer) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	if st := state(pc); st != nil && st.page.DropH1 {
		if h := firstH1(doc); h != nil {
			doc.RemoveChild(doc, h)
		}
	}
}

// HeadingID returns the id attribute of a node, if it has one.
func HeadingID(n ast.Node) string {
	v, ok := n.AttributeString("id")
	if !ok {
		return ""
	}
	switch id := v.(type) {
	case []byte:
		return string(id)
	case string:
		return id
	}
	return ""
}

// IDs returns every id attribute of the blocks of doc (heading ids, {#id}
// attributes).
func IDs(doc ast.Node) map[string]bool {
	ids := map[string]bool{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && n.Type() == ast.TypeBlock {
			if id := HeadingID(n); id != "" {
				ids[id] = true
			}
		}
		return ast.WalkContinue, nil
	})
	return ids
}

// PlainText returns the text content of an inline subtree.
func PlainText(n ast.Node, src []byte) string {
	var b bytes.Buffer
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			if t.IsCode() || t.IsRaw() {
				b.WriteString(stdhtml.UnescapeString(string(t.Value)))
			} else {
				b.Write(t.Value)
			}
		case *ast.CodeSpan:
			for cc := t.FirstChild(); cc != nil; cc = cc.NextSibling() {
				if tt, ok := cc.(*ast.Text); ok {
					b.Write(tt.Segment.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}
