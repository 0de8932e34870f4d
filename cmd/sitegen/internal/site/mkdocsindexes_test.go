package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestMkDocsSectionIndexTitle: with Material for MkDocs'
// navigation.indexes, "a section's index page is attached to the section
// itself" (https://squidfunk.github.io/mkdocs-material/setup/setting-up-navigation/#section-index-pages):
// the section's label leads to the page, and the page keeps its own
// title, which MkDocs chooses as for any page ("value provided on init
// (passed in from config) - value of metadata 'title' - content of the
// first H1", mkdocs.structure.pages.Page._set_title): its nav: entry's
// title where it has one, not the section's. Measured with mkdocs 1.4 +
// Material 8.2.5 on this fixture: <title>s "Rules overview - Fx" and
// "Start - Fx"; colyseus/docs' "- Client-side SDKs: ['client/index.md',
// …]" and "- Example Projects: [Home: 'examples/index.md', …]" gave
// their pages the section's title in sitegen.
func TestMkDocsSectionIndexTitle(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"mkdocs.yml": "site_name: Fx\ntheme:\n  name: material\n  features:\n    - navigation.indexes\n" +
			"nav:\n  - Home: index.md\n  - Rules:\n    - rules/index.md\n    - Combat: rules/combat.md\n" +
			"  - Examples:\n    - Start: examples/index.md\n    - One: examples/one.md\n",
		"docs/index.md":          "# Welcome\n\nHi.\n",
		"docs/rules/index.md":    "# Rules overview\n\nText.\n",
		"docs/rules/combat.md":   "# Combat\n\nText.\n",
		"docs/examples/index.md": "# Examples list\n\nText.\n",
		"docs/examples/one.md":   "# One\n\nText.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	files := readTree(t, out)
	for name, want := range map[string]string{
		"rules/index.html":        "Rules overview - Fx",
		"examples/index.html":     "Start - Fx",
		"rules/combat/index.html": "Combat - Fx",
	} {
		body := files[name]
		got, _, _ := strings.Cut(body[strings.Index(body, "<title>")+len("<title>"):], "</title>")
		if got != want {
			t.Errorf("%s: <title> %q, want %q", name, got, want)
		}
	}
	// The navigation still labels each section by its nav: key.
	if got := strings.Join(navTitles(files["rules/combat/index.html"]), "|"); got != "Home|Rules|Combat|Examples" {
		t.Errorf("navigation %q, want Home|Rules|Combat|Examples", got)
	}
}

// TestMkDocsNestedHomeTitle: MkDocs' home page is "is_top_level and
// is_index and url in ('.', './', 'index.html')" (mkdocs.structure.pages.Page,
// 1.4 to 1.6), is_top_level "self.parent is None": an index.md that nav:
// puts in a section is not the home page for the themes' <title> ("{% if
// page and page.title and not page.is_homepage %}{{ page.title }} - {%
// endif %}{{ config.site_name }}"). Measured with mkdocs 1.4 on
// "nav: [Start: [Home: index.md, Two: two.md]]": "Home - Fx", with the
// mkdocs theme and with Material 8.2.5; colyseus/docs ("Documentation &
// SDKs > Home > index.md") is titled "What is Colyseus? - Colyseus
// Multiplayer Framework".
func TestMkDocsNestedHomeTitle(t *testing.T) {
	for _, tc := range []struct{ name, nav, want string }{
		{"nested", "nav:\n  - Start:\n    - Home: index.md\n    - Two: two.md\n", "Home - Fx"},
		{"top level", "nav:\n  - Home: index.md\n  - Two: two.md\n", "Fx"},
		{"nested, navigation.indexes", "theme:\n  name: material\n  features:\n    - navigation.indexes\nnav:\n  - Start:\n    - index.md\n    - Two: two.md\n", "Welcome - Fx"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"mkdocs.yml":    "site_name: Fx\n" + tc.nav,
				"docs/index.md": "# Welcome\n\nHi.\n",
				"docs/two.md":   "# Two\n",
			})
			out := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
				t.Fatalf("build: %v", err)
			}
			body := readTree(t, out)["index.html"]
			got, _, _ := strings.Cut(body[strings.Index(body, "<title>")+len("<title>"):], "</title>")
			if got != tc.want {
				t.Errorf("<title> %q, want %q", got, tc.want)
			}
		})
	}
}

// TestMkDocsUntitledIndexPage: MkDocs titles a page that has no nav:
// title, no title: and no "level 1 Markdown header on the first line of
// the document body" by "The filename of a document"
// (https://www.mkdocs.org/user-guide/writing-your-docs/#meta-data;
// Page._set_title: "self.file.name.replace('-', ' ').replace('_', ' ')",
// capitalized when all lower case): a folder's index.md is "Index", not
// the folder's name. Measured with mkdocs 1.4 on tools/index.md ("Some
// text first." above "# Tools heading"): "Index - Fx"; colyseus/docs'
// client/index.md, state/index.md and tools/index.md (a comment or front
// matter first) are "Index" in mkdocs 1.4.
func TestMkDocsUntitledIndexPage(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"mkdocs.yml":           "site_name: Fx\nnav:\n  - Home: index.md\n  - Tools:\n    - tools/index.md\n    - Dice: tools/dice.md\n",
		"docs/index.md":        "# Welcome\n",
		"docs/tools/index.md":  "Some text first.\n\n# Tools heading\n",
		"docs/tools/dice.md":   "# Dice\n",
		"docs/tools/my_kit.md": "No heading.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	files := readTree(t, out)
	// The navigation's links, as mkdocs 1.4's: the group "Tools" holds
	// "Index" and "Dice".
	if got := strings.Join(navTitles(files["tools/dice/index.html"]), "|"); got != "Home|Index|Dice" {
		t.Errorf("navigation links %q, want Home|Index|Dice", got)
	}
	for name, want := range map[string]string{"tools/index.html": "Index - Fx", "tools/my_kit/index.html": "My kit - Fx"} {
		body := files[name]
		got, _, _ := strings.Cut(body[strings.Index(body, "<title>")+len("<title>"):], "</title>")
		if got != want {
			t.Errorf("%s: <title> %q, want %q", name, got, want)
		}
	}
}
