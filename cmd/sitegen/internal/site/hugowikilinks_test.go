package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHugoNoObsidianSyntax: Hugo's Markdown is goldmark with the
// extensions Hugo lists (definitionList, footnote, linkify, strikethrough,
// table, taskList, typographer, passthrough, extras:
// https://gohugo.io/configuration/markup/#goldmark), none of which reads
// [[wikilinks]], #tags or ==highlights==: Hugo shows them as written. The
// Hugo documentation's own site (gohugoio/hugoDocs) writes TOML arrays of
// tables, [[build.cachebusters]], inside its code-toggle shortcode, and
// sitegen reported 119 broken wikilinks there (eval9B NB13).
func TestHugoNoObsidianSyntax(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"hugo.toml":         "baseURL = 'https://x.test/'\ntitle = 'T'\n",
		"content/_index.md": "---\ntitle: Home\n---\nHi.\n",
		"content/build.md": "---\ntitle: Build\n---\nWrite [[build.cachebusters]] in hugo.toml, not #tag or ==this==.\n\n" +
			"```toml\n[[build.cachebusters]]\n```\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.WarningList {
		t.Errorf("warning: %s", d)
	}
	html := readTree(t, out)["build/index.html"]
	for _, want := range []string{"Write [[build.cachebusters]] in hugo.toml, not #tag or ==this==."} {
		if !strings.Contains(html, want) {
			t.Errorf("the page does not show %q as written:\n%s", want, html)
		}
	}
}
