package markup

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"

	"d6codex/cmd/sitegen/internal/testing/corpus"
)

// TestOutlineParserIDs checks that the block-only parser used while loading
// finds exactly the ids the full renderer produces.
func TestOutlineParserIDs(t *testing.T) {
	docs := []string{
		"---\ntitle: x\n---\n\n# One\n\n## One\n\n## *Emph* and `code` [link](x.md)\n\nSetext\n------\n\n## Custom {#my-id}\n\n```\n## not a heading\n```\n\n> ## Quoted\n\n- ## In list\n\nTerm\n: ## in dd?\n\nNote.[^1]\n\n[^1]: ## in footnote\n\n<div id=\"raw-id\">\n## in html\n</div>\n\nA <span id=\"inline-id\">span</span>.\n\nA block ^block-1\n\n- item ^item-2\n\n%%\n## hidden\n%%\n\n| a |\n|---|\n| ## cell |\n",
	}
	docs = append(docs, readMarkdown(t, filepath.Join("..", "site", "testdata", "site", "content"))...)
	md := New(Options{Obsidian: true})
	for i, doc := range docs {
		parsed, _ := md.Parse([]byte(doc), &Page{})
		outline, _ := md.Outline([]byte(doc))
		full, fast := IDs(parsed, []byte(doc)), IDs(outline, []byte(doc))
		if !mapsEqualBool(full, fast) {
			t.Errorf("doc %d: outline ids %v, full ids %v", i, fast, full)
		}
		if i == 0 && len(full) < 6 {
			t.Errorf("doc 0: only %d ids found: %v", len(full), full)
		}
	}
}

// readMarkdown returns the text of every Markdown file under root.
func readMarkdown(t *testing.T, root string) []string {
	t.Helper()
	var docs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".md" {
			b, rerr := os.ReadFile(p)
			docs = append(docs, string(b))
			return rerr
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return docs
}

func mapsEqualBool(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// TestOutlineSkipsOnlyInlines holds the outline parser (skipInline: no
// inline pass) to the outline parser with goldmark's inline pass
// (outlineTextParser), the one loading used before: the same blocks (a
// table's header without its body rows: tableHeads), of
// the same types and fields, with the same lines, positions and
// attributes, and no inline node left. It runs on hand-made edge cases
// (lines starting with punctuation, escapes, tables after text, definition
// lists over a blank line, setext and empty headings, Obsidian block ids
// after tables, kramdown attribute lists, shortcodes, CRLF, NUL, invalid
// UTF-8), the Markdown of the hostile-input tests (the large pages scaled
// down), the test site and both generated corpora, with every dialect.
func TestOutlineSkipsOnlyInlines(t *testing.T) {
	docs := []string{
		"# One\n\n## *Emph* and `code` [link](x.md)\n\n#\n\n## \n\nSetext\n------\n\nTitle\n===\n\n## Custom {#my-id .c}\n",
		"*starts with emphasis*\n**bold** line\n\\# escaped\n\\\nhard break above\ntwo spaces  \nend\n",
		"- `code` first\n- [link](x) second\n  lazy\n1. one\n2) two\n\n> > quoted | not a table\n> ---\n",
		"text before\n| a | b |\n|---|:-:|\n| 1 | 2 |\nno pipes row\n\n| x |\n|---|---|\n| not a table: counts differ |\n\n|a|\n|-|\n|`a\\|b`|\n",
		"| a | b |\n|---|\n| header wider than the delimiter: no table |\nmore\n\na\n| - - |\n| b |\n|---|\n| c |\n\n|:-:-|\n|---|\n| x |\n",
		"- | a |\n  |---|\n  | 1 |\n\n> | q |\n> |---|\n> | 1 |\n\n| t |\n|---|\n| 1 |\n^table-id\n\nA block ^block-1\n\n- item ^item-2\n",
		"Term\n: def one\n\nTerm two\n\n: def after blank\n: ## heading in dd\n\nNote.[^1]\n\n[^1]: ## in footnote\n    more\n",
		"<div id=\"raw-id\">\n## in html\n</div>\n\nA <span id=\"inline-id\">span</span>.\n\n%%\n## hidden\n%%\n\n> [!note] Title *x*\n> body #tag\n\n#tag and #other/tag\n",
		"{: .x }\nparagraph with an IAL before\n\n## H\n{: #custom }\n\n* toc\n{:toc}\n\n{% include x.html %}\n[l]: {% link a.md %}\n\n{{< note >}}\ninside\n{{< /note >}}\n\n{{% x %}}\n",
		"```go\n## not a heading\n```\n\n    indented code\n\n~~~calc\nx\n~~~\n\n***\n\n<!-- comment -->\n",
		"\ufeff---\r\ntitle: A\r\n---\r\n\r\n## H\r\ntext\r\n| a |\r\n|---|\r\n| 1 |\r\n",
		"---\ntitle: A\n---\nx\x00y\n\xc3\x28\n\n+++\nnot front matter\n+++\n",
		"# A\n\n" + strings.Repeat("[a]: /x\n", 200),
		"# A\n\n" + strings.Repeat("> [^1]\n", 200),
		"# A\n\n" + strings.Repeat("[a](", 500),
		"# A\n\n| a | b |\n|---|---|\n" + strings.Repeat("| some item of a long list | 500 gp |\n", 300),
		"# A\n\n<a id=\"a\"></a>\n\n" + strings.Repeat("- [a spell](#a) and a few words\n  that go on\n", 300),
		"# A\n\n> ```text\n" + strings.Repeat("> code line\n", 300) + "> ```\n",
		strings.Repeat("> ", 120) + "deep quote\n",
	}
	var nested strings.Builder
	for i := range 120 {
		nested.WriteString(strings.Repeat("  ", i) + "- item\n")
	}
	docs = append(docs, nested.String())
	dir := t.TempDir()
	if err := corpus.Generate(filepath.Join(dir, "d6codex"), 40, 1); err != nil {
		t.Fatal(err)
	}
	if err := corpus.GenerateRules(filepath.Join(dir, "rules"), 40, 1); err != nil {
		t.Fatal(err)
	}
	for _, root := range []string{dir, filepath.Join("..", "site", "testdata", "site")} {
		docs = append(docs, readMarkdown(t, root)...)
	}
	for _, opts := range []Options{{}, {Obsidian: true}, {Dialects: Dialects{Kramdown: true, Liquid: true}}, {Dialects: Dialects{Shortcodes: true}}} {
		md := New(opts)
		text := md.rec.parser(outlineTextParser)
		for i, doc := range docs {
			src := []byte(doc)
			got, _ := md.Outline(src)
			want := text.Parse(gtext.NewReader(src), parser.WithContext(parser.NewContext()))
			if diff := sameBlocks(got, want, src); diff != "" {
				t.Errorf("%+v, doc %d (%.40q): %s", opts, i, doc, diff)
			}
		}
	}
}

// sameBlocks compares the blocks of two outlines: a ("" when they match)
// has no inline node; b's inline nodes are skipped.
func sameBlocks(a, b ast.Node, src []byte) string {
	if reflect.TypeOf(a) != reflect.TypeOf(b) {
		return fmt.Sprintf("%s against %s", a.Kind(), b.Kind())
	}
	where := fmt.Sprintf("%s at %d", a.Kind(), b.Pos())
	if a.Pos() != b.Pos() || a.HasBlankPreviousLines() != b.HasBlankPreviousLines() {
		return where + ": position or blank lines differ"
	}
	if a.Type() == ast.TypeBlock || a.Type() == ast.TypeDocument {
		if !slices.Equal(a.Lines().Sliced(0, a.Lines().Len()), b.Lines().Sliced(0, b.Lines().Len())) {
			return fmt.Sprintf("%s: lines %q against %q", where, a.Lines().Value(src), b.Lines().Value(src))
		}
	}
	if fmt.Sprint(a.Attributes()) != fmt.Sprint(b.Attributes()) {
		return fmt.Sprintf("%s: attributes %v against %v", where, a.Attributes(), b.Attributes())
	}
	// The fields of the node's own type (Level, IsTight, Alignments, Info...).
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	for i := range va.NumField() {
		f := va.Type().Field(i)
		if f.Anonymous || !f.IsExported() {
			continue
		}
		fa, fb := va.Field(i).Interface(), vb.Field(i).Interface()
		if na, ok := fa.(ast.Node); ok { // a node a field points to (FencedCodeBlock.Info): its kind and segment
			nb, _ := fb.(ast.Node)
			if (na == nil || reflect.ValueOf(na).IsNil()) != (nb == nil || reflect.ValueOf(nb).IsNil()) {
				return fmt.Sprintf("%s: field %s differs", where, f.Name)
			}
			if ta, ok := na.(*ast.Text); ok && ta != nil && ta.Segment != nb.(*ast.Text).Segment {
				return fmt.Sprintf("%s: field %s differs", where, f.Name)
			}
			continue
		}
		if !reflect.DeepEqual(fa, fb) {
			return fmt.Sprintf("%s: field %s %v against %v", where, f.Name, fa, fb)
		}
	}
	ca, cb := a.FirstChild(), b.FirstChild()
	for cb != nil && cb.Type() == ast.TypeInline {
		cb = cb.NextSibling()
	}
	if _, ok := a.(*extast.Table); ok && a.ChildCount() == 1 && b.ChildCount() > 1 { // tableHeads: the header, no body rows
		for r := cb.NextSibling(); r != nil; r = r.NextSibling() {
			if _, ok := r.(*extast.TableRow); !ok {
				return fmt.Sprintf("%s: a %s after the header", where, r.Kind())
			}
		}
		return sameBlocks(ca, cb, src)
	}
	if ca != nil && ca.Type() == ast.TypeInline {
		return where + ": an inline node was left"
	}
	for ca != nil || cb != nil {
		if ca == nil || cb == nil {
			return where + ": a different number of blocks"
		}
		if d := sameBlocks(ca, cb, src); d != "" {
			return d
		}
		ca, cb = ca.NextSibling(), cb.NextSibling()
		for cb != nil && cb.Type() == ast.TypeInline {
			cb = cb.NextSibling()
		}
		if ca != nil && ca.Type() == ast.TypeInline {
			return where + ": an inline node was left"
		}
	}
	return ""
}
