package markup

import (
	"errors"
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"d6codex/cmd/sitegen/internal/markup/metabind"
)

// metaBindTransformer draws the Meta Bind plugin's inline fields
// (`INPUT[slider(…):prop]`, `VIEW[{prop}]`) read-only with the page's
// front matter values (package metabind), when Dialects.MetaBind is set.
// A field it does not draw stays code, with a warning saying why.
type metaBindTransformer struct{ m *Markdown }

// Transform implements parser.ASTTransformer.
func (t metaBindTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	st := state(pc)
	if st == nil || !t.m.opts.Dialects.MetaBind {
		return
	}
	src := reader.Source()
	type replacement struct{ old, new ast.Node }
	var replace []replacement
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		span, ok := n.(*ast.CodeSpan)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		first, s := codeSpanText(span, src)
		if first == nil {
			return ast.WalkSkipChildren, nil
		}
		if !strings.HasPrefix(s, "INPUT[") && !strings.HasPrefix(s, "VIEW[") {
			return ast.WalkSkipChildren, nil
		}
		f, err := metabind.Parse(s)
		html := ""
		if err == nil {
			line, _ := st.pos(first.Segment.Start)
			html, err = metabind.Render(f, st.page.Meta, func(text string) string { return t.m.inlineMarkdown(st, text, line) })
		}
		switch {
		case err == nil:
			replace = append(replace, replacement{span, &trustedInline{html: html}})
		case errors.Is(err, metabind.Unsupported):
			st.report(first.Segment.Start-1, true, fmt.Sprintf("a Meta Bind field is shown as code: %v", err))
		default:
			st.report(first.Segment.Start-1, true, fmt.Sprintf("a Meta Bind field that does not read (%v) is shown as code (the plugin shows an error)", err))
		}
		return ast.WalkSkipChildren, nil
	})
	for _, r := range replace {
		r.old.Parent().ReplaceChild(r.old.Parent(), r.old, r.new)
	}
}

// codeSpanText is the text of the code span n and its first text node
// (whose segment starts one byte after the span's backtick); nil when it
// starts with none.
func codeSpanText(n ast.Node, src []byte) (*ast.Text, string) {
	first, ok := n.FirstChild().(*ast.Text)
	if !ok {
		return nil, ""
	}
	var code strings.Builder
	for c := ast.Node(first); c != nil; c = c.NextSibling() {
		if txt, ok := c.(*ast.Text); ok {
			code.Write(txt.Segment.Value(src))
		}
	}
	return first, code.String()
}
