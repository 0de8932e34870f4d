package mdbook

import (
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// expandCase is a chapter and what a plugin makes of it.
type expandCase struct {
	rule, file, page, want string
	// warn is in the one problem expected (a warning unless err), "" for none.
	warn string
	err  bool
}

func runExpand(t *testing.T, pl Plugins, src files, tests []expandCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			file := tt.file
			if file == "" {
				file = "src/rust.md"
			}
			x := pl.Expand(file, []byte(tt.page), src.read)
			if string(x.Src) != tt.want {
				t.Errorf("got  %q\nwant %q", x.Src, tt.want)
			}
			switch {
			case tt.warn == "" && len(x.Problems) > 0:
				t.Errorf("problems %+v, want none", x.Problems)
			case tt.warn != "" && (len(x.Problems) != 1 || !strings.Contains(x.Problems[0].Msg, tt.warn) || x.Problems[0].Warning == tt.err):
				t.Errorf("problems %+v, want one (error %v) …%s…", x.Problems, tt.err, tt.warn)
			}
		})
	}
}

// mdbook-template, as its README documents it
// (https://github.com/sgoudham/mdbook-template#format), with the README's
// own example: templates/footer.md included from rust.md, go.md and
// friends/hazel.md, the three written as "Valid Configurations" shows.
func TestTemplate(t *testing.T) {
	src := files{
		"src/templates/footer.md": "-- Designed By [[#authors]] --\n![ferris]([[#path]]/ferris.png)\n![corro]([[#path]]/corro.png)",
		"src/templates/sizes.md":  "w=[[#width 200px]] h=[[   #height   400px   ]] \\[[#escaped]] d=[[#depth]]",
		"src/templates/wip.md":    "```admonish warning \"Work in Progress\"\nThis page is a work in progress!\n```",
		"src/templates/nested.md": "before {{#template footer.md authors=A path=p}} after",
	}
	footer := "-- Designed By Goudham, Hazel --\n![ferris](images/ferris.png)\n![corro](images/corro.png)"
	runExpand(t, Plugins{Template: true}, src, []expandCase{
		{
			rule: `"{{#template <file> <args>}} … Arguments should be seperated by whitespace and should be in the key=value format" (rust.md)`,
			page: "# Rust\n\nSome Content...\n\n{{#template templates/footer.md authors=Goudham, Hazel path=images}}\n",
			want: "# Rust\n\nSome Content...\n\n" + footer + "\n",
		},
		{
			rule: `the arguments in any order (go.md)`,
			file: "src/go.md",
			page: "{{#template templates/footer.md path=images authors=Goudham, Hazel}}\n",
			want: footer + "\n",
		},
		{
			rule: `"The relative path to the template file", one argument a line (friends/hazel.md): "the files will have dynamic paths to the images and contain identical content"`,
			file: "src/friends/hazel.md",
			page: "{{#template\n    ../templates/footer.md\n    path=../images\n    authors=Goudham, Hazel\n}}\n",
			want: strings.ReplaceAll(footer, "(images/", "(../images/") + "\n",
		},
		{
			rule: `"Default values … [[#<name> <default-value>]]", "[[   #width   400px   ]]" valid, "\[[#escaped]]" escaped; a name given no value and no default is left empty, with a warning`,
			page: "{{#template templates/sizes.md height=1px}}\n",
			want: "w=200px h=1px [[#escaped]] d=\n",
			warn: "[[#depth]] has no value and no default",
		},
		{
			rule: `a template without arguments is its file (space-wizards/docs: {{#template ../templates/wip.md}}), an admonish block included`,
			file: "src/en/page.md",
			page: "# Page\n{{#template ../templates/wip.md}}\n\nText.\n",
			want: "# Page\n```admonish warning \"Work in Progress\"\nThis page is a work in progress!\n```\n\nText.\n",
		},
		{
			rule: `a template's own templates are applied, from its folder (the plugin is "heavily based off the links.rs file within mdbook")`,
			page: "{{#template templates/nested.md}}\n",
			want: "before -- Designed By A --\n![ferris](p/ferris.png)\n![corro](p/corro.png) after\n",
		},
		{
			rule: `an escaped directive is its text ("\{{#template template.md}} << an escaped link!", the plugin's test_escaped_template_link)`,
			page: "\\{{#template templates/footer.md}} << an escaped link!\n",
			want: "{{#template templates/footer.md}} << an escaped link!\n",
		},
		{
			rule: `a template that cannot be read is dropped, an error as a broken include is`,
			page: "{{#template templates/none.md a=b}}\n",
			want: "\n",
			warn: "broken include", err: true,
		},
	})
	// Without [preprocessor.template], mdBook leaves the line as it is.
	x := Expand("src/rust.md", []byte("{{#template templates/footer.md a=b}}\n"), src.read)
	if string(x.Src) != "{{#template templates/footer.md a=b}}\n" {
		t.Errorf("without the plugin: %q", x.Src)
	}
}

// mdbook-emojicodes, with its README's example
// (https://github.com/blyxyas/mdbook-emojicodes#usage): "This will render
// to: # My 🐱 cat journey …".
func TestEmojicodes(t *testing.T) {
	src := files{"src/custom_emojis/myemoji.svg": "<svg/>", "src/inc.md": "I love cats :cat:"}
	runExpand(t, Plugins{Emoji: true, CustomEmoji: "src/custom_emojis"}, src, []expandCase{
		{
			rule: "the README's example",
			page: "# My :cat: cat journey\nI love cats :cat: and dogs :dog:, I have two, one's gray, like a raccoon :raccoon:, and the other one is black, like the night :night_with_stars:.\n",
			want: "# My 🐱 cat journey\nI love cats 🐱 and dogs 🐶, I have two, one's gray, like a raccoon 🦝, and the other one is black, like the night 🌃.\n",
		},
		{
			rule: "a name that is no emoji stays as written; a colon before a code does not hide it",
			page: "At 10:30 :x: and :godo: :50: a::b\n",
			want: "At 10:30 ❌ and :godo: :50: a::b\n",
		},
		{
			rule: `"You can use your own emojis as .svg files. Just create a directory called custom_emojis in src": an image`,
			page: "# Chapter 1\n:myemoji:\n",
			want: "# Chapter 1\n![:myemoji:](/custom_emojis/myemoji.svg)\n",
		},
		{
			rule: "codes brought in by an include are replaced too (the plugin sees the chapter's text after mdBook's links preprocessor)",
			page: "{{#include inc.md}}\n",
			want: "I love cats 🐱\n",
		},
	})
	x := Expand("src/a.md", []byte("I love cats :cat:\n"), files{}.read)
	if string(x.Src) != "I love cats :cat:\n" {
		t.Errorf("without the plugin: %q", x.Src)
	}
}

// mdbook-embedify (https://github.com/MR-Addict/mdbook-embedify, docs
// "Usage": "{% embed app options[] %} … options are key-value based array
// seperated by space and its value should be wrapped by quotes"). sitegen
// publishes no third-party frame: an app that frames another site is a
// link to what the frame shows (its template's src).
func TestEmbedify(t *testing.T) {
	src := files{"src/SUMMARY.md": "# Summary\n\n- [Intro](intro.md)\n", "src/code.rs": "fn a() {}\nfn b() {}\nfn c() {}\n"}
	runExpand(t, Plugins{Embedify: true}, src, []expandCase{
		{
			rule: `the youtube app: src="https://www.youtube.com/embed/{% id %}"`,
			page: "Watch:\n\n{% embed youtube id=\"DyTCOwB0DVw\" loading=\"lazy\" %}\n",
			want: "Watch:\n\n[YouTube video DyTCOwB0DVw](<https://www.youtube.com/embed/DyTCOwB0DVw>)\n",
		},
		{
			rule: `the docs' example: {% embed codepen user="MR-Addict" slug="NWBOqKw" height="600" theme="dark" loading="lazy" %}`,
			page: "{% embed codepen user=\"MR-Addict\" slug=\"NWBOqKw\" height=\"600\" theme=\"dark\" loading=\"lazy\" %}\n",
			want: "[CodePen MR-Addict/NWBOqKw](<https://codepen.io/MR-Addict/embed/NWBOqKw?default-tab=result&theme-id=dark>)\n",
		},
		{
			rule: `an id as written, spaces kept in the address (space-wizards/docs: id="meow meow :3")`,
			page: "{% embed youtube id='EUGl_zNS6Uk?t=3' %} and {% embed vimeo id=\"a b\" %}\n",
			want: "[YouTube video EUGl\\_zNS6Uk?t=3](<https://www.youtube.com/embed/EUGl_zNS6Uk?t=3>) and [Vimeo video a b](<https://player.vimeo.com/video/a%20b>)\n",
		},
		{
			rule: `"Ignore Embeds": "wrapping content that you want to ignore with below two comments: <!-- embed ignore begin -->, <!-- embed ignore end -->"`,
			page: "<!-- embed ignore begin -->\n\n{% embed youtube id=\"DyTCOwB0DVw\" loading=\"lazy\" %}\n\n<!-- embed ignore end -->\n",
			want: "<!-- embed ignore begin -->\n\n{% embed youtube id=\"DyTCOwB0DVw\" loading=\"lazy\" %}\n\n<!-- embed ignore end -->\n",
		},
		{
			rule: `the include app: "{% embed include file="src/SUMMARY.md" %} … will include the src/SUMMARY.md file and wrap it as a markdown code block"; "The file path should be relative to book root directory"`,
			file: "src/deep/page.md",
			page: "{% embed include file=\"src/SUMMARY.md\" %}\n",
			want: "```markdown\n# Summary\n\n- [Intro](intro.md)\n```\n",
		},
		{
			rule: `include's "range: Range of lines to include, e.g. 1-10 or 1- or -10", "lang: This will override the automatically detected language", "type: raw … will insert the raw file content"`,
			page: "{% embed include file=\"src/code.rs\" range=\"2-\" %}\n{% embed include file=\"src/code.rs\" range=\"-1\" lang=\"text\" %}\n{% embed include file=\"src/code.rs\" range=\"2-2\" type=\"raw\" %}\n",
			want: "```rust\nfn b() {}\nfn c() {}\n```\n```text\nfn a() {}\n```\nfn b() {}\n",
		},
		{
			rule: `include never reads outside the book's folder`,
			page: "{% embed include file=\"../../etc/passwd\" %}\n",
			want: "\n", warn: "outside the book's folder", err: true,
		},
		{
			rule: `giscus comments are another site's script: dropped, with a warning`,
			page: "{% embed giscus repo=\"a/b\" repo-id=\"x\" %}\n",
			want: "\n", warn: "giscus comments run GitHub's script",
		},
		{
			rule: `an app embedify does not have (a book's own template, custom-templates-folder) is dropped with a warning, not printed`,
			page: "{% embed canvas id=\"x\" %}\n",
			want: "\n", warn: "no app of embedify's by that name",
		},
		{
			rule: `an app without what it shows is dropped with a warning`,
			page: "{% embed youtube loading=\"lazy\" %}\n",
			want: "\n", warn: `needs a id="…"`,
		},
	})
	x := Expand("src/a.md", []byte("{% embed youtube id=\"x\" %}\n"), files{}.read)
	if string(x.Src) != "{% embed youtube id=\"x\" %}\n" {
		t.Errorf("without the plugin: %q", x.Src)
	}
}

// A preprocessor sitegen does not run: book.toml's [preprocessor.NAME]
// is a warning at its line, and a {{#name …}} line that is not mdBook's is
// dropped with a warning at the chapter's line, never printed; inside a
// code block, or within a line of text, it stays, as mdBook leaves it.
func TestUnrunPreprocessor(t *testing.T) {
	runExpand(t, Plugins{Unrun: []string{"tabs"}}, files{}, []expandCase{
		{
			rule: "a directive on its own line is dropped",
			page: "# A\n\n{{#tabs global=\"lang\"}}\nText.\n",
			want: "# A\n\n\nText.\n",
			warn: "{{#tabs …}} dropped: it is not mdBook's; book.toml's preprocessor tabs",
		},
		{
			rule: "in a fenced or indented code block, or a line of text, it stays",
			page: "```hbs\n{{#each items}}\n```\nSay {{#each items}} here.\n\n    {{#each items}}\n",
			want: "```hbs\n{{#each items}}\n```\nSay {{#each items}} here.\n\n    {{#each items}}\n",
		},
	})
	x := Plugins{Unrun: []string{"tabs"}}.Expand("src/a.md", []byte("a\n\n  {{#tabs x}}\n"), files{}.read)
	if len(x.Problems) != 1 || x.Problems[0].Line != 3 || x.Problems[0].Col != 3 || !x.Problems[0].Warning {
		t.Errorf("problems %+v, want a warning at 3:3", x.Problems)
	}
}

// book.toml's preprocessors, as
// https://rust-lang.github.io/mdBook/format/configuration/preprocessors.html
// documents the table: "command: The command to use to run the
// preprocessor. If this is not specified, mdBook will default to
// mdbook-<name>"; "renderers: A list of renderers this preprocessor
// should run for"; before and after order them (sitegen applies
// mdBook's links and the plugins in one pass).
func TestReadPreprocessors(t *testing.T) {
	tests := []struct {
		name, toml string
		want       Plugins
		notes      []string
	}{
		{
			name: "the plugins sitegen applies (space-wizards/docs)",
			toml: "[book]\n\n[preprocessor.mermaid]\n\n[preprocessor.emojicodes]\n\n[preprocessor.template]\nbefore = [\"mermaid\"]\n\n[preprocessor.embedify]\n",
			want: Plugins{Template: true, Emoji: true, Embedify: true, Unrun: []string{"mermaid"}},
			notes: []string{
				"book.toml:3: [preprocessor.mermaid] (mdbook-mermaid) is not run: diagrams are shown as their source",
			},
		},
		{
			name: "a plugin by its command; another program under a plugin's name is not that plugin",
			toml: "[preprocessor.emoji]\ncommand = \"mdbook-emojicodes\"\n[preprocessor.template]\ncommand = \"python3 tools/template.py\"\n",
			want: Plugins{Emoji: true, Unrun: []string{"template"}},
			notes: []string{
				"book.toml:3: [preprocessor.template] (python3 tools/template.py) is not run: its {{#…}} lines are dropped, its other syntax is shown as written",
			},
		},
		{
			name: "a preprocessor whose renderers do not list html does not run for the HTML book",
			toml: "[preprocessor.template]\nrenderers = [\"latex\"]\n[preprocessor.toc]\nrenderers = [\"html\"]\n",
			want: Plugins{Unrun: []string{"toc"}},
			notes: []string{
				"book.toml:3: [preprocessor.toc] (mdbook-toc) is not run: its {{#…}} lines are dropped, its other syntax is shown as written",
			},
		},
		{
			name: "embedify's page decorations, turned on in book.toml, are named",
			toml: "[preprocessor.embedify]\nscroll-to-top.enable = true\nfooter.enable = false\n",
			want: Plugins{Embedify: true},
			notes: []string{
				"book.toml:1: [preprocessor.embedify] scroll-to-top.enable: not shown: sitegen's page has no embedify scroll-to-top",
			},
		},
		{
			name:  "mdBook's own are not named; katex's formulas are marked as math (\"Inline math: $...$\")",
			toml:  "[preprocessor.links]\n[preprocessor.index]\n[preprocessor.katex]\n",
			want:  Plugins{},
			notes: []string{"book.toml:3: " + layout.MathNote("[preprocessor.katex]")},
		},
		{
			name:  `mdBook's own MathJax ("Inline equations are delimited by \\( and \\)", https://rust-lang.github.io/mdBook/format/mathjax.html): its formulas are marked as math`,
			toml:  "[output.html]\nmathjax-support = true\n",
			notes: []string{`book.toml: output.html.mathjax-support: the \\( … \\) and \\[ … \\] formulas are rendered as MathML at build time (one sitegen cannot read is shown as its TeX source, with a warning)`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := layouttest.Write(t, map[string]string{"book.toml": tt.toml, "src/SUMMARY.md": "- [A](a.md)\n"})
			l, err := Recognise(dir)
			if err != nil {
				t.Fatal(err)
			}
			raw := []byte(tt.toml)
			m, err := layout.Decode(dir, ConfigFile)
			if err != nil {
				t.Fatal(err)
			}
			var scratch = *l
			scratch.Notes, scratch.Read = nil, nil
			got := readPreprocessors(dir, &scratch, m, raw)
			if got.Template != tt.want.Template || got.Emoji != tt.want.Emoji || got.Embedify != tt.want.Embedify || !slices.Equal(got.Unrun, tt.want.Unrun) {
				t.Errorf("plugins %+v, want %+v", got, tt.want)
			}
			if !slices.Equal(l.Notes, tt.notes) {
				t.Errorf("notes %q\nwant  %q", l.Notes, tt.notes)
			}
			if strings.Contains(tt.toml, "katex") != l.Markup.Math {
				t.Errorf("Markup.Math = %v", l.Markup.Math)
			}
			if strings.Contains(tt.toml, "mathjax-support = true") != l.Markup.MathBrackets {
				t.Errorf("Markup.MathBrackets = %v", l.Markup.MathBrackets)
			}
		})
	}
}

// The order mdBook runs the preprocessors in decides what each one sees:
// "The order in which preprocessors are run can be controlled with the
// before and after fields … Preprocessors with the same priority
// specified via before and after are sorted by name"
// (https://rust-lang.github.io/mdBook/format/configuration/preprocessors.html).
// A preprocessor reads the text of those that ran before it, not of
// those that run after: by name, embedify and emojicodes run before
// mdBook's links, template after it.
func TestPreprocessorOrder(t *testing.T) {
	if got, want := runOrder(map[string]any{
		"mermaid": map[string]any{}, "admonish": map[string]any{}, "emojicodes": map[string]any{}, "embedify": map[string]any{},
		"template": map[string]any{"before": []any{"mermaid", "admonish", "emojicodes"}},
	}), []string{"embedify", "index", "links", "template", "admonish", "emojicodes", "mermaid"}; !slices.Equal(got, want) {
		t.Errorf("space-wizards/docs' order %q, want %q", got, want)
	}
	chapter := files{
		"src/inc.md":     "inc :dog: {% embed youtube id=\"x\" %} {{#template t.md}}",
		"src/t.md":       "tpl :cat: {{#include leaf.md}}",
		"src/leaf.md":    "leaf",
		"src/SUMMARY.md": "- [A](a.md)\n",
	}
	tests := []struct{ name, toml, page, want string }{
		{
			name: "emojicodes before links (by name): the chapter's codes, not an include's",
			toml: "[preprocessor.emojicodes]\n",
			page: ":cat: {{#include inc.md}}\n",
			want: "🐱 inc :dog: {% embed youtube id=\"x\" %} {{#template t.md}}\n",
		},
		{
			name: "emojicodes after links: the include's codes too",
			toml: "[preprocessor.emojicodes]\nafter = [\"links\"]\n",
			page: ":cat: {{#include inc.md}}\n",
			want: "🐱 inc 🐶 {% embed youtube id=\"x\" %} {{#template t.md}}\n",
		},
		{
			name: "template after links (by name): an include's template applied, a template's include left as written",
			toml: "[preprocessor.template]\n",
			page: "{{#include inc.md}}\n",
			want: "inc :dog: {% embed youtube id=\"x\" %} tpl :cat: {{#include leaf.md}}\n",
		},
		{
			name: "template before links: a template's include applied, an include's template left",
			toml: "[preprocessor.template]\nbefore = [\"links\"]\n",
			page: "{{#template t.md}} / {{#include inc.md}}\n",
			want: "tpl :cat: leaf / inc :dog: {% embed youtube id=\"x\" %} {{#template t.md}}\n",
		},
		{
			name: "embedify before links (by name): an include's macro left as written; after links, applied",
			toml: "[preprocessor.embedify]\n[preprocessor.links]\nbefore = [\"embedify\"]\n",
			page: "{{#include inc.md}}\n",
			want: "inc :dog: [YouTube video x](<https://www.youtube.com/embed/x>) {{#template t.md}}\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{"book.toml": tt.toml, "src/SUMMARY.md": "- [A](a.md)\n"}))
			if err != nil {
				t.Fatal(err)
			}
			x := l.Expand("src/a.md", []byte(tt.page), chapter.read)
			if string(x.Src) != tt.want || len(x.Problems) > 0 {
				t.Errorf("got  %q problems %v\nwant %q", x.Src, x.Problems, tt.want)
			}
		})
	}
}

// mdbook-image-size (https://github.com/lhybdv/mdbook-image-size,
// README): "![the alt](path/to/your/image "the title" =500x400)" is
// "<p><img src="path/to/your/image" alt="the alt" title="the title"
// width="500" height="400"></p>"; "=500x" and "=x400" give one side;
// "center" and "right" after the size align the paragraph ("left is
// default"); "No alt or title is ok". MinBZK/max-regel-book writes its
// figures so ("![A term](img/term.svg =x150 center)"): sitegen printed
// them as text. A height alone is also a style: sitegen's style sheet
// gives a page's images "height: auto", which overrides the attribute.
func TestImageSize(t *testing.T) {
	runExpand(t, Plugins{ImageSize: true}, files{"src/inc.md": "![i](b.png =10x)\n"}, []expandCase{
		{
			rule: "width and height, with a title",
			page: "![the alt](path/to/your/image \"the title\" =500x400)\n",
			want: "<p><img src=\"path/to/your/image\" alt=\"the alt\" title=\"the title\" width=\"500\" height=\"400\"></p>\n",
		},
		{
			rule: "width only; height only, centred (the book's figure); right",
			page: "![](a.png =800x)\n\n![A term](img/term.svg =x150 center)\n\n![r](c.png =1x2 right)\n",
			want: "<p><img src=\"a.png\" width=\"800\"></p>\n\n<p style=\"text-align:center\"><img src=\"img/term.svg\" alt=\"A term\" height=\"150\" style=\"height:150px\"></p>\n\n<p style=\"text-align:right\"><img src=\"c.png\" alt=\"r\" width=\"1\" height=\"2\"></p>\n",
		},
		{
			rule: "no size, a code span or a code block: as written",
			page: "![a](a.png =x)\n`![a](a.png =1x1)`\n```\n![a](a.png =1x1)\n```\n![plain](a.png)\n",
			want: "![a](a.png =x)\n`![a](a.png =1x1)`\n```\n![a](a.png =1x1)\n```\n![plain](a.png)\n",
		},
		{
			rule: "what the alt and title hold is escaped",
			page: "![<b>\"x\"</b>](a.png \"t&<\" =1x1)\n",
			want: "<p><img src=\"a.png\" alt=\"&lt;b&gt;&#34;x&#34;&lt;/b&gt;\" title=\"t&amp;&lt;\" width=\"1\" height=\"1\"></p>\n",
		},
		{
			rule: "an image brought in by an include: the plugin reads the chapter after mdBook's links preprocessor (no order given)",
			page: "{{#include inc.md}}\n",
			want: "<p><img src=\"b.png\" alt=\"i\" width=\"10\"></p>\n",
		},
	})
	if x := Expand("src/a.md", []byte("![a](a.png =1x1)\n"), files{}.read); string(x.Src) != "![a](a.png =1x1)\n" {
		t.Errorf("without the plugin: %q", x.Src)
	}
}
