package markup

import (
	"strings"
	"testing"
)

// TestCallouts renders GitHub alerts and MkDocs admonitions.
func TestCallouts(t *testing.T) {
	md := New(Options{})
	tests := []struct{ name, src, want string }{
		{"GitHub alert", "> [!NOTE]\n> Roll **twice**.\n", `<div class="callout callout-note" role="note">
<p class="callout-title">Note</p>
<p>Roll <strong>twice</strong>.</p>
</div>`},
		{"alert marker alone", "> [!WARNING]\n>\n> Two paragraphs.\n>\n> - and a list\n", `<div class="callout callout-warning" role="note">
<p class="callout-title">Warning</p>
<p>Two paragraphs.</p>
<ul>
<li>and a list</li>
</ul>
</div>`},
		{"plain quote stays", "> [!NOTANALERT]\n> text\n", "<blockquote>"},
		{"admonition with title", "!!! example \"A worked example\"\n    Juno rolls *3 and 4*.\n\n    - Total 8\n\nAfter.\n", `<div class="callout callout-example" role="note">
<p class="callout-title">A worked example</p>
<p>Juno rolls <em>3 and 4</em>.</p>
<ul>
<li>Total 8</li>
</ul>
</div>
<p>After.</p>`},
		{"collapsible", "??? tip\n    Hidden.\n", `<details class="callout callout-tip"><summary class="callout-title">Tip</summary>
<p>Hidden.</p>
</details>`},
		{"collapsible open", "???+ note \"Open me\"\n    Shown.\n", `<details class="callout callout-note" open><summary class="callout-title">Open me</summary>`},
		{"no title", "!!! note \"\"\n    Bare.\n", `<div class="callout callout-note" role="note">
<p>Bare.</p>`},
		{"not an admonition", "!!!\n    code?\n", "<p>!!!"},
		{"raw HTML in a title is read as in text: a script goes", "!!! note \"<script>alert(1)</script>x\"\n    y\n", `<p class="callout-title">alert(1)x</p>`},
		// https://python-markdown.github.io/extensions/admonition/: "You can
		// also provide additional CSS class names separated by spaces. The
		// first class should be the “type.” For example: !!! danger highlight
		// blink "Don't try this at home"". Its pattern,
		// !!! ?([\w\-]+(?: +[\w\-]+)*)(?: +"(.*?)")? *(?:\n|$), takes the title to
		// the last quote of the line, so a title may quote; pymdownx.details
		// (https://facelessuser.github.io/pymdown-extensions/extensions/details/)
		// reads ??? the same way. 3515.games writes both.
		{"more classes after the type", "!!! danger highlight blink \"Don't try this at home\"\n    y\n", `<div class="callout callout-danger" role="note">
<p class="callout-title">Don&rsquo;t try this at home</p>`},
		{"classes, no title", "!!! info inline end\n    y\n", `<div class="callout callout-info" role="note">
<p class="callout-title">Info</p>`},
		// https://squidfunk.github.io/mkdocs-material/reference/content-tabs/
		// (pymdownx.tabbed): "=== \"Tab One\"" followed by its content
		// indented by four spaces; consecutive tabs make one set, "===!"
		// starts a new set, "===+" selects the tab. sitegen shows every tab,
		// each a box titled by its label (a printed page of Material shows
		// them so); the syntax is never printed (3515.games, yarl).
		{"content tabs", "=== \"macOS / Linux\"\n    ```bash\n    curl x | python -\n    ```\n\n===+ \"Windows\"\n    Use *py*.\n\nAfter.\n", `<div class="callout callout-tab" role="note">
<p class="callout-title">macOS / Linux</p>
<pre><code class="language-bash">curl x | python -
</code></pre>
</div>
<div class="callout callout-tab" role="note">
<p class="callout-title">Windows</p>
<p>Use <em>py</em>.</p>
</div>
<p>After.</p>`},
		{"a tab nests an admonition", "===! \"Terminal\"\n    !!! danger \"Not the system Python\"\n        Too old.\n", `<p class="callout-title">Terminal</p>
<div class="callout callout-danger" role="note">
<p class="callout-title">Not the system Python</p>`},
		{"a tab needs a quoted label", "=== Tab\n    x\n", "<p>=== Tab"},
		{"a setext underline stays one", "Title\n===\n", `<h2 id="title">`},
		{"a title that quotes", "??? command \"/uno play: say \"UNO!\".\"\n    y\n", `<details class="callout callout-command"><summary class="callout-title">/uno play: say &ldquo;UNO!&rdquo;.</summary>`},
		// Python-Markdown's admonition puts the title in a <p> as its text
		// ("p.text = title", https://github.com/Python-Markdown/markdown/blob/master/markdown/extensions/admonition.py),
		// and the inline processor then runs over every element's text, so
		// a title's code, emphasis and links are rendered (MkDocs 1.4 here:
		// `<p class="admonition-title"><code>/uno create</code>: Create an
		// <em>UNO</em> <a href="x.md">game</a></p>`); pymdownx.details'
		// <summary> and pymdownx.tabbed's label alike (eval5B JB16).
		{"inline Markdown in a title", "!!! note \"`/uno create`: Create an *UNO* [game](x.md)\"\n    body\n", `<div class="callout callout-note" role="note">
<p class="callout-title"><code>/uno create</code>: Create an <em>UNO</em> <a href="x.md">game</a></p>
<p>body</p>`},
		{"inline Markdown in a collapsible title", "??? tip \"**bold** sum\"\n    b\n", `<summary class="callout-title"><strong>bold</strong> sum</summary>`},
		{"inline Markdown in a tab label", "=== \"`pip`\"\n    x\n", `<p class="callout-title"><code>pip</code></p>`},
		{"inline Markdown in a nested title", "> text\n>\n> !!! note \"*in* a quote\"\n>     y\n", `<p class="callout-title"><em>in</em> a quote</p>`},
	}
	for _, tt := range tests {
		got, _, err := md.Convert([]byte(tt.src), &Page{})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(got, tt.want) {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}
}

// An Obsidian callout's title is Markdown too, in Obsidian and in Quartz
// (which reads Obsidian's syntax): "By default, the title of the callout
// is its type identifier in title case. You can change it by adding text
// after the type identifier" (https://help.obsidian.md/callouts); the
// text is read as the rest of the callout, inline Markdown and wikilinks
// included (eval5B JB16).
func TestObsidianCalloutTitles(t *testing.T) {
	md := New(Options{Obsidian: true})
	for src, want := range map[string]string{
		"> [!tip] Use `roll` and *care*\n> Body.\n":     `<p class="callout-title">Use <code>roll</code> and <em>care</em></p>`,
		"> [!info]- **Folded** title\n> Body.\n":        `<summary class="callout-title"><strong>Folded</strong> title</summary>`,
		"> [!note] Plain title\n":                       `<p class="callout-title">Plain title</p>`,
		"> [!warning] A [link](https://x.test/)\n> B\n": `<p class="callout-title">A <a href="https://x.test/">link</a></p>`,
	} {
		got, _, err := md.Convert([]byte(src), &Page{})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(got, want) {
			t.Errorf("%q:\n got %s\nwant %s", src, got, want)
		}
	}
}
