package mdx

import (
	"regexp"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// explicitID finds a heading's explicit id at the end of its line, as
// Docusaurus reads it: "### Hello World {#my-explicit-id}"
// (https://docusaurus.io/docs/markdown-features/toc#heading-ids), written
// \{#id} in MDX, where { opens an expression (the remark plugin reads the
// heading's text, the escape gone), or as a comment, {/* #id */}. goldmark's
// heading attributes read the plain {#id}; these two are left to this.
var explicitID = regexp.MustCompile(`[ \t]*(?:\\\{#([^\s{}\\]+)\}|\{/\*[ \t]*#([^\s*]+)[ \t]*\*/\})[ \t]*$`)

// headingIDs sets the id of each heading that ends with \{#id} or
// {/* #id */} and takes that text out of it.
type headingIDs struct{}

// Transform implements parser.ASTTransformer.
func (headingIDs) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	if off(pc) {
		return
	}
	src := reader.Source()
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		lines := h.Lines()
		if lines.Len() == 0 {
			return ast.WalkSkipChildren, nil
		}
		line := lines.At(lines.Len() - 1)
		m := explicitID.FindSubmatchIndex(line.Value(src))
		if m == nil {
			return ast.WalkSkipChildren, nil
		}
		id := m[2:4]
		if id[0] < 0 {
			id = m[4:6]
		}
		h.SetAttributeString("id", []byte(string(line.Value(src)[id[0]:id[1]])))
		cut := line.Start + m[0]
		// Drop the inline nodes from the cut on, and shorten the one
		// across it.
		for c := h.LastChild(); c != nil; {
			prev := c.PreviousSibling()
			t, ok := c.(*ast.Text)
			switch {
			case ok && t.Segment.Start >= cut:
				h.RemoveChild(h, c)
			case ok && t.Segment.Stop > cut:
				t.Segment = t.Segment.WithStop(cut)
				prev = nil
			case !ok && c.Kind() == KindInlineDropped:
				h.RemoveChild(h, c) // the {/* #id */} comment
			default:
				prev = nil
			}
			c = prev
		}
		return ast.WalkSkipChildren, nil
	})
}
