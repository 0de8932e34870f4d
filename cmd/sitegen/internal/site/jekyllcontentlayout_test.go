package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllContentLayoutHTML: "Jekyll will render the layout with the
// page's content inserted at {{ content }}" (https://jekyllrb.com/docs/layouts/):
// an element a layout opens before {{ content }} and closes after it
// holds the page's text, as in Jekyll's page; and a warning about the
// layout's own text (raw HTML sitegen does not publish) names the
// layout's file and line, once, not each page that uses it
// (rooneg/5srd.github.io: the monster layout's <section> and style
// attributes made 1,527 warnings at 321 monsters' pages).
func TestJekyllContentLayoutHTML(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"Gemfile":               "source 'https://rubygems.org'\ngem 'jekyll'\n",
		"_config.yml":           "title: J\n",
		"_layouts/default.html": "<!DOCTYPE html>\n<html><body>{{ content }}</body></html>\n",
		"_layouts/box.html":     "---\nlayout: default\n---\n<div class=\"box\">\n  <p style=\"position: absolute\">{{ page.title }}</p>\n\n{{ content }}\n\n</div>\n",
		"index.md":              "---\ntitle: Home\n---\nHome.\n",
		"alpha.md":              "---\ntitle: Alpha\nlayout: box\n---\nAlpha text.\n",
		"beta.md":               "---\ntitle: Beta\nlayout: box\n---\nBeta text.\n",
	})
	dest := filepath.Join(t.TempDir(), "out")
	res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{"alpha", "beta"} {
		raw, err := os.ReadFile(filepath.Join(dest, page+".html"))
		if err != nil {
			raw, err = os.ReadFile(filepath.Join(dest, page, "index.html"))
		}
		if err != nil {
			t.Fatal(err)
		}
		doc, err := html.Parse(strings.NewReader(string(raw)))
		if err != nil {
			t.Fatal(err)
		}
		text := find(doc, func(n *html.Node) bool { return n.Type == html.TextNode && strings.Contains(n.Data, " text.") })
		if text == nil {
			t.Fatalf("%s: no text in %s", page, raw)
		}
		inBox := false
		for n := text.Parent; n != nil; n = n.Parent {
			inBox = inBox || n.Type == html.ElementNode && n.Data == "div" && attr(n, "class") == "box"
		}
		if !inBox {
			t.Errorf("%s: the page's text is not inside the layout's <div class=\"box\">:\n%s", page, raw)
		}
	}
	var style []string
	for _, w := range res.WarningList {
		if strings.Contains(w.Msg, "position in style on <p>") {
			style = append(style, w.String())
		}
	}
	if len(style) != 1 || !strings.HasPrefix(style[0], "_layouts/box.html:5:") {
		t.Errorf("warnings of the layout's style attribute: %q, want one at _layouts/box.html:5", style)
	}
}

// find is the first node under n, depth first, that ok accepts.
func find(n *html.Node, ok func(*html.Node) bool) *html.Node {
	if ok(n) {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := find(c, ok); f != nil {
			return f
		}
	}
	return nil
}

// attr is n's attribute key, "" without it.
func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}
