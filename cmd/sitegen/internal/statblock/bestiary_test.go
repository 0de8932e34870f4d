package statblock

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
)

// TestPluginBestiary: a block that names a creature of the plugin's own
// bestiary, the creatures its settings keep (data.json "monsters": the
// creatures imported or made in the plugin, as [name, creature] pairs),
// shows that creature with the block's fields over its ones, as the
// plugin does: src/bestiary/bestiary.ts initialize, "for (const [,
// creature] of plugin.settings.monsters) { this.addLocalCreature(creature)
// }", where addLocalCreature keys it by "creature.name", and
// getCreatureFromBestiary looks the name up in that map, so case counts
// (javalent/fantasy-statblocks). Felixmil/MDnD keeps 855 creatures there
// (imported from 5etools) and names them in its notes (`monster: Bandit`).
func TestPluginBestiary(t *testing.T) {
	data := `{"layouts": [], "default": "basic-5e-layout", "monsters": [
	  ["Bandit", {"name": "Bandit", "size": "Medium", "type": "humanoid", "ac": 12, "hp": 11, "hit_dice": "2d8 + 2",
	    "stats": [11, 12, 12, 10, 10, 10], "image": null, "source": ["Monster Manual"],
	    "actions": [{"name": "Scimitar", "desc": "Melee Weapon Attack: +3 to hit. Hit: 4 (1d6 + 1) slashing damage."}]}],
	  ["Reef Shark", {"name": "Reef Shark", "size": "Medium", "type": "beast", "ac": 12, "hp": 22}]]}`
	tests := []struct {
		name, block string
		want, not   []string
		warn        string
	}{
		{"the creature's fields", "monster: Bandit\n",
			[]string{"Bandit", "Medium, humanoid", "Hit Points</strong> 11 (", "2d8 + 2", "Scimitar", "(+1)"}, []string{"Monster Manual", "null"}, ""},
		{"the block's fields over the creature's", "monster: Bandit\nname: Captain Vex\nhp: 40\n",
			[]string{"Captain Vex", "Hit Points</strong> 40 (", "Scimitar"}, []string{"Hit Points</strong> 11"}, ""},
		{"creature: and extends: too", "creature: Reef Shark\n", []string{"Reef Shark", "Medium, beast", "Hit Points</strong> 22"}, nil, ""},
		{"case counts, as in the plugin's map", "monster: bandit\n", []string{"bandit"}, []string{"Scimitar"}, "names a creature of the plugin's bestiary"},
		{"a creature it does not have", "monster: Ogre\n", []string{"Ogre"}, nil, "names a creature of the plugin's bestiary"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			f := filepath.Join(dir, filepath.FromSlash(SettingsFile))
			if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(f, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
			md := markup.New(markup.Options{Obsidian: true, Handlers: map[string]markup.BlockHandler{Info: New().ForVault(dir, WalkNotes(dir))}, StaticDir: "static"})
			var warns []string
			page := &markup.Page{File: "content/m.md", Links: links{}, Assets: map[string]string{StyleAsset: "/css/statblock.x.css"},
				Report: func(p markup.Problem) { warns = append(warns, p.Msg) }}
			html, _, err := md.Convert([]byte(fence(tt.block)), page)
			if err != nil {
				t.Fatal(err)
			}
			out := string(html)
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %q in the block", w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(out, n) {
					t.Errorf("%q in the block", n)
				}
			}
			got := strings.Join(warns, "\n")
			if tt.warn == "" && got != "" || tt.warn != "" && !strings.Contains(got, tt.warn) {
				t.Errorf("warnings %q, want %q", got, tt.warn)
			}
		})
	}
}
