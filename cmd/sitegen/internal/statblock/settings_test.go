package statblock

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
)

// TestVaultSettings: with the vault's Fantasy Statblocks settings read, a
// block whose `layout:` names no layout of the plugin is drawn with the
// default layout, as the plugin draws it: src/view/statblock.ts setLayout,
// "getAllLayouts().find((layout) => layout.name == (this.params.layout ??
// this.monster.layout) ...) ?? this.plugin.manager.getDefaultLayout()", and
// src/layouts/manager.ts getDefaultLayout, "getAllLayouts()?.find((l) =>
// l.id == this.#default) ?? Layout5e" (javalent/fantasy-statblocks). A
// name that is one of the vault's own layouts stays generic (sitegen does
// not read the layouts' blocks). MikeKholomeev/Obsidian_DnD's Narip writes
// `layout: Short Sheet`, which its settings (layouts: []) do not have.
func TestVaultSettings(t *testing.T) {
	block := "layout: %s\nname: Narip\nstats: [14, 14, 12, 8, 10, 18]\nhp: 30\n"
	tests := []struct {
		name, data, layout string
		want, not          []string
	}{
		{"a name of no layout: the default, Basic 5e", `{"layouts": [], "default": "basic-5e-layout"}`, "Short Sheet",
			[]string{`class="statblock statblock-5e"`, "(+4)"}, []string{"statblock-generic", "Short Sheet"}},
		{"the default by an older setting's name", `{"layouts": [], "default": "Basic 5e Layout"}`, "Short Sheet",
			[]string{`class="statblock statblock-5e"`}, nil},
		{"the vault's own layout: generic", `{"layouts": [{"name": "Short Sheet", "id": "x1"}], "default": "basic-5e-layout"}`, "Short Sheet",
			[]string{`class="statblock statblock-generic"`}, nil},
		{"a default of the vault's own: generic", `{"layouts": [{"name": "Mine", "id": "x1"}], "default": "x1"}`, "Nope",
			[]string{`class="statblock statblock-generic"`}, nil},
		{"a bundled layout by name wins", `{"layouts": [], "default": "basic-5e-layout"}`, "Basic 13th Age Monster Layout",
			[]string{`class="statblock statblock-13th-age"`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			f := filepath.Join(dir, filepath.FromSlash(SettingsFile))
			if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(f, []byte(tt.data), 0o644); err != nil {
				t.Fatal(err)
			}
			md := markup.New(markup.Options{Obsidian: true, Handlers: map[string]markup.BlockHandler{Info: New().ForVault(dir, WalkNotes(dir))}, StaticDir: "static"})
			page := &markup.Page{File: "content/m.md", Links: links{}, Assets: map[string]string{StyleAsset: "/css/statblock.x.css"}, Report: func(markup.Problem) {}}
			html, _, err := md.Convert([]byte(fence(strings.Replace(block, "%s", tt.layout, 1))), page)
			if err != nil {
				t.Fatal(err)
			}
			out := string(html)
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %s in\n%s", w, out)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(out, n) {
					t.Errorf("%s in\n%s", n, out)
				}
			}
		})
	}
	// Without the vault's settings a name sitegen lacks may be the
	// vault's own layout: generic, as before.
	if h := New().ForVault(t.TempDir(), nil); h == nil {
		t.Fatal("nil handler")
	}
}
