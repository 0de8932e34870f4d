package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusNoObsidianSyntax: Docusaurus reads its docs with MDX
// (https://docusaurus.io/docs/markdown-features: "Docusaurus uses MDX
// as the parsing engine"), CommonMark with GFM and no wikilinks, tags in
// the text or ==highlights==: [[Page|label]], #word and ==x== are shown as
// written. A campaign site written in Obsidian and published with
// Docusaurus (kaelynj/sanctuary-amongst-the-stars, onBrokenLinks:
// 'throw') builds with Docusaurus, its [[wikilinks]] as text; sitegen
// reported 39 broken wikilinks and refused it. The layout says so
// (layout.Markup.NoObsidianSyntax); front matter tags stay the docs'
// tags.
func TestDocusaurusNoObsidianSyntax(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://x.test', baseUrl: '/', presets: [['classic', {docs: {}, blog: false}]]};\n",
		"docs/intro.md":        "---\ntags: [rules]\n---\n# Intro\n\nSee [[Missing Note#Part|the part]], not #tag or ==this==.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.WarningList {
		t.Errorf("warning: %s", d)
	}
	tree := readTree(t, out)
	html := tree["docs/intro/index.html"]
	if want := "See [[Missing Note#Part|the part]], not #tag or ==this==."; !strings.Contains(html, want) {
		t.Errorf("the page does not show %q:\n%s", want, html)
	}
	if _, ok := tree["docs/tags/rules/index.html"]; !ok {
		t.Errorf("the front matter's tag has no page (docs/tags/rules/)")
	}
}
