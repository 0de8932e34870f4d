package obsidian

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestPluginBlocks: the fenced blocks an enabled community plugin draws are
// the ones its main.js registers with Obsidian's
// registerMarkdownCodeBlockProcessor(language, handler) ("Register a
// special post processor that handles fenced code given a language",
// https://docs.obsidian.md/Reference/TypeScript+API/Plugin/registerMarkdownCodeBlockProcessor).
// Publish runs no plugin ("a plugin that requires a plugin codeblock to
// render … will not work by default in Publish",
// https://help.obsidian.md/publish/limitations), nor does sitegen: such a
// block shows as code and the build says whose it is (eval10A NA1: 181
// ```tor2e stat blocks of the TOR2e Statblocks plugin printed as YAML with
// no word). Only enabled plugins count; a main.js that is missing, too
// long, or a link out of the vault is not read, and not an error (a plugin
// author links their build into their vault).
func TestPluginBlocks(t *testing.T) {
	const tor = `var x=class extends o.Plugin{async onload(){this.registerMarkdownCodeBlockProcessor("tor2e",(e,t,n)=>{r(e,t)});this.registerMarkdownCodeBlockProcessor( 'tor2e-adv' ,f);this.registerMarkdownCodeBlockProcessor(` + "`tor-journey`" + `,g)}}`
	outside := layouttest.Write(t, map[string]string{"main.js": `this.registerMarkdownCodeBlockProcessor("secret-lang",f)`})
	tests := []struct {
		name    string
		files   map[string]string
		link    string // a link at this path to outside/main.js
		want    map[string]string
		notWant []string
	}{
		{name: "enabled plugin's blocks, named from its manifest", files: map[string]string{
			".obsidian/community-plugins.json":                 `["tor2e-statblocks"]`,
			".obsidian/plugins/tor2e-statblocks/manifest.json": `{"id": "tor2e-statblocks", "name": "TOR2e Statblocks"}`,
			".obsidian/plugins/tor2e-statblocks/main.js":       tor,
		}, want: map[string]string{"tor2e": "the TOR2e Statblocks plugin's", "tor2e-adv": "the TOR2e Statblocks plugin's",
			"tor-journey": "the TOR2e Statblocks plugin's", "leaflet": "the Obsidian Leaflet plugin's"}},
		{name: "a name that starts with The", files: map[string]string{
			".obsidian/community-plugins.json":                 `["tor2e-statblocks"]`,
			".obsidian/plugins/tor2e-statblocks/manifest.json": `{"name": "The One Ring 2E Statblocks"}`,
			".obsidian/plugins/tor2e-statblocks/main.js":       tor,
		}, want: map[string]string{"tor2e": "The One Ring 2E Statblocks plugin's"}},
		{name: "no manifest: the plugin's id", files: map[string]string{
			".obsidian/community-plugins.json":           `["tor2e-statblocks"]`,
			".obsidian/plugins/tor2e-statblocks/main.js": tor,
		}, want: map[string]string{"tor2e": "the tor2e-statblocks plugin's"}},
		{name: "installed but not enabled", files: map[string]string{
			".obsidian/community-plugins.json":           `["dataview"]`,
			".obsidian/plugins/tor2e-statblocks/main.js": tor,
		}, notWant: []string{"tor2e"}},
		{name: "a block sitegen lists keeps its label", files: map[string]string{
			".obsidian/community-plugins.json":                        `["obsidian-leaflet-plugin"]`,
			".obsidian/plugins/obsidian-leaflet-plugin/manifest.json": `{"name": "Leaflet"}`,
			".obsidian/plugins/obsidian-leaflet-plugin/main.js":       `this.registerMarkdownCodeBlockProcessor("leaflet",h)`,
		}, want: map[string]string{"leaflet": "the Obsidian Leaflet plugin's"}},
		{name: "blocks sitegen draws are not told about", files: map[string]string{
			".obsidian/community-plugins.json":                 `["obsidian-5e-statblocks", "draw-steel-elements"]`,
			".obsidian/plugins/obsidian-5e-statblocks/main.js": `this.registerMarkdownCodeBlockProcessor("statblock",f)`,
			".obsidian/plugins/draw-steel-elements/main.js":    `this.registerMarkdownCodeBlockProcessor("ds-ability",f);this.registerMarkdownCodeBlockProcessor("ds-ct",g)`,
		}, want: map[string]string{"ds-ct": dse}, notWant: []string{"statblock", "ds-ability"}},
		{name: "an id that climbs out is not read", files: map[string]string{
			".obsidian/community-plugins.json": `["../../x", "a/b"]`,
			"x/main.js":                        tor,
		}, notWant: []string{"tor2e"}},
		{name: "main.js linked out of the vault is not read", files: map[string]string{
			".obsidian/community-plugins.json":    `["dev"]`,
			".obsidian/plugins/dev/manifest.json": `{"name": "Dev"}`,
		}, link: ".obsidian/plugins/dev/main.js", notWant: []string{"secret-lang"}},
		{name: "main.js too long is not read", files: map[string]string{
			".obsidian/community-plugins.json": `["big"]`,
			".obsidian/plugins/big/main.js":    tor + strings.Repeat(" ", 4<<20),
		}, notWant: []string{"tor2e"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := layouttest.Write(t, tt.files)
			if tt.link != "" {
				if err := os.Symlink(filepath.Join(outside, "main.js"), filepath.Join(dir, filepath.FromSlash(tt.link))); err != nil {
					t.Fatal(err)
				}
			}
			l, err := Recognise(dir)
			if err != nil {
				t.Fatal(err)
			}
			for lang, who := range tt.want {
				if got := l.Markup.PluginBlocks[lang]; got != who {
					t.Errorf("PluginBlocks[%q] = %q, want %q", lang, got, who)
				}
			}
			for _, lang := range tt.notWant {
				if got, ok := l.Markup.PluginBlocks[lang]; ok {
					t.Errorf("PluginBlocks[%q] = %q, want none", lang, got)
				}
			}
		})
	}
	// The hand-written list is not changed by a vault's plugins.
	if _, ok := undrawn["tor2e"]; ok {
		t.Error("undrawn gained a vault's plugin block")
	}
}
