package inlinefield

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	gmext "github.com/yuin/goldmark/extension"

	"d6codex/cmd/sitegen/internal/markup/wikilink"
)

const urlMetadata = "https://blacksmithgu.github.io/obsidian-dataview/annotation/add-metadata/"

func render(t *testing.T, src string) string {
	t.Helper()
	md := goldmark.New(goldmark.WithExtensions(gmext.GFM, wikilink.Extension, Extension))
	var b bytes.Buffer
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(b.String())
}

// field is the HTML of a labelled value.
func field(key, value string) string {
	return `<span class="dv-field"><span class="dv-key">` + key + `</span> <span class="dv-value">` + value + `</span></span>`
}

func TestRender(t *testing.T) {
	for _, tc := range []struct {
		rule, src, want string
	}{
		{"Basic Field:: Some random Value (a field on its own line)",
			"Basic Field:: Some random Value", "<p>" + field("Basic Field", "Some random Value") + "</p>"},
		{"**Bold Field**:: Nice! (the key keeps its Markdown on the page)",
			"**Bold Field**:: Nice!", "<p>" + field("<strong>Bold Field</strong>", "Nice!") + "</p>"},
		{"a line's field among other lines of a paragraph",
			"**Height**: 9'0\"\n**Good Starter**:: No\nNext line", "<p><strong>Height</strong>: 9'0&quot;\n" + field("<strong>Good Starter</strong>", "No") + "\nNext line</p>"},
		{"I would rate this a [rating:: 9]! It was [mood:: acceptable].",
			"I would rate this a [rating:: 9]! It was [mood:: acceptable].",
			"<p>I would rate this a " + field("rating", "9") + "! It was " + field("mood", "acceptable") + ".</p>"},
		{"This will not show the (longKeyIDontNeedWhenReading:: key). will render to: This will not show the key.",
			"This will not show the (longKeyIDontNeedWhenReading:: key).",
			`<p>This will not show the <span class="dv-field dv-bare"><span class="dv-value">key</span></span>.</p>`},
		{"a value is Markdown: its wikilinks and emphasis render",
			"[x:: [[A]]] and [y:: *b*]", "<p>" + field("x", `<span class="wikilink-missing">A</span>`) + " and " + field("y", "<em>b</em>") + "</p>"},
		{"- [ ] Send an mail to David about the deadline [due:: 2022-04-05].",
			"- [ ] Send an mail to David about the deadline [due:: 2022-04-05].",
			`<ul>` + "\n" + `<li><input disabled="" type="checkbox"> Send an mail to David about the deadline ` + field("due", "2022-04-05") + ".</li>\n</ul>"},
		{"in a table cell", "| [Evasion:: 3] |\n|---|\n| x |", "<table>\n<thead>\n<tr>\n<th>" + field("Evasion", "3") + "</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>x</td>\n</tr>\n</tbody>\n</table>"},
		{"not a field: a URL", "http://example.com::x", `<p><a href="http://example.com">http://example.com</a>::x</p>`},
		{"not a field: a code span", "`a:: b`", "<p><code>a:: b</code></p>"},
		{"a field whose closing bracket is in a code span is text, and the next line's fields are read",
			"[a:: `x]` y]\n[b:: c]", "<p>[a:: <code>x]</code> y]\n" + field("b", "c") + "</p>"},
		{"a bracket that is not closed on its line is text", "text [a:: b\nc]", "<p>text [a:: b\nc]</p>"},
	} {
		if got := render(t, tc.src); got != tc.want {
			t.Errorf("%s\n%s\n%q\ngot  %s\nwant %s", urlMetadata, tc.rule, tc.src, got, tc.want)
		}
	}
}

// FuzzRender checks that any text renders (never a panic) and that a
// field's mark never shows as an unbalanced tag.
func FuzzRender(f *testing.F) {
	for _, s := range []string{"Key:: v", "[a:: [[b]]] (c:: *d*)", "[a:: `x]` y]\n[b:: c]", "**K**:: [x](y) [z:: (w)]", "| [a:: 1] | (b:: 2) |\n|-|-|\n| c:: 3 | x |"} {
		f.Add(s)
	}
	md := goldmark.New(goldmark.WithExtensions(gmext.GFM, wikilink.Extension, Extension))
	f.Fuzz(func(t *testing.T, src string) {
		var b bytes.Buffer
		if err := md.Convert([]byte(src), &b); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if strings.Count(out, `<span class="dv-field`) != strings.Count(out, `<span class="dv-value">`) {
			t.Errorf("%q: unbalanced field:\n%s", src, out)
		}
	})
}
