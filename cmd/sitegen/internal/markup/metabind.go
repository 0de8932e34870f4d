package markup

import (
	"errors"
	"fmt"
	stdhtml "html"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"d6codex/cmd/sitegen/internal/markup/metabind"
)

// metaBindTransformer draws the Meta Bind plugin's inline fields
// (`INPUT[slider(…):prop]`, `VIEW[{prop}]`) and its ```meta-bind blocks
// read-only with the page's front matter values (package metabind), when
// Dialects.MetaBind is set. A field it does not draw stays code, with a
// warning saying why.
type metaBindTransformer struct{ m *Markdown }

// metaBindBlock is the info word of the plugin's block form of a field:
// "The second one is using a code block with meta-bind as the language"
// (https://www.moritzjung.dev/obsidian-meta-bind-plugin-docs/guides/inputfields/),
// its text one INPUT[…] or VIEW[…], which may span lines.
const metaBindBlock = "meta-bind"

// Transform implements parser.ASTTransformer.
func (t metaBindTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	st := state(pc)
	if st == nil || !t.m.opts.Dialects.MetaBind {
		return
	}
	src := reader.Source()
	type replacement struct{ old, new ast.Node }
	var replace []replacement
	// draw renders the field written s at offset at of the source: its
	// HTML, or "" with a warning at at saying why it stays code.
	draw := func(s string, at int) string {
		f, err := metabind.Parse(s)
		html := ""
		if err == nil {
			line, _ := st.pos(at)
			html, err = metabind.Render(f, st.page.Meta, func(text string) string { return t.m.inlineMarkdown(st, text, line) })
		}
		switch {
		case err == nil:
			return html
		case errors.Is(err, metabind.Unsupported):
			st.report(at, true, fmt.Sprintf("a Meta Bind field is shown as code: %v", err))
		default:
			st.report(at, true, fmt.Sprintf("a Meta Bind field that does not read (%v) is shown as code (the plugin shows an error)", err))
		}
		return ""
	}
	field := func(s string) bool { return strings.HasPrefix(s, "INPUT[") || strings.HasPrefix(s, "VIEW[") }
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if fc, ok := n.(*ast.FencedCodeBlock); ok {
			if fc.Info == nil || string(fc.Language(src)) != metaBindBlock {
				return ast.WalkSkipChildren, nil
			}
			s := strings.TrimSpace(linesText(fc, src))
			if !field(s) {
				st.report(fenceStart(src, fc.Info.Segment.Start), true, "a ```meta-bind block that holds no INPUT[…] or VIEW[…] field is shown as code")
				return ast.WalkSkipChildren, nil
			}
			if html := draw(s, fenceStart(src, fc.Info.Segment.Start)); html != "" {
				replace = append(replace, replacement{fc, &handledBlock{info: metaBindBlock, html: `<p class="mb-block">` + html + `</p>`}})
			}
			return ast.WalkSkipChildren, nil
		}
		span, ok := n.(*ast.CodeSpan)
		if !ok {
			return ast.WalkContinue, nil
		}
		first, s := codeSpanText(span, src)
		if first == nil || !field(s) {
			return ast.WalkSkipChildren, nil
		}
		// the span's backtick is one byte before its text
		if html := draw(s, first.Segment.Start-1); html != "" {
			replace = append(replace, replacement{span, &metaBindInline{trustedInline{html: html}, fieldText(html, s)}})
		}
		return ast.WalkSkipChildren, nil
	})
	for _, r := range replace {
		r.old.Parent().ReplaceChild(r.old.Parent(), r.old, r.new)
	}
}

// metaBindInline is an inline field drawn, with the text it shows where
// only text goes (a heading in the table of contents or in a link's
// preview: PlainText).
type metaBindInline struct {
	trustedInline
	text string
}

// fieldText is the text of a field drawn as html: the text it shows (""
// for a value the note leaves empty), or, for a control that shows no
// text (a toggle, a slider), the field's own text src, as Obsidian's
// outline, which does not run the plugin, shows it.
func fieldText(html, src string) string {
	if s := strings.TrimSpace(stdhtml.UnescapeString(tagsRE.ReplaceAllString(html, ""))); s != "" || !strings.Contains(html, "<input") {
		return s
	}
	return src
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
