package site

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"d6codex/cmd/sitegen/internal/encounter"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/statblock"
)

// TestUpdateNoteCreature: a page whose encounter shows a creature that a
// `statblock: inline` note defines (found by the vault's note index, fed
// by the site's own scan: vaultNotes) depends on that note: a save of it
// writes the page again, as a build from nothing shows it (r.update
// compares them), through the question its encounter asked of the note
// (an embed's). (A note that newly defines a creature an encounter did
// not find does not write that page again: no question records the miss;
// see /work/notes/sbidx24-bench.md.)
func TestUpdateNoteCreature(t *testing.T) {
	caco := "---\nstatblock: inline\n---\n# Caco\n\n```statblock\nname: Cacodaemon\nhp: 18\nac: 16\n```\n"
	for _, tc := range []struct {
		name  string
		edits map[string]string
		want  []string // in the fight's page after the Update
		page  bool     // the fight's page is written again
	}{
		{"the creature's stats", map[string]string{"Daemons/Caco Note.md": strings.Replace(caco, "hp: 18", "hp: 44", 1)}, []string{"HP 44"}, true},
		{"a note unrelated", map[string]string{"Other.md": "# Other\n\nNew text.\n"}, []string{"HP 18"}, false},
		// A creature the fight names and no note defined: a new note that
		// defines it is a new answer to the question the encounter asked
		// of the index (Block.Asked), and the fight is written again.
		{"a new note defines a missing creature", map[string]string{"Imp Note.md": "---\nstatblock: true\nname: Imp\nhp: 7\n---\n"},
			[]string{`href="/imp-note/"`}, true},
		// A creature note edited to define that creature.
		{"a note edited to define a missing creature", map[string]string{"Other.md": "---\nstatblock: true\nname: Imp\nhp: 7\n---\n# Other\n"},
			[]string{`href="/other/"`}, true},
	} {
		for _, keep := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, incremental %v", tc.name, keep), func(t *testing.T) {
				src := writeTree(t, map[string]string{
					"site.toml": "\x00", "content/_index.md": "\x00", "static/css/site.css": "\x00", "static/js/fake.js": "\x00",
					".obsidian/app.json":   "{}\n",
					"Daemons/Caco Note.md": caco,
					"Other.md":             "# Other\n",
					"Fight.md":             "# Fight\n\n```encounter-table\nname: Pit\ncreatures:\n  - 2: Cacodaemon\n  - Imp\n```\n",
				})
				th := fstest.MapFS{statblock.StyleAsset: {Data: []byte(".statblock{}\n")}, encounter.StyleAsset: {Data: []byte(".encounter{}\n")}}
				for k, v := range theme {
					th[k] = v
				}
				b := statblock.NewBestiary()
				handlers := map[string]markup.BlockHandler{statblock.Info: statblock.New(b), encounter.TableInfo: encounter.NewTable(b)}
				r := startUpdates(t, content.Options{Source: src, Theme: th, Handlers: handlers}, keep)
				u := r.update(t, tc.edits)
				tree := readTree(t, r.opts.Dest)
				page := tree["fight/index.html"]
				if page == "" {
					t.Log(slices.Sorted(maps.Keys(tree)))
				}
				for _, w := range tc.want {
					if !strings.Contains(page, w) {
						t.Errorf("no %s in the fight after the Update:\n%s", w, page)
					}
				}
				if got := slices.Contains(u.Pages, "/fight/"); got != tc.page {
					t.Errorf("the fight's page written: %v, want %v (wrote %v)", got, tc.page, u.Pages)
				}
			})
		}
	}
}

// TestInlineEncounterVault: a vault that runs Initiative Tracker draws
// inline code `encounter: 2: Cacodaemon` as the plugin's encounter line
// (its post-processor: "/^encounter:\s/.test(code.innerText)"), with the
// creature's stats from its note, and a save of that note writes the page
// again as a clean build shows it; a vault whose plugin list leaves the
// plugin out shows the code as code, as Obsidian does without it.
func TestInlineEncounterVault(t *testing.T) {
	caco := "---\nstatblock: inline\n---\n# Caco\n\n```statblock\nname: Cacodaemon\nhp: 18\nac: 16\n```\n"
	for _, tc := range []struct {
		plugins string
		drawn   bool
	}{
		{`["initiative-tracker", "obsidian-5e-statblocks"]`, true},
		{`["obsidian-5e-statblocks"]`, false},
	} {
		t.Run(tc.plugins, func(t *testing.T) {
			src := writeTree(t, map[string]string{
				"site.toml": "\x00", "content/_index.md": "\x00", "static/css/site.css": "\x00", "static/js/fake.js": "\x00",
				".obsidian/app.json":               "{}\n",
				".obsidian/community-plugins.json": tc.plugins,
				"Daemons/Caco Note.md":             caco,
				"Fight.md":                         "# Fight\n\n| Roll | Encounter |\n|---|---|\n| 1 | `encounter: 2: Cacodaemon` |\n",
			})
			th := fstest.MapFS{statblock.StyleAsset: {Data: []byte(".statblock{}\n")}, encounter.StyleAsset: {Data: []byte(".encounter{}\n")}}
			for k, v := range theme {
				th[k] = v
			}
			b := statblock.NewBestiary()
			handlers := map[string]markup.BlockHandler{statblock.Info: statblock.New(b), encounter.Info: encounter.New(b)}
			r := startUpdates(t, content.Options{Source: src, Theme: th, Handlers: handlers}, true)
			page := readTree(t, r.opts.Dest)["fight/index.html"]
			if got := strings.Contains(page, `title="HP 18 · AC 16"`) && strings.Contains(page, `href="/daemons/caco-note/">Cacodaemons</a>`); got != tc.drawn {
				t.Errorf("drawn with its stats and link: %v, want %v:\n%s", got, tc.drawn, page)
			}
			if got := strings.Contains(page, "<code>encounter: 2: Cacodaemon</code>"); got == tc.drawn {
				t.Errorf("shown as code: %v, want %v", got, !tc.drawn)
			}
			if !tc.drawn {
				return
			}
			u := r.update(t, map[string]string{"Daemons/Caco Note.md": strings.Replace(caco, "hp: 18", "hp: 44", 1)})
			if page := readTree(t, r.opts.Dest)["fight/index.html"]; !strings.Contains(page, `title="HP 44 · AC 16"`) || !slices.Contains(u.Pages, "/fight/") {
				t.Errorf("after the note's save, the fight (written: %v) shows:\n%s", slices.Contains(u.Pages, "/fight/"), page)
			}
		})
	}
}
