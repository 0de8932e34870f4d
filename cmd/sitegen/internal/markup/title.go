package markup

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"d6codex/cmd/sitegen/internal/markup/mdx"
)

// firstH1 returns the first level-1 heading (ATX "# Title" or setext
// "Title\n=====") among the top-level blocks of doc, or nil. A page whose
// front matter sets no title takes its title from this heading, and the
// heading is then not rendered a second time below the template's <h1>.
func firstH1(doc ast.Node) *ast.Heading {
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok && h.Level == 1 {
			return h
		}
	}
	return nil
}

// H1Title returns the plain text of the first level-1 heading of an
// outline (see Outline) and removes the heading from it; ok is false (and
// doc is unchanged) when there is none or its text is empty. A page whose
// front matter sets no title takes its title from it, and Page.DropH1
// then keeps it from rendering twice.
func (m *Markdown) H1Title(doc ast.Node, src []byte) (title string, ok bool) {
	return m.takeH1(doc, src, firstH1(doc))
}

// LeadingH1 is H1Title for a level-1 heading that is the page's first
// block, whatever its title: a page with a title of its own that starts
// with "# Heading" shows that heading once (Page.DropH1 and the layout's
// <h1>), not twice.
func (m *Markdown) LeadingH1(doc ast.Node, src []byte) (heading string, ok bool) {
	h, isH := doc.FirstChild().(*ast.Heading)
	if !isH || h.Level != 1 {
		return "", false
	}
	return m.takeH1(doc, src, h)
}

// LeadingHeading is LeadingH1 for a heading of any level: the title of a
// page that starts with "## Why QuestWorlds?" in a layout that takes a
// title from the heading that starts a page (GitHub Pages'
// jekyll-titles-from-headings). The heading is removed from the outline;
// Page.DropLeading removes it when the page renders.
func (m *Markdown) LeadingHeading(doc ast.Node, src []byte) (title string, ok bool) {
	h, isH := doc.FirstChild().(*ast.Heading)
	if !isH {
		return "", false
	}
	return m.takeH1(doc, src, h)
}

// StartTitle is H1Title for Docusaurus's rule: the level-1 heading is
// the title only when it starts the page, after its MDX import
// statements (anything else before it, an export included, and the page
// has no title from a heading).
func (m *Markdown) StartTitle(doc ast.Node, src []byte) (title string, ok bool) {
	c := doc.FirstChild()
	for {
		d, isDropped := c.(*mdx.Dropped)
		if !isDropped || !d.Import {
			break
		}
		c = c.NextSibling()
	}
	h, isH := c.(*ast.Heading)
	if !isH || h.Level != 1 {
		return "", false
	}
	return m.takeH1(doc, src, h)
}

func (m *Markdown) takeH1(doc ast.Node, src []byte, h *ast.Heading) (title string, ok bool) {
	if h == nil {
		return "", false
	}
	var raw []byte
	for i := 0; i < h.Lines().Len(); i++ {
		seg := h.Lines().At(i)
		raw = append(raw, seg.Value(src)...)
	}
	title = strings.TrimSpace(inlineText(m.md.Parser(), raw))
	if title == "" {
		return "", false
	}
	doc.RemoveChild(doc, h)
	return title, true
}

// inlineText parses one line of Markdown (a heading's text, a few dozen
// bytes, not the whole file) and returns its plain text without markup,
// so "Wild *Die*" becomes "Wild Die".
func inlineText(p parser.Parser, line []byte) string {
	doc := p.Parse(text.NewReader(line))
	return PlainText(doc, line)
}

// RawLeadingH1 is the text of the page's first line when the page starts
// with an ATX level-1 heading written "# Text", as written: the line
// trimmed, its leading "#"s and spaces removed, its markup and any
// closing "#"s kept ("The `roll` command", "Title ##"). The heading
// stays in doc. MkDocs before 1.5 titles a page so (get_markdown_title).
func RawLeadingH1(doc ast.Node, src []byte) (string, bool) {
	h, isH := doc.FirstChild().(*ast.Heading)
	if !isH || h.Level != 1 || h.Lines().Len() == 0 {
		return "", false
	}
	start := h.Lines().At(0).Start
	bol := bytes.LastIndexByte(src[:start], '\n') + 1
	eol := bytes.IndexByte(src[start:], '\n')
	if eol < 0 {
		eol = len(src) - start
	}
	line := strings.TrimSpace(strings.TrimSuffix(string(src[bol:start+eol]), "\r"))
	if !strings.HasPrefix(line, "# ") {
		return "", false // "#\tTitle", a setext heading
	}
	return strings.TrimLeft(line, "# "), true
}
