package mdx

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// flowExpressions makes a paragraph that is one {expression} read to its
// value (parseExpression) the value alone, not a paragraph: MDX reads an
// expression on lines of its own as a flow (block) expression
// (micromark-extension-mdx-expression's mdxExpressionFlow, "a flow
// expression ... on its own lines"), which @mdx-js/mdx renders as its
// value with no <p> around it ("Before.\n\n{frontmatter.title}\n\nAfter."
// is "<p>Before.</p>Tea<p>After.</p>", measured with @mdx-js/mdx 3.1.1).
// An expression shown as code (not evaluated, with its warning) is that
// code alone in the value's place, a block too (Docusaurus 3.10.2 wrote
// "{[1, 2, 3].map((x) => x * 2).join(', ')}" as "2, 4, 6" with no <p>).
type flowExpressions struct{}

// flowValue reports whether n is what an expression's text reads to: its
// value (a raw String) or its source as code (a CodeSpan, not evaluated).
func flowValue(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.String:
		return n.IsRaw()
	case *ast.CodeSpan:
		return true
	}
	return false
}

// Transform implements parser.ASTTransformer.
func (flowExpressions) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	if off(pc) {
		return
	}
	src := reader.Source()
	var paras []*ast.Paragraph
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if p, ok := n.(*ast.Paragraph); ok && entering {
			if p.ChildCount() == 1 && flowValue(p.FirstChild()) && wholeExpression(p, src) {
				paras = append(paras, p)
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	for _, p := range paras {
		block := ast.NewTextBlock()
		block.SetLines(p.Lines())
		block.AppendChild(block, p.FirstChild())
		p.Parent().ReplaceChild(p.Parent(), p, block)
	}
}

// wholeExpression reports whether p's text, its lines joined, is one
// {…} and nothing else.
func wholeExpression(p *ast.Paragraph, src []byte) bool {
	lines := p.Lines()
	if lines.Len() == 0 {
		return false
	}
	var b bytes.Buffer
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		b.Write(seg.Value(src))
	}
	t := bytes.TrimSpace(b.Bytes())
	if len(t) < 2 || t[0] != '{' || t[len(t)-1] != '}' {
		return false
	}
	return scanJSX(t, 0, func(c byte, depth int) bool { return c == '}' && depth == 0 }) == len(t)-1
}
