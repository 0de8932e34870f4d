package site

import (
	"cmp"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// zolaSortEdits are edits of a section's _index.md that move its pages:
// "sort_by: ... Defaults to `none`" and "transparent: Whether the section
// should pass its pages on to the parent section"
// (https://www.getzola.org/documentation/content/section/#front-matter).
// The section's _index.md is an input of its pages' place, though the
// pages' own files did not change.
var zolaSortEdits = []struct {
	what  string
	edits map[string]string
	// first, then: two pages' titles in that order in the navigation of
	// the page at the published path page ("" for rules/index.html)
	first, then, page string
}{
	{"sort_by = \"title\"", map[string]string{"content/rules/_index.md": "+++\ntitle = \"Rules\"\nsort_by = \"title\"\n+++\n"}, "Combat", "Dice", ""},
	{"sort_by = \"weight\" again", map[string]string{"content/rules/_index.md": "+++\ntitle = \"Rules\"\nsort_by = \"weight\"\n+++\n"}, "Dice", "Combat", ""},
	{"a subsection made transparent, sort_by = \"title\"", map[string]string{
		"content/rules/_index.md":       "+++\ntitle = \"Rules\"\nsort_by = \"title\"\n+++\n",
		"content/rules/magic/_index.md": "+++\ntitle = \"Magic\"\ntransparent = true\n+++\n",
		"content/rules/magic/arcana.md": "+++\ntitle = \"Arcana\"\nweight = 9\n+++\n",
	}, "Arcana", "Combat", ""},
	{"the subsection's transparent dropped", map[string]string{
		"content/rules/magic/_index.md": "+++\ntitle = \"Magic\"\n+++\n",
	}, "Combat", "Dice", ""},
	{"pages in a folder without _index.md (under the section's sort_by)", map[string]string{
		"content/rules/lore/zeal.md": "+++\ntitle = \"Zeal\"\nweight = 0\n+++\n",
		"content/rules/lore/yak.md":  "+++\ntitle = \"Yak\"\nweight = 1\n+++\n",
	}, "Yak", "Zeal", "rules/lore/zeal/index.html"},
	{"the folder's _index.md created, sort_by = \"weight\"", map[string]string{
		"content/rules/lore/_index.md": "+++\ntitle = \"Lore\"\nsort_by = \"weight\"\n+++\n",
	}, "Zeal", "Yak", "rules/lore/zeal/index.html"},
}

// navOrder reports whether first comes before then in the page at name
// of the published tree under dest (its navigation), rules/index.html
// when name is "".
func navOrder(t *testing.T, dest, name, first, then string) bool {
	t.Helper()
	name = cmp.Or(name, "rules/index.html")
	b, err := os.ReadFile(filepath.Join(dest, name))
	if err != nil {
		t.Fatal(err)
	}
	i, j := strings.Index(string(b), ">"+first+"<"), strings.Index(string(b), ">"+then+"<")
	return i >= 0 && j >= 0 && i < j
}

// TestZolaSectionSortCached: a build that reuses the previous build's
// pages places them by their section's _index.md as it is now, as a
// build without the cache does (cacheRun.build compares every published
// file, the navigation, sitemap.xml and the search files, byte for byte).
func TestZolaSectionSortCached(t *testing.T) {
	r := newCacheRun(t, zolaGetSectionSite())
	r.build(t)
	for _, step := range zolaSortEdits {
		edit(t, r.opts.Source, step.edits)
		r.build(t)
		if !navOrder(t, r.opts.Dest, step.page, step.first, step.then) {
			t.Errorf("cached build after %s: %s does not come before %s", step.what, step.first, step.then)
		}
	}
}

// TestZolaSectionSortUpdate: serve's update after an edit of a section's
// _index.md publishes what a build does (updateRun.update compares them).
func TestZolaSectionSortUpdate(t *testing.T) {
	for _, keep := range []bool{false, true} {
		r := newCacheRun(t, zolaGetSectionSite())
		r.opts.CacheDir = "-" // the build it is compared with is a clean one
		u := startUpdates(t, r.opts, keep)
		for _, step := range zolaSortEdits {
			u.update(t, step.edits)
			if !navOrder(t, r.opts.Dest, step.page, step.first, step.then) {
				t.Errorf("update (keep %v) after %s: %s does not come before %s", keep, step.what, step.first, step.then)
			}
		}
	}
}
