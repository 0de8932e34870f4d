// Package kramdown applies kramdown's attribute lists, as Jekyll sites
// write them, in a goldmark pipeline: a block attribute list on the line
// after a block ("{: #id .class}") or at the end of a paragraph gives that
// block its id and the classes of a safe list, and is never printed;
// "{:toc}" (kramdown's table of contents marker) replaces the list it ends
// with a TOCList, which package markup fills with the page's headings; a span attribute list
// right after an element ("**x**{: #id .y}", "[a](b){:.y}") gives it its
// id and safe classes (after text it goes, applied to nothing), and is
// never printed either. Block ids count as link targets: the paragraph
// transformer runs in the outline parse too.
//
// The same extension reads Python-Markdown's attr_list (MkDocs'
// markdown_extensions: [attr_list]) when AttrList is set, by that
// extension's rules (https://python-markdown.github.io/extensions/attr_list/):
// the colon is optional ("{ #id .class key=value }"); a block's list is
// the last line of the block by itself (a paragraph's) or the end of a
// heading's line; an inline element's follows it with no space between;
// a list anywhere else is text, as Python-Markdown leaves it. In both
// syntaxes a key=value pair is kept when Attr (the sanitiser's rule)
// allows it on the element, so no event handler, style or URL is ever
// set by one.
package kramdown

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Extension adds kramdown's attribute lists to a goldmark instance.
type Extension struct {
	// SafeClasses are the classes an attribute list may give; others are
	// dropped.
	SafeClasses map[string]bool
	// AttrList reads Python-Markdown's attr_list instead of kramdown's
	// lists (see the package comment).
	AttrList bool
	// Attr says whether the pair key="val" may be set on the HTML element
	// elem ("img", "a", "h2", "p"); nil keeps none. Never asked for id
	// and class, which the list's #id and .class give, nor for href and
	// src, which the element's Markdown gives.
	Attr func(elem, key, val string) bool
}

// Extend implements goldmark.Extender.
func (e Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		// Before goldmark's link reference definitions (100): an IAL
		// paragraph is not a definition either way.
		parser.WithParagraphTransformers(util.Prioritized(blockIAL{e}, 50)),
		// Before the other inline parsers of "{" (Hugo's shortcodes, Liquid).
		parser.WithInlineParsers(util.Prioritized(spanParser{attrList: e.AttrList}, 80)),
		parser.WithASTTransformers(util.Prioritized(cleanup{e}, 90)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(tocRenderer{}, 100)))
}

// tocRenderer renders a TOCList left alone (no page to fill it): nothing.
type tocRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (tocRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindTOCList, func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
		return ast.WalkSkipChildren, nil
	})
}

// ialRE matches a line that is a block attribute list; attrListRE one
// of attr_list (BLOCK_RE: the colon optional, no space or "}" first).
var (
	ialRE      = regexp.MustCompile(`^\s*\{:\s*([^}]*)\}\s*$`)
	attrListRE = regexp.MustCompile(`^[ ]*\{:?[ ]*([^}\n ][^}\n]*?)[ ]*\}[ ]*$`)
)

// attrListSpan is attr_list's INLINE_RE: a list at the start of the
// text after an inline element.
var attrListSpan = regexp.MustCompile(`^\{:?[ ]*([^}\n ][^}\n]*?)[ ]*\}`)

// ownAttrs are the attributes a list's key=value never sets: those its
// #id and .class give, and the URLs the element's own Markdown gives.
var ownAttrs = []string{"id", "class", "href", "src"}

// attrToken is one item of a list: #id, .class, key=value, key="value",
// key='value', or a word.
var attrToken = regexp.MustCompile(`([\w:.-]+)=("[^"]*"|'[^']*'|[^\s"'}]+)|\S+`)

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

// AttrListIDs is SpanIDs for attr_list's lists ("[a](b){ #id }",
// "*x*{: #id}"), for readers of raw lines; with heading, the line is a
// heading's text, whose list at the end ("Rules {: #rules }") gives the
// heading its id.
func AttrListIDs(line []byte, heading bool) []string {
	var ids []string
	add := func(list string) {
		for _, m := range attrToken.FindAllStringSubmatch(list, -1) {
			if tok := m[0]; m[1] == "" && strings.HasPrefix(tok, "#") && len(tok) > 1 {
				ids = append(ids, tok[1:])
			}
		}
	}
	for i := bytes.IndexByte(line, '{'); i >= 0; {
		if m := attrListSpan.FindSubmatchIndex(line[i:]); m != nil {
			switch {
			case i > 0 && bytes.IndexByte([]byte("*_`)]~="), line[i-1]) >= 0:
				add(string(line[i+m[2] : i+m[3]]))
			case heading && i > 0 && line[i-1] == ' ' && len(bytes.TrimSpace(line[i+m[1]:])) == 0:
				add(string(line[i+m[2] : i+m[3]]))
			}
		}
		next := bytes.IndexByte(line[i+1:], '{')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return ids
}

// kindSpanIAL is the AST kind of a span attribute list.
var kindSpanIAL = ast.NewNodeKind("KramdownSpanIAL")

// spanIAL is a span attribute list, until the cleanup applies it to the
// element before it and removes it.
type spanIAL struct {
	ast.BaseInline
	attrs string       // what is between "{:" and "}"
	seg   text.Segment // its source (attr_list: shown as text where it applies to nothing)
}

// Kind implements ast.Node.
func (n *spanIAL) Kind() ast.NodeKind { return kindSpanIAL }

// Dump implements ast.Node.
func (n *spanIAL) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"attrs": n.attrs}, nil)
}

// spanParser reads span attribute lists.
type spanParser struct{ attrList bool }

func (spanParser) Trigger() []byte { return []byte{'{'} }

func (p spanParser) Parse(_ ast.Node, block text.Reader, _ parser.Context) ast.Node {
	line, seg := block.PeekLine()
	if p.attrList {
		m := attrListSpan.FindSubmatchIndex(line)
		if m == nil {
			return nil
		}
		block.Advance(m[1])
		return &spanIAL{attrs: string(line[m[2]:m[3]]), seg: text.NewSegment(seg.Start, seg.Start+m[1])}
	}
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

type blockIAL struct{ Extension }

// Transform implements parser.ParagraphTransformer.
func (t blockIAL) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines := node.Lines()
	if lines.Len() == 0 {
		return
	}
	src := reader.Source()
	if t.AttrList {
		// "the attribute list should be defined on the last line of the
		// block by itself": a line before it is needed.
		if last := lines.At(lines.Len() - 1); lines.Len() > 1 {
			if m := attrListRE.FindSubmatch(bytes.TrimRight(last.Value(src), "\r\n")); m != nil {
				lines.SetSliced(0, lines.Len()-1)
				t.apply(node, string(m[1]), pc)
			}
		}
		return
	}
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

// apply gives n the id and safe classes of the attribute list ial, and
// the key=value pairs Attr allows.
func (t blockIAL) apply(n ast.Node, ial string, pc parser.Context) {
	var classes []string
	for _, m := range attrToken.FindAllStringSubmatch(ial, -1) {
		tok := m[0]
		switch {
		case m[1] != "":
			key, val := m[1], strings.Trim(m[2], `"'`)
			if len(m[2]) >= 2 && m[2][0] == m[2][len(m[2])-1] && (m[2][0] == '"' || m[2][0] == '\'') {
				val = m[2][1 : len(m[2])-1]
			}
			if k := strings.ToLower(key); !slices.Contains(ownAttrs, k) && t.Attr != nil && t.Attr(element(n), k, val) {
				n.SetAttributeString(k, []byte(val))
			}
		case tok == "toc" && !t.AttrList:
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
		case tok == ".no_toc" && !t.AttrList:
			n.SetAttribute(NoTOC, true)
		case strings.HasPrefix(tok, ".") && t.SafeClasses[tok[1:]]:
			classes = append(classes, tok[1:])
		}
	}
	if len(classes) > 0 {
		n.SetAttributeString("class", []byte(strings.Join(classes, " ")))
	}
}

// cleanup replaces the lists that {:toc} ends with a TOCList, and applies span attribute
// lists to the element right before them (see Extension) and removes them.
type cleanup struct{ Extension }

// Transform implements parser.ASTTransformer.
func (c cleanup) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
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
		switch {
		case target != nil && target.Kind() != ast.KindText && target.Kind() != ast.KindString:
			blockIAL{c.Extension}.apply(target, s.attrs, pc)
		case c.AttrList && s.NextSibling() == nil && s.Parent().Kind() == ast.KindHeading && trimSpaceBefore(s, src):
			// HEADER_RE: "## Title {: #id }" at the end of the line.
			blockIAL{c.Extension}.apply(s.Parent(), s.attrs, pc)
		case c.AttrList: // after text: Python-Markdown shows it as it is
			s.Parent().ReplaceChild(s.Parent(), s, ast.NewTextSegment(s.seg))
		}
	}
	for _, s := range spans {
		if s.Parent() != nil {
			s.Parent().RemoveChild(s.Parent(), s)
		}
	}
	for _, l := range lists {
		if p := l.Parent(); p != nil {
			toc := &TOCList{}
			if list, ok := l.(*ast.List); ok {
				toc.Marker = list.Marker
			}
			p.ReplaceChild(p, l, toc)
		}
	}
}

// KindTOCList is the AST kind of a TOCList.
var KindTOCList = ast.NewNodeKind("KramdownTOC")

// TOCList stands where a list ended in {:toc}: "kramdown supports the
// automatic generation of the table of contents of all headers that have
// an ID set. Just assign the reference name 'toc' to an ordered or
// unordered list by using an IAL and the list will be replaced with the
// actual table of contents" (https://kramdown.gettalong.org/converter/html.html#toc).
// Package markup replaces it with that list once the page's headings are
// final; left alone it renders nothing.
type TOCList struct {
	ast.BaseBlock
	// Marker is the list's marker ('*', '-', '+' unordered; '.' or ')'
	// ordered), as the table of contents keeps the list's kind.
	Marker byte
}

// Kind implements ast.Node.
func (n *TOCList) Kind() ast.NodeKind { return KindTOCList }

// Dump implements ast.Node.
func (n *TOCList) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"marker": string(n.Marker)}, nil)
}

// trimSpaceBefore removes the spaces between a heading's text and the
// list s that ends it, and reports whether there were any (attr_list's
// HEADER_RE wants one at least) or s is the heading's whole text.
func trimSpaceBefore(s *spanIAL, src []byte) bool {
	prev, ok := s.PreviousSibling().(*ast.Text)
	if !ok {
		return s.PreviousSibling() == nil
	}
	v := prev.Segment.Value(src)
	trimmed := bytes.TrimRight(v, " ")
	if len(trimmed) == len(v) {
		return false
	}
	prev.Segment = prev.Segment.WithStop(prev.Segment.Start + len(trimmed))
	return true
}

// element is the HTML element a node is rendered as, for Attr.
func element(n ast.Node) string {
	switch n := n.(type) {
	case *ast.Image:
		return "img"
	case *ast.Link, *ast.AutoLink:
		return "a"
	case *ast.Emphasis:
		if n.Level == 2 {
			return "strong"
		}
		return "em"
	case *ast.CodeSpan:
		return "code"
	case *ast.Heading:
		return "h" + string(rune('0'+min(max(n.Level, 1), 6)))
	case *ast.Paragraph:
		return "p"
	case *ast.Blockquote:
		return "blockquote"
	case *ast.List:
		if n.IsOrdered() {
			return "ol"
		}
		return "ul"
	case *ast.ListItem:
		return "li"
	}
	return "span"
}
