package jekyll

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	ghtml "github.com/yuin/goldmark/renderer/html"
)

// TestBlockMarkdown checks kramdown's markdown attribute on a block
// element of raw HTML: "If an HTML tag has an attribute markdown="1",
// then the default mechanism for parsing syntax in this tag is used" (a
// block element's content is read as blocks), "If an HTML tag has an
// attribute markdown="block", then the content of the tag is parsed as
// block level elements", and with markdown="0" or none the content is raw
// (https://kramdown.gettalong.org/syntax.html#html-blocks). A block
// attribute list after an element inside gives it its classes ("{:
// .text-delta }" after <summary>: Block, Dodge, Parry SRD's table of
// contents). Each want is what jekyll 4.3.1 (kramdown 2.4) writes for the
// input (/tmp/jk26/fx2), spaces between tags aside; the text is then read
// as sitegen reads a page (goldmark, raw HTML kept), its lines kept.
func TestBlockMarkdown(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"div markdown=1: heading, paragraph, list",
			"<div class=\"box\" markdown=\"1\">\n## Inside heading\n\nA *para* here.\n\n- one\n- two\n</div>\n",
			`<div class="box"><h2>Inside heading</h2><p>A <em>para</em> here.</p><ul><li>one</li><li>two</li></ul></div>`},
		{"details markdown=block, an attribute list after summary",
			"<details open markdown=\"block\">\n  <summary>\n    More\n  </summary>\n  {: .text-delta }\nText **bold**.\n</details>\n",
			`<details open><summary class="text-delta"> More </summary><p>Text <strong>bold</strong>.</p></details>`},
		{"one line of text", "<div markdown=\"1\">\nJust *one* line\n</div>\n", `<div><p>Just <em>one</em> line</p></div>`},
		{"blank lines kept", "<section markdown=\"block\">\n\n1. first\n2. second\n\n</section>\n", `<section><ol><li>first</li><li>second</li></ol></section>`},
		{"nested", "<div markdown=\"1\">\n<div markdown=\"1\">\n*in*\n</div>\n</div>\n", `<div><div><p><em>in</em></p></div></div>`},
		{"markdown=0: raw", "<div markdown=\"0\">\n*raw* stays\n</div>\n", `<div markdown="0"> *raw* stays </div>`},
		{"no attribute: raw", "<div>\n*raw* too\n</div>\n", `<div> *raw* too </div>`},
		{"not closed: left", "<div markdown=\"1\">\n*x*\n", `<div markdown="1"> *x*`},
		{"in a fenced code block: left", "```\n<div markdown=\"1\">\n*x*\n</div>\n```\n", `<pre><code>&lt;div markdown=&quot;1&quot;&gt; *x* &lt;/div&gt; </code></pre>`},
	}
	md := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(ghtml.WithUnsafe()))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := blockMarkdown([]byte(tt.in))
			if n, m := bytes.Count(text, []byte("\n")), strings.Count(tt.in, "\n"); n != m {
				t.Errorf("%d lines, want %d: %q", n, m, text)
			}
			var b bytes.Buffer
			if err := md.Convert(text, &b); err != nil {
				t.Fatal(err)
			}
			if got := squeeze(b.String()); got != tt.want {
				t.Errorf("got  %s\nwant %s\n(text %q)", got, tt.want, text)
			}
		})
	}
}

// squeeze is HTML without comments, with spaces between tags dropped and
// other runs of spaces made one.
func squeeze(h string) string {
	h = regexp.MustCompile(`<!--.*?-->`).ReplaceAllString(h, "")
	h = regexp.MustCompile(`\s+`).ReplaceAllString(h, " ")
	h = regexp.MustCompile(`>\s+<`).ReplaceAllString(h, "><")
	h = strings.ReplaceAll(h, `open=""`, "open")
	return strings.TrimSpace(h)
}
