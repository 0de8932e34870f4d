package site

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestMath is eval6B KB11: a site whose settings turn math on shows its
// $…$ and $$…$$ formulas rendered as MathML at build time (math13: no
// script, the site offline), marked as math, with one note for the site; without the setting the dollars are text, as the
// tools print them. MkDocs' pymdownx.arithmatex: "Arithmatex searches for
// the patterns $...$ and \(...\) for inline math, and $$...$$, \[...\],
// and \begin{}...\end{} for block math"
// (https://facelessuser.github.io/pymdown-extensions/extensions/arithmatex/);
// VitePress: "markdown: { math: true }" after installing
// markdown-it-mathjax3 (https://vitepress.dev/guide/markdown#math-equations).
func TestMath(t *testing.T) {
	page := "# Odds\n\nAbout $2 \\times 10^5$ rolls, for $5.\n\n$$\n\\frac{1}{6}\n$$\n"
	mkdocs := func(ext string) map[string]string {
		return map[string]string{"mkdocs.yml": "site_name: M\n" + ext, "docs/index.md": "# Home\n", "docs/odds.md": page}
	}
	vitepress := func(cfg string) map[string]string {
		return map[string]string{".vitepress/config.mts": "export default {title: 'V'" + cfg + "}\n", "index.md": "# Home\n", "odds.md": page}
	}
	for _, tt := range []struct {
		name  string
		files map[string]string
		out   string
		on    bool
	}{
		{"MkDocs with arithmatex", mkdocs("markdown_extensions:\n  - pymdownx.arithmatex:\n      generic: true\n"), "odds/index.html", true},
		{"MkDocs without", mkdocs(""), "odds/index.html", false},
		{"VitePress with markdown.math", vitepress(", markdown: {math: true}"), "odds.html", true},
		{"VitePress without", vitepress(""), "odds.html", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, tt.files)
			dest := t.TempDir() // VitePress's public/ is its static folder
			res, err := build(t, dir, content.Options{Theme: theme, Dest: dest})
			if err != nil {
				t.Fatal(err)
			}
			out := readTree(t, dest)[tt.out]
			notes := 0
			for _, n := range res.Notes {
				if strings.Contains(n, "formulas are rendered as MathML") {
					notes++
				}
			}
			inline, display := `<span class="math math-inline"><math><semantics><mrow><mn>2</mn><mo>×</mo><msup><mn>10</mn>`, `<div class="math math-display"><math display="block"`
			if tt.on {
				if !strings.Contains(out, inline) || !strings.Contains(out, display) || !strings.Contains(out, `<mfrac><mn>1</mn><mn>6</mn></mfrac>`) || !strings.Contains(out, "for $5.") {
					t.Errorf("formulas not marked as math (or the price taken for one):\n%s", out)
				}
				if notes != 1 {
					t.Errorf("notes = %q, want one saying the formulas are rendered as MathML", res.Notes)
				}
				return
			}
			if strings.Contains(out, "math-") || notes != 0 || !strings.Contains(out, "$2 \\times 10^5$") {
				t.Errorf("math read without the setting (notes %q):\n%s", res.Notes, out)
			}
		})
	}
}
