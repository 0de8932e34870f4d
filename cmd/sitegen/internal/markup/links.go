package markup

import (
	"fmt"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// LinkResolver checks a link or image destination as written on a page
// and returns the URL to publish, or a problem ("content/x.md does not
// exist") when the link is broken. The content model implements it: it
// knows which pages, headings and files exist.
type LinkResolver interface {
	ResolveLink(dest string) (url, problem string)
}

// LinkResolverFunc adapts a function to the LinkResolver interface.
type LinkResolverFunc func(dest string) (url, problem string)

// ResolveLink calls f(dest).
func (f LinkResolverFunc) ResolveLink(dest string) (string, string) { return f(dest) }

// linkTransformer checks and rewrites every link and image through the
// page's LinkResolver; a broken one is reported at its position.
type linkTransformer struct{}

// Transform implements parser.ASTTransformer.
func (linkTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	st := state(pc)
	if st == nil || st.page.Links == nil {
		return
	}
	src := reader.Source()
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Image:
			dest, problem := st.page.Links.ResolveLink(string(n.Destination))
			if problem != "" {
				st.report(imageStart(n, src), false, fmt.Sprintf("broken image %q: %s", n.Destination, problem))
			} else {
				n.Destination = []byte(dest)
			}
		case *ast.Link:
			dest, problem := st.page.Links.ResolveLink(string(n.Destination))
			if problem != "" {
				st.report(n.Pos(), false, fmt.Sprintf("broken link %q: %s", n.Destination, problem))
			} else {
				n.Destination = []byte(dest)
			}
		}
		return ast.WalkContinue, nil
	})
}

// imageStart is the source offset of an image: its alt text's first
// segment, less the "![" before it.
func imageStart(n *ast.Image, src []byte) int {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			return max(t.Segment.Start-2, 0)
		}
	}
	return n.Pos()
}
