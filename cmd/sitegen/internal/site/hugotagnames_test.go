package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHugoTagNames: Hugo takes any term of a taxonomy ("Hugo includes
// support for user-defined groupings of content called taxonomies",
// https://gohugo.io/content-management/taxonomies/), its page at the term
// made a URL segment, as a content file's name is. Hugo 0.111 measured:
// "Release schedule" and "Release Schedule" are one term at
// /tags/release-schedule/, "C++ & co" is /tags/c++-co/, "42" is
// /tags/42/, "a/b" is /tags/a/b/. Obsidian's rule for tag names (letters,
// numbers, _, -, /; not only numbers) is not Hugo's: no warning, a page
// for each.
func TestHugoTagNames(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"hugo.toml":         "baseURL = 'https://x.test/'\ntitle = 'T'\n",
		"content/_index.md": "---\ntitle: Home\n---\n[r](/tags/release-schedule/) [c](/tags/c++-co/)\n",
		"content/a.md":      "---\ntitle: A\ntags: \"Release schedule\"\n---\n",
		"content/b.md":      "---\ntitle: B\ntags: [\"Release Schedule\", \"C++ & co\", \"42\", \"a/b\"]\n---\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range res.WarningList {
		if strings.Contains(w.Msg, "tag name") {
			t.Errorf("warning: %s", w)
		}
	}
	tree := readTree(t, out)
	for _, page := range []string{"tags/release-schedule/index.html", "tags/c++-co/index.html", "tags/42/index.html", "tags/a/b/index.html"} {
		if _, ok := tree[page]; !ok {
			t.Errorf("%s not published", page)
		}
	}
	html := tree["tags/release-schedule/index.html"]
	_, list, _ := strings.Cut(html, `<ul class="children">`)
	list, _, _ = strings.Cut(list, "</ul>")
	for _, want := range []string{`href="/a/"`, `href="/b/"`} {
		if !strings.Contains(list, want) {
			t.Errorf("tags/release-schedule/ does not list %s: %s", want, list)
		}
	}
}
