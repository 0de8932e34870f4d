package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestObsidianPluginBlock: a fenced block of a community plugin the vault
// enables, which neither Publish ("a plugin that requires a plugin
// codeblock to render … will not work by default in Publish",
// https://help.obsidian.md/publish/limitations) nor sitegen draws, shows
// as code and the build says whose it is at its line, as for Leaflet's
// (eval10A NA1: the TOR2e Statblocks plugin's 181 ```tor2e stat blocks
// printed as YAML with no word). The plugin's own main.js says which
// blocks are its (registerMarkdownCodeBlockProcessor); the Dataview
// blocks sitegen runs are not told about, whatever Dataview registers.
func TestObsidianPluginBlock(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".obsidian/community-plugins.json":                 `["tor2e-statblocks", "dataview"]`,
		".obsidian/plugins/tor2e-statblocks/manifest.json": `{"id": "tor2e-statblocks", "name": "TOR2e Statblocks"}`,
		".obsidian/plugins/tor2e-statblocks/main.js":       `this.registerMarkdownCodeBlockProcessor("tor2e",(e,t)=>{})`,
		".obsidian/plugins/dataview/main.js":               `this.registerMarkdownCodeBlockProcessor("dataview",f);this.registerMarkdownCodeBlockProcessor("dataviewjs",g)`,
		"NPCs/Enforcer.md":                                 "# The Enforcer\n\n```tor2e\nname: The Spider's Enforcer\nlevel: 6\n```\n\n```dataview\nlist from \"NPCs\"\n```\n",
	})
	res, err := build(t, dir, content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "out")})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	want := "Enforcer.md:3:1: a ```tor2e block (the TOR2e Statblocks plugin's): sitegen does not draw it"
	found := false
	for _, w := range res.Warnings {
		found = found || strings.Contains(w, want)
		if strings.Contains(w, "```dataview") {
			t.Errorf("a Dataview block sitegen runs is told about: %s", w)
		}
	}
	if !found {
		t.Errorf("warnings = %q, want one with %q", res.Warnings, want)
	}
}
