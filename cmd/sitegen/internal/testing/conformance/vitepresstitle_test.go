package conformance

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestVitePressTitles builds pages titled each way VitePress documents,
// with VitePress and with sitegen: each page's whole <title> is the same
// in both builds. "titleTemplate: Allows customizing each page's title
// suffix or the entire title", ":title" replaced by the page's title,
// false for none (https://vitepress.dev/reference/site-config#titletemplate);
// front matter "title: Title for the page", "titleTemplate: The suffix
// for the title" (https://vitepress.dev/reference/frontmatter-config).
func TestVitePressTitles(t *testing.T) {
	rule := `"titleTemplate: Allows customizing each page's title suffix or the entire title" ` +
		`(https://vitepress.dev/reference/site-config#titletemplate); front matter title and titleTemplate ` +
		`(https://vitepress.dev/reference/frontmatter-config)`
	pages := map[string]string{
		"index.md":     "# Home\n\nSee [a](/guide/a), [b](/guide/b), [c](/guide/c), [d](/guide/d), [e](/guide/e), [f](/guide/f).\n",
		"guide/a.md":   "# Alpha\n\nText.\n",
		"guide/b.md":   "---\ntitle: Beta Title\n---\n\n# Beta heading\n\nText.\n",
		"guide/c.md":   "Text without a heading.\n",
		"guide/d.md":   "---\ntitleTemplate: false\n---\n\n# Delta\n\nText.\n",
		"guide/e.md":   "---\ntitleTemplate: Book\n---\n\n# Echo\n\nText.\n",
		"guide/f.md":   "Some text first.\n\n# Foxtrot\n\nText.\n",
		"package.json": `{"name": "fixture", "private": true, "type": "module"}`,
	}
	sidebar := `themeConfig: { sidebar: [{ text: 'Guide', items: [{ text: 'Alpha', link: '/guide/a' }, { text: 'Gamma label', link: '/guide/c' }] }] }`
	for _, tc := range []struct{ name, config string }{
		{"default", `export default { title: 'Six Dice', ` + sidebar + ` }`},
		{"template with :title", `export default { title: 'Six Dice', titleTemplate: ':title — Rules', ` + sidebar + ` }`},
		{"template text", `export default { title: 'Six Dice', titleTemplate: 'The Rules', ` + sidebar + ` }`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{".vitepress/config.mts": tc.config}
			for k, v := range pages {
				files[k] = v
			}
			var native, ours string
			Run(t, starlightKept(VitePress, &native), starlightKept(Sitegen, &ours), Fixture{Name: "titles: " + tc.name, Rule: rule, Files: files, SameFiles: true})
			if native == "" || ours == "" {
				return // skipped or failed: Run said why
			}
			sameTitles(t, "VitePress", native, ours, []string{"index.html", "guide/a.html", "guide/b.html", "guide/c.html", "guide/d.html", "guide/e.html", "guide/f.html"}, rule)
		})
	}
}

// sameTitles checks that each of pages has the same whole <title> in the
// tool's output (native) and in sitegen's (ours).
func sameTitles(t *testing.T, tool, native, ours string, pages []string, rule string) {
	t.Helper()
	title := regexp.MustCompile(`<title>([^<]*)</title>`)
	for _, page := range pages {
		var got [2]string
		for i, dir := range []string{native, ours} {
			b, err := os.ReadFile(filepath.Join(dir, page))
			if err != nil {
				t.Fatal(err)
			}
			if m := title.FindSubmatch(b); m != nil {
				got[i] = html.UnescapeString(string(m[1]))
			}
		}
		if got[0] == "" || got[0] != got[1] {
			t.Errorf("%s: <title> %s %q, sitegen %q (rule: %s)", page, tool, got[0], got[1], rule)
		}
	}
}
