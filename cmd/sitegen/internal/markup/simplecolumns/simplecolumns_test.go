package simplecolumns_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"

	"d6codex/cmd/sitegen/internal/markup/callout"
	"d6codex/cmd/sitegen/internal/markup/simplecolumns"
)

// The plugin's source: main.js 1.0.8 (Josie1902/simple-columns, as the
// vault RickyFoots/Kyonin ships it), its registerMarkdownCodeBlockProcessor("columns").
const source = "simple-columns 1.0.8 main.js, the columns code block processor"

func convert(t *testing.T, ext simplecolumns.Extension, src string) string {
	t.Helper()
	md := goldmark.New(goldmark.WithExtensions(callout.Extension{Obsidian: true}, ext))
	var b bytes.Buffer
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestSimpleColumns checks each rule of the plugin's ```columns blocks.
func TestSimpleColumns(t *testing.T) {
	tests := []struct {
		name, rule string // the rule, quoted from the source
		src        string
		want, not  []string
	}{
		{
			name: "columns split at ===",
			rule: "let l=t.split(/^===$/m),r=l[0].trim() … for(let b=1;b<l.length;b++){ f.className=\"column\" … MarkdownRenderer.render(l[b].trim()) }",
			src:  "```columns\nid: Npq0yRPAN5S\n===\n## Notable Locations\n1. [[Snake Pit]]\n\n===\n## Bars\ntext\n```\n",
			want: []string{"<div class=\"columns simple\">\n<div class=\"column\">\n<h2>Notable Locations</h2>\n<ol>\n<li>[[Snake Pit]]</li>\n</ol>\n</div>\n<div class=\"column\">\n<h2>Bars</h2>\n<p>text</p>\n</div>\n</div>\n"},
			not:  []string{"id:", "Npq0yRPAN5S", "<pre", "==="},
		},
		{
			name: "the separator is === exactly",
			rule: "t.split(/^===$/m): a line of \"===\" and nothing else",
			src:  "```columns\nid: x\n===\nA\n=== \n====\n```\n",
			want: []string{"<div class=\"column\">\n<h1>A</h1>\n<p>====</p>"},
		},
		{
			name: "ratios",
			rule: "/^column-(\\d+)-ratio:\\s*(.+)$/gm … b>=1&&b<=4&&(d[b-1]=f) … d.map(h=>h===0?k:h), k=(w-v)/A: the others share the rest; flex: 1 0 var(--sc-column-width)",
			src:  "```columns\nid: x\ncolumn-1-ratio: 60\n===\nA\n===\nB\n===\nC\n```\n",
			want: []string{`<div class="column" style="flex:1 0 60%;">` + "\n<p>A</p>", `<div class="column" style="flex:1 0 20%;">` + "\n<p>B</p>", `style="flex:1 0 20%;">` + "\n<p>C</p>"},
		},
		{
			name: "metadata only: no columns",
			rule: "for(let b=1;b<l.length;b++): a block without === has no column",
			src:  "```columns\nid: x\n```\n",
			want: []string{"<div class=\"columns simple\">\n</div>"},
			not:  []string{"id: x"},
		},
		{
			name: "columns in a callout",
			rule: "the block's text is the fence's content, wherever the fence is",
			src:  "> [!note]\n> ```columns\n> id: x\n> ===\n> A\n> ===\n> B\n> ```\n",
			want: []string{"<div class=\"column\">\n<p>A</p>\n</div>\n<div class=\"column\">\n<p>B</p>"},
		},
		{
			name: "other fences are code",
			rule: "registerMarkdownCodeBlockProcessor(\"columns\") only",
			src:  "```col\nA\n```\n",
			want: []string{"<pre><code class=\"language-col\">"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := convert(t, simplecolumns.Extension{}, tt.src)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("%s (%s)\nmissing %q in\n%s", tt.rule, source, w, got)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("%s (%s)\nunwanted %q in\n%s", tt.rule, source, n, got)
				}
			}
		})
	}
}

// TestFound: a block asks for the stylesheet.
func TestFound(t *testing.T) {
	n := 0
	convert(t, simplecolumns.Extension{Found: func(parser.Context) { n++ }}, "```columns\nid: x\n===\nA\n```\n")
	if n != 1 {
		t.Errorf("Found called %d times, want 1", n)
	}
}
