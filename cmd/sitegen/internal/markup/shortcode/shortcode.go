// Package shortcode renders the shortcodes of Hugo's common docs themes
// (Book, Learn/Relearn, Docsy, Hextra, Geekdoc) in a page rendered without
// Hugo: hint, notice, admonition, callout and alert become callouts;
// details and expand a <details>; tabs and tab a list of open <details>
// (every tab readable, in print too); columns, steps and cards a plain
// block; a theme's card (Hextra's) a link to its link= showing its
// title=, with a warning that its template is not run; figure an
// image with its caption; ref and relref a checked link to the page they
// name; a site's own shortcode whose template links to the page its
// argument names (Extension.PageLinks) a link to that page showing its
// title; a site's own shortcode whose template gives an element an id
// from its arguments (Extension.Anchors, idexpr.go) a block with that id
// and its content. Any other shortcode is reported with a warning at its
// line and column, never printed as written: one in running text shows its
// positional arguments as text (no hole in the sentence), one on a line
// of its own is dropped; the content of an unknown paired one is shown
// as the page's Markdown, its common indentation removed (paired.go).
package shortcode

import (
	"bytes"
	"fmt"
	"html"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/cmd/sitegen/internal/markup/linklabel"
	"d6codex/cmd/sitegen/internal/markup/shortcode/hugotmpl"
)

// Warn reports a problem at a source offset of the page being parsed.
type Warn func(pc parser.Context, offset int, msg string)

// Extension adds Hugo shortcodes to a goldmark instance.
type Extension struct {
	// Warn reports what is shown differently (a shortcode not supported);
	// Fail what Hugo refuses too (a ref to a URL). Either may be nil.
	Warn, Fail Warn
	// FailLink reports a broken link (a ref to no page): its target and
	// the reason. May be nil.
	FailLink func(pc parser.Context, off int, target, reason string)
	// PageLinks are the names of the site's own shortcodes whose template
	// links to the page their first argument (or path=) names, showing
	// that page's title, or text= (package layout/hugo reads them).
	PageLinks []string
	// Anchors are the site's own shortcodes whose template gives an
	// element an id made from their arguments: name to that id's
	// expression (idexpr.go; package layout/hugo reads them). Such a
	// shortcode is shown as a block with that id, titled with the
	// argument the id is made from, holding its content.
	Anchors map[string]string
	// Templates are the site's shortcode templates, run (run.go); nil:
	// none is run.
	Templates *hugotmpl.Set
	// Markdown renders Markdown as the page's (a {{% %}} shortcode's
	// output, markdownify, RenderString); inline drops the paragraph
	// around a single paragraph. Nil: the output is left as written.
	// at is the source offset of the shortcode, for the problems found.
	Markdown func(pc parser.Context, src string, inline bool, at int) (string, error)
	// Page tells a template's .Page of the page being parsed: its title,
	// front matter and URL. Nil: nothing.
	Page func(pc parser.Context) (title string, meta map[string]any, url string)
	// Ref resolves the page a template's ref, relref or GetPage names
	// (its target as written): its URL and title, or the problem of a
	// broken link; ok false when links are not resolved (the output
	// keeps the target as written). Nil: never resolved.
	Ref func(pc parser.Context, target string) (url, title, problem string, ok bool)
	// Source tells a template's .Page.File and readFile of the page being
	// parsed: its file (relative to the source folder) and the reader of
	// the site's files (hugotmpl.Call.ReadFile: under the source folder's
	// rule, recording what it reads as the page's dependency). Nil, or a
	// nil read: no file is read.
	Source func(pc parser.Context) (file string, read func(rel string, max int64) ([]byte, error))
}

// Extend implements goldmark.Extender.
func (e Extension) Extend(m goldmark.Markdown) {
	var anchors map[string]idExpr
	for name, s := range e.Anchors {
		if x, ok := parseID(s); ok {
			if anchors == nil {
				anchors = map[string]idExpr{}
			}
			anchors[strings.ToLower(name)] = x
		}
	}
	var run *runner
	if e.Templates != nil {
		run = &runner{set: e.Templates, markdown: e.Markdown, page: e.Page, ref: e.Ref, source: e.Source, warn: e.Warn, fail: e.Fail, failLink: e.FailLink}
	}
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(blockParser{warn: e.Warn, links: e.PageLinks, anchors: anchors, run: run}, 90)),
		parser.WithInlineParsers(util.Prioritized(inlineParser{warn: e.Warn, fail: e.Fail, links: e.PageLinks, run: run}, 89)),
		parser.WithASTTransformers(util.Prioritized(refLinks{}, 96), util.Prioritized(escapedCalls{}, 97)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}

// Shapes a paired shortcode renders as.
const (
	asCallout = "callout"
	asDetails = "details"
	asTabs    = "tabs"
	asTab     = "tab"
	asBlock   = "block"  // its content, in a plain <div>
	asAnchor  = "anchor" // its title and content, in a <div> with its id
	asNothing = ""       // its content alone (an unknown shortcode)
)

// paired maps the paired shortcodes of the common themes to their shape.
var paired = map[string]string{
	"hint": asCallout, "notice": asCallout, "admonition": asCallout, "callout": asCallout, "alert": asCallout,
	"pageinfo": asCallout, "details": asDetails, "expand": asDetails, "tabs": asTabs, "tabpane": asTabs,
	"tab": asTab, "columns": asBlock, "steps": asBlock, "cards": asBlock,
}

// KindBlock is the AST kind of a paired shortcode.
var KindBlock = ast.NewNodeKind("Shortcode")

// Block is a paired shortcode; its children are its content.
type Block struct {
	ast.BaseBlock
	Name, Shape, Class, Title string
	Open                      bool // a <details> shown open
	closed                    bool // its closing tag was seen
	oneLine                   bool // its content and closing tag are on its opening line
	dedent                    int  // columns of indentation removed from its content lines
	end                       int  // the source offset of its closing tag, when found ahead (paired.go); 0 if not
	html                      bool // its content is HTML: every line's indentation is removed (paired.go)
}

// Kind implements ast.Node.
func (n *Block) Kind() ast.NodeKind { return KindBlock }

// Dump implements ast.Node.
func (n *Block) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Name": n.Name, "Shape": n.Shape, "Title": n.Title}, nil)
}

// KindDropped is the AST kind of a shortcode that renders nothing.
var KindDropped = ast.NewNodeKind("ShortcodeDropped")

// Dropped is a shortcode shown as nothing (block or inline).
type Dropped struct{ ast.BaseBlock }

// Kind implements ast.Node.
func (n *Dropped) Kind() ast.NodeKind { return KindDropped }

// Dump implements ast.Node.
func (n *Dropped) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// KindFigure is the AST kind of a figure; its child is the image.
var KindFigure = ast.NewNodeKind("ShortcodeFigure")

// Figure is {{< figure src= caption= >}}; its image (an ast.Image, checked
// like any) is added after inline parsing.
type Figure struct {
	ast.BaseBlock
	Caption, src, alt string
	pos               int
}

// Kind implements ast.Node.
func (n *Figure) Kind() ast.NodeKind { return KindFigure }

// Dump implements ast.Node.
func (n *Figure) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

type blockParser struct {
	warn    Warn
	links   []string
	anchors map[string]idExpr
	run     *runner
}

func (blockParser) Trigger() []byte { return []byte{'{'} }

func (p blockParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	trimmed := util.TrimLeftSpace(line)
	indent := len(line) - len(trimmed)
	consumed := seg.Len() - 1 // the line, its end left to the parser
	c, ok := parseCall(trimmed)
	openLen := c.length
	if !ok {
		// "arguments ... may span multiple lines"
		// (https://gohugo.io/content-management/shortcodes/)
		var n int
		if c, n, ok = multiLineCall(reader.Source()[seg.Start+indent:]); !ok {
			return nil, parser.NoChildren
		}
		consumed, trimmed, openLen = indent+n, trimmed[:0], n
		c.length = 0 // nothing follows it on its last line
	}
	if !c.closing && p.run.has(c.name) && !slices.Contains(p.links, c.name) {
		out, failed := p.openTemplate(c, reader, pc, seg.Start+indent, openLen)
		if out != nil {
			reader.Advance(consumed)
			return out, parser.NoChildren
		}
		if failed { // told once (run.go): shown as before, without more
			p.warn = nil
		}
	}
	if shape, isPaired := paired[c.name]; isPaired && c.self {
		// "Self-closing shortcodes ... do not have inner content"
		// (https://gohugo.io/content-management/shortcodes/): the block
		// ends here. A theme's self-closing callout (Lotus Docs' alert)
		// shows its text= argument as Markdown.
		start := seg.Start + indent
		b := newBlock(c, shape)
		b.closed, b.oneLine = true, true
		if ts, te := textArg(reader.Source()[start : seg.Start+consumed]); ts >= 0 && te > ts {
			para := ast.NewParagraph()
			para.Lines().Append(text.NewSegment(start+ts, start+te))
			b.AppendChild(b, para)
		}
		reader.Advance(consumed)
		return b, parser.NoChildren
	}
	if shape, isPaired := paired[c.name]; isPaired && !c.closing && len(bytes.TrimSpace(trimmed[c.length:])) > 0 {
		// {{< tab "A" >}}text{{< /tab >}}: the text up to the closing tag
		// at the line's end is the block's paragraph, and the block ends
		// with the line.
		end := closesLine(trimmed[c.length:], c.name)
		if end < 0 {
			return nil, parser.NoChildren
		}
		b := newBlock(c, shape)
		b.closed, b.oneLine = true, true
		start := seg.Start + len(line) - len(trimmed) + c.length
		inner := text.NewSegment(start, start+end)
		if len(bytes.TrimSpace(inner.Value(reader.Source()))) > 0 {
			para := ast.NewParagraph()
			inner = inner.TrimLeftSpace(reader.Source())
			para.Lines().Append(inner.TrimRightSpace(reader.Source()))
			b.AppendChild(b, para)
		}
		reader.Advance(seg.Len() - 1)
		return b, parser.NoChildren
	}
	if len(bytes.TrimSpace(trimmed[c.length:])) > 0 {
		return nil, parser.NoChildren
	}
	if c.name == "ref" || c.name == "relref" || slices.Contains(p.links, c.name) {
		return nil, parser.NoChildren // a paragraph: the inline parser makes it a link
	}
	start := seg.Start + indent
	reader.Advance(consumed)
	if c.closing {
		return &Dropped{}, parser.NoChildren // the end of a shortcode not open here
	}
	if shape, ok := paired[c.name]; ok {
		return newBlock(c, shape), parser.HasChildren
	}
	switch c.name {
	case "figure":
		return figure(c, start), parser.NoChildren
	}
	b := newBlock(c, asNothing)
	msg := unsupported(c.name) + " (its template is not run): its content is shown as the page's text"
	if x, ok := p.anchors[c.name]; ok {
		if id, ok := x.eval(c, p.run.urlize()); ok && id != "" {
			b.Shape, b.Title = asAnchor, c.arg(strings.ToLower(x.keyArg()), argIndex(x.keyArg()))
			b.SetAttributeString("id", []byte(id))
			pc.IDs().Put([]byte(id))
			msg = fmt.Sprintf("Hugo shortcode %q is not run: shown as its anchor #%s, its %s and its content", c.name, id, x.keyArg())
		}
	}
	if end := closingOf(pc, reader.Source(), c.name, start); !c.self && end > start {
		// A paired shortcode: its content is the page's (paired.go),
		// its template's look is not.
		if p.warn != nil {
			p.warn(pc, start, msg)
		}
		src := reader.Source()
		lineStart := bytes.LastIndexByte(src[:seg.Start], '\n') + 1
		base, _ := util.IndentWidth(src[lineStart:seg.Start], 0)
		if from := seg.Start + consumed + 1; from < end {
			b.dedent = innerIndent(src, from, end, base)
			b.html = c.angle && innerHTML(src, from, end)
		}
		b.end = end
		return b, parser.HasChildren
	}
	if b.Shape == asAnchor {
		if p.warn != nil {
			p.warn(pc, start, msg)
		}
		b.closed, b.oneLine = true, true
		return b, parser.NoChildren
	}
	if c.name == "card" && (c.arg("title", -1) != "" || c.arg("link", -1) != "") {
		if p.warn != nil {
			p.warn(pc, start, `Hugo shortcode "card" is not run (the theme's template): shown as a link to its link= showing its title=`)
		}
		return card(c, start), parser.NoChildren
	}
	if len(c.keys) > 0 {
		// Its named arguments are the data it shows (tehlastjuan/compendium's
		// {{< stats size="Medium" speed="30 feet" … >}}, a stat block):
		// a list of them, not nothing.
		if p.warn != nil {
			p.warn(pc, start, unsupported(c.name)+" (its template is not run): its named arguments are shown as a list")
		}
		return &Output{HTML: argList(c), At: start}, parser.NoChildren
	}
	if p.warn != nil {
		p.warn(pc, start, unsupported(c.name)+": not shown")
	}
	return &Dropped{}, parser.NoChildren
}

// argList is the named arguments of a shortcode whose template is not run,
// as a definition list in the order written: each key, then its value.
func argList(c call) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<dl class=\"shortcode-args\" data-shortcode=\"%s\">\n", html.EscapeString(c.name))
	for _, k := range c.keys {
		fmt.Fprintf(&b, "<dt>%s</dt><dd>%s</dd>\n", html.EscapeString(k), html.EscapeString(c.named[strings.ToLower(k)]))
	}
	b.WriteString("</dl>\n")
	return b.String()
}

// card is a theme's {{< card link= title= subtitle= >}} (Hextra's: "link:
// URL (internal or external). title: Title heading for the card.
// subtitle: Subtitle heading", https://imfing.github.io/hextra/docs/guide/shortcodes/cards/),
// whose template is not run: a paragraph holding a link to link (checked
// and rewritten like any, as written: the template writes it as the
// card's href) showing title, then the subtitle as text; without a link,
// the title alone. Its children are added after inline parsing (refLinks).
func card(c call, pos int) *Card {
	cd := &Card{title: c.arg("title", -1), link: c.arg("link", -1), subtitle: c.arg("subtitle", -1), pos: pos}
	if cd.title == "" {
		cd.title = cd.link
	}
	return cd
}

// KindCard is the AST kind of a theme's card.
var KindCard = ast.NewNodeKind("ShortcodeCard")

// Card is a theme's {{< card >}} (card): a paragraph of its link.
type Card struct {
	ast.BaseBlock
	title, link, subtitle string
	pos                   int
}

// Kind implements ast.Node.
func (n *Card) Kind() ast.NodeKind { return KindCard }

// Dump implements ast.Node.
func (n *Card) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// fill adds the card's link (or title) and subtitle.
func (n *Card) fill() {
	if n.link != "" {
		l := ast.NewLink()
		l.Destination = []byte(n.link)
		l.SetPos(n.pos)
		l.AppendChild(l, ast.NewString([]byte(n.title)))
		n.AppendChild(n, l)
	} else {
		n.AppendChild(n, ast.NewString([]byte(n.title)))
	}
	if n.subtitle != "" {
		n.AppendChild(n, ast.NewString([]byte(" — "+n.subtitle)))
	}
}

func newBlock(c call, shape string) *Block {
	b := &Block{Name: c.name, Shape: shape}
	switch shape {
	case asCallout:
		kind := strings.ToLower(c.arg("type", 0))
		if kind == "" {
			kind = strings.ToLower(c.arg("color", -1))
		}
		if kind == "" {
			kind = strings.ToLower(c.arg("context", -1)) // Lotus Docs' alert
		}
		if kind == "" {
			kind = strings.ToLower(c.arg("theme", -1)) // docdock's alert
		}
		if kind == "" {
			kind = "note"
		}
		b.Class = kind
		b.Title = c.arg("title", 1)
		if b.Title == "" {
			b.Title = strings.ToUpper(kind[:1]) + kind[1:]
		}
	case asDetails:
		b.Title = c.arg("title", 0)
		if b.Title == "" {
			b.Title = "Details"
		}
		b.Open = c.named["open"] == "true" || len(c.pos) > 1 && c.pos[1] == "open"
	case asTab:
		b.Title = c.arg("name", 0)
		if b.Title == "" {
			b.Title = c.arg("title", -1)
		}
		b.Open = true
	}
	return b
}

func (blockParser) Continue(node ast.Node, reader text.Reader, _ parser.Context) parser.State {
	if o, ok := node.(*Output); ok {
		return continueOutput(o, reader)
	}
	b, ok := node.(*Block)
	if !ok || b.oneLine {
		return parser.Close
	}
	line, seg := reader.PeekLine()
	if c, ok := parseCall(util.TrimLeftSpace(line)); ok && c.closing && c.name == b.Name {
		b.closed = true
		reader.Advance(seg.Len() - 1)
		return parser.Close
	}
	if b.end > 0 && seg.Start > b.end {
		// Its closing tag was inside a line of text (read there by the
		// inline parser): the block ended with it.
		return parser.Close
	}
	if b.html && !util.IsBlank(line) {
		reader.AdvanceAndSetPadding(len(line)-len(util.TrimLeftSpace(line)), 0)
	} else if b.dedent > 0 && !util.IsBlank(line) {
		pos, padding := util.IndentPosition(line, reader.LineOffset(), b.dedent)
		if pos < 0 { // less indented than the rest: all of its indentation
			pos, padding = len(line)-len(util.TrimLeftSpace(line)), 0
		}
		reader.AdvanceAndSetPadding(pos, padding)
	}
	return parser.Continue | parser.HasChildren
}

func (blockParser) Close(ast.Node, text.Reader, parser.Context) {}
func (blockParser) CanInterruptParagraph() bool                 { return true }
func (blockParser) CanAcceptIndentedLine() bool                 { return false }

// closesLine returns where the closing tag of the shortcode name starts
// in rest (a line after the shortcode's opening tag) when rest ends with
// it, else -1.
func closesLine(rest []byte, name string) int {
	rest = bytes.TrimRight(rest, " \t\r\n")
	for i := bytes.LastIndex(rest, []byte("{{")); i >= 0; i = bytes.LastIndex(rest[:i], []byte("{{")) {
		if c, ok := parseCall(rest[i:]); ok {
			if c.closing && c.name == name && c.length == len(rest)-i {
				return i
			}
			return -1
		}
	}
	return -1
}

// figure makes the image of {{< figure src="…" alt="…" caption="…" >}}.
func figure(c call, pos int) ast.Node {
	f := &Figure{Caption: c.arg("caption", -1)}
	if f.Caption == "" {
		f.Caption = c.arg("title", -1)
	}
	f.src, f.alt, f.pos = c.arg("src", 0), c.arg("alt", -1), pos
	if f.alt == "" {
		f.alt = f.Caption
	}
	return f
}

// refLink is the link {{< ref "page" >}} makes: to the page's Markdown
// file (checked and rewritten like any link), with text as its text (the
// path when nil).
func refLink(c call, pos int, textNodes []ast.Node) *ast.Link {
	target := refTarget(c)
	frag := ""
	if i := strings.IndexByte(target, '#'); i >= 0 {
		target, frag = target[:i], target[i:]
	}
	if target != "" && path.Ext(target) == "" {
		target = strings.TrimSuffix(target, "/") + ".md"
	}
	l := ast.NewLink()
	l.Destination = []byte(target + frag)
	l.SetPos(pos)
	if textNodes == nil {
		l.AppendChild(l, ast.NewString([]byte(target+frag)))
	}
	for _, t := range textNodes {
		l.AppendChild(l, t)
	}
	return l
}

// pageLink is the link a site's page-link shortcode makes: to the page
// its first argument or path= names (found as ref finds it), showing
// text= or else that page's title (linklabel.PageTitle asks the link
// checker for it; the path until then).
func pageLink(c call, pos int) *ast.Link {
	text := c.arg("text", -1)
	if text == "" {
		text = refTarget(c) // as written, until the page's title is known
	}
	l := refLink(c, pos, []ast.Node{ast.NewString([]byte(text))})
	if c.arg("text", -1) == "" {
		l.SetAttributeString(linklabel.PageTitle, true)
	}
	return l
}

// refTarget is the page a ref or relref names: its first argument or path=.
func refTarget(c call) string {
	if t := c.arg("", 0); t != "" {
		return t
	}
	return c.arg("path", -1)
}

// hasScheme reports whether s starts with a URL scheme ("https:",
// "mailto:"): a letter, then letters, digits, "+", "-" or ".", then ":".
func hasScheme(s string) bool {
	for i, r := range s {
		switch {
		case r == ':':
			return i > 0
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case i > 0 && (r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.'):
		default:
			return false
		}
	}
	return false
}

type inlineParser struct {
	warn, fail Warn
	links      []string
	run        *runner
}

func (inlineParser) Trigger() []byte { return []byte{'{'} }

func (p inlineParser) Parse(_ ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	if m := escapedRE.FindIndex(line); m != nil && m[0] == 0 {
		// {{</* x */>}}: shown as {{< x >}}, never run (escaped.go).
		block.Advance(m[1])
		var v []byte
		for _, part := range unescaped(text.NewSegment(seg.Start, seg.Start+m[1]), block.Source()) {
			v = append(v, part.Value(block.Source())...)
		}
		return ast.NewString(v)
	}
	c, ok := parseCall(line)
	if !ok {
		return nil
	}
	block.Advance(c.length)
	switch {
	case c.closing:
		return &inlineDropped{}
	case c.name == "ref" || c.name == "relref":
		r := &inlineRef{call: c, pos: seg.Start}
		if u := refTarget(c); hasScheme(u) {
			// Hugo reads the URL's path alone as a page's (its host is
			// dropped): never what its editor meant.
			r.url = true
			if p.fail != nil {
				p.fail(pc, seg.Start, fmt.Sprintf("Hugo's %s takes the path of a page of this site, not a URL (%q): link to it with [text](%s)", c.name, u, u))
			}
		}
		return r
	case p.run.has(c.name) && !slices.Contains(p.links, c.name):
		out, failed := p.inlineTemplate(c, block, pc, seg.Start, len(line))
		if out != nil {
			return out
		}
		if failed { // told once (run.go): shown as before, without more
			p.warn = nil
		}
	}
	if slices.Contains(p.links, c.name) {
		return &inlineRef{call: c, pos: seg.Start, pageLink: true}
	}
	if len(c.pos) > 0 {
		// Its words, so the sentence it stands in keeps them.
		if p.warn != nil {
			p.warn(pc, seg.Start, unsupported(c.name)+": its arguments shown as text")
		}
		return ast.NewString([]byte(strings.Join(c.pos, " ")))
	}
	if p.warn != nil {
		p.warn(pc, seg.Start, unsupported(c.name)+": not shown")
	}
	return &inlineDropped{}
}

// inlineDropped is an inline shortcode shown as nothing.
type inlineDropped struct{ ast.BaseInline }

var kindInlineDropped = ast.NewNodeKind("ShortcodeInlineDropped")

func (n *inlineDropped) Kind() ast.NodeKind         { return kindInlineDropped }
func (n *inlineDropped) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// inlineRef is a ref or relref in running text, made a link by refLinks.
type inlineRef struct {
	ast.BaseInline
	call     call
	pos      int
	url      bool // it names a URL, an error: no link is made
	pageLink bool // a site's shortcode that links to a page, showing its title
}

var kindInlineRef = ast.NewNodeKind("ShortcodeRef")

func (n *inlineRef) Kind() ast.NodeKind         { return kindInlineRef }
func (n *inlineRef) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// refLinks turns each ref into a link: [text]({{< ref "x" >}}), which
// goldmark cannot read as a link (its destination has spaces), becomes a
// link with that text; a ref alone becomes a link showing its path.
type refLinks struct{}

func (refLinks) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var refs []*inlineRef
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if r, ok := n.(*inlineRef); ok && entering {
			refs = append(refs, r)
		}
		if cd, ok := n.(*Card); ok && entering && !cd.HasChildren() {
			cd.fill()
			return ast.WalkSkipChildren, nil
		}
		if f, ok := n.(*Figure); ok && entering && !f.HasChildren() {
			img := ast.NewImage(ast.NewLink())
			img.Destination = []byte(f.src)
			img.SetPos(f.pos)
			img.AppendChild(img, ast.NewString([]byte(f.alt)))
			f.AppendChild(f, img)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	for _, r := range refs {
		parent := r.Parent()
		if r.pageLink {
			parent.ReplaceChild(parent, r, pageLink(r.call, r.pos))
			continue
		}
		if label, frag := linklabel.Take(r, src); label != nil {
			if r.url { // its label alone
				for _, n := range label {
					parent.InsertBefore(parent, r, n)
				}
				parent.RemoveChild(parent, r)
				continue
			}
			l := refLink(r.call, r.pos, label)
			l.Destination = append(l.Destination, frag...)
			parent.ReplaceChild(parent, r, l)
			continue
		}
		if r.url {
			parent.RemoveChild(parent, r)
			continue
		}
		parent.ReplaceChild(parent, r, refLink(r.call, r.pos, nil))
	}
}

type nodeRenderer struct{}

func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	nothing := func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) { return ast.WalkSkipChildren, nil }
	reg.Register(KindDropped, nothing)
	reg.Register(kindInlineDropped, nothing)
	reg.Register(kindInlineRef, nothing)
	reg.Register(KindOutput, nothing) // package markup puts its HTML, sanitized, in its place
	reg.Register(kindInlineOutput, nothing)
	reg.Register(KindBlock, renderBlock)
	reg.Register(KindCard, func(w util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString(`<p class="shortcode-card">`)
		} else {
			_, _ = w.WriteString("</p>\n")
		}
		return ast.WalkContinue, nil
	})
	reg.Register(KindFigure, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		f := node.(*Figure)
		if entering {
			_, _ = w.WriteString("<figure>")
			return ast.WalkContinue, nil
		}
		if f.Caption != "" {
			_, _ = w.WriteString("<figcaption>" + esc(f.Caption) + "</figcaption>")
		}
		_, _ = w.WriteString("</figure>\n")
		return ast.WalkContinue, nil
	})
}

func esc(s string) string { return string(util.EscapeHTML([]byte(s))) }

func renderBlock(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	b := node.(*Block)
	switch b.Shape {
	case asCallout:
		if entering {
			_, _ = w.WriteString(`<div class="callout callout-` + esc(b.Class) + `" role="note">` + "\n")
			_, _ = w.WriteString(`<p class="callout-title">` + esc(b.Title) + "</p>\n")
		} else {
			_, _ = w.WriteString("</div>\n")
		}
	case asDetails, asTab:
		if entering {
			class := "callout callout-details"
			if b.Shape == asTab {
				class = "callout callout-tab"
			}
			_, _ = w.WriteString(`<details class="` + class + `"`)
			if b.Open {
				_, _ = w.WriteString(" open")
			}
			_, _ = w.WriteString(`><summary class="callout-title">` + esc(b.Title) + "</summary>\n")
		} else {
			_, _ = w.WriteString("</details>\n")
		}
	case asAnchor:
		if entering {
			id, _ := b.AttributeString("id")
			_, _ = w.WriteString(`<div class="shortcode-anchor" id="` + esc(string(id.([]byte))) + `">` + "\n")
			if b.Title != "" {
				_, _ = w.WriteString(`<p class="shortcode-title"><strong>` + esc(b.Title) + "</strong></p>\n")
			}
		} else {
			_, _ = w.WriteString("</div>\n")
		}
	case asTabs, asBlock:
		if entering {
			_, _ = w.WriteString(`<div class="shortcode-` + esc(b.Shape) + `">` + "\n")
		} else {
			_, _ = w.WriteString("</div>\n")
		}
	}
	return ast.WalkContinue, nil
}

// unsupportedPrefix starts the warning at a use of a shortcode that has
// no template sitegen runs (unsupported); UnsupportedName reads it back.
const unsupportedPrefix = "Hugo shortcode "

// unsupported is the start of the warning at a use of the shortcode name,
// which has no template sitegen runs.
func unsupported(name string) string {
	return unsupportedPrefix + strconv.Quote(name) + " is not supported"
}

// UnsupportedName reports the shortcode a warning message is about when it
// is the warning at a use of a shortcode with no template (unsupported).
func UnsupportedName(msg string) (string, bool) {
	rest, ok := strings.CutPrefix(msg, unsupportedPrefix)
	if !ok {
		return "", false
	}
	q, err := strconv.QuotedPrefix(rest)
	if err != nil || !strings.HasPrefix(rest[len(q):], " is not supported") {
		return "", false
	}
	name, err := strconv.Unquote(q)
	return name, err == nil
}
