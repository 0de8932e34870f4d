package jekyll

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestLayoutFiltersContent checks a layout that filters the page's
// content. Jekyll renders a page in stages: "Unleashing the converters
// … This is when Markdown gets converted into HTML", then "Populating the
// layouts … By this stage, the source file is considered rendered and it
// will not be revisited" (https://jekyllrb.com/docs/rendering-process/):
// {{ content }} in a layout is the page's HTML, and a filter on it sees
// that HTML. kaiser-rpg/KaiserRPG.github.io writes every page's text
// through an include of replace filters that make `[@skill Block @]` a
// span (eval24A, still wrong 2). Liquid's "replace: Replaces every
// occurrence of the first argument in a string with the second argument"
// (https://shopify.github.io/liquid/filters/replace/).
func TestLayoutFiltersContent(t *testing.T) {
	files := map[string]string{
		"_includes/replace-content.html": "{{\n    include.content\n\n    | replace: \"[@skill \", \"<span class='skill'>\"\n    | replace: \"[@trait \", \"<span class='trait'>\"\n    | replace: \" @]\", \"</span>\"\n }}",
		"_layouts/page.html":             "---\nlayout: default\n---\n<div class=\"post-content\">\n{% include replace-content.html content=content %}\n</div>\n",
		"_layouts/default.html":          "<html><body>{{ content }}</body></html>\n",
		"_layouts/first.html":            "<div>\n{{ content | remove_first: \"TODO\" }}\n</div>\n",
		"_layouts/table.html":            "<div>\n\n{{ content | replace: '<table>', '<table class=\"table\">' }}\n</div>\n",
		"_layouts/words.html":            "<p class=\"n\">{{ content | number_of_words }} words</p>\n{{ content }}\n",
		"_layouts/stripped.html":         "<p>\n{{ content | strip_html | truncatewords: 2 }}\n</p>\n",
		"_layouts/stars.html":            "<div>\n{{ content | replace: \"*\", \"+\" }}\n</div>\n",
		"_layouts/wrap.html":             "<div>\n\n{% include wrap.html content=content %}\n</div>\n",
		"_includes/wrap.html":            "{{ include.content | replace: '<p>', '<p class=\"x\">' }}",
		"_layouts/paras.html":            "<section>\n{{ content | replace: 'Roll', 'Throw' | remove: '<p>' | remove: '</p>' }}\n</section>\n",
		"_layouts/rules.html":            "<div>\n{{ content | remove: '<hr />' | replace: '<br>', '' }}\n</div>\n",
		"_layouts/escaped.html":          "<section>\n{{ content | escape }}\n</section>\n",
		"_layouts/markdownified.html":    "<div class=\"rules\">{{ content | markdownify }}</div>\n",
		"_layouts/stripped2.html":        "<div>{{ content | strip | default: 'none' | markdownify | replace: 'Roll', 'Throw' }}</div>\n",
		"_layouts/newlines.html":         "<div>{{ content | newline_to_br }}</div>\n",
		"_layouts/inner.html":            "---\nlayout: outer\n---\n<section>[@skill Inner @]\n{{ content }}\n</section>\n",
		"_layouts/outer.html":            "<article>\n{{ content | replace: \"[@skill \", \"<b>\" | replace: \" @]\", \"</b>\" }}\n</article>\n",
		"_layouts/post.html":             "---\nlayout: base\n---\n<div class=\"post\">\n{{ content | replace: \"Roll\", \"Throw\" }}\n</div>\n",
		"_layouts/base.html":             "<section class=\"b\">\n{{ content | replace: \"dice\", \"bones\" }}\n</section>\n",
		"_layouts/tablepost.html":        "---\nlayout: base\n---\n<div>\n{{ content | replace: '<table>', '<table class=\"t\">' }}\n</div>\n",
		"_layouts/parapost.html":         "---\nlayout: parabase\n---\n<div>\n{{ content | replace: \"Roll\", \"Throw\" }}\n</div>\n",
		"_layouts/chromepost.html":       "---\nlayout: chrome\n---\n<div class=\"post\">\n{{ content | replace: \"Roll\", \"Throw\" }}\n</div>\n",
		"_layouts/chrome.html":           "<html><head><title>{{ page.title }}</title></head><body>\n<nav>{% include nav.html %}</nav>\n<main>\n{{ content | replace: \"dice\", \"bones\" | replace: '<p>', '<p class=\"x\">' }}\n</main>\n</body></html>\n",
		"_layouts/parabase.html":         "<section class=\"b\">\n{{ content | replace: '<p>', '<p class=\"x\">' }}\n</section>\n",
		// allejo/jekyll-anchor-headings' way, as byodinsbeardrpg's
		// page.html runs it: the content cut at "<h", each part that
		// opens no tag given "<h" back, an anchor added to each heading.
		"_layouts/anchors.html": "<div class=\"page\">\n{% include anchors.html html=content %}\n</div>\n",
		"_includes/anchors.html": "{% assign parts = include.html | split: '<h' %}{% capture out %}{% endcapture %}" +
			"{% for part in parts %}{% if part == '' %}{% continue %}{% endif %}{% assign head = part | split: '>' | first %}" +
			"{% unless head contains '<' %}{% capture part %}<h{{ part | replace: '</h2>', '<a href=\"#\">#</a></h2>' }}{% endcapture %}{% endunless %}" +
			"{% capture out %}{{ out }}{{ part }}{% endcapture %}{% endfor %}{{ out }}",
	}
	dir := layouttest.Write(t, files)
	read := func(f string) ([]byte, error) {
		if s, ok := files[f]; ok {
			return []byte(s), nil
		}
		return nil, fs.ErrNotExist
	}
	tests := []struct {
		name, src string
		want      []string // in this order in the page's text
		not       []string // nowhere in it
		warn      string   // the one warning, "file:line: text"
		html      []layout.HTMLOp
	}{
		{"replace in an include, over lines", "---\nlayout: page\n---\nRoll [@skill Block @] or [@trait Tough @].\n",
			[]string{`<div class="post-content">`, "Roll <span class='skill'>Block</span> or <span class='trait'>Tough</span>.", "</div>"},
			[]string{"[@", "@]"}, "", nil},
		{"remove_first", "---\nlayout: first\n---\nTODO one, TODO two.\n",
			[]string{"one, TODO two."}, []string{"TODO one"}, "", nil},
		// The pattern is HTML: it is not in the page's Markdown, it is
		// applied to the page's HTML once sitegen has converted it.
		{"a filter on the page's markup", "---\nlayout: table\n---\n| a |\n|---|\n| b |\n",
			[]string{"| a |"}, []string{"class=\"table\""}, "", []layout.HTMLOp{{Old: "<table>", New: `<table class="table">`}}},
		{"a filter on the page's markup in an include", "---\nlayout: wrap\n---\nText.\n",
			[]string{"<div>", "Text."}, []string{"class=\"x\""}, "", []layout.HTMLOp{{Old: "<p>", New: `<p class="x">`}}},
		// A replace of text before one of markup: both on the HTML, in
		// their order.
		{"filters on text and markup", "---\nlayout: paras\n---\nRoll the dice.\n",
			[]string{"<section>", "Roll the dice.", "</section>"}, []string{"Throw"}, "",
			[]layout.HTMLOp{{Old: "Roll", New: "Throw"}, {Old: "<p>"}, {Old: "</p>"}}},
		// kramdown writes void elements as XHTML ("<hr />"): Jekyll's
		// remove: '<hr />' removes the rule, a replace of '<br>' matches
		// nothing. sitegen writes "<hr>": the op is on "<hr>".
		{"a void element as kramdown writes it", "---\nlayout: rules\n---\nA\n\n---\n\nB  \nC\n",
			[]string{"A", "---", "B"}, nil, "", []layout.HTMLOp{{Old: "<hr>"}}},
		// Nothing to replace in the page's HTML: no op.
		{"a markup pattern the page has not", "---\nlayout: table\n---\nNo table.\n",
			[]string{"No table."}, nil, "", nil},
		// A filter other than replace and remove: not applied, warned.
		{"a filter on the content sitegen does not apply", "---\nlayout: escaped\n---\nText.\n",
			[]string{"<section>", "Text.", "</section>"}, []string{"&lt;"}, "_layouts/escaped.html:2: the layout changes the page's content", nil},
		// "markdownify: Convert a Markdown-formatted string into HTML"
		// (https://jekyllrb.com/docs/liquid/filters/): the content is
		// HTML, which kramdown keeps ("HTML tags … are recognized as HTML
		// blocks", https://kramdown.gettalong.org/syntax.html#html-blocks).
		// jekyll 4.3.1 wrote the same page with and without it (a page of
		// a heading, emphasis, a link, a table, a div, code and a list).
		{"the content markdownified", "---\nlayout: markdownified\n---\n# Head\n\nSome *text*.\n",
			[]string{`<div class="rules">`, "# Head", "Some *text*.", "</div>"}, nil, "", nil},
		// strip ("Removes all whitespace … from both sides of a string",
		// https://shopify.github.io/liquid/filters/strip/) and default (a
		// content is never empty) change nothing a reader sees; a replace
		// after them is still on the text.
		{"the content stripped, defaulted, markdownified, replaced", "---\nlayout: stripped2\n---\nRoll the dice.\n",
			[]string{"<div>", "Throw the dice.", "</div>"}, []string{"Roll"}, "", nil},
		// newline_to_br on HTML adds a <br /> after each of its lines:
		// not applied (the same for escape, strip_html, truncatewords
		// written back), warned.
		{"newline_to_br on the content", "---\nlayout: newlines\n---\nText.\n",
			[]string{"<div>", "Text.", "</div>"}, []string{"<br"}, "_layouts/newlines.html:1: the layout changes the page's content", nil},
		// "number_of_words: Count the number of words in some text"
		// (https://jekyllrb.com/docs/liquid/filters/): of the rendered text.
		{"a count of the rendered text", "---\nlayout: words\n---\nOne two three.\n",
			[]string{`<p class="n">3 words</p>`, "One two three."}, nil, "", nil},
		// The layout writes the text stripped and cut, not the page's text:
		// what it writes is the page (a layout without {{ content }}).
		{"the content read, not written", "---\nlayout: stripped\n---\nOne *two* three.\n",
			[]string{"<p>\nOne two...\n</p>"}, []string{"three"}, "_layouts/stripped.html writes no {{ content }}", nil},
		// `*` is Markdown's emphasis: no star is left in the HTML, so
		// the replace changes nothing on Jekyll's page.
		{"a pattern only the Markdown has", "---\nlayout: stars\n---\nOne *two* three.\n",
			[]string{"One *two* three."}, []string{"+"}, "", nil},
		// The content handed to an include as a parameter is the page's
		// HTML there too. This include cuts it at "<h" and writes it
		// back whole, each "</h2>" replaced: what a replace on the HTML
		// does, applied so (allejo's include, which writes each heading
		// anew, is warned: see the escape row).
		{"content handed to an include that cuts it", "---\nlayout: anchors\n---\n## Rules\n\nRoll the dice.\n",
			[]string{`<div class="page">`, "## Rules", "Roll the dice.", "</div>"}, []string{`href="#"`, "<h\n", "<h<"},
			"", []layout.HTMLOp{{Old: "</h2>", New: `<a href="#">#</a></h2>`}}},
		// "Layout inheritance": the outer layout's content is the inner
		// layout's output, the page's text in it, both filtered.
		{"filters of an outer layout", "---\nlayout: inner\n---\nRoll [@skill Block @].\n",
			[]string{"<article>", "<section><b>Inner</b>", "Roll <b>Block</b>.", "</section>", "</article>"}, []string{"[@"}, "", nil},
		// Two layouts of a chain that each filter their content: "Layouts
		// can inherit from other layouts … the content of the child
		// layout is the content of the parent"
		// (https://jekyllrb.com/docs/layouts/#inheritance): each applies
		// its filters to what the one below wrote, the page's text in it.
		// jekyll 4.3.1 writes "Throw the bones." for these two.
		{"filters of two layouts on the text", "---\nlayout: post\n---\nRoll the dice.\n",
			[]string{`<section class="b">`, `<div class="post">`, "Throw the bones.", "</div>", "</section>"}, []string{"Roll", "dice"}, "", nil},
		// The outer one is the site's chrome (<html>, which sitegen's theme
		// replaces): its filters on the content are applied all the same,
		// its frame is not written. jekyll 4.3.1 writes `<p class="x">Throw
		// the bones.</p>` and "bones" in the table's head.
		{"filters of a layout and of the chrome", "---\nlayout: chromepost\n---\nRoll the dice.\n\n| dice |\n|---|\n| d6 |\n",
			[]string{`<div class="post">`, "Throw the dice.", "| dice |", "</div>"}, []string{"Roll", "<html", "<nav", "<title"}, "",
			[]layout.HTMLOp{{Old: "dice", New: "bones"}, {Old: "<p>", New: `<p class="x">`}}},
		// The inner one's on the markup, the outer one's on the text:
		// both on the HTML, the inner one's first.
		{"filters of two layouts, markup then text", "---\nlayout: tablepost\n---\n| dice |\n|---|\n| d6 |\n",
			[]string{`<section class="b">`, "<div>", "| dice |", "</div>", "</section>"}, nil, "",
			[]layout.HTMLOp{{Old: "<table>", New: `<table class="t">`}, {Old: "dice", New: "bones"}}},
		// The inner one's on the text, the outer one's on the markup.
		{"filters of two layouts, text then markup", "---\nlayout: parapost\n---\nRoll the dice.\n",
			[]string{`<section class="b">`, "<div>", "Throw the dice.", "</div>", "</section>"}, []string{"Roll"}, "",
			[]layout.HTMLOp{{Old: "<p>", New: `<p class="x">`}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := &layout.Layout{Content: "."}
			ls := &liquidSite{l: l, srcDir: dir}
			x := expander(l, ls)("p.md", []byte(tt.src), read)
			got := string(x.Src)
			// A second page of the layout is run with its text rendered
			// at once (liquidSite.filtering): the same page.
			if y := expander(l, ls)("p.md", []byte(tt.src), read); string(y.Src) != got || len(y.Problems) != len(x.Problems) || !slices.Equal(y.HTMLOps, x.HTMLOps) {
				t.Errorf("second run: %q %v %+v, first %q %v %+v", y.Src, y.Problems, y.HTMLOps, got, x.Problems, x.HTMLOps)
			}
			if !slices.Equal(x.HTMLOps, tt.html) {
				t.Errorf("ops on the HTML %+v, want %+v", x.HTMLOps, tt.html)
			}
			rest := got
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("text %q: want %q (in order); problems %v", got, w, x.Problems)
				}
				rest = rest[i+len(w):]
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("text %q: want no %q", got, n)
				}
			}
			if strings.ContainsAny(got, textOpen+textClose+contentMark) {
				t.Errorf("text %q: a mark left", got)
			}
			if x.Lines != nil && len(x.Lines) != strings.Count(got, "\n")+boolInt(!strings.HasSuffix(got, "\n")) {
				t.Errorf("%d lines mapped, the text has %d", len(x.Lines), strings.Count(got, "\n"))
			}
			var probs []string
			for _, p := range x.Problems {
				probs = append(probs, fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Msg))
			}
			switch {
			case tt.warn == "" && len(probs) > 0:
				t.Errorf("problems: %q", probs)
			case tt.warn != "" && (len(probs) != 1 || !strings.Contains(probs[0], tt.warn) || !x.Problems[0].Warning):
				t.Errorf("problems %q: want one warning saying %q", probs, tt.warn)
			}
		})
	}
}
