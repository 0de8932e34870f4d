package mkdocs

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestAwesomeNavI18n checks awesome-nav under mkdocs-static-i18n's
// suffix structure. The plugin's pages are the build's ("for file in
// self._mkdocs_files.documentation_pages(...)", MkdocsFilesContext),
// and a nav: name goes "through get_file_from_path because the i18n
// plugin overrides it to resolve file.md into file.en.md"
// (mkdocs_awesome_nav/nav/context.py); the i18n plugin's default site
// "will use any .md documentation file first and fallback to any
// .<default_language>.md file found"
// (https://pypi.org/project/mkdocs-static-i18n/0.45), other languages'
// files are not its pages.
func TestAwesomeNavI18n(t *testing.T) {
	config := "site_name: S\nplugins:\n  - awesome-nav\n  - i18n:\n      docs_structure: suffix\n      languages:\n" +
		"        - locale: en\n          default: true\n          name: English\n        - locale: fr\n          name: Français\n"
	dir := layouttest.Write(t, map[string]string{"mkdocs.yml": config,
		"docs/.nav.yml":    "nav:\n  - rules.md\n  - \"*\"\n",
		"docs/index.en.md": "# Home\n", "docs/index.fr.md": "# Accueil\n",
		"docs/rules.en.md": "# Rules\n", "docs/rules.fr.md": "# Règles\n",
		"docs/magic.md": "# Magic\n", "docs/lore/a.fr.md": "# A\n", "docs/lore/b.en.md": "# B\n"})
	l, err := Recognise(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range l.Nav {
		got = append(got, strings.Repeat("  ", e.Depth)+e.Title+"="+e.Path)
	}
	want := "=rules.en.md\n=index.en.md\n=magic.md\nLore=\n  =lore/b.en.md"
	if g := strings.Join(got, "\n"); g != want {
		t.Errorf("nav:\n%s\nwant:\n%s", g, want)
	}
	if strings.Contains(strings.Join(l.Notes, "\n"), "doesn't match") {
		t.Errorf("notes %q: rules.md is rules.en.md", l.Notes)
	}
}
