package site

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestMkDocsAliasPlugin: mkdocs-alias-plugin, when plugins: lists alias
// (https://github.com/EddyLuten/mkdocs-alias-plugin#usage, README):
// "Add an alias section to your page's meta block: alias: wuthering-heights
// ... using the alias in the markdown content of your pages: The song
// references [[wuthering-heights]]. Which, after the page builds, renders
// as a regular link to your page"; "alias: name: ... text: ..." gives the
// link text; "[[wuthering-heights|Wuthering Heights]]" a link's own text;
// "assigning multiple aliases to a single page is possible ... will use
// the page title"; "[[wuthering-heights#references]]" an anchor (the plugin
// writes it into the URL as it is, "url = f\"{url}#{tag_bits[1]}\"",
// alias/plugin.py, so an id works and a heading's text does not: sitegen
// takes the text as the heading's, slugged as Python-Markdown's toc slugs
// it, https://python-markdown.github.io/extensions/toc/#slugify, which is
// the heading's id in MkDocs); an alias
// no page has: "WARNING - Alias 'my-alias' not found" and "My alias is
// not replaced" (the text stays). Issue 32, eval7B LB2: bhreia.com's 263
// spurious "broken wikilink" errors. Without the plugin, [[x]] keeps
// sitegen's wikilink rule (a broken one is an error).
func TestMkDocsAliasPlugin(t *testing.T) {
	files := map[string]string{
		"docs/npc/hanlar-ironstone.md": "---\nalias: hanlar\n---\n# Hanlar Ironstone\n\n## References\n\n## Hanlar's Deeds & Débts\n",
		"docs/history.md":              "---\nalias:\n  - history-age-2\n  - second-age\n---\n# The Second Age\n",
		"docs/novel.md":                "---\nalias:\n    name: wuthering-heights\n    text: Wuthering Heights, a novel\n---\n# Novel\n",
		"docs/index.md": "# Home\n\nSee [[hanlar]], [[hanlar|him]], [[second-age]], [[history-age-2]], " +
			"[[wuthering-heights]], [[hanlar#references]], [[hanlar#Hanlar's Deeds & Débts]] and [[nope]].\n",
	}
	t.Run("plugin", func(t *testing.T) {
		dir := t.TempDir()
		files["mkdocs.yml"] = "site_name: W\nplugins:\n  - search\n  - alias\n"
		sitetest.WriteFiles(t, dir, files)
		res, err := build(t, dir, content.Options{Theme: theme})
		if err != nil {
			t.Fatal(err)
		}
		out := readTree(t, dir+"/public")["index.html"]
		for _, w := range []string{
			`href="/npc/hanlar-ironstone/">Hanlar Ironstone</a>`,
			`href="/npc/hanlar-ironstone/">him</a>`,
			`href="/history/">The Second Age</a>`,
			`href="/novel/">Wuthering Heights, a novel</a>`,
			`href="/npc/hanlar-ironstone/#references">Hanlar Ironstone</a>`,
			// A heading named by its text: its id as the toc extension
			// slugs it ("hanlars-deeds-debts"), so that the link leads
			// to it (the plugin writes the text into the URL, where no
			// id is).
			`href="/npc/hanlar-ironstone/#hanlars-deeds-debts">Hanlar Ironstone</a>`,
			`and [[nope]].`,
		} {
			if !strings.Contains(out, w) {
				t.Errorf("page lacks %s", w)
			}
		}
		para := out[strings.Index(out, "<p>See"):]
		para = para[:strings.Index(para, "</p>")]
		if n := strings.Count(para, `href="/history/"`); n != 2 {
			t.Errorf("%d links to /history/, want 2 (both aliases of the list)", n)
		}
		warned := false
		for _, w := range res.WarningList {
			if strings.Contains(w.String(), "Alias 'nope' not found") {
				warned = true
			}
		}
		if !warned {
			t.Errorf("no warning for [[nope]]: %v", res.WarningList)
		}
	})
	// Without the plugin Python-Markdown reads [[hanlar]] as text
	// (measured, MkDocs 1.4; TestMkDocsObsidianSyntaxIsText): the page
	// shows it as written and the build has nothing to report.
	t.Run("without plugin", func(t *testing.T) {
		dir := t.TempDir()
		files["mkdocs.yml"] = "site_name: W\n"
		sitetest.WriteFiles(t, dir, files)
		if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
			t.Fatalf("err = %v, want none: [[hanlar]] is text", err)
		}
		if out := readTree(t, dir+"/public")["index.html"]; !strings.Contains(out, "See [[hanlar]], [[hanlar|him]]") {
			t.Errorf("[[hanlar]] is not text as written")
		}
	})
}
