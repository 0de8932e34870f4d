package site

import (
	"regexp"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestMkDocsHeadingTitleVersions: the title a page's heading gives
// follows the MkDocs the site declares. MkDocs 1.5 changed it: "Page
// titles will be deduced from any style of heading ... Due to the
// previous simplistic parsing, it was also impossible to use attr_list
// attributes in that first heading" (https://www.mkdocs.org/about/release-notes/#version-15-2023-07-26),
// and "A level 1 Markdown header on the first line of the document body.
// (Setext-style headers are supported only since MkDocs 1.5.)"
// (https://www.mkdocs.org/user-guide/writing-your-docs/#meta-data).
// MkDocs 1.6 takes the text of the first block when it is an <h1>, tags
// stripped (pages.py _ExtractTitleTreeprocessor, get_heading_text);
// MkDocs 1.4.2, measured here, writes the first line after "# " as it is
// ("<title>The `roll` command - T</title>", "An *emphasised* word",
// "Trailing hashes ##", a setext heading titled by the file name "F
// setext"). Session 29: sitegen took the 1.6 text for a site that pins
// mkdocs==1.4.2.
func TestMkDocsHeadingTitleVersions(t *testing.T) {
	pages := map[string]string{
		"docs/index.md":    "# Home\n\n[a](a-code.md) [b](b-em.md) [d](d-link.md) [e](e-hash.md) [f](f-setext.md) [g](g-tab.md)\n",
		"docs/a-code.md":   "# The `roll` command\n\ntext\n",
		"docs/b-em.md":     "# An *emphasised* word\n\ntext\n",
		"docs/d-link.md":   "# See [the rules](b-em.md) now\n\ntext\n",
		"docs/e-hash.md":   "# Trailing hashes ##\n\ntext\n",
		"docs/f-setext.md": "Setext title\n============\n\ntext\n",
		"docs/g-tab.md":    "#\tTabbed\n\ntext\n",
	}
	for _, tt := range []struct {
		name  string
		extra map[string]string
		want  map[string]string // page → <title>
	}{
		{"current rule", nil, map[string]string{
			"a-code": "The roll command - T", "b-em": "An emphasised word - T", "d-link": "See the rules now - T",
			"e-hash": "Trailing hashes - T", "f-setext": "Setext title - T", "g-tab": "Tabbed - T"}},
		{"mkdocs 1.4 pinned", map[string]string{"requirements.txt": "mkdocs-material==8.5.11\nmkdocs==1.4.2\n"}, map[string]string{
			"a-code": "The `roll` command - T", "b-em": "An *emphasised* word - T", "d-link": "See [the rules](b-em.md) now - T",
			"e-hash": "Trailing hashes ## - T", "f-setext": "F setext - T", "g-tab": "G tab - T"}},
		{"pyproject below 1.5", map[string]string{"pyproject.toml": "[tool.poetry.dependencies]\nmkdocs = \"~1.4\"\n"}, map[string]string{
			"a-code": "The `roll` command - T"}},
		{"mkdocs 1.5 pinned", map[string]string{"requirements.txt": "mkdocs==1.5.3\n"}, map[string]string{
			"a-code": "The roll command - T", "f-setext": "Setext title - T"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{"mkdocs.yml": "site_name: T\n"}
			for k, v := range pages {
				files[k] = v
			}
			for k, v := range tt.extra {
				files[k] = v
			}
			sitetest.WriteFiles(t, dir, files)
			if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
				t.Fatal(err)
			}
			out := readTree(t, dir+"/public")
			for page, want := range tt.want {
				m := titleTag.FindStringSubmatch(out[page+"/index.html"])
				if m == nil || m[1] != want {
					t.Errorf("%s: <title> %q, want %q", page, m, want)
				}
			}
		})
	}
}

var titleTag = regexp.MustCompile(`<title>([^<]*)</title>`)
