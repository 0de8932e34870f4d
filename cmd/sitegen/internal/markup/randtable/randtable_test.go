package randtable

import (
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
)

// outcomes enumerates every roll of dice d1..dn (each face 1..d), and
// value reads a roll as its result: an exact enumeration that shares no
// code with the engine.
func outcomes(sides []int, value func([]int) int) map[int]*big.Rat {
	out := map[int]*big.Rat{}
	total := int64(1)
	for _, s := range sides {
		total *= int64(s)
	}
	roll := make([]int, len(sides))
	var rec func(i int)
	rec = func(i int) {
		if i == len(sides) {
			v := value(roll)
			if out[v] == nil {
				out[v] = new(big.Rat)
			}
			out[v].Add(out[v], big.NewRat(1, total))
			return
		}
		for f := 1; f <= sides[i]; f++ {
			roll[i] = f
			rec(i + 1)
		}
	}
	rec(0)
	return out
}

func sum(r []int) int {
	s := 0
	for _, v := range r {
		s += v
	}
	return s
}

// TestChances checks each row's chance against the exact enumeration of
// the table's dice, for the headers and cells random tables are written
// with.
func TestChances(t *testing.T) {
	tests := []struct {
		header string
		cells  []string
		dice   []int
		value  func([]int) int
		rows   [][2]int // the results each row stands for (lowest, highest)
	}{
		{"d6", []string{"1-2", "3–5", "6"}, []int{6}, sum, [][2]int{{1, 2}, {3, 5}, {6, 6}}},
		{"**2d6**", []string{"2", "3-5", "6—8", "9 to 11", "12"}, []int{6, 6}, sum, [][2]int{{2, 2}, {3, 5}, {6, 8}, {9, 11}, {12, 12}}},
		{"1d8", []string{"1", "2-7", "8+"}, []int{8}, sum, [][2]int{{1, 1}, {2, 7}, {8, 8}}},
		{"d66", []string{"11-16", "21-36", "41-66"}, []int{6, 6}, func(r []int) int { return r[0]*10 + r[1] }, [][2]int{{11, 16}, {21, 36}, {41, 66}}},
		{"d100", []string{"01–05", "06-99", "00"}, []int{100}, sum, [][2]int{{1, 5}, {6, 99}, {100, 100}}},
		{"d%", []string{"1-50", "51-00"}, []int{100}, sum, [][2]int{{1, 50}, {51, 100}}},
		{"dice: 1d20", []string{"1-2", "3-4", "5-10", "11", "12", "13", "14-20"}, []int{20}, sum, [][2]int{{1, 2}, {3, 4}, {5, 10}, {11, 11}, {12, 12}, {13, 13}, {14, 20}}},
		{"3d6", []string{"3-8", "9-12", "13+"}, []int{6, 6, 6}, sum, [][2]int{{3, 8}, {9, 12}, {13, 18}}},
		// Ranges with U+2012 FIGURE DASH, which Unicode gives for dashes
		// "used within numbers" (https://www.unicode.org/charts/PDF/U2000.pdf),
		// as the SRD 5.1's Iron Flask table converted from its PDF writes them
		// ("| 1‒50 | Empty |"), and with U+2212 MINUS SIGN, another PDF
		// conversion's dash.
		{"1d100", []string{"1‒50", "51‒54", "55−99", "00"}, []int{100}, sum, [][2]int{{1, 50}, {51, 54}, {55, 99}, {100, 100}}},
		// Open ends written as bounds, as jmettraux/aachen's reaction table
		// writes them ("|   ≤ 2  | Hostile |", "|  ≥ 12  | Friendly |"):
		// every result up to, or from, the number.
		{"2d6", []string{"≤ 2", "3 -  5", "6 -  8", "9 - 11", "≥ 12"}, []int{6, 6}, sum, [][2]int{{2, 2}, {3, 5}, {6, 8}, {9, 11}, {12, 12}}},
		{"1d20", []string{"<= 5", "6-14", ">=15"}, []int{20}, sum, [][2]int{{1, 5}, {6, 14}, {15, 20}}},
		{"d8", []string{"≤4", "5", "≥ 6"}, []int{8}, sum, [][2]int{{1, 4}, {5, 5}, {6, 8}}},
		// The Dice Roller's lexer reads a die as /(?:\d+|\b)[Dd]…/
		// (src/lexer/lexer.ts): upper case too.
		{"2D6", []string{"2-6", "7", "8-12"}, []int{6, 6}, sum, [][2]int{{2, 6}, {7, 7}, {8, 12}}},
		{"D66", []string{"11-36", "41-66"}, []int{6, 6}, func(r []int) int { return r[0]*10 + r[1] }, [][2]int{{11, 36}, {41, 66}}},
	}
	for _, tt := range tests {
		t.Run(tt.header, func(t *testing.T) {
			rt := Read(tt.header, tt.cells)
			if rt == nil {
				t.Fatal("not read as a random table")
			}
			exact := outcomes(tt.dice, tt.value)
			for i, row := range rt.Rows {
				if row.Problem != "" {
					t.Errorf("row %d: %s", i+1, row.Problem)
				}
				want := new(big.Rat)
				for v, p := range exact {
					if v >= tt.rows[i][0] && v <= tt.rows[i][1] {
						want.Add(want, p)
					}
				}
				w, _ := want.Float64()
				if math.Abs(row.Chance-w) > 1e-12 {
					t.Errorf("row %d (%s): chance %.15g, want %.15g", i+1, tt.cells[i], row.Chance, w)
				}
			}
			if g := rt.Gaps(); len(g) > 0 {
				t.Errorf("gaps %v", g)
			}
		})
	}
}

// TestNotRandom: headers that are not a roll leave the table alone.
func TestNotRandom(t *testing.T) {
	// "2W6" (German: W for Würfel) is no die to the Dice Roller, whose
	// lexer reads only [Dd] (src/lexer/lexer.ts): a plain table there.
	for _, h := range []string{"Die", "Name", "d", "Roll", "1", "d6 or d8 (see below)", "", "2W6", "W20"} {
		if rt := Read(h, []string{"1", "2"}); rt != nil {
			t.Errorf("%q read as a random table", h)
		}
	}
}

// TestCoverage: rows that leave a result out, or share one, are warnings
// at the row's line, in the words of the table.
func TestCoverage(t *testing.T) {
	src := "# T\n\n| d6 | Weather |\n|---|---|\n| 1-2 | Rain |\n| 2 | Fog |\n| 5+ | Sun |\n| x | ? |\n"
	var got []string
	md := goldmark.New(goldmark.WithExtensions(extension.Table, Extension{Warn: func(pc parser.Context, off int, msg string) {
		line := 1 + strings.Count(src[:off], "\n")
		got = append(got, itoa(line)+": "+msg)
	}}))
	var b strings.Builder
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	want := []string{
		`6: random table "d6": result 2 is also row 1's`,
		`8: random table "d6": "x" is not a result or a range of results (3, 3-5, 11+)`,
		`7: random table "d6": no row for 3–4 (a 33.33% chance)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	html := b.String()
	for _, s := range []string{`<div class="rtable" data-plan="{&quot;d&quot;:[1,1,6]}">`, `<button type="button" class="rt-roll" hidden>Roll d6</button>`,
		`<tr data-r="1-2">`, `<th style="text-align:right">Chance</th>`, `<td class="rt-chance" style="text-align:right">33.33%</td>`} {
		if !strings.Contains(html, s) {
			t.Errorf("no %s in\n%s", s, html)
		}
	}
}

func itoa(v int) string { return big.NewInt(int64(v)).String() }

// TestNoRows: a roll header over no rows (Draw Steel's Careers/Sailor.md
// writes "| d6 | Inciting Incident |" and its delimiter row, nothing
// more) has nothing to roll on: the table is left as written and the
// header's line is a warning, never a panic. The issue's rule: "a table
// whose rows do not cover the roll exactly (gaps, overlaps) is a warning
// at the row's line"; with no row, at the header's.
func TestNoRows(t *testing.T) {
	src := "# T\n\nIntro.\n\n| d6  | Inciting Incident |\n| --- | ----------------- |\n\nAfter.\n"
	var got []string
	md := goldmark.New(goldmark.WithExtensions(extension.Table, Extension{Warn: func(pc parser.Context, off int, msg string) {
		line := 1 + strings.Count(src[:off], "\n")
		got = append(got, itoa(line)+": "+msg)
	}}))
	var b strings.Builder
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	want := `5: random table "d6": no rows to roll on: the table is left as written`
	if strings.Join(got, "\n") != want {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
	html := b.String()
	if strings.Contains(html, "rtable") || strings.Contains(html, "Chance") {
		t.Errorf("an empty table rendered as a random table:\n%s", html)
	}
	if !strings.Contains(html, "<th>Inciting Incident</th>") {
		t.Errorf("the table is not kept as written:\n%s", html)
	}
}

// TestSubTables: a row whose first cell is a roll starts a table of its
// own. The SRD 5.1 as Markdown (Nemo-Illusionist/dndsrd5.2_markdown,
// 05_CharacterDetails.md) writes each background's Personality Trait
// (d8), Ideal, Bond and Flaw (d6 each) as one GFM table whose later
// parts begin with a row "| **d6** | **Ideal** |": read as one d8 table,
// the Ideal table's results 1-6 were six "result 1 is also row 1's"
// warnings and no roll of a d6 could land on an Ideal. Each part is now
// its own random table, headed by its row, rolled by its own die.
func TestSubTables(t *testing.T) {
	src := "# T\n\n| d8 | Personality Trait |\n|---|---|\n" +
		"| 1 | Idol |\n| 2 | Peace |\n| 3 | Omens |\n| 4 | Optimist |\n| 5 | Quotes |\n| 6 | Tolerant |\n| 7 | Food |\n| 8 | Temple |\n" +
		"| **d6** | **Ideal** |\n| 1 | Tradition |\n| 2 | Charity |\n| 3 | Change |\n| 4 | Power |\n| 5 | Faith |\n| 6 | Aspiration |\n" +
		"| **d4** | **Bond** |\n| 1 | Relic |\n| 2 | Revenge |\n| 3 | Priest |\n| 5 | People |\n"
	var got []string
	md := goldmark.New(goldmark.WithExtensions(extension.Table, Extension{Warn: func(pc parser.Context, off int, msg string) {
		line := 1 + strings.Count(src[:off], "\n")
		got = append(got, itoa(line)+": "+msg)
	}}))
	var b strings.Builder
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	// Only the d4 part's own faults: 5 is no roll of a d4, and 4 is missing.
	want := []string{
		`24: random table "d4": no roll of d4 gives 5`,
		`24: random table "d4": no row for 4 (a 25.00% chance)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	html := b.String()
	if n := strings.Count(html, `<div class="rtable"`); n != 3 {
		t.Errorf("%d random tables, want 3 (d8, d6, d4):\n%s", n, html)
	}
	for _, s := range []string{`Roll d8</button>`, `Roll d6</button>`, `Roll d4</button>`,
		`<th><strong>Ideal</strong></th>`, `<td class="rt-chance" style="text-align:right">12.50%</td>`,
		`<td class="rt-chance" style="text-align:right">16.67%</td>`} {
		if !strings.Contains(html, s) {
			t.Errorf("no %s in\n%s", s, html)
		}
	}
	if i, j := strings.Index(html, "Roll d6"), strings.Index(html, "Tradition"); i < 0 || j < i {
		t.Errorf("the Ideal rows are not under the d6 table's roll:\n%s", html)
	}
}

// TestDashRow: a row whose first cell is a dash alone is a row no roll
// gives, as the SRD 5.2 writes Common in its Standard Languages table
// ("| — | Common |": every character knows it; the d12 rolls the
// others): no chance, no warning, the rest of the table rolled.
func TestDashRow(t *testing.T) {
	for _, dash := range []string{"—", "–", "-", "**—**"} {
		rt := Read("1d12", []string{dash, "1", "2-12"})
		if rt == nil {
			t.Fatal("not read as a random table")
		}
		if r := rt.Rows[0]; r.Problem != "" || len(r.Ranges) != 0 || r.Chance != 0 {
			t.Errorf("%q: row %+v, want a row no roll gives, no problem", dash, r)
		}
		if g := rt.Gaps(); len(g) > 0 {
			t.Errorf("%q: gaps %v", dash, g)
		}
	}
}

// TestBlankContinues: a row whose first cell is empty goes on with the
// result above it, as two-level tables are written (a d12 column, then a
// d10 column under each d12 result, the d12 cell left empty on the rows
// after the first: azureorangutan/murdham content/rules/mutations.md,
// eval15A, 44 warnings `"" is not a result`). No warning, no chance of
// its own, and the roll marks the whole group (its rows carry the
// result above's data-r). An empty first cell on the first row is still
// no result.
func TestBlankContinues(t *testing.T) {
	rt := Read("D4", []string{"1", "", "", "2", "**  **", "3-4"})
	if rt == nil {
		t.Fatal("not read as a random table")
	}
	for i, r := range rt.Rows {
		if r.Problem != "" {
			t.Errorf("row %d: %q", i+1, r.Problem)
		}
	}
	if g := rt.Gaps(); len(g) > 0 {
		t.Errorf("gaps %v", g)
	}
	if r := Read("D4", []string{"", "1-4"}); r.Rows[0].Problem == "" {
		t.Error("an empty first row is no problem")
	}
	src := "| D4 | D6 | Result |\n|---|---|---|\n| 1 | 1-3 | Ash |\n| | 4-6 | Bone |\n| 2-4 | 1-6 | Coal |\n"
	var warns []string
	md := goldmark.New(goldmark.WithExtensions(extension.Table, Extension{Warn: func(pc parser.Context, off int, msg string) {
		warns = append(warns, msg)
	}}))
	var b strings.Builder
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	if len(warns) > 0 {
		t.Errorf("warnings %q", warns)
	}
	if n := strings.Count(b.String(), `data-r="1-1"`); n != 2 {
		t.Errorf("%d rows marked by a roll of 1, want 2 (Ash and Bone):\n%s", n, b.String())
	}
}

// TestWrapped: a table wrapped into column pairs, its roll heading each
// pair ("| D8 | Ability scores | D8 | Ability scores |", a row "| 1 | 8, 7,
// 7 | 2 | 8, 8, 6 |": azureorangutan/murdham content/rules/
// character_creation.md, eval15A): every column headed by the roll holds
// results, so the d8 has a row for each result and no warning "no row
// for 2, 4, 6 and 8", and a roll of 2 marks the row that holds 2.
func TestWrapped(t *testing.T) {
	src := "| D8 | Scores | **d8** | Scores |\n|---|---|---|---|\n" +
		"| 1 | 8, 7, 7 | 2 | 8, 8, 6 |\n| 3 | 9, 7, 6 | 4 | 9, 8, 5 |\n" +
		"| 5 | 10, 6, 6 | 6 | 10, 7, 5 |\n| 7 | 11, 6, 5 | **8** | 12, 5, 5 |\n"
	var warns []string
	md := goldmark.New(goldmark.WithExtensions(extension.Table, Extension{Warn: func(pc parser.Context, off int, msg string) {
		warns = append(warns, msg)
	}}))
	var b strings.Builder
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	if len(warns) > 0 {
		t.Errorf("warnings %q", warns)
	}
	for _, s := range []string{`data-r="1-1 2-2"`, `data-r="7-7 8-8"`, `Roll D8</button>`} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("no %s in\n%s", s, b.String())
		}
	}
}

// TestSideBySide: two lists rolled by one die side by side ("| d6 | Name |
// d6 | Trait |", each row the same number twice) are no wrapped table:
// each row stands for its one result, no "result 1 is also row 1's".
func TestSideBySide(t *testing.T) {
	src := "| d4 | Name | d4 | Trait |\n|---|---|---|---|\n| 1 | Bob | 1 | Brave |\n| 2 | Ann | 2 | Wise |\n| 3 | Cy | 3 | Sly |\n| 4 | Di | 4 | Kind |\n"
	var warns []string
	md := goldmark.New(goldmark.WithExtensions(extension.Table, Extension{Warn: func(pc parser.Context, off int, msg string) {
		warns = append(warns, msg)
	}}))
	var b strings.Builder
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	if len(warns) > 0 {
		t.Errorf("warnings %q", warns)
	}
	if !strings.Contains(b.String(), `data-r="1-1"`) || !strings.Contains(b.String(), `25.00%`) {
		t.Errorf("rows not one result each:\n%s", b.String())
	}
}
