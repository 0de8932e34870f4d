package admonition_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"

	"d6codex/cmd/sitegen/internal/markup/admonition"
	"d6codex/cmd/sitegen/internal/markup/callout"
)

// The plugin's documentation: its README as it stood when it documented
// the block's parameters, and the source that reads them.
const (
	readme = "https://github.com/javalent/admonitions/blob/eaea301/README.md"
	source = "https://github.com/javalent/admonitions/blob/f193899/src/util/util.ts"
	mainTS = "https://github.com/javalent/admonitions/blob/f193899/src/main.ts"
)

func convert(t *testing.T, src string) string {
	t.Helper()
	md := goldmark.New(goldmark.WithExtensions(callout.Extension{Obsidian: true}, admonition.Extension{}))
	var b bytes.Buffer
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestAdmonition checks each documented rule of the Admonition plugin's
// ```ad-KIND blocks against what sitegen renders: a callout of the site,
// never a code block.
func TestAdmonition(t *testing.T) {
	tests := []struct {
		rule, url string // the documented rule, quoted, and where
		src       string
		want, not []string
	}{
		{"Place a code block with the admonition type: ```ad-note", readme,
			"```ad-note\nLorem ipsum dolor sit amet.\n```\n",
			[]string{`<div class="callout callout-note" role="note">`, `<p class="callout-title">Note</p>`, `<p>Lorem ipsum dolor sit amet.</p>`}, []string{"<pre", "<code"}},
		{"the `title`, `collapse`, `icon` and `color` parameters must be at the _top_ of the block, in any order", readme,
			"```ad-tip\ncolor: 200, 200, 200\nicon: triforce\ncollapse: open\ntitle: Ordered\nBody.\n```\n",
			[]string{`<details class="callout callout-tip" style="--callout-color:rgb(200, 200, 200)" open><summary class="callout-title">Ordered</summary>`, `<p>Body.</p>`},
			[]string{"triforce", "color: 200", "collapse:", "title:"}},
		{"must be at the _top_ of the block: a parameter line after the content starts is content", readme,
			"```ad-note\nFirst.\ntitle: not a title\n```\n",
			[]string{`<p class="callout-title">Note</p>`, "title: not a title"}, nil},
		{"each keyword once: `if (params[foundKeyword] !== undefined) { break; }`", source,
			"```ad-note\ntitle: One\ntitle: Two\n```\n",
			[]string{`<p class="callout-title">One</p>`, "<p>title: Two</p>"}, nil},
		{"Custom titles are rendered as Markdown", readme,
			"```ad-example\ntitle: A *worked* `2d6` example\nx\n```\n",
			[]string{`<p class="callout-title">A <em>worked</em> <code>2d6</code> example</p>`}, nil},
		{"Leave the title field blank to only display the admonition.", readme,
			"```ad-quote\ntitle:\nWords.\n```\n",
			[]string{`<div class="callout callout-quote" role="note">` + "\n<p>Words.</p>"}, []string{"callout-title"}},
		{"default title: `type[0].toUpperCase() + type.slice(1).toLowerCase()`", source,
			"```ad-SeeAlso\nx\n```\n",
			[]string{`<p class="callout-title">Seealso</p>`, `callout-note`}, nil},
		{"`collapse: open` will start the admonition opened on render, but allow collapse on click.", readme,
			"```ad-info\ncollapse: open\nx\n```\n",
			[]string{`<details class="callout callout-info" open><summary class="callout-title">Info</summary>`}, nil},
		{"collapse: closed starts collapsed (`if (collapse == \"closed\") { admonition.addClass(\"is-collapsed\") }`)", mainTS,
			"```ad-info\ncollapse: closed\nx\n```\n",
			[]string{`<details class="callout callout-info"><summary class="callout-title">Info</summary>`}, []string{" open"}},
		{"`else if (collapse && collapse.trim() === \"none\") { collapse = \"\"; }`: not collapsible", mainTS,
			"```ad-info\ncollapse: none\nx\n```\n",
			[]string{`<div class="callout callout-info" role="note">`}, []string{"<details"}},
		{"If the admonition should collapse, but something other than open or closed was provided, set to closed.", source,
			"```ad-warning\ncollapse: maybe\nx\n```\n",
			[]string{`<details class="callout callout-warning"><summary class="callout-title">Warning</summary>`}, []string{" open"}},
		{"If the admonition should collapse, but title was blanked, set the default title.", source,
			"```ad-danger\ntitle:\ncollapse: open\nx\n```\n",
			[]string{`<details class="callout callout-danger" open><summary class="callout-title">Danger</summary>`}, nil},
		{"An admonition with no content will render as just the title block.", readme,
			"```ad-note\n```\n",
			[]string{`<div class="callout callout-note" role="note">` + "\n" + `<p class="callout-title">Note</p>` + "\n</div>"}, nil},
		{"Nesting admonitions may be done by increasing the number of backticks.", readme,
			"`````ad-note\ntitle: Nested Admonitions\ncollapse: open\n\nHello!\n\n````ad-note\ntitle: This admonition is nested.\nThis is a nested admonition!\n\n```ad-warning\ntitle: This admonition is closed.\ncollapse: close\n```\n\n````\n\nThis is in the original admonition.\n`````\n",
			[]string{
				`<details class="callout callout-note" open><summary class="callout-title">Nested Admonitions</summary>` + "\n<p>Hello!</p>\n" +
					`<div class="callout callout-note" role="note">` + "\n" + `<p class="callout-title">This admonition is nested.</p>` + "\n<p>This is a nested admonition!</p>\n" +
					`<details class="callout callout-warning"><summary class="callout-title">This admonition is closed.</summary>` + "\n</details>\n</div>\n" +
					"<p>This is in the original admonition.</p>\n</details>",
			}, nil},
		{"for a single layer, the `~~~` markdown codeblock syntax may be used", readme,
			"````ad-info\n\n```ad-bug\ntitle: I'm Nested!\n~~~javascript\nthrow new Error(\"Oops, I'm a bug.\");\n~~~\n```\n\n```javascript\nconsole.log(\"Hello!\");\n```\n\n````\n",
			[]string{`<p class="callout-title">I'm Nested!</p>` + "\n" + `<pre><code class="language-javascript">throw new Error(&quot;Oops, I'm a bug.&quot;);`, `<pre><code class="language-javascript">console.log(&quot;Hello!&quot;);`}, nil},
		{"The admonition color can be overridden using the `color` parameter. The color entered must be an RGB triad. (rgb() and #hex are converted)", source,
			"```ad-note\ncolor: #0a0b0c\nx\n```\n\n```ad-note\ncolor: rgb(1, 2, 3)\nx\n```\n\n```ad-note\ncolor: red; background: url(x)\nx\n```\n",
			[]string{`--callout-color:rgb(10, 11, 12)`, `--callout-color:rgb(1, 2, 3)`}, []string{"url(", "red"}},
		{"metadata: `keywordTokens = [\"title:\", \"collapse:\", \"icon:\", \"color:\", \"metadata:\"]`, read as a callout's metadata", source,
			"```ad-note\nmetadata: right wsmall\nx\n```\n",
			[]string{`<div class="callout callout-note callout-right callout-w" style="--callout-w:200px" role="note">`}, []string{"metadata"}},
		{"an ad- block indented (in a list item) loses its fence's indentation", readme,
			"- item\n\n  ```ad-note\n  title: In a list\n      indented code\n  ```\n",
			[]string{"<li>\n<p>item</p>\n" + `<div class="callout callout-note" role="note">` + "\n" + `<p class="callout-title">In a list</p>` + "\n<pre><code>indented code\n</code></pre>"}, nil},
		{"a fence of another language is code", readme,
			"```python\nprint(1)\n```\n\n```adnote\nx\n```\n",
			[]string{`<pre><code class="language-python">`, `<pre><code class="language-adnote">`}, []string{"callout"}},
		{"a block left open ends with the document, as a fence does", readme,
			"```ad-tip\ntitle: Open\nStill inside.\n",
			[]string{`<p class="callout-title">Open</p>` + "\n<p>Still inside.</p>\n</div>"}, nil},
	}
	for _, tt := range tests {
		got := convert(t, tt.src)
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s (%s):\nrendered %s\nwant %s", tt.rule, tt.url, got, w)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(got, n) {
				t.Errorf("%s (%s):\nrendered %s\nwith %q", tt.rule, tt.url, got, n)
			}
		}
	}
}
