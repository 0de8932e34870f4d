package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusSiteAlias: a Markdown image or link whose path starts
// with @site/ names a file from the site's folder: "@site/static/img/x.png"
// is static/img/x.png, published at /img/x.png; "@site/docs/b.md" is
// that doc. @docusaurus/mdx-loader 3.10.2 remark/transformImage: "if
// (originalImagePath.startsWith('@site/')) { const imageFilePath =
// path.join(siteDir, originalImagePath.replace('@site/', ”))";
// @docusaurus/utils markdownLinks.js: "If the link is already @site
// aliased, there's no need to resolve it" (a doc's file). Before: a
// broken image "docs/scripting/@site/static/img/…" (0mods/HollowEngineDocumentation
// docs/scripting/ide.md).
func TestDocusaurusSiteAlias(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"docusaurus.config.js":      "module.exports = {title: 'T', url: 'https://x.test', baseUrl: '/', onBrokenLinks: 'throw', presets: [['classic', {docs: {}, blog: false}]]};\n",
		"static/img/images/ide.png": "png",
		"docs/a/ide.md":             "# IDE\n\n![ide.png](@site/static/img/images/ide.png)\n\nSee [b](@site/docs/b.md) and [the file](@site/static/img/images/ide.png).\n",
		"docs/b.md":                 "# B\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	tree := readTree(t, out)
	html := tree["docs/a/ide/index.html"]
	for _, want := range []string{`src="/img/images/ide.png"`, `href="/docs/b/"`, `href="/img/images/ide.png"`} {
		if !strings.Contains(html, want) {
			t.Errorf("docs/a/ide/index.html lacks %s:\n%.2000s", want, html)
		}
	}
	if _, ok := tree["img/images/ide.png"]; !ok {
		t.Errorf("img/images/ide.png not published")
	}
	if len(res.WarningList) > 0 || len(res.Errors) > 0 {
		t.Errorf("warnings %v, errors %v", res.WarningList, res.Errors)
	}
}

// TestDocusaurusSiteAliasLocale: the @site/ rule holds on every locale's
// site (a locale without a translation of the doc shows the default
// locale's file). Before: 0mods/HollowEngineDocumentation's ru site
// warned the image of docs/scripting/ide.md broken, its en site not
// (the locales' layouts were copied before the link rule was set).
func TestDocusaurusSiteAliasLocale(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://x.test', baseUrl: '/', onBrokenLinks: 'throw',\n" +
			"  i18n: {defaultLocale: 'en', locales: ['en', 'ru']}, presets: [['classic', {docs: {}, blog: false}]]};\n",
		"static/img/ide.png": "png",
		"docs/a/ide.md":      "# IDE\n\n![ide.png](@site/static/img/ide.png)\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	tree := readTree(t, out)
	// Each locale is a site of its own, under /ru/, static/ copied into it
	// ("static/img/ide.png" is /ru/img/ide.png there).
	for file, src := range map[string]string{"docs/a/ide/index.html": "/img/ide.png", "ru/docs/a/ide/index.html": "/ru/img/ide.png"} {
		if !strings.Contains(tree[file], `src="`+src+`"`) {
			t.Errorf("%s lacks the image %s:\n%.1500s", file, src, tree[file])
		}
	}
	if len(res.WarningList) > 0 || len(res.Errors) > 0 {
		t.Errorf("warnings %v, errors %v", res.WarningList, res.Errors)
	}
}
