package dataview

import (
	"html"
	"path"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/dataview/query"
)

// vault is an in-memory vault for the engine's tests.
type vault struct {
	notes, files []*query.Page
	links        map[string][]string
}

func (v *vault) Notes() []*query.Page { return v.notes }
func (v *vault) Files() []*query.Page { return v.files }
func (v *vault) Resolve(target string, _ *query.Page) *query.Page {
	for _, p := range v.notes {
		if strings.TrimSuffix(p.Path, ".md") == strings.TrimSuffix(target, ".md") || p.Name() == target {
			return p
		}
	}
	return nil
}
func (v *vault) Outlinks(p *query.Page) []query.Link {
	var out []query.Link
	for _, t := range v.links[p.Path] {
		if q := v.Resolve(t, p); q != nil {
			out = append(out, query.Link{Path: q.Path, Resolved: true})
		}
	}
	return out
}

func page(p string, fm map[string]any, tags ...string) *query.Page {
	pg := &query.Page{Path: p, Note: strings.HasSuffix(p, ".md"), Frontmatter: query.NewObject(), Tags: tags}
	keys := make([]string, 0, len(fm))
	for k := range fm {
		keys = append(keys, k)
	}
	for _, k := range sortStrings(keys) {
		pg.Frontmatter.Set(k, query.FrontmatterValue(fm[k]))
	}
	pg.SetFields(nil)
	return pg
}

func sortStrings(s []string) []string {
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s
}

// linker renders a link as <a href="/path">text</a>, an embed as <img>.
type linker struct{}

func (linker) LinkHTML(l query.Link) string {
	text := l.Display
	if text == "" {
		text = query.FileTitle(l.Path)
	}
	if l.Embed {
		return `<img src="/` + l.Path + `">`
	}
	return `<a href="/` + l.Path + `">` + html.EscapeString(text) + `</a>`
}

// markdown stands for the page's Markdown: *x* as <em>x</em>.
func markdown(s string) string {
	return strings.NewReplacer(`\-`, "-", `\+`, "+").Replace(html.EscapeString(s))
}

func movesVault() *vault {
	return &vault{
		notes: []*query.Page{
			page("Dex/Bulbasaur.md", map[string]any{"Name": "Bulbasaur", "Number": 1, "StarterMoves": []any{"Tackle", "Growl"}, "RookieMoves": []any{"Vine Whip"}, "Type1": "Grass"}, "pokedex"),
			page("Dex/Charmander.md", map[string]any{"Name": "Charmander", "Number": 4, "StarterMoves": []any{"Scratch", "Growl"}, "RookieMoves": []any{}, "Type1": "Fire"}, "pokedex"),
			page("Moves/Tackle.md", map[string]any{"Name": "Tackle", "Power": 2, "Type": "Normal"}, "moves"),
			page("Moves/Growl.md", map[string]any{"Name": "Growl", "Power": 0, "Type": "Normal"}, "moves"),
			page("Moves/Vine Whip.md", map[string]any{"Name": "Vine Whip", "Power": 2, "Type": "Grass"}, "moves"),
			page("Moves/Scratch.md", map[string]any{"Name": "Scratch", "Power": 2, "Type": "Normal"}, "moves"),
			page("Moves/Old/Ember.md", map[string]any{"Name": "Ember", "Power": 2, "Type": "Fire"}, "moves", "moves/old"),
		},
		files: []*query.Page{page("Moves/sprite.png", nil)},
	}
}

func ctx(e *Engine, this string) Context {
	return Context{Page: e.ix.Resolve(this, nil), Link: linker{}, Markdown: markdown}
}

func engine() *Engine {
	return New(movesVault(), DefaultSettings, time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC))
}

func TestInline(t *testing.T) {
	e := engine()
	for _, tc := range []struct{ expr, want string }{
		{"this.Name", "Bulbasaur"},
		{"this.Number + 1", "2"},
		{"this.StarterMoves", "Tackle, Growl"},                            // a list inline: with commas
		{"this.nothing", "-"},                                             // null: renderNullAs "\-"
		{"choice(length(this.Type2)=0, \"\", \"\\+ \" + this.Type1)", ""}, // the Pokérole vault's damage line
		{"\"\\+ \" + this.Type1", "+ Grass"},
		{"[[Tackle]]", `<a href="/Moves/Tackle.md">Tackle</a>`},
		{"[[Tackle]].Power * 2", "4"},
	} {
		out := e.Inline(ctx(e, "Bulbasaur"), tc.expr, false)
		if out.HTML != tc.want || len(out.Problems) > 0 {
			t.Errorf("`= %s` = %q %v, want %q", tc.expr, out.HTML, out.Problems, tc.want)
		}
	}
	// Outside the subset: a notice and a warning.
	for _, tc := range []struct {
		expr string
		js   bool
		want string
	}{
		{"dv.current().file.name", true, "inline DataviewJS"},
		{"nosuch(1)", false, "unknown function nosuch()"},
		{"this.Name +", false, "expected a value"},
	} {
		out := e.Inline(ctx(e, "Bulbasaur"), tc.expr, tc.js)
		if !strings.Contains(out.HTML, `class="dv-notice"`) || len(out.Problems) != 1 || !out.Problems[0].Warning ||
			!strings.Contains(out.Problems[0].Msg, tc.want) || strings.Contains(out.HTML, "<code") {
			t.Errorf("%s: %q %+v", tc.expr, out.HTML, out.Problems)
		}
	}
}

func TestBlock(t *testing.T) {
	e := engine()
	out := e.Block(ctx(e, "Bulbasaur"), "dataview", "TABLE Power, Type\nFROM #moves\nWHERE Power > 0\nSORT file.name DESC\nLIMIT 2")
	// https://blacksmithgu.github.io/obsidian-dataview/queries/query-types/
	// "The first column always shows the result count."
	for _, want := range []string{`<th>File <span class="dv-count">2</span></th><th>Power</th><th>Type</th>`,
		`<tr><td><a href="/Moves/Vine Whip.md">Vine Whip</a></td><td>2</td><td>Grass</td></tr>`,
		`<tr><td><a href="/Moves/Tackle.md">Tackle</a></td><td>2</td><td>Normal</td></tr>`} {
		if !strings.Contains(out.HTML, want) {
			t.Errorf("missing %q in\n%s", want, out.HTML)
		}
	}
	out = e.Block(ctx(e, "Bulbasaur"), "dataview", "LIST rows.file.link FROM #moves GROUP BY Type")
	if !strings.Contains(out.HTML, `<li>Fire: <ul class="dv-list"><li><a href="/Moves/Old/Ember.md">Ember</a></li></ul></li>`) {
		t.Errorf("grouped list:\n%s", out.HTML)
	}
	out = e.Block(ctx(e, "Bulbasaur"), "dataview", "LIST FROM #nothing")
	if !strings.Contains(out.HTML, "No results to show for list query.") {
		t.Errorf("empty result: %s", out.HTML)
	}
	// A vault's settings: tableIdColumnName, renderNullAs.
	e2 := New(movesVault(), SettingsFrom(map[string]any{"tableIdColumnName": "Move", "renderNullAs": "n/a", "showResultCount": false}), time.Now())
	out = e2.Block(ctx(e2, "Bulbasaur"), "dataview", "TABLE Nothing FROM \"Moves/Old\"")
	if !strings.Contains(out.HTML, "<th>Move</th><th>Nothing</th>") || !strings.Contains(out.HTML, "<td>n/a</td>") {
		t.Errorf("settings not applied:\n%s", out.HTML)
	}
}

// TestOutsideSubset checks that what is not evaluated is a notice (never
// code) and a warning, and a query past its budget an error.
func TestOutsideSubset(t *testing.T) {
	e := engine()
	for _, tc := range []struct {
		lang, body, warn string
		line, col        int
		error            bool
	}{
		{lang: "dataviewjs", body: "dv.list(dv.pages())", warn: "sitegen does not run DataviewJS"},
		{lang: "dataview", body: "CALENDAR file.ctime", warn: "CALENDAR queries are not evaluated"},
		{lang: "dataview", body: "LIST\nWHERE contains(", warn: "expected a value", line: 2, col: 16},
		{lang: "dataview", body: "LIST\nFROM #moves\nWHERE nosuch(Power)", warn: "unknown function nosuch()", line: 3, col: 7},
	} {
		out := e.Block(ctx(e, "Bulbasaur"), tc.lang, tc.body)
		if !strings.Contains(out.HTML, `<div class="dv-notice" role="note">`) || strings.Contains(out.HTML, "<pre") || strings.Contains(out.HTML, "<code") {
			t.Errorf("%q: not a notice: %s", tc.body, out.HTML)
		}
		if len(out.Problems) != 1 || !out.Problems[0].Warning || !strings.Contains(out.Problems[0].Msg, tc.warn) ||
			out.Problems[0].Line != tc.line || out.Problems[0].Col != tc.col {
			t.Errorf("%q: problems %+v, want a warning %q at %d:%d", tc.body, out.Problems, tc.warn, tc.line, tc.col)
		}
	}
	e.SetBudget(50)
	out := e.Block(ctx(e, "Bulbasaur"), "dataview", "LIST\nWHERE length(map([1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20], (x) => x * 2)) > 0")
	if len(out.Problems) != 1 || out.Problems[0].Warning || !strings.Contains(out.Problems[0].Msg, "more than 50 steps") {
		t.Errorf("budget: %+v", out.Problems)
	}
}

func TestSettingsFrom(t *testing.T) {
	s := SettingsFrom(map[string]any{"inlineQueryPrefix": "dv:", "defaultDateFormat": "yyyy-MM-dd"})
	if s.Prefix != "dv:" || s.JSPrefix != "$=" || s.DateFormat != "yyyy-MM-dd" || s.IDColumn != "File" {
		t.Errorf("%+v", s)
	}
	_ = path.Base
}

// A warning names a query by its start, not its whole text: the fourth
// probe's 40 KB inline query of nested brackets printed an 80 KB warning.
func TestInlineLongExpressionMessage(t *testing.T) {
	e := engine()
	long := strings.Repeat("(", 20000) + "1" + strings.Repeat(")", 20000)
	for _, tc := range []struct {
		expr string
		js   bool
	}{
		{long, false},
		{"nosuch(" + strings.Repeat("1 + ", 10000) + "1)", false},
		{"dv.current()" + strings.Repeat(".x", 10000), true},
		{"this.Name + " + strings.Repeat("\"x\" + ", 10000), false},
	} {
		out := e.Inline(ctx(e, "Bulbasaur"), tc.expr, tc.js)
		if len(out.Problems) != 1 {
			t.Fatalf("%.20s…: %d problems", tc.expr, len(out.Problems))
		}
		if msg := out.Problems[0].Msg; len(msg) > 300 || !strings.Contains(msg, tc.expr[:20]) {
			t.Errorf("%.20s…: a message of %d bytes, want at most 300 naming its start: %.300s", tc.expr, len(msg), msg)
		}
	}
}
