// Package kramdown applies kramdown's attribute lists, as Jekyll sites
// write them, in a goldmark pipeline: a block attribute list on the line
// after a block ("{: #id .class}") or at the end of a paragraph gives that
// block its id and the classes of a safe list, and is never printed;
// "{:toc}" (kramdown's table of contents marker) removes the list it ends,
// since the page has a table of contents of its own; a span attribute list
// right after an element ("**x**{: #id .y}", "[a](b){:.y}") gives it its
// id and safe classes (after text it goes, applied to nothing), and is
// never printed either. Block ids count as link targets: the paragraph
// transformer runs in the outline parse too.
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
		// Before the other inline parsers of "{" (Hugo's shortcodes, Liquid).
		parser.WithInlineParsers(util.Prioritized(spanParser{}, 80)),
		parser.WithASTTransformers(util.Prioritized(cleanup{safe: e.SafeClasses}, 90)),
	)
}

// ialRE matches a line that is a block attribute list.
var ialRE = regexp.MustCompile(`^\s*\{:\s*([^}]*)\}\s*$`)

// SpanIAL returns the length of the span attribute list at the start of b
// ("{: #id .x}" and "{:.x}": "{:" up to the first "}" on the line), or 0.
// Its text is never shown: the inline parser takes it whole, before any
// "#" in it could read as an Obsidian tag.
func SpanIAL(b []byte) int {
	if !bytes.HasPrefix(b, []byte("{:")) {
		return 0
	}
	end := bytes.IndexAny(b, "}\n")
	if end < 0 || b[end] != '}' {
		return 0
	}
	return end + 1
}

// StripSpanIALs returns line without its span attribute lists (for readers
// of raw lines, such as the #tags of a page's outline).
func StripSpanIALs(line []byte) []byte {
	i := bytes.Index(line, []byte("{:"))
	if i < 0 {
		return line
	}
	out := append([]byte{}, line[:i]...)
	for rest := line[i:]; len(rest) > 0; {
		if n := SpanIAL(rest); n > 0 {
			rest = rest[n:]
			continue
		}
		j := bytes.Index(rest[1:], []byte("{:"))
		if j < 0 {
			return append(out, rest...)
		}
		out, rest = append(out, rest[:j+1]...), rest[j+1:]
	}
	return out
}

// SpanIDs returns the ids the span attribute lists of a line of Markdown
// give, for readers of raw lines (the link targets of a page's outline,
// which parses no inline markup): those of lists right after the closing
// mark of an element ("**x**{: #id}", "`c`{:#id}", "[a](b){:#id}"); a list
// after text gives none. Emphasis written with a literal "*" is an element
// here and text when rendered: rare enough in a rules page.
func SpanIDs(line []byte) []string {
	var ids []string
	for i := bytes.Index(line, []byte("{:")); i >= 0; {
		n := SpanIAL(line[i:])
		j := i
		for j > 0 && line[j-1] == '}' { // after another list: look before it
			k := bytes.LastIndex(line[:j], []byte("{:"))
			if k < 0 || SpanIAL(line[k:]) != j-k {
				break
			}
			j = k
		}
		if n > 0 && j > 0 && bytes.IndexByte([]byte("*_`)]~="), line[j-1]) >= 0 {
			for _, tok := range strings.Fields(string(line[i+2 : i+n-1])) {
				if strings.HasPrefix(tok, "#") && len(tok) > 1 {
					ids = append(ids, tok[1:])
				}
			}
		}
		next := bytes.Index(line[i+2:], []byte("{:"))
		if next < 0 {
			break
		}
		i += 2 + next
	}
	return ids
}

// kindSpanIAL is the AST kind of a span attribute list.
var kindSpanIAL = ast.NewNodeKind("KramdownSpanIAL")

// spanIAL is a span attribute list, until the cleanup applies it to the
// element before it and removes it.
type spanIAL struct {
	ast.BaseInline
	attrs string // what is between "{:" and "}"
}

// Kind implements ast.Node.
func (n *spanIAL) Kind() ast.NodeKind { return kindSpanIAL }

// Dump implements ast.Node.
func (n *spanIAL) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"attrs": n.attrs}, nil)
}

// spanParser reads span attribute lists.
type spanParser struct{}

func (spanParser) Trigger() []byte { return []byte{'{'} }

func (spanParser) Parse(_ ast.Node, block text.Reader, _ parser.Context) ast.Node {
	line, _ := block.PeekLine()
	n := SpanIAL(line)
	if n == 0 {
		return nil
	}
	block.Advance(n)
	return &spanIAL{attrs: string(line[2 : n-1])}
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

// cleanup removes the lists that {:toc} ends, and applies span attribute
// lists to the element right before them (see Extension) and removes them.
type cleanup struct{ safe map[string]bool }

// Transform implements parser.ASTTransformer.
func (c cleanup) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	var lists []ast.Node
	var spans []*spanIAL
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if _, ok := n.Attribute(tocKey); ok {
			lists = append(lists, n)
			return ast.WalkSkipChildren, nil
		}
		if s, ok := n.(*spanIAL); ok {
			spans = append(spans, s)
		}
		return ast.WalkContinue, nil
	})
	for _, s := range spans {
		// The element: the sibling before, past other lists of it
		// ("`code`{:#id}{:.class}"); text is no element.
		target := s.PreviousSibling()
		for target != nil && target.Kind() == kindSpanIAL {
			target = target.PreviousSibling()
		}
		if target != nil && target.Kind() != ast.KindText && target.Kind() != ast.KindString {
			blockIAL{safe: c.safe}.apply(target, s.attrs, pc)
		}
	}
	for _, s := range spans {
		s.Parent().RemoveChild(s.Parent(), s)
	}
	for _, l := range lists {
		if p := l.Parent(); p != nil {
			p.RemoveChild(p, l)
		}
	}
}
