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
// name that is one of the vault's own layouts is drawn with that layout's
// blocks (TestOwnLayout); one without blocks shows every field.
// MikeKholomeev/Obsidian_DnD's Narip writes `layout: Short Sheet`, which
// its settings (layouts: []) do not have.
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
		{"the vault's own layout, no blocks: every field", `{"layouts": [{"name": "Short Sheet", "id": "x1"}], "default": "basic-5e-layout"}`, "Short Sheet",
			[]string{`class="statblock statblock-own"`, "Narip", "14, 14, 12, 8, 10, 18", "30"}, []string{"statblock-5e"}},
		{"a default of the vault's own", `{"layouts": [{"name": "Mine", "id": "x1", "blocks": [{"type": "heading", "properties": ["name"]}]}], "default": "x1"}`, "Nope",
			[]string{`class="statblock statblock-own"`, "Narip"}, []string{"statblock-5e"}},
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

// TestOwnLayout: a layout made in the plugin's settings is drawn with its
// own blocks (src/layouts/layout.types.ts): its labels ("display"), its
// table headers and modifiers ("calculate"), its section headings, a
// Text block's own text (Text.svelte: "item.text && item.text.length ?
// item.text : monster[item.properties[0]]"), the bundled 5e layout's
// callbacks it kept (hit dice after the hit points, XP after the
// challenge rating, the proficiency bonus), and no JavaScript block.
// Nisgames/Dalelands keeps a German copy of the 5e layout as its default.
func TestOwnLayout(t *testing.T) {
	data := `{"default": "de1", "layouts": [{"name": "Fuenf DE", "id": "de1", "blocks": [
	  {"type": "inline", "hasRule": true, "nested": [{"type": "group", "properties": ["name", "type"], "nested": [
	    {"type": "heading", "properties": ["name"], "size": 1},
	    {"type": "subheading", "properties": ["size", "type"], "separator": ", ", "conditioned": true}]}]},
	  {"type": "group", "properties": ["ac", "hp"], "conditioned": true, "nested": [
	    {"type": "property", "properties": ["ac"], "display": "Ruestungsklasse", "conditioned": true},
	    {"type": "property", "properties": ["hp"], "display": "Trefferpunkte", "conditioned": true, "callback": "let s = [monster.hp]; if (monster.hit_dice?.length) s.push('(' + monster.hit_dice + ')'); return s.join(' ');"}]},
	  {"type": "table", "properties": ["stats"], "headers": ["STR", "GES", "KON", "INT", "WEI", "CHA"], "calculate": true, "conditioned": true},
	  {"type": "property", "properties": ["cr"], "display": "Herausforderung", "conditioned": true, "callback": "const CR = {\"2\": {xp: 450}}; return monster.cr + ' (' + CR[monster.cr].xp + ' XP)';"},
	  {"type": "property", "properties": ["cr"], "display": "Uebungsbonus", "conditioned": true, "callback": "return '+' + Math.floor(2 + (monster.cr - 1) / 4);"},
	  {"type": "text", "properties": ["note"], "text": "Aus dem Handbuch."},
	  {"type": "javascript", "code": "return 'never shown';"},
	  {"type": "traits", "properties": ["actions"], "heading": "Aktionen", "dice": true, "conditioned": true}
	]}]}`
	dir := t.TempDir()
	f := filepath.Join(dir, filepath.FromSlash(SettingsFile))
	if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	md := markup.New(markup.Options{Obsidian: true, Handlers: map[string]markup.BlockHandler{Info: New().ForVault(dir, WalkNotes(dir))}, StaticDir: "static"})
	page := &markup.Page{File: "content/m.md", Links: links{}, Assets: map[string]string{StyleAsset: "/css/statblock.x.css"}, Report: func(markup.Problem) {}}
	src := "name: Oger\nsize: Gross\ntype: Riese\nac: 11\nhp: 68\nhit_dice: 8d10 + 24\nstats: [19, 8, 16, 5, 7, 7]\ncr: 2\nactions:\n  - name: Keule\n    desc: Treffer 13 (2d8 + 4).\n"
	html, _, err := md.Convert([]byte(fence(src)), page)
	if err != nil {
		t.Fatal(err)
	}
	out := string(html)
	for _, w := range []string{`class="statblock statblock-own"`, "Oger", "Gross, Riese", "Ruestungsklasse</strong> 11",
		"Trefferpunkte</strong> 68 (", "8d10 + 24", ">GES<", "(+4)", "(−1)", "Herausforderung</strong> 2 (450 XP)",
		"Uebungsbonus</strong> +2", "Aus dem Handbuch.", "Aktionen", "Keule"} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in\n%s", w, out)
		}
	}
	for _, n := range []string{"never shown", "statblock-more", "statblock-5e"} {
		if strings.Contains(out, n) {
			t.Errorf("%q in\n%s", n, out)
		}
	}
}
