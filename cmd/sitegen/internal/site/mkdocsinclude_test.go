package site

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestMkDocsIncludeMarkdown: with mkdocs-include-markdown-plugin in
// plugins:, a page's {% include-markdown "./parts/suit.md" %} is that
// file's text, its relative images rewritten to work from the page
// ("Paths of included files can be absolute or relative to the path of
// the file that includes them"; "rewrite-relative-urls (true)",
// https://pypi.org/project/mkdocs-include-markdown-plugin/): HOE_Sandbox's
// suit catalogue printed 20 directives as text. Without the plugin the
// directive is the page's text, as MkDocs shows it.
func TestMkDocsIncludeMarkdown(t *testing.T) {
	files := map[string]string{
		"docs/index.md":      "# Home\n",
		"docs/gear.md":       "# Gear\n\n{% include-markdown \"./parts/suit.md\" %}\n",
		"docs/parts/suit.md": "## Field suit\n\nSUIT-TEXT ![suit](../img/suit.png)\n",
		"docs/img/suit.png":  "PNG",
	}
	t.Run("plugin", func(t *testing.T) {
		dir := t.TempDir()
		files["mkdocs.yml"] = "site_name: N\nplugins:\n  - search\n  - include-markdown\n"
		sitetest.WriteFiles(t, dir, files)
		if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
			t.Fatal(err)
		}
		out := readTree(t, dir+"/public")["gear/index.html"]
		for _, w := range []string{`id="field-suit"`, "SUIT-TEXT", `src="/img/suit.png"`} {
			if !strings.Contains(out, w) {
				t.Errorf("gear page lacks %s", w)
			}
		}
		if strings.Contains(out, "include-markdown") {
			t.Error("the directive is shown")
		}
	})
	t.Run("no plugin", func(t *testing.T) {
		dir := t.TempDir()
		files["mkdocs.yml"] = "site_name: N\n"
		sitetest.WriteFiles(t, dir, files)
		if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
			t.Fatal(err)
		}
		out := readTree(t, dir+"/public")["gear/index.html"]
		if !strings.Contains(out, "include-markdown") || strings.Contains(out, "SUIT-TEXT") {
			t.Error("without the plugin the directive should be the page's text")
		}
	})
}
