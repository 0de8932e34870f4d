package rawtex

import (
	"bytes"
	"testing"

	"github.com/yuin/goldmark"
)

// TestDropsTeXParagraphs: pandoc's manual
// (https://pandoc.org/MANUAL.html#extension-raw_tex) says "Inline LaTeX is
// ignored in output formats other than Markdown, LaTeX, Emacs Org mode,
// and ConTeXt": a page break written for the PDF is not on the web page.
func TestDropsTeXParagraphs(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(Extension))
	tests := []struct{ src, want string }{
		{"Before.\n\n\\pagebreak\n\nAfter.\n", "<p>Before.</p>\n<p>After.</p>\n"},
		{"# Introduction #\n\n\\pagestyle{headings}\n\nText.\n", "<h1>Introduction</h1>\n<p>Text.</p>\n"},
		{"\\newpage\n\\vspace*{2em}\n\\setlength{\\parskip}{1em}\n", ""},
		{"\\begin{center}\n", ""},
		{"\\documentclass[a4paper]{article}\n", ""},
		// Not a paragraph of commands: kept as written.
		{"Use \\pagebreak here.\n", "<p>Use \\pagebreak here.</p>\n"},
		{"\\pagebreak\nthen words\n", "<p>\\pagebreak\nthen words</p>\n"},
		{"\\\\\n", "<p>\\</p>\n"},
		{"    \\pagebreak\n", "<pre><code>\\pagebreak\n</code></pre>\n"},
		{"```\n\\pagebreak\n```\n", "<pre><code>\\pagebreak\n</code></pre>\n"},
		{"> \\pagebreak\n", "<blockquote>\n</blockquote>\n"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := md.Convert([]byte(tt.src), &b); err != nil {
			t.Fatal(err)
		}
		if b.String() != tt.want {
			t.Errorf("%q:\n got %q\nwant %q", tt.src, b.String(), tt.want)
		}
	}
}
