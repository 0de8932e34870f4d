package site

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestMkDocsNameTitles: a MkDocs page with no title, heading or nav
// title is titled from its file name, which MkDocs capitalizes only
// when it is all lower case: "Capitalize if the filename was all
// lowercase, otherwise leave it as-is" (mkdocs/structure/pages.py,
// Page._set_title in 1.4, the same rule as dirname_to_title for a
// folder). 3ndercat/DivineSteam2's empty ruleSets/naval/shipCombat.md is
// "shipCombat" there, not "ShipCombat".
func TestMkDocsNameTitles(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{"mkdocs.yml": "site_name: W\nuse_directory_urls: false\n",
		"docs/index.md": "# Home\n", "docs/ruleSets/shipCombat.md": "", "docs/ruleSets/ship-combat_rules.md": "Text.\n"})
	if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, dir+"/public")
	for file, want := range map[string]string{"ruleSets/shipCombat.html": "<title>shipCombat - W</title>", "ruleSets/ship-combat_rules.html": "<title>Ship combat rules - W</title>"} {
		if !strings.Contains(out[file], want) {
			i := strings.Index(out[file], "<title>")
			t.Errorf("%s lacks %q: %.80s", file, want, out[file][max(i, 0):])
		}
	}
}
