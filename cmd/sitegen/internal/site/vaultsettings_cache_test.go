package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"d6codex/cmd/sitegen/internal/encounter"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/statblock"
)

// TestBuildCacheStatblockSettings: the Fantasy Statblocks plugin's
// settings (its layouts, its default layout, the creatures it keeps) are
// what a vault's stat blocks and encounters are drawn from, so a change to
// them is a change of the site's settings: the next build with the cache
// draws them anew, as a build without a cache does (a page kept from the
// cache would show the old creature or layout).
func TestBuildCacheStatblockSettings(t *testing.T) {
	settings := func(hp int) string {
		return `{"layouts": [], "default": "basic-5e-layout", "monsters": [["Bandit", {"name": "Bandit", "ac": 12, "hp": ` +
			strings.Repeat("1", hp) + `}]]}`
	}
	r := newCacheRun(t, map[string]string{
		".obsidian/app.json":   "{}\n",
		statblock.SettingsFile: settings(2),
		"Bandit.md":            "# Bandit\n\n```statblock\nmonster: Bandit\n```\n",
		"Fight.md":             "# Fight\n\n```encounter\ncreatures:\n  - 2: Bandit\n```\n",
	})
	th := fstest.MapFS{statblock.StyleAsset: {Data: []byte(".statblock{}\n")}, encounter.StyleAsset: {Data: []byte(".encounter{}\n")}}
	for k, v := range theme {
		th[k] = v
	}
	r.opts.Theme = th
	build := func() { // each build its own handlers, as each `sitegen build` process has
		b := statblock.NewBestiary()
		r.opts.Handlers = map[string]markup.BlockHandler{statblock.Info: statblock.New(b), encounter.Info: encounter.New(b)}
		r.build(t)
	}
	build()
	if page := readTree(t, r.opts.Dest)["bandit/index.html"]; !strings.Contains(page, "Hit Points</strong> 11") {
		t.Fatalf("the saved creature's hit points are not shown:\n%s", page)
	}
	if err := os.WriteFile(filepath.Join(r.opts.Source, filepath.FromSlash(statblock.SettingsFile)), []byte(settings(3)), 0o644); err != nil {
		t.Fatal(err)
	}
	build() // compares with a build without a cache
	if page := readTree(t, r.opts.Dest)["bandit/index.html"]; !strings.Contains(page, "Hit Points</strong> 111") {
		t.Errorf("the changed creature's hit points are not shown")
	}
	// The encounter's page alone rendered again: its creature is still the
	// saved one, though the stat block's page is taken from the cache.
	if err := os.WriteFile(filepath.Join(r.opts.Source, "Fight.md"), []byte("# Fight!\n\n```encounter\ncreatures:\n  - 2: Bandit\n```\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	build()
	if page := readTree(t, r.opts.Dest)["fight/index.html"]; !strings.Contains(page, "<td>111</td>") {
		t.Errorf("the encounter lost its creature's hit points")
	}
}
