package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusHeadAndRedirect: a doc's <Head> (or <head>) sets its
// <title> and description and is no text of the page ("It is possible to
// add extra metadata (or override existing ones) with the <head> tag in
// Markdown files … This feature is built on top of the Docusaurus <Head>
// component", https://docusaurus.io/docs/markdown-features/head-metadata);
// a doc whose text is <Redirect to="…" /> ("Rendering a <Redirect> will
// navigate to a new location", https://docusaurus.io/docs/docusaurus-core#redirect)
// is a redirect there, its tag not shown as text.
func TestDocusaurusHeadAndRedirect(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://example.org', baseUrl: '/', presets: [['classic', {docs: {}, blog: false}]]};\n",
		"docs/intro.md":        "# Intro\n\nSee [combat](rules/combat.md).\n",
		"docs/rules/combat.md": "# Combat\n\nRoll dice.\n",
		"docs/rules/old.mdx":   "---\ntitle: Old rules\n---\n\nimport {Redirect} from '@docusaurus/router';\n\n<Redirect to=\"/docs/rules/combat\" />\n",
		"docs/rules/gone.mdx":  "---\ntitle: Gone\n---\n\nimport {Redirect} from '@docusaurus/router';\n\n<Redirect to=\"/docs/nowhere\" />\n",
		"docs/rules/meta.mdx": "---\ntitle: Meta page\n---\n\nimport Head from '@docusaurus/Head';\n\n<Head>\n  <title>Custom meta title</title>\n" +
			"  <meta name=\"description\" content=\"A described page\" />\n</Head>\n\nText of the meta page.\n",
		"docs/rules/lower.md": "---\ntitle: Lower head\n---\n\n<head>\n  <title>Lower title</title>\n  <meta name=\"description\" content=\"Lower description\" />\n</head>\n\nLower text.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	files := readTree(t, out)
	for _, tc := range []struct{ file, title, desc, text string }{
		{"docs/rules/meta/index.html", "Custom meta title", "A described page", "Text of the meta page."},
		{"docs/rules/lower/index.html", "Lower title", "Lower description", "Lower text."},
	} {
		body := files[tc.file]
		if !strings.Contains(body, "<title>"+tc.title+"</title>") {
			t.Errorf("%s: <title> is not %q:\n%s", tc.file, tc.title, headOf(body))
		}
		if !strings.Contains(body, `<meta name="description" content="`+tc.desc+`"`) {
			t.Errorf("%s: description is not %q:\n%s", tc.file, tc.desc, headOf(body))
		}
		if !strings.Contains(body, tc.text) || strings.Contains(body, "&lt;title") || strings.Contains(body, ">"+tc.title+"</p>") {
			t.Errorf("%s: the head is shown as text or the text is lost:\n%s", tc.file, body)
		}
	}
	old := files["docs/rules/old/index.html"]
	if !strings.Contains(old, `http-equiv="refresh" content="0; url=/docs/rules/combat/"`) {
		t.Errorf("old: not a redirect to /docs/rules/combat/:\n%s", old)
	}
	if strings.Contains(old, "Redirect") {
		t.Errorf("old: the tag is shown:\n%s", old)
	}
	var warned bool
	for _, d := range res.WarningList {
		if strings.Contains(d.String(), "gone.mdx:7:") && strings.Contains(d.String(), "/docs/nowhere") {
			warned = true
		}
	}
	if !warned {
		t.Errorf("no warning at gone.mdx:7 for the redirect to nowhere: %v", res.WarningList)
	}
}

// head is the <head> of an HTML page, for messages.
func headOf(body string) string {
	h, _, _ := strings.Cut(body, "</head>")
	return h
}
