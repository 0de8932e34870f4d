package columns_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"

	"d6codex/cmd/sitegen/internal/markup/callout"
	"d6codex/cmd/sitegen/internal/markup/columns"
)

// The plugin's documentation and source (tnichols217/obsidian-columns;
// the parser as its main.js 1.6.1 ships it, in the vault RickyFoots/Kyonin).
const (
	readme = "https://github.com/tnichols217/obsidian-columns/blob/main/README.md"
	source = "obsidian-columns 1.6.1 main.js (B, H, ee, generateCssString) and styles.css"
)

func convert(t *testing.T, ext columns.Extension, src string) string {
	t.Helper()
	md := goldmark.New(goldmark.WithExtensions(callout.Extension{Obsidian: true}, ext))
	var b bytes.Buffer
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestColumns checks each rule of the plugin's ```col and ```col-md
// blocks and col callouts: columns side by side, never a code block.
func TestColumns(t *testing.T) {
	tests := []struct {
		name, rule, url string // the rule, quoted, and where
		ext             columns.Extension
		src             string
		want, not       []string
	}{
		{
			name: "col-md blocks are columns",
			rule: "The col-md codeblock is just markdown. The col codeblock renders each markdown element as its own column. - use the md codeblock to group elements as one column",
			url:  readme,
			src:  "````col\n```col-md\n# Stores\n\n- [[Mah]]\n```\n```col-md\n# Bars\n\ntext\n```\n````\n",
			want: []string{"<div class=\"columns\">\n<div class=\"column\">\n<h1>Stores</h1>\n<ul>\n<li>[[Mah]]</li>\n</ul>\n</div>\n<div class=\"column\">\n<h1>Bars</h1>\n<p>text</p>\n</div>\n</div>\n"},
			not:  []string{"<pre", "<code"},
		},
		{
			name: "each element its own column",
			rule: "The col codeblock renders each markdown element as its own column.",
			url:  readme,
			src:  "```col\nFirst\n\n- a\n- b\n```\n",
			want: []string{"<div class=\"columns\">\n<div class=\"column\">\n<p>First</p>\n</div>\n<div class=\"column\">\n<ul>"},
		},
		{
			name: "flexGrow setting",
			rule: "All blocks have a settings header that is defined as everything above a `===` delimiter … The col-md block has an additional flexGrow setting which sets the relative width of the codeblock; generateCssString: flexGrow=N, flexBasis=wrapSize*N px",
			url:  readme,
			src:  "````col\n```col-md\nflexGrow=2\n===\nWide\n```\n```col-md\nNarrow\n```\n````\n",
			want: []string{`<div class="column" style="flex-grow:2;flex-basis:200px;">` + "\n<p>Wide</p>", "<div class=\"column\">\n<p>Narrow</p>"},
			not:  []string{"flexGrow", "==="},
		},
		{
			name: "settings split by semicolons",
			rule: "H: n.split(`\\n`).map(e=>e.split(\";\")) … e.split(\"=\").map(l=>l.trim())",
			url:  source,
			src:  "```col-md\nflexGrow = 1.5; textAlign=center\n===\nMiddle\n```\n",
			want: []string{`style="flex-grow:1.5;flex-basis:150px;text-align:center;"`, "<p>Middle</p>"},
		},
		{
			name: "no settings where a backtick comes first",
			rule: "B: for each line, if(s.contains(\"`\"))break; if(s==\"===\") the text before is the settings",
			url:  source,
			src:  "````col\n```col-md\nflexGrow=3\n===\nA\n```\n===\n```col-md\nB\n```\n````\n",
			want: []string{`flex-grow:3;`, "<p>A</p>\n</div>\n</div>\n<div class=\"columns\">\n<div class=\"column\">\n<p>B</p>"},
		},
		{
			name: "=== starts a row",
			rule: "ee: a line that startsWith(\"===\") outside a nested ``` block splits the block; each part is rendered into its own columnParent",
			url:  source,
			src:  "```col\nheight=shortest\n===\nOne\n===\nTwo\n```\n",
			want: []string{"<div class=\"columns\">\n<div class=\"column\">\n<p>One</p>\n</div>\n</div>\n<div class=\"columns\">\n<div class=\"column\">\n<p>Two</p>"},
			not:  []string{"<h1>One</h1>", "shortest"},
		},
		{
			name: "=== in a nested code block is code",
			rule: "ee: l==0&&r==0&&i.startsWith(\"===\"): only outside a nested code fence",
			url:  source,
			src:  "````col\n```\ncode\n===\n```\n````\n",
			want: []string{"<pre><code>code\n===\n</code></pre>"},
		},
		{
			name: "wrapSize and defaultSpan settings",
			rule: "Minimum width of column: Columns will have this minimum width before wrapping to a new row; defaultSpan: The default width of a column",
			url:  source,
			ext:  columns.Extension{WrapSize: 150, Span: 2},
			src:  "```col\nA\n```\n",
			want: []string{`<div class="column" style="flex-grow:2;flex-basis:300px;">`},
		},
		{
			name: "border settings",
			rule: "applyPotentialBorderStyling: borderColor ?? white, borderStyle ?? solid, borderWidth (a number is px) ?? 1px",
			url:  source,
			src:  "```col\nborderColor=red;borderWidth=2\n===\nA\n```\n",
			want: []string{`<div class="columns" style="border:2px solid red;border-radius:0;padding:0;">`},
		},
		{
			name: "unsafe values dropped",
			rule: "sitegen: a setting is CSS only when it cannot leave its declaration",
			url:  source,
			src:  "```col-md\ntextAlign=center\" onclick=\"x;borderColor=red}body{x\n===\nA\n```\n",
			not:  []string{"onclick", "}body"},
		},
		{
			name: "col callout",
			rule: "The col callout renders every item within the callout as its own column. The col-md callout can be nested within the col callout in order to group items into a column.",
			url:  readme,
			src:  "> [!col]\n> A col callout\n>\n>> [!col-md]\n>> The second column\n>>\n>> More lines\n",
			want: []string{"<div class=\"columns\">\n<div class=\"column\">\n<p>A col callout</p>\n</div>\n<div class=\"column\">\n<p>The second column</p>\n<p>More lines</p>\n</div>\n</div>\n"},
			not:  []string{`class="callout`, "<blockquote", "[!col"},
		},
		{
			name: "col-md-N callout spans N",
			rule: "styles.css: div[data-callout=\"col\"] > .callout-content > div[data-callout$=\"-2\"] { --obsidian-columns-custom-span: 2 }",
			url:  source,
			src:  "> [!col]\n>> [!col-md-2]\n>> Wide\n>\n>> [!col-md-1.5]\n>> Thin\n",
			want: []string{`style="flex-grow:2;flex-basis:200px;">` + "\n<p>Wide</p>", `style="flex-grow:1.5;flex-basis:150px;">` + "\n<p>Thin</p>"},
		},
		{
			name: "col-md callout outside col is a callout",
			rule: "styles.css styles col-md callouts only inside a col callout",
			url:  source,
			src:  "> [!col-md]\n> Alone\n",
			want: []string{"callout"},
			not:  []string{"class=\"column"},
		},
		{
			name: "other fences stay code",
			rule: "the plugin registers col and col-md only",
			url:  source,
			src:  "```columns\nx\n```\n",
			want: []string{"<pre><code class=\"language-columns\">"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := convert(t, tt.ext, tt.src)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("%s (%s)\nmissing %q in\n%s", tt.rule, tt.url, w, got)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("%s (%s)\nunwanted %q in\n%s", tt.rule, tt.url, n, got)
				}
			}
		})
	}
}

// TestFound checks that a page with columns asks for their stylesheet,
// once per block, and a page without asks for nothing.
func TestFound(t *testing.T) {
	for src, want := range map[string]int{"text\n": 0, "```col\nA\n```\n": 1, "> [!col]\n> A\n": 1} {
		n := 0
		ext := columns.Extension{Found: func(parser.Context) { n++ }}
		convert(t, ext, src)
		if n != want {
			t.Errorf("%q: Found called %d times, want %d", src, n, want)
		}
	}
}
