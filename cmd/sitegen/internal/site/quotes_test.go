package site

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestQuotesPerTool: quotes, dashes and ellipses are made typographic
// where the tool's renderer does so by default, and stay as written where
// it does not:
//   - GitHub: GFM has no smart punctuation (https://github.github.com/gfm/);
//   - Obsidian: its reading view and Publish show the note as typed
//     (typographic quotes are a community plugin's, typed into the note);
//   - Hugo: "typographer … Default true" (markup.goldmark.extensions,
//     https://gohugo.io/configuration/markup/#typographer);
//   - Jekyll: kramdown's smart_quotes default "lsquo,rsquo,ldquo,rdquo"
//     (https://kramdown.gettalong.org/options.html#option-smart-quotes).
//
// MkDocs (TestMkDocsSmartQuotes), VitePress and Docusaurus have tests of
// their own.
func TestQuotesPerTool(t *testing.T) {
	page := "She said \"no\" -- twice...\n"
	curly := []string{"’", "“", "–", "…", "&rsquo;", "&ldquo;", "&ndash;", "&hellip;"}
	for _, tt := range []struct {
		name  string
		files map[string]string
		out   string
		smart bool
	}{
		{"GitHub folder", map[string]string{"README.md": "# Home\n", "rules/a.md": "# A\n\n" + page}, "rules/a/index.html", false},
		{"Obsidian vault", map[string]string{".obsidian/app.json": "{}", "Home.md": "# Home\n", "a.md": "# A\n\n" + page}, "a/index.html", false},
		{"Hugo", map[string]string{"hugo.toml": "title = 'T'\n", "content/_index.md": "# Home\n", "content/a.md": "---\ntitle: A\n---\n\n" + page}, "a/index.html", true},
		{"Jekyll", map[string]string{"_config.yml": "title: T\n", "index.md": "---\n---\n# Home\n", "a.md": "---\ntitle: A\n---\n\n" + page}, "a.html", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, tt.files)
			if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
				t.Fatal(err)
			}
			tree := readTree(t, dir+"/public")
			out, ok := tree[tt.out]
			if !ok {
				t.Fatalf("no %s", tt.out)
			}
			i := strings.Index(out, "<p>She said")
			if i < 0 {
				t.Fatalf("no paragraph in %s", tt.out)
			}
			para := out[i:]
			para = para[:strings.Index(para, "</p>")]
			got := false
			for _, c := range curly {
				got = got || strings.Contains(para, c)
			}
			if got != tt.smart {
				t.Errorf("typographic punctuation %v, want %v: %s", got, tt.smart, para)
			}
		})
	}
}
