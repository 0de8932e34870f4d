package inlinedice

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	"go.abhg.dev/goldmark/frontmatter"
)

// readme is the Dice Roller's documentation, which the fixtures quote.
const readme = "https://github.com/javalent/dice-roller/blob/main/README.md"

// convert renders src with the extension and returns the HTML and the
// warnings, each as "line:col: message".
func convert(t *testing.T, src string) (string, []string) {
	t.Helper()
	var warns []string
	md := goldmark.New(goldmark.WithExtensions(&frontmatter.Extender{}, Extension{Warn: func(pc parser.Context, off int, msg string) {
		line := 1 + strings.Count(src[:off], "\n")
		col := off - strings.LastIndex(src[:off], "\n")
		warns = append(warns, itoa(line)+":"+itoa(col)+": "+msg)
	}}))
	var b strings.Builder
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	return b.String(), warns
}

func itoa(v int) string {
	if v < 0 {
		return "-" + itoa(-v)
	}
	if v < 10 {
		return string(rune('0' + v))
	}
	return itoa(v/10) + itoa(v%10)
}

// TestInlineRolls: each fixture is a documented rule of the plugin (or
// of Quartz's DiceRolls, which reads the same code spans), the page it is
// quoted on, and what the page must show.
func TestInlineRolls(t *testing.T) {
	const quartz = "https://github.com/PJWalker/daggerheart/blob/main/quartz/plugins/transformers/diceRolls.ts"
	tests := []struct {
		rule, url string
		src       string
		want      []string // in the HTML
		not       []string // not in the HTML
		warns     []string
	}{
		{"Simply place a code block with your formula in your note (such as `` `dice: XdX` ``) and in preview mode it will be replaced with the result of the dice rolls. The result can then be re-rolled by clicking on it.",
			readme, "Gold: `dice: 1d6*10`.\n",
			[]string{`<span class="roll" data-plan="[&quot;*&quot;,{&quot;d&quot;:[1,1,6]},10]"><button type="button" class="roll-do"`, `<span class="roll-f">1d6*10</span>`,
				`Average <b>35</b>`, `Range <b>10–60</b>`, `<span role="rowheader">40</span><span role="cell">16.67%</span><span role="cell">50.00%</span><span role="cell">66.67%</span>`},
			[]string{"<code>"}, nil},
		{"node.value.startsWith(\"dice:\")", quartz, "`dice:1d12`\n",
			[]string{`<span class="roll-f">1d12</span>`, `Average <b>6.5</b>`}, []string{"<code>"}, nil},
		{"Keeps highest `{n}` rolls. `{n}` is optional, and will default to 1.", readme, "`dice: 2d20kh`\n",
			[]string{`Average <b>13.83</b>`, `Range <b>1–20</b>`}, nil, nil},
		{"`dice+: ...` | Save result. ... `dice-: ...` | Do not save result.", readme, "`dice+: 1d4` `dice-: 1d4`\n",
			[]string{`<span class="roll-f">1d4</span></button>`}, []string{"<code>"}, nil},
		{"You can turn it off in settings, or by appending `|nodice` to **any** dice roll!", readme, "`dice: 1d8|nodice`\n",
			[]string{`<span class="roll-f">1d8</span>`}, []string{"roll-die", "nodice"}, nil},
		{"the plugin will display your 'my text' and let you click on it to trigger a roll.", readme, "`dice: 1d20 + 2|nodice|text(Dexterity +2)`\n",
			[]string{`<span class="roll-f">Dexterity +2</span>`, `<span class="odds-title">1d20 + 2</span>`}, nil, nil},
		{"The plugin has basic support for Dataview inline fields in number dice.", readme, "field:: 3\nfield2:: 5\n\n`dice: 1d6*field2 + field`\n",
			[]string{`Average <b>20.5</b>`, `Range <b>8–33</b>`}, nil, nil},
		{"The plugin has basic support for Dataview inline fields (front matter is a field too)", readme, "---\nSTR: 3\n---\n`dice: 1d6 + STR`\n",
			[]string{`Average <b>6.5</b>`, `Range <b>4–9</b>`}, nil, nil},
		{"Determine the rounding behavior ... |floor", readme, "`dice: 1d6/2|floor`\n", []string{`Range <b>0–3</b>`}, nil, nil},
		{"Explode will roll an additional die for each maximum die roll.", readme, "`dice: 1d6!`\n", []string{`Range <b>1–12</b>`}, nil, nil},
		// What is not computed exactly: shown as written, a warning at the formula.
		{"(not exact) Round Results: None", readme, "Half: `dice: 1d6/2`\n", []string{`<span class="roll-plain">1d6/2</span>`}, []string{`class="roll"`},
			[]string{`1:17: inline roll "dice: 1d6/2": this division is not always a whole number: round it (|floor, |ceil or |round) to compute it; it shows as written`}},
		{"(not a field) a name with no value", readme, "`dice: 1d6 + DEX`\n", []string{`<span class="roll-plain">1d6 + DEX</span>`}, nil,
			[]string{`1:8: inline roll "dice: 1d6 + DEX": no inline field or front matter "DEX" on this page; it shows as written`}},
		{"Use `` `dice: 1dS` `` to roll a Fantasy AGE stunt dice.", readme, "`dice: 1dS`\n", []string{`<span class="roll-plain">1dS</span>`}, nil,
			[]string{`1:8: inline roll "dice: 1dS": the Dice Roller's Fantasy AGE stunt and narrative dice are not computed here; it shows as written`}},
		// The plugin's lexer (src/lexer/lexer.ts) reads a die as
		// /(?:\d+|\b)[Dd](?:%|F|-?\d+|…)/: an upper-case D is a die, the
		// German W (Würfel: "2W6") is not, and the plugin cannot roll it.
		{"OMITTED_REGEX = /(?:\\d+|\\b)[Dd](?:%|F|-?\\d+|…)/u", "https://github.com/javalent/dice-roller/blob/main/src/lexer/lexer.ts", "`dice: 2D6+1`\n",
			[]string{`<span class="roll-f">2D6+1</span>`, `Average <b>8</b>`, `Range <b>3–13</b>`}, nil, nil},
		{"(German dice) W is not [Dd]", "https://github.com/javalent/dice-roller/blob/main/src/lexer/lexer.ts", "`dice: 2W6`\n", []string{`<span class="roll-plain">2W6</span>`}, []string{`class="roll"`},
			[]string{`1:9: inline roll "dice: 2W6": "W6" is not a die: the Dice Roller reads only d or D (2d6, 2D6) and does not roll it either; write 2d6; it shows as written`}},
		// Not a roll: other code stays code.
		{"(other code)", readme, "`dice` and `dicey: 1d6` and `x dice: 1d6`\n", []string{"<code>dice</code>", "<code>dicey: 1d6</code>", "<code>x dice: 1d6</code>"}, []string{"roll"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			t.Logf("%s: %q", tt.url, tt.rule)
			html, warns := convert(t, tt.src)
			for _, w := range tt.want {
				if !strings.Contains(html, w) {
					t.Errorf("no %s in\n%s", w, html)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(html, w) {
					t.Errorf("%s in\n%s", w, html)
				}
			}
			if strings.Join(warns, "\n") != strings.Join(tt.warns, "\n") {
				t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(warns, "\n"), strings.Join(tt.warns, "\n"))
			}
		})
	}
}

// TestLinkRollers: the link rollers are read with their count and flags,
// and left for the page's resolver (a page without one shows them as
// written).
func TestLinkRollers(t *testing.T) {
	tests := map[string]Link{
		"[[Note^block-id]]":          {Target: "Note", Fragment: "^block-id"},
		"3d[[Note^block-id]]":        {Count: "3d", Target: "Note", Fragment: "^block-id"},
		"1d4+1[[Note^id]]":           {Count: "1d4+1", Target: "Note", Fragment: "^id"},
		"[[Note^block-id]]|Header 2": {Target: "Note", Fragment: "^block-id", Column: "Header 2"},
		"[[Note]]|line":              {Target: "Note", Kind: "line"},
		"[[Note]]|heading-2":         {Target: "Note", Kind: "heading-2"},
		"[[Note#Section]]":           {Target: "Note", Fragment: "Section"},
		// The Markdown-link form ttrpg-convert-cli writes (747 rollers in
		// the Light of Xaryxis vault): the plugin's TABLE_REGEX and
		// SECTION_REGEX read "[text](link#^block)" as they read
		// "[[link#^block]]" (src/utils/constants.ts: `(?:\[.*\]\(|\[\[)`),
		// and its table roller takes the link decodeURIComponent'ed.
		"[](acolyte.md#^personality-trait)":           {Target: "acolyte.md", Fragment: "^personality-trait"},
		"2d[](../tables/wild%20magic.md#^wild-magic)": {Count: "2d", Target: "../tables/wild magic.md", Fragment: "^wild-magic"},
		"[Weather](weather.md#^table)|Result":         {Target: "weather.md", Fragment: "^table", Column: "Result"},
		"[](Note.md)|line":                            {Target: "Note.md", Kind: "line"},
	}
	for f, want := range tests {
		got := readLink(f)
		if got == nil || got.Count != want.Count || got.Target != want.Target || got.Fragment != want.Fragment || got.Kind != want.Kind || got.Column != want.Column {
			t.Errorf("%s: %+v, want %+v", f, got, want)
		}
	}
	if d := readLink("[](../tables/Weather.md#^table)").Display(); d != "../tables/Weather › table" {
		t.Errorf("a Markdown link roller shows %q", d)
	}
	html, _ := convert(t, "`dice: [[Note^t]]`\n")
	if !strings.Contains(html, `<span class="roll-plain">[[Note^t]]</span>`) {
		t.Errorf("unresolved link roller: %s", html)
	}
}

// TestPageWork: the page's rolls share a bound of work; past it a roll is
// a warning, and a formula repeated is computed once.
func TestPageWork(t *testing.T) {
	var src strings.Builder
	for i := range 20 { // each about 1e8 steps, under a roll's own bound
		src.WriteString("`dice: " + itoa(60+i) + "d6kh30` `dice: 1d6` ")
	}
	html, warns := convert(t, src.String()+"\n")
	if len(warns) == 0 || !strings.Contains(warns[0], "need more computation than one page may spend") {
		t.Fatalf("warnings %v", warns)
	}
	if n := strings.Count(html, `<span class="roll-f">1d6</span>`); n != 20 {
		t.Errorf("%d rolls of 1d6 computed, want 20 (computed once, before the bound)", n)
	}
	// The odds of a formula are written once; the others name them.
	if n, same := strings.Count(html, `<span class="odds-title">1d6</span>`), strings.Count(html, `data-same="`); n != 1 || same < 19 {
		t.Errorf("1d6's odds written %d times, %d rolls naming the first", n, same)
	}
}

// A warning names a roll by its start: the fourth probe's inline roll of
// 40,000 brackets printed its whole 40 KB in the warning that said it is
// longer than 2,000 characters.
func TestLongRollMessage(t *testing.T) {
	for _, src := range []string{
		"`dice: " + strings.Repeat("(", 20000) + "1" + strings.Repeat(")", 20000) + "`\n",
		"`dice: 1d6" + strings.Repeat("+1d6", 600) + "`\n",
	} {
		_, warns := convert(t, src)
		if len(warns) != 1 {
			t.Fatalf("%.20s…: %d warnings", src, len(warns))
		}
		if w := warns[0]; len(w) > 300 || !strings.Contains(w, src[1:20]) {
			t.Errorf("%.20s…: a warning of %d bytes, want at most 300 naming its start: %.300s", src, len(w), w)
		}
	}
}
