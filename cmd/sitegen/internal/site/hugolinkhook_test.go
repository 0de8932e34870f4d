package site

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHugoLinkHook: "When rendering Markdown to HTML, render hooks
// override the conversion" (https://gohugo.io/render-hooks/introduction/):
// a site's layouts/_markup/render-link.html decides where each Markdown
// link leads ("Create a link render hook to override the rendering of
// Markdown links to HTML", https://gohugo.io/render-hooks/links/).
// gohugoio/hugoDocs writes [page kind](g), which its hook turns into a
// link to its glossary; sitegen reported 369 broken links (eval9B NB13).
// sitegen does not run Hugo's templates: a link that Hugo's default rules
// do not resolve is, in a site with a link hook, a warning naming the hook
// (in strict mode too) and is shown as its text; a link that resolves is
// published as without the hook, and a link to a page that is there with
// a #fragment that names none of its headings stays a broken anchor (the
// hook finds the page). Without a hook it is a broken link.
func TestHugoLinkHook(t *testing.T) {
	for _, tc := range []struct {
		name, hook, broken string // broken: the link that stays broken
	}{
		{"no hook", "", "g"},
		{"_default/_markup", "layouts/_default/_markup/render-link.html", ""},
		{"_markup (hugoDocs)", "layouts/_markup/render-link.html", ""},
		{"a broken anchor", "layouts/_markup/render-link.html", "/templates/#nope"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{
				"hugo.toml":            "baseURL = 'https://x.test/'\ntitle = 'T'\n",
				"content/_index.md":    "---\ntitle: Home\n---\nHi.\n",
				"content/kinds.md":     "---\ntitle: Kinds\n---\nEach [page kind](g) has a [template](/templates/).\n",
				"content/templates.md": "---\ntitle: Templates\n---\nT.\n",
			}
			if tc.broken == "/templates/#nope" {
				files["content/kinds.md"] += "See [nope](/templates/#nope).\n"
			}
			if tc.hook != "" {
				files[tc.hook] = `<a href="{{ .Destination | safeURL }}">{{ .Text }}</a>`
			}
			sitetest.WriteFiles(t, dir, files)
			out := filepath.Join(t.TempDir(), "out")
			res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
			if tc.broken != "" {
				if err == nil || !strings.Contains(fmt.Sprint(err), `broken link "`+tc.broken+`"`) {
					t.Fatalf("err = %v, want the broken link %q", err, tc.broken)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			warned := 0
			for _, d := range res.WarningList {
				w := fmt.Sprint(d)
				if strings.Contains(w, `"g"`) && strings.Contains(w, tc.hook) && strings.Contains(w, "sitegen does not run") {
					warned++
				}
			}
			if warned != 1 {
				t.Errorf("want one warning naming %s for the link \"g\", got %d: %q", tc.hook, warned, res.WarningList)
			}
			html := readTree(t, out)["kinds/index.html"]
			for _, want := range []string{"Each page kind has a", `<a href="/templates/">template</a>`} {
				if !strings.Contains(html, want) {
					t.Errorf("the page does not show %q:\n%s", want, html)
				}
			}
			if strings.Contains(html, `href="g"`) {
				t.Errorf("the link g is published")
			}
		})
	}
}
