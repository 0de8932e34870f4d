package tabs_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"

	"d6codex/cmd/sitegen/internal/markup/callout"
	"d6codex/cmd/sitegen/internal/markup/tabs"
)

// The plugin's documentation and source (xhuajin/obsidian-tabs; the
// parser as its main.js 1.1.8 ships it, in the vault RickyFoots/Kyonin).
const (
	readme = "https://github.com/xhuajin/obsidian-tabs/blob/master/README.md"
	source = "obsidian-tabs 1.1.8 main.js, parseTabs and Bs.parseConfig"
)

func convert(t *testing.T, split, src string) string {
	t.Helper()
	md := goldmark.New(goldmark.WithExtensions(callout.Extension{Obsidian: true}, tabs.Extension{Split: split}))
	var b bytes.Buffer
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestTabs checks each rule of the Tabs plugin's ```tabs blocks: each
// tab a box of its title and content, all shown; never a code block.
func TestTabs(t *testing.T) {
	tests := []struct {
		name, rule, url string // the rule, quoted, and where
		split, src      string
		want, not       []string
	}{
		{
			name: "tabs",
			rule: "Generate a tab component using the tab code block. ```tabs / tab: TAB ONE / Content of TAB ONE / tab: TAB TWO / Content of TAB TWO",
			url:  readme,
			src:  "```tabs\ntab: TAB ONE\nContent of TAB ONE\n\ntab: TAB TWO\nContent of **TAB TWO**\n```\n",
			want: []string{
				"<div class=\"callout callout-tab\" role=\"note\">\n" + `<p class="callout-title">TAB ONE</p>`,
				"<p>Content of TAB ONE</p>",
				"<div class=\"callout callout-tab\" role=\"note\">\n" + `<p class="callout-title">TAB TWO</p>`,
				"<p>Content of <strong>TAB TWO</strong></p>",
			},
			not: []string{"<code", "tab:"},
		},
		{
			name: "code in a tab",
			rule: "If your tab contents have code block, you need to use more `",
			url:  readme,
			src:  "````tabs\ntab: python\n```python\nprint(\"Hello Tabs\")\n```\n\ntab: javascript\n```javascript\nconsole.log('Hello Tabs');\n```\n````\n",
			want: []string{`<p class="callout-title">python</p>`, `<pre><code class="language-python">print(&quot;Hello Tabs&quot;)`,
				`<p class="callout-title">javascript</p>`, `<code class="language-javascript">console.log('Hello Tabs');`},
		},
		{
			name: "nested",
			rule: "With this feature, you can create tabs component nested.",
			url:  readme,
			src:  "````tabs\ntab: TAB-ONE\nAn innerTab in TAB-ONE\n\n```tabs\ntab: inner tab one\nThis is an inner tab.\n\ntab: inner tab two\nThis is an inner tab too.\n```\n\ntab: TAB-TWO\nLast.\n````\n",
			want: []string{
				`<p class="callout-title">TAB-ONE</p>` + "\n<p>An innerTab in TAB-ONE</p>\n" +
					"<div class=\"callout callout-tab\" role=\"note\">\n" + `<p class="callout-title">inner tab one</p>` + "\n<p>This is an inner tab.</p>\n</div>\n" +
					"<div class=\"callout callout-tab\" role=\"note\">\n" + `<p class="callout-title">inner tab two</p>` + "\n<p>This is an inner tab too.</p>\n</div>\n</div>\n" +
					"<div class=\"callout callout-tab\" role=\"note\">\n" + `<p class="callout-title">TAB-TWO</p>` + "\n<p>Last.</p>\n</div>",
			},
		},
		{
			name: "options",
			rule: `the text before the first "tab: " line is the block's options (parseConfig: "top", "bottom", "left", "right", "action-add", "one", "multi"...), not a tab`,
			url:  source,
			src:  "```tabs\nleft\ntab: A\nx\n```\n",
			want: []string{`<p class="callout-title">A</p>` + "\n<p>x</p>"},
			not:  []string{"left"},
		},
		{
			name: "in a callout",
			rule: "a block of tabs in a callout is read as in the note, less the callout's marks",
			url:  source,
			src:  "> [!note]\n> ```tabs\n> left\n> tab: A\n> x\n> ```\n",
			want: []string{"<div class=\"callout callout-tab\" role=\"note\">\n" + `<p class="callout-title">A</p>` + "\n<p>x</p>"},
			not:  []string{"left"},
		},
		{
			name: "no separator",
			rule: `a block without the separator is one tab, titled by defaultTabNavItem "New tab" ("if(!t.contains(this.split)) ... s.push(e), r.push(t)")`,
			url:  source,
			src:  "```tabs\nJust text.\n```\n",
			want: []string{`<p class="callout-title">New tab</p>` + "\n<p>Just text.</p>"},
		},
		{
			name: "title markdown",
			rule: "the title is drawn as Markdown (MarkdownRenderer.render(this.tabs.app, this.title, ...)); a heading's marks show as its text in sitegen",
			url:  source,
			src:  "```tabs\ntab: ### Information\nA\ntab: *Lore*\nB\n```\n",
			want: []string{`<p class="callout-title">Information</p>`, `<p class="callout-title"><em>Lore</em></p>`},
			not:  []string{"###"},
		},
		{
			name:  "separator setting",
			rule:  `the separator is the plugin's split setting ("The symbols to split each tab")`,
			url:   source,
			split: "--- ",
			src:   "```tabs\n--- One\n1\n--- Two\n2\n```\n",
			want:  []string{`<p class="callout-title">One</p>`, `<p class="callout-title">Two</p>`},
		},
		{
			name: "other fences",
			rule: "a fence of another language is code",
			url:  source,
			src:  "```tabsx\ntab: A\n```\n\n```python tabs\nx\n```\n",
			want: []string{`<pre><code class="language-tabsx">tab: A`, `<code class="language-python">x`},
			not:  []string{"callout"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := convert(t, tt.split, tt.src)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("%s (%s)\nno %q in\n%s", tt.rule, tt.url, w, got)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("%s (%s)\n%q in\n%s", tt.rule, tt.url, n, got)
				}
			}
		})
	}
}
