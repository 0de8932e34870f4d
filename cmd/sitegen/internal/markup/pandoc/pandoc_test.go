package pandoc

import (
	"bytes"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

func convert(t *testing.T, src string) string {
	t.Helper()
	md := goldmark.New(goldmark.WithExtensions(Extension, extension.Typographer))
	var b bytes.Buffer
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestDropsTeXParagraphs: pandoc's manual
// (https://pandoc.org/MANUAL.html#extension-raw_tex) says "Inline LaTeX is
// ignored in output formats other than Markdown, LaTeX, Emacs Org mode,
// and ConTeXt": a page break written for the PDF is not on the web page.
func TestDropsTeXParagraphs(t *testing.T) {
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
		if got := convert(t, tt.src); got != tt.want {
			t.Errorf("%q:\n got %q\nwant %q", tt.src, got, tt.want)
		}
	}
}

// TestLinkAttributes: pandoc's link_attributes
// (https://pandoc.org/MANUAL.html#extension-link_attributes): "Attributes
// can be set on links and images: ![image](foo.jpg){#id .class width=30
// height=20px}"; the HTML writer gives "width=30" as an attribute and
// other units as a style ("width=50%" is style="width:50%"). The list is
// never printed.
func TestLinkAttributes(t *testing.T) {
	tests := []struct{ src, want string }{
		{"![Logo](QW.png){ width=1inch height=1inch} and text\n", `<p><img src="QW.png" alt="Logo" style="width:1in;height:1in"> and text</p>` + "\n"},
		{"![a](a.jpg){#id .class width=30 height=20px}\n", `<p><img src="a.jpg" alt="a" width="30" height="20"></p>` + "\n"},
		{"![b](b.png){width=50%}\n", `<p><img src="b.png" alt="b" style="width:50%"></p>` + "\n"},
		{"![c](c.png){width=\"2.5cm\"}\n", `<p><img src="c.png" alt="c" style="width:2.5cm"></p>` + "\n"},
		{"[link](x.html){.external target=_blank}.\n", `<p><a href="x.html">link</a>.</p>` + "\n"},
		// Not an attribute list: kept as written.
		{"![d](d.png) {width=1}\n", `<p><img src="d.png" alt="d"> {width=1}</p>` + "\n"},
		{"![e](e.png){not an attribute list}\n", `<p><img src="e.png" alt="e">{not an attribute list}</p>` + "\n"},
		{"![f](f.png){width=1\nheight=2}\n", "<p><img src=\"f.png\" alt=\"f\">{width=1\nheight=2}</p>\n"},
		{"Set {width=1} alone.\n", "<p>Set {width=1} alone.</p>\n"},
		{"![g](g.png){width=javascript:x}\n", `<p><img src="g.png" alt="g"></p>` + "\n"},
	}
	for _, tt := range tests {
		if got := convert(t, tt.src); got != tt.want {
			t.Errorf("%q:\n got %q\nwant %q", tt.src, got, tt.want)
		}
	}
}
