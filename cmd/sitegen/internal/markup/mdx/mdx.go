// Package mdx reads the MDX of Docusaurus pages with goldmark: what MDX
// adds to Markdown is taken out of the text, never printed.
//
//   - import and export statements (a block starting with `import ` or
//     `export ` at the left margin, to the next blank line) are dropped;
//   - {/* comments */}, on lines of their own or in running text, are
//     dropped;
//   - a JSX element on lines of its own (<Tabs>, <TabItem value="a"
//     label="A">, <Admonition type="tip" title="T">, their closing tags,
//     an opening tag over several lines) is an Element node whose children
//     are the Markdown up to its closing tag; markup renders the common
//     docs components and keeps the content of any other, with a warning
//     at its line; a self-closing component on a line of its own
//     (<Foo prop="x" />) is an Element without children: one markup
//     renders (Known: Docusaurus's <DocCardList />) is markup's, any
//     other is shown as the text of its props (nothing when it has
//     none), as in running text, with a warning;
//   - a component tag in running text (<Highlight color="x">text</Highlight>)
//     is dropped and its text kept, with a warning; a self-closing one
//     (<Role MARIN />, which has no text) is shown as the text of its
//     props (string values, bare prop names), or nothing when it has
//     none (<GooglyLogo />), with a warning;
//   - a heading's explicit id written \{#id} or {/* #id */} at its end
//     is its id, not text (headingid.go).
//   - an attribute written as an expression is read when it is a string
//     (a string or template literal, or the name of a string constant
//     the page's export lines declare: expr.go); what is not read is in
//     Element.Unread, for markup to report at the tag.
//
// <details> and, inside it, <summary> on lines of their own are elements
// too (MDX reads their children as Markdown; markup renders them as a
// collapsible callout); a one-line <summary>text</summary> holds its text
// as inline Markdown. A lower-case element on lines of its own whose
// opening tag has an attribute written as a JSX expression (<div
// style={{…}}>) is JSX too: an Element whose children are Markdown, made
// raw HTML around them once its closing tag is read (jsxElements), its
// style object rendered as CSS as in raw HTML (JSXAttrs); an <a> is the
// link around its content, and one without a closing tag keeps its
// content alone, with one warning per page. Other lower-case tags
// are HTML (<div>, <br/>) and stay with goldmark's raw HTML, whose JSX
// expression attributes (<h3 style={{color: 'red'}}>title</h3>) are read
// by JSXAttrs (style.go) before raw HTML's allowlist.
package mdx

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Warn reports a problem at a source offset of the page being parsed.
type Warn func(pc parser.Context, offset int, msg string)

// Extension adds MDX to a goldmark instance.
type Extension struct {
	// Known are the components markup renders; any other element's
	// content is kept with a warning.
	Known map[string]bool
	// Marks are the self-closing components that stand for the value of
	// one of their props (name -> prop: Starlight's <Badge text="New" />
	// shows "New"), shown without a warning; a prop of "" shows nothing
	// (Starlight's <Icon name="star" />, a picture).
	Marks map[string]string
	Warn  Warn
	// Base is the site's url and baseUrl useBaseUrl(…) reads.
	Base BaseURL
}

// BaseURL is a Docusaurus site's url and baseUrl settings
// (https://docusaurus.io/docs/api/docusaurus-config#url): Site
// "https://example.org", Base "/" or "/rules/" ("" is read as "/").
type BaseURL struct{ Site, Base string }

// Extend implements goldmark.Extender.
func (e Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(
			util.Prioritized(esmParser{}, 85),
			util.Prioritized(commentParser{}, 86),
			util.Prioritized(&elementParser{ext: e}, 87),
			util.Prioritized(exprTagParser{}, 88),
			util.Prioritized(indentedParagraph{parser.NewParagraphParser()}, 999),
		),
		parser.WithInlineParsers(util.Prioritized(&inlineParser{ext: e}, 88)),
		parser.WithASTTransformers(util.Prioritized(headingIDs{}, 100), util.Prioritized(jsxElements{warn: e.Warn}, 97), util.Prioritized(flowExpressions{}, 98)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}

// Off, set in a parser context, reads that page as Markdown, not MDX: its
// import lines are text, its component tags raw HTML (Starlight's .md
// files, where only .mdx files are MDX).
var Off = parser.NewContextKey()

// off reports whether pc's page is read as Markdown (Off).
func off(pc parser.Context) bool { return pc != nil && pc.Get(Off) != nil }

// KindDropped is the AST kind of MDX that renders nothing.
var KindDropped = ast.NewNodeKind("MDXDropped")

// Dropped is an import/export block, a comment or a self-closing
// component.
type Dropped struct {
	ast.BaseBlock
	// Import is set on a block of import statements (Docusaurus takes a
	// page's title from a # heading after them, not after anything else).
	Import bool
	lines  []text.Segment // an import/export block's lines (its exported constants are read)
}

// Kind implements ast.Node.
func (n *Dropped) Kind() ast.NodeKind { return KindDropped }

// Dump implements ast.Node.
func (n *Dropped) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// KindElement is the AST kind of a JSX element on lines of its own.
var KindElement = ast.NewNodeKind("MDXElement")

// Element is a JSX element written on lines of its own; its children are
// its content.
type Element struct {
	ast.BaseBlock
	Name  string
	Attrs map[string]string // string attributes; a bare one ("default") is "true"
	// Unread names, for an attribute written as an expression that is
	// not all read (expr.go), what was not: the expression as written
	// (its value in Attrs is then ""), or a template literal's
	// substitutions (${HASH}, kept as written in its value).
	Unread map[string]string
	Line   int // offset of its opening tag, for messages
	// pending is true while its opening tag continues on further lines.
	pending bool
	tag     []byte // the opening tag read so far
	closed  bool
	// SelfClosing is set for <Foo ... /> (no children); Mark is then the
	// text shown for it when markup does not render it: its props (string
	// values, bare prop names), "" for none.
	SelfClosing bool
	Mark        string
	// lower is set for a lower-case element read as JSX (jsxHTML);
	// jsxAttr is then the name of its first attribute written as an
	// expression ("" for none), open and shut the source lines of its
	// opening and closing tags (shut empty until one closes it), which
	// jsxElements makes raw HTML.
	lower   bool
	jsxAttr string
	open    []text.Segment
	shut    text.Segment
	// Href is, for an <a> read as JSX (<a href="./x" style={{…}}>), its
	// href: as written, until the page's links resolve it (markup's
	// linkTransformer; "" when it links nowhere). The element is then
	// rendered as the link around its content, as React renders it.
	Href string
}

// Kind implements ast.Node.
func (n *Element) Kind() ast.NodeKind { return KindElement }

// Dump implements ast.Node.
func (n *Element) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Name": n.Name}, nil)
}

// IndentedCodeBlocks wraps goldmark's indented code block parser for a
// site that reads MDX, which has no indented code ("Indented code blocks
// are not supported", https://mdxjs.com/docs/what-is-mdx/#markdown): on
// an MDX page it opens nothing, and indentedParagraph reads such lines as
// text; on a page read as Markdown (Off: Starlight's .md files) it is
// goldmark's, as Astro's Markdown makes such a block code. The caller
// puts it in place of goldmark's parser.
func IndentedCodeBlocks(p parser.BlockParser) parser.BlockParser { return indentedCode{p} }

type indentedCode struct{ parser.BlockParser }

func (p indentedCode) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	if !off(pc) {
		return nil, parser.NoChildren
	}
	return p.BlockParser.Open(parent, reader, pc)
}

// FencedCodeBlocks wraps goldmark's fenced code block parser for a site
// that reads MDX, which has no indented code: on an MDX page a fence
// indented by four spaces or more (inside a <TabItem>) opens a fenced
// code block, which a fence as indented closes, as micromark reads it
// where codeIndented is disabled (its code-fenced construct then takes
// any indent); on a page read as Markdown (Off) such a line stays
// indented code. The caller puts it in place of goldmark's parser.
func FencedCodeBlocks(p parser.BlockParser) parser.BlockParser { return fencedCode{p} }

type fencedCode struct{ parser.BlockParser }

// indentedFenceKey holds, in a parser context, the open fenced code
// block an indented fence opened (its fence character and length).
var indentedFenceKey = parser.NewContextKey()

type indentedFence struct {
	node   ast.Node
	char   byte
	length int
}

func (p fencedCode) CanAcceptIndentedLine() bool { return true }

func (p fencedCode) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	indented := pc.BlockIndent() >= 4
	if indented && off(pc) {
		return nil, parser.NoChildren
	}
	line, _ := reader.PeekLine()
	pos := pc.BlockOffset()
	n, st := p.BlockParser.Open(parent, reader, pc)
	if n != nil && indented && pos >= 0 && pos < len(line) {
		i := pos
		for i < len(line) && line[i] == line[pos] {
			i++
		}
		pc.Set(indentedFenceKey, &indentedFence{node: n, char: line[pos], length: i - pos})
	}
	return n, st
}

func (p fencedCode) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	if f, ok := pc.Get(indentedFenceKey).(*indentedFence); ok && f.node == node {
		line, _ := reader.PeekLine()
		if w, pos := util.IndentWidth(line, reader.LineOffset()); w >= 4 {
			i := pos
			for i < len(line) && line[i] == f.char {
				i++
			}
			if i-pos >= f.length && util.IsBlank(line[i:]) {
				reader.AdvanceToEOL()
				pc.Set(indentedFenceKey, nil)
				return parser.Close
			}
		}
	}
	return p.BlockParser.Continue(node, reader, pc)
}

// HTMLBlocks wraps goldmark's HTML block parser for an MDX page, which
// has no HTML blocks: "MDX … is Markdown + JSX", and a component's
// children are Markdown ("markdown inside JSX",
// https://mdxjs.com/docs/what-is-mdx/). A CommonMark HTML block (<br/>
// alone on its line: kind 7, to the next blank line) ends before a line
// that opens a JSX element (elementParser's: a component, <details>, a
// lower-case tag with an expression attribute), which is then that
// element with its Markdown children (dndumb's "<br/>\n<DescriptiveBox>\n
// ##### Dungeon Master", an <h5> in Astro's build). Only the blocks of
// tags (kinds 6 and 7) end so: <pre>, <script> and comments stay raw to
// their end. The caller puts it in place of goldmark's parser.
func HTMLBlocks(p parser.BlockParser) parser.BlockParser { return htmlBlocks{p} }

type htmlBlocks struct{ parser.BlockParser }

func (p htmlBlocks) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	if h, ok := node.(*ast.HTMLBlock); !ok || (h.HTMLBlockType != ast.HTMLBlockType6 && h.HTMLBlockType != ast.HTMLBlockType7) {
		return p.BlockParser.Continue(node, reader, pc) // <pre>, <script>, a comment: raw to their end
	}
	line, _ := reader.PeekLine()
	rest := util.TrimRightSpace(util.TrimLeftSpace(line))
	if off(pc) {
		return p.BlockParser.Continue(node, reader, pc)
	}
	if componentRE.Match(rest) {
		return parser.Close
	}
	if _, jsx := jsxHTML(rest); jsx {
		return parser.Close
	}
	return p.BlockParser.Continue(node, reader, pc)
}

// exprTagParser reads a line that is one self-closing or void lower-case
// tag with an attribute written as an expression (<img width="555"
// src={useBaseUrl('assets/x.png')} />) as an HTML block of that line:
// CommonMark's HTML block takes only tags whose attribute values are
// HTML's, so the line was a paragraph showing the tag as text, while MDX
// reads it as a JSX element. Its expression attributes are then read as
// raw HTML's are (JSXAttrs).
type exprTagParser struct{}

func (exprTagParser) Trigger() []byte { return []byte{'<'} }

func (exprTagParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	rest := util.TrimRightSpace(util.TrimLeftSpace(line))
	if off(pc) || !htmlTagRE.Match(rest) || !exprAttrRE.Match(rest) {
		return nil, parser.NoChildren
	}
	m := htmlTagRE.FindSubmatch(rest)
	end, selfClosing, ok := tagEnd(rest)
	if !ok || end != len(rest) || !(selfClosing || voidTags[string(m[1])]) {
		return nil, parser.NoChildren
	}
	node := ast.NewHTMLBlock(ast.HTMLBlockType7)
	node.Lines().Append(seg)
	reader.Advance(seg.Len() - 1)
	return node, parser.Close
}

func (exprTagParser) Continue(ast.Node, text.Reader, parser.Context) parser.State {
	return parser.Close
}
func (exprTagParser) Close(ast.Node, text.Reader, parser.Context) {}
func (exprTagParser) CanInterruptParagraph() bool                 { return false }
func (exprTagParser) CanAcceptIndentedLine() bool                 { return false }

// voidTags are HTML's void elements, written without a closing tag.
var voidTags = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true, "input": true,
	"link": true, "meta": true, "source": true, "track": true, "wbr": true,
}

// indentedParagraph is goldmark's paragraph parser for a line indented by
// four spaces or more (inside <TabItem>, say), which MDX reads as text
// (not on a page read as Markdown, Off: there it is code).
type indentedParagraph struct{ parser.BlockParser }

func (p indentedParagraph) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	if pc.BlockIndent() < 4 || off(pc) {
		return nil, parser.NoChildren
	}
	return p.BlockParser.Open(parent, reader, pc)
}

func (indentedParagraph) CanAcceptIndentedLine() bool { return true }

// esmParser drops import and export blocks.
type esmParser struct{}

func (esmParser) Trigger() []byte { return []byte{'i', 'e'} }

var esmRE = regexp.MustCompile(`^(import|export)[\s{*'"]`)

func (esmParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	if off(pc) || parent.Kind() != ast.KindDocument || pc.BlockOffset() != 0 || !esmRE.Match(line) {
		return nil, parser.NoChildren
	}
	reader.Advance(seg.Len() - 1)
	return &Dropped{Import: bytes.HasPrefix(line, []byte("import")), lines: []text.Segment{seg}}, parser.NoChildren
}

func (esmParser) Continue(node ast.Node, reader text.Reader, _ parser.Context) parser.State {
	line, seg := reader.PeekLine()
	if util.IsBlank(line) {
		return parser.Close
	}
	if d, ok := node.(*Dropped); ok && len(d.lines) < 10000 {
		d.lines = append(d.lines, seg)
	}
	reader.Advance(seg.Len() - 1)
	return parser.Continue | parser.NoChildren
}

// Close reads the block's exported string constants (readExports).
func (esmParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	d, ok := node.(*Dropped)
	if !ok || len(d.lines) == 0 {
		return
	}
	src := reader.Source()
	block := src[d.lines[0].Start:d.lines[len(d.lines)-1].Stop]
	d.lines = nil
	if bytes.Contains(block, []byte("export")) {
		readExports(block, pc)
	}
}
func (esmParser) CanInterruptParagraph() bool { return false }
func (esmParser) CanAcceptIndentedLine() bool { return false }

// commentParser drops {/* comments */} that start a line, to the line
// that ends them.
type commentParser struct{}

func (commentParser) Trigger() []byte { return []byte{'{'} }

// commentNode is an open comment block.
type commentNode struct {
	Dropped
	done bool
}

func (commentParser) Open(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	rest := line[pc.BlockOffset():]
	if off(pc) || !bytes.HasPrefix(rest, []byte("{/*")) {
		return nil, parser.NoChildren
	}
	end := bytes.Index(rest, []byte("*/}"))
	if end >= 0 && len(bytes.TrimSpace(rest[end+3:])) > 0 {
		return nil, parser.NoChildren // text after it: the inline parser drops it
	}
	n := &commentNode{done: end >= 0}
	reader.Advance(seg.Len() - 1)
	return n, parser.NoChildren
}

func (commentParser) Continue(node ast.Node, reader text.Reader, _ parser.Context) parser.State {
	n := node.(*commentNode)
	if n.done {
		return parser.Close
	}
	line, seg := reader.PeekLine()
	if bytes.Contains(line, []byte("*/}")) {
		n.done = true
	}
	reader.Advance(seg.Len() - 1)
	return parser.Continue | parser.NoChildren
}

func (commentParser) Close(ast.Node, text.Reader, parser.Context) {}
func (commentParser) CanInterruptParagraph() bool                 { return true }
func (commentParser) CanAcceptIndentedLine() bool                 { return false }

// elementParser reads JSX elements written on lines of their own.
type elementParser struct{ ext Extension }

func (p *elementParser) Trigger() []byte { return []byte{'<'} }

// componentRE matches the start of a component's opening tag: a name
// that starts with a capital letter (JSX's components; lower-case names
// are HTML).
var componentRE = regexp.MustCompile(`^<([A-Z][\w.]*|details|summary)(?:[\s/>]|$)`)

// closingRE matches a closing tag alone on its line (the name is then
// checked against the open element's).
var closingRE = regexp.MustCompile(`^</([A-Za-z][\w.-]*)\s*>\s*$`)

// htmlTagRE matches the start of a lower-case (HTML) opening tag.
var htmlTagRE = regexp.MustCompile(`^<([a-z][\w-]*)(?:[\s>]|$)`)

// exprAttrRE matches an attribute written as a JSX expression: name={.
var exprAttrRE = regexp.MustCompile(`\s([A-Za-z_][\w:-]*)\s*=\s*\{`)

// jsxHTML matches a lower-case element that MDX reads as JSX, whose
// children are Markdown: "HTML syntax doesn't work in MDX as it is
// replaced by JSX" (https://mdxjs.com/docs/what-is-mdx/#markdown), and
// "you can use markdown inside JSX" (https://mdxjs.com/docs/what-is-mdx/),
// so CommonMark's HTML block (raw to the next blank line) does not apply.
// That is an opening tag whole on its line (<div class="indent">), or
// one with an attribute written as an expression (<div style={{
// display: 'grid' }}>), which may go on over lines: "Since all doc files
// are parsed using MDX, anything that looks like HTML is actually JSX.
// Therefore, if you need to inline-style a component, follow JSX flavor
// and provide style objects"
// (https://docusaurus.io/docs/2.x/markdown-features/react). A
// self-closing tag (<img src={…} />), a void element (<br>, <hr>) and
// the elements whose content CommonMark keeps raw (<pre>, <script>,
// <style>, <textarea>) stay HTML, unless a tag with an expression goes
// on over lines (then it shows nothing). It returns the whole match, the
// name and the first expression attribute's name ("" for none).
func jsxHTML(line []byte) ([][]byte, bool) {
	m := htmlTagRE.FindSubmatch(line)
	if m == nil || rawTags[string(m[1])] {
		return nil, false
	}
	end, selfClosing, ok := tagEnd(line)
	whole := ok && end == len(line)
	if !ok { // an opening tag over lines (<a href="x" style={{ …): read as far as written
		end = len(line)
	}
	a := exprAttrRE.FindSubmatch(line[:end])
	if selfClosing || (a == nil && !whole) {
		return nil, false
	}
	var attr []byte
	if a != nil {
		attr = a[1]
	}
	return [][]byte{m[0], m[1], attr}, true
}

// rawTags are the lower-case tags jsxHTML leaves to HTML: void elements,
// which have no children, and those whose content is raw text
// (CommonMark's HTML block kind 1).
var rawTags = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true, "input": true,
	"link": true, "meta": true, "param": true, "source": true, "track": true, "wbr": true,
	"pre": true, "script": true, "style": true, "textarea": true,
}

func (p *elementParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	if off(pc) {
		return nil, parser.NoChildren
	}
	line, seg := reader.PeekLine()
	off := pc.BlockOffset()
	if off < 0 {
		return nil, parser.NoChildren
	}
	rest := util.TrimRightSpace(line[off:])
	m := componentRE.FindSubmatch(rest)
	jsx := false
	if m == nil {
		if m, jsx = jsxHTML(rest); !jsx {
			return nil, parser.NoChildren
		}
	}
	n := &Element{Name: string(m[1]), Line: seg.Start + off}
	if jsx {
		n.lower, n.jsxAttr = true, string(m[2])
	}
	if n.Name == "summary" {
		if d, ok := parent.(*Element); !ok || d.Name != "details" {
			return nil, parser.NoChildren // a <summary> elsewhere stays HTML
		}
	}
	n.tag = append(n.tag, rest...)
	if n.lower {
		n.open = append(n.open, text.NewSegment(seg.Start+off, seg.Stop))
	}
	end, selfClosing, ok := tagEnd(n.tag)
	switch {
	case !ok: // the tag goes on over the next lines
		n.pending = true
	case end != len(n.tag) && n.Name == "details": // <details><summary>…: the rest of the line is its content
		n.tag = n.tag[:end]
		reader.Advance(off + end)
		p.finish(n, selfClosing, pc)
		return n, parser.HasChildren
	case end != len(n.tag) && n.Name == "summary" && bytes.HasSuffix(n.tag, []byte("</summary>")) && seg.Padding == 0:
		// <summary>inline Markdown</summary> on one line: its text is
		// parsed as the element's inline content.
		n.Lines().Append(text.NewSegment(seg.Start+off+end, seg.Start+off+len(n.tag)-len("</summary>")))
		n.tag = n.tag[:end]
		p.finish(n, false, pc)
		n.closed = true
		reader.Advance(seg.Len() - 1)
		return n, parser.NoChildren
	case end != len(n.tag):
		return nil, parser.NoChildren // text after the tag: running text, the inline parser's
	}
	reader.Advance(seg.Len() - 1)
	if ok {
		p.finish(n, selfClosing, pc)
	}
	if n.closed {
		return n, parser.NoChildren
	}
	return n, parser.HasChildren
}

// finish reads the attributes of a complete opening tag.
func (p *elementParser) finish(n *Element, selfClosing bool, pc parser.Context) {
	n.pending = false
	tag := n.tag
	n.Attrs, n.Unread = attrs(tag[len(n.Name)+1:], pc)
	n.tag = nil
	if selfClosing && n.lower { // <img style={{…}}\n/>: no text of its own
		n.closed, n.SelfClosing = true, true
		return
	}
	if selfClosing {
		n.closed, n.SelfClosing = true, true
		if prop, ok := p.ext.Marks[n.Name]; ok {
			n.Mark = n.Attrs[prop]
			return
		}
		var msg string
		n.Mark, msg = selfClosingMark(n.Name, tag[len(n.Name)+1:], pc)
		if !p.ext.Known[n.Name] && p.ext.Warn != nil {
			p.ext.Warn(pc, n.Line, msg)
		}
		return
	}
	if n.lower {
		if n.Name == "a" {
			n.Href = strings.TrimSpace(n.Attrs["href"])
		}
		return // told, or made raw HTML, by jsxElements
	}
	if !p.ext.Known[n.Name] && p.ext.Warn != nil {
		if n.Titled() {
			p.ext.Warn(pc, n.Line, fmt.Sprintf("MDX component <%s> is not rendered: its title is shown as a link to its href, then its content", n.Name))
			return
		}
		p.ext.Warn(pc, n.Line, fmt.Sprintf("MDX component <%s> is not rendered: its content is shown as it is", n.Name))
	}
}

// Titled reports whether the element has a title and an href (a card of
// the site's own, as Starlight's <LinkCard title href>): markup shows its
// title as a link before its content.
func (n *Element) Titled() bool {
	return strings.TrimSpace(n.Attrs["title"]) != "" && strings.TrimSpace(n.Attrs["href"]) != ""
}

// jsxElements makes each lower-case element read as JSX (<div
// style={{…}}> around Markdown) raw HTML around its children: its opening
// tag's lines and its closing tag's line, whose style object markup then
// renders as React does, as it does inside raw HTML (JSXAttrs), with raw
// HTML's allowlist; the children stay Markdown. An <a> (its href checked
// as a link's, rendered around its content) and an element with no
// closing tag keep their content alone, with one warning a page.
type jsxElements struct{ warn Warn }

func (t jsxElements) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	var els []*Element
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if e, ok := n.(*Element); ok && entering && e.lower && !e.SelfClosing {
			els = append(els, e)
		}
		return ast.WalkContinue, nil
	})
	warned := false
	for _, e := range els {
		if e.Name == "a" || e.shut.Len() == 0 || len(e.open) == 0 {
			if warned || t.warn == nil || (e.jsxAttr == "" && e.shut.Len() != 0) {
				continue // a plain <a href>: the link around its content
			}
			warned = true
			if e.jsxAttr != "" {
				t.warn(pc, e.Line, fmt.Sprintf("JSX <%s %s={…}> is read as JSX, not HTML: its %s is not applied, its content is kept (so are the other such elements of the page)", e.Name, e.jsxAttr, e.jsxAttr))
			} else {
				t.warn(pc, e.Line, fmt.Sprintf("<%s> has no closing tag on a line of its own: MDX reads its children as Markdown, which are kept without it (so are the other such elements of the page)", e.Name))
			}
			continue
		}
		parent := e.Parent()
		open := ast.NewHTMLBlock(ast.HTMLBlockType6)
		for _, seg := range e.open {
			open.Lines().Append(seg)
		}
		shut := ast.NewHTMLBlock(ast.HTMLBlockType6)
		shut.Lines().Append(e.shut)
		parent.InsertBefore(parent, e, open)
		for x := e.FirstChild(); x != nil; {
			next := x.NextSibling()
			parent.InsertBefore(parent, e, x)
			x = next
		}
		parent.ReplaceChild(parent, e, shut)
	}
}

// tagEnd finds the end of an opening tag (the byte after its ">"),
// skipping quoted strings and {expressions}; ok is false when the tag
// does not end in b.
func tagEnd(b []byte) (end int, selfClosing, ok bool) {
	i := scanJSX(b, 1, func(c byte, depth int) bool { return c == '>' && depth <= 0 })
	if i < 0 {
		return 0, false, false
	}
	return i + 1, b[i-1] == '/', true
}

// scanJSX walks b from i and returns the index of the first byte outside
// a quoted string at which stop holds (depth: the {expression} nesting
// with that byte counted), -1 for none. A backslash escapes a quote in a
// string inside an expression (JavaScript's), not in an attribute's.
func scanJSX(b []byte, i int, stop func(c byte, depth int) bool) int {
	depth := 0
	var quote byte
	for ; i < len(b); i++ {
		c := b[i]
		switch {
		case quote != 0:
			if c == '\\' && depth > 0 {
				i++
			} else if c == quote {
				quote = 0
			}
			continue
		case c == '"' || c == '\'' || c == '`':
			quote = c
			continue
		case c == '{':
			depth++
		case c == '}':
			depth--
		}
		if stop(c, depth) {
			return i
		}
	}
	return -1
}

// attrs reads the attributes of an opening tag (after its name): their
// values, and what of an expression was not read (Element.Unread).
func attrs(b []byte, pc parser.Context) (values, unread map[string]string) {
	values = map[string]string{}
	for _, a := range tagAttrs(b, pc) {
		values[a.name] = a.value
		if a.unread != "" {
			if unread == nil {
				unread = map[string]string{}
			}
			unread[a.name] = a.unread
		}
	}
	return values, unread
}

func (p *elementParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	n := node.(*Element)
	if n.closed {
		return parser.Close
	}
	line, seg := reader.PeekLine()
	if n.pending {
		if n.lower {
			n.open = append(n.open, text.NewSegment(seg.Start, seg.Stop))
		}
		n.tag = append(append(n.tag, '\n'), util.TrimRightSpace(line)...)
		reader.Advance(seg.Len() - 1)
		if _, selfClosing, ok := tagEnd(n.tag); ok {
			p.finish(n, selfClosing, pc)
			if n.closed {
				return parser.Close
			}
		} else if len(n.tag) > 64<<10 {
			n.pending, n.tag = false, nil // not a tag after all: stop reading it
		}
		return parser.Continue | parser.HasChildren
	}
	if m := closingRE.FindSubmatch(util.TrimLeftSpace(line)); m != nil && string(m[1]) == n.Name && !openInside(n) {
		n.closed = true
		if n.lower {
			n.shut = text.NewSegment(seg.Start, seg.Stop)
		}
		reader.Advance(seg.Len() - 1)
		return parser.Close
	}
	return parser.Continue | parser.HasChildren
}

// openInside reports whether an element of n's name is still open inside
// n (on the chain of last children, where goldmark's open blocks are): a
// closing tag of that name is then the inner one's (<TabItem> in <Tabs>
// in <TabItem>).
func openInside(n *Element) bool {
	for c := n.LastChild(); c != nil; c = c.LastChild() {
		if e, ok := c.(*Element); ok && e.Name == n.Name && !e.closed {
			return true
		}
	}
	return false
}

func (p *elementParser) Close(ast.Node, text.Reader, parser.Context) {}
func (p *elementParser) CanInterruptParagraph() bool                 { return true }
func (p *elementParser) CanAcceptIndentedLine() bool                 { return true }

// inlineParser drops {/* comments */} and component tags in running text
// and reads {expressions} (textexpr.go).
type inlineParser struct{ ext Extension }

func (p *inlineParser) Trigger() []byte { return []byte{'{', '<'} }

// inlineTagRE matches a component's opening, closing or self-closing tag
// in running text.
var inlineTagRE = regexp.MustCompile(`^</?([A-Z][\w.]*)(?:\s+(?:[^<>"'{}]|"[^"]*"|'[^']*'|\{[^{}]*\})*)?\s*/?>`)

// KindInlineDropped is the AST kind of MDX in running text that renders
// nothing.
var KindInlineDropped = ast.NewNodeKind("MDXInlineDropped")

// InlineDropped is a comment or a component tag in running text. Mark,
// when set, is shown in its place as text (a self-closing component's
// props).
type InlineDropped struct {
	ast.BaseInline
	Mark string
}

// Kind implements ast.Node.
func (n *InlineDropped) Kind() ast.NodeKind { return KindInlineDropped }

// Dump implements ast.Node.
func (n *InlineDropped) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

func (p *inlineParser) Parse(_ ast.Node, block text.Reader, pc parser.Context) ast.Node {
	if off(pc) {
		return nil
	}
	line, seg := block.PeekLine()
	if bytes.HasPrefix(line, []byte("{/*")) {
		end := bytes.Index(line, []byte("*/}"))
		if end < 0 {
			return nil
		}
		block.Advance(end + 3)
		return &InlineDropped{}
	}
	if line[0] == '{' {
		return p.parseExpression(line, seg, block, pc)
	}
	if end := exprAttrTagEnd(line); end > 0 {
		// <span style={{…}}> in running text: JSX, which React renders
		// as the element; raw HTML here, whose expression attributes
		// are then read as a block's are (markup's jsxAttrs).
		n := ast.NewRawHTML()
		n.Segments.Append(seg.WithStop(seg.Start + end))
		block.Advance(end)
		return n
	}
	m := inlineTagRE.FindSubmatch(line)
	if m == nil {
		return nil
	}
	tag := m[0]
	block.Advance(len(tag))
	if bytes.HasSuffix(tag, []byte("/>")) { // no children: its props stand for it
		if prop, ok := p.ext.Marks[string(m[1])]; ok {
			values, _ := attrs(tag[len(m[1])+1:], pc)
			return &InlineDropped{Mark: values[prop]}
		}
		mark, msg := selfClosingMark(string(m[1]), tag[len(m[1])+1:], pc)
		if p.ext.Warn != nil {
			// one message per component, so that a build's many uses read as one
			p.ext.Warn(pc, seg.Start, msg)
		}
		return &InlineDropped{Mark: mark}
	}
	if line[1] != '/' && p.ext.Warn != nil {
		p.ext.Warn(pc, seg.Start, fmt.Sprintf("MDX component <%s> is not rendered: its text is shown as it is", m[1]))
	}
	return &InlineDropped{}
}

// htmlTagStartRE matches the start of a lower-case (HTML) element's
// opening tag: its name.
var htmlTagStartRE = regexp.MustCompile(`^<[a-z][a-z0-9-]*[\s/>]`)

// exprAttrTagEnd is the length of the lower-case element's opening tag
// line starts with when one of its attributes is a JSX expression
// (<span style={{color: 'red'}}>), which CommonMark's raw HTML does not
// read as a tag; 0 for none (any other tag, one not closed on the line).
func exprAttrTagEnd(line []byte) int {
	if !htmlTagStartRE.Match(line) {
		return 0
	}
	end := scanJSX(line, 1, func(c byte, depth int) bool { return depth == 0 && (c == '>' || c == '<') })
	if end < 0 || line[end] != '>' || !exprAttrRE.Match(line[:end]) {
		return 0
	}
	return end + 1
}

// selfClosingMark is what a self-closing component markup does not render
// shows (mark: the text of its props; "" for none) and the warning that
// says so. One without props has no text of the author's: it shows
// nothing rather than its name (dndumb's <GooglyLogo />, a picture).
func selfClosingMark(name string, props []byte, pc parser.Context) (mark, msg string) {
	mark = propsText(props, pc)
	if mark == "" {
		return "", fmt.Sprintf("MDX component <%s /> is not rendered: it has no props or children, so nothing is shown", name)
	}
	return mark, fmt.Sprintf("MDX component <%s /> is not rendered: its props are shown as text", name)
}

// propsText is the text of a self-closing tag's props (after its name),
// in order: string values (expressions read as strings too), and the
// names of bare props (<Role MARIN /> stands for the role MARIN); other
// expressions are not shown.
func propsText(b []byte, pc parser.Context) string {
	var words []string
	for _, a := range tagAttrs(b, pc) {
		switch {
		case a.str && a.value != "":
			words = append(words, a.value)
		case a.bare:
			words = append(words, a.name)
		}
	}
	return strings.TrimSpace(strings.Join(words, " "))
}

type nodeRenderer struct{}

func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	nothing := func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) { return ast.WalkSkipChildren, nil }
	reg.Register(KindDropped, nothing)
	reg.Register(KindCodeBlock, renderCode)
	reg.Register(KindInlineDropped, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if mark := n.(*InlineDropped).Mark; mark != "" && entering {
			_, _ = w.WriteString(`<span class="mdx-component">`)
			_, _ = w.Write(util.EscapeHTML([]byte(mark)))
			_, _ = w.WriteString("</span>")
		}
		return ast.WalkSkipChildren, nil
	})
	// An element markup did not turn into something else: its content,
	// or for a self-closing one the text of its props.
	reg.Register(KindElement, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		e := n.(*Element)
		if e.Href != "" && !html.IsDangerousURL([]byte(e.Href)) { // <a href style={{…}}>: the link around its content
			if entering {
				_, _ = w.WriteString(`<a href="`)
				_, _ = w.Write(util.EscapeHTML(util.URLEscape([]byte(e.Href), false)))
				_, _ = w.WriteString(`">` + "\n")
			} else {
				_, _ = w.WriteString("</a>\n")
			}
		}
		if e.SelfClosing && e.Mark != "" && entering {
			_, _ = w.WriteString(`<p class="mdx-component">`)
			_, _ = w.Write(util.EscapeHTML([]byte(e.Mark)))
			_, _ = w.WriteString("</p>\n")
		}
		return ast.WalkContinue, nil
	})
	reg.Register(KindCardList, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		_, _ = w.WriteString(`<ul class="doc-card-list">` + "\n")
		for _, c := range n.(*CardList).Cards {
			_, _ = w.WriteString(`<li><a href="`)
			_, _ = w.Write(util.EscapeHTML(util.URLEscape([]byte(c.URL), false)))
			_, _ = w.WriteString(`">`)
			_, _ = w.Write(util.EscapeHTML([]byte(c.Title)))
			_, _ = w.WriteString("</a></li>\n")
		}
		_, _ = w.WriteString("</ul>\n")
		return ast.WalkSkipChildren, nil
	})
}

// KindCardList is the AST kind of a list of cards, each a link to a page
// (Docusaurus's <DocCardList />, which markup makes of the category's
// items).
var KindCardList = ast.NewNodeKind("MDXCardList")

// CardList is a list of links to pages, shown as cards.
type CardList struct {
	ast.BaseBlock
	Cards []Card
}

// Card is one card of a CardList: the page's URL and title.
type Card struct{ URL, Title string }

// Kind implements ast.Node.
func (n *CardList) Kind() ast.NodeKind { return KindCardList }

// Dump implements ast.Node.
func (n *CardList) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// KindCodeBlock is the AST kind of a code block given as a component's
// props (Starlight's <Code code lang title />).
var KindCodeBlock = ast.NewNodeKind("MDXCodeBlock")

// CodeBlock is code shown as a fenced code block is, in its language,
// under its title when it has one.
type CodeBlock struct {
	ast.BaseBlock
	Code, Lang, Title string
}

// Kind implements ast.Node.
func (n *CodeBlock) Kind() ast.NodeKind { return KindCodeBlock }

// Dump implements ast.Node.
func (n *CodeBlock) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Lang": n.Lang, "Title": n.Title}, nil)
}

// renderCode writes a CodeBlock as goldmark writes a fenced code block,
// in a figure captioned by its title when it has one.
func renderCode(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	c := n.(*CodeBlock)
	if c.Title != "" {
		_, _ = w.WriteString(`<figure class="code-block"><figcaption>`)
		_, _ = w.Write(util.EscapeHTML([]byte(c.Title)))
		_, _ = w.WriteString(`</figcaption>`)
	}
	_, _ = w.WriteString("<pre><code")
	if c.Lang != "" {
		_, _ = w.WriteString(` class="language-`)
		_, _ = w.Write(util.EscapeHTML([]byte(c.Lang)))
		_, _ = w.WriteString(`"`)
	}
	_, _ = w.WriteString(">")
	code := c.Code
	if code != "" && !strings.HasSuffix(code, "\n") {
		code += "\n"
	}
	_, _ = w.Write(util.EscapeHTML([]byte(code)))
	_, _ = w.WriteString("</code></pre>")
	if c.Title != "" {
		_, _ = w.WriteString("</figure>")
	}
	_ = w.WriteByte('\n')
	return ast.WalkSkipChildren, nil
}

// IndentedHeadings wraps goldmark's ATX heading parser for a site that
// reads MDX, which has no indented code: on an MDX page a heading may be
// indented by four spaces or more (a "### India" inside a <div> indented
// with its tag), as micromark reads an ATX heading's line prefix without
// a limit where codeIndented is disabled
// (https://mdxjs.com/docs/what-is-mdx/#markdown: "Indented code blocks
// are not supported"); on a page read as Markdown (Off) such a line is
// not a heading. The caller puts it in place of goldmark's parser.
func IndentedHeadings(p parser.BlockParser) parser.BlockParser { return indentedHeading{p} }

type indentedHeading struct{ parser.BlockParser }

func (indentedHeading) CanAcceptIndentedLine() bool { return true }

func (p indentedHeading) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	if pc.BlockIndent() >= 4 && off(pc) {
		return nil, parser.NoChildren
	}
	return p.BlockParser.Open(parent, reader, pc)
}

// SetOption passes goldmark's parser options (heading ids, attributes)
// to the heading parser.
func (p indentedHeading) SetOption(name parser.OptionName, value any) {
	if o, ok := p.BlockParser.(parser.SetOptioner); ok {
		o.SetOption(name, value)
	}
}

// IndentedLists wraps goldmark's list parser for a site that reads MDX,
// which has no indented code: on an MDX page a list may be indented by
// four spaces or more, as micromark reads a list item's line prefix
// without a limit where codeIndented is disabled ("constructs.disable
// .null.includes('codeIndented') ? undefined : constants.tabSize",
// micromark-core-commonmark list.js;
// https://mdxjs.com/docs/what-is-mdx/#markdown: "Indented code blocks
// are not supported"). Such a list is read as if its indent were the
// margin: on each of its lines that indent (or, for a line indented
// less, all of its indent) is skipped before goldmark's parser reads the
// line, so its items are siblings at that indent and nest by their
// content's column. On a page read as Markdown (Off) such a line is not
// a list. The caller puts it in place of goldmark's parser.
func IndentedLists(p parser.BlockParser) parser.BlockParser { return indentedList{p} }

type indentedList struct{ parser.BlockParser }

// listIndentKey holds, in a parser context, the indent (in columns) of
// each list an indented line opened (map[ast.Node]int).
var listIndentKey = parser.NewContextKey()

func (indentedList) CanAcceptIndentedLine() bool { return true }

func (p indentedList) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	indent := pc.BlockIndent()
	if indent < 4 {
		return p.BlockParser.Open(parent, reader, pc)
	}
	if off(pc) {
		return nil, parser.NoChildren
	}
	line, seg := reader.Position()
	skipIndent(reader, indent)
	n, state := p.BlockParser.Open(parent, reader, pc)
	if n == nil {
		reader.SetPosition(line, seg)
		return nil, parser.NoChildren
	}
	pc.ComputeIfAbsent(listIndentKey, func() any { return map[ast.Node]int{} }).(map[ast.Node]int)[n] = indent
	return n, state
}

func (p indentedList) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	indents, _ := pc.Get(listIndentKey).(map[ast.Node]int)
	indent, ok := indents[node]
	if !ok {
		return p.BlockParser.Continue(node, reader, pc)
	}
	line, seg := reader.Position()
	if peek, _ := reader.PeekLine(); !util.IsBlank(peek) {
		w, _ := util.IndentWidth(peek, reader.LineOffset())
		skipIndent(reader, min(w, indent))
	}
	state := p.BlockParser.Continue(node, reader, pc)
	if state&parser.Continue == 0 { // closed: the line is read again from where it was
		reader.SetPosition(line, seg)
	}
	return state
}

func (p indentedList) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	if indents, ok := pc.Get(listIndentKey).(map[ast.Node]int); ok {
		delete(indents, node)
	}
	p.BlockParser.Close(node, reader, pc)
}

// skipIndent advances reader past width columns of its line's indent.
func skipIndent(reader text.Reader, width int) {
	line, _ := reader.PeekLine()
	pos, padding := util.IndentPosition(line, reader.LineOffset(), width)
	if pos < 0 {
		return
	}
	reader.AdvanceAndSetPadding(pos, padding)
}
