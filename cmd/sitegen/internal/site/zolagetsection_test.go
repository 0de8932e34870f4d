package site

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// zolaGetSectionSite is a Zola site whose contents page lists a
// section's pages through get_section in a shortcode: "get_section: Takes
// a path to an _index.md file and returns the associated section"
// (https://www.getzola.org/documentation/templates/overview/#get-section),
// with its pages.
func zolaGetSectionSite() map[string]string {
	return map[string]string{
		"config.toml":                        "base_url = \"https://rules.test\"\ntitle = \"Rules\"\n",
		"content/_index.md":                  "+++\ntitle = \"Home\"\n+++\n",
		"content/contents.md":                "+++\ntitle = \"Contents\"\n+++\n\n{{ chapters() }}\n",
		"content/rules/_index.md":            "+++\ntitle = \"Rules\"\nsort_by = \"weight\"\n+++\n",
		"content/rules/combat.md":            "+++\ntitle = \"Combat\"\nweight = 2\n+++\n",
		"content/rules/dice.md":              "+++\ntitle = \"Dice\"\nweight = 1\n+++\n",
		"templates/shortcodes/chapters.html": "{% set s = get_section(path=\"rules/_index.md\") %}{% for p in s.pages %}<i>{{ p.title }}</i>{% endfor %}",
	}
}

// TestZolaGetSectionRebuilt: what get_section read is an input of the
// page that called it: its list of pages (a page added to the folder, a
// page's weight changed). A build that reuses the previous
// build's pages and serve's update both show the new list, as a build
// without the cache does (cacheRun.build compares them byte for byte).
func TestZolaGetSectionRebuilt(t *testing.T) {
	r := newCacheRun(t, zolaGetSectionSite())
	contents := func() string {
		b, err := os.ReadFile(filepath.Join(r.opts.Dest, "contents/index.html"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	r.build(t)
	if got := contents(); !strings.Contains(got, "<i>Dice</i><i>Combat</i>") {
		t.Fatalf("contents: not the section's pages by weight: %s", got)
	}
	for _, step := range []struct {
		what  string
		edits map[string]string
		want  string
	}{
		{"a page added to the section", map[string]string{"content/rules/armour.md": "+++\ntitle = \"Armour\"\nweight = 3\n+++\n"}, "<i>Dice</i><i>Combat</i><i>Armour</i>"},
		{"a page's weight changed", map[string]string{"content/rules/armour.md": "+++\ntitle = \"Armour\"\nweight = 0\n+++\n"}, "<i>Armour</i><i>Dice</i><i>Combat</i>"},
	} {
		edit(t, r.opts.Source, step.edits)
		r.build(t)
		if got := contents(); !strings.Contains(got, step.want) {
			t.Errorf("cached build after %s: contents lacks %s", step.what, step.want)
		}
	}

	opts := r.opts
	opts.Incremental = true // as serve
	s, res, err := BuildSite(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	res.Cleanup()
	u, err := s.Update(context.Background(), edit(t, r.opts.Source, map[string]string{"content/rules/bestiary.md": "+++\ntitle = \"Bestiary\"\nweight = 4\n+++\n"}))
	if err != nil {
		t.Fatal(err)
	}
	if len(u.Errors) > 0 {
		t.Fatal(u.Errors)
	}
	if got := contents(); !strings.Contains(got, "<i>Armour</i><i>Dice</i><i>Combat</i><i>Bestiary</i>") {
		t.Errorf("serve's update (full %v, %s): contents does not list the added page: %s", u.Full, u.Reason, got)
	}
}
