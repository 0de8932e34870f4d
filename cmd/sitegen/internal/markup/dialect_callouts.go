package markup

import (
	"cmp"
	"fmt"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/cmd/sitegen/internal/markup/callout"
	"d6codex/cmd/sitegen/internal/markup/container"
	"d6codex/cmd/sitegen/internal/markup/mdx"
)

// containerCallouts turns the ::: containers of the layout's dialect
// (package container) into callouts, their written titles into rich
// titles; a container of no kind (VitePress's raw) leaves its content in
// its place, and a code group (VitePress's ::: code-group) its fenced
// blocks, each labelled one a tab (labelFences).
type containerCallouts struct{}

func (containerCallouts) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(containerCallouts{}, 99)))
}

func (containerCallouts) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var nodes []*container.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if c, ok := n.(*container.Node); ok && entering {
			nodes = append(nodes, c)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range nodes {
		parent := n.Parent()
		if n.Word == codeGroup {
			labelFences(n, src)
		}
		if n.Style == "" {
			for c := n.FirstChild(); c != nil; {
				next := c.NextSibling()
				parent.InsertBefore(parent, n, c)
				c = next
			}
			parent.RemoveChild(parent, n)
			continue
		}
		c := &callout.Node{Style: n.Style, Title: n.Title, Collapsible: n.Style == "details"}
		if t, ok := n.FirstChild().(*container.Title); ok {
			title := &callout.TitleNode{}
			for x := t.FirstChild(); x != nil; {
				next := x.NextSibling()
				title.AppendChild(title, x)
				x = next
			}
			n.RemoveChild(n, t)
			c.AppendChild(c, title)
		}
		for x := n.FirstChild(); x != nil; {
			next := x.NextSibling()
			c.AppendChild(c, x)
			x = next
		}
		parent.ReplaceChild(parent, n, c)
	}
}

// codeGroup is VitePress's container of code blocks shown as tabs.
const codeGroup = "code-group"

// fenceLabel is the label of a fenced block in a code group: "```js
// [config.js]" (https://vitepress.dev/guide/markdown#code-groups).
var fenceLabel = regexp.MustCompile(`\[([^\]\n]+)\]`)

// labelFences shows each fenced block of a code group that has a label as
// a tab (the style of Docusaurus's TabItem, mdxCallouts): an open
// collapsible callout titled by its label, so no tab needs a script to be
// read, printed or reached by keyboard.
func labelFences(group *container.Node, src []byte) {
	for x := group.FirstChild(); x != nil; {
		next := x.NextSibling()
		if f, ok := x.(*ast.FencedCodeBlock); ok && f.Info != nil {
			if m := fenceLabel.FindSubmatch(f.Info.Segment.Value(src)); m != nil {
				c := &callout.Node{Style: "tab", Title: strings.TrimSpace(string(m[1])), Collapsible: true, Open: true}
				group.ReplaceChild(group, f, c)
				c.AppendChild(c, f)
			}
		}
		x = next
	}
}

// mdxComponents are the MDX components of Docusaurus's docs that
// mdxCallouts renders.
var mdxComponents = map[string]bool{"Tabs": true, "TabItem": true, "Admonition": true, "details": true, "summary": true, "DocCardList": true,
	"Head": true, "Redirect": true}

// mdxCallouts renders the common docs components of an MDX page (package
// mdx) with the site's callouts: each <TabItem> an open collapsible callout
// titled by its label (every tab readable, in print too), an <Admonition>
// a callout of its type (kinds maps Docusaurus's types to callout kinds),
// a <details> a collapsible callout (open as its open attribute says)
// titled by its <summary>'s inline Markdown, else "Details" (Docusaurus's
// Details theme component's default summary); <DocCardList /> the list of
// the items of the current category, as cards (the page's CardResolver;
// "By default, we display what's inside the parent category",
// https://github.com/facebook/docusaurus/discussions/8014; theme-classic
// 3.10's DocCardList: useCurrentSidebarSiblings, the items of the deepest
// category holding the page, else the sidebar's); <Head>, <head> and
// <Redirect /> are taken out (mdx.HeadNodes); <Tabs> and any other
// element leave their content in their place (after its title as a link
// to its href where it has both, a card of the site's own as Starlight's
// <LinkCard>), a self-closing one the text of its props.
type mdxCallouts struct {
	kinds   map[string]string
	aliases map[string]string // the tool's components as the common ones (layout.Markup.MDXAliases)
}

func (e mdxCallouts) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(e, 98)))
}

func (e mdxCallouts) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	// <Head> and <head> set the page's <title> and description, a
	// <Redirect /> makes the page a redirect (site/content reads them,
	// mdx.HeadOf): none is text of the page.
	for _, n := range mdx.HeadNodes(doc, reader.Source()) {
		doc.RemoveChild(doc, n)
	}
	var nodes []*mdx.Element
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if c, ok := n.(*mdx.Element); ok && entering {
			nodes = append(nodes, c)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range nodes {
		parent := n.Parent()
		if parent == nil { // a <summary> made a title already
			continue
		}
		if n.Name == "DocCardList" {
			parent.ReplaceChild(parent, n, docCards(n, pc))
			continue
		}
		if e.aliases[n.Name] == codeComponent && n.SelfClosing {
			parent.ReplaceChild(parent, n, codeNode(n, pc))
			continue
		}
		if _, alias := e.aliases[n.Name]; alias || mdxComponents[n.Name] {
			warnUnread(n, pc, "title", "href", "description", "label", "value", "type")
		}
		if e.aliases[n.Name] == linkCard && n.Attrs["href"] != "" {
			parent.ReplaceChild(parent, n, linkCardNode(n))
			continue
		}
		if n.SelfClosing || n.Href != "" {
			continue // its props, as text; the link around its content (mdx's renderer)
		}
		var c *callout.Node
		name := n.Name
		if a, ok := e.aliases[name]; ok {
			name = a
		}
		switch name {
		case "details":
			_, open := n.Attrs["open"]
			c = &callout.Node{Style: "details", Title: "Details", Collapsible: true, Open: open}
			if s, ok := n.FirstChild().(*mdx.Element); ok && s.Name == "summary" {
				c.AppendChild(c, summaryTitle(s))
				n.RemoveChild(n, s)
			}
		case "TabItem":
			title := cmp.Or(n.Attrs["label"], n.Attrs["value"])
			c = &callout.Node{Style: "tab", Title: title, Collapsible: true, Open: true}
		case "Admonition":
			kind := cmp.Or(e.kinds[n.Attrs["type"]], "note")
			c = &callout.Node{Style: kind, Title: cmp.Or(n.Attrs["title"], callout.DefaultTitle(cmp.Or(n.Attrs["type"], "note")))}
		}
		if c == nil {
			if _, alias := e.aliases[n.Name]; !alias && !mdxComponents[n.Name] && n.Titled() {
				parent.InsertBefore(parent, n, linkCardNode(n)) // an unknown card: its title, linked, then its content
			}
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

// linkCard is the common component a tool's link card is an alias of
// (layout.Markup.MDXAliases: Starlight's <LinkCard title href
// description />).
const linkCard = "LinkCard"

// badgeComponent is the common component a tool's badge is an alias of
// (Starlight's <Badge text="New" variant="tip" />): its text is shown.
const badgeComponent = "Badge"

// iconComponent is the common component a tool's icon is an alias of
// (Starlight's <Icon name="star" />): an SVG of the tool's icon set,
// which sitegen does not carry, so nothing is shown, with no warning.
const iconComponent = "Icon"

// codeComponent is the common component a tool's code component is an
// alias of (Starlight's <Code code lang title />).
const codeComponent = "Code"

// codeNode is a <Code /> element as a code block: its code prop in its
// lang, under its title ("code: the code to display", "lang", "title":
// Expressive Code's Code component, which Starlight's is,
// https://starlight.astro.build/components/code/); nothing when its code
// is not read, with a warning at the tag.
func codeNode(n *mdx.Element, pc parser.Context) ast.Node {
	warnUnread(n, pc, "code", "lang", "title")
	if n.Attrs["code"] == "" {
		return &mdx.Dropped{}
	}
	return &mdx.CodeBlock{Code: n.Attrs["code"], Lang: n.Attrs["lang"], Title: n.Attrs["title"]}
}

// warnUnread warns, at n's tag, of each of the named attributes of n
// written as an expression markup did not read all of (mdx.Element.Unread):
// a template literal's substitution is shown as written, any other
// expression is left out.
func warnUnread(n *mdx.Element, pc parser.Context, names ...string) {
	for _, name := range names {
		u := n.Unread[name]
		if r := []rune(u); len(r) > 60 {
			u = string(r[:57]) + "…"
		}
		switch {
		case u == "":
		case n.Attrs[name] != "":
			warnAt(pc, n.Line, fmt.Sprintf("<%s> %s={…}: %s is not a string constant the page exports: shown as written", n.Name, name, u))
		case name == "code":
			warnAt(pc, n.Line, fmt.Sprintf("<%s> %s={%s} is not a string sitegen can read: nothing is shown", n.Name, name, u))
		default:
			warnAt(pc, n.Line, fmt.Sprintf("<%s> %s={%s} is not a string sitegen can read: it is left out", n.Name, name, u))
		}
	}
}

// linkCardNode is a link card as a paragraph: its title, bold, a link to
// its href (checked and rewritten as the page's other links), then its
// description.
func linkCardNode(n *mdx.Element) ast.Node {
	p := ast.NewParagraph()
	link := ast.NewLink()
	link.Destination = []byte(n.Attrs["href"])
	link.SetPos(n.Line) // a broken href is told at the element's tag
	strong := ast.NewEmphasis(2)
	strong.AppendChild(strong, ast.NewString([]byte(cmp.Or(n.Attrs["title"], n.Attrs["href"]))))
	link.AppendChild(link, strong)
	p.AppendChild(p, link)
	if d := n.Attrs["description"]; d != "" {
		p.AppendChild(p, ast.NewString([]byte(" — "+d)))
	}
	return p
}

// summaryTitle is the callout title of a <details>' <summary>: the inline
// Markdown of a one-line <summary>text</summary>, or of the paragraphs of
// one over several lines.
func summaryTitle(s *mdx.Element) *callout.TitleNode {
	title := &callout.TitleNode{}
	move := func(from ast.Node) {
		for x := from.FirstChild(); x != nil; {
			next := x.NextSibling()
			title.AppendChild(title, x)
			x = next
		}
	}
	if s.FirstChild() == nil || s.FirstChild().Type() == ast.TypeInline {
		move(s)
		return title
	}
	for b := s.FirstChild(); b != nil; b = b.NextSibling() {
		if b.Kind() == ast.KindParagraph || b.Kind() == ast.KindTextBlock {
			if title.HasChildren() {
				title.AppendChild(title, ast.NewText()) // nothing between paragraphs: a soft break
				title.LastChild().(*ast.Text).SetSoftLineBreak(true)
			}
			move(b)
		}
	}
	return title
}

// CardResolver is a LinkResolver that knows the pages a page's card list
// shows (Docusaurus's <DocCardList />: its category's items): their URLs
// and titles, in the navigation's order; none for a page that is no
// category's.
type CardResolver interface {
	LinkResolver
	Cards() []LinkTarget
}

// docCards is the card list of a <DocCardList /> element: the page's
// cards from its CardResolver; a warning where there are none.
func docCards(n *mdx.Element, pc parser.Context) ast.Node {
	list := &mdx.CardList{}
	st := state(pc)
	if st == nil {
		return list
	}
	if res, ok := st.page.Links.(CardResolver); ok {
		for _, c := range res.Cards() {
			list.Cards = append(list.Cards, mdx.Card{URL: c.URL, Title: c.Title})
		}
	}
	if len(list.Cards) == 0 {
		warnAt(pc, n.Line, "<DocCardList /> lists the items of the page's category: there are none, so nothing is shown")
	}
	return list
}
