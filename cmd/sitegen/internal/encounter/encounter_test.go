package encounter

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/statblock"
	"d6codex/cmd/sitegen/internal/testing/rolltext"
)

// The plugin's documentation and source the tests quote.
const (
	docCreatures = "https://plugins.javalent.com/it/encounters/creatures"
	docParams    = "https://plugins.javalent.com/it/encounter/parameters"
	docTables    = "https://plugins.javalent.com/it/encounter/tables"
	docMultiple  = "https://plugins.javalent.com/it/encounters/multiple"
	srcParser    = "https://github.com/javalent/initiative-tracker/blob/main/src/encounter/index.ts"
	srcCreature  = "https://github.com/javalent/initiative-tracker/blob/main/src/utils/creature.ts"
)

// vault is a few notes with stat blocks, found by name as wikilinks are.
type vault map[string]string

func (v vault) ResolveLink(dest string) (string, string) { return "/" + dest + "/", "" }
func (v vault) ResolveWiki(target, frag string, embed bool) markup.WikiTarget {
	if target == "Secret" {
		return markup.WikiTarget{Unlinked: "Secret.md is not published"}
	}
	src, ok := v[strings.ToLower(target)]
	if !ok {
		return markup.WikiTarget{Problem: fmt.Sprintf("no note or file named %q", target)}
	}
	tg := markup.WikiTarget{URL: "/bestiary/" + strings.ReplaceAll(strings.ToLower(target), " ", "-") + "/"}
	if embed {
		tg.Src = []byte(src)
	}
	return tg
}

var notes = vault{
	"goblin": "# Goblin\n\n```statblock\nname: Goblin\nac: 15\nhp: 7\nhit_dice: 2d6\nstats: [8, 14, 10, 10, 8, 8]\ncr: 1/4\n```\n",
	"hobgoblin": "# Hobgoblin\n\n````yaml\n```statblock\nname: Not This\nhp: 1\n```\n````\n\n```statblock\nname: Hobgoblin Captain\nhp: 39\n```\n\n" +
		"~~~statblock\nname: Hobgoblin\nac: 18\nhp: 11\nmodifier: 1\n~~~\n",
	"horned devil":     "```statblock\nlayout: Basic 13th Age Monster Layout\nname: Horned Devil\nac: 28\nhp: 700\ninitiative: 15\n```\n",
	"aasimar redeemer": "```statblock\nlayout: Basic Pathfinder 2e Layout\nname: \"Aasimar Redeemer\"\nmodifier: 11\nac: 23\nhp: 73\n```\n",
	"rat, giant":       "```statblock\nname: Rat, Giant\nhp: 7\nac: 12\n```\n",
	"orc":              "No stat block here.\n",
}

func convert(t *testing.T, info, body string) (string, []string) {
	t.Helper()
	md := markup.New(markup.Options{Obsidian: true, Handlers: map[string]markup.BlockHandler{Info: New(nil), TableInfo: NewTable(statblock.NewBestiary())}})
	var problems []string
	page := &markup.Page{File: "content/e.md", Links: notes, Assets: map[string]string{StyleAsset: "/css/encounter.x.css"},
		Report: func(p markup.Problem) {
			w := ""
			if p.Warning {
				w = "warning: "
			}
			problems = append(problems, fmt.Sprintf("%s%d:%d: %s", w, p.Line, p.Col, p.Msg))
		}}
	out, res, err := md.Convert([]byte("```"+info+"\n"+body+"```\n"), page)
	if err != nil {
		t.Fatal(err)
	}
	out = rolltext.Normalize(out)
	if !slices.Contains(res.Styles, "/css/encounter.x.css") {
		t.Errorf("the stylesheet was not asked for: %v", res.Styles)
	}
	if strings.Contains(out, "<code") {
		t.Errorf("shown as code:\n%s", out)
	}
	return out, problems
}

var (
	tagRE   = regexp.MustCompile(`<[^>]*>`)
	spaceRE = regexp.MustCompile(`\s+`)
)

// rows reads an ```encounter card's creatures as "name|count|hp|ac|init"
// (the columns shown), and its name and players lines.
func rows(out string) []string {
	var got []string
	for _, part := range regexp.MustCompile(`(?s)<section class="encounter"(.*?)</section>`).FindAllStringSubmatch(out, -1) {
		sec := part[1]
		if m := regexp.MustCompile(`<p class="encounter-name">(.*?)</p>`).FindStringSubmatch(sec); m != nil {
			got = append(got, "name: "+m[1])
		}
		if m := regexp.MustCompile(`(?s)<p class="encounter-players">(.*?)</p>`).FindStringSubmatch(sec); m != nil {
			got = append(got, "players: "+text(m[1]))
		}
		for _, tr := range regexp.MustCompile(`(?s)<tbody>(.*?)</tbody>`).FindAllStringSubmatch(sec, -1) {
			for _, row := range regexp.MustCompile(`(?s)<tr>(.*?)</tr>`).FindAllStringSubmatch(tr[1], -1) {
				var cells []string
				for _, c := range regexp.MustCompile(`(?s)<t[hd][^>]*>(.*?)</t[hd]>`).FindAllStringSubmatch(row[1], -1) {
					cells = append(cells, strings.TrimSpace(tagRE.ReplaceAllString(c[1], "")))
				}
				got = append(got, strings.Join(cells, "|"))
			}
		}
		if strings.Contains(sec, `class="encounter-none"`) {
			got = append(got, "no creatures")
		}
	}
	return got
}

func text(h string) string {
	return strings.TrimSpace(spaceRE.ReplaceAllString(strings.ReplaceAll(tagRE.ReplaceAllString(h, " "), "&#39;", "'"), " "))
}

// TestEncounterSyntax: each documented form of ```encounter, read as the
// plugin documents it, with the stats of the creatures' stat blocks.
func TestEncounterSyntax(t *testing.T) {
	for _, tc := range []struct {
		doc, body string
		want      []string // rows(): "name: ", "players: ", then "creature|count|hp|ac|init"
		problems  []string
	}{
		{docCreatures + `: "- My Monster # 1 monster named My Monster will be added, with no HP, AC or modifier." "- Goblin, 7, 15, 2 # 1 goblin with HP: 7, AC: 15, MOD: 2"`,
			"creatures:\n  - Orc\n  - Goblin, 7, 15, 2\n  - Goblin, 5, 15, 2, 25\n",
			[]string{"Orc|1||||", "Goblin|1|7|15|+2|50", "Goblin|1|5|15|+2|25"}, nil},
		{docCreatures + `: "- 3: Goblin, 7, 15, 2 # 3 goblins with HP: 7, AC: 15, MOD: 2 will be added."`,
			"creatures:\n  - 3: Goblin, 7, 15, 2\n  - 2: Hobgoblin, 12\n",
			[]string{"Goblin|3|7|15|+2|50", "Hobgoblin|2|12|18|+1|"}, nil},
		{docCreatures + `: "Creatures from the bestiary ... - 2: Goblin # 2 goblins with HP: 7, AC: 15, MOD: 2" (the modifier from Dexterity 14: ` + srcCreature + ` Creature.from, Math.floor((stats[1] - 10) / 2)); "the plugin will auto-calculate its XP based on its challenge rating"`,
			"creatures:\n  - 2: Goblin\n", []string{"Goblin|2|7|15|+2|50"}, nil},
		{docCreatures + `: "You can assign display names": [[Hobgoblin, Bob]], [[Hobgoblin, Jim], 12, 13, 2, 25], 2: [Hobgoblin, Jeff], 5: {creature: Hobgoblin, name: Ted, hp: 12, ac: 13}`,
			"creatures:\n  - [[Hobgoblin, Bob]]\n  - [[Hobgoblin, Jim], 12, 13, 2, 25]\n  - 2: [Hobgoblin, Jeff]\n  - 5:\n      creature: Hobgoblin\n      name: Ted\n      hp: 12\n      ac: 13\n",
			[]string{"Bob (Hobgoblin)|1|11|18|+1|", "Jim (Hobgoblin)|1|12|13|+2|25", "Jeff (Hobgoblin)|2|11|18|+1|", "Ted (Hobgoblin)|5|12|13|+1|"}, nil},
		{docCreatures + `: "Referencing creatures with a , in their name": 2: [["Rat, Giant"]], [["Rat, Giant", Snuggletooth], 12, 13]`,
			"creatures:\n  - 2: [[\"Rat, Giant\"]]\n  - [[\"Rat, Giant\", Snuggletooth], 12, 13]\n",
			[]string{"Rat, Giant|2|7|12", "Snuggletooth (Rat, Giant)|1|12|13"}, nil},
		{docCreatures + `: "- 1d5: # Adds a random number (between 1 and 5) of Hobgoblins"`,
			"creatures:\n  - 1d5: Hobgoblin\n", []string{"Hobgoblin|{roll 1d5|1d5}|11|18|+1"}, nil},
		{docCreatures + `: "add the , ally flag", ", friendly", ", hidden"`,
			"creatures:\n  - 2: Orc, ally\n  - Orc, friendly\n  - Orc, hidden\n",
			[]string{"Orc ally|3", "Orc hidden|1"}, nil},
		{srcParser + `: equivalent creatures are grouped ("creatureMap.set(existing[0], amount)")`,
			"creatures:\n  - Goblin\n  - 2: Goblin\n  - Goblin, 9\n", []string{"Goblin|3|7|15|+2|50", "Goblin|1|9|15|+2|50"}, nil},
		{docParams + `: name, players: "An array of player names: Only players with matching names will be added"`,
			"name: Goblin Ambush\nplayers:\n  - Aria\n  - Bram\ncreatures:\n  - Goblin\n",
			[]string{"name: Goblin Ambush", "players: Players Aria, Bram", "Goblin|1|7|15|+2|50"}, nil},
		{docParams + `: "false or none: No players will be added to the encounter."`,
			"name: Quiet\nplayers: none\ncreatures:\n  - Goblin\n", []string{"name: Quiet", "players: No players", "Goblin|1|7|15|+2|50"}, nil},
		{docParams + `: "The party parameter specifies what party to use for this encounter."`,
			"party: Heroes\ncreatures:\n  - Goblin\n", []string{"players: Party Heroes", "Goblin|1|7|15|+2|50"}, nil},
		{docParams + `: "rollHP ... If a creature in the encounter has the hit_dice property set, it will roll for HP"`,
			"rollHP: true\ncreatures:\n  - Goblin\n", []string{"Goblin|1|7 ({roll 2d6|2d6})|15|+2|50"}, nil},
		{srcParser + `: hide: "players" | "creatures"`,
			"name: Hidden\nhide: creatures\ncreatures:\n  - Goblin\n", []string{"name: Hidden"}, nil},
		{"the stat block of the creature's name in its note, not another of the note (nor one inside a ````yaml example)",
			"creatures:\n  - Hobgoblin\n", []string{"Hobgoblin|1|11|18|+1"}, nil},
		{srcParser + `: "name = monster.split(/,\\s?/)[0]; [hp, ac, mod, xp] = ... (isNaN(Number(v)) ? null : Number(v))" — the PF2e vault's "1: Spider, Giant"`,
			"creatures:\n  - 1: Rat, Giant\n", []string{"Rat|1"},
			[]string{`warning: 3:5: encounter block: creature "Rat": "Giant" is not a number (its hit points), and is left out; a name with a comma is written [["Rat, Giant"]]`,
				`warning: 3:5: encounter block: creature "Rat": no note or file named "Rat" (Initiative Tracker finds creatures in its bestiary, sitegen in the site's notes and the creatures they define); shown without a link or stats`}},
		{"13th Age: the initiative bonus its layout shows", "creatures:\n  - Horned Devil\n", []string{"Horned Devil|1|700|28|+15"}, nil},
		{"a PF2e vault's encounter-table line: 1: Aasimar Redeemer", "creatures:\n  - 1: Aasimar Redeemer\n", []string{"Aasimar Redeemer|1|73|23|+11"}, nil},
		{"a creature the site has no note of: a warning, its name without a link",
			"creatures:\n  - 2: Beholder\n  - Secret\n", []string{"Beholder|2", "Secret|1"},
			[]string{`warning: 3:5: encounter block: creature "Beholder": no note or file named "Beholder" (Initiative Tracker finds creatures in its bestiary, sitegen in the site's notes and the creatures they define); shown without a link or stats`,
				`warning: 4:5: encounter block: creature "Secret": Secret.md is not published; shown without a link`}},
		{docMultiple + `: "A multiple encounter table is as simple as adding a horizontal line."`,
			"name: Goblin Charge\ncreatures:\n - Hobgoblin\n - 3: Goblin\n\n---\n\nname: Goblin Camp\ncreatures:\n - 3: Hobgoblin\n",
			[]string{"name: Goblin Charge", "Hobgoblin|1|11|18|+1|", "Goblin|3|7|15|+2|50", "name: Goblin Camp", "Hobgoblin|3|11|18|+1|"}, nil},
		{"what cannot be read is a warning at its line, the rest renders",
			"name: Odd\nmonsters: 3\ncreatures:\n  - 3: Goblin\n  - many: Orc\n  - {}\n\n---\nname: [broken\n",
			[]string{"name: Odd", "Goblin|3|7|15|+2|50"},
			[]string{"warning: 3:1: encounter block: monsters: not a parameter of Initiative Tracker's encounters (name, creatures, players, party, hide, xp, rollHP); left out",
				`warning: 6:5: encounter block: "many" is not a number of creatures (3: Goblin) nor dice (1d5: Goblin)`,
				"warning: 7:5: encounter block: a creature without a name: write - Goblin, - 3: Goblin or - [Goblin, Display name]",
				"warning: 10:1: encounter block: invalid YAML: did not find expected ',' or ']'; this encounter is left out"}},
		{"a block of nothing readable is a notice and a warning, never code", "[broken\n", nil,
			[]string{"warning: 2:1: encounter block: invalid YAML: did not find expected ',' or ']'; this encounter is left out",
				"warning: 1:1: encounter block: no encounter could be read: write name: and creatures: (- 3: Goblin)"}},
	} {
		out, problems := convert(t, Info, tc.body)
		if got := rows(out); !slices.Equal(got, tc.want) {
			t.Errorf("%s\n%q: got %q, want %q\n%s", tc.doc, tc.body, got, tc.want, out)
		}
		if !slices.Equal(problems, tc.problems) {
			t.Errorf("%s\n%q: problems %q, want %q", tc.doc, tc.body, problems, tc.problems)
		}
	}
}

// TestEncounterLinks: each creature is linked to its note, a rolled
// count is a roll.
func TestEncounterLinks(t *testing.T) {
	out, _ := convert(t, Info, "creatures:\n  - 1d4: Goblin\n  - Beholder\n")
	for _, w := range []string{
		`<th scope="row"><a href="/bestiary/goblin/">Goblin</a></th><td>{roll 1d4|1d4}</td>`,
		`<span class="encounter-unlinked">Beholder</span>`,
	} {
		if !strings.Contains(spaceRE.ReplaceAllString(out, " "), w) && !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

// TestEncounterTable: ```encounter-table is a table, one row an
// encounter: its name, its creatures with their stats, its players.
func TestEncounterTable(t *testing.T) {
	body := "name: Goblin Ambush\ncreatures:\n- Goblin\n- 2: Hobgoblin\n\n---\n\nname: Undead Foes\nplayers: [Aria]\ncreatures:\n- 2: Orc\n"
	out, problems := convert(t, TableInfo, body)
	if len(problems) > 0 {
		t.Errorf("problems: %q", problems)
	}
	got := strings.ReplaceAll(text(strings.NewReplacer("<tr>", "\n", "</li>", ";").Replace(out)), " ;", ";")
	want := "Encounter Creatures Players Goblin Ambush 1 × Goblin HP 7 · AC 15 · Initiative +2 · XP 50; 2 × Hobgoblin HP 11 · AC 18 · Initiative +1; - Undead Foes 2 × Orc; Players Aria"
	if got != want {
		t.Errorf("%s: \"Each encounter defined using the multiple encounters syntax will be added to the table as a row\"\ngot  %q\nwant %q\n%s", docTables, got, want, out)
	}
	for _, w := range []string{`<table class="encounter-table">`, `<a href="/bestiary/hobgoblin/">Hobgoblin</a>`} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q", w)
		}
	}
}

// TestStatblockFences: the stat blocks of a note, found as the Markdown
// reads fences.
func TestStatblockFences(t *testing.T) {
	src := "a\n```statblock\nname: A\n```\n````md\n```statblock\nname: In an example\n```\n````\n   ~~~~ statblock\nname: B\n~~~\nstill B\n~~~~\n    ```statblock\nindented code\n```statblock\nname: C\n"
	got := statblocks([]byte(src))
	want := []string{"name: A\n", "name: B\n~~~\nstill B\n", "name: C\n"}
	if !slices.Equal(got, want) {
		t.Errorf("statblocks = %q, want %q", got, want)
	}
}
