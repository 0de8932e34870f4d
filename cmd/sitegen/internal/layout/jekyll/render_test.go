package jekyll

import (
	"path"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
	"d6codex/cmd/sitegen/internal/srcpath"
)

// liquidFixture is a small Jekyll site: its config, two posts, two pages,
// a data file and includes.
var liquidFixture = map[string]string{
	"_config.yml":                     "title: Dice Club\nauthor: Ann\nbaseurl: /club\nurl: https://club.test\n",
	"index.md":                        "---\ntitle: Home\n---\nHi\n",
	"about.md":                        "---\ntitle: About\nnav: 2\n---\nAbout us\n",
	"rules/index.md":                  "---\ntitle: Rules\nnav: 1\n---\nRules\n",
	"_posts/2020-01-02-first.md":      "---\ntitle: First\ntags: [dice, news]\ncategories: [2015]\n---\nFirst post.\n\nMore.\n",
	"_posts/2021-05-06-second-one.md": "---\ntags: news\n---\nSecond post.\n",
	"_data/monsters.yml":              "- name: Goblin\n  hp: 7\n  kind: small\n  tags: [a, b]\n- name: Orc\n  hp: 15\n  kind: big\n  tags: [b, c]\n- name: Imp\n  hp: 3\n  kind: small\n",
	"_data/ui-text.yml":               "en:\n  wpm: 200\n",
	"_data/lore/gods.json":            `{"sun": "Aten"}`,
	"_data/lax.json":                  "[\n  {\"index\": \"600\", \"title\": \"Generation\"},\n]\n",
	"_includes/note.html":             "<b>{{ include.text }}</b> on {{ page.title }}",
	"_includes/loop.html":             "{% include loop.html %}",
	"rules/liquid.md":                 "---\ntitle: Liquid inside\n---\nMade by {{ site.author }} here.\n",
	"rules/part.md":                   "---\n---\nPART {{ page.title }}\n",
}

// render runs Liquid on the page text src at file in liquidFixture's site.
func renderFixture(t *testing.T, file, src string, timeout time.Duration) layout.Expanded {
	t.Helper()
	return renderSite(t, liquidFixture, file, src, timeout)
}

// renderSite runs Liquid on the page text src at file in the site files.
func renderSite(t *testing.T, files map[string]string, file, src string, timeout time.Duration) layout.Expanded {
	t.Helper()
	dir := layouttest.Write(t, files)
	l, err := Recognise(dir)
	if err != nil || l == nil {
		t.Fatalf("Recognise: %v, %v", l, err)
	}
	read := func(f string) ([]byte, error) { return srcpath.ReadFile(dir, f, 1<<20) }
	var rels []string
	for f := range files {
		if path.Ext(f) == ".md" {
			rels = append(rels, f)
		}
	}
	l.SitePages(rels, read)
	ls := l.Expand
	if timeout > 0 {
		site := &liquidSite{l: l, conf: map[string]any{}, srcDir: dir, timeout: timeout}
		ls = expander(l, site)
	}
	return ls(file, []byte(src), read)
}

// TestLiquidRun checks that a Jekyll page's Liquid is run as Jekyll runs
// it: "Jekyll processes Liquid before Markdown"
// (https://jekyllrb.com/docs/liquid/), with the variables of
// https://jekyllrb.com/docs/variables/, Liquid's tags
// (https://shopify.github.io/liquid/tags/) and Jekyll's filters and tags
// (https://jekyllrb.com/docs/liquid/filters/, https://jekyllrb.com/docs/liquid/tags/,
// https://jekyllrb.com/docs/includes/). Each row quotes the rule it checks.
func TestLiquidRun(t *testing.T) {
	tests := []struct{ name, src, want string }{
		// "site.[CONFIGURATION_DATA]: All the variables set via the command
		// line and your _config.yml are available through the site variable."
		{"config", "{{ site.title }} by {{ site.author }}", "Dice Club by Ann"},
		// "site.posts: A reverse chronological list of all Posts"; a post
		// without a title is titled from its file name.
		{"posts", "{% for p in site.posts %}{{ p.title }}@{{ p.url }};{% endfor %}", "Second One@/2021/05/06/second-one.html;First@/2015/2020/01/02/first.html;"},
		// "site.pages: A list of all Pages."
		{"pages", "{% assign ps = site.pages | sort: 'nav' %}{% for p in ps %}{% if p.nav %}{{ p.title }}={{ p.url }} {% endif %}{% endfor %}", "Rules=/rules/ About=/about.html "},
		// "site.data: A list containing the data loaded from the YAML files
		// located in the _data directory"; "_data/orgs/jekyll.yml …
		// site.data.orgs.jekyll" (https://jekyllrb.com/docs/datafiles/).
		{"data", "{{ site.data.monsters[1].name }} {{ site.data.lore.gods.sun }}", "Orc Aten"},
		// Jekyll reads a data file but CSV and TSV with its YAML reader
		// (DataReader#read_data_file: "else
		// Jekyll::Utils.safe_load_yaml_file(path)"): a .json file with a
		// trailing comma, which JSON refuses, is read (kaiser-rpg's
		// _data/tables/gameplay.json, its tables shown by Jekyll 4.3).
		// "In tags with more than one and or or operator, operators are
		// checked in order from right to left"
		// (https://shopify.github.io/liquid/basics/operators/):
		// kaiser-rpg's thrown weapons list `a and b and c or d`, which
		// Jekyll reads `a and (b and (c or d))` (198 table rows, not 257).
		{"and, or from right to left", "{% if false and true or true %}A{% else %}B{% endif %}{% unless true or true and false %}C{% endunless %}{% if false and 'x or y' == 'x or y' or true %}D{% endif %}", "B"}, // Ruby Liquid 5 writes "B"
		{"and, or in a raw block", "{% raw %}{% if a and b or c %}{% endraw %}", "{% if a and b or c %}"},
		{"JSON read as YAML", "{% assign t = site.data.lax | where: 'index', '600' | first %}{{ t.title }}", "Generation"},
		// "site.tags.TAG: The list of all Posts with tag TAG."
		{"tags", "{{ site.tags.news | size }} {{ site.tags.dice[0].title }}", "2 First"},
		// "page.title", "page.url: The URL of the Post without the domain".
		{"page", "{{ page.title }} {{ page.url }} {{ page.path }}", "About /about.html about.md"},
		// "Post excerpts: By default this is the first paragraph of content
		// in the post" (https://jekyllrb.com/docs/posts/#post-excerpts).
		{"excerpt", "{{ site.posts.last.excerpt }}", "First post."},
		// "Passing parameters to includes … {{ include.param }}"
		// (https://jekyllrb.com/docs/includes/).
		{"include", `{% include note.html text="roll" %}`, "<b>roll</b> on About"},
		{"include with a variable", `{% assign w = "d6" %}{% include note.html text=w %}`, "<b>d6</b> on About"},
		// Jekyll's include tag splits its markup at any whitespace
		// ("@file, @params = markup.split(%r!\s+!, 2)",
		// jekyll/lib/jekyll/tags/include.rb): the file name on its own
		// line, the parameters on the next (adventure-book's character
		// layout).
		{"include over lines", "{%\n  include note.html\n  text=\"roll\"\n%}", "<b>roll</b> on About"},
		// "include_relative: include file fragments relative to the current file".
		{"include_relative", `{% include_relative rules/part.md %}`, "PART About\n"}, // the file as it is, its last newline too
		// Liquid's tags.
		{"if", `{% if page.title == "About" %}yes{% elsif x %}x{% else %}no{% endif %}{% unless false %}!{% endunless %}`, "yes!"},
		{"capture", `{% capture c %}{{ site.title | upcase }}{% endcapture %}[{{ c }}]`, "[DICE CLUB]"},
		{"case", `{% case site.author %}{% when "Ann" %}A{% else %}B{% endcase %}`, "A"},
		// "A when tag can accept multiple values … Provide the values as a
		// comma-separated list, or separate them using an or operator"
		// (https://shopify.github.io/liquid/tags/control-flow/#casewhen;
		// stories-over-statblocks' post-date.html).
		{"when or", `{%case site.author%}{%when 'x' or "Ann"%}A{%else%}B{%endcase%}`, "A"},
		{"comment", `a{% comment %}hidden{% endcomment %}b`, "ab"},
		{"raw", `{% raw %}{{ not run }}{% endraw %}`, "{{ not run }}"},
		// jekyll-paginate is not run: a loop over paginator.posts writes
		// nothing, as Jekyll without the plugin.
		{"paginator", `[{% for p in paginator.posts %}{{ p.title }}{% endfor %}]`, "[]"},
		// "relative_url: Prepend baseurl config value to the input", in a
		// page too: its raw HTML is published as written (a Markdown
		// link typed with the base resolves as without it).
		{"relative_url", `{{ "/assets/x.png" | relative_url }} {{ "a" | relative_url }}`, "/club/assets/x.png /club/a"},
		// site.baseurl is the base path a page's raw HTML is published
		// with, site.url alone a path from the root (siteRoot).
		{"site.baseurl in a link", `[b]({{ site.url }}{{ site.baseurl }}/b/) [h]({{ site.baseurl }}) [u]({{ site.url }}/u/)`, "[b](/club/b/) [h](/club/) [u](/u/)"},
		// "where: Select all the objects in an array where the key has the given value."
		// Ruby's Liquid (lax, Jekyll's default) reads a lookup's words
		// with /\[[^\]]+\]|[\w-]+\??/ (Liquid::VariableParser): in
		// site.tags.[{{level.tag}}] the key is the variable level.tag,
		// the braces and the dot before "[" passed over (Jekyll 4.3
		// warns and lists the posts: thebombzen/grimoire's home page).
		// Ruby's lax For reads "for x in collection" and its limit: and
		// offset: (/\A(\w+)\s+in\s+(QuotedFragment+)\s*(reversed)?/ and
		// TagAttributes, Liquid::For#lax_parse); filters after the
		// collection are passed over (Jekyll 4.3.1 warns "Expected
		// end_of_string but found pipe" and loops unsorted:
		// rooneg/5srd.github.io's subclass layout).
		{"lax for with filters", `{% for m in site.data.monsters | sort: 'name' %}{{ m.name }},{% endfor %}`, "Goblin,Orc,Imp,"},
		// Liquid::TableRow's lax parse is the same (its Syntax and
		// TagAttributes): a stray "%" after the collection is passed over
		// (webdevjeffus/dungeons-of-olde's `{% tablerow array in
		// site.data.stat-arrays % cols:3 %}`, a table in jekyll 4.3.1;
		// sitegen dropped the page's whole Liquid run).
		{"lax tablerow with a stray %", `<table>{% tablerow m in site.data.monsters % cols:2 %}{{ m.name }}{% endtablerow %}</table>`,
			// (Ruby's Liquid writes a newline after <tr class="row1"> and each </tr>.)
			`<table><tr class="row1"><td class="col1">Goblin</td><td class="col2">Orc</td></tr><tr class="row2"><td class="col1">Imp</td></tr></table>`},
		{"lax for with a stray %", `{% for m in site.data.monsters % limit:2 %}{{ m.name }},{% endfor %}`, "Goblin,Orc,"},
		{"lax for with filters and limit", `{% for m in site.data.monsters | sort: 'name' limit: 2 %}{{ m.name }},{% endfor %}`, "Goblin,Orc,"},
		{"lax bracket lookup", `{% for m in site.data.monsters %}{% assign k = "name" %}{% assign v = m.[{{k}}] %}{{ v }},{% endfor %}`, "Goblin,Orc,Imp,"},
		{"where", `{% assign s = site.data.monsters | where: "kind", "small" %}{{ s | map: "name" | join: "," }}`, "Goblin,Imp"},
		// "sort: Sort an array. Optional arguments for hashes 1. property name".
		{"sort", `{{ site.data.monsters | sort: "hp" | map: "name" | join: "," }}`, "Imp,Goblin,Orc"},
		// "group_by: Group an array's items by a given property."
		{"group_by", `{% assign g = site.data.monsters | group_by: "kind" %}{% for x in g %}{{ x.name }}:{{ x.size }} {% endfor %}`, "small:2 big:1 "},
		// "group_by_exp: Group an array's items using a Liquid expression"
		// (https://jekyllrb.com/docs/liquid/filters/): groups named by the
		// expression's value, in the order first met (TheAstralForge's nav).
		{"group_by_exp", `{% assign g = site.data.monsters | group_by_exp: "m", "m.kind | size" %}{% for x in g %}{{ x.name }}:{{ x.items | map: "name" | join: "+" }} {% endfor %}`, "5:Goblin+Imp 3:Orc "},
		// "jsonify: Convert Hash or Array to JSON."
		{"jsonify", `{{ site.data.lore.gods | jsonify }}`, `{"sun":"Aten"}`},
		// "slugify: Convert a string into a lowercase URL slug."
		{"slugify", `{{ "The Big Book, 2nd ed." | slugify }}`, "the-big-book-2nd-ed"},
		// "date_to_string: Convert a date to short format"; "date_to_xmlschema".
		{"dates", `{{ site.posts.last.date | date_to_string }} {{ site.posts.last.date | date_to_xmlschema }}`, "02 Jan 2020 2020-01-02T00:00:00+00:00"},
		// Liquid's date: "If the input is nil or an empty string, the
		// input is returned" ("Jan 1, 0001" was shown for a page without
		// a date, eval12B NB2); what is not a date is returned as it is.
		{"date", `{{ site.posts.last.date | date: "%b %-d, %Y" }}|{{ page.nodate | date: "%b %-d, %Y" }}|{{ "" | date: "%Y" }}|{{ "soon" | date: "%Y" }}|{{ "2021-03-04" | date: "%d/%m" }}`, "Jan 2, 2020|||soon|04/03"},
		// "markdownify: Convert a Markdown-formatted string into HTML."
		{"markdownify", `{{ "*hi*" | markdownify }}`, "<p><em>hi</em></p>\n"},
		// "array_to_sentence_string: Convert an array into a sentence."
		{"array_to_sentence_string", `{{ site.data.monsters | map: "name" | array_to_sentence_string }}`, "Goblin, Orc, and Imp"},
		{"number_of_words", `{{ "one two  three" | number_of_words }}`, "3"},
		{"xml_escape", `{{ "a < b & c" | xml_escape }}`, "a &lt; b &amp; c"},
		// Ruby's Liquid reads names with hyphens and names that start
		// with a digit ([\w-]+ in its VariableSegment).
		{"property names", `{{ site.data.ui-text.en.wpm }} {{ site.categories.2015[0].title }} {{ "a.2015" }} {{ 1.5 | plus: 1 }}`, "200 First a.2015 2.5"},
		// Ruby's Liquid reads an operand of plus, minus, times, divided_by
		// and modulo by Liquid::Utils.to_number: a text by String#to_i
		// ("5 sp" is 5, "---" is 0: 5srd's format_cost include); "The
		// result is rounded down to the nearest integer (that is, the
		// floor) if the divisor is an integer"
		// (https://shopify.github.io/liquid/filters/divided_by/).
		{"arithmetic of texts", `{{ "5 sp" | times: 100 }} {{ "---" | plus: 1 }} {{ "0.5" | times: 3 }} {{ -7 | divided_by: 2 }} {{ 7 | divided_by: 2.0 }} {{ -7 | modulo: 3 }} {{ nothing | minus: 2 }} {{ 10.0 | round | minus: 1 | divided_by: 4 }} {{ "---" | round }} {{ 2.5 | round }} {{ 1.2345 | round: 2 }} {{ 1.2 | ceil }} {{ "3.7" | floor }}`, "500 1 1.5 -4 3.5 2 -2 2 0 3 1.23 2 3"},
		// "at_least: Limits a number to a minimum value", "at_most: Limits
		// a number to a maximum value" (Liquid 4.0, Jekyll 4's;
		// https://shopify.github.io/liquid/filters/at_least/): the
		// operands read as plus reads them (adventure-book's weapons_list
		// include); a loop over a range ends at a floor's integer.
		{"at_least and at_most", `{{ 4 | at_least: 5 }} {{ 4 | at_least: 3 }} {{ "4" | at_most: 3.5 }} {{ 1 | at_most: 2 }}`, "5 4 3.5 1"},
		// Ruby's Liquid reads a range's ends with RangeLookup#to_integer:
		// "when NilClass, String then input.to_i", else
		// Utils.to_integer (https://github.com/Shopify/liquid,
		// lib/liquid/range_lookup.rb; jekyll 4.3.1 builds this fixture to
		// "12345678|123||12|[0]"): adventure-book's weapons_list include
		// loops over (1..weapon_dice[0]).
		{"a range to a text", `{% assign d = "1d8" | split: "d" %}{% for i in (1..d[1]) %}{{ i }}{% endfor %}|{% for i in (d[0]..3) %}{{ i }}{% endfor %}|{% for i in (1..nothing) %}x{{ i }}{% endfor %}|{% assign t = "2 sp" %}{% for i in (1..t) %}{{ i }}{% endfor %}|{% assign w = "abc" %}{%- for i in (0..w) -%}[{{ i }}]{% endfor %}`, "12345678|123||12|[0]"},
		{"a range to a filter's integer", `{% assign n = 2.7 | floor %}{% for i in (1..n) %}{{ i }}{% endfor %}`, "12"},
		// "where_exp: Select all the objects in an array where the
		// expression is true."
		{"where_exp", `{{ site.data.monsters | where_exp: "m", "m.hp > 5" | map: "name" | join: "," }}`, "Goblin,Orc"},
		// Liquid's == on two items: the same object is equal
		// (dnd-homebrew's "item == site.data.x.last"), a hash's keys are
		// its properties, contains asks for a key, a for loop gives its
		// [key, value] pairs.
		{"== on items", `{% for m in site.data.monsters %}{% unless m == site.data.monsters.last %}{{ m.name }},{% endunless %}{% endfor %}`, "Goblin,Orc,"},
		{"a hash", `{% assign g = site.data.lore.gods %}{{ g.size }} {% if g contains "sun" %}sun{% endif %} {% for p in g %}{{ p[0] }}={{ p[1] }}{% endfor %} {{ site.data.lore["gods"].sun }}`, "1 sun sun=Aten Aten"},
		// Jekyll's Liquid is lax: a filter that is not a name is passed
		// over (academicpages' read-time.html: `| "Undefined parameter"`).
		{"lax filter", `{{ site.author | "not a filter" }}`, "Ann"},
		// Another page's text in a list is not run: its Liquid is left
		// out, not shown as source.
		{"text of another page", `{{ site.pages | where: "title", "Liquid inside" | map: "excerpt" | join: "" }}`, "Made by  here."},
		// "The HTML block ends with the end tag", its content raw
		// (https://kramdown.gettalong.org/syntax.html#html-blocks): a
		// loop's blank lines inside a <table> do not make its indented
		// rows code (200WordRPG's 2015entries.md); <pre> keeps its spaces.
		{"html block", "<table>{% for m in site.data.monsters limit:2 %}\n  {% assign x = 1 %}\n    <tr><td>{{ m.name }}</td></tr>\n{% endfor %}\n</table>\n\n    code",
			"<table>\n\n<tr><td>Goblin</td></tr>\n\n\n<tr><td>Orc</td></tr>\n\n</table>\n\n    code"},
		{"html block with pre", "<div>\n{% if true %}\n    <pre>  x</pre>\n{% endif %}\n</div>", "<div>\n\n    <pre>  x</pre>\n\n</div>"},
		{"join on a text", `{{ "a,b" | join: "," | join: "," }}`, "a,b"},
		// Ruby Liquid's array filters read their input through
		// InputIterator, which flattens an array ("@input = if
		// input.is_a?(Array) then input.flatten", liquid 4's
		// standardfilters.rb): jekyll build 4.3 writes "a,b,c,|1|0|3|4"
		// for these (a nil joined as nothing). Evannessa/Wiki-Public's
		// `site.notes | map: "Clan" | uniq | compact` on notes without a
		// Clan made the engine fail (a nil in uniq).
		{"array filters flatten as Ruby's InputIterator", `{{ site.data.monsters | map: "tags" | uniq | join: "," }}|{{ site.data.monsters | map: "clan" | uniq | size }}|{{ site.data.monsters | map: "clan" | uniq | compact | size }}|{{ site.data.monsters | map: "tags" | size }}|{{ site.data.monsters | map: "tags" | compact | size }}`, "a,b,c,|1|0|3|4"},
		{"uniq by a property", `{{ site.data.monsters | uniq: "kind" | map: "name" | join: "," }}`, "Goblin,Orc"},
		// jekyll-seo-tag's {% seo %}: the page's <head>, sitegen's theme's.
		{"seo", `{% seo %}{% feed_meta %}x`, "x"},
		// Ruby's Liquid reads an output's markup across lines
		// (Liquid::Template's tokenizer and Liquid::Variable match it
		// with /m): jekyll build 4.3 runs "{{\n include.content\n |
		// replace: …\n}}" (eval24A, kaiser-rpg/KaiserRPG.github.io's
		// replace-content.html, every page's text); the engine printed
		// it as text.
		{"an output's filters on lines of their own", "{{\n  page.title\n  | replace: \"bout\", \"BOUT\"\n  | append: \"!\"\n}}|{{ page.title |\n downcase }}", "ABOUT!|about"},
		{"a raw block keeps an output across lines as written", "{% raw %}{{ a\n | b }}{% endraw %}", "{{ a\n | b }}"},
		// {% link %} stays for the page's Markdown, which resolves and
		// checks it (package markup/liquid).
		{"link", `[r]({% link rules/index.md %})`, "[r]({% link rules/index.md %})"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "---\ntitle: About\n---\n" + tt.src + "\n"
			x := renderFixture(t, "about.md", src, 0)
			if len(x.Problems) > 0 {
				t.Fatalf("problems: %+v", x.Problems)
			}
			if got := string(x.Src[frontMatterEnd(x.Src):]); got != tt.want+"\n" {
				t.Errorf("got %q, want %q", got, tt.want+"\n")
			}
			if !strings.HasPrefix(string(x.Src), "---\ntitle: About\n---\n") {
				t.Errorf("front matter lost: %q", x.Src)
			}
		})
	}
}

// TestSiteCollectionsOrder: Liquid's site.collections is Jekyll's
// SiteDrop#collections, "@obj.collections.values.sort_by(&:label)"
// (jekyll 4.3.1, lib/jekyll/drops/site_drop.rb): the collections by label,
// posts among them, whatever order _config.yml writes them in. Measured
// with jekyll build 4.3.1 on collections zulu, alpha, mike:
// "[alpha][mike][posts][zulu]".
func TestSiteCollectionsOrder(t *testing.T) {
	for _, tt := range []struct{ name, config, want string }{
		{"map form", "collections:\n  zulu:\n    output: true\n  alpha:\n    output: true\n  mike:\n    output: true\n", "[alpha][mike][posts][zulu]"},
		{"list form", "collections:\n  - zulu\n  - alpha\n  - mike\n", "[alpha][mike][posts][zulu]"},
		{"posts listed, capitals first", "collections:\n  posts:\n    output: true\n  rules:\n    output: true\n  Lore:\n    output: true\n", "[Lore][posts][rules]"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"_config.yml": "title: C\n" + tt.config, "index.md": "---\ntitle: Home\n---\nHi\n"}
			x := renderSite(t, files, "index.md", "---\ntitle: Home\n---\n{% for c in site.collections %}[{{ c.label }}]{% endfor %}\n", 0)
			if len(x.Problems) > 0 {
				t.Fatalf("problems: %+v", x.Problems)
			}
			if got := strings.TrimSpace(string(x.Src[frontMatterEnd(x.Src):])); got != tt.want {
				t.Errorf("site.collections %s, want %s", got, tt.want)
			}
		})
	}
}

// TestLiquidLines checks that the lines of a page's rendered Liquid map to
// the lines of the page file they came from (a problem found in the
// Markdown is placed there): a loop's output at the loop's body, the text
// after it at its own line, an include's output at the include.
func TestLiquidLines(t *testing.T) {
	src := "---\ntitle: L\n---\n{% for m in site.data.monsters %}\n- {{ m.name }}\n{% endfor %}\nAfter\n{% include note.html text=\"x\" %}\n{%- if true %}\nTrimmed\n{%- endif %}\nEnd\n"
	x := renderFixture(t, "l.md", src, 0)
	if len(x.Problems) > 0 {
		t.Fatalf("problems: %+v", x.Problems)
	}
	lines := strings.Split(string(x.Src), "\n")
	want := map[string]int{"- Goblin": 5, "- Imp": 5, "After": 7, "<b>x</b> on L": 8, "Trimmed": 10, "End": 12, "title: L": 2}
	for i, line := range lines {
		if w, ok := want[line]; ok {
			if i >= len(x.Lines) || x.Lines[i] != w {
				t.Errorf("line %q maps to %v, want %d (lines %v)", line, x.Lines, w, x.Lines)
			}
			delete(want, line)
		}
	}
	if len(want) > 0 {
		t.Errorf("text %q lacks %v", x.Src, want)
	}
	if len(x.Lines) != len(lines) {
		t.Errorf("%d line numbers for %d lines", len(x.Lines), len(lines))
	}
}

// TestLiquidBounds checks that a page's Liquid is bounded in time and
// memory, each bound an error at the page's line: a range of more numbers
// than sitegen runs, an include that includes itself, a page that does
// not finish. A template the engine cannot read (a plugin's tag) is a
// warning, and the page is shown as without Liquid.
func TestLiquidBounds(t *testing.T) {
	tests := []struct {
		name, src string
		timeout   time.Duration
		line      int
		warning   bool
		msg       string
	}{
		{"huge range", "Text\n{% for i in (1..100000000) %}x{% endfor %}\n", 0, 5, false, "more than 1000000 numbers"},
		{"include recursion", "{% include loop.html %}\n", 0, 4, false, "nest deeper than 32"},
		{"no end", "{% for i in (1..1000000) %}{% for j in (1..1000000) %}{{ j }}{% endfor %}{% endfor %}\n", 50 * time.Millisecond, 4, false, "did not finish"},
		{"a plugin's tag", "Text\n{% gist 1234 %}\n", 0, 5, true, "gist"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := renderFixture(t, "p.md", "---\ntitle: P\n---\n"+tt.src, tt.timeout)
			if len(x.Problems) == 0 {
				t.Fatalf("no problem; text %q", x.Src)
			}
			p := x.Problems[0]
			if p.Line != tt.line || p.Warning != tt.warning || !strings.Contains(p.Msg, tt.msg) {
				t.Errorf("problem %+v, want line %d warning %v saying %q", p, tt.line, tt.warning, tt.msg)
			}
		})
	}
}

// TestPostsSameDate: site.posts is "A reverse chronological list of all
// Posts" (https://jekyllrb.com/docs/variables/#site-variables), and
// Jekyll orders two documents of one date by their path
// (Document#<=>, https://github.com/jekyll/jekyll/blob/v4.3.1/lib/jekyll/document.rb),
// the list reversed: of one day, b before a. thebombzen/grimoire's
// feed.xml (every spell of 2020-11-22) began with Tasha's Otherworldly
// Guise in Jekyll's build, with Blade of Disaster in sitegen's.
func TestPostsSameDate(t *testing.T) {
	files := map[string]string{
		"_config.yml":              "title: J\n",
		"_posts/2020-01-01-a.md":   "---\ntitle: A\n---\n",
		"_posts/2020-01-01-b.md":   "---\ntitle: B\n---\n",
		"_posts/2019-01-01-old.md": "---\ntitle: Old\n---\n",
		"_posts/2021-01-01-new.md": "---\ntitle: New\n---\n",
	}
	dir := layouttest.Write(t, files)
	l, err := Recognise(dir)
	if err != nil || l == nil {
		t.Fatalf("Recognise: %v, %v", l, err)
	}
	read := func(f string) ([]byte, error) { return srcpath.ReadFile(dir, f, 1<<20) }
	var rels []string
	for f := range files {
		if path.Ext(f) == ".md" {
			rels = append(rels, f)
		}
	}
	l.SitePages(rels, read)
	x := l.Expand("index.md", []byte("{% for p in site.posts %}{{ p.title }},{% endfor %}\n"), read)
	if got, want := strings.TrimSpace(string(x.Src)), "New,B,A,Old,"; got != want {
		t.Errorf("site.posts: %q, want %q", got, want)
	}
}

// TestPostCategoriesFromFolders checks a post's page.categories: the
// folders above its _posts/ ("Jekyll will … use the directories above
// _posts as categories": Document#categories_from_path, 4.3.1, the
// folders' names as written), then its front matter's categories:.
// eval24A (rytrasmi/dccrpg.github.io): "seeking revenge/_posts/…" writes
// "Categories: {% for category in page.categories %}…"; jekyll build
// 4.3 writes "Seeking revenge", sitegen wrote nothing.
func TestPostCategoriesFromFolders(t *testing.T) {
	for _, tc := range []struct{ file, front, want string }{
		{"seeking revenge/_posts/2022-08-28-the-start.md", "Title: The Start", "[seeking revenge]"},
		{"lore/Deep/_posts/2022-08-28-x.md", "categories: [gods, lore]", "[lore Deep gods]"},
		{"_posts/2022-08-28-y.md", "category: news", "[news]"},
	} {
		src := "---\n" + tc.front + "\n---\n{% for c in page.categories %}[{{ c }}]{% endfor %}|{{ page.categories | join: \" \" }}\n"
		x := renderFixture(t, tc.file, src, 0)
		if len(x.Problems) > 0 {
			t.Fatalf("%s: problems: %+v", tc.file, x.Problems)
		}
		got := string(x.Src[frontMatterEnd(x.Src):])
		_, joined, _ := strings.Cut(strings.TrimSpace(got), "|")
		if "["+joined+"]" != tc.want {
			t.Errorf("%s: page.categories = %q, want %s", tc.file, got, tc.want)
		}
	}
}

// TestCollectionOrder checks the order of a collection's documents in
// site.LABEL and site.collections[].docs, as Jekyll 4.3 builds the same
// fixture (Collection#sort_docs!):
//   - "Manual Ordering: You can also manually order the documents by
//     setting an order metadata with the filenames listed in the desired
//     order […] If a document's filepath doesn't comply with the list,
//     then it'll be placed immediately after the documents that comply.
//     When multiple documents do not comply, those are sorted by their
//     dates or paths" (https://jekyllrb.com/docs/collections/#manual-ordering);
//   - "Sort By Front Matter Key: Documents can be sorted based on a front
//     matter key by setting a sort_by metadata to the front matter key
//     string […] If a document does not have the front matter key
//     defined, then that document is placed immediately after sorted
//     documents. When multiple documents do not have the front matter key
//     defined, those documents are sorted by their dates or paths"
//     (https://jekyllrb.com/docs/collections/#sort-by-front-matter-key);
//   - else Document#<=>: by date: where both have one, else by path
//     (jekyll build: Goblin without a date before Orc of 2020, Ant of 2021).
func TestCollectionOrder(t *testing.T) {
	files := map[string]string{
		"_config.yml": "title: J\ncollections:\n  rules:\n    output: true\n    order:\n      - zeta.md\n      - sub/alpha.md\n      - missing.md\n" +
			"  spells:\n    output: true\n    sort_by: level\n  monsters:\n    output: true\n",
		"_rules/zeta.md":      "---\ntitle: Zeta\n---\n",
		"_rules/sub/alpha.md": "---\ntitle: Alpha\n---\n",
		"_rules/beta.md":      "---\ntitle: Beta\n---\n",
		"_rules/aardvark.md":  "---\ntitle: Aardvark\n---\n",
		"_spells/fire.md":     "---\ntitle: Fire\nlevel: 3\n---\n",
		"_spells/light.md":    "---\ntitle: Light\nlevel: 0\n---\n",
		"_spells/a-wish.md":   "---\ntitle: Wish\nlevel: 9\n---\n",
		"_spells/b-none.md":   "---\ntitle: Nolevel\n---\n",
		"_spells/a-none.md":   "---\ntitle: Aanone\n---\n",
		"_monsters/orc.md":    "---\ntitle: Orc\ndate: 2020-01-01\n---\n",
		"_monsters/goblin.md": "---\ntitle: Goblin\n---\n",
		"_monsters/zant.md":   "---\ntitle: Ant\ndate: 2021-01-01\n---\n",
	}
	dir := layouttest.Write(t, files)
	l, err := Recognise(dir)
	if err != nil || l == nil {
		t.Fatalf("Recognise: %v, %v", l, err)
	}
	read := func(f string) ([]byte, error) { return srcpath.ReadFile(dir, f, 1<<20) }
	var rels []string
	for f := range files {
		if path.Ext(f) == ".md" {
			rels = append(rels, f)
		}
	}
	l.SitePages(rels, read)
	for _, tc := range []struct{ src, want string }{
		{"{% for p in site.rules %}{{ p.title }},{% endfor %}", "Zeta,Alpha,Aardvark,Beta,"},
		{"{% for p in site.spells %}{{ p.title }},{% endfor %}", "Light,Fire,Wish,Aanone,Nolevel,"},
		{"{% for p in site.monsters %}{{ p.title }},{% endfor %}", "Goblin,Orc,Ant,"},
		{"{% for c in site.collections %}{{ c.label }}={% for p in c.docs %}{{ p.title }},{% endfor %};{% endfor %}",
			"monsters=Goblin,Orc,Ant,;posts=;rules=Zeta,Alpha,Aardvark,Beta,;spells=Light,Fire,Wish,Aanone,Nolevel,;"},
	} {
		x := l.Expand("index.md", []byte(tc.src+"\n"), read)
		if got := strings.TrimSpace(string(x.Src)); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.src, got, tc.want)
		}
	}
}
