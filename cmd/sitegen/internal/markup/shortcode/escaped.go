package shortcode

import (
	"regexp"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// escapedRE matches a shortcode written to be shown, not run:
// {{</* name */>}} or {{%/* name */%}}. Hugo prints it without its
// comment marks, in code and in text alike (measured, Hugo 0.111:
// "`{{</* version-warning type="new" */>}}`" is
// <code>{{&lt; version-warning type=&quot;new&quot; &gt;}}</code>).
var escapedRE = regexp.MustCompile(`\{\{[<%]/\*.*?\*/[>%]\}\}`)

// escapedCalls shows each escaped shortcode as Hugo prints it: the
// segments of its text and code lines are cut around its "/*" and "*/".
type escapedCalls struct{}

func (escapedCalls) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var texts []*ast.Text
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Text:
			if escapedRE.Match(n.Segment.Value(src)) {
				texts = append(texts, n)
			}
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := n.Lines()
			var out *text.Segments
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				parts := unescaped(seg, src)
				if out == nil && len(parts) > 1 {
					out = text.NewSegments()
					for j := 0; j < i; j++ {
						out.Append(lines.At(j))
					}
				}
				if out != nil {
					for _, p := range parts {
						out.Append(p)
					}
				}
			}
			if out != nil {
				n.SetLines(out)
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	for _, t := range texts {
		parts := unescaped(t.Segment, src)
		parent := t.Parent()
		for i, p := range parts {
			nt := ast.NewTextSegment(p)
			if i == len(parts)-1 {
				nt.SetSoftLineBreak(t.SoftLineBreak())
				nt.SetHardLineBreak(t.HardLineBreak())
			}
			nt.SetRaw(t.IsRaw())
			parent.InsertBefore(parent, t, nt)
		}
		parent.RemoveChild(parent, t)
	}
}

// unescaped cuts seg around the comment marks of the escaped shortcodes in
// it: seg alone when it has none.
func unescaped(seg text.Segment, src []byte) []text.Segment {
	v := seg.Value(src)
	ms := escapedRE.FindAllIndex(v, -1)
	if ms == nil {
		return []text.Segment{seg}
	}
	var out []text.Segment
	last := 0
	for _, m := range ms {
		// "{{<" kept, "/*" cut, the inside kept, "*/" cut, ">}}" kept.
		before := text.NewSegment(seg.Start+last, seg.Start+m[0]+3)
		if last == 0 {
			before.Padding = seg.Padding // a code line's leading tab columns
		}
		out = append(out, before,
			text.NewSegment(seg.Start+m[0]+5, seg.Start+m[1]-5),
			text.NewSegment(seg.Start+m[1]-3, seg.Start+m[1]))
		last = m[1]
	}
	if last < len(v) {
		out = append(out, text.NewSegment(seg.Start+last, seg.Stop))
	}
	return out
}
