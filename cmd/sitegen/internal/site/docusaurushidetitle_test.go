package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusHideTitle: "hide_title: Whether to hide the title at the
// top of the doc. It only hides a title declared through the front
// matter, and have no effect on a Markdown title at the top of your
// document" (https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#markdown-front-matter).
// Docusaurus 3.10.2 built docs/alpha.md (title and hide_title: true, no
// heading) with no <h1>, docs/zeta.md (the same and "# Zeta heading")
// with that heading as its <h1>, and docs/mid.md (a title only) with the
// title as its <h1>; each page's <title> is its front matter title.
func TestDocusaurusHideTitle(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'Fx', url: 'https://x.test', baseUrl: '/'};\n",
		"docs/alpha.md":        "---\ntitle: Alpha Title\nhide_title: true\n---\nAlpha text.\n",
		"docs/zeta.md":         "---\ntitle: Zeta Title\nhide_title: true\n---\n# Zeta heading\n\nZeta text.\n",
		"docs/mid.md":          "---\ntitle: Mid Title\nhide_title: false\n---\nMid text.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatal(err)
	}
	files := readTree(t, out)
	for _, tc := range []struct{ file, h1, title string }{
		{"docs/alpha/index.html", "", "Alpha Title"},
		{"docs/zeta/index.html", "Zeta heading", "Zeta Title"},
		{"docs/mid/index.html", "Mid Title", "Mid Title"},
	} {
		html, ok := files[tc.file]
		if !ok {
			t.Errorf("%s not published", tc.file)
			continue
		}
		article := html[strings.Index(html, "<article"):]
		var h1s []string
		for rest := article; ; {
			i := strings.Index(rest, "<h1")
			if i < 0 {
				break
			}
			rest = rest[i:]
			rest = rest[strings.Index(rest, ">")+1:]
			h, _, _ := strings.Cut(rest, "</h1>")
			h1s = append(h1s, h)
		}
		want := []string{}
		if tc.h1 != "" {
			want = []string{tc.h1}
		}
		if strings.Join(h1s, "|") != strings.Join(want, "|") {
			t.Errorf("%s: <h1>s %q, want %q", tc.file, h1s, want)
		}
		if !strings.Contains(html, "<title>"+tc.title) {
			t.Errorf("%s: <title> is not %q", tc.file, tc.title)
		}
	}
}
