package mdbook

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
)

// The rules of https://rust-lang.github.io/mdBook/format/summary.html,
// each quoted beside the summary that checks it.
func TestParseSummary(t *testing.T) {
	type e = layout.NavEntry
	tests := []struct {
		rule string
		src  string
		want []e
	}{
		{
			rule: `"Title - While optional, it's common practice to begin with a title, generally # Summary. This is ignored by the parser however, and can be omitted."`,
			src:  "# Summary\n\n- [One](one.md)\n",
			want: []e{{Path: "one.md", Title: "One", Number: "1.", Line: 3}},
		},
		{
			rule: `"Prefix Chapter - Before the main numbered chapters, prefix chapters can be added that will not be numbered."`,
			src:  "# Summary\n\n[A Prefix Chapter](relative/path/to/markdown.md)\n\n- [First Chapter](relative/path/to/markdown2.md)\n",
			want: []e{
				{Path: "relative/path/to/markdown.md", Title: "A Prefix Chapter", Line: 3},
				{Path: "relative/path/to/markdown2.md", Title: "First Chapter", Number: "1.", Line: 5},
			},
		},
		{
			rule: `"Part Title - Level 1 headers can be used as a title for the following numbered chapters. ... The title is rendered as unclickable text." ` +
				`"Numbered chapters outline the main content of the book and can be nested, resulting in a nice hierarchy"`,
			src: "# Title of Part\n\n- [First Chapter](relative/path/to/markdown.md)\n- [Second Chapter](relative/path/to/markdown2.md)\n" +
				"   - [Sub Chapter](relative/path/to/markdown3.md)\n\n# Title of Another Part\n\n- [Another Chapter](relative/path/to/markdown4.md)\n",
			// The first # heading is the summary's title, ignored.
			want: []e{
				{Path: "relative/path/to/markdown.md", Title: "First Chapter", Number: "1.", Line: 3},
				{Path: "relative/path/to/markdown2.md", Title: "Second Chapter", Number: "2.", Line: 4},
				{Path: "relative/path/to/markdown3.md", Title: "Sub Chapter", Depth: 1, Number: "2.1.", Line: 5},
				{Title: "Title of Another Part", Part: true, Line: 7},
				{Path: "relative/path/to/markdown4.md", Title: "Another Chapter", Number: "3.", Line: 9},
			},
		},
		{
			rule: `the parts' chapters are numbered on through all parts: "We want the section numbers to be continues through all parts." (mdbook-summary's parse_parts)`,
			src:  "# Summary\n\n# Rules\n\n- [Dice](dice.md)\n\n# Magic\n\n- [Spells](spells.md)\n  - [Fire](fire.md)\n",
			want: []e{
				{Title: "Rules", Part: true, Line: 3},
				{Path: "dice.md", Title: "Dice", Number: "1.", Line: 5},
				{Title: "Magic", Part: true, Line: 7},
				{Path: "spells.md", Title: "Spells", Number: "2.", Line: 9},
				{Path: "fire.md", Title: "Fire", Depth: 1, Number: "2.1.", Line: 10},
			},
		},
		{
			rule: `SUMMARY.md is CommonMark (mdBook reads it with pulldown-cmark): "Backslash escapes work in all other contexts, including URLs and link titles, link references, and link destinations" (https://spec.commonmark.org/0.31.2/#backslash-escapes)`,
			src:  "- [Rules](rules\\_a.md)\n",
			want: []e{{Path: "rules_a.md", Title: "Rules", Number: "1.", Line: 1}},
		},
		{
			rule: `"Numbered chapters can be denoted with either - or *"`,
			src:  "# S\n\n* [A](a.md)\n    * [B](b.md)\n",
			want: []e{{Path: "a.md", Title: "A", Number: "1.", Line: 3}, {Path: "b.md", Title: "B", Depth: 1, Number: "1.1.", Line: 4}},
		},
		{
			rule: `"Suffix Chapter - Like prefix chapters, suffix chapters are unnumbered, but they come after numbered chapters."`,
			src:  "- [Last Chapter](relative/path/to/markdown.md)\n\n[Title of Suffix Chapter](relative/path/to/markdown2.md)\n",
			want: []e{
				{Path: "relative/path/to/markdown.md", Title: "Last Chapter", Number: "1.", Line: 1},
				{Path: "relative/path/to/markdown2.md", Title: "Title of Suffix Chapter", Line: 3},
			},
		},
		{
			rule: `"Draft chapters are chapters without a file and thus content. ... Draft chapters are written like normal chapters but without writing the path to the file."`,
			src:  "# S\n\n- [Combat](combat.md)\n    - [Draft Chapter]()\n",
			want: []e{{Path: "combat.md", Title: "Combat", Number: "1.", Line: 3}, {Title: "Draft Chapter", Draft: true, Depth: 1, Number: "1.1.", Line: 4}},
		},
		{
			rule: `"Separators can be added before, in between, and after any other element. ... A separator is a line containing exclusively dashes and at least three of them: ---."`,
			src:  "# My Part Title\n\n[A Prefix Chapter](relative/path/to/markdown.md)\n\n---\n\n- [First Chapter](relative/path/to/markdown2.md)\n\n-----------\n\n[Contributors](misc/contributors.md)\n",
			want: []e{
				{Path: "relative/path/to/markdown.md", Title: "A Prefix Chapter", Line: 3},
				{Separator: true, Line: 5},
				{Path: "relative/path/to/markdown2.md", Title: "First Chapter", Number: "1.", Line: 7},
				{Separator: true, Line: 9},
				{Path: "misc/contributors.md", Title: "Contributors", Line: 11},
			},
		},
		{
			rule: `a chapter's name is its link text without markup (mdbook-summary's stringify_events: text and code); "%20" in a path is a space`,
			src:  "- [The *Wild* `Die`](rules/the%20wild%20die.md)\n- [Spaces](<./a b.md>)\n",
			want: []e{
				{Path: "rules/the wild die.md", Title: "The Wild Die", Number: "1.", Line: 1},
				{Path: "a b.md", Title: "Spaces", Number: "2.", Line: 2},
			},
		},
		{
			rule: `a paragraph right after a part title is skipped, chapters and all (mdbook-summary's parse_numbered skips "any opening paragraph tags" there)`,
			src:  "# S\n\n# Part\nSome words [and a link](x.md).\n\n- [A](a.md)\n",
			want: []e{{Title: "Part", Part: true, Line: 3}, {Path: "a.md", Title: "A", Number: "1.", Line: 6}},
		},
		{
			rule: `an HTML comment before the title does not stop it being the title (parse_title: "Skip a HTML element such as a comment line")`,
			src:  "<!-- generated -->\n# Summary\n\n[Intro](README.md)\n",
			want: []e{{Path: "README.md", Title: "Intro", Line: 4}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			got, err := ParseSummary([]byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}

// Summaries mdBook refuses are errors at their line and column.
func TestParseSummaryErrors(t *testing.T) {
	tests := []struct {
		name, src string
		line      int
		msg       string
	}{
		{"a list item must be a link", "# S\n\n- [A](a.md)\n- Just words\n", 4, "only a link"},
		{"a list after suffix chapters", "- [A](a.md)\n\n[B](b.md)\n\n- [C](c.md)\n", 5, "suffix chapters cannot be followed by a list"},
		{"a part after suffix chapters", "- [A](a.md)\n\n[B](b.md)\n\n# Part\n", 5, "suffix chapters cannot be followed"},
		{"duplicate file: \"Duplicate file in SUMMARY.md\"", "- [A](a.md)\n- [Again](./a.md)\n", 2, "duplicate file in SUMMARY.md: a.md is also listed on line 1"},
		{"a path from the root", "- [A](/secret.md)\n", 1, "not a file of the book's source folder"},
		{"a URL", "- [A](https://x.test/a.md)\n", 1, "not a file of the book's source folder"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseSummary([]byte(tt.src))
			var se *summaryError
			if !errors.As(err, &se) || se.Line != tt.line || !strings.Contains(se.Msg, tt.msg) {
				t.Fatalf("err = %v, want line %d: …%s…", err, tt.line, tt.msg)
			}
		})
	}
}
