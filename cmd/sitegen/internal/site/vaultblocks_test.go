package site

import (
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/statblock"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestVaultStatblockSettings: a vault's Fantasy Statblocks settings are
// read (statblock.Handler.ForVault): `layout: Short Sheet`, a layout the
// vault's settings do not have, is drawn with the plugin's default layout
// (Basic 5e: the ability table with modifiers), as the plugin draws it
// (src/view/statblock.ts setLayout: "... ?? this.plugin.manager.getDefaultLayout()").
func TestVaultStatblockSettings(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".obsidian/app.json": "{}\n",
		".obsidian/plugins/obsidian-5e-statblocks/data.json": `{"layouts": [], "default": "basic-5e-layout"}`,
		"Narip.md": "# Narip\n\n```statblock\nlayout: Short Sheet\nname: Narip\nstats: [14, 14, 12, 8, 10, 18]\n```\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	th := fstest.MapFS{statblock.StyleAsset: {Data: []byte(".statblock{}\n")}}
	for k, v := range theme {
		th[k] = v
	}
	if _, err := build(t, dir, content.Options{Theme: th, Dest: out, Handlers: map[string]markup.BlockHandler{statblock.Info: statblock.New()}}); err != nil {
		t.Fatalf("build: %v", err)
	}
	page := readTree(t, out)["narip/index.html"]
	if !strings.Contains(page, `class="statblock statblock-5e"`) {
		t.Errorf("Short Sheet is not drawn with the default layout:\n%s", page)
	}
}
