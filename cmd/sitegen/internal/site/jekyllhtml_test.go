package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllHTMLPageNotMarkdown: a Jekyll page written in HTML gets its
// Liquid and is not converted as Markdown. "markdown_ext:
// "markdown,mkdown,mkdn,mkd,md"" (https://jekyllrb.com/docs/configuration/default/):
// Jekyll's Markdown converter matches only those extensions, so an .html
// page's indented lines after a blank line are HTML, not a code block,
// and its *stars* and [brackets](x) are text (Jekyll 4.3.1 writes
// index.html below with <p>b</p> as a paragraph, eval8B's MB2). A
// markdown_ext setting names the extensions: a .txt page with it is
// Markdown.
func TestJekyllHTMLPageNotMarkdown(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml": "title: J\nmarkdown_ext: md,txt\n",
		"index.html":  "---\ntitle: T\n---\n<div>\n  <p>a</p>\n\n    <p>b</p>\n</div>\n\n*not em* [not](link)\n\n<pre>x\n\ny</pre>\n{% if true %}\n    <p>{{ page.title }}-LIQUID</p>\n{% endif %}\n",
		"notes.txt":   "---\ntitle: Notes\n---\n*em*\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	read := func(f string) string {
		b, err := os.ReadFile(filepath.Join(dest, f))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	home := read("index.html")
	for _, want := range []string{"<p>b</p>", "*not em* [not](link)", "<pre>x\n\ny</pre>", "<p>T-LIQUID</p>"} {
		if !strings.Contains(home, want) {
			t.Errorf("index.html lacks %q:\n%s", want, home)
		}
	}
	for _, bad := range []string{"<code>", "&lt;p&gt;", "<em>not em</em>", "{%"} {
		if strings.Contains(home, bad) {
			t.Errorf("index.html holds %q: its HTML was read as Markdown", bad)
		}
	}
	if n := read("notes.html"); !strings.Contains(n, "<em>em</em>") { // Jekyll writes notes.txt at /notes.html
		t.Errorf("notes.txt (markdown_ext: md,txt) is not Markdown")
	}
}

// TestJekyllHTMLHome: "A static file is a file that does not contain any
// front matter … Jekyll copies them as they are"
// (https://jekyllrb.com/docs/static-files/), and Jekyll makes no home page
// of its own: an index.html without front matter at the root is the site's
// home, published as it is (lester-lee/dnd, eval10B NB5: sitegen's
// generated home conflicted with it, an error in default mode and the
// author's file dropped in lenient mode). A warning says the generated
// home page is not written; never an error.
func TestJekyllHTMLHome(t *testing.T) {
	const home = "<!doctype html><title>Grimoire</title><p>My own home</p>\n"
	for _, mode := range []string{"", "warn"} {
		t.Run("broken-links="+mode, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"_config.yml": "title: J\n",
				"index.html":  home,
				"rules.md":    "---\ntitle: Rules\n---\nText of rules.\n",
				"README.md":   "# About this repository\n", // jekyll-readme-index: the folder has an index, README stays a file
			})
			res, err := build(t, dir, content.Options{Theme: theme, BrokenLinks: mode})
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			b, err := os.ReadFile(filepath.Join(dir, "public", "index.html"))
			if err != nil || string(b) != home {
				t.Errorf("index.html = %.200q (%v), want the author's index.html as it is", b, err)
			}
			if r, err := os.ReadFile(filepath.Join(dir, "public", "rules.html")); err != nil || !strings.Contains(string(r), "Text of rules.") {
				t.Errorf("rules.html: %v", err)
			}
			if w := strings.Join(res.Warnings, "\n"); !strings.Contains(w, "index.html") || !strings.Contains(w, "generated home page") {
				t.Errorf("warnings %q: want one naming index.html and sitegen's generated home page", w)
			}
		})
	}
}
