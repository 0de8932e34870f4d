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

// TestQuartzSyncer checks the Quartz Syncer plugin's rule
// (.obsidian/plugins/quartz-syncer/data.json), from its documentation
// (https://saberzero1.github.io/quartz-syncer-docs/):
//
//   - Usage Guide: "By default, a checkbox property `publish` has to be
//     added to notes to make them visible to Quartz Syncer. This property
//     can be configured in the plugin settings. The checkbox has to be
//     checked/property set to true to show up in Quartz Syncer."
//     (publishFrontmatterKey; the plugin tests !!frontMatter[key], so any
//     value JavaScript reads as true shares the note — but Obsidian
//     Publish's publish: false keeps it home here all the same.)
//   - Settings/Note properties/Include all notes by default: "Whether to
//     include all as publishable instead of only the notes with the
//     configured publish flag set to true" (allNotesPublishableByDefault).
//   - Settings/Git/Vault root folder: "The folder in your Obsidian vault to
//     use for Quartz notes. Using `/` syncs the entire vault.
//     Alternatively, you can specify a subfolder" (vaultPath).
//   - Settings/Integrations/Excalidraw: "When enabled, Quartz Syncer will
//     sync Excalidraw drawings (`.excalidraw.md` files)" (useExcalidraw).
func TestQuartzSyncer(t *testing.T) {
	const file = ".obsidian/plugins/quartz-syncer/data.json"
	type note struct {
		rel    string
		meta   map[string]any
		reason string
	}
	for _, tc := range []struct {
		name     string
		settings string
		notes    []note
	}{
		{name: "publish key", settings: `{"publishFrontmatterKey": "publish", "allNotesPublishableByDefault": false, "vaultPath": "/"}`, notes: []note{
			{"a.md", map[string]any{"publish": true}, ""},
			{"b.md", map[string]any{}, "no publish: true (Quartz Syncer)"},
			{"c.md", map[string]any{"publish": ""}, "no publish: true (Quartz Syncer)"},
			{"d.md", map[string]any{"publish": 0}, "no publish: true (Quartz Syncer)"},
			{"e.md", map[string]any{"publish": "yes"}, ""},
			{"f.md", map[string]any{"publish": "false"}, "publish: false (Obsidian Publish)"},
			{"g.excalidraw.md", map[string]any{"publish": true}, "an Excalidraw drawing (Quartz Syncer)"},
		}},
		{name: "its own key", settings: `{"publishFrontmatterKey": "quartz"}`, notes: []note{
			{"a.md", map[string]any{"publish": true}, "no quartz: true (Quartz Syncer)"},
			{"b.md", map[string]any{"quartz": true}, ""},
		}},
		{name: "all notes, under a root folder", settings: `{"allNotesPublishableByDefault": true, "vaultPath": "Notes/Quartz/", "useExcalidraw": true}`, notes: []note{
			{"Notes/Quartz/a.md", map[string]any{}, ""},
			{"Notes/Quartz/map.excalidraw.md", map[string]any{}, ""},
			{"Notes/Private/a.md", map[string]any{"publish": true}, "outside the vault root folder Notes/Quartz (Quartz Syncer)"},
			{"Notes/QuartzOld/a.md", map[string]any{}, "outside the vault root folder Notes/Quartz (Quartz Syncer)"},
		}},
		{name: "settings that do not parse", settings: `{`, notes: []note{
			{"a.md", map[string]any{}, "no publish: true (Quartz Syncer)"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{file: tc.settings}))
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
