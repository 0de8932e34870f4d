package markup

import (
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// warnTransformer warns about what a page holds that renders differently
// from what its editor expects: raw HTML dropped in safe mode (once a
// line: <span>x</span> is two pieces), and other tools' syntax that shows
// as text (see unsupported).
type warnTransformer struct{ m *Markdown }

// Transform implements parser.ASTTransformer.
func (t warnTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	st := state(pc)
	if st == nil {
		return
	}
	src := reader.Source()
	rawLines := map[int]bool{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.HTMLBlock, *ast.RawHTML:
			if line, col := st.pos(rawStart(n)); !t.m.opts.Unsafe && !rawLines[line] {
				rawLines[line] = true
				st.reportAt(line, col, true, "raw HTML dropped: sitegen keeps it only with "+t.m.opts.UnsafeHint)
			}
		case *ast.Paragraph:
			if n.Lines().Len() > 0 {
				first := n.Lines().At(0)
				if what := unsupported(first.Value(src)); what != "" && !(t.m.opts.Dialects.Shortcodes && strings.HasPrefix(what, "a Hugo")) {
					st.report(first.Start, true, fmt.Sprintf("%s: sitegen does not support it, so it shows as text", what))
				}
			}
		}
		return ast.WalkContinue, nil
	})
}

// rawStart is the source offset where raw HTML starts.
func rawStart(n ast.Node) int {
	switch n := n.(type) {
	case *ast.HTMLBlock:
		if n.Lines().Len() > 0 {
			return n.Lines().At(0).Start
		}
	case *ast.RawHTML:
		if n.Segments.Len() > 0 {
			return n.Segments.At(0).Start
		}
	}
	return -1
}

// unsupported names the syntax of other tools a paragraph starts with (or
// holds), which sitegen shows as text: MkDocs blocks and snippets, Hugo
// shortcodes, FastAPI-style includes. "" when there is none.
func unsupported(line []byte) string {
	l := strings.TrimSpace(string(line))
	switch {
	case strings.HasPrefix(l, "///"):
		return "a MkDocs /// block (pymdownx.blocks)"
	case strings.HasPrefix(l, "--8<--"):
		return "a MkDocs --8<-- snippet include"
	case strings.Contains(l, "{{<") || strings.Contains(l, "{{%"):
		return "a Hugo {{< shortcode >}}"
	case strings.HasPrefix(l, "{*") && strings.Contains(l, "*}"):
		return "a {* include *}"
	}
	return ""
}
