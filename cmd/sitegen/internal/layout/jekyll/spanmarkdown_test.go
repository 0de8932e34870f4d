package jekyll

import "testing"

// TestSpanMarkdown checks kramdown's markdown attribute on an element
// of raw HTML: "If an HTML tag has an attribute markdown="span", then
// the content of the tag is parsed as span level elements", and with
// markdown="1" "the default mechanism for parsing syntax is used" (span
// level for an element such as <p> whose content is text); the attribute
// is not written (https://kramdown.gettalong.org/syntax.html#html-blocks).
// kaiser-rpg/KaiserRPG.github.io writes its data's entries through
// `<p markdown="span">{{entry}}</p>`: jekyll 4.3 writes `+1` as
// <code class="language-plaintext highlighter-rouge">+1</code>.
func TestSpanMarkdown(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"p span", "<div>\n<p markdown=\"span\">a `+1` to *Agility*</p>\n</div>\n",
			"<div>\n<p>a <code>+1</code> to <em>Agility</em></p>\n</div>\n"},
		{"span and div, other attributes kept", "<span class=\"x\" markdown=\"span\">**b**</span> <div markdown=\"span\" id=\"d\">[l](a.html)</div>\n",
			"<span class=\"x\"><strong>b</strong></span> <div id=\"d\"><a href=\"a.html\">l</a></div>\n"},
		{"markdown=1 on p", "<p markdown=\"1\">_c_</p>\n", "<p><em>c</em></p>\n"},
		{"markdown=0: raw", "<p markdown=\"0\">_c_</p>\n", "<p markdown=\"0\">_c_</p>\n"},
		{"no attribute: raw", "<p>_c_</p>\n", "<p>_c_</p>\n"},
		{"in a fenced code block: left", "```html\n<p markdown=\"span\">_c_</p>\n```\n", "```html\n<p markdown=\"span\">_c_</p>\n```\n"},
		{"over lines: left", "<p markdown=\"span\">_c_\nd</p>\n", "<p markdown=\"span\">_c_\nd</p>\n"},
	}
	for _, tt := range tests {
		if got := string(spanMarkdown([]byte(tt.in))); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
