package site

import (
	"strings"
	"testing"
)

// TestCacheTwoCopies: two copies of one site (a fork, a second git
// worktree) built with one cache folder keep each other's cache. Build
// objects are named by their content, so identical copies make the same
// ones; a build used to delete the objects its own index no longer
// named, the other copy's included, so the other copy's next one-page
// edit could not patch its search index (searchpatch.go readOld failed)
// and wrote it whole (found in session 19: the paired one-page-edit
// benchmark's second side). Each copy's edit is patched, and each build
// publishes what a build without a cache does (cacheRun.build).
func TestCacheTwoCopies(t *testing.T) {
	files := map[string]string{
		"index.md": "# Home\n\nWelcome home.\n",
		"a.md":     "# Alpha\n\nAlpha words here.\n",
		"b.md":     "# Beta\n\nBeta words there.\n",
	}
	x, y := newCacheRun(t, files), newCacheRun(t, files)
	y.opts.CacheDir = x.opts.CacheDir
	x.build(t)
	y.build(t)
	for i, step := range []struct {
		run  *cacheRun
		name string
		text string
	}{
		{x, "x", "# Alpha\n\nAlpha other words.\n"},
		{y, "y", "# Alpha\n\nAlpha other words.\n"}, // the same edit: the object x's build made
		{x, "x", "# Alpha\n\nAlpha third words.\n"},
		{y, "y", "# Alpha\n\nAlpha fourth words.\n"},
	} {
		edit(t, step.run.opts.Source, map[string]string{"a.md": step.text})
		res := step.run.build(t)
		if !strings.Contains(res.Cache, "search index patched") || !strings.Contains(res.Cache, "2 of 3 pages' text reused") {
			t.Errorf("edit %d in copy %s: Cache = %q, want the search index patched and the other pages reused", i, step.name, res.Cache)
		}
	}
}
