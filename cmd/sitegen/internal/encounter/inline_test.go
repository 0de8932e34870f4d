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

// srcInline is the plugin's post-processor of inline encounters.
const srcInline = "https://github.com/javalent/initiative-tracker/blob/main/src/main.ts"

// convertPage renders src, a whole page, with inline encounters drawn
// where inline is set (Dialects.InlineCode, as an Obsidian vault that runs
// the plugin sets it).
func convertPage(t *testing.T, src string, inline bool) (string, []string) {
	t.Helper()
	opts := markup.Options{Obsidian: true, Handlers: map[string]markup.BlockHandler{Info: New(statblock.NewBestiary())}}
	if inline {
		opts.Dialects.InlineCode = []string{Info}
	}
	var problems []string
	page := &markup.Page{File: "content/e.md", Links: notes, Assets: map[string]string{StyleAsset: "/css/encounter.x.css"},
		Report: func(p markup.Problem) {
			w := ""
			if p.Warning {
				w = "warning: "
			}
			problems = append(problems, fmt.Sprintf("%s%d:%d: %s", w, p.Line, p.Col, p.Msg))
		}}
	out, res, err := markup.New(opts).Convert([]byte(src), page)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "encounter-line") && !slices.Contains(res.Styles, "/css/encounter.x.css") {
		t.Errorf("the stylesheet was not asked for: %v", res.Styles)
	}
	return rolltext.Normalize(out), problems
}

// line is the text of the page's first encounter line, tags dropped and
// spaces folded; false when it has none.
func line(out string) (string, bool) {
	_, rest, ok := strings.Cut(out, `<span class="encounter-line">`)
	if !ok {
		return "", false
	}
	depth, end := 1, 0
	for _, m := range spanRE.FindAllStringIndex(rest, -1) {
		if rest[m[0]+1] == '/' {
			depth--
		} else {
			depth++
		}
		if depth == 0 {
			end = m[0]
			break
		}
	}
	return strings.TrimSpace(spaceRE.ReplaceAllString(tagRE.ReplaceAllString(rest[:end], ""), " ")), true
}

var spanRE = regexp.MustCompile(`</?span\b`)

// TestInlineEncounter: inline code that starts with "encounter:" and a
// space is an encounter line, as the plugin's post-processor reads it
// (` + srcInline + `: "/^encounter:\s/.test(code.innerText)" ...
// "parseYaml("[" + definitions.trim() + "]")" ... "new EncounterLine"):
// its creatures read as the creatures: of a block, each count in bold and
// the name plural unless the count is 1 (EncounterLine.svelte:
// "{creature.name}{count == 1 ? "" : "s"}"), joined by the plugin's
// joiner (", " and " and ", with a comma before "and" past two), the
// creature linked to its note, its stats in the tooltip ("HP: ..., AC:
// ..."). A rolled count is a roll. Felixmil/MDnD writes them in a table
// of random encounters.
func TestInlineEncounter(t *testing.T) {
	for _, tc := range []struct {
		src      string
		want     string // the line's text, rolls normalised
		titles   []string
		problems []string
	}{
		{"| Where | Encounter |\n|---|---|\n| 1–3 | `encounter: 2d4: Goblin` |\n",
			"{roll 2d4|2d4} Goblins", []string{"HP 7 · AC 15 · Initiative +2 · XP 50"}, nil},
		{"Met `encounter: 1: Hobgoblin` here.\n", "1 Hobgoblin", []string{"HP 11 · AC 18 · Initiative +1"}, nil},
		{"`encounter: 3: Goblin, 1: Hobgoblin`\n", "3 Goblins and 1 Hobgoblin", nil, nil},
		{"`encounter: 3: Goblin, 1: Hobgoblin, 2: Orc`\n", "3 Goblins, 1 Hobgoblin, and 2 Orcs", nil, nil},
		{"`encounter: Goblin`\n", "1 Goblin", nil, nil}, // no count: one
		{"`encounter: 2: [Hobgoblin, Jeff]`\n", "2 Jeffs (Hobgoblin)", nil, nil},
		{"`encounter: 2: Goblin, 3: Goblin`\n", "5 Goblins", nil, nil}, // the same creature, counted once
		{"`encounter: 2: Dragon`\n", "2 Dragons", nil,
			// at the creature, as a block's creature line
			[]string{`warning: 1:13: encounter inline code: creature "Dragon": no note or file named "Dragon" (Initiative Tracker finds creatures in its bestiary, sitegen in the site's notes and the creatures they define); shown without a link or stats`}},
		{"x `encounter: [unclosed` y\n", "No creatures found.", nil, []string{"warning: 1:15:"}},
	} {
		out, problems := convertPage(t, tc.src, true)
		got, ok := line(out)
		if !ok {
			t.Errorf("%q: no encounter line:\n%s", tc.src, out)
			continue
		}
		if got != tc.want {
			t.Errorf("%q: line %q, want %q\n%s", tc.src, got, tc.want, out)
		}
		for _, ti := range tc.titles {
			if !strings.Contains(out, `title="`+ti+`"`) {
				t.Errorf("%q: no tooltip %q:\n%s", tc.src, ti, out)
			}
		}
		if strings.Contains(out, "<code") {
			t.Errorf("%q: shown as code:\n%s", tc.src, out)
		}
		if len(problems) != len(tc.problems) {
			t.Errorf("%q: problems %q, want %q", tc.src, problems, tc.problems)
			continue
		}
		for i, p := range tc.problems {
			if !strings.HasPrefix(problems[i], p) {
				t.Errorf("%q: problem %q, want %q…", tc.src, problems[i], p)
			}
		}
	}
}

// TestInlineEncounterNotDrawn: inline code is an encounter only where the
// page's dialect says the plugin draws it, and only as the plugin tests
// it ("encounter:" then a space): elsewhere it stays code.
func TestInlineEncounterNotDrawn(t *testing.T) {
	for _, tc := range []struct {
		src    string
		inline bool
	}{
		{"`encounter: 2: Goblin`\n", false},
		{"`encounter:2: Goblin`\n", true},
		{"`encounters: 2: Goblin`\n", true},
		{"`the encounter: 2: Goblin`\n", true},
	} {
		out, problems := convertPage(t, tc.src, tc.inline)
		if !strings.Contains(out, "<code>") || strings.Contains(out, "encounter-line") {
			t.Errorf("%q (inline %v): drawn:\n%s", tc.src, tc.inline, out)
		}
		if len(problems) > 0 {
			t.Errorf("%q: problems %q", tc.src, problems)
		}
	}
}
