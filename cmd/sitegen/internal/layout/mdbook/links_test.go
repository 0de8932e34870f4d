package mdbook

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
)

// files is a source folder in memory: read returns its files.
type files map[string]string

func (f files) read(p string) ([]byte, error) {
	s, ok := f[p]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return []byte(s), nil
}

// file.rs as the guide's examples have it: nine lines.
const fileRS = "/* ANCHOR: all */\n\n// ANCHOR: component\nstruct Paddle {\n    hello: f32,\n}\n// ANCHOR_END: component\n\n/* ANCHOR_END: all */\n"

// The rules of https://rust-lang.github.io/mdBook/format/mdbook.html
// ("Including files", "Including portions of a file", "Including a file
// but initially hiding all except specified lines", "Inserting runnable
// Rust files", "Controlling page <title>"), quoted beside the chapters
// that check them.
func TestExpand(t *testing.T) {
	src := files{
		"src/rules/file.rs":       fileRS,
		"src/rules/dice.md":       "Roll **2d6**.\n",
		"src/lines.txt":           "one\ntwo\nthree\nfour\n",
		"listings/main.rs":        "fn main() {\n    let x = add_one(2);\n}\n",
		"src/rules/outer.md":      "Outer {{#include inner/deep.md}}\n",
		"src/rules/inner/deep.md": "deep {{#include more.md}}",
		"src/rules/inner/more.md": "more",
	}
	tests := []struct {
		rule, page, want, title string
	}{
		{
			rule: `"The path to the file has to be relative from the current source file. mdBook will interpret included files as Markdown."`,
			page: "# Dice\n\n{{#include dice.md}}\n\nAfter.\n",
			want: "# Dice\n\nRoll **2d6**.\n\nAfter.\n",
		},
		{
			rule: `"The first command only includes the second line from file file.rs."`,
			page: "```\n{{#include ../lines.txt:2}}\n```\n", want: "```\ntwo\n```\n",
		},
		{
			rule: `"The second command includes all lines up to line 10, i.e. the lines from 11 till the end of the file are omitted."`,
			page: "{{#include ../lines.txt::3}}\n", want: "one\ntwo\nthree\n",
		},
		{
			rule: `"The third command includes all lines from line 2, i.e. the first line is omitted."`,
			page: "{{#include ../lines.txt:2:}}\n", want: "two\nthree\nfour\n",
		},
		{
			rule: `"The last command includes the excerpt of file.rs consisting of lines 2 to 10."`,
			page: "{{#include ../lines.txt:2:3}}\n", want: "two\nthree\n",
		},
		{
			rule: `"An anchor is a pair of matching lines. The line beginning an anchor must match the regex ANCHOR:\s*[\w_-]+ and similarly the ending line must match the regex ANCHOR_END:\s*[\w_-]+."`,
			page: "```rust\n{{#include file.rs:component}}\n```\n", want: "```rust\nstruct Paddle {\n    hello: f32,\n}\n```\n",
		},
		{
			rule: `"Lines containing anchor patterns inside the included anchor are ignored."`,
			page: "{{#include file.rs:all}}\n", want: "\nstruct Paddle {\n    hello: f32,\n}\n", // a last empty line goes, as Rust's lines() drops it
		},
		{
			rule: `"The rustdoc_include helper is for including code ... only initially showing particular lines": what a reader first sees, the lines of the range`,
			page: "```rust\n{{#rustdoc_include ../../listings/main.rs:2}}\n```\n", want: "```rust\n    let x = add_one(2);\n```\n",
		},
		{
			rule: `"With the following syntax, you can insert runnable Rust files into your book ... {{#playground example.rs editable}} will create the code block like the following: ` + "```rust,editable" + `"`,
			page: "{{#playground ../../listings/main.rs editable}}\n", want: "```rust,editable\nfn main() {\n    let x = add_one(2);\n}\n```\n",
		},
		{
			rule:  `"A chapter can set a <title> that is different from its entry in the table of contents (sidebar) by including a {{#title ...}} near the top of the page."`,
			page:  "{{#title Combat, in full}}\n# Combat\n",
			want:  "\n# Combat\n",
			title: "Combat, in full",
		},
		{
			rule: `an escaped directive is its text: "\{{#include file.rs}}" shows "{{#include file.rs}}" (links.rs, test_replace_all_escaped)`,
			page: "```hbs\n\\{{#include file.rs}}\n```\n", want: "```hbs\n{{#include file.rs}}\n```\n",
		},
		{
			rule: `an included file's own directives are applied, from its folder (links.rs: replace_all on the new content, relative to the included file)`,
			page: "{{#include outer.md}}\n", want: "Outer deep more\n",
		},
		{
			rule: `each included line after the first takes what precedes the directive on its line (links.rs: "prefixed_new_content", mdBook #3196), so an include inside a list item or a quote stays there`,
			page: "> {{#include ../lines.txt::2}}\n\n- item\n  {{#include ../lines.txt:3:4}}\n",
			want: "> one\n> two\n\n- item\n  three\n  four\n",
		},
		{
			rule: `other {{#words}} are not the links preprocessor's and stay as mdBook leaves them`,
			page: "{{#tabs global=\"x\"}} and {{#each items}}\n", want: "{{#tabs global=\"x\"}} and {{#each items}}\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			x := Expand("src/rules/page.md", []byte(tt.page), src.read)
			if string(x.Src) != tt.want || x.Title != tt.title || len(x.Problems) > 0 {
				t.Errorf("got %q title %q problems %v\nwant %q title %q", x.Src, x.Title, x.Problems, tt.want, tt.title)
			}
		})
	}
}

// The lines of the expanded text map back to the chapter's: an included
// line to the line of its directive.
func TestExpandLines(t *testing.T) {
	src := files{"src/four.txt": "a\nb\nc\nd\n"}
	page := "# Title\n\ntext {{#include four.txt}} tail\n\n[broken](nowhere.md)\n{{#title T}}\nlast\n"
	x := Expand("src/page.md", []byte(page), src.read)
	// What precedes the directive prefixes each included line after the
	// first, as mdBook does.
	want := "# Title\n\ntext a\ntext b\ntext c\ntext d tail\n\n[broken](nowhere.md)\n\nlast\n"
	if string(x.Src) != want {
		t.Fatalf("Src = %q, want %q", x.Src, want)
	}
	wantLines := []int{1, 2, 3, 3, 3, 3, 4, 5, 6, 7, 8}
	if !slices.Equal(x.Lines, wantLines) {
		t.Errorf("Lines = %v, want %v", x.Lines, wantLines)
	}
}

// A directive that cannot be applied is removed and reported at its line
// and column (mdBook logs "Error updating" and goes on); nothing outside
// the source folder or hidden is ever read.
func TestExpandProblems(t *testing.T) {
	src := files{"src/self.md": "again {{#include self.md}}", ".env": "SECRET=1", "src/.hidden.md": "x"}
	tests := []struct {
		name, page string
		col        int
		msg        string
	}{
		{"missing file", "a {{#include nope.md}} b\n", 3, "broken include {{#include nope.md}}: src/nope.md: file does not exist"},
		{"outside the source folder", "{{#include ../../etc/passwd}}\n", 1, `"../../etc/passwd" is outside the book's folder`},
		{"hidden file", "{{#include ../.env}}\n", 1, "hidden file"},
		{"hidden file beside", "{{#include .hidden.md}}\n", 1, "hidden file"},
		{"absolute path", "{{#include /etc/passwd}}\n", 1, "not a path relative to the chapter"},
		{"a file that includes itself", "{{#include self.md}}\n", 1, fmt.Sprintf("includes nest more than %d deep", MaxIncludeDepth)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := Expand("src/page.md", []byte(tt.page), src.read)
			if strings.Contains(string(x.Src), "{{#") || strings.Contains(string(x.Src), "SECRET") {
				t.Errorf("Src = %q: the directive or the secret is printed", x.Src)
			}
			if len(x.Problems) != 1 || x.Problems[0].Line != 1 || x.Problems[0].Col != tt.col || !strings.Contains(x.Problems[0].Msg, tt.msg) || x.Problems[0].Warning {
				t.Errorf("problems = %+v, want one error at 1:%d …%s…", x.Problems, tt.col, tt.msg)
			}
		})
	}
}

// A page whose includes double at each level stops at the bound, with
// one problem, in bounded work.
func TestExpandBomb(t *testing.T) {
	src := files{}
	for i := range 12 {
		src[fmt.Sprintf("src/b%d.md", i)] = strings.Repeat(fmt.Sprintf("{{#include b%d.md}}{{#include b%d.md}}", i+1, i+1), 1) + strings.Repeat("x", 200000)
	}
	src["src/b12.md"] = strings.Repeat("y", 1<<20)
	reads := 0
	read := func(p string) ([]byte, error) { reads++; return src.read(p) }
	x := Expand("src/page.md", []byte("{{#include b0.md}}\n{{#include b0.md}}\n"), read)
	if len(x.Src) > 2*MaxExpanded || reads > 2000 {
		t.Errorf("expanded to %d bytes with %d reads", len(x.Src), reads)
	}
	n := 0
	for _, p := range x.Problems {
		if strings.Contains(p.Msg, "longer than") || strings.Contains(p.Msg, "nest more than") {
			n++
		}
	}
	if n == 0 {
		t.Errorf("problems = %v, want the bound named", x.Problems)
	}
}

var _ = layout.Expanded{}

// The guide's own anchor example, word for word
// (https://rust-lang.github.io/mdBook/format/mdbook.html, "Including
// portions of a file": "Consider the following file to include: … Then in
// the book, all you have to do is: …"), and the rustdoc_include and
// playground helpers on the same file.
func TestExpandGuideExample(t *testing.T) {
	const guideFile = "/* ANCHOR: all */\n\n// ANCHOR: component\nstruct Paddle {\n    hello: f32,\n}\n// ANCHOR_END: component\n\n////////// ANCHOR: system\nimpl System for MySystem { ... }\n////////// ANCHOR_END: system\n\n/* ANCHOR_END: all */\n"
	src := files{"src/file.rs": guideFile}
	tests := []struct{ rule, page, want string }{
		{
			rule: "Here is a component / a system / the full file",
			page: "Here is a component:\n```rust,no_run,noplayground\n{{#include file.rs:component}}\n```\n\nHere is a system:\n```rust,no_run,noplayground\n{{#include file.rs:system}}\n```\n\nThis is the full file.\n```rust,no_run,noplayground\n{{#include file.rs:all}}\n```\n",
			want: "Here is a component:\n```rust,no_run,noplayground\nstruct Paddle {\n    hello: f32,\n}\n```\n\nHere is a system:\n```rust,no_run,noplayground\nimpl System for MySystem { ... }\n```\n\nThis is the full file.\n```rust,no_run,noplayground\n\nstruct Paddle {\n    hello: f32,\n}\n\nimpl System for MySystem { ... }\n```\n", // its last empty line goes, as in TestExpand
		},
		{
			rule: `"The rustdoc_include helper … initially only shows the specific lines specified by line numbers or anchors in the same way as include": the anchor's lines`,
			page: "```rust\n{{#rustdoc_include file.rs:component}}\n```\n",
			want: "```rust\nstruct Paddle {\n    hello: f32,\n}\n```\n",
		},
		{
			rule: `"{{#include file.rs:2:10}}" … "The last command includes the excerpt of file.rs consisting of lines 2 to 10"`,
			page: "{{#include file.rs:3:6}}\n",
			want: "// ANCHOR: component\nstruct Paddle {\n    hello: f32,\n}\n",
		},
		{
			rule: `"{{#playground file.rs}}" without attributes is a rust block`,
			page: "{{#playground file.rs}}\n",
			want: "```rust\n" + guideFile + "```\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			x := Expand("src/page.md", []byte(tt.page), src.read)
			if string(x.Src) != tt.want || len(x.Problems) > 0 {
				t.Errorf("got  %q problems %v\nwant %q", x.Src, x.Problems, tt.want)
			}
		})
	}
}
