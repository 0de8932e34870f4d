// Package kramdown applies kramdown's attribute lists, as Jekyll sites
// write them, in a goldmark pipeline: a block attribute list on the line
// after a block ("{: #id .class}") or at the end of a paragraph gives that
// block its id and the classes of a safe list, and is never printed;
// "{:toc}" (kramdown's table of contents marker) removes the list it ends,
// since the page has a table of contents of its own; a span attribute list
// after inline text ("**x**{: .y}") is dropped. Ids count as link targets:
// the paragraph transformer runs in the outline parse too.
package kramdown

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Extension adds kramdown's attribute lists to a goldmark instance.
type Extension struct {
	// SafeClasses are the classes an attribute list may give; others are
	// dropped.
	SafeClasses map[string]bool
}

// Extend implements goldmark.Extender.
func (e Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		// Before goldmark's link reference definitions (100): an IAL
		// paragraph is not a definition either way.
		parser.WithParagraphTransformers(util.Prioritized(blockIAL{safe: e.SafeClasses}, 50)),
		parser.WithASTTransformers(util.Prioritized(cleanup{}, 90)),
	)
}

// ialRE matches a line that is a block attribute list.
var ialRE = regexp.MustCompile(`^\s*\{:\s*([^}]*)\}\s*$`)

// spanIALRE matches a span attribute list in a text.
var spanIALRE = regexp.MustCompile(`\{:[^}]*\}`)

// dropSpanIALs cuts the span attribute lists out of t, splitting it where
// one is in the middle. A list that goes on over the next texts (the
// typographer splits text at "-" and ".") is cut out of them too.
func dropSpanIALs(t *ast.Text, src []byte) {
	if t.Parent() == nil { // cut out with an earlier list
		return
	}
	joinSplitIAL(t, src)
	for {
		loc := spanIALRE.FindIndex(t.Segment.Value(src))
		if loc == nil {
			return
		}
		seg := t.Segment
		switch {
		case loc[0] == 0 && loc[1] == seg.Len():
			t.Parent().RemoveChild(t.Parent(), t)
			return
		case loc[0] == 0:
			t.Segment = seg.WithStart(seg.Start + loc[1])
		case loc[1] == seg.Len():
			t.Segment = seg.WithStop(seg.Start + loc[0])
			return
		default:
			rest := ast.NewTextSegment(seg.WithStart(seg.Start + loc[1]))
			rest.SetSoftLineBreak(t.SoftLineBreak())
			t.SetSoftLineBreak(false)
			t.Segment = seg.WithStop(seg.Start + loc[0])
			t.Parent().InsertAfter(t.Parent(), t, rest)
			t = rest
		}
	}
}

// joinSplitIAL, when t holds the start of a span attribute list that ends
// in a later text sibling, moves the rest of it into t: t's segment grows
// to the closing brace and the texts in between go (their segments are
// contiguous in the source).
func joinSplitIAL(t *ast.Text, src []byte) {
	v := t.Segment.Value(src)
	i := bytes.LastIndex(v, []byte("{:"))
	if i < 0 || bytes.IndexByte(v[i:], '}') >= 0 {
		return
	}
	var between []*ast.Text
	for n := t.NextSibling(); n != nil; n = n.NextSibling() {
		next, ok := n.(*ast.Text)
		if !ok || next.Segment.Start != t.Segment.Stop+segLen(between) {
			return
		}
		if j := bytes.IndexByte(next.Segment.Value(src), '}'); j >= 0 {
			for _, b := range between {
				b.Parent().RemoveChild(b.Parent(), b)
			}
			t.Segment = t.Segment.WithStop(next.Segment.Start + j + 1)
			next.Segment = next.Segment.WithStart(next.Segment.Start + j + 1)
			if next.Segment.Len() == 0 {
				t.SetSoftLineBreak(next.SoftLineBreak())
				next.Parent().RemoveChild(next.Parent(), next)
			}
			return
		}
		between = append(between, next)
	}
}

// segLen is the length of the texts' segments together.
func segLen(ts []*ast.Text) int {
	n := 0
	for _, t := range ts {
		n += t.Segment.Len()
	}
	return n
}

// NoTOC is the attribute {: .no_toc } gives a heading: the page's table of
// contents leaves it out (it is not rendered).
var NoTOC = []byte("kramdown-no-toc")

// tocKey marks a paragraph that ended in {:toc}.
var tocKey = []byte("kramdown-toc")

type blockIAL struct{ safe map[string]bool }

// Transform implements parser.ParagraphTransformer.
func (t blockIAL) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines := node.Lines()
	if lines.Len() == 0 {
		return
	}
	src := reader.Source()
	if lines.Len() > 1 { // {: .x } on the line before a paragraph's text: that paragraph's
		if first := lines.At(0); ialRE.Match(first.Value(src)) {
			m := ialRE.FindSubmatch(first.Value(src))
			rest := text.NewSegments()
			for i := 1; i < lines.Len(); i++ {
				rest.Append(lines.At(i))
			}
			node.SetLines(rest)
			t.apply(node, string(m[1]), pc)
			lines = node.Lines()
		}
	}
	last := lines.At(lines.Len() - 1)
	m := ialRE.FindSubmatch(last.Value(src))
	if m == nil {
		return
	}
	target := ast.Node(node)
	if lines.Len() == 1 { // the whole paragraph: it applies to the block before
		target = node.PreviousSibling()
		node.Parent().RemoveChild(node.Parent(), node)
	} else {
		lines.SetSliced(0, lines.Len()-1)
	}
	if target != nil {
		t.apply(target, string(m[1]), pc)
	}
}

// apply gives n the id and safe classes of the attribute list ial.
func (t blockIAL) apply(n ast.Node, ial string, pc parser.Context) {
	var classes []string
	for _, tok := range strings.Fields(ial) {
		switch {
		case tok == "toc":
			// The list it ends goes (a tight list's paragraphs are
			// replaced later, so the mark goes on the list).
			for a := n; a != nil; a = a.Parent() {
				if a.Kind() == ast.KindList {
					a.SetAttribute(tocKey, true)
					break
				}
			}
		case strings.HasPrefix(tok, "#") && len(tok) > 1:
			id := tok[1:]
			n.SetAttributeString("id", []byte(id))
			pc.IDs().Put([]byte(id))
		case tok == ".no_toc":
			n.SetAttribute(NoTOC, true)
		case strings.HasPrefix(tok, ".") && t.safe[tok[1:]]:
			classes = append(classes, tok[1:])
		}
	}
	if len(classes) > 0 {
		n.SetAttributeString("class", []byte(strings.Join(classes, " ")))
	}
}

// cleanup removes the lists that {:toc} ends and span attribute lists.
type cleanup struct{}

// Transform implements parser.ASTTransformer.
func (cleanup) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var lists []ast.Node
	var texts []*ast.Text
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if _, ok := n.Attribute(tocKey); ok {
			lists = append(lists, n)
			return ast.WalkSkipChildren, nil
		}
		if t, ok := n.(*ast.Text); ok && bytes.Contains(t.Segment.Value(src), []byte("{:")) {
			texts = append(texts, t)
		}
		return ast.WalkContinue, nil
	})
	for _, t := range texts {
		dropSpanIALs(t, src)
	}
	for _, l := range lists {
		if p := l.Parent(); p != nil {
			p.RemoveChild(p, l)
		}
	}
}
