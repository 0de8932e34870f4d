package anydiceblock_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/onepage"
)

// build builds a one-page site holding page (see onepage.Build).
func build(t *testing.T, page string) (string, content.Diagnostics) {
	t.Helper()
	return onepage.Build(t, page)
}

// TestBadProgramFailsAtLineCol: a bad program fails the build at the
// page's line and the program's column.
func TestBadProgramFailsAtLineCol(t *testing.T) {
	tests := []struct {
		name, page string
		line, col  int
		want       string
	}{
		// The fence is page line 5 (after 3 lines of front matter and
		// "# P", blank); the program's line 2 is page line 7.
		{"syntax", "# P\n\n```anydice\nX: 3\noutput X +\n```\n", 8, 11, "expected a number"},
		{"run time", "# P\n\n```anydice\noutput 2 ^ -1\n```\n", 7, 10, "negative exponent"},
		{"bad field", "# P\n\n```anydice\n\\ field X: \"X\" 3..1 = 2 \\\noutput X\n```\n", 7, 3, "ends below its start"},
		{"argument", "# P\n\n```anydice 3d6\noutput 1\n```\n", 6, 0, "takes one word, editable"},
		{"editable and another", "# P\n\n```anydice editable open\noutput 1\n```\n", 6, 0, `not "open"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, diags := build(t, tc.page)
			if len(diags) != 1 {
				t.Fatalf("want one error, got %v", diags)
			}
			d := diags[0]
			if d.File != "content/page.md" || d.Line != tc.line || (tc.col > 0 && d.Col != tc.col) || !strings.Contains(d.Msg, tc.want) {
				t.Errorf("got %s:%d:%d: %s; want %d:%d saying %q", d.File, d.Line, d.Col, d.Msg, tc.line, tc.col, tc.want)
			}
		})
	}
}

// TestFormAndPrerender: the fields become labelled number inputs with the
// declared range, the program a text area under "Show the program" that
// a reader may edit (issue 34, item 10), there is no roll set-up, and
// every output is pre-rendered.
func TestFormAndPrerender(t *testing.T) {
	page := "# P\n\n```anydice\n\\ field SKILL: \"Skill\" 1..10 = 3 \\\noutput SKILLd6 named \"Sum of [SKILL]d6\"\noutput [highest 1 of SKILLd6] named \"Best die\"\noutput SKILLd6 >= 10 named \"Ten or more\"\n```\n"
	dest, diags := build(t, page)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	b, err := os.ReadFile(filepath.Join(dest, "page", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	for _, want := range []string{
		`data-calc="anydice/program"`,
		`<summary>Show the program</summary>`,
		`name="program" data-default="\ field SKILL`,
		`spellcheck="false" aria-describedby="calc-anydice-program-program-help">\ field SKILL`,
		`>Skill</label>`,
		`name="f1" value="3"`, `min="1" max="10"`,
		"Sum of 3d6", "Best die", "Ten or more",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, unwanted := range []string{`name="f2"`, `data-action="roll"`, `name="seed"`, `type="hidden" name="program"`} {
		if strings.Contains(html, unwanted) {
			t.Errorf("page has %q", unwanted)
		}
	}
}

// TestOutputBounds (issue 31 item 7): a die in an output's name is its
// notation, as AnyDice writes it (an 88 MB page when it listed 100d100's
// 9,901 values in every bar's label; the page charts the 3,500 values of
// 100d100 whose chance is at least one in a billion, issue 34, in under
// 1 MB), and the outputs of one block hold
// at most anydice.MaxValues values: 200 outputs of 100d100 fail the build
// at the output that passes the bound.
func TestOutputBounds(t *testing.T) {
	dest, diags := build(t, "# P\n\n```anydice\nX: 100d100\noutput X named \"[X]\"\n```\n")
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	b, err := os.ReadFile(filepath.Join(dest, "page", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 1_000_000 || !strings.Contains(string(b), "<figcaption>100d100 (percent)</figcaption>") || strings.Contains(string(b), "d{100, 101") {
		t.Errorf("page of %d bytes, named 100d100: %v", len(b), strings.Contains(string(b), "<figcaption>100d100 (percent)</figcaption>"))
	}
	_, diags = build(t, "# P\n\n```anydice\nX: 100d100\nloop N over {1..200} {\n output X named \"[N]: [X]\"\n}\n```\n")
	if len(diags) != 1 || diags[0].Line != 9 || diags[0].Col != 2 || !strings.Contains(diags[0].Msg, "more than 100000 values in all") {
		t.Errorf("200 outputs of 100d100: %v", diags)
	}
}

// TestEditableBlock: a block marked editable (```anydice editable, issue
// 36 item 2) opens with its program shown in an editor, a line number
// beside each of its three lines; a
// block not so marked keeps its program folded, with no gutter.
func TestEditableBlock(t *testing.T) {
	prog := "\\ field N: \"Dice\" 1..6 = 2 \\\nX: Nd6\noutput X named \"Sum\"\n"
	for _, tc := range []struct {
		info     string
		editable bool
	}{{"anydice editable", true}, {"anydice", false}} {
		t.Run(tc.info, func(t *testing.T) {
			dest, diags := build(t, "# P\n\n```"+tc.info+"\n"+prog+"```\n")
			if len(diags) > 0 {
				t.Fatal(diags)
			}
			b, err := os.ReadFile(filepath.Join(dest, "page", "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			html := string(b)
			for _, want := range []string{`<details class="calc-source" open>`, `data-editor="true"`, `wrap="off"`,
				`<div class="calc-lines"><span>1</span><span>2</span><span>3</span></div>`} {
				if strings.Contains(html, want) != tc.editable {
					t.Errorf("has %q: %v, want %v", want, !tc.editable, tc.editable)
				}
			}
			if !strings.Contains(html, `<summary>Show the program</summary>`) {
				t.Error("no program shown")
			}
		})
	}
}

// TestEditableBlockIDs: an editable block counts with the page's other
// AnyDice blocks (markup.BlockKeyer), so no element id is there twice.
func TestEditableBlockIDs(t *testing.T) {
	block := "```%s\noutput 1d6\n```\n\n"
	page := "# P\n\n" + strings.ReplaceAll(block, "%s", "anydice") + strings.ReplaceAll(block, "%s", "anydice editable") + strings.ReplaceAll(block, "%s", "anydice")
	dest, diags := build(t, page)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	b, err := os.ReadFile(filepath.Join(dest, "page", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	for _, id := range []string{`id="calc-anydice-program"`, `id="calc-anydice-program-2"`, `id="calc-anydice-program-3"`} {
		if n := strings.Count(html, id); n != 1 {
			t.Errorf("%s: %d times, want once", id, n)
		}
	}
}
