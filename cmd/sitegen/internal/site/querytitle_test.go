package site

import (
	"strings"
	"testing"
)

// TestQueryTitleWithText: a note that starts with a # heading is titled by
// it, and an inline query in that heading shows its value there as in the
// body (Dataview renders `=this.file.name` in reading view: "Hexblade
// Patron"), not its source. 5th-Edition-Hombrew's Hexblade.md starts with
// "# `=this.file.name` Patron" (eval10A NA11): its <title>, h1,
// breadcrumb and its neighbours' links read "=this.file.name Patron"
// while the same query in its "## `=this.file.name` Spells" showed
// "Hexblade Spells". A heading that is one query (TestDataviewVault's
// fireball) is titled by its value as before; one whose query fails keeps
// its text.
func TestQueryTitleWithText(t *testing.T) {
	_, _, err, out := buildVault(t, map[string]string{
		".obsidian/community-plugins.json": `["dataview"]`,
		"Warlock/Hexblade.md":              "---\nclass: warlock\n---\n\n# `=this.file.name` Patron\n\n## `=this.file.name` Spells\n\nText.\n",
		"Warlock/Fiend.md":                 "---\nclass: warlock\n---\n# The `= this.class` of `=this.file.name`\n\nText.\n",
		"Warlock/Broken.md":                "# `=this.nosuchfield` Patron\n\nText.\n",
	})
	if err != nil {
		t.Fatal(err)
	}
	for page, want := range map[string]string{
		"warlock/hexblade/index.html": "<title>Hexblade Patron",
		"warlock/fiend/index.html":    "<title>The warlock of Fiend",
	} {
		if !strings.Contains(out[page], want) {
			i := strings.Index(out[page], "<title>")
			t.Errorf("%s: want %q, have %q", page, want, out[page][i:min(len(out[page]), i+60)])
		}
	}
	if h := out["warlock/hexblade/index.html"]; strings.Contains(h, "this.file.name") {
		t.Errorf("the query's source shows on the page")
	}
	if b := out["warlock/broken/index.html"]; !strings.Contains(b, "<title>=this.nosuchfield Patron") {
		i := strings.Index(b, "<title>")
		t.Errorf("a title whose query has no value: %q", b[i:min(len(b), i+60)])
	}
}
