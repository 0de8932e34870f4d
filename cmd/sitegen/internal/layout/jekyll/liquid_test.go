package jekyll

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestLiquidLoops checks that a Liquid loop, which sitegen cannot run, is
// left out whole rather than shown once with its outputs dropped. Liquid:
// "for: Repeatedly executes a block of code"; "comment: Allows you to
// leave un-rendered code inside a Liquid template. Any text within the
// opening and closing comment blocks will not be printed"
// (https://shopify.github.io/liquid/tags/iteration/,
// https://shopify.github.io/liquid/tags/template/); "Jekyll processes
// Liquid before Markdown" (https://jekyllrb.com/docs/liquid/). The page's
// lines keep their numbers (each loop leaves its newlines), and the loop
// is reported once, at its opening tag.
func TestLiquidLoops(t *testing.T) {
	tests := []struct {
		name, src, want string
		warns           []string // "line:col" of each warning
	}{
		{"loop over posts",
			"---\ntitle: News\n---\n# News\n\n{% for post in paginator.posts %}\n<div>Posted on {{ post.date }}</div>\n{% endfor %}\n\nAfter.\n",
			"---\ntitle: News\n---\n# News\n\n\n\n\n\nAfter.\n",
			[]string{"6:1"}},
		{"inline loop, trim markers",
			"Spells: {%- for s in site.data.spells -%}{{ s.name }}, {%- endfor -%} done.\n",
			"Spells:  done.\n",
			[]string{"1:9"}},
		{"nested loops are one",
			"{% for a in x %}\n{% for b in a %}{{ b }}{% endfor %}\n{% endfor %}\nText\n",
			"\n\n\nText\n",
			[]string{"1:1"}},
		{"tablerow",
			"<table>{% tablerow p in site.pages cols:2 %}{{ p.title }}{% endtablerow %}</table>\n",
			"<table></table>\n",
			[]string{"1:8"}},
		{"comment is dropped without a warning",
			"A{% comment %} not for readers\n{% for x in y %}{% endcomment %}B\n",
			"A\nB\n",
			nil},
		{"raw keeps what it holds",
			"{% raw %}{% for p in site.posts %}{{ p.url }}{% endfor %}{% endraw %}\n",
			"{% raw %}{% for p in site.posts %}{{ p.url }}{% endfor %}{% endraw %}\n",
			nil},
		{"an unclosed loop stays",
			"{% for p in site.posts %}\n{{ p.url }}\n",
			"{% for p in site.posts %}\n{{ p.url }}\n",
			nil},
		{"front matter is not Liquid",
			"---\ntitle: \"{% for %}\"\n---\nText {% if a %}yes{% endif %}\n",
			"---\ntitle: \"{% for %}\"\n---\nText {% if a %}yes{% endif %}\n",
			nil},
		{"no Liquid", "# Title\n\nText.\n", "# Title\n\nText.\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := expandLiquid("p.md", []byte(tt.src), nil)
			if got := string(x.Src); got != tt.want {
				t.Errorf("text:\n%q\nwant\n%q", got, tt.want)
			}
			if strings.Count(string(x.Src), "\n") != strings.Count(tt.src, "\n") {
				t.Errorf("lines moved: %d, want %d", strings.Count(string(x.Src), "\n"), strings.Count(tt.src, "\n"))
			}
			var at []string
			for _, p := range x.Problems {
				if !p.Warning {
					t.Errorf("problem %q is not a warning", p.Msg)
				}
				if !strings.Contains(p.Msg, "not shown") || !strings.Contains(p.Msg, "{%") {
					t.Errorf("warning %q does not quote the loop and say it is not shown", p.Msg)
				}
				at = append(at, strconv.Itoa(p.Line)+":"+strconv.Itoa(p.Col))
			}
			if strings.Join(at, " ") != strings.Join(tt.warns, " ") {
				t.Errorf("warnings at %v, want %v (%v)", at, tt.warns, x.Problems)
			}
		})
	}
}

// TestRecogniseExpands checks that a Jekyll site's pages go through the
// Liquid rewriting.
func TestRecogniseExpands(t *testing.T) {
	l, err := Recognise(layouttest.Write(t, map[string]string{"_config.yml": "title: T\n"}))
	if err != nil || l == nil {
		t.Fatalf("Recognise: %v, %v", l, err)
	}
	if l.Expand == nil {
		t.Fatal("no Expand: Liquid loops would show once")
	}
	x := l.Expand("index.md", []byte("{% for p in site.posts %}x{% endfor %}\n"), func(string) ([]byte, error) { return nil, nil })
	if string(x.Src) != "\n" {
		t.Errorf("Expand: %q", x.Src)
	}
	var _ layout.Expander = l.Expand
}

// TestLayoutFilledPage checks a page with no text of its own whose
// layout, a Liquid template of the site, makes its text: Jekyll "will
// render the layout with the page's content inserted at {{ content }}"
// (https://jekyllrb.com/docs/layouts/), and a layout that loops over
// site.data writes the whole page. sitegen runs that layout (not the
// site's chrome above it) and the page's text is what it writes; where
// it cannot (a plugin's tag), the page shows its title only, with a
// warning naming the layout file.
func TestLayoutFilledPage(t *testing.T) {
	files := map[string]string{
		"_layouts/spells.html":  "---\nlayout: default\n---\n{% for s in site.data.spells %}\n\n    <h2>{{ s.name }}</h2>\n{% endfor %}\n",
		"_layouts/titled.html":  "<h1 class=\"t\">\n  {{ page.title }}\n</h1>\n{% for s in site.data.spells %}<h2>{{ s.name }}</h2>{% endfor %}\n",
		"_layouts/other.html":   "<h1>All spells</h1>\n{% for s in site.data.spells %}<h2>{{ s.name }}</h2>{% endfor %}\n",
		"_layouts/default.html": "<html><body>{% include nav.html %}{{ page.title }}{{ content }}</body></html>\n",
		"_layouts/plugin.html":  "{% gist 1234 %}{% for s in site.data.spells %}{{ s.name }}{% endfor %}\n",
		"_layouts/frame.html":   "<html><body>{% for s in site.data.spells %}{{ s.name }}{% endfor %}{{ content }}</body></html>\n",
		"site/_layouts/x.html":  "{% for s in site.data.x %}<p>{{ s }}</p>{% endfor %}\n",
		"_data/spells.yml":      "- name: Fire Bolt\n- name: Frost Ray\n",
		"site/_data/x.json":     `["one", "two"]`,
	}
	dir := layouttest.Write(t, files)
	read := func(f string) ([]byte, error) {
		if s, ok := files[f]; ok {
			return []byte(s), nil
		}
		return nil, fs.ErrNotExist
	}
	tests := []struct {
		name, content, file, src string
		defaults                 map[string]any
		want                     []string // what the page's text holds; nil: its text unchanged
		warn                     bool
		lacks                    string // what it must not hold
	}{
		{"front matter only", ".", "spells.md", "---\ntitle: Spells\nlayout: spells\n---\n", nil, []string{"<h2>Fire Bolt</h2>\n<h2>Frost Ray</h2>"}, false, ""},
		{"blank text", ".", "spells.md", "---\ntitle: Spells\nlayout: \"spells\"\n---\n\n  \n", nil, []string{"<h2>Frost Ray</h2>"}, false, ""},
		{"layout from defaults", ".", "pages/s.md", "---\ntitle: Spells\n---\n", map[string]any{"layout": "spells"}, []string{"<h2>Fire Bolt</h2>"}, false, ""},
		{"content folder", "site", "site/x.md", "---\nlayout: x\n---\n", nil, []string{"<p>one</p><p>two</p>"}, false, ""},
		{"a plugin's tag", ".", "p.md", "---\nlayout: plugin\n---\n", nil, nil, true, ""},
		{"layout that only wraps", ".", "a.md", "---\nlayout: default\n---\n", nil, nil, false, ""},
		{"the site's frame, looping", ".", "a.md", "---\nlayout: frame\n---\n", nil, nil, false, ""},
		{"layout of a theme", ".", "a.md", "---\nlayout: home\n---\n", nil, nil, false, ""},
		{"no layout", ".", "a.md", "---\ntitle: A\n---\n", nil, nil, false, ""},
		// The layout's <h1>{{ page.title }}</h1> is the title sitegen's
		// page shows above the text: once (issue 32 item 5); a heading
		// of other words is the layout's own.
		{"layout's title heading", ".", "spells.md", "---\ntitle: Spells\nlayout: titled\n---\n", nil, []string{"<h2>Fire Bolt</h2>"}, false, "<h1"},
		{"layout's other heading", ".", "spells.md", "---\ntitle: Spells\nlayout: other\n---\n", nil, []string{"<h1>All spells</h1>", "<h2>Fire Bolt</h2>"}, false, ""},
		// Jekyll's front matter ends at a "---" line whose newline is
		// optional (YAML_FRONT_MATTER_REGEXP ends "^(---|\.\.\.)\s*$\n?",
		// jekyll/lib/jekyll/document.rb): a file that ends right after
		// its closing "---" (3 feats of pathminder.github.io) keeps its
		// front matter when the layout's text is put after it.
		{"front matter ends the file", ".", "spells.md", "---\ntitle: Spells\nlayout: spells\n---", nil, []string{"<h2>Fire Bolt</h2>"}, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := &layout.Layout{Content: tt.content}
			if tt.defaults != nil {
				l.Defaults = func(string) map[string]any { return tt.defaults }
			}
			ls := &liquidSite{l: l, srcDir: filepath.Join(dir, tt.content)}
			x := expander(l, ls)(tt.file, []byte(tt.src), read)
			if tt.want == nil && string(x.Src) != tt.src {
				t.Errorf("text changed: %q", x.Src)
			}
			fmIn, fmOut := tt.src[:frontMatterEnd([]byte(tt.src))], string(x.Src[:frontMatterEnd(x.Src)])
			if strings.TrimSuffix(fmOut, "\n") != strings.TrimSuffix(fmIn, "\n") {
				t.Errorf("text %q: front matter %q, want %q", x.Src, fmOut, fmIn)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(x.Src), w) || !strings.HasPrefix(string(x.Src), tt.src[:frontMatterEnd([]byte(tt.src))]) {
					t.Errorf("text %q: want the front matter, then %q", x.Src, w)
				}
			}
			if tt.lacks != "" && strings.Contains(string(x.Src), tt.lacks) {
				t.Errorf("text %q holds %q", x.Src, tt.lacks)
			}
			if got := len(x.Problems) > 0; got != tt.warn {
				t.Fatalf("warned %v (%v), want %v", got, x.Problems, tt.warn)
			}
			if tt.warn {
				p := x.Problems[len(x.Problems)-1]
				if !p.Warning || p.Line != 1 || !strings.Contains(p.Msg, "_layouts/") || !strings.Contains(p.Msg, "no text of its own") {
					t.Errorf("warning %+v: want one at line 1 naming the layout file", p)
				}
			}
		})
	}
}

// TestHighlightBlocks checks that Jekyll's highlight tag is a code block:
// "Jekyll has built in support for syntax highlighting … {% highlight
// ruby %} def foo … {% endhighlight %}"
// (https://jekyllrb.com/docs/liquid/tags/#code-snippet-highlighting),
// the welcome post of every `jekyll new` site. Its lines keep their
// numbers; a tag that shares its line with text stays as it is.
func TestHighlightBlocks(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"welcome post",
			"Snippets:\n\n{% highlight ruby %}\ndef print_hi(name)\n  puts \"Hi, #{name}\"\nend\n{% endhighlight %}\n\nAfter.\n",
			"Snippets:\n\n```ruby\ndef print_hi(name)\n  puts \"Hi, #{name}\"\nend\n```\n\nAfter.\n"},
		{"linenos and trim markers",
			"{%- highlight python linenos -%}\nx = 1\n{%- endhighlight -%}\n",
			"```python\nx = 1\n```\n"},
		{"no language", "{% highlight %}\nplain\n{% endhighlight %}\n", "```\nplain\n```\n"},
		{"backticks inside", "{% highlight md %}\n```js\nx\n```\n{% endhighlight %}\n", "````md\n```js\nx\n```\n````\n"},
		{"inline stays", "a {% highlight ruby %}x{% endhighlight %}\n", "a {% highlight ruby %}x{% endhighlight %}\n"},
		{"unclosed stays", "{% highlight ruby %}\nx\n", "{% highlight ruby %}\nx\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := expandLiquid("p.md", []byte(tt.src), nil)
			if got := string(x.Src); got != tt.want {
				t.Errorf("text:\n%q\nwant\n%q", got, tt.want)
			}
			if len(x.Problems) != 0 {
				t.Errorf("problems: %v", x.Problems)
			}
		})
	}
}

// TestContentLayout checks that a page with text of its own is run
// through its layout chain as Jekyll runs it: "Jekyll will render the
// layout with the page's content inserted at {{ content }}" and a layout
// names its own layout: in its front matter ("Layout inheritance",
// https://jekyllrb.com/docs/layouts/). rooneg/5srd.github.io's spell
// layout writes each spell's classes, range and duration from page.*
// above {{ content }}, inside ogl-notice, inside the site's chrome
// (default, which sitegen's theme replaces: not run). The page's own text
// stays Markdown, between what the layouts write; where a layout cannot
// be run, a warning names its file and line and the text is kept.
func TestContentLayout(t *testing.T) {
	files := map[string]string{
		"_layouts/default.html":    "<!DOCTYPE html>\n<html><body><h1>{{ page.title }}</h1>{{ content }}</body></html>\n",
		"_layouts/ogl-notice.html": "---\nlayout: default\n---\n\n{% include oglnotice.html %}\n\n{{ content }}\n",
		"_includes/oglnotice.html": "<p class=\"ogl\">Open Game License</p>\n",
		"_layouts/spell.html": "---\nlayout: ogl-notice\n---\n\n{% unless page.range %}\n  <p><i>This spell is missing a range.</i></p>\n{% endunless %}\n\n" +
			"<p><strong>Classes:</strong> {{ page.classes | join: ', ' }}</p>\n\n{% if page.range %}\n  <p><strong>Range:</strong> {{ page.range }}</p>\n{% endif %}\n\n{{ content }}\n\n<p class=\"after\">{{ page.title }} ends</p>\n",
		"_layouts/twice.html":     "{{ content }}{{ content }}\n",
		"_layouts/broken.html":    "<p>\n{% endif %}</p>{{ content }}\n",
		"_layouts/subclass.html":  "<p>\n{{ page.title }}</p>\n\n{{ content }}\n\n<h2 id=\"{{ page.title | append: ' Features' | slug}}\">{{ page.title | append: ' Features' }}</h2>\n",
		"_layouts/self.html":      "---\nlayout: self\n---\n<p>round</p>{{ content }}\n",
		"_layouts/nocontent.html": "<p>only the layout</p>\n",
		"_layouts/post.html":      "<h1>{{ page.title }}</h1>\n<p class=\"date\">May 1</p>\n{{ content }}\n",
		"_layouts/stats.html":     "<p>{% for a in page.ability_scores %}{{ a[0] | upcase }} {{ a[1] }} {% endfor %}</p>{{ content }}\n",
		"_layouts/character.html": "---\nlayout: default\n---\n<article>\n<header class=\"post-header\"><p>{{ page.title }}</p></header>\n<h2>Algemeen</h2>\n{{ content }}\n</article>\n",
	}
	dir := layouttest.Write(t, files)
	read := func(f string) ([]byte, error) {
		if s, ok := files[f]; ok {
			return []byte(s), nil
		}
		return nil, fs.ErrNotExist
	}
	spell := "---\ntitle: acid arrow\nclasses:\n  - Wizard\n  - Druid\nrange: 90 feet\nlayout: spell\n---\nA shimmering green arrow streaks toward a target.\n\n## At Higher Levels\n\nMore damage.\n"
	tests := []struct {
		name, src string
		want      []string // in this order in the page's text
		kept      bool     // the page's text kept as it was
		warn      string   // what the warning says
	}{
		{"spell in a chain of layouts", spell, []string{
			"<p class=\"ogl\">Open Game License</p>",
			"<p><strong>Classes:</strong> Wizard, Druid</p>",
			"<p><strong>Range:</strong> 90 feet</p>",
			"\n\nA shimmering green arrow streaks toward a target.\n\n## At Higher Levels\n\nMore damage.\n\n",
			"<p class=\"after\">acid arrow ends</p>",
		}, false, ""},
		{"front matter missing", strings.Replace(spell, "range: 90 feet\n", "", 1), []string{
			"<p><i>This spell is missing a range.</i></p>", "A shimmering green arrow",
		}, false, ""},
		{"content twice", "---\nlayout: twice\n---\nText.\n", nil, true, "_layouts/twice.html writes the page's {{ content }} 2 times"},
		{"content not written", "---\nlayout: nocontent\n---\nText.\n", []string{"<p>only the layout</p>"}, false, "_layouts/nocontent.html writes no {{ content }}"},
		{"Liquid fails", "---\nlayout: broken\n---\nText.\n", nil, true, "_layouts/broken.html:2:"},
		{"layout names itself", "---\nlayout: self\n---\nText.\n", []string{"<p>round</p>", "Text."}, false, ""},
		// "Hashes enumerate their values in the order that the corresponding
		// keys were inserted" (https://ruby-doc.org/core-3.1.0/Hash.html):
		// a loop over a map of the front matter goes in the YAML's order.
		{"a map in YAML's order", "---\nlayout: stats\nability_scores:\n  str: 21\n  dex: 9\n  con: 15\n  int: 18\n  wis: 15\n  cha: 18\n---\nText.\n",
			[]string{"<p>STR 21 DEX 9 CON 15 INT 18 WIS 15 CHA 18 </p>", "Text."}, false, ""},
		// The layout's <h1>{{ page.title }}</h1> is the title sitegen's
		// page shows above the text: once (issue 32 item 5).
		{"layout's title heading", "---\ntitle: Hello\nlayout: post\n---\nText.\n", []string{"<p class=\"date\">May 1</p>", "Text."}, false, ""},
		{"the chrome only", "---\nlayout: default\n---\nText.\n", nil, true, ""},
		// <header> is an element of the page's text, not the chrome's
		// <head>: LarsGast/DnD-Wiki's character layout (minima's post
		// layout, "<header class=\"post-header\">") writes the character's
		// general information above {{ content }}.
		{"a layout with a header element", "---\ntitle: Adonis\nlayout: character\n---\nText.\n",
			[]string{`<header class="post-header"><p>Adonis</p></header>`, "<h2>Algemeen</h2>", "Text.", "</article>"}, false, ""},
		// Jekyll's Liquid is lax about filters: "strict_filters: false"
		// (https://jekyllrb.com/docs/configuration/default/), and
		// Liquid's Strainer#invoke then returns the input unchanged
		// ("else args.first"): rooneg/5srd.github.io's subclass layout
		// writes {{ … | slug }}, a filter Jekyll does not define.
		{"undefined filter", "---\ntitle: Path of the Berserker\nlayout: subclass\n---\nText.\n",
			[]string{"<p>\nPath of the Berserker</p>", "Text.", `<h2 id="Path of the Berserker Features">Path of the Berserker Features</h2>`},
			false, `_layouts/subclass.html:6: Liquid: undefined filter "slug"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := &layout.Layout{Content: "."}
			ls := &liquidSite{l: l, srcDir: dir}
			x := expander(l, ls)("_spells/p.md", []byte(tt.src), read)
			got := string(x.Src)
			if tt.kept && got != tt.src {
				t.Errorf("text changed: %q", got)
			}
			fm := tt.src[:frontMatterEnd([]byte(tt.src))]
			if !strings.HasPrefix(got, fm) {
				t.Errorf("text %q: want the front matter first", got)
			}
			rest := got[len(fm):]
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("text %q: want %q (in order); problems %v", got, w, x.Problems)
				}
				rest = rest[i+len(w):]
			}
			if strings.Contains(got, "Open Game License</p>") && strings.Count(got, "acid arrow</h1>") > 0 {
				t.Errorf("the chrome was run: %q", got)
			}
			if strings.Contains(got, "<h1") {
				t.Errorf("text %q: the page's title shown twice", got)
			}
			if x.Lines != nil && len(x.Lines) != strings.Count(got, "\n")+boolInt(!strings.HasSuffix(got, "\n")) {
				t.Errorf("%d lines mapped, the text has %d", len(x.Lines), strings.Count(got, "\n"))
			}
			if tt.warn == "" {
				if len(x.Problems) > 0 {
					t.Errorf("problems: %v", x.Problems)
				}
				return
			}
			if len(x.Problems) != 1 || !x.Problems[0].Warning || !strings.Contains(fmt.Sprintf("%s:%d: %s", x.Problems[0].File, x.Problems[0].Line, x.Problems[0].Msg), tt.warn) {
				t.Errorf("problems %v: want one warning saying %q", x.Problems, tt.warn)
			}
		})
	}
}

// TestFrameLayout checks the two shapes of an author's layout that writes
// the site's frame below the chrome (eval10B NB17, eval11C NC13). Jekyll
// runs every layout of the chain: "Jekyll will render the layout with the
// page's content inserted at {{ content }}" (https://jekyllrb.com/docs/layouts/),
// so all a layout writes is on Jekyll's page and nothing of it may be
// lost; sitegen's theme draws the frame (navigation, breadcrumb), which
// must not show twice. The HTML standard's main element "represents the
// dominant contents of the body of a document", which "should not include
// content that is repeated across documents such as site navigation
// links" (https://html.spec.whatwg.org/multipage/grouping-content.html#the-main-element):
// what a layout writes around its <main> is the frame, what it writes in
// it the page's. A breadcrumb (a nav whose class or label says so) is the
// frame sitegen draws too.
func TestFrameLayout(t *testing.T) {
	files := map[string]string{
		// A book's shape: monster → main → base (the chrome); main holds
		// the site's menu beside <main>, monster a breadcrumb and a card.
		"_layouts/base.html": "<!DOCTYPE html>\n<html><body>{{ content }}</body></html>\n",
		"_layouts/main.html": "---\nlayout: base\n---\n<div class=\"flex\">\n  <aside id=\"sidebar\">\n    <ul><li><a href=\"/monsters/\">Bestiary menu</a></li></ul>\n" +
			"    <button id=\"sidebar-toggle\">‹</button>\n  </aside>\n  <main class=\"w-full\">\n    {{content}}\n  </main>\n</div>\n",
		"_layouts/monster.html": "---\nlayout: main\n---\n<nav class=\"breadcrumbs\"><a href=\"/\">Home</a> / <span>{{ page.title }}</span></nav>\n" +
			"<div class=\"card\"><p>Armor class {{ page.ac }}</p></div>\n<div class=\"article\">\n{{content}}\n</div>\n",
		// A companion's shape: model → default (the chrome); model writes
		// <main> itself, a breadcrumb and the model's card in it.
		"_layouts/default.html": "<!DOCTYPE html>\n<html><head></head><body><header>Site</header>{{ content }}<footer>f</footer></body></html>\n",
		"_layouts/model.html": "---\nlayout: default\n---\n<div class=\"doc-layout\">\n  <main class=\"doc-content\">\n" +
			"    <nav class=\"breadcrumbs\" aria-label=\"Breadcrumb\">\n      <a href=\"/\">Home</a>\n      <span class=\"current\">{{ page.title }}</span>\n    </nav>\n" +
			"    <div class=\"model-card\"><span class=\"card-cost\">{{ page.cost }} Ducats</span><p class=\"card-meta\">{{ page.meta }}</p></div>\n" +
			"    {{ content }}\n  </main>\n</div>\n",
		// A layout whose only nav is the page's own (not a breadcrumb).
		"_layouts/chapter.html": "---\nlayout: default\n---\n<nav class=\"pager\"><a href=\"/next/\">Next chapter</a></nav>\n{{ content }}\n",
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
		want      []string // in this order
		not       []string // the frame: not on the page
	}{
		{"book: menu beside main", "---\ntitle: Guard\nac: 16\nlayout: monster\n---\nA guard.\n",
			[]string{`<div class="card"><p>Armor class 16</p></div>`, "A guard."},
			[]string{"Bestiary menu", "sidebar-toggle", "<aside", "breadcrumbs", "<main"}},
		{"companion: main with a breadcrumb", "---\ntitle: Harlequin\ncost: 75\nmeta: Infantry, 30mm\nlayout: model\n---\nA dancer.\n",
			[]string{`<span class="card-cost">75 Ducats</span>`, `<p class="card-meta">Infantry, 30mm</p>`, "A dancer."},
			[]string{"breadcrumbs", "Breadcrumb", "<main", "doc-layout"}},
		{"a nav of the page's own", "---\ntitle: One\nlayout: chapter\n---\nText.\n",
			[]string{`<nav class="pager"><a href="/next/">Next chapter</a></nav>`, "Text."}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := &layout.Layout{Content: "."}
			ls := &liquidSite{l: l, srcDir: dir}
			x := expander(l, ls)("_monsters/p.md", []byte(tt.src), read)
			got := string(x.Src)
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
					t.Errorf("text %q: the frame's %q is shown (sitegen's theme draws the frame)", got, n)
				}
			}
			if x.Lines != nil && len(x.Lines) != strings.Count(got, "\n")+boolInt(!strings.HasSuffix(got, "\n")) {
				t.Errorf("%d lines mapped, the text has %d", len(x.Lines), strings.Count(got, "\n"))
			}
			if len(x.Problems) > 0 {
				t.Errorf("problems: %v", x.Problems)
			}
		})
	}
}
