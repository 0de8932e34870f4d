package markup

import (
	"strings"
	"testing"
)

// TestOneLineSetext: Python-Markdown (MkDocs) takes a setext underline for
// a heading only under a one-line paragraph. Its SetextHeaderProcessor
// matches RE = r'^.*?\n[=-]+[ ]*(\n|$)' at the start of a block
// (https://github.com/Python-Markdown/markdown/blob/3.4.1/markdown/blockprocessors.py),
// so "line one\nline two\n---" is a paragraph and a rule (HRProcessor) and
// "…\n===" stays text: measured with Python-Markdown 3.4, "line one\nline
// two\n---" gives "<p>line one\nline two</p>\n<hr />" (eval6B KB16).
// CommonMark keeps its rule: "The setext heading underline ... the
// paragraph's raw content is ... the heading's content"
// (https://spec.commonmark.org/0.31.2/#setext-headings), any number of
// lines.
func TestOneLineSetext(t *testing.T) {
	for _, c := range []struct {
		name, src string
		oneLine   bool
		has, not  []string
	}{
		{"two lines and dashes: a rule", "line one\nline two\n---\n", true,
			[]string{"<p>line one\nline two</p>", "<hr>"}, []string{"<h2"}},
		{"two lines and equals: text", "line one\nline two\n===\n", true,
			[]string{"<p>line one\nline two\n===</p>"}, []string{"<h1", "<hr"}},
		{"one line and dashes: a heading", "Title\n---\n", true,
			[]string{`<h2 id="title"`, "Title"}, []string{"<hr", "<p>"}},
		{"one line and equals: a heading", "Title\n=====\n", true,
			[]string{`id="title"`}, []string{"<p>"}},
		{"CommonMark: two lines make a heading", "line one\nline two\n---\n", false,
			[]string{"<h2"}, []string{"<hr"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, _, _ := convert(t, Options{Dialects: Dialects{OneLineSetext: c.oneLine}}, c.src, Page{})
			for _, h := range c.has {
				if !strings.Contains(out, h) {
					t.Errorf("output lacks %q:\n%s", h, out)
				}
			}
			for _, n := range c.not {
				if strings.Contains(out, n) {
					t.Errorf("output has %q:\n%s", n, out)
				}
			}
		})
	}
}
