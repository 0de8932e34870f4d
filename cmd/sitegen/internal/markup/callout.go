package markup

import (
	"cmp"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/cmd/sitegen/internal/markup/container"
	"d6codex/cmd/sitegen/internal/markup/mdx"
)

// Callouts: the sidebars, examples and warnings rules texts are full of,
// written as editors already write them for GitHub or MkDocs:
//
//	> [!NOTE]                 !!! example "A worked example"
//	> A GitHub alert.             An MkDocs admonition (4-space indent);
//	                              ??? is collapsed, ???+ collapsible and open.
//
// Both become a callout: a themed box with its title, role="note" (a
// <details> when collapsible), printed open.

// kindCallout is the AST kind of a callout.
var kindCallout = ast.NewNodeKind("Callout")

// callout is a callout block; its children are its content.
type callout struct {
	ast.BaseBlock
	kind, title string
	titleOff    int  // where a title written on the marker line starts in it; -1 for none
	richTitle   bool // the title is the first child (a calloutTitleNode), not title
	collapsible bool // ??? or ???+
	open        bool // ???+
}

func (n *callout) Kind() ast.NodeKind { return kindCallout }

func (n *callout) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"kind": n.kind, "title": n.title}, nil)
}

// calloutTitle is the default title of a callout kind ("note" -> "Note").
func calloutTitle(kind string) string {
	if kind == "" {
		return ""
	}
	return strings.ToUpper(kind[:1]) + strings.ReplaceAll(kind[1:], "_", " ")
}

// alertRE matches the first line of a GitHub alert (in any case, as
// GitHub reads it).
var alertRE = regexp.MustCompile(`^\s*\[!(?i:(NOTE|TIP|IMPORTANT|WARNING|CAUTION))\]\s*$`)

// obsidianRE matches the first line of an Obsidian callout: any kind, in
// any case, a fold marker ("-" closed, "+" open) and a title.
var obsidianRE = regexp.MustCompile(`^\s*\[!(\w[\w-]*)\]([-+]?)[ \t]*(.*?)\s*$`)

// obsidianKinds maps Obsidian's callout kinds and their other names to
// the kind whose style they share (the class callout-KIND). A kind not
// listed is styled as a note and titled by its own name, as Obsidian does.
var obsidianKinds = map[string]string{
	"note": "note", "abstract": "abstract", "summary": "abstract", "tldr": "abstract",
	"info": "info", "todo": "todo", "tip": "tip", "hint": "tip", "important": "important",
	"success": "success", "check": "success", "done": "success",
	"question": "question", "help": "question", "faq": "question",
	"warning": "warning", "caution": "caution", "attention": "warning",
	"failure": "failure", "fail": "failure", "missing": "failure",
	"danger": "danger", "error": "danger", "bug": "bug", "example": "example",
	"quote": "quote", "cite": "quote",
}

// alertTransformer turns block quotes that start with [!NOTE] (and the
// other four GitHub alert words) into callouts; with obsidian, any
// [!kind] with its fold marker and title (> [!info]- Title).
type alertTransformer struct{ obsidian bool }

// marker reads a callout's first line: its style, title and fold, and
// where in the line a title of its own starts (titleOff, -1 for none).
func (t alertTransformer) marker(line []byte) (c *callout, ok bool) {
	if m := alertRE.FindSubmatch(line); m != nil {
		kind := strings.ToLower(string(m[1]))
		return &callout{kind: kind, title: calloutTitle(kind), titleOff: -1}, true
	}
	if !t.obsidian {
		return nil, false
	}
	m := obsidianRE.FindSubmatch(line)
	if m == nil {
		return nil, false
	}
	defer func() {
		c.titleOff = -1
		if idx := obsidianRE.FindSubmatchIndex(line); len(m[3]) > 0 {
			c.titleOff = idx[6]
		}
	}()
	name := strings.ToLower(string(m[1]))
	kind, known := obsidianKinds[name]
	if !known {
		kind = "note"
	}
	c = &callout{kind: kind, title: calloutTitle(name)}
	if len(m[3]) > 0 {
		c.title = string(m[3])
	}
	if len(m[2]) > 0 {
		c.collapsible, c.open = true, m[2][0] == '+'
	}
	return c, true
}

func (t alertTransformer) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var quotes []*ast.Blockquote
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if q, ok := n.(*ast.Blockquote); ok && entering {
			quotes = append(quotes, q)
		}
		return ast.WalkContinue, nil
	})
	for _, q := range quotes {
		para, ok := q.FirstChild().(*ast.Paragraph)
		if !ok || para.Lines().Len() == 0 {
			continue
		}
		first := para.Lines().At(0)
		c, ok := t.marker(first.Value(src))
		if !ok {
			continue
		}
		// Take the marker line out: its inline nodes up to the first
		// line break; those after the marker are the title (Obsidian's
		// titles hold links and emphasis), the rest goes.
		titleStart := -1
		if c.titleOff >= 0 {
			titleStart = first.Start + c.titleOff
		}
		title := &calloutTitleNode{}
		for n := para.FirstChild(); n != nil; {
			next := n.NextSibling()
			txt, isText := n.(*ast.Text)
			brk := isText && (txt.SoftLineBreak() || txt.HardLineBreak())
			para.RemoveChild(para, n)
			switch {
			case titleStart < 0:
			case isText && txt.Segment.Stop <= titleStart:
			case isText:
				if txt.Segment.Start < titleStart {
					txt.Segment = txt.Segment.WithStart(titleStart)
				}
				txt.SetSoftLineBreak(false)
				txt.SetHardLineBreak(false)
				title.AppendChild(title, n)
			default:
				title.AppendChild(title, n)
			}
			if brk {
				break
			}
			n = next
		}
		if para.Lines().Len() == 1 {
			q.RemoveChild(q, para)
		} else {
			lines := para.Lines()
			rest := text.NewSegments()
			for i := 1; i < lines.Len(); i++ {
				rest.Append(lines.At(i))
			}
			para.SetLines(rest)
		}
		if title.HasChildren() {
			c.AppendChild(c, title)
			c.richTitle = true
		}
		for n := q.FirstChild(); n != nil; {
			next := n.NextSibling()
			c.AppendChild(c, n)
			n = next
		}
		for _, a := range q.Attributes() { // a ^block-id under it
			c.SetAttribute(a.Name, a.Value)
		}
		q.Parent().ReplaceChild(q.Parent(), q, c)
	}
}

// admonitionRE matches the first line of an MkDocs admonition.
var admonitionRE = regexp.MustCompile(`^(!!!|\?\?\?\+?)[ \t]+([A-Za-z][\w-]*)(?:[ \t]+"([^"]*)")?[ \t]*$`)

// admonitionParser parses MkDocs admonitions: the "!!! kind" line and the
// lines indented by four spaces (or blank) after it.
type admonitionParser struct{}

func (admonitionParser) Trigger() []byte { return []byte{'!', '?'} }

func (admonitionParser) Open(_ ast.Node, reader text.Reader, _ parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	m := admonitionRE.FindSubmatch(util.TrimRightSpace(line))
	if m == nil {
		return nil, parser.NoChildren
	}
	kind := strings.ToLower(string(m[2]))
	c := &callout{kind: kind, title: calloutTitle(kind), titleOff: -1}
	if m[3] != nil {
		c.title = string(m[3]) // "" hides the title, as in MkDocs
	}
	if marker := string(m[1]); marker != "!!!" {
		c.collapsible, c.open = true, marker == "???+"
		if c.title == "" {
			c.title = calloutTitle(kind)
		}
	}
	reader.Advance(seg.Len() - 1)
	return c, parser.HasChildren
}

func (admonitionParser) Continue(_ ast.Node, reader text.Reader, _ parser.Context) parser.State {
	line, _ := reader.PeekLine()
	if util.IsBlank(line) {
		reader.AdvanceToEOL()
		return parser.Continue | parser.HasChildren
	}
	if w, _ := util.IndentWidth(line, reader.LineOffset()); w < 4 {
		return parser.Close
	}
	pos, padding := util.IndentPosition(line, reader.LineOffset(), 4)
	reader.AdvanceAndSetPadding(pos, padding)
	return parser.Continue | parser.HasChildren
}

func (admonitionParser) Close(ast.Node, text.Reader, parser.Context) {}
func (admonitionParser) CanInterruptParagraph() bool                 { return true }
func (admonitionParser) CanAcceptIndentedLine() bool                 { return false }

// calloutExtension adds callouts to a goldmark instance; obsidian adds
// Obsidian's kinds, titles and fold markers.
type calloutExtension struct{ obsidian bool }

func (e calloutExtension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(admonitionParser{}, 150)),
		parser.WithASTTransformers(util.Prioritized(alertTransformer{obsidian: e.obsidian}, 100)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(calloutRenderer{}, 100)))
}

// containerCallouts turns the ::: containers of the layout's dialect
// (package container) into callouts, their written titles into rich
// titles; a container of no kind (VitePress's raw) leaves its content in
// its place.
type containerCallouts struct{}

func (containerCallouts) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(containerCallouts{}, 99)))
}

func (containerCallouts) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	var nodes []*container.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if c, ok := n.(*container.Node); ok && entering {
			nodes = append(nodes, c)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range nodes {
		parent := n.Parent()
		if n.Style == "" {
			for c := n.FirstChild(); c != nil; {
				next := c.NextSibling()
				parent.InsertBefore(parent, n, c)
				c = next
			}
			parent.RemoveChild(parent, n)
			continue
		}
		c := &callout{kind: n.Style, title: n.Title, titleOff: -1, collapsible: n.Style == "details"}
		if t, ok := n.FirstChild().(*container.Title); ok {
			title := &calloutTitleNode{}
			for x := t.FirstChild(); x != nil; {
				next := x.NextSibling()
				title.AppendChild(title, x)
				x = next
			}
			n.RemoveChild(n, t)
			c.AppendChild(c, title)
			c.richTitle = true
		}
		for x := n.FirstChild(); x != nil; {
			next := x.NextSibling()
			c.AppendChild(c, x)
			x = next
		}
		parent.ReplaceChild(parent, n, c)
	}
}

// mdxComponents are the MDX components of Docusaurus's docs that
// mdxCallouts renders.
var mdxComponents = map[string]bool{"Tabs": true, "TabItem": true, "Admonition": true}

// mdxCallouts renders the common docs components of an MDX page (package
// mdx) with the site's callouts: each <TabItem> an open collapsible callout
// titled by its label (every tab readable, in print too), an <Admonition>
// a callout of its type (kinds maps Docusaurus's types to callout kinds);
// <Tabs> and any other element leave their content in their place.
type mdxCallouts struct{ kinds map[string]string }

func (e mdxCallouts) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(e, 98)))
}

func (e mdxCallouts) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	var nodes []*mdx.Element
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if c, ok := n.(*mdx.Element); ok && entering {
			nodes = append(nodes, c)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range nodes {
		parent := n.Parent()
		var c *callout
		switch n.Name {
		case "TabItem":
			title := cmp.Or(n.Attrs["label"], n.Attrs["value"])
			c = &callout{kind: "tab", title: title, titleOff: -1, collapsible: true, open: true}
		case "Admonition":
			kind := cmp.Or(e.kinds[n.Attrs["type"]], "note")
			c = &callout{kind: kind, title: cmp.Or(n.Attrs["title"], calloutTitle(cmp.Or(n.Attrs["type"], "note"))), titleOff: -1}
		}
		if c == nil {
			for x := n.FirstChild(); x != nil; {
				next := x.NextSibling()
				parent.InsertBefore(parent, n, x)
				x = next
			}
			parent.RemoveChild(parent, n)
			continue
		}
		for x := n.FirstChild(); x != nil; {
			next := x.NextSibling()
			c.AppendChild(c, x)
			x = next
		}
		parent.ReplaceChild(parent, n, c)
	}
}

// kindCalloutTitle is the AST kind of a callout's title written with
// inline Markdown (> [!info] See [[Note]]).
var kindCalloutTitle = ast.NewNodeKind("CalloutTitle")

// calloutTitleNode is a callout's title; its children are inline nodes.
type calloutTitleNode struct{ ast.BaseBlock }

func (n *calloutTitleNode) Kind() ast.NodeKind { return kindCalloutTitle }

func (n *calloutTitleNode) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// calloutRenderer renders callouts.
type calloutRenderer struct{}

func (calloutRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindCalloutTitle, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		tag := "p"
		if c, ok := node.Parent().(*callout); ok && c.collapsible {
			tag = "summary"
		}
		if entering {
			_, _ = w.WriteString("<" + tag + ` class="callout-title">`)
		} else {
			_, _ = w.WriteString("</" + tag + ">\n")
		}
		return ast.WalkContinue, nil
	})
	reg.Register(kindCallout, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		c := node.(*callout)
		class := "callout callout-" + string(util.EscapeHTML([]byte(c.kind)))
		if id := HeadingID(c); id != "" {
			class += `" id="` + string(util.EscapeHTML([]byte(id)))
		}
		title := string(util.EscapeHTML([]byte(c.title)))
		switch {
		case entering && c.collapsible:
			_, _ = w.WriteString(`<details class="` + class + `"`)
			if c.open {
				_, _ = w.WriteString(" open")
			}
			_, _ = w.WriteString(">")
			if !c.richTitle {
				_, _ = w.WriteString(`<summary class="callout-title">` + title + "</summary>\n")
			}
		case entering:
			_, _ = w.WriteString(`<div class="` + class + `" role="note">` + "\n")
			if c.title != "" && !c.richTitle {
				_, _ = w.WriteString(`<p class="callout-title">` + title + "</p>\n")
			}
		case c.collapsible:
			_, _ = w.WriteString("</details>\n")
		default:
			_, _ = w.WriteString("</div>\n")
		}
		return ast.WalkContinue, nil
	})
}
