package markup

import (
	"fmt"
	"strings"
	"testing"
)

// TestNestedLinkRollers: a link roller's options may be link rollers in
// turn — "The options can also be a roller (of any type). This allows you
// to nest rollers: for example, you could supply a reference to different
// treasure tables, and when the treasure table is returned, the roller will
// get a random result from that table." (the Dice Roller's README, Lookup
// Tables: https://github.com/javalent/dice-roller#lookup-tables). The
// plugin resolves a nested roller when its row comes up; sitegen resolves
// every roller when it builds the page, so a table whose row rolls on the
// same table (The Adventure Crafter's "1-33: roll twice on this table", in
// rpg-tips/obsidian_goodies, eval5A JA1) never ended, and tables fanning
// out into tables had no bound. Now a roller on a table it is already being
// rolled from shows as written, with one warning at the page's roller that
// led there, and nested rollers share the bounds of embeds: MaxEmbedDepth
// levels, MaxEmbeds tables read, MaxEmbedRead bytes read.
func TestNestedLinkRollers(t *testing.T) {
	notes := map[string]string{
		// The block id on the line right after the table, as the vault
		// writes it; row 1 rolls twice on the table itself.
		"T": "| dice: 1d4 | Identity |\n|---|---|\n| 1 | `dice: [[T#^id]]` `dice: [[T#^id]]` |\n| 2-4 | Ally |\n^id\n",
		// A table whose header rolls on it.
		"H": "| Strong (`dice: [[H#^h]]`) |\n|---|\n| one |\n| two |\n^h\n",
		"X": "| `dice: 1d[[X#^x]]\\|xy` | 1 | 2 |\n|---|---|---|\n| 1 | a | b |\n| 2 | c | d |\n^x\n",
		// Two tables rolling on each other.
		"A": "| dice: 1d2 | A |\n|---|---|\n| 1 | Apple |\n| 2 | `dice: [[B#^b]]` |\n\n^a\n",
		"B": "| dice: 1d2 | B |\n|---|---|\n| 1 | Bean |\n| 2 | `dice: [[A#^a]]` |\n\n^b\n",
	}
	// A chain of tables, each rolling on the next.
	for i := range 2 * MaxEmbedDepth {
		notes[fmt.Sprintf("C%d", i)] = fmt.Sprintf("| dice: 1d2 | C |\n|---|---|\n| 1 | c%d |\n| 2 | `dice: [[C%d#^t]]` |\n\n^t\n", i, i+1)
	}
	// Tables of ten rows, each row rolling on the next table: ten times
	// more tables at each level, and no cycle.
	for i := range 8 {
		var b strings.Builder
		b.WriteString("| dice: 1d10 | W |\n|---|---|\n")
		for r := range 10 {
			fmt.Fprintf(&b, "| %d | `dice: [[W%d#^t]]` |\n", r+1, i+1)
		}
		notes[fmt.Sprintf("W%d", i)] = b.String() + "\n^t\n"
	}
	notes["W8"] = "| dice: 1d2 | W |\n|---|---|\n| 1 | w |\n| 2 | v |\n\n^t\n"
	tests := []struct {
		name, file, src string
		problems        []string // the start of each problem
		shows           string   // in the page's HTML
	}{
		// Each of the page's three rollers leads to the table rolling on
		// itself: the two in its row, the one below it.
		{"a table rolling on itself", "T.md", notes["T"] + "\n`dice: [[T#^id]]`\n", []string{
			`warning: 3:14: inline roll "dice: [[T#^id]]" inside T.md#^id: it rolls on a table it is rolled from (T.md#^id → T.md#^id); it shows as written`,
			`warning: 3:32: inline roll "dice: [[T#^id]]" inside T.md#^id: it rolls on a table it is rolled from (T.md#^id → T.md#^id)`,
			`warning: 7:8: inline roll "dice: [[T#^id]]" inside T.md#^id: it rolls on a table it is rolled from (T.md#^id → T.md#^id)`,
		}, "Ally"},
		// A roller in the header of the table it rolls on (Slugblasters'
		// roll tables: "| Strong VS (`dice: d[[Monster#^strongvs]]`) |"):
		// the plugin rolls on the rows below the header ("the roller
		// will get a random result from that table"), so the header's
		// roller is no option and no cycle: no warning, and the page's
		// roller has the rows.
		{"a roller in its table's header", "H.md", notes["H"], nil, "two"},
		{"a lookup roller in its table's header", "X.md", notes["X"], nil, "c"},
		{"two tables rolling on each other", "page.md", "`dice: [[A#^a]]`\n", []string{
			`warning: 1:8: inline roll "dice: [[A#^a]]" inside B.md#^b: it rolls on a table it is rolled from (A.md#^a → B.md#^b → A.md#^a)`,
		}, "Bean"},
		{"a chain of tables", "page.md", "`dice: [[C0#^t]]`\n", []string{
			`warning: 1:8: inline roll "dice: [[C10#^t]]" inside C9.md#^t: link rollers nested more than 10 deep: C0.md#^t → C1.md#^t`,
		}, "c9"},
		{"tables fanning out", "page.md", "`dice: [[W0#^t]]`\n", []string{
			`warning: 1:8: inline roll "dice: [[W8#^t]]" inside W7.md#^t: the link rollers of this page, with those in the tables they roll on, read more than 1000 tables`,
		}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := newBombVault(notes)
			out, _, problems := convert(t, Options{Obsidian: true}, tc.src, Page{File: tc.file, Links: v})
			ok := len(problems) == len(tc.problems)
			for i := 0; ok && i < len(problems); i++ {
				ok = strings.HasPrefix(problems[i], tc.problems[i])
			}
			if !ok {
				t.Errorf("problems %.900q, want %d starting %q", problems, len(tc.problems), tc.problems)
			}
			if *v.reads > MaxEmbeds+1 {
				t.Errorf("%d tables read, want at most %d", *v.reads, MaxEmbeds+1)
			}
			if !strings.Contains(out, "roll-opt") || !strings.Contains(out, tc.shows) {
				t.Errorf("the page's roller is not resolved (want %q in it):\n%.800s", tc.shows, out)
			}
		})
	}
}

// TestLinkRollerTableID: "For structured blocks (lists, quotations,
// callouts, tables), the block identifier should be on a separate line,
// with a blank line before and after" (Obsidian Help, Internal links:
// https://help.obsidian.md/links#Link+to+a+block+in+a+note). A roller on
// a table written so has the table's rows as options (the Dice Roller
// rolls on one headed by a roll with its die); when the header's last
// cell was empty ("| dice: 1d100 | |", as rpg-tips/obsidian_goodies'
// Character Identity table has it, eval5A JA7) it had one option, the
// header row cut short, as a paragraph.
func TestLinkRollerTableID(t *testing.T) {
	notes := map[string]string{
		"Rolled": "| dice: 1d4 | Who |\n|---|---|\n| 1 | Ally |\n| 2-4 | Rival |\n\n^id\n\nAfter.\n",
		"Plain":  "| Who |\n|---|\n| Ally |\n| Rival |\n\n^id\n\nAfter.\n",
		// An empty header cell, as the vault's tables have.
		"Empty": "| dice: 1d4 | |\n| --- | --- |\n| 1 | Ally |\n| 2-4 | Rival |\n\n^id\n\nAfter.\n",
	}
	for _, name := range []string{"Rolled", "Plain", "Empty"} {
		t.Run(name, func(t *testing.T) {
			out, _, problems := convert(t, Options{Obsidian: true}, "`dice: [["+name+"#^id]]`\n", Page{File: "page.md", Links: newBombVault(notes)})
			if len(problems) > 0 {
				t.Errorf("problems %q", problems)
			}
			if got := strings.Count(out, `class="roll-opt"`); got != 2 || !strings.Contains(out, "Ally") || !strings.Contains(out, "Rival") || strings.Contains(out, "After") {
				t.Errorf("%d options, want the 2 rows Ally and Rival:\n%.900s", got, out)
			}
		})
	}
}

// TestLinkRollerLabel: a link roller shows what it rolls on by the link's
// text, never its source: the Dice Roller replaces the roller with a
// result in reading view ("Lookup tables: ... dice: [[Note^block-id]]",
// https://github.com/javalent/dice-roller#lookup-tables), so no reader
// of the vault sees "[[Note#^id]]"; sitegen showed it in monospace
// before its "(N options)" (eval5A JA8, rpg-tips/obsidian_goodies'
// "[[The Adventure Crafter Tables#^TACPPAction]]"). The label is the
// note's name and the block or heading, as Obsidian shows a link to it
// ("Note › id"); |text(...) still sets its own.
func TestLinkRollerLabel(t *testing.T) {
	notes := map[string]string{
		"Crafter Tables": "# Crafter Tables\n\n## Actions\n\n| dice: 1d4 | Who |\n|---|---|\n| 1 | Ally |\n| 2-4 | Rival |\n\n^TACPPAction\n",
	}
	for _, tc := range []struct{ src, label string }{
		{"`dice: [[Crafter Tables#^TACPPAction]]`", "Crafter Tables › TACPPAction"},
		{"`dice: [[Crafter Tables#Actions]]`", "Crafter Tables › Actions"},
		{"`dice: [[Crafter Tables]]`", "Crafter Tables"},
		{"`dice: 2[[Crafter Tables#^TACPPAction]]`", "2 × Crafter Tables › TACPPAction"},
		{"`dice: [[Crafter Tables#^TACPPAction]]|text(Who is it?)`", "Who is it?"},
	} {
		out, _, problems := convert(t, Options{Obsidian: true}, tc.src+"\n", Page{File: "page.md", Links: newBombVault(notes)})
		if len(problems) > 0 {
			t.Errorf("%s: problems %q", tc.src, problems)
		}
		if want := `<span class="roll-f roll-label">` + tc.label + `</span>`; !strings.Contains(out, want) {
			t.Errorf("%s: want %s in:\n%.900s", tc.src, want, out)
		}
		if strings.Contains(out, "[[") {
			t.Errorf("%s: the roller's source is shown:\n%.900s", tc.src, out)
		}
	}
}
