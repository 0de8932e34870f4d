// Package liquid keeps Liquid, the template language of Jekyll pages
// ({% include x.html %}, {{ site.title }}), out of a page rendered without
// Jekyll: each tag or output is dropped, never printed, and reported as a
// warning at its line and column, in running text and inside a block of
// raw HTML alike. A paragraph of nothing but Liquid goes with it.
package liquid

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/cmd/sitegen/internal/markup/linklabel"
)

// Warn reports a problem at a source offset of the page being parsed.
type Warn func(pc parser.Context, offset int, msg string)

// Extension adds the Liquid filter to a goldmark instance.
type Extension struct{ Warn Warn }

// Kind is the AST kind of a dropped Liquid tag.
var Kind = ast.NewNodeKind("Liquid")

// Tag is a Liquid tag or output; it renders nothing.
type Tag struct {
	ast.BaseInline
	Source []byte // the tag as written
}

// Kind implements ast.Node.
func (n *Tag) Kind() ast.NodeKind { return Kind }

// Dump implements ast.Node.
func (n *Tag) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Source": string(n.Source)}, nil)
}

// Extend implements goldmark.Extender.
func (e Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		// Before goldmark's link reference definitions (100).
		parser.WithParagraphTransformers(util.Prioritized(linkDefinitions{}, 90)),
		parser.WithInlineParsers(util.Prioritized(inline{warn: e.Warn}, 90)),
		parser.WithASTTransformers(util.Prioritized(htmlBlocks{warn: e.Warn}, 93), util.Prioritized(linkTags{}, 94), util.Prioritized(emptyParagraphs{}, 95)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nothing{}, 100)))
}

// Span returns the length of the Liquid tag or output at the start of b
// ("{% … %}", "{{ … }}", not Hugo's "{{< … >}}" or "{{% … %}}"), or 0.
func Span(b []byte) int {
	var end []byte
	switch {
	case bytes.HasPrefix(b, []byte("{%")):
		end = []byte("%}")
	case bytes.HasPrefix(b, []byte("{{")) && len(b) > 2 && b[2] != '<' && b[2] != '%':
		end = []byte("}}")
	default:
		return 0
	}
	i := bytes.Index(b[2:], end)
	if i < 0 {
		return 0
	}
	return i + 4
}

type inline struct{ warn Warn }

func (inline) Trigger() []byte { return []byte{'{'} }

func (p inline) Parse(_ ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	n := Span(line)
	if n == 0 || block.PrecendingCharacter() == '{' { // inside Hugo's {{% … %}}
		return nil
	}
	tag := line[:n]
	fields := strings.Fields(strings.Trim(string(tag), "{}% "))
	switch {
	case len(fields) == 1 && fields[0] == "raw":
		// {% raw %}…{% endraw %}: what is between is text, as written.
		if end := bytes.Index(line[n:], []byte("{% endraw %}")); end >= 0 {
			block.Advance(n + end + len("{% endraw %}"))
			return ast.NewTextSegment(text.NewSegment(seg.Start+n, seg.Start+n+end))
		}
		block.Advance(n)
		return &Tag{Source: append([]byte(nil), tag...)} // a raw around blocks: nothing to warn of
	case len(fields) == 1 && fields[0] == "endraw":
		block.Advance(n)
		return &Tag{Source: append([]byte(nil), tag...)}
	case siteVar(fields) && block.PrecendingCharacter() == '(':
		// [b]({{ site.baseurl }}/b/): Jekyll renders the variables before
		// Markdown reads the link; they name the site itself, whose root
		// sitegen links from. The link is made whole as {% link %}'s is.
		if l, used := siteLink(line, n, seg.Start); l != nil {
			block.Advance(used)
			return l
		}
	case len(fields) == 2 && (fields[0] == "link" || fields[0] == "post_url"):
		// {% link docs/a.md %}: the page's URL, checked like a link from
		// the site's root ([text]({% link … %}) is made whole).
		block.Advance(n)
		return &Link{Path: fields[1], pos: seg.Start}
	}
	block.Advance(n)
	if p.warn != nil {
		p.warn(pc, seg.Start, "Liquid "+describe(tag)+" \""+string(tag)+"\": Jekyll's template language, not shown")
	}
	return &Tag{Source: append([]byte(nil), tag...)}
}

// siteVar reports whether a Liquid output is {{ site.url }} or
// {{ site.baseurl }}, without filters: the site's own address ("site.url:
// Contains the url of your site as it's configured in the _config.yml",
// https://jekyllrb.com/docs/variables/#site-variables).
func siteVar(fields []string) bool {
	return len(fields) == 1 && (fields[0] == "site.url" || fields[0] == "site.baseurl")
}

// siteLink reads a link destination that starts with site variables (the
// first n bytes of line) and runs to a ")": the Link to the rest, from the
// site's root, and the bytes it takes (up to the ")"), or nil when the
// destination does not end there.
func siteLink(line []byte, n, pos int) (*Link, int) {
	for m := Span(line[n:]); m > 0 && siteVar(strings.Fields(strings.Trim(string(line[n:n+m]), "{} "))); m = Span(line[n:]) {
		n += m
	}
	rest := line[n:]
	end := bytes.IndexAny(rest, ") \t\r\n")
	if end < 0 || rest[end] != ')' {
		return nil, 0
	}
	return &Link{Path: string(rest[:end]), site: true, pos: pos}, n + end
}

func describe(tag []byte) string {
	if bytes.HasPrefix(tag, []byte("{%")) {
		return "tag"
	}
	return "output"
}

// KindLink is the AST kind of a {% link %} tag before it becomes a link.
var KindLink = ast.NewNodeKind("LiquidLink")

// Link is {% link path %}, or a link destination that starts with
// {{ site.url }} or {{ site.baseurl }} (site: its Path a URL from the
// site's root, "" for the root); linkTags makes it an *ast.Link, or an
// *ast.Image after "![".
type Link struct {
	ast.BaseInline
	Path string
	site bool
	pos  int
}

// Kind implements ast.Node.
func (n *Link) Kind() ast.NodeKind { return KindLink }

// Dump implements ast.Node.
func (n *Link) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Path": n.Path}, nil)
}

// linkTags turns each {% link path %} into a link to "/path" (a source
// path from the site's root): the label of [text]({% link … %}), else
// the path.
type linkTags struct{}

func (linkTags) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var tags []*Link
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if l, ok := n.(*Link); ok && entering {
			tags = append(tags, l)
		}
		return ast.WalkContinue, nil
	})
	for _, t := range tags {
		l := ast.NewLink()
		l.Destination = []byte("/" + strings.TrimPrefix(t.Path, "/"))
		l.SetPos(t.pos)
		label, frag := linklabel.Take(t, src)
		l.Destination = append(l.Destination, frag...)
		if label == nil && t.site {
			// Not a link's destination after all: the text, without the variables.
			t.Parent().ReplaceChild(t.Parent(), t, ast.NewString([]byte(t.Path)))
			continue
		}
		took := label != nil
		if !took {
			label = []ast.Node{ast.NewString([]byte(t.Path))}
		}
		for _, c := range label {
			l.AppendChild(l, c)
		}
		var n ast.Node = l
		if prev, ok := t.PreviousSibling().(*ast.Text); ok && took && bytes.HasSuffix(prev.Segment.Value(src), []byte("!")) {
			// ![alt]({{ site.url }}/a.jpg): an image.
			prev.Segment = prev.Segment.WithStop(prev.Segment.Stop - 1)
			n = ast.NewImage(l)
		}
		t.Parent().ReplaceChild(t.Parent(), t, n)
	}
}

// linkDefRE matches a link reference definition whose destination is a
// {% link %} tag: [label]: {% link docs/a.md %}.
var linkDefRE = regexp.MustCompile(`^\s{0,3}\[([^\]]+)\]:\s*\{%-?\s*link\s+(\S+)\s*-?%\}\s*$`)

// linkDefinitions reads the link reference definitions goldmark cannot
// (their destination, a {% link %} tag, has spaces) and removes them from
// the paragraph: [text][label] then links to the page, checked.
type linkDefinitions struct{}

func (linkDefinitions) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines := node.Lines()
	src := reader.Source()
	kept := text.NewSegments()
	found := false
	for i := range lines.Len() {
		seg := lines.At(i)
		if m := linkDefRE.FindSubmatch(seg.Value(src)); m != nil {
			pc.AddReference(parser.NewReference(m[1], []byte("/"+strings.TrimPrefix(string(m[2]), "/")), nil))
			found = true
			continue
		}
		kept.Append(seg)
	}
	if !found {
		return
	}
	if kept.Len() == 0 {
		node.Parent().RemoveChild(node.Parent(), node)
		return
	}
	node.SetLines(kept)
}

// emptyParagraphs removes the paragraphs that held only Liquid.
type emptyParagraphs struct{}

func (emptyParagraphs) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var empty []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || n.Kind() != ast.KindParagraph {
			return ast.WalkContinue, nil
		}
		only := n.HasChildren()
		for c := n.FirstChild(); c != nil && only; c = c.NextSibling() {
			switch c := c.(type) {
			case *Tag:
			case *ast.Text:
				only = len(bytes.TrimSpace(c.Segment.Value(src))) == 0
			default:
				only = false
			}
		}
		if only {
			empty = append(empty, n)
		}
		return ast.WalkSkipChildren, nil
	})
	for _, n := range empty {
		n.Parent().RemoveChild(n.Parent(), n)
	}
}

type nothing struct{}

func (nothing) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(Kind, func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
		return ast.WalkSkipChildren, nil
	})
}

// htmlBlocks drops the Liquid of raw HTML blocks, which goldmark passes
// through as written ("<ul>{% for x in site.spells %}<li>{{ x.name }}"),
// with the same warning as in running text: the lines keep the HTML
// around each tag. What {% raw %} … {% endraw %} holds stays, as written.
type htmlBlocks struct{ warn Warn }

func (h htmlBlocks) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	var blocks []*ast.HTMLBlock
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if b, ok := n.(*ast.HTMLBlock); ok && entering {
			blocks = append(blocks, b)
		}
		return ast.WalkContinue, nil
	})
	for _, b := range blocks {
		lines := b.Lines()
		kept := text.NewSegments()
		changed, inRaw := false, false
		for i := range lines.Len() {
			seg := lines.At(i)
			line := src[seg.Start:seg.Stop]
			from, padding := 0, seg.Padding
			keep := func(to int) { // the line's bytes [from, to)
				if to > from || padding > 0 {
					kept.Append(text.NewSegmentPadding(seg.Start+from, seg.Start+to, padding))
					padding = 0
				}
			}
			for j := 0; j < len(line); {
				n := 0
				if line[j] == '{' {
					n = Span(line[j:])
				}
				if n == 0 {
					j++
					continue
				}
				tag := line[j : j+n]
				fields := strings.Fields(strings.Trim(string(tag), "{}%- "))
				switch {
				case inRaw && !(len(fields) == 1 && fields[0] == "endraw"):
					j += n // written as it is
					continue
				case len(fields) == 1 && (fields[0] == "raw" || fields[0] == "endraw"):
					inRaw = fields[0] == "raw"
				case h.warn != nil:
					h.warn(pc, seg.Start+j, "Liquid "+describe(tag)+" \""+string(tag)+"\": Jekyll's template language, not shown")
				}
				keep(j)
				j += n
				from, changed = j, true
			}
			keep(len(line))
		}
		if changed {
			b.SetLines(kept)
		}
	}
}
