package site

import (
	"regexp"
	"strconv"
	"testing"
)

// zolaOrphanSite is a Zola site whose rules/lore folder has no _index.md:
// "If a directory does not contain an _index.md file, no section will be
// created, but Markdown files within that directory will still create
// pages (known as orphan pages)"
// (https://www.getzola.org/documentation/content/section/). Its pages'
// place reads rules/lore/_index.md, absent, and rules/_index.md
// (layout.Page.Reads).
func zolaOrphanSite() map[string]string {
	return map[string]string{
		"config.toml":                "base_url = \"https://rules.test\"\ntitle = \"Rules\"\n",
		"content/_index.md":          "+++\ntitle = \"Home\"\n+++\n",
		"content/rules/_index.md":    "+++\ntitle = \"Rules\"\nsort_by = \"title\"\n+++\n",
		"content/rules/combat.md":    "+++\ntitle = \"Combat\"\n+++\n",
		"content/rules/lore/zeal.md": "+++\ntitle = \"Zeal\"\nweight = 0\n+++\n",
		"content/rules/lore/yak.md":  "+++\ntitle = \"Yak\"\nweight = 1\n+++\n",
	}
}

// unreadRE is the build cache's count of pages it did not read again.
var unreadRE = regexp.MustCompile(`(\d+) pages not read again`)

// reusedRE is its count of pages whose text it reused.
var reusedRE = regexp.MustCompile(`(\d+) of \d+ pages' text reused`)

// TestZolaOrphanPagesCached: a page whose section chain has a folder
// without _index.md is taken from the build cache like any other (the
// absent file has a digest of its own), and creating that _index.md
// (sort_by = "weight") places the folder's pages by it, as a build
// without the cache does (cacheRun.build compares them byte for byte).
func TestZolaOrphanPagesCached(t *testing.T) {
	files := zolaOrphanSite()
	r := newCacheRun(t, files)
	r.build(t)
	if !navOrder(t, r.opts.Dest, "rules/lore/zeal/index.html", "Yak", "Zeal") {
		t.Fatal("first build: Yak does not come before Zeal (rules' sort_by = \"title\")")
	}
	res := r.build(t)
	n := strconv.Itoa(len(files) - 1) // the pages: every file but config.toml
	if m := unreadRE.FindStringSubmatch(res.Cache); m == nil || m[1] != n {
		t.Errorf("build with nothing changed: %q, want all %s pages not read again", res.Cache, n)
	}
	if m := reusedRE.FindStringSubmatch(res.Cache); m == nil || m[1] != n {
		t.Errorf("build with nothing changed: %q, want all %s pages' text reused", res.Cache, n)
	}
	edit(t, r.opts.Source, map[string]string{"content/rules/lore/_index.md": "+++\ntitle = \"Lore\"\nsort_by = \"weight\"\n+++\n"})
	r.build(t)
	if !navOrder(t, r.opts.Dest, "rules/lore/zeal/index.html", "Zeal", "Yak") {
		t.Error("cached build after rules/lore/_index.md was created with sort_by = \"weight\": Zeal does not come before Yak")
	}
	edit(t, r.opts.Source, map[string]string{"content/rules/lore/_index.md": ""})
	r.build(t)
	if !navOrder(t, r.opts.Dest, "rules/lore/zeal/index.html", "Yak", "Zeal") {
		t.Error("cached build after rules/lore/_index.md was removed: Yak does not come before Zeal")
	}
}

// TestZolaOrphanPagesUpdate: serve's update, with its build cache, after
// the _index.md of an orphan pages' folder is created and removed,
// publishes what a build does (updateRun.update compares them).
func TestZolaOrphanPagesUpdate(t *testing.T) {
	for _, keep := range []bool{false, true} {
		r := newCacheRun(t, zolaOrphanSite())
		u := startUpdates(t, r.opts, keep)
		u.update(t, map[string]string{"content/rules/lore/_index.md": "+++\ntitle = \"Lore\"\nsort_by = \"weight\"\n+++\n"})
		if !navOrder(t, r.opts.Dest, "rules/lore/zeal/index.html", "Zeal", "Yak") {
			t.Errorf("update (keep %v) after rules/lore/_index.md was created: Zeal does not come before Yak", keep)
		}
		u.update(t, map[string]string{"content/rules/lore/_index.md": ""})
		if !navOrder(t, r.opts.Dest, "rules/lore/zeal/index.html", "Yak", "Zeal") {
			t.Errorf("update (keep %v) after rules/lore/_index.md was removed: Yak does not come before Zeal", keep)
		}
	}
}
