package calcblock_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/testing/onepage"
)

// build builds a one-page site holding page (see onepage.Build).
func build(t *testing.T, page string) (string, content.Diagnostics) {
	t.Helper()
	return onepage.Build(t, page)
}

func TestBlockErrors(t *testing.T) {
	tests := []struct {
		name, page string
		line       int
		want       string
	}{
		{"unknown calculator", "# P\n\n```calc opend6/parry\n```\n", 6, "unknown calculator"},
		{"no id", "# P\n\n```calc\n```\n", 6, "name one calculator"},
		{"unknown field", "# P\n\n```calc opend6/attack\nskill = 4D\nsword = 3D\n```\n", 8, "sword"},
		{"value out of range", "# P\n\n```calc skirmish/melee\n\n# twelve is the most\nattack_dice = 13\n```\n", 9, "attack_dice"},
		{"bad die code", "# P\n\n```calc opend6/attack\ndamage = 3D+5\n```\n", 7, "damage"},
		{"set twice", "# P\n\n```calc opend6/attack\nskill = 4D\nskill = 5D\n```\n", 8, "twice"},
		{"preset dice do not fit", "# P\n\n```calc skirmish/melee\ndice = 6 6\n```\n", 7, "dice"},
		{"not key = value", "# P\n\n```calc opend6/attack\nskill 4D\n```\n", 7, "field = value"},
		{"unknown table", "# P\n\n```table opend6/spells\n```\n", 6, "unknown table"},
		{"table with a body", "# P\n\n```table opend6/range\nx\n```\n", 7, "no body"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, diags := build(t, tc.page)
			if len(diags) != 1 {
				t.Fatalf("want one error, got %v", diags)
			}
			d := diags[0]
			if d.File != "content/page.md" || d.Line != tc.line || !strings.Contains(d.Msg, tc.want) {
				t.Errorf("got %s:%d: %s; want line %d saying %q", d.File, d.Line, d.Msg, tc.line, tc.want)
			}
		})
	}
}

// TestNoCalculatorNoModule: a site without a calculator builds without the
// WebAssembly module or its scripts, and a table alone brings only its
// stylesheet.
func TestNoCalculatorNoModule(t *testing.T) {
	dest, diags := build(t, "# P\n\n```table rollunder/weapons\n```\n\n```go\nfmt.Println()\n```\n")
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	for _, f := range []string{"calc", "js/wasm_exec.js"} {
		matches, _ := filepath.Glob(filepath.Join(dest, f+"*"))
		if len(matches) != 0 {
			t.Errorf("a site without calculators has %v", matches)
		}
	}
	html, err := os.ReadFile(filepath.Join(dest, "page", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(html)
	for _, want := range []string{`id="table-rollunder-weapons"`, "Greatsword", "css/tables.", `<code class="language-go">`} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(s, "calc.js") || strings.Contains(s, "calc.css") {
		t.Error("a page without a calculator loads the calculator's assets")
	}
}

// TestFormServerSide checks the server-rendered form: labels tied to
// controls, presets applied, limits from the schema, the module's hashed
// URLs, precompressed siblings, and unique ids for two calculators.
func TestFormServerSide(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module")
	}
	t.Chdir(browser.RepoRoot(t)) // the module is built from the repository
	dest, diags := build(t, "# P\n\n```calc skirmish/melee\nattack_dice = 7\nkeep = prefer_double\n```\n\n```calc skirmish/melee\n```\n\n```table skirmish/damage\n```\n")
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	html, err := os.ReadFile(filepath.Join(dest, "page", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(html)
	for _, want := range []string{
		`id="calc-skirmish-melee"`, `id="calc-skirmish-melee-2"`,
		`<label for="calc-skirmish-melee-attack_dice">`,
		`id="calc-skirmish-melee-attack_dice" name="attack_dice" value="7" data-default="5" min="1" max="12"`,
		`<option value="prefer_double" selected>`,
		`data-wasm="/calc/skirmish.`, `data-exec="/js/wasm_exec.`, `data-worker="/js/calc-worker.`,
		`class="badge-provisional"`, "Provisional — check your rulebook",
		"sitegen calc run skirmish/melee attack_dice=7 keep=prefer_double",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	wasm, _ := filepath.Glob(filepath.Join(dest, "calc", "skirmish.*.wasm*"))
	if len(wasm) != 3 {
		t.Errorf("want the skirmish module and its .br and .gz siblings, got %v", wasm)
	}
}

// TestDiceRollBudget is issue 31: the expressions of ```calc dice/roll
// blocks spend from the page's dice budget (markup.MaxPageDiceWork) with
// its ```dice blocks: the block past it is an error at its expr line.
func TestDiceRollBudget(t *testing.T) {
	four := "```calc dice/roll\nexpr = 100d100+1; 100d100+2; 100d100+3; 100d100+4\n```\n\n" // 4e8 steps
	_, diags := build(t, "# P\n\n"+four+"```dice\n100d100\n```\n\n"+four+four+four)
	if len(diags) != 2 {
		t.Fatalf("want two errors, got %v", diags)
	}
	// The page (after onepage's three lines of front matter) spends 4e8 at
	// line 6, 1e8 at 10 and 4e8 at 14: the block at 18 goes past 1e9, and
	// the one at 22 has nothing left.
	for i, want := range []int{19, 23} {
		if d := diags[i]; d.Line != want || !strings.Contains(d.Msg, "the dice of this page need more computation") {
			t.Errorf("error %d: %s:%d: %s; want line %d", i, d.File, d.Line, d.Msg, want)
		}
	}
}
