package encounter

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/statblock"
)

// dirVault resolves wikilinks to the notes of a folder: a path from its
// root ("/Bestiary/Caco") to that note, a name to the note of that file
// name anywhere in it; the notes under Private/ are not published.
type dirVault struct{ dir string }

func (dirVault) ResolveLink(dest string) (string, string) { return "/" + dest + "/", "" }
func (v dirVault) ResolveWiki(target, _ string, embed bool) markup.WikiTarget {
	rel := strings.TrimPrefix(target, "/")
	if !strings.HasPrefix(target, "/") {
		matches, _ := filepath.Glob(filepath.Join(v.dir, "*", target+".md"))
		if len(matches) == 0 || strings.Contains(matches[0], "/.") {
			return markup.WikiTarget{Problem: fmt.Sprintf("no note or file named %q", target)}
		}
		r, _ := filepath.Rel(v.dir, matches[0])
		rel = strings.TrimSuffix(filepath.ToSlash(r), ".md")
	}
	if strings.HasPrefix(rel, "Private/") {
		return markup.WikiTarget{Unlinked: rel + ".md is not published"}
	}
	src, err := os.ReadFile(filepath.Join(v.dir, filepath.FromSlash(rel)+".md"))
	if err != nil {
		return markup.WikiTarget{Problem: fmt.Sprintf("no note or file named %q", target)}
	}
	tg := markup.WikiTarget{URL: "/" + strings.ToLower(strings.ReplaceAll(rel, " ", "-")) + "/"}
	if embed {
		tg.Note, tg.Src = &markup.Page{File: rel + ".md"}, src
	}
	return tg
}

// TestNoteCreatureEncounters: an encounter takes a creature by its name
// from the creatures the vault's notes define, as Initiative Tracker takes
// it from Fantasy Statblocks' bestiary (src/main.ts
// getBaseCreatureFromBestiary: "window.FantasyStatblocks.hasCreature(name)
// ... getCreatureFromBestiary(name)"), which adds a note's creature by its
// name: (fantasy-statblocks src/watcher/watcher.ts: "statblock !== true &&
// ... !== "true" && ... !== "inline") return null"; a `statblock: inline`
// note's creature is its first ```statblock block, watcher.worker.ts
// findFirstStatBlock). A note's title need not be the creature's name. A
// creature whose note is not published is named without its link or
// stats, with a warning at its line; one no note defines, and no note is
// named after, is a warning at its line. Of two notes defining one
// creature, the one the wikilink [[name]] finds is taken (the plugin's
// bestiary keeps one of them, whichever it read last).
func TestNoteCreatureEncounters(t *testing.T) {
	dir := t.TempDir()
	for rel, s := range map[string]string{
		"Bestiary/Daemon, Caco.md": "---\nstatblock: inline\n---\n# Daemon\n\n```statblock\nname: Cacodaemon\nhp: 18\nac: 16\nmodifier: 6\n```\n\n```statblock\nname: Other\nhp: 1\n```\n",
		"Bestiary/Beasts.md":       "---\nstatblock: true\nname: Wolf\nhp: 11\nac: 13\nmodifier: 2\n---\nA wolf.\n",
		"Bestiary/Goblin.md":       "# Goblin\n\n```statblock\nname: Goblin\nhp: 7\nac: 15\n```\n",
		"Private/Imp.md":           "---\nstatblock: inline\n---\n```statblock\nname: Imp\nhp: 77\nac: 17\n```\n",
		"Bestiary/Imp Lord.md":     "---\nstatblock: inline\n---\n```statblock\nname: Imp Lord\nhp: 30\nac: 19\n```\n",
		"Aaa/Copy.md":              "---\nstatblock: inline\n---\n```statblock\nname: Imp Lord\nhp: 31\nac: 19\n```\n",
		".trash/Ghoul.md":          "---\nstatblock: inline\n---\n```statblock\nname: Ghoul\nhp: 22\nac: 12\n```\n",
	} {
		f := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	body := "creatures:\n  - 2: Cacodaemon\n  - Wolf\n  - Goblin\n  - Imp\n  - Ghoul\n  - Other\n  - Imp Lord\n"
	bestiary := statblock.NewBestiary()
	stat := statblock.New(bestiary).ForVault(dir, statblock.WalkNotes(dir))
	md := markup.New(markup.Options{Obsidian: true, Handlers: map[string]markup.BlockHandler{
		statblock.Info: stat, Info: New(bestiary).ForVault(dir, statblock.WalkNotes(dir))}})
	var problems []string
	page := &markup.Page{File: "content/e.md", Links: dirVault{dir}, Assets: map[string]string{StyleAsset: "/e.css", statblock.StyleAsset: "/s.css"},
		Report: func(p markup.Problem) { problems = append(problems, fmt.Sprintf("%d:%d: %s", p.Line, p.Col, p.Msg)) }}
	out, _, err := md.Convert([]byte("```encounter\n"+body+"```\n"), page)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Cacodaemon|2|18|16|+6", "Wolf|1|11|13|+2", "Goblin|1|7|15|", "Imp|1|||", "Ghoul|1|||", "Other|1|||", "Imp Lord|1|30|19|"}
	if got := rows(out); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, link := range []string{`href="/bestiary/daemon,-caco/"`, `href="/bestiary/beasts/"`, `href="/bestiary/goblin/"`, `href="/bestiary/imp-lord/"`} {
		if !strings.Contains(out, link) {
			t.Errorf("no %s in\n%s", link, out)
		}
	}
	if strings.Contains(out, "77") || strings.Contains(out, "/private/") {
		t.Errorf("the unpublished note's creature is shown:\n%s", out)
	}
	wantProbs := []string{
		`6:5: encounter block: creature "Imp": Private/Imp.md is not published; shown without a link or stats`,
		`7:5: encounter block: creature "Ghoul": no note or file named "Ghoul"`,
		`8:5: encounter block: creature "Other": no note or file named "Other"`,
	}
	if len(problems) != len(wantProbs) {
		t.Fatalf("problems:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(wantProbs, "\n"))
	}
	for i, p := range wantProbs {
		if !strings.HasPrefix(problems[i], p) {
			t.Errorf("problem %q, want %q", problems[i], p)
		}
	}
}

// TestSavedCreatureEncounters: an encounter also finds the creatures the
// Fantasy Statblocks plugin's settings keep (data.json "monsters", added to
// its bestiary by name: src/bestiary/bestiary.ts initialize, "for (const
// [, creature] of plugin.settings.monsters) { this.addLocalCreature(
// creature) }"), which Initiative Tracker looks up there as it looks up the
// notes' creatures; a note's creature of the same name wins (the plugin's
// watcher adds it after, when it parses notes: "autoParse"). A creature
// only the settings keep has no note to link to. The plugin finds a
// creature by its exact name (bestiary.ts hasCreature: "this.#bestiary
// .has(name)", a Map's): "bandit" is not "Bandit", and the warning says
// which name the saved creatures have. An inline encounter finds them
// alike.
func TestSavedCreatureEncounters(t *testing.T) {
	dir := t.TempDir()
	for rel, s := range map[string]string{
		statblock.SettingsFile: `{"autoParse": true, "monsters": [["Bandit", {"name": "Bandit", "hp": 11, "ac": 12, "stats": [11, 12, 12, 10, 10, 10]}],
			["Wolf", {"name": "Wolf", "hp": 99, "ac": 1}]]}`,
		"Bestiary/Beasts.md": "---\nstatblock: true\nname: Wolf\nhp: 11\nac: 13\nmodifier: 2\n---\nA wolf.\n",
	} {
		f := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bestiary := statblock.NewBestiary()
	stat := statblock.New(bestiary).ForVault(dir, statblock.WalkNotes(dir))
	opts := markup.Options{Obsidian: true, Handlers: map[string]markup.BlockHandler{
		statblock.Info: stat, Info: New(bestiary).ForVault(dir, statblock.WalkNotes(dir))}}
	opts.Dialects.InlineCode = []string{Info}
	md := markup.New(opts)
	var problems []string
	page := &markup.Page{File: "content/e.md", Links: dirVault{dir}, Assets: map[string]string{StyleAsset: "/e.css", statblock.StyleAsset: "/s.css"},
		Report: func(p markup.Problem) { problems = append(problems, fmt.Sprintf("%d:%d: %s", p.Line, p.Col, p.Msg)) }}
	out, _, err := md.Convert([]byte("```encounter\ncreatures:\n  - 3: Bandit\n  - Wolf\n  - Ogre\n  - bandit\n```\n\n`encounter: 2: Bandit`\n"), page)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Bandit|3|11|12|+1", "Wolf|1|11|13|+2", "Ogre|1|||", "bandit|1|||"}
	if got := rows(out); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got, _ := line(out); got != "2 Bandits" || !strings.Contains(out, `title="HP 11 · AC 12 · Initiative +1"`) {
		t.Errorf("inline encounter %q, want 2 Bandits with their stats:\n%s", got, out)
	}
	hint := `(the plugin's saved creatures have "Bandit": it finds a creature by its exact name, case and all)`
	if len(problems) != 2 || !strings.Contains(problems[0], `creature "Ogre"`) || strings.Contains(problems[0], "saved creatures have") ||
		!strings.Contains(problems[1], `creature "bandit"`) || !strings.HasSuffix(problems[1], hint) {
		t.Errorf("problems %q, want one for Ogre, one for bandit ending %s", problems, hint)
	}
}
