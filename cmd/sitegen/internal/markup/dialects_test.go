package markup

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/markup/emoji"
	"d6codex/templates"
)

// TestDialects: the layout's dialects are switched on by Options, and
// their warnings reach the page's Report at their line.
func TestDialects(t *testing.T) {
	src := "## Contents\n{: .no_toc }\n\n## Rounds\n{: #rounds }\n\n{{< hint warning >}}\nCareful.\n{{< /hint >}}\n\n{% include x.html %}\n"
	out, res, problems := convert(t, Options{Dialects: Dialects{Kramdown: true, Liquid: true, Shortcodes: true}}, src, Page{})
	want := []*templates.TOCItem{{Title: "Rounds", ID: "rounds"}} // .no_toc leaves Contents out
	if got, w := tocString(res.TOC), tocString(want); got != w {
		t.Errorf("TOC = %s, want %s", got, w)
	}
	for _, part := range []string{`<h2 id="rounds">`, `callout-warning`, "<p>Careful.</p>"} {
		if !strings.Contains(out, part) {
			t.Errorf("output lacks %q:\n%s", part, out)
		}
	}
	if strings.Contains(out, "{:") || strings.Contains(out, "{{") || strings.Contains(out, "{%") {
		t.Errorf("dialect syntax printed:\n%s", out)
	}
	if len(problems) != 1 || !strings.Contains(problems[0], "11:1") || !strings.Contains(problems[0], `Liquid tag "{% include x.html %}"`) {
		t.Errorf("problems = %q, want the Liquid tag at 11:1", problems)
	}
	// Off by default: the same page shows its syntax (and warns of the shortcode).
	out, _, _ = convert(t, Options{}, src, Page{})
	if !strings.Contains(out, "{: .no_toc }") {
		t.Errorf("dialects on without being asked:\n%s", out)
	}
	// Pandoc's raw TeX paragraphs (a folder of Markdown built with pandoc).
	tex := "# Ch\n\n\\pagebreak\n\nText.\n"
	if out, _, _ := convert(t, Options{Dialects: Dialects{Pandoc: true}}, tex, Page{}); strings.Contains(out, "pagebreak") || !strings.Contains(out, "Text.") {
		t.Errorf("Pandoc kept the command or lost the text:\n%s", out)
	}
	if out, _, _ := convert(t, Options{}, tex, Page{}); !strings.Contains(out, "\\pagebreak") {
		t.Errorf("Pandoc on without being asked:\n%s", out)
	}
}

// TestRefToURLFails is issue 31: a Hugo ref to a URL is an error (not a
// warning) at its line and column, and publishes no link to it.
func TestRefToURLFails(t *testing.T) {
	out, _, problems := convert(t, Options{Dialects: Dialects{Shortcodes: true}}, "# T\n\nSee {{< ref \"https://x.example\" >}}.\n", Page{})
	if len(problems) != 1 || !strings.HasPrefix(problems[0], "3:5: Hugo's ref takes the path of a page of this site, not a URL") {
		t.Errorf("problems = %q, want one error at 3:5", problems)
	}
	if strings.Contains(out, "x.example") {
		t.Errorf("the URL is published:\n%s", out)
	}
}

// tagLinks resolves every #tag to /tags/NAME/.
type tagLinks struct{}

func (tagLinks) ResolveLink(dest string) (string, string) { return dest, "" }
func (tagLinks) ResolveTag(name string) string            { return "/tags/" + name + "/" }

// TestSpanIALNotATag is issue 31: in a Jekyll page read with Obsidian's
// syntax on (every layout's default), the id of a kramdown span list
// (**x**{: #id}) is the element's id, not an Obsidian #tag shown with the
// list's braces.
func TestSpanIALNotATag(t *testing.T) {
	out, _, problems := convert(t, Options{Obsidian: true, Dialects: Dialects{Kramdown: true}},
		"**x**{: #id} and a real #tag\n", Page{Links: tagLinks{}})
	if want := `<strong id="id">x</strong> and a real <a class="tag" href="/tags/tag/">#tag</a>`; !strings.Contains(out, want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
	if strings.Contains(out, "{:") || strings.Contains(out, "/tags/id/") || len(problems) > 0 {
		t.Errorf("span list shown or made a tag (problems %q):\n%s", problems, out)
	}
}

// FuzzDialects: no input makes the dialect extensions panic.
func FuzzDialects(f *testing.F) {
	for _, seed := range []string{
		"## A\n{: #x .y }\n\n* TOC\n{:toc}\n\nt{: .a} *b*{: .c -d} e\n",
		"{{< hint >}}\n{{< tabs >}}\n{{< tab \"a\" >}}\nx\n{{< /tab >}}\n{{< /hint >}}\n[a]({{< ref \"b\" >}}) {{< relref x >}}\n",
		"{% raw %}{{ x }}{% endraw %} [a]({% link b.md %}) {% link c.md %}\n\n[r]: {% link d.md %}\n",
		"{{% notice %}}\n{{< figure src=\"a.png\" >}}\n{{% /notice %}}\n{: .x-y-z\n}",
		"\\pagebreak\n\\begin{center}[x]\n\n> \\newpage{\n",
		"![a](b.png){ width=1inch height=\"2\"} [c](d){#e .f}{g} ![h](i){\n",
	} {
		f.Add(seed)
	}
	md := New(Options{Dialects: Dialects{Kramdown: true, Liquid: true, Shortcodes: true, Pandoc: true}})
	f.Fuzz(func(t *testing.T, src string) {
		done := make(chan struct{})
		go func() {
			defer close(done)
			page := Page{Report: func(Problem) {}}
			if _, _, err := md.Convert([]byte(src), &page); err != nil {
				t.Error(err)
			}
			md.Outline([]byte(src))
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			panic(fmt.Sprintf("no result after 5 s for %q", src))
		}
	})
}

// TestJemojiIDs: jemoji writes ":five:" as the emoji ("jemoji: GitHub-flavored
// emoji plugin for Jekyll", https://github.com/jekyll/jemoji, run on the
// converter's HTML), after kramdown made the heading's id from its text:
// "## :five: Grappler" is "five-grappler" (dmoisset/s5, eval14A NA7). Not
// inside code.
func TestJemojiIDs(t *testing.T) {
	src := "## :five: Grappler\n\nA :smile: and `:smile:`.\n"
	out, res, _ := convert(t, Options{Dialects: Dialects{Kramdown: true, Emoji: true}}, src, Page{})
	five, _ := emoji.Lookup("five")
	smile, _ := emoji.Lookup("smile")
	for _, part := range []string{`<h2 id="five-grappler">` + five + " Grappler", "A " + smile + " and <code>:smile:</code>."} {
		if !strings.Contains(out, part) {
			t.Errorf("output lacks %q:\n%s", part, out)
		}
	}
	if len(res.TOC) != 1 || res.TOC[0].Title != five+" Grappler" {
		t.Errorf("TOC = %s, want the emoji in its title", tocString(res.TOC))
	}
}

// TestKramdownTOC: "kramdown supports the automatic generation of the table
// of contents of all headers that have an ID set. Just assign the reference
// name 'toc' to an ordered or unordered list by using an IAL and the list
// will be replaced with the actual table of contents"; "If you don't want a
// header to appear in the table of contents, just assign the class no_toc
// to it" (https://kramdown.gettalong.org/converter/html.html#toc). Each want
// is what jekyll 4.3.1 (kramdown 2.4) wrote for the same text, without the
// entries' ids and with sitegen's levels (the title h1 is the frame's).
// An entry keeps its heading's inline markup, links unwrapped
// (Converter::Html#fix_for_toc_entry: remove_footnotes, unwrap_links).
// "toc_levels: Defines the levels that are used for the table of
// contents … (e.g. 1,2,3) or by using the range syntax (e.g. 1..3). Only
// the specified levels are used for the table of contents. Default: 1..6"
// (kramdown 2.4, lib/kramdown/options.rb); a heading of a level left out
// is not listed, and the next listed one nests under the last listed one.
func TestKramdownTOC(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		page   Page
		levels []int
		want   string // the <ul>/<ol> of the contents, whitespace removed
	}{
		{"a bullet list, two headings, one with its own id",
			"* TOC\n{:toc}\n\n## One\n\n## Two\n{: #custom }\n", Page{},
			nil, `<ul><li><a href="#one">One</a></li><li><a href="#custom">Two</a></li></ul>`},
		{"nested by level, no_toc left out, an ordered list",
			"1. TOC\n{:toc}\n\n## Rolling *dice*\n\n### Bonus\n\n## Damage `x`\n\n## Hidden\n{: .no_toc }\n", Page{},
			nil, `<ol><li><a href="#rolling-dice">Rolling<em>dice</em></a><ol><li><a href="#bonus">Bonus</a></li></ol></li><li><a href="#damage-x">Damage<code>x</code></a></li></ol>`},
		{"toc_levels 2..3: an h4 and the h1 left out; a heading's link unwrapped",
			"1. TOC\n{:toc}\n\n# Top\n\n## Rolling *dice*\n\n### Bonus [link](x.html)\n{: #bonus-link }\n\n## Damage `x`\n\n#### Four\n", Page{}, []int{2, 3},
			`<ol><li><a href="#rolling-dice">Rolling<em>dice</em></a><ol><li><a href="#bonus-link">Bonuslink</a></li></ol></li><li><a href="#damage-x">Damage<code>x</code></a></li></ol>`},
		// (A <details markdown="block"> is split into such HTML lines by
		// package jekyll, blockmarkdown.go.)
		{"in a disclosure; the title heading the frame shows is not listed; a later h1 is",
			"# Attack rules\n\n<details open>\n<summary>Contents</summary>\n\n1. TOC\n{:toc}\n\n</details>\n\n## Rolling\n\n### Bonus\n\n# Second top\n",
			Page{DropH1: true},
			nil, `<ol><li><a href="#rolling">Rolling</a><ol><li><a href="#bonus">Bonus</a></li></ol></li><li><a href="#second-top">Second top</a></li></ol>`},
		{"a deeper heading first, then a shallower one",
			"- TOC\n{:toc}\n\n### Deep\n\n## Shallow\n", Page{},
			nil, `<ul><li><a href="#deep">Deep</a></li><li><a href="#shallow">Shallow</a></li></ul>`},
	}
	squeeze := strings.NewReplacer("\n", "", " ", "")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, problems := convert(t, Options{Dialects: Dialects{Kramdown: true, TOCLevels: tt.levels}}, tt.src, tt.page)
			if len(problems) > 0 {
				t.Errorf("problems: %q", problems)
			}
			if strings.Contains(out, "TOC") {
				t.Errorf("the marker list is printed:\n%s", out)
			}
			got := squeeze.Replace(out)
			if !strings.Contains(got, squeeze.Replace(tt.want)) {
				t.Errorf("contents not found:\n%s\nwant %s", out, tt.want)
			}
		})
	}
}
