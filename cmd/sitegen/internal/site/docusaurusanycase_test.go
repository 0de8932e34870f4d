package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusRouteAnyCase: Docusaurus matches a link's path to its
// routes with react-router's matchPath, whose "sensitive" option is false
// by default (react-router 5.3 matchPath: "sensitive = _options$sensitive
// === void 0 ? false"), in its router and its broken link checker
// (@docusaurus/core lib/server/brokenLinks.js matchRoutes): a link
// "normale-schlacht" to the doc Normale-schlacht.md (URL
// /Spielphasen/Normale-schlacht, 09peter/Maragh) is that doc, and
// docusaurus build with onBrokenLinks: 'throw' passes. A link that names
// no page in any case stays broken.
func TestDocusaurusRouteAnyCase(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"docusaurus.config.js":                 "module.exports = {title: 'M', url: 'https://x.test', baseUrl: '/', onBrokenLinks: 'throw', presets: [['classic', {docs: {routeBasePath: '/'}, blog: false}]]};\n",
		"docs/Spielphasen/Normale-schlacht.md": "# Normale Schlacht\n\n## Schritt 1.1: Verluste ermitteln\n",
		"docs/Spielphasen/Festung.md":          "# Festung\n\nSiehe [Verluste](normale-schlacht#schritt-11-verluste-ermitteln) und [oben](/spielphasen/normale-schlacht).\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build (strict, as Docusaurus's onBrokenLinks: 'throw' build passes): %v", err)
	}
	page := readTree(t, out)["Spielphasen/Festung/index.html"]
	for _, want := range []string{`href="/Spielphasen/Normale-schlacht/#schritt-11-verluste-ermitteln"`, `href="/Spielphasen/Normale-schlacht/"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s: %s", want, page)
		}
	}
	sitetest.WriteFiles(t, dir, map[string]string{"docs/Spielphasen/Festung.md": "# Festung\n\n[Nirgends](nirgends).\n"})
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "out")}); err == nil || !strings.Contains(err.Error(), "nirgends") {
		t.Errorf("a link to no page in any case: %v, want a broken link", err)
	}
}
