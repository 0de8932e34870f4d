package mdx

import (
	"bytes"
	"html"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// PageHead is what an MDX page says of itself outside its text: the
// <title> and <meta name="description"> of its <Head> (or <head>)
// element, and the target of its <Redirect to="…" />.
//
// "It is possible to add extra metadata (or override existing ones) with
// the <head> tag in Markdown files … This feature is built on top of the
// Docusaurus <Head> component"
// (https://docusaurus.io/docs/markdown-features/head-metadata); "<Redirect>
// … Rendering a <Redirect> will navigate to a new location"
// (https://docusaurus.io/docs/docusaurus-core#redirect, react-router's
// Redirect, which @docusaurus/router re-exports).
type PageHead struct {
	Title, Description string
	// Redirect is the to of the page's first <Redirect />, as written;
	// RedirectAt the source offset of its tag.
	Redirect   string
	RedirectAt int
}

// HeadOf reads the PageHead of a parsed MDX page: its top-level <Head>
// and <head> elements (the last <title> and description win, as the
// head manager keeps the last one) and its first <Redirect to />.
func HeadOf(doc ast.Node, src []byte) PageHead {
	var h PageHead
	for _, n := range HeadNodes(doc, src) {
		if e, ok := n.(*Element); ok && e.Name == "Redirect" {
			if to := e.Attrs["to"]; to != "" && h.Redirect == "" {
				h.Redirect, h.RedirectAt = to, e.Line
			}
			continue
		}
		h.read(blockSource(n, src))
	}
	return h
}

// HeadNodes are the top-level nodes of a parsed MDX page that are no
// text of it: its <Head> elements, the raw HTML of a <head> element to
// its </head> (MDX's raw HTML is a block a tag line), and its
// <Redirect /> elements. The page shows none of them.
func HeadNodes(doc ast.Node, src []byte) []ast.Node {
	var out []ast.Node
	inHead := false
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		switch e := n.(type) {
		case *Element:
			if e.Name == "Head" || e.Name == "head" || e.Name == "Redirect" {
				out = append(out, n)
			}
		case *ast.HTMLBlock:
			raw := blockSource(n, src)
			if inHead || IsHeadBlock(raw) {
				out = append(out, n)
				inHead = !bytes.Contains(bytes.ToLower(raw), []byte("</head>"))
			}
			continue
		}
		inHead = false
	}
	return out
}

// IsHeadBlock reports whether raw HTML starts with a <head> tag: a
// page's head metadata, not text (HeadOf).
func IsHeadBlock(raw []byte) bool {
	s := strings.ToLower(string(bytes.TrimSpace(raw)))
	return strings.HasPrefix(s, "<head>") || strings.HasPrefix(s, "<head ")
}

var (
	titleTag = regexp.MustCompile(`(?is)<title(?:\s[^>]*)?>(.*?)</title\s*>`)
	metaTag  = regexp.MustCompile(`(?is)<meta\s[^>]*>`)
	headAttr = regexp.MustCompile(`(?is)([a-z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*"([^"]*)"\s*\}|\{\s*'([^']*)'\s*\})`)
)

// read takes the title and the description of the head's source.
func (h *PageHead) read(raw []byte) {
	for _, m := range titleTag.FindAllSubmatch(raw, -1) {
		if t := strings.Join(strings.Fields(html.UnescapeString(string(m[1]))), " "); t != "" {
			h.Title = t
		}
	}
	for _, tag := range metaTag.FindAll(raw, -1) {
		attrs := map[string]string{}
		for _, a := range headAttr.FindAllSubmatch(tag, -1) {
			v := string(a[2]) + string(a[3]) + string(a[4]) + string(a[5])
			attrs[strings.ToLower(string(a[1]))] = html.UnescapeString(v)
		}
		if strings.EqualFold(attrs["name"], "description") && attrs["content"] != "" {
			h.Description = attrs["content"]
		}
	}
}

// blockSource is the source of a block and of every block inside it, in
// order (an element's lines, an HTML block's closing line too).
func blockSource(n ast.Node, src []byte) []byte {
	var b bytes.Buffer
	_ = ast.Walk(n, func(x ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || x.Type() != ast.TypeBlock {
			return ast.WalkContinue, nil
		}
		lines := x.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			b.Write(seg.Value(src))
			b.WriteByte('\n')
		}
		if hb, ok := x.(*ast.HTMLBlock); ok && hb.HasClosure() {
			b.Write(hb.ClosureLine.Value(src))
		}
		return ast.WalkContinue, nil
	})
	return b.Bytes()
}
