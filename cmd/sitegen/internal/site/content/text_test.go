package content

import (
	"fmt"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
)

// refDefs is n link reference definitions of distinct labels, the shape
// of bevy-cheatbook's include/links014/*.md (eval5A JA2): about 85 bytes
// a line.
func refDefs(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[`Item%d`]: https://docs.rs/bevy/0.14/bevy/ecs/query/struct.Item%d.html\n", i, i)
	}
	return b.String()
}

// The bound on a block (MaxBlockBytes) is a bound on goldmark's time:
// the shapes of text whose time grows with the square of their length
// stop at it, while a run of link reference definitions, which goldmark
// reads in time that grows with the square of their number of lines,
// not bytes, stops at MaxRefLines lines. CommonMark: "A link reference
// definition consists of a link label, optionally preceded by up to three
// spaces of indentation, followed by a colon (:), optional spaces or tabs
// (including up to one line ending), a link destination, ..."
// (https://spec.commonmark.org/0.31.2/#link-reference-definitions);
// mdBook's pulldown-cmark and the other tools bound neither.
func TestLongBlocks(t *testing.T) {
	word := strings.Repeat("word ", 20) + "\n"
	tests := []struct {
		name string
		src  string
		want []longBlock
	}{
		{"83 KB of reference definitions", "# A\n\n" + refDefs(1000) + "\nText [`Item1`].\n", nil},
		{"reference definitions and a short paragraph after them", "# A\n\n" + refDefs(1000) + "Text [`Item1`].\n", nil},
		{"indented reference definitions", "# A\n\n" + strings.ReplaceAll(refDefs(1000), "\n[", "\n   ["), nil},
		{"reference definitions in a quote", "> " + strings.ReplaceAll(refDefs(1000), "\n[", "\n> ["), nil},
		{"too many reference definitions", "# A\n\n" + strings.Repeat("[a]: /x\n", MaxRefLines+1), []longBlock{{3, 3 + MaxRefLines, 2 + MaxRefLines + 1, true, false}}},
		{"MaxRefLines short reference definitions", "# A\n\n" + strings.Repeat("[a]: /x\n", MaxRefLines), nil},
		{"reference definitions, then 64 KB of text", "# A\n\n" + refDefs(10) + strings.Repeat(word, 700), []longBlock{{3, 13 + 648, 12 + 700, false, false}}},
		{"text, then reference definitions (a paragraph's text)", "# A\n\n" + word + refDefs(1000), []longBlock{{3, 891, 1003, false, false}}},
		{"a 66 KB reference definition", "# A\n\n[i]: <data:" + strings.Repeat("x", 66<<10) + ">\n", []longBlock{{3, 3, 3, false, false}}},
		// 101 bytes a line: the 649th passes 64 KB.
		{"64 KB of text", "# A\n\n" + strings.Repeat(word, 700), []longBlock{{3, 3 + 648, 702, false, false}}},
		// A GFM table's rows need no leading pipe ("The pipes on either
		// end of the table are optional",
		// https://github.github.com/gfm/#tables-extension-): each row
		// after the delimiter row is a row, its cells parsed one by one,
		// as a row that starts with "|" is (VolcanoidsModding/VolcWiki's
		// RecipeIDs.md: a 96 KB table of 430 "Name | <ul>…" rows). A
		// paragraph with pipes in it but no delimiter row is still a
		// paragraph.
		{"a 70 KB table without leading pipes", "# A\n\nName | Info\n--- | :---:\n" + strings.Repeat("Row | "+word, 700), nil},
		{"a 70 KB table, then a 70 KB paragraph", "# A\n\nName | Info\n--- | ---\n" + strings.Repeat("Row | "+word, 700) + "\n" + strings.Repeat(word, 700),
			[]longBlock{{706, 706 + 648, 1405, false, false}}},
		{"a 1.1 MB table", "# A\n\n| Name | Info |\n| --- | --- |\n" + strings.Repeat("| Row | "+word, 10000),
			[]longBlock{{3, 4 + 9620, 10004, false, true}}}, // 109 bytes a row, 30 of header: the 9,620th passes 1 MB
		{"a 600 KB table", "# A\n\n| Name | Info |\n| --- | --- |\n" + strings.Repeat("| Row | "+word, 5500), nil},
		{"a 70 KB paragraph with pipes", "# A\n\n" + strings.Repeat("a | "+word, 700), []longBlock{{3, 3 + 624, 702, false, false}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := longBlocks([]byte(tt.src), false)
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("longBlocks = %v, want %v", got, tt.want)
			}
		})
	}
}

// BenchmarkLongBlocks reads the shapes of text the block bounds protect
// from as a page of another tool's layout is read: the blocks past the
// bounds fenced (readFenced), the rest parsed and rendered. Each shape is
// 64 KB or 1 MB (a 1 MB run of "[a]: /x" lines took goldmark 29 s;
// 256 KB of unclosed "[a](" 45 s).
func BenchmarkLongBlocks(b *testing.B) {
	shapes := []struct {
		name string
		src  func(n int) string
	}{
		{"refdefs", func(n int) string { return refDefs(n / 75) }},
		{"short-refdefs", func(n int) string { return strings.Repeat("[a]: /x\n", n/8) }},
		{"unclosed-links", func(n int) string { return strings.Repeat("[a](", n/4) }},
		{"unclosed-link-lines", func(n int) string { return strings.Repeat("[a](\n", n/5) }},
		{"footnotes-in-quote", func(n int) string { return strings.Repeat("> [^1] x\n", n/9) }},
		{"brackets", func(n int) string { return strings.Repeat("[", n) }},
		{"table-unclosed-links", func(n int) string { return "a | b\n- | -\n" + strings.Repeat("[a]( | [a](\n", n/12) }},
		{"piped-table-unclosed-links", func(n int) string { return "| a | b |\n| - | - |\n" + strings.Repeat("| [a]( | [a]( |\n", n/16) }},
		{"table-words", func(n int) string { return "a | b\n- | -\n" + strings.Repeat("word *em* | `c` [l](u)\n", n/24) }},
		{"paragraph", func(n int) string { return strings.Repeat("word *em* `c` [l](u) text\n", n/26) }},
	}
	md := markup.New(markup.Options{})
	for _, sh := range shapes {
		for _, size := range []int{60 << 10, 512 << 10} {
			src := []byte("# A\n\n" + sh.src(size))
			b.Run(fmt.Sprintf("%s/%dKB", sh.name, size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					text := src
					if long := longBlocks(text, false); long != nil {
						text, _ = fenceBlocks(text, long)
					}
					if _, _, err := md.Convert(text, &markup.Page{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
