package obsidian

import (
	"errors"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestEnveloppe checks the share rule of the Enveloppe plugin (formerly
// Obsidian GitHub Publisher / obsidian-mkdocs-publisher; its settings are
// .obsidian/plugins/obsidian-mkdocs-publisher/data.json), as its
// documentation states it (https://enveloppe.github.io/Settings/Plugin_config/,
// "Sharing config"):
//
//   - "Set the share key and set it to `true` in the YAML frontmatter of a
//     note to allow sharing it. By default, it is `share`."
//   - "Share all files allows to send every files automatically (unless
//     they are excluded) without using the `share` key. When enabled, you
//     can excluded all files where the name start by something." (The
//     setting's default is "DRAFT"; the plugin tests
//     file.basename.startsWith(excludedFileName).)
//   - "Excluded folders: Even if the share key is set to `true` in notes
//     inside excluded folders, they won't be shared. [...] You can use
//     regex here, but you need to enclose the regex between `/` [...] If
//     only the name is provided, it will exclude all folders containing
//     the keyword."
//
// The plugin reads the key's value as text: "true", "1" or "yes" in any
// case share the note (its isShared); it never sends an Excalidraw
// drawing (.excalidraw.md).
func TestEnveloppe(t *testing.T) {
	const file = ".obsidian/plugins/obsidian-mkdocs-publisher/data.json"
	type note struct {
		rel    string
		meta   map[string]any
		reason string // "" when shared
	}
	shareKey := func(key string) string {
		return `{"plugin": {"shareKey": "` + key + `", "excludedFolder": ["Archive", "/^DM\\/.*Plans/"], "shareAll": {"enable": false, "excludedFileName": "DRAFT"}}}`
	}
	for _, tc := range []struct {
		name  string
		files map[string]string
		notes []note
	}{
		{name: "share key", files: map[string]string{file: shareKey("share")}, notes: []note{
			{"a.md", map[string]any{"share": true}, ""},
			{"b.md", map[string]any{"share": "Yes"}, ""},
			{"c.md", map[string]any{"share": 1}, ""},
			{"d.md", map[string]any{}, "no share: true (Enveloppe)"},
			{"e.md", map[string]any{"share": false}, "no share: true (Enveloppe)"},
			{"f.md", map[string]any{"share": "maybe"}, "no share: true (Enveloppe)"},
			{"g.md", map[string]any{"publish": true}, "no share: true (Enveloppe)"},
			{"999 Archive/old.md", map[string]any{"share": true}, "in an excluded folder (Enveloppe)"},
			{"DM/Session Plans/1.md", map[string]any{"share": true}, "in an excluded folder (Enveloppe)"},
			{"DM/Sessions/1.md", map[string]any{"share": true}, ""},
			{"map.excalidraw.md", map[string]any{"share": true}, "an Excalidraw drawing (Enveloppe)"},
			// Obsidian Publish's flag still holds.
			{"h.md", map[string]any{"share": true, "publish": false}, "publish: false (Obsidian Publish)"},
		}},
		{name: "another share key", files: map[string]string{file: shareKey("publish-me")}, notes: []note{
			{"a.md", map[string]any{"share": true}, "no publish-me: true (Enveloppe)"},
			{"b.md", map[string]any{"publish-me": "true"}, ""},
		}},
		{name: "empty share key is share", files: map[string]string{file: shareKey("")}, notes: []note{
			{"a.md", map[string]any{"share": true}, ""},
			{"b.md", map[string]any{}, "no share: true (Enveloppe)"},
		}},
		{name: "share all", files: map[string]string{file: `{"plugin": {"shareKey": "share", "excludedFolder": ["Archive"], "shareAll": {"enable": true, "excludedFileName": "DRAFT"}}}`}, notes: []note{
			{"a.md", map[string]any{}, ""},
			{"b.md", map[string]any{"share": false}, ""},
			{"People/DRAFT Winnefred.md", map[string]any{}, "file name starts with DRAFT (Enveloppe share all)"},
			{"People/Winnefred DRAFT.md", map[string]any{}, ""},
			{"Archive/x.md", map[string]any{}, "in an excluded folder (Enveloppe)"},
		}},
		{name: "share all without an excluded name", files: map[string]string{file: `{"plugin": {"shareAll": {"enable": true, "excludedFileName": ""}}}`}, notes: []note{
			{"DRAFT.md", map[string]any{}, ""},
		}},
		{name: "settings that do not parse share nothing unmarked", files: map[string]string{file: `{not json`}, notes: []note{
			{"a.md", map[string]any{}, "no share: true (Enveloppe)"},
			{"b.md", map[string]any{"share": true}, ""},
		}},
		{name: "the plugin enabled", files: map[string]string{file: shareKey("share"), ".obsidian/community-plugins.json": `["dataview", "obsidian-mkdocs-publisher"]`}, notes: []note{
			{"a.md", map[string]any{}, "no share: true (Enveloppe)"},
		}},
		{name: "the plugin disabled: Obsidian's rule alone", files: map[string]string{file: shareKey("share"), ".obsidian/community-plugins.json": `["dataview"]`}, notes: []note{
			{"a.md", map[string]any{}, ""},
		}},
		{name: "no plugin", files: map[string]string{".obsidian/app.json": `{}`}, notes: []note{
			{"a.md", map[string]any{}, ""},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, tc.files))
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range tc.notes {
				if got := l.Unpublished(n.meta, n.rel); got != n.reason {
					t.Errorf("%s %v: %q, want %q", n.rel, n.meta, got, n.reason)
				}
			}
		})
	}
}

// TestEnveloppeBadRegex: an excluded folder written as a regular
// expression sitegen cannot read is an error naming the setting, not a
// folder published by mistake.
func TestEnveloppeBadRegex(t *testing.T) {
	_, err := Recognise(layouttest.Write(t, map[string]string{
		".obsidian/plugins/obsidian-mkdocs-publisher/data.json": `{"plugin": {"excludedFolder": ["/(?<=x)DM/"]}}`}))
	var ce *layout.ConfigError
	if !errors.As(err, &ce) || ce.Key != "plugin.excludedFolder" || !strings.Contains(err.Error(), "(?<=x)DM") {
		t.Fatalf("err = %v, want a ConfigError on plugin.excludedFolder naming the expression", err)
	}
}

// TestObsidianMkdocs: a vault published by the plugin's command-line
// predecessor (obs2mk / obsidian-mkdocs, with the MkDocs template cloned in
// .publish/; its settings .publish/configuration.yml) shares only notes
// with the share key: "share : You can change the share key. By default,
// it's share" (https://pypi.org/project/obs2mk/, "Script's
// Configuration"); sharing the whole vault is an option of one run
// ("all --vault : Share all vault file, ignoring the share state"), not a
// setting. The key is the default configuration's frontmatter.share.
func TestObsidianMkdocs(t *testing.T) {
	for _, tc := range []struct {
		name, config string
		meta         map[string]any
		reason       string
	}{
		{"shared", "default:\n  frontmatter:\n    share: share\n", map[string]any{"share": true}, ""},
		{"not shared", "default:\n  frontmatter:\n    share: share\n", map[string]any{}, "no share: true (obsidian-mkdocs)"},
		{"its own key", "default:\n  frontmatter:\n    share: web\n", map[string]any{"share": true}, "no web: true (obsidian-mkdocs)"},
		{"no key: share", "default: {}\n", map[string]any{"share": "true"}, ""},
		{"unreadable: share", "{[", map[string]any{}, "no share: true (obsidian-mkdocs)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{".obsidian/app.json": "{}", ".publish/configuration.yml": tc.config}))
			if err != nil {
				t.Fatal(err)
			}
			if got := l.Unpublished(tc.meta, "a.md"); got != tc.reason {
				t.Errorf("%v: %q, want %q", tc.meta, got, tc.reason)
			}
		})
	}
}
