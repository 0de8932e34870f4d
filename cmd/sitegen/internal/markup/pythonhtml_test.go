package markup

import (
	"strings"
	"testing"
)

// TestPythonMarkdownHTMLBlocks: Python-Markdown, MkDocs' Markdown, keeps a
// block-level HTML element whole to its end tag, blank lines and indented
// children included ("The only restrictions are that block-level HTML
// elements -- e.g. <div>, <table>, <pre>, <p>, etc. -- must be separated
// from surrounding content by blank lines, and the start and end tags of
// the block should not be indented with spaces or tabs. Markdown is
// smart enough not to add extra (unwanted) <p> tags around HTML
// block-level tags", https://python-markdown.github.io/#differences and
// https://daringfireball.net/projects/markdown/syntax#html; measured with
// MkDocs 1.4: no "&lt;div" in its page). CommonMark ends such a block at
// the first blank line, so Project-Ordinance/website-wiki's team cards
// (docs/team/index.md:17-36) after the first showed as code (eval14B NB2).
// md_in_html's markdown attribute keeps the content Markdown.
func TestPythonMarkdownHTMLBlocks(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want, not []string
	}{
		{
			name: "blank lines and indented children",
			src:  "# Team\n\n<div class=\"role\">\n<h2>Leads</h2>\n\n    <div class=\"member\">\n        <p>Ann</p>\n    </div>\n\n    <div class=\"member\">\n        <p>Bo</p>\n    </div>\n\n</div>\n\nAfter **bold**.\n",
			want: []string{`<div class="member">`, "<p>Bo</p>", "<p>After <strong>bold</strong>.</p>"},
			not:  []string{"<pre>", "&lt;div", "<code>"},
		},
		{
			name: "nested element of the same name",
			src:  "<div>\n<div>\n\ninner\n\n</div>\n\n    code-looking\n\n</div>\n\n*em*\n",
			want: []string{"code-looking", "<em>em</em>"},
			not:  []string{"<pre>", "<code>", "<p>inner</p>"},
		},
		{
			name: "md_in_html's markdown attribute: Markdown inside",
			src:  "<div class=\"grid cards\" markdown>\n\n- **One**\n- Two\n\n</div>\n",
			want: []string{"<li><strong>One</strong></li>"},
		},
		{
			name: "an inline tag is not a block",
			src:  "<span>a</span>\n\n    code\n",
			want: []string{"<pre><code>code"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _, _ := convert(t, Options{Unsafe: true, Dialects: Dialects{PythonMarkdown: true}}, tc.src, Page{})
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("lacks %q:\n%s", w, out)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(out, n) {
					t.Errorf("has %q:\n%s", n, out)
				}
			}
		})
	}
	// CommonMark (every other dialect) still ends the block at a blank line.
	out, _, _ := convert(t, Options{Unsafe: true}, "<div>\n\n    code\n\n</div>\n", Page{})
	if !strings.Contains(out, "<pre><code>code") {
		t.Errorf("CommonMark: the indented line after a blank line is not code:\n%s", out)
	}
}
