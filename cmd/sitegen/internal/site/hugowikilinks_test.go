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
// sitegen reported 119 broken wikilinks there (eval9B NB13). The layout
// says so (layout.Markup.NoObsidianSyntax); site.toml's obsidian = true
// turns the syntax back on, as sitegen's own setting documents.
func TestHugoNoObsidianSyntax(t *testing.T) {
	for _, tc := range []struct {
		name, siteToml string
		want, not      string
	}{
		{"hugo", "", "Write [[build.cachebusters]] in hugo.toml, not #tag or ==this==.", "<mark>"},
		{"site.toml obsidian = true", "obsidian = true\n", "<mark>this</mark>", "==this=="},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{
				"hugo.toml":         "baseURL = 'https://x.test/'\ntitle = 'T'\n",
				"content/_index.md": "---\ntitle: Home\n---\nHi.\n",
				"content/build.md": "---\ntitle: Build\n---\nWrite [[build.cachebusters]] in hugo.toml, not #tag or ==this==.\n\n" +
					"```toml\n[[build.cachebusters]]\n```\n",
			}
			if tc.siteToml != "" {
				files["site.toml"] = tc.siteToml
			}
			sitetest.WriteFiles(t, dir, files)
			out := filepath.Join(t.TempDir(), "out")
			res, err := build(t, dir, content.Options{Theme: theme, Dest: out, BrokenLinks: "warn"})
			if err != nil {
				t.Fatal(err)
			}
			if tc.siteToml == "" {
				for _, d := range res.WarningList {
					t.Errorf("warning: %s", d)
				}
			}
			html := readTree(t, out)["build/index.html"]
			if !strings.Contains(html, tc.want) {
				t.Errorf("the page does not show %q:\n%s", tc.want, html)
			}
			if strings.Contains(html, tc.not) {
				t.Errorf("the page shows %q", tc.not)
			}
		})
	}
}
