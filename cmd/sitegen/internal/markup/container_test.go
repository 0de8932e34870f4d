package markup

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/layout/docusaurus"
	"d6codex/cmd/sitegen/internal/layout/starlight"
	"d6codex/cmd/sitegen/internal/layout/vitepress"
)

var (
	vitepressDialect  = Dialects{Containers: vitepress.Containers, ContainerTitles: vitepress.ContainerTitles}
	docusaurusDialect = Dialects{Containers: docusaurus.Admonitions, ContainerBrackets: true, MDX: true}
)

// TestContainers: the ::: containers of each tool, shown as the site's
// callouts.
func TestContainers(t *testing.T) {
	tests := []struct {
		name, src string
		dialect   Dialects
		want      []string // parts of the HTML, in order
		not       []string
		problems  []string
	}{
		// https://vitepress.dev/guide/markdown#default-title: "::: info /
		// This is an info box. / :::" and tip, warning, danger, details.
		{name: "vitepress default titles", dialect: vitepressDialect,
			src: "::: info\nThis is an info box.\n:::\n\n::: tip\nA tip.\n:::\n\n::: danger\nDanger.\n:::\n\n::: details\nMore.\n:::\n",
			want: []string{`<div class="callout callout-info" role="note">`, `<p class="callout-title">INFO</p>`, "<p>This is an info box.</p>",
				`<p class="callout-title">TIP</p>`, `<p class="callout-title">DANGER</p>`,
				`<details class="callout callout-details"><summary class="callout-title">Details</summary>`, "<p>More.</p>", "</details>"}},
		// https://vitepress.dev/guide/markdown#custom-title: "You may set
		// custom title by appending the text right after the "type" of the
		// container": "::: danger STOP", "::: details Click me to toggle the code".
		{name: "vitepress custom titles", dialect: vitepressDialect,
			src: "::: danger STOP\nDanger zone, do not proceed\n:::\n\n::: details Click me to toggle the code\n```js\nconsole.log('Hello, VitePress!')\n```\n:::\n",
			want: []string{`<p class="callout-title">STOP</p>`, "<p>Danger zone, do not proceed</p>",
				`<summary class="callout-title">Click me to toggle the code</summary>`, `console.log`}},
		// "#nesting: a fence is only closed by a matching fence that is at
		// least as long as the one that opened it. To nest containers ...
		// make the outer fence longer than the ones inside it."
		{name: "vitepress nesting", dialect: vitepressDialect,
			src:  ":::: info Outer container\nThis box contains another container.\n\n::: details Inner container\nInner.\n:::\nStill outer.\n::::\n\nAfter.\n",
			want: []string{`<p class="callout-title">Outer container</p>`, `<summary class="callout-title">Inner container</summary>`, "<p>Inner.</p>", "</details>", "<p>Still outer.</p>", "</div>", "<p>After.</p>"}},
		{name: "vitepress raw", dialect: vitepressDialect, src: "::: raw\nKept *as* Markdown.\n:::\n",
			want: []string{"<p>Kept <em>as</em> Markdown.</p>"}, not: []string{"callout", ":::"}},
		// https://vitepress.dev/guide/markdown#code-groups: "::: code-group /
		// ```js [config.js] ... ``` / ```ts [config.ts] ... ``` / :::" — a
		// group of tabs, each labelled by the text in brackets (issue 32,
		// G7). Shown as the Docusaurus tabs are: each labelled block an
		// open <details> (readable without script, in print, by keyboard).
		{name: "vitepress code group", dialect: vitepressDialect,
			src: "::: code-group\n\n```js [config.js]\nconst config = {}\n```\n\n```ts [config.ts]\nconst config: UserConfig = {}\n```\n\n```sh\nno label\n```\n\n:::\n",
			want: []string{`<details class="callout callout-tab" open><summary class="callout-title">config.js</summary>`, "const config = {}", "</details>",
				`<summary class="callout-title">config.ts</summary>`, "UserConfig", "</details>", "no label"},
			not: []string{"[config", ":::"}},
		{name: "brackets outside a code group stay the fence's", dialect: vitepressDialect, src: "```js [a.js]\nx\n```\n",
			want: []string{"<pre"}, not: []string{"callout"}},
		{name: "unknown word", dialect: vitepressDialect, src: "::: spoiler\nText.\n:::\n",
			want: []string{"<p>Text.</p>"}, not: []string{":::", "callout"},
			problems: []string{"warning: 1:1: ::: spoiler is not a container this site's tool knows: its content is shown without a box"}},
		// https://docusaurus.io/docs/markdown-features/admonitions: ":::note
		// ... :::tip ... :::info ... :::warning ... :::danger", and
		// "#specifying-title: You may also specify an optional title.
		// :::note[Your Title **with** some _Markdown_ `syntax`!]".
		{name: "docusaurus admonitions", dialect: docusaurusDialect,
			src: ":::note\n\nSome **content** with _Markdown_ `syntax`.\n\n:::\n\n:::note[Your Title **with** some _Markdown_ `syntax`!]\n\nText.\n\n:::\n\n:::danger\n\nDanger.\n\n:::\n",
			want: []string{`<div class="callout callout-note" role="note">`, `<p class="callout-title">Note</p>`, "<strong>content</strong>",
				`<p class="callout-title">Your Title <strong>with</strong> some <em>Markdown</em> <code>syntax</code>!</p>`, `callout-danger`}},
		// Docusaurus's own preprocessor (admonitionTitleToDirectiveLabel)
		// reads ":::note Title" as ":::note[Title]".
		{name: "docusaurus legacy title", dialect: docusaurusDialect, src: ":::caution Old style\nText.\n:::\n",
			want: []string{`<div class="callout callout-caution" role="note">`, `<p class="callout-title">Old style</p>`}},
		{name: "docusaurus attributes", dialect: docusaurusDialect, src: ":::tip[T]{#my-id}\nText.\n:::\n",
			want: []string{`<p class="callout-title">T</p>`}, not: []string{"{#my-id}"}},
		{name: "left open", dialect: vitepressDialect, src: "::: tip\nRuns to the end.\n",
			want: []string{`callout-tip`, "<p>Runs to the end.</p>", "</div>"}},
		{name: "off without the dialect", src: "::: tip\nText.\n:::\n", want: []string{"<p>::: tip\nText.\n:::</p>"}},
		// markdown-it's "typographer: false" by default (https://github.com/markdown-it/markdown-it#init-with-presets-and-options),
		// which VitePress keeps.
		// Obsidian's reading view and Publish show a single line break as
		// one unless Strict line breaks is on: "When Strict Line Breaks is
		// enabled in Obsidian ... A single Enter with no trailing spaces
		// will combine the two separate lines into a single line when
		// rendered" (https://help.obsidian.md/Editing+and+formatting/Basic+formatting+syntax#Line+breaks),
		// a stat block's "**Hit Points**: 13\n**Speed**: 40 ft."
		// (SansKrono/loz-homebrew-vault, Creatures/Abyssal Koi.md:10).
		{name: "hard wraps", dialect: Dialects{HardWraps: true}, src: "**HP**: 13\n**Speed**: 40 ft.\n",
			want: []string{"<strong>HP</strong>: 13<br>\n<strong>Speed</strong>"}},
		{name: "soft wraps without the dialect", src: "**HP**: 13\n**Speed**: 40 ft.\n",
			want: []string{"<strong>HP</strong>: 13\n<strong>Speed</strong>"}, not: []string{"<br"}},
		{name: "straight quotes", dialect: Dialects{StraightQuotes: true}, src: "Middag'm'Melkodor -- \"it\"...\n", want: []string{"Middag'm'Melkodor -- &quot;it&quot;..."}},
		{name: "typographic quotes", src: "Middag'm'Melkodor\n", want: []string{"Middag&rsquo;m&rsquo;Melkodor"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, problems := convert(t, Options{Dialects: tt.dialect}, tt.src, Page{})
			wantInOrder(t, out, tt.want)
			for _, n := range tt.not {
				if strings.Contains(out, n) {
					t.Errorf("output has %q:\n%s", n, out)
				}
			}
			if fmt.Sprint(problems) != fmt.Sprint(tt.problems) && !(len(problems) == 0 && len(tt.problems) == 0) {
				t.Errorf("problems = %q, want %q", problems, tt.problems)
			}
		})
	}
}

// TestMDX: https://docusaurus.io/docs/markdown-features/react — MDX pages:
// import/export statements and {/* comments */} are not text; Tabs
// (https://docusaurus.io/docs/markdown-features/tabs) and Admonition
// (https://docusaurus.io/docs/markdown-features/admonitions#usage-in-jsx)
// are shown; other components keep their text, with a warning.
func TestMDX(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
		not       []string
		problems  []string
	}{
		{name: "imports, exports and comments",
			src:  "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\nexport const toc = [\n  {id: 'a'},\n];\n\n# Title\n\n{/* a comment */}\n\nText {/* inline */} here.\n\n{/*\nlong\n*/}\n",
			want: []string{`id="title">Title`, "<p>Text  here.</p>"}, not: []string{"import", "export", "/*", "long"}},
		// "<Tabs> <TabItem value="apple" label="Apple" default> This is an
		// apple 🍎 </TabItem> ... </Tabs>"
		{name: "tabs",
			src: "<Tabs>\n  <TabItem value=\"apple\" label=\"Apple\" default>\n\n    This is an **apple** 🍎\n\n  </TabItem>\n  <TabItem value=\"orange\" label=\"Orange\">\n\n    This is an orange 🍊\n\n  </TabItem>\n</Tabs>\n",
			want: []string{`<details class="callout callout-tab" open><summary class="callout-title">Apple</summary>`, "<strong>apple</strong>", "</details>",
				`<summary class="callout-title">Orange</summary>`, "orange 🍊"},
			not: []string{"&lt;", "<Tab", "</Tab"}},
		{name: "nested tabs",
			src: "<Tabs>\n<TabItem value=\"a\">\n\n<Tabs>\n<TabItem value=\"inner\">\n\nInner.\n\n</TabItem>\n</Tabs>\n\n</TabItem>\n<TabItem value=\"b\">\n\nOuter b.\n\n</TabItem>\n</Tabs>\n",
			want: []string{`<summary class="callout-title">a</summary>`, `<summary class="callout-title">inner</summary>`, "<p>Inner.</p>", "</details>", "</details>",
				`<summary class="callout-title">b</summary>`, "<p>Outer b.</p>"},
			not: []string{"&lt;", "tabitem", "TabItem"}},
		{name: "tab item over lines",
			src:  "<TabItem\n  value=\"a\"\n  label=\"Multi-line\">\n\nText.\n\n</TabItem>\n",
			want: []string{`<summary class="callout-title">Multi-line</summary>`, "<p>Text.</p>"}},
		// "<Admonition type="tip" icon="💡" title="Did you know...">"
		{name: "admonition",
			src:  "<Admonition type=\"tip\" icon=\"💡\" title=\"Did you know...\">\n\nUse plugins.\n\n</Admonition>\n",
			want: []string{`<div class="callout callout-tip" role="note">`, `<p class="callout-title">Did you know...</p>`, "<p>Use plugins.</p>"}},
		// https://docusaurus.io/docs/markdown-features#details: "Markdown
		// can embed HTML elements, and details HTML elements are
		// beautifully styled"; Docusaurus "compiles both .md and .mdx files
		// to React components using the MDX compiler"
		// (https://docusaurus.io/docs/markdown-features#mdx-vs-commonmark),
		// where a tag on lines of its own is a JSX element whose children
		// are Markdown: <summary>**S**</summary> is a bold summary and a
		// fence in <details> is code, every line of it (measured,
		// Docusaurus 3.10.2: <summary><strong>, the <Tabs> lines as code).
		{name: "details",
			src:  "<details>\n<summary>Toggle me!</summary>\n\nThis is the detailed content\n\n</details>\n",
			want: []string{`<details class="callout callout-details"`, ">Toggle me!</summary>", "<p>This is the detailed content</p>", "</details>"}},
		{name: "details children are Markdown",
			src: "<details open>\n<summary>**S** and `c`</summary>\n```js\n<Tabs defaultValue=\"a\">\n  <TabItem value=\"a\">\n```\n- a\n- b\n</details>\n\nAfter.\n",
			want: []string{`<details class="callout callout-details" open>`, "<strong>S</strong> and <code>c</code></summary>",
				"&lt;Tabs defaultValue=&quot;a&quot;&gt;", "&lt;TabItem value=&quot;a&quot;&gt;", "<li>a</li>", "<li>b</li>", "</details>", "<p>After.</p>"},
			not: []string{"**", "```", "&lt;/details", "&lt;summary"}},
		{name: "details with summary over lines",
			src:  "<details>\n  <summary>\n    Nested *toggle*\n  </summary>\n\n  Inside.\n\n</details>\n",
			want: []string{`<details class="callout callout-details"`, "Nested <em>toggle</em></summary>", "<p>Inside.</p>", "</details>"},
			not:  []string{"&lt;"}},
		{name: "details without summary", src: "<details>\n\nInside.\n\n</details>\n",
			want: []string{`<details class="callout callout-details"`, ">Details</summary>", "<p>Inside.</p>", "</details>"}},
		{name: "unknown components",
			src:  "<BrowserWindow url=\"http://localhost\">\n\nInside.\n\n</BrowserWindow>\n\nSome <Highlight color=\"#25c2a0\">green</Highlight> text.\n",
			want: []string{"<p>Inside.</p>", "<p>Some green text.</p>"}, not: []string{"BrowserWindow", "Highlight"},
			problems: []string{"warning: 1:1: MDX component <BrowserWindow> is not rendered: its content is shown as it is",
				"warning: 7:6: MDX component <Highlight> is not rendered: its text is shown as it is"}},
		// A self-closing component on a line of its own has no children
		// either: its props are shown, as in running text (session 13:
		// <Component prop="x" /> was dropped). One without props has no
		// text of the author's: it shows nothing (eval14A NA5: dndumb
		// index.mdx:15 "<GooglyLogo />" showed the word "GooglyLogo").
		{name: "self-closing component on its own line",
			src:  "Before.\n\n<Fabled id=\"DJINN\" size={2} />\n\n<Spacer />\n\nAfter.\n",
			want: []string{"<p>Before.</p>", `<p class="mdx-component">DJINN</p>`, "<p>After.</p>"},
			not:  []string{"Spacer"},
			problems: []string{"warning: 3:1: MDX component <Fabled /> is not rendered: its props are shown as text",
				"warning: 5:1: MDX component <Spacer /> is not rendered: it has no props or children, so nothing is shown"}},
		// "MDX … is Markdown + JSX", "markdown inside JSX"
		// (https://mdxjs.com/docs/what-is-mdx/): MDX has no HTML blocks,
		// every tag is JSX and a component's children are Markdown, so a
		// component opened on the line after raw HTML is not part of a
		// CommonMark HTML block (kind 7, to the next blank line). eval14A
		// NA4: dndumb wireless-wire.mdx:16 "<br/>\n<DescriptiveBox>\n#####
		// Dungeon Master" showed "##### Dungeon Master …" as text.
		{name: "component on the line after raw HTML",
			src:  "<br/>\n<DescriptiveBox>\n##### Dungeon Master\nThe invisible force.\n</DescriptiveBox>\n\n<br />\n<NoteBox>\n**Note**\n</NoteBox>\nAfter.\n",
			want: []string{"<br", ">Dungeon Master", "</h5>", "<p>The invisible force.</p>", "<br", "<p><strong>Note</strong></p>", "<p>After.</p>"},
			not:  []string{"#####", "**", "escriptiveBox", "oteBox"},
			problems: []string{"warning: 2:1: MDX component <DescriptiveBox> is not rendered: its content is shown as it is",
				"warning: 8:1: MDX component <NoteBox> is not rendered: its content is shown as it is"}},
		// "HTML syntax doesn't work in MDX as it is replaced by JSX"
		// (https://mdxjs.com/docs/what-is-mdx/#markdown) and "you can use
		// markdown inside JSX" (https://mdxjs.com/docs/what-is-mdx/): an
		// HTML element on lines of its own is JSX whose children are
		// Markdown, not a CommonMark HTML block raw to the next blank line.
		// sl25: brian-montgomery/jc2e-tea setup.mdx's <div class="indent">
		// printed its "### Trade in China: Silver" and numbered list as text.
		{name: "HTML element's children are Markdown",
			src: "<div class=\"indent\">\n### Trade in Silver\n1. Buy **tea**.\n2. Sell it.\n</div>\n\n<section>\n<div class=\"box\">\n*Inner*\n</div>\n</section>\n\nAfter.\n",
			want: []string{`<div class="indent">`, `<h3 id="trade-in-silver">Trade in Silver`, "<li>Buy <strong>tea</strong>.</li>", "<li>Sell it.</li>", "</div>",
				"<section>", `<div class="box">`, "<p><em>Inner</em></p>", "</div>", "</section>", "<p>After.</p>"},
			not: []string{"###", "1. Buy", "**", "&lt;"}},
		// "MDX … supports JavaScript expressions inside curly braces"
		// (https://mdxjs.com/docs/what-is-mdx/#expressions): {…} in text is
		// no text, its _ no emphasis. A string literal, an exported
		// constant and a front matter field ({frontmatter.title}, Astro's
		// MDX) are read; any other is shown as its source, as code, with
		// one warning a page. sl25: jc2e-tea's {frontmatter._["role.…"]}
		// printed as text and turned the paragraph italic.
		{name: "expressions in text",
			src:      "---\ntitle: Tea Trade\nyear: 1784\n---\n\nexport const port = 'Canton'\n\n## About {frontmatter.title}\n\nIn {frontmatter.year} the {frontmatter._[\"role.company.tea\"]} sailed{' '}to {port}, _really_ {frontmatter.missing} {a_b_c}{ /* a note */ }.\n\nMath: $\\text{Psi level}\\times x^{2}$ and _{frontmatter.title}_\n",
			want:     []string{">About Tea Trade", "<p>In 1784 the <code>{frontmatter._[&quot;role.company.tea&quot;]}</code> sailed to Canton, <em>really</em> <code>{frontmatter.missing}</code> <code>{a_b_c}</code>.</p>", "and <em>Tea Trade</em>"},
			not:      []string{"<em>role", "{port}", "{' '}", "<code>{Psi", "<code>{2"},
			problems: []string{`warning: 10:27: MDX expression {frontmatter._["role.company.tea"]} is not evaluated: its source is shown as code (so are the page's other such expressions)`}},
		// A path into the front matter is a JavaScript member expression:
		// {frontmatter.a.b}, {frontmatter["a-b"]}, {frontmatter.list[1]}
		// read as MDX evaluates them (measured, @mdx-js/mdx 3.1.1 with the
		// front matter as frontmatter: "Deep, Dashed, 3, one."; Astro
		// passes the front matter so, its rehype-heading-ids walking the
		// same path, getMdxFrontmatterVariablePath); a path that leads
		// nowhere or to an object is shown as its source.
		{name: "front matter paths",
			src:      "---\na:\n  b: Deep\n  n: 3\na-b: Dashed\nlist: [zero, one]\n---\n\nNested {frontmatter.a.b}, {frontmatter[\"a-b\"]}, {frontmatter.a[\"n\"]}, {frontmatter.list[1]}, {frontmatter[ 'a' ] . b}; {frontmatter.a.c} {frontmatter.a}.\n",
			want:     []string{"<p>Nested Deep, Dashed, 3, one, Deep; <code>{frontmatter.a.c}</code> <code>{frontmatter.a}</code>.</p>"},
			problems: []string{"warning: 9:120: MDX expression {frontmatter.a.c} is not evaluated: its source is shown as code (so are the page's other such expressions)"}},
		// An expression may go on over lines ("{" to its matching "}", as
		// micromark-extension-mdx-expression reads it): in text, on lines
		// of its own, in a component's prop (measured, @mdx-js/mdx 3.1.1:
		// "<p>Text Tea after.</p>", "Deep", "<p>Also Deep x</p>"). One
		// never closed stays text. The one on lines of its own is a flow
		// expression, its value without a <p> (TestMDXFlowExpression).
		{name: "expressions over lines",
			src:  "---\ntitle: Tea\na:\n  b: Deep\n---\n\nText {\n  frontmatter.title\n} after.\n\n{\n  frontmatter.a.b\n}\n\n<Admonition type=\"tip\" title={\n  frontmatter.title\n}>\nInside.\n</Admonition>\n\nAlso {frontmatter.a.\n b} x\n\nOpen { never\nclosed.\n",
			want: []string{"<p>Text Tea after.</p>", "Deep", `<div class="callout callout-tip" role="note">`, `<p class="callout-title">Tea</p>`, "<p>Inside.</p>", "<p>Also Deep x</p>", "<p>Open { never\nclosed.</p>"},
			not:  []string{"frontmatter", "<code>"}},
		// micromark reads an ATX heading's indent without a limit where
		// indented code is disabled, as in MDX ("Indented code blocks are
		// not supported", https://mdxjs.com/docs/what-is-mdx/#markdown):
		// jc2e-tea setup.mdx's "         ### India" in nested <div>s is a
		// heading (its #india link was broken).
		{name: "indented heading in HTML elements",
			src:  "<div class=\"a\">\n   <div class=\"b\">\n         ### India\n\n         Text.\n   </div>\n</div>\n",
			want: []string{`<div class="a">`, `<div class="b">`, `<h3 id="india">India`, "<p>Text.</p>", "</div>", "</div>"}, not: []string{"###"}},
		// Void elements, one-line elements and raw-text ones stay HTML.
		{name: "HTML that stays HTML",
			src:  "<br>\n<p>One *line*</p>\n\n<pre>\n### not a heading\n</pre>\n",
			want: []string{"<br>", "<p>One *line*</p>", "### not a heading"}, not: []string{"<h3", "<em>"}},
		{name: "HTML element without a closing tag on its own line",
			src:  "<div class=\"x\">\n### Heading\n\nText.</div>\n",
			want: []string{`<h3 id="heading">Heading`}, not: []string{"###"},
			problems: []string{"warning: 1:1: <div> has no closing tag on a line of its own: MDX reads its children as Markdown, which are kept without it (so are the other such elements of the page)"}},
		// "Since all doc files are parsed using MDX, anything that looks
		// like HTML is actually JSX. Therefore, if you need to inline-style
		// a component, follow JSX flavor and provide style objects"
		// (https://docusaurus.io/docs/2.x/markdown-features/react): a
		// lower-case element whose opening tag has a JSX expression
		// attribute (<div style={{…}}>) is JSX, not raw HTML: its children
		// are Markdown and components, kept as those of any component are
		// (eval10B NB7: ZeiZel/dndsidian docs/index.mdx: 13 <AnimatedCard>
		// in three such divs vanished), and the element is rendered with
		// its style object as CSS, as React renders it and as inside raw
		// HTML (the case below), through raw HTML's allowlist (session 16:
		// the outer div was dropped, its style with it).
		{name: "element with a style object",
			src: "<div style={{ display: 'grid', gap: '1.5rem' }}>\n  <AnimatedCard\n    title=\"Freedom\"\n    description=\"No limits.\"\n  />\n  <AnimatedCard title=\"Dice\" />\n</div>\n\nBetween.\n\n<div style={{ margin: 0 }}>\n\nInside **bold**.\n\n</div>\n\nAfter.\n",
			want: []string{`<div style="display: grid; gap: 1.5rem">`, `<p class="mdx-component">Freedom No limits.</p>`, `<p class="mdx-component">Dice</p>`, "</div>", "<p>Between.</p>",
				`<div style="margin: 0">`, "<p>Inside <strong>bold</strong>.</p>", "</div>", "<p>After.</p>"},
			not: []string{"&lt;", "raw HTML", "{"},
			problems: []string{"warning: 2:3: MDX component <AnimatedCard /> is not rendered: its props are shown as text",
				"warning: 6:3: MDX component <AnimatedCard /> is not rendered: its props are shown as text"}},
		// The opening tag may go on over lines (dndsidian docs/roles/index.md:
		// <a href="./player" style={{ … }}>): the element's text is kept;
		// an <a> is the link around it (its style not applied, told).
		{name: "style object over lines",
			src:      "<div style={{ display: 'flex' }}>\n  <a href=\"./player\" style={{\n    flex: '1 1 300px',\n  }}>\n    Become a player\n  </a>\n</div>\n",
			want:     []string{`<div style="display: flex">`, `<a href="./player">`, "Become a player", "</a>", "</div>"},
			not:      []string{"&lt;", "300px"},
			problems: []string{"warning: 2:3: JSX <a style={…}> is read as JSX, not HTML: its style is not applied, its content is kept (so are the other such elements of the page)"}},
		// A style the allowlist does not keep is removed, the element
		// kept, with raw HTML's warning.
		{name: "element with a style the allowlist removes",
			src:      "<div style={{ position: 'fixed', top: 0 }}>\n\nText.\n\n</div>\n",
			want:     []string{"<div>", "<p>Text.</p>", "</div>"},
			not:      []string{"fixed", "&lt;"},
			problems: []string{"warning: 1:1: raw HTML: JSX style={{ position: 'fixed', top: 0 }} (style=\"position:fixed;top:0\") on <div> removed (not safe to publish;  keeps all raw HTML)"}},
		// An element goldmark keeps as raw HTML (its text on its line,
		// inside an HTML block) with a JSX style object: React renders
		// the object as CSS ("follow JSX flavor and provide style
		// objects", https://docusaurus.io/docs/2.x/markdown-features/react;
		// React DOM writes camelCase names in kebab-case and numbers with
		// px but for unitless properties), which raw HTML's allowlist
		// then filters as any style: one warning at the element, not
		// its pieces as attributes. Any other expression is removed with
		// a warning naming it. eval13B NB5 (roseDickinson/DnD-HomeBrew
		// docs/Spells.md).
		{name: "style object in raw HTML",
			src:  "<div style={{ display: 'flex', justifyContent: 'space-between'}}>\n<div>\n<h3 style={{color: '#58180D', textDecoration: 'underline', marginBottom: '1rem', zIndex: 2, padding: 4, margin: 0}}>Bard Spells</h3>  \n\n#### 1st Level\n</div>\n</div>\n\nSome <span style={accent} title=\"t\">text</span>.\n",
			want: []string{`<div style="display: flex; justify-content: space-between">`, "<div>", "<h3>Bard Spells</h3>", "1st Level", "</div>", "</div>", `<span title="t">text</span>`},
			not:  []string{"58180", "1rem", "accent", "{"},
			problems: []string{`warning: 3:1: raw HTML: JSX style={{color: '#58180D', textDecoration: 'underline', marginBo... (style="color:#58180D;text-decoration:underline;margin-bottom:1rem;z-index:2;padding:4px;margin:0") on <h3> removed (not safe to publish;  keeps all raw HTML)`,
				"warning: 9:6: JSX style={accent} on <span> is an expression sitegen does not run (only an object of string and number values is read): removed"}},
		// A self-closing tag whose attribute calls Docusaurus's
		// useBaseUrl ("useBaseUrl … prepends the baseUrl to strings",
		// https://docusaurus.io/docs/docusaurus-core#useBaseUrl;
		// addBaseUrl: baseUrl + url.replace(/^\//, '')) is an <img> with
		// that URL (MetaFam/TheGame docs/resources/art.mdx: 7 <img>s shown
		// as their source), one per line, in a list's item too.
		{name: "useBaseUrl in an attribute",
			src:  "import useBaseUrl from '@docusaurus/useBaseUrl';\n\n<img width=\"555\" src={useBaseUrl('assets/cultist.png')} />\n<img src={useBaseUrl('/img/bard.png')} />\n\nAfter.\n",
			want: []string{`<img width="555" src="/assets/cultist.png"`, `<img src="/img/bard.png"`, "<p>After.</p>"},
			not:  []string{"useBaseUrl", "<code>"}},
		// A lower-case tag without an expression attribute stays HTML.
		{name: "plain HTML div stays HTML", src: "<div class=\"note\">\n\nText.\n\n</div>\n", want: []string{"Text."}},
		// <DocCardList /> shows the items of the page's category; a page
		// with none (here: no CardResolver) shows nothing, with a warning.
		{name: "DocCardList without items",
			src:      "# Rules\n\n<DocCardList />\n\nAfter.\n",
			want:     []string{"<p>After.</p>"},
			not:      []string{"DocCardList", "<li>"},
			problems: []string{"warning: 3:1: <DocCardList /> lists the items of the page's category: there are none, so nothing is shown"}},
		// MB30: a self-closing component in running text has no children
		// to keep; botc-wiki's src/components/role.component.tsx renders
		// the role its bare prop names (<Role MARIN /> → a link "Marin"),
		// so its props are shown as text (string values, bare names), or
		// its name when it has none; expressions are not read.
		{name: "self-closing component in running text",
			src:  "Le <Role MARIN /> choisit <Fabled id=\"DJINN\" size={2} />, <Spacer />.\n",
			want: []string{`<p>Le <span class="mdx-component">MARIN</span> choisit <span class="mdx-component">DJINN</span>, .</p>`},
			problems: []string{"warning: 1:4: MDX component <Role /> is not rendered: its props are shown as text",
				"warning: 1:27: MDX component <Fabled /> is not rendered: its props are shown as text",
				"warning: 1:59: MDX component <Spacer /> is not rendered: it has no props or children, so nothing is shown"}},
		// "A special Markdown syntax lets you set an explicit heading id:
		// ### Hello World {#my-explicit-id}"
		// (https://docusaurus.io/docs/markdown-features/toc#heading-ids);
		// in MDX, where { opens an expression, it is written \{#id} (its
		// remark plugin reads the heading's text, where the escape is
		// gone), and the docs now write it as a comment: "## Markdown
		// headings {/* #markdown-headings */}". eval9B NB8
		// (GeyserMC/GeyserWebsite: 13 headings in 8 .mdx files showed
		// "{#general-questions}").
		{name: "escaped heading id", src: "### General Questions \\{#general-questions}\n\n# Overview \\{#overview}\n",
			want: []string{`id="general-questions">General Questions <a`, `id="overview">Overview <a`}, not: []string{"{#", "\\"}},
		{name: "heading id as a comment", src: "## Heading IDs {/* #heading-ids */}\n",
			want: []string{`id="heading-ids">Heading IDs <a`}, not: []string{"/*", "{"}},
		{name: "code is code", src: "```jsx\nimport X from 'y';\n<Tabs>\n```\n",
			want: []string{"import X from", "&lt;Tabs&gt;"}},
		// https://mdxjs.com/docs/what-is-mdx/#markdown: "Indented code
		// blocks are not supported" (text indented by four spaces is text).
		{name: "no indented code", src: "Text.\n\n    Indented **text**.\n", want: []string{"<p>Indented <strong>text</strong>.</p>"}, not: []string{"<pre>"}},
		// No indented code, so no indent limit for a list item either:
		// micromark's list takes its line prefix "constructs.disable.null
		// .includes('codeIndented') ? undefined : constants.tabSize"
		// (micromark-core-commonmark list.js), and MDX disables
		// codeIndented. A list indented by four spaces or more is a list,
		// its items siblings at the same indent, nested by their content's
		// column (measured, @mdx-js/mdx 3.1.1 evaluated: <ul><li>First</li>
		// <li>Second<ul><li>Nested</li></ul></li><li>Third</li></ul>, the
		// <div>'s "         *  All orders" lines a list). mdx25: jc2e-tea
		// setup.mdx's lists in indented <div>s were text.
		{name: "lists indented by four spaces",
			src: "Intro.\n\n    * First\n    * Second\n        * Nested\n    * Third\n\nPara.\n\n         1. One\n         2. Two\n\n<div>\n         *  All orders\n         *  Second order\n</div>\n",
			want: []string{"<p>Intro.</p>", "<ul>", "<li>First</li>", "<li>Second", "<ul>", "<li>Nested</li>", "</ul>", "</li>", "<li>Third</li>", "</ul>", "<p>Para.</p>",
				"<ol>", "<li>One</li>", "<li>Two</li>", "</ol>", "<div>", "<ul>", "<li>All orders</li>", "<li>Second order</li>", "</ul>", "</div>"},
			not: []string{"* ", "1. ", "<pre>"}},
		{name: "indented list after a paragraph",
			src:  "Before:\n    - one\n    - two\n",
			want: []string{"<p>Before:</p>", "<ul>", "<li>one</li>", "<li>two</li>", "</ul>"}, not: []string{"- one"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, problems := convert(t, Options{Dialects: docusaurusDialect}, tt.src, Page{})
			wantInOrder(t, out, tt.want)
			for _, n := range tt.not {
				if strings.Contains(out, n) {
					t.Errorf("output has %q:\n%s", n, out)
				}
			}
			if fmt.Sprint(problems) != fmt.Sprint(tt.problems) && !(len(problems) == 0 && len(tt.problems) == 0) {
				t.Errorf("problems = %q, want %q", problems, tt.problems)
			}
		})
	}
}

// TestMDXJSXLink: an <a> read as JSX (its style={{…}} an expression,
// so not HTML: "anything that looks like HTML is actually JSX",
// https://docusaurus.io/docs/2.x/markdown-features/react) is still a link
// — React renders <a href="…"> as the anchor it is — and its href goes
// through the page's resolver as a Markdown link's does: ZeiZel/dndsidian
// docs/index.mdx:95 `<a href="./materials/platforms-vtt" style={{
// textDecoration: 'none' }}>` around a card lost its link.
func TestMDXJSXLink(t *testing.T) {
	resolver := LinkResolverFunc(func(dest string) (string, string) {
		switch dest {
		case "./materials/platforms-vtt":
			return "/docs/materials/platforms-vtt/", ""
		case "https://x.test/":
			return dest, ""
		}
		return "", "no such page"
	})
	src := "<div style={{ display: 'grid' }}>\n  <a href=\"./materials/platforms-vtt\" style={{ textDecoration: 'none' }}>\n    <AnimatedCard title=\"VTT\" />\n  </a>\n  <a href=\"https://x.test/\" style={{\n    color: 'white',\n  }}>\n    Web\n  </a>\n  <a href=\"./gone\" style={{ color: 'red' }}>\n    Gone\n  </a>\n  <a href=\"javascript:alert(1)\" style={{ color: 'red' }}>\n    Script\n  </a>\n</div>\n"
	out, _, problems := convert(t, Options{Dialects: docusaurusDialect}, src, Page{Links: resolver})
	wantInOrder(t, out, []string{`<a href="/docs/materials/platforms-vtt/">`, `<p class="mdx-component">VTT</p>`, "</a>", `<a href="https://x.test/">`, "Web", "</a>", "Gone", "Script"})
	for _, n := range []string{"./gone", "javascript:", "text-decoration", "color", "&lt;"} {
		if strings.Contains(out, n) {
			t.Errorf("output has %q:\n%s", n, out)
		}
	}
	want := `10:3: broken link "./gone": no such page`
	if !strings.Contains(fmt.Sprint(problems), want) {
		t.Errorf("problems = %q, want %q among them", problems, want)
	}
}

// TestMDXTitledComponent: a component of the site's own with a title
// and an href around its text (dndumb's <ActualLinkCard title="Homebrew"
// href="/homebrew">description</ActualLinkCard>, a card as Starlight's
// <LinkCard title href description>,
// https://starlight.astro.build/components/link-cards/) keeps its title
// as a link to its href before its content, with the warning; the href
// goes through the page's resolver as a Markdown link's does (a broken
// one told at the element's tag). eval14A NA5: only the descriptions
// were shown.
func TestMDXTitledComponent(t *testing.T) {
	resolver := LinkResolverFunc(func(dest string) (string, string) {
		if dest == "/homebrew" {
			return "/homebrew/", ""
		}
		return "", "no such page"
	})
	src := "<CardGrid stagger>\n  <ActualLinkCard title=\"Homebrew\" icon=\"homebrew\" href=\"/homebrew\">\n    Some new content.\n  </ActualLinkCard>\n  <ActualLinkCard\n    title=\"NSFW\"\n    href={\"/gone\"}\n  >\n    Not for all.\n  </ActualLinkCard>\n</CardGrid>\n"
	out, _, problems := convert(t, Options{Dialects: Dialects{MDX: true, MDXAliases: map[string]string{"CardGrid": ""}}}, src, Page{Links: resolver})
	wantInOrder(t, out, []string{`<p><a href="/homebrew/"><strong>Homebrew</strong></a></p>`, "<p>Some new content.</p>", "<strong>NSFW</strong>", "<p>Not for all.</p>"})
	for _, n := range []string{"&lt;", "ActualLinkCard", "icon"} {
		if strings.Contains(out, n) {
			t.Errorf("output has %q:\n%s", n, out)
		}
	}
	want := []string{"warning: 2:3: MDX component <ActualLinkCard> is not rendered: its title is shown as a link to its href, then its content",
		"warning: 5:3: MDX component <ActualLinkCard> is not rendered: its title is shown as a link to its href, then its content",
		`5:3: broken link "/gone": no such page`}
	got := fmt.Sprint(problems)
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("problems = %q, want %q among them", problems, w)
		}
	}
}

// cardLinks is a CardResolver with the given cards.
type cardLinks []LinkTarget

func (c cardLinks) ResolveLink(dest string) (string, string) { return dest, "" }
func (c cardLinks) Cards() []LinkTarget                      { return c }

// TestDocCardList: "<DocCardList />" in a doc shows its category's items
// as cards ("By default, we display what's inside the parent category",
// https://github.com/facebook/docusaurus/discussions/8014): a list of
// links to them, titled by their labels, in their order, where it is
// written.
func TestDocCardList(t *testing.T) {
	src := "import DocCardList from '@theme/DocCardList';\n\n# Rules\n\nIntro.\n\n<DocCardList />\n\nAfter.\n"
	page := Page{Links: cardLinks{{URL: "/docs/rules/combat/", Title: "Combat & Wounds"}, {URL: "/docs/rules/magic/", Title: "Magic"}}}
	out, _, problems := convert(t, Options{Dialects: docusaurusDialect}, src, page)
	want := "<p>Intro.</p>\n" + `<ul class="doc-card-list">` + "\n" +
		`<li><a href="/docs/rules/combat/">Combat &amp; Wounds</a></li>` + "\n" +
		`<li><a href="/docs/rules/magic/">Magic</a></li>` + "\n</ul>\n<p>After.</p>"
	if !strings.Contains(out, want) {
		t.Errorf("output lacks the card list %q:\n%s", want, out)
	}
	if len(problems) != 0 {
		t.Errorf("problems = %q, want none", problems)
	}
}

// FuzzContainersMDX: no input makes the container and MDX parsers panic
// or hang.
func FuzzContainersMDX(f *testing.F) {
	for _, seed := range []string{
		":::: info A\n::: details B\n```\n:::\n```\n:::\n::::\n", ":::note[a [b] c]{#x}\n:::\n",
		"import a from 'b'\n<Tabs>\n<TabItem\nvalue=\"x\">\n{/* c\n</TabItem>\n", "<A b={{c: 1}} />\n<B>\n</A>\n",
	} {
		f.Add(seed)
	}
	mds := []*Markdown{New(Options{Dialects: docusaurusDialect}), New(Options{Dialects: vitepressDialect})}
	f.Fuzz(func(t *testing.T, src string) {
		done := make(chan struct{})
		go func() {
			defer close(done)
			for _, md := range mds {
				page := Page{Report: func(Problem) {}}
				if _, _, err := md.Convert([]byte(src), &page); err != nil {
					t.Error(err)
				}
				md.Outline([]byte(src))
			}
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			panic(fmt.Sprintf("no result after 5 s for %q", src))
		}
	})
}

// TestStarlightComponents: Starlight's own components
// (https://starlight.astro.build/components/asides/: "<Aside
// type="caution" title="Watch out!">"; /components/cards/: "<Card
// title="Check this out" icon="star">"; /components/card-grids/,
// /components/steps/) through layout.Markup.MDXAliases; Docusaurus's
// dialect, which has no aliases, still warns about them.
func TestStarlightComponents(t *testing.T) {
	sl := Dialects{Containers: starlight.Asides, ContainerTitles: starlight.AsideTitles, ContainerBrackets: true, MDX: true, MDXAliases: starlight.Components}
	tests := []struct {
		name     string
		dialect  Dialects
		src      string
		want     []string
		absent   []string
		problems int
	}{
		{name: "aside", dialect: sl, src: "<Aside type=\"caution\" title=\"Watch out!\">\n\nHot **lava**.\n\n</Aside>\n",
			want: []string{`callout-warning`, `Watch out!`, "Hot <strong>lava</strong>."}},
		{name: "aside without type", dialect: sl, src: "<Aside>\n\nA note.\n\n</Aside>\n", want: []string{`callout-note`, "A note."}},
		{name: "card grid of cards", dialect: sl, src: "<CardGrid>\n<Card title=\"Stars\" icon=\"star\">\n\nSirius.\n\n</Card>\n</CardGrid>\n",
			want: []string{`Stars`, "Sirius."}},
		// /components/link-cards/: "<LinkCard title="Authoring Markdown"
		// href="/guides/authoring-content/" description="…" />".
		{name: "link card", dialect: sl, src: "<LinkCard title=\"Combat\" href=\"/rules/combat/\" description=\"How to fight.\" />\n",
			want: []string{`<a href="/rules/combat/"><strong>Combat</strong></a> — How to fight.`}},
		{name: "steps", dialect: sl, src: "<Steps>\n\n1. Roll.\n2. Add.\n\n</Steps>\n", want: []string{"<ol>", "Roll."}},
		// /components/badges/: "<Badge text="New" variant="tip" />": its
		// text, in running text or on a line of its own, no warning.
		{name: "badge", dialect: sl, src: "Roll <Badge text=\"New\" variant=\"tip\" /> dice.\n\n<Badge text={'Beta'} />\n",
			want: []string{`Roll <span class="mdx-component">New</span> dice.`, `<p class="mdx-component">Beta</p>`}},
		// /components/icons/: "<Icon name="star" color="goldenrod"
		// size="2rem" />" draws an SVG of Starlight's icon set, which
		// sitegen does not carry: left out, in running text or on a line of
		// its own, its props not shown as text, no warning.
		{name: "icon", dialect: sl, src: "Roll <Icon name=\"star\" color=\"goldenrod\" /> now.\n\n<Icon name=\"rocket\" size=\"2rem\" />\n\nAfter.\n",
			want: []string{"<p>Roll  now.</p>", "<p>After.</p>"}, absent: []string{"star", "rocket", "goldenrod"}},
		{name: "card's icon not shown", dialect: sl, src: "<Card title=\"Stars\" icon=\"star\">\nSirius.\n</Card>\n",
			want: []string{"Stars", "Sirius."}, absent: []string{"star\""}},
		// /components/file-tree/: "<FileTree>\n\n- astro.config.mjs\n- src\n
		// - components\n…</FileTree>": the list of files, nested.
		{name: "file tree", dialect: sl, src: "<FileTree>\n\n- astro.config.mjs\n- src/\n  - **index.md** the home\n\n</FileTree>\n",
			want: []string{"<ul>", "astro.config.mjs", "<ul>", "<strong>index.md</strong> the home"}},
		// /components/link-buttons/: "<LinkButton href="/getting-started/">Get
		// started</LinkButton>": its text kept, a warning at its line.
		{name: "link button", dialect: sl, src: "<LinkButton href=\"/start/\" variant=\"secondary\">\nGet started\n</LinkButton>\n",
			want: []string{"Get started"}, absent: []string{"secondary"}, problems: 1},
		{name: "Docusaurus warns", dialect: docusaurusDialect, src: "<Aside type=\"tip\">\n\nText.\n\n</Aside>\n", want: []string{"Text."}, problems: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, problems := convert(t, Options{Dialects: tt.dialect}, tt.src, Page{})
			wantInOrder(t, out, tt.want)
			for _, a := range tt.absent {
				if strings.Contains(out, a) {
					t.Errorf("output holds %q:\n%s", a, out)
				}
			}
			for _, a := range tt.absent {
				if strings.Contains(out, a) {
					t.Errorf("output holds %q:\n%s", a, out)
				}
			}
			if strings.Contains(out, "&lt;") || strings.Contains(out, "<Aside") || strings.Contains(out, "<Card") {
				t.Errorf("component written out:\n%s", out)
			}
			if len(problems) != tt.problems {
				t.Errorf("problems = %q, want %d", problems, tt.problems)
			}
		})
	}
}

// TestStarlightCode: Starlight's <Code> component "renders syntax
// highlighted code. It is useful when using a Markdown code block is not
// possible" (https://starlight.astro.build/components/code/), its props
// Expressive Code's: "code: the code to display", "lang", "title"; the
// page's own "export const exampleCode = `…`; export const fileName =
// 'example.js'" are given as code={exampleCode} title={fileName}. An
// expression attribute is read when it is a string: "…", '…', a template
// literal (its ${name} from the page's exported string constants), or
// the name of one; anything else is kept as written, with a warning at
// the tag. A code block with a title is shown with it above the code.
func TestStarlightCode(t *testing.T) {
	sl := Dialects{Containers: starlight.Asides, ContainerTitles: starlight.AsideTitles, ContainerBrackets: true, MDX: true, MDXAliases: starlight.Components}
	tests := []struct {
		name     string
		src      string
		want     []string
		absent   []string
		problems []string
	}{
		{name: "template literal over lines, title",
			src:  "Before.\n\n<Code code={`let a = 1;\nlet b = \"x\";`} lang=\"js\" title=\"a.js\" />\n\nAfter.\n",
			want: []string{"<p>Before.</p>", `<figure class="code-block"><figcaption>a.js</figcaption><pre><code class="language-js">let a = 1;` + "\n" + `let b = &quot;x&quot;;`, "</code></pre></figure>", "<p>After.</p>"}},
		{name: "string attribute, no title", src: "<Code code=\"let x = 1;\" lang=\"js\" />\n",
			want: []string{`<pre><code class="language-js">let x = 1;`}, absent: []string{"figure"}},
		{name: "string expression with escapes", src: "<Code code={'a\\tb\\n'} lang=\"txt\" />\n",
			want: []string{"<pre><code class=\"language-txt\">a\tb\n"}},
		{name: "exported constants", src: "import { Code } from '@astrojs/starlight/components';\nexport const hash = 'abc';\nexport const fileName = \"check.sh\";\nexport const ex = `echo ${hash}`;\n\n<Code code={ex} lang=\"bash\" title={fileName} />\n\n<Code code={`sum ${hash} ${ hash }`} lang=\"bash\" />\n",
			want: []string{"<figcaption>check.sh</figcaption>", ">echo abc", ">sum abc abc"}},
		{name: "unknown substitution kept as written", src: "<Code code={`echo \"${HASH}  x.zip\" | sha256sum -c`} lang=\"bash\" />\n",
			want:     []string{`echo &quot;${HASH}  x.zip&quot; | sha256sum -c`},
			problems: []string{"warning: 1:1: <Code> code={…}: ${HASH} is not a string constant the page exports: shown as written"}},
		{name: "expression not read", src: "<Code code={read('x')} lang=\"js\" />\n",
			absent:   []string{"read", "<pre>"},
			problems: []string{"warning: 1:1: <Code> code={read('x')} is not a string sitegen can read: nothing is shown"}},
		{name: "inside a tab", src: "<Tabs>\n<TabItem label=\"Linux\">\n<Code code={`a\nb`} lang=\"sh\" title=\"x.sh\" />\n</TabItem>\n</Tabs>\n",
			want: []string{"Linux", "<figcaption>x.sh</figcaption>", ">a\nb\n</code>"}},
		{name: "link card expressions", src: "<LinkCard title={\"Combat\"} href={`/rules/combat/`} />\n",
			want: []string{`<a href="/rules/combat/"><strong>Combat</strong></a>`}},
		{name: "other component's template literal", src: "<Foo text={`a \"b\" ${x} }c`} />\n",
			want:     []string{`<p class="mdx-component">a &quot;b&quot; ${x} }c</p>`},
			problems: []string{"warning: 1:1: MDX component <Foo /> is not rendered: its props are shown as text"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, problems := convert(t, Options{Dialects: sl}, tt.src, Page{File: "p.mdx"})
			wantInOrder(t, out, tt.want)
			for _, a := range tt.absent {
				if strings.Contains(out, a) {
					t.Errorf("output holds %q:\n%s", a, out)
				}
			}
			if strings.Contains(out, "&lt;Code") || strings.Contains(out, "mdx-component\">") && tt.name != "other component's template literal" {
				t.Errorf("component written out:\n%s", out)
			}
			if strings.Join(problems, "\n") != strings.Join(tt.problems, "\n") {
				t.Errorf("problems = %q, want %q", problems, tt.problems)
			}
		})
	}
}

// TestMDXIndentedFence: MDX has no indented code ("Indented code blocks
// are not supported", https://mdxjs.com/docs/what-is-mdx/#markdown), so
// a fence indented by four spaces or more (inside a <TabItem>) opens a
// fenced code block, closed by a fence as indented (micromark's
// code-fenced construct takes any indent where codeIndented is
// disabled); in a .md page (Markdown) it stays indented code.
func TestMDXIndentedFence(t *testing.T) {
	sl := Dialects{Containers: starlight.Asides, ContainerTitles: starlight.AsideTitles, ContainerBrackets: true, MDX: true, MDXAliases: starlight.Components}
	src := "<Tabs>\n  <TabItem label=\"Linux\">\n    Run:\n\n    ```bash\n\n    unzip x.zip\n\n    ```\n\n    After.\n  </TabItem>\n</Tabs>\n"
	out, _, problems := convert(t, Options{Dialects: sl}, src, Page{File: "p.mdx"})
	wantInOrder(t, out, []string{"Linux", "<p>Run:</p>", `<pre><code class="language-bash">` + "\nunzip x.zip\n\n</code></pre>", "<p>After.</p>"})
	if strings.Contains(out, "```") || len(problems) != 0 {
		t.Errorf("fence shown as text, or problems %q:\n%s", problems, out)
	}
	md := "Text.\n\n    ```bash\n    x\n    ```\n"
	sl.MDXFilesOnly = true
	out, _, _ = convert(t, Options{Dialects: sl}, md, Page{File: "p.md"})
	if !strings.Contains(out, "<pre><code>```bash\nx\n```\n</code></pre>") {
		t.Errorf(".md: want indented code:\n%s", out)
	}
}

// wantInOrder fails t unless out holds each of want, in that order.
func wantInOrder(t *testing.T, out string, want []string) {
	t.Helper()
	rest := out
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("output lacks %q (in order):\n%s", w, out)
		}
		rest = rest[i+len(w):]
	}
}

// TestMDXFilesOnly: Starlight reads MDX in .mdx files only ("Components
// can be used in MDX files",
// https://starlight.astro.build/components/using-components/; "Starlight
// supports the full range of Markdown syntax in .md files",
// https://starlight.astro.build/guides/authoring-content/): in a .md page
// an import line is a paragraph of text, {/* … */} is text and a
// component tag is raw HTML (its text kept, no callout); in an .mdx page
// they are MDX. Measured with Astro 5.18.2 and Starlight 0.36.3
// (conformance TestStarlightMarkdownNotMDX).
func TestMDXFilesOnly(t *testing.T) {
	const indented = "Before.\n\n    roll 2d6\n\nAfter.\n"
	src := "import { Aside } from '@astrojs/starlight/components';\n\n<Aside type=\"tip\">\n\nInside.\n\n</Aside>\n\nText {/* aside */} after.\n"
	dialect := docusaurusDialect
	dialect.MDXFilesOnly, dialect.MDXAliases = true, map[string]string{"Aside": "Admonition"}
	mdxEverywhere := dialect
	mdxEverywhere.MDXFilesOnly = false
	tests := []struct {
		name      string
		dialect   Dialects
		file      string
		src       string // src when empty
		want, not []string
	}{
		{name: ".md is Markdown", dialect: dialect, file: "src/content/docs/a.md",
			want: []string{"<p>import { Aside } from", "Inside.", "{/* aside */}"}, not: []string{"callout"}},
		{name: ".mdx is MDX", dialect: dialect, file: "src/content/docs/a.mdx",
			want: []string{`<div class="callout callout-tip"`, "Inside.", "<p>Text  after.</p>"}, not: []string{"import", "aside"}},
		{name: "without MDXFilesOnly .md is MDX too (Docusaurus)", dialect: mdxEverywhere, file: "docs/a.md",
			want: []string{`<div class="callout callout-tip"`, "<p>Text  after.</p>"}, not: []string{"import", "aside"}},
		// A block indented by four spaces is code in Markdown ("An indented
		// code block is composed of one or more indented chunks separated
		// by blank lines", CommonMark 4.4) and text in MDX ("Indented code
		// blocks are not supported", https://mdxjs.com/docs/what-is-mdx/#markdown),
		// per file: the .md page of an MDX site keeps its code block.
		{name: ".md indented code is code", dialect: dialect, file: "src/content/docs/a.md", src: indented,
			want: []string{"<pre><code>roll 2d6\n</code></pre>"}, not: []string{"<p>roll 2d6</p>"}},
		{name: ".mdx indented code is text", dialect: dialect, file: "src/content/docs/a.mdx", src: indented,
			want: []string{"<p>roll 2d6</p>"}, not: []string{"<pre>"}},
		{name: "without MDXFilesOnly .md indented code is text (Docusaurus)", dialect: mdxEverywhere, file: "docs/a.md", src: indented,
			want: []string{"<p>roll 2d6</p>"}, not: []string{"<pre>"}},
		// So is an indented list (TestMDX "lists indented by four spaces").
		{name: ".md indented list is code", dialect: dialect, file: "src/content/docs/a.md", src: "Before.\n\n    * roll\n    * again\n",
			want: []string{"<pre><code>* roll\n* again\n</code></pre>"}, not: []string{"<li>"}},
		{name: ".mdx indented list is a list", dialect: dialect, file: "src/content/docs/a.mdx", src: "Before.\n\n    * roll\n    * again\n",
			want: []string{"<ul>", "<li>roll</li>", "<li>again</li>", "</ul>"}, not: []string{"<pre>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := src
			if tt.src != "" {
				in = tt.src
			}
			out, _, _ := convert(t, Options{Dialects: tt.dialect}, in, Page{File: tt.file})
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(out, n) {
					t.Errorf("output has %q:\n%s", n, out)
				}
			}
		})
	}
}

// TestStarlightFenceTitles: Starlight's code blocks are Expressive
// Code's, whose frames plugin reads a title from the fence's meta
// ("props.title = metaOptions.getString("title")", @expressive-code/
// plugin-frames 0.41) and shows it "if frame !== "none"", in .md and .mdx
// pages alike (https://starlight.astro.build/guides/authoring-content/#code-blocks:
// "```js title="my-test-file.js""): the caption shown as for <Code title>.
func TestStarlightFenceTitles(t *testing.T) {
	sl := Dialects{Containers: starlight.Asides, ContainerTitles: starlight.AsideTitles, ContainerBrackets: true, MDX: true, MDXFilesOnly: true,
		MDXAliases: starlight.Components, FenceTitles: true}
	tests := []struct {
		name    string
		dialect Dialects
		file    string
		src     string
		want    []string
		absent  []string
	}{
		{name: "double quotes, mdx", dialect: sl, file: "p.mdx", src: "```js title=\"src/a.js\" {2}\nlet a;\n```\n",
			want: []string{`<figure class="code-block"><figcaption>src/a.js</figcaption>`, `<pre><code class="language-js">let a;`, "</code></pre>\n</figure>"}},
		{name: "single quotes, md", dialect: sl, file: "p.md", src: "Before.\n\n```sh title='Roll it' frame=\"terminal\"\nroll 1d6\n```\n",
			want: []string{"<p>Before.</p>", `<figure class="code-block"><figcaption>Roll it</figcaption>`, "roll 1d6"}},
		{name: "escaped", dialect: sl, file: "p.md", src: "```txt title=\"<b>&\"\nx\n```\n",
			want: []string{"<figcaption>&lt;b&gt;&amp;</figcaption>"}},
		{name: "frame none: no title", dialect: sl, file: "p.md", src: "```js title=\"a.js\" frame=\"none\"\nx\n```\n",
			want: []string{`<pre><code class="language-js">x`}, absent: []string{"figure", "a.js"}},
		{name: "no title", dialect: sl, file: "p.md", src: "```js\nx\n```\n", absent: []string{"figure"}},
		{name: "in an aside", dialect: sl, file: "p.md", src: ":::note\n```js title=\"b.js\"\ny\n```\n:::\n", want: []string{"callout-note", "<figcaption>b.js</figcaption>"}},
		{name: "other tools: meta kept out", dialect: Dialects{}, file: "p.md", src: "```js title=\"a.js\"\nx\n```\n", absent: []string{"figure", "a.js"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, problems := convert(t, Options{Dialects: tt.dialect}, tt.src, Page{File: tt.file})
			wantInOrder(t, out, tt.want)
			for _, a := range tt.absent {
				if strings.Contains(out, a) {
					t.Errorf("output holds %q:\n%s", a, out)
				}
			}
			if len(problems) != 0 {
				t.Errorf("problems = %q", problems)
			}
		})
	}
}

// TestMDXHeadingExpressionIDs: a heading's {expression} is its source in
// the id (mdast-util-to-string's text of an mdxTextExpression, as
// Docusaurus reads it); Astro (Starlight's .mdx) uses a front matter
// field's string value instead: rehype-heading-ids "if (typeof
// frontmatterValue === 'string') value = frontmatterValue"
// (@astrojs/markdown-remark 6, rehype-collect-headings.js). The text
// shown is the value in both (TestMDX "expressions in text").
func TestMDXHeadingExpressionIDs(t *testing.T) {
	src := "---\ntitle: Tea Trade\nyear: 1784\nport:\n  name: Canton\n---\n\n## About {frontmatter.title}\n\n## In {frontmatter.year}\n\n## The {frontmatter._[\"role.tea\"]} Role\n\n## Kept `{x}` \\{y}\n\n## To {frontmatter.port.name}\n"
	starlight := docusaurusDialect
	starlight.MDXFilesOnly, starlight.Slug = true, docusaurus.Slug
	docs := docusaurusDialect
	docs.Slug = docusaurus.Slug
	tests := []struct {
		name    string
		dialect Dialects
		want    []string
	}{
		{name: "Starlight", dialect: starlight,
			want: []string{`id="about-tea-trade"`, `id="in-frontmatteryear"`, `id="the-frontmatter_roletea-role"`, `id="kept-x-y"`, `id="to-canton"`}},
		{name: "Docusaurus", dialect: docs,
			want: []string{`id="about-frontmattertitle"`, `id="in-frontmatteryear"`, `id="the-frontmatter_roletea-role"`, `id="kept-x-y"`, `id="to-frontmatterportname"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, _ := convert(t, Options{Dialects: tt.dialect}, src, Page{File: "docs/a.mdx"})
			wantInOrder(t, out, tt.want)
		})
	}
}

// TestMDXJSXAttrValues: an HTML element's attribute written as an
// expression is what the expression evaluates to, as React writes it
// (measured, @mdx-js/mdx 3.1.1: <div title={\n  frontmatter.title\n}>
// is <div title="Tea">): a string literal or a front matter field is its
// value, which raw HTML's allowlist then reads (className is class, as
// React DOM writes it); an event handler and any other expression are
// removed, with a warning.
func TestMDXJSXAttrValues(t *testing.T) {
	src := "---\ntitle: Tea\n---\n\n<div title={\n  frontmatter.title\n}>\nIn div.\n</div>\n\n<div title={'A \"quoted\" one'}>\nTwo.\n</div>\n\n<div title={count}>\nThree.\n</div>\n\n<section className={'x'} onClick={'go()'}>\nFour.\n</section>\n"
	out, _, problems := convert(t, Options{Dialects: docusaurusDialect}, src, Page{Meta: map[string]any{"title": "Tea"}})
	wantInOrder(t, out, []string{`<div title="Tea">`, "<p>In div.</p>", "</div>", `<div title="A &#34;quoted&#34; one">`, "<p>Two.</p>", "</div>", "<div>", "<p>Three.</p>", "</div>", `<section class="x">`, "<p>Four.</p>", "</section>"})
	want := []string{"warning: 15:1: JSX title={count} on <div> is an expression sitegen does not run (only an object of string and number values is read): removed",
		"warning: 19:1: JSX onClick={'go()'} on <section> is an expression sitegen does not run (only an object of string and number values is read): removed"}
	if fmt.Sprint(problems) != fmt.Sprint(want) {
		t.Errorf("problems = %q, want %q", problems, want)
	}
}
