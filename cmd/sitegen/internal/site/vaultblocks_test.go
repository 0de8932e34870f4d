package site

import (
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"d6codex/cmd/sitegen/internal/encounter"
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

// TestVaultNoteCreatureEncounter: an encounter names a creature that a
// `statblock: inline` note defines under another title; it is found by its
// name, as Initiative Tracker finds it in Fantasy Statblocks' bestiary
// (which adds it: src/watcher/watcher.ts getFileInformation,
// "statblock !== "inline") return null"), with its note's link and stats,
// through the vault's handlers (vaultBlocks: both handlers' ForVault).
func TestVaultNoteCreatureEncounter(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".obsidian/app.json":   "{}\n",
		"Daemons/Caco Note.md": "---\nstatblock: inline\n---\n# Caco\n\n```statblock\nname: Cacodaemon\nhp: 18\nac: 16\nmodifier: 6\n```\n",
		"Fight.md":             "# Fight\n\n```encounter-table\nname: Pit\ncreatures:\n  - 2: Cacodaemon\n```\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	th := fstest.MapFS{statblock.StyleAsset: {Data: []byte(".statblock{}\n")}, encounter.StyleAsset: {Data: []byte(".encounter{}\n")}}
	for k, v := range theme {
		th[k] = v
	}
	b := statblock.NewBestiary()
	handlers := map[string]markup.BlockHandler{statblock.Info: statblock.New(b), encounter.TableInfo: encounter.NewTable(b)}
	if _, err := build(t, dir, content.Options{Theme: th, Dest: out, Handlers: handlers}); err != nil {
		t.Fatalf("build: %v", err)
	}
	page := readTree(t, out)["fight/index.html"]
	for _, want := range []string{`<a href="/daemons/caco-note/">Cacodaemon</a>`, "HP 18", "AC 16"} {
		if !strings.Contains(page, want) {
			t.Errorf("no %s in the encounter:\n%s", want, page)
		}
	}
}

// TestVaultNoteCreatureScan: the vault's note creatures are the notes the
// site's own scan read (vaultNotes), not a second walk of the vault: a
// note the site never reads (node_modules, a name the Obsidian layout
// leaves out) defines no creature, so the encounter names it as one no
// note defines; a note it reads and does not publish (Templates/ here,
// by the vault's publish rule) is found, and shown without its stats.
func TestVaultNoteCreatureScan(t *testing.T) {
	dir := t.TempDir()
	inline := func(name, hp string) string {
		return "---\nstatblock: inline\n---\n```statblock\nname: " + name + "\nhp: " + hp + "\n```\n"
	}
	sitetest.WriteFiles(t, dir, map[string]string{
		".obsidian/app.json":      "{}\n",
		"node_modules/pkg/Imp.md": inline("Imp", "77"),
		"Daemons/Caco.md":         inline("Cacodaemon", "18"),
		"Fight.md":                "# Fight\n\n```encounter-table\nname: Pit\ncreatures:\n  - Cacodaemon\n  - Imp\n```\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	th := fstest.MapFS{statblock.StyleAsset: {Data: []byte(".statblock{}\n")}, encounter.StyleAsset: {Data: []byte(".encounter{}\n")}}
	for k, v := range theme {
		th[k] = v
	}
	b := statblock.NewBestiary()
	handlers := map[string]markup.BlockHandler{statblock.Info: statblock.New(b), encounter.TableInfo: encounter.NewTable(b)}
	res, err := build(t, dir, content.Options{Theme: th, Dest: out, Handlers: handlers})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	page := readTree(t, out)["fight/index.html"]
	if !strings.Contains(page, "HP 18") || strings.Contains(page, "77") {
		t.Errorf("want the Cacodaemon's stats, not the Imp's:\n%s", page)
	}
	var imp []string
	for _, w := range res.WarningList {
		if strings.Contains(w.Msg, "Imp") {
			imp = append(imp, w.String())
		}
	}
	if len(imp) != 1 || strings.Contains(imp[0], "node_modules") {
		t.Errorf("warnings of the Imp: %q, want one that names no note of node_modules", imp)
	}
}
