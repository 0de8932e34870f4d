package shortcode

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
)

func TestShortcodes(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // parts of the HTML, in order
		links     []string // link and image destinations, in order
		warnings  []string
	}{
		{"hint", "{{< hint warning >}}\n**Careful** now.\n{{< /hint >}}\n",
			[]string{`<div class="callout callout-warning" role="note">`, `<p class="callout-title">Warning</p>`, "<strong>Careful</strong>", "</div>"}, nil, nil},
		{"notice with percent and title", "{{% notice tip \"Pro tip\" %}}\nText\n{{% /notice %}}\n",
			[]string{`callout-tip`, `>Pro tip</p>`, "<p>Text</p>"}, nil, nil},
		{"admonition named args", "{{< admonition type=danger title=\"Mind it\" >}}\nX\n{{< /admonition >}}\n",
			[]string{`callout-danger`, `>Mind it</p>`}, nil, nil},
		{"details open", "{{< details \"More\" open >}}\nHidden\n{{< /details >}}\n",
			[]string{`<details class="callout callout-details" open><summary class="callout-title">More</summary>`, "<p>Hidden</p>", "</details>"}, nil, nil},
		{"expand", "{{% expand \"Show\" %}}\nX\n{{% /expand %}}\n", []string{`<summary class="callout-title">Show</summary>`}, nil, nil},
		{"tabs", "{{< tabs \"t\" >}}\n{{< tab \"One\" >}}\nA\n{{< /tab >}}\n{{< tab \"Two\" >}}\nB\n{{< /tab >}}\n{{< /tabs >}}\n",
			[]string{`<div class="shortcode-tabs">`, `>One</summary>`, "<p>A</p>", `>Two</summary>`, "<p>B</p>", "</div>"}, nil, nil},
		{"nested callout in details", "{{< details \"D\" >}}\n{{< hint >}}\nIn\n{{< /hint >}}\n{{< /details >}}\n",
			[]string{"<details", `callout-note`, "<p>In</p>", "</div>", "</details>"}, nil, nil},
		{"figure", "{{< figure src=\"/img/m.png\" caption=\"The map\" >}}\n",
			[]string{`<figure><img src="/img/m.png" alt="The map"><figcaption>The map</figcaption></figure>`}, []string{"/img/m.png"}, nil},
		{"ref in a link", "See [the rules]({{< ref \"rules/combat\" >}}) now.\n",
			[]string{`See <a href="rules/combat.md">the rules</a> now.`}, []string{"rules/combat.md"}, nil},
		{"ref with emphasis in the label", "[*the* rules]({{< relref \"/x.md#y\" >}})\n",
			[]string{`<a href="/x.md#y"><em>the</em> rules</a>`}, []string{"/x.md#y"}, nil},
		{"ref alone", "{{< ref \"combat.md\" >}}\n", []string{`<a href="combat.md">combat.md</a>`}, []string{"combat.md"}, nil},
		// Hextra's cards (eval7B LB10): "link: URL (internal or
		// external). title: Title heading for the card. subtitle: Subtitle
		// heading (supports Markdown)."
		// (https://imfing.github.io/hextra/docs/guide/shortcodes/cards/).
		// The theme's template is not run: each card is a link to its
		// link showing its title, its subtitle after it, with a warning;
		// a card without a link shows its title.
		{"hextra cards", "{{< cards >}}\n  {{< card link=\"docs\" title=\"Docs\" icon=\"book-open\" >}}\n  {{< card link=\"../about/\" title=\"About <us>\" subtitle=\"Who we are\" >}}\n  {{< card title=\"No link\" >}}\n{{< /cards >}}\n",
			[]string{`<div class="shortcode-block">`, `<p class="shortcode-card"><a href="docs">Docs</a></p>`,
				`<p class="shortcode-card"><a href="../about/">About &lt;us&gt;</a> — Who we are</p>`, `<p class="shortcode-card">No link</p>`, "</div>"},
			[]string{"docs", "../about/"},
			[]string{`Hugo shortcode "card" is not run (the theme's template): shown as a link to its link= showing its title=`,
				`Hugo shortcode "card" is not run (the theme's template): shown as a link to its link= showing its title=`,
				`Hugo shortcode "card" is not run (the theme's template): shown as a link to its link= showing its title=`}},
		{"unknown block", "A\n\n{{< youtube abc >}}\n\nB\n", []string{"<p>A</p>", "<p>B</p>"}, nil, []string{`Hugo shortcode "youtube" is not supported: not shown`}},
		// An unknown shortcode in running text leaves its words, not a
		// hole in the sentence (unnamed-rpg: "a descendent of the  and").
		{"unknown inline", "A {{< kbd Ctrl >}} B\n", []string{"<p>A Ctrl B</p>"}, nil, []string{`Hugo shortcode "kbd" is not supported: its arguments shown as text`}},
		{"unknown inline, named arguments only", "A {{< icon name=x >}} B\n", []string{"<p>A  B</p>"}, nil, []string{`Hugo shortcode "icon" is not supported: not shown`}},
		// The site's own {{< link >}}, whose template is
		// `{{ with .Page.GetPage (.Get 0) }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}`
		// (Extension.PageLinks): a link to the page, its title put in by
		// the link checker (the path until then).
		{"site page link", "a descendent of the {{< link \"docs/factions/technologists\" >}} and has\n",
			[]string{`of the <a href="docs/factions/technologists.md" data-sitegen-page-title="">docs/factions/technologists</a> and has`},
			[]string{"docs/factions/technologists.md"}, nil},
		{"site page link with text=", "the {{< link path=\"docs/x\" text=\"X clan\" >}} came\n",
			[]string{`the <a href="docs/x.md">X clan</a> came`}, []string{"docs/x.md"}, nil},
		{"site page link alone on its line", "{{< link \"docs/x\" >}}\n",
			[]string{`<p><a href="docs/x.md"`}, []string{"docs/x.md"}, nil},
		// "Self-closing shortcodes ... do not have inner content"; a
		// shortcode's "arguments ... may span multiple lines"
		// (https://gohugo.io/content-management/shortcodes/). Issue 32,
		// KB6 (bestia-docs, lotusdocs' alert: context= its kind, text= its
		// Markdown): the box holds text= and ends with its line; what
		// follows is the page's, not the box's.
		{"self-closing callout", "{{< alert context=\"info\" text=\"T **bold**\" />}}\n# H\n\nafter\n",
			[]string{`<div class="callout callout-info" role="note">`, "<p>T <strong>bold</strong></p>", "</div>", "<h1>H</h1>", "<p>after</p>"}, nil, nil},
		// docdock's alert (issue 32, mechaattack_docs): "| theme | `info`
		// | `success`, `info`,`warning`,`danger` |" and "setting only the
		// theme as argument works too : {{%alert warning%}} instead of
		// {{%alert theme="warning"%}}"
		// (https://github.com/vjeantet/hugo-theme-docdock, exampleSite
		// content/shortcodes/alert.md).
		{"docdock alert theme=", "{{% alert theme=\"warning\" %}}\n**Careful**\n{{% /alert %}}\n",
			[]string{`callout-warning`, `>Warning</p>`, "<strong>Careful</strong>"}, nil, nil},
		{"docdock alert theme=success", "{{% alert theme=\"success\" %}}Done{{% /alert %}}\n",
			[]string{`callout-success`, `>Success</p>`, "<p>Done</p>"}, nil, nil},
		{"docdock alert theme as its only argument", "{{% alert danger %}}\nNo\n{{% /alert %}}\n",
			[]string{`callout-danger`, `>Danger</p>`}, nil, nil},
		{"self-closing callout without text", "{{< hint warning />}}\nafter\n",
			[]string{`callout-warning`, "</div>", "<p>after</p>"}, nil, nil},
		{"arguments over several lines", "{{< hint type=\"warning\"\n   title=\"Mind\" >}}\nIn\n{{< /hint >}}\nafter\n",
			[]string{`callout-warning`, `>Mind</p>`, "<p>In</p>", "</div>", "<p>after</p>"}, nil, nil},
		{"unknown, arguments over several lines", "A\n\n{{< skill name=\"Carpentry\"\n  maxLevel=\"10\" >}}\n\nB\n",
			[]string{"<p>A</p>", "<p>B</p>"}, nil, []string{`Hugo shortcode "skill" is not supported (its template is not run): its named arguments are shown as a list`}},
		// Issue 32, KB6 b (bestia-docs' attack list): "Inner: Returns
		// the content between opening and closing shortcode tags,
		// applicable when the shortcode call includes a closing tag"
		// (https://gohugo.io/methods/shortcode/inner/). The template of an
		// unknown paired shortcode is not run; its content shows as the
		// page's Markdown, its indentation under the tag not code.
		{"unknown paired, indented content", "{{< attacklist >}}\n  {{< attack name=\"Heal\" >}}\n    Heals a [friend](/docs/f/).\n    Twice.\n  {{< /attack >}}\n\n  {{< attack name=\"Ember\" >}}\n    Burns.\n  {{< /attack >}}\n{{< /attacklist >}}\nafter\n",
			[]string{"<p>Heals a <a href=\"/docs/f/\">friend</a>.\nTwice.</p>", "<p>Burns.</p>", "<p>after</p>"}, []string{"/docs/f/"},
			[]string{`Hugo shortcode "attacklist" is not supported (its template is not run): its content is shown as the page's text`,
				`Hugo shortcode "attack" is not supported (its template is not run): its content is shown as the page's text`,
				`Hugo shortcode "attack" is not supported (its template is not run): its content is shown as the page's text`}},
		{"unknown paired with percent, deeper indentation kept", "{{% box %}}\n  Text\n\n      code\n{{% /box %}}\n",
			[]string{"<p>Text</p>", "<pre><code>code\n</code></pre>"}, nil,
			[]string{`Hugo shortcode "box" is not supported (its template is not run): its content is shown as the page's text`}},
		// Docsy's blocks/cover (fairy-tale-defender's home page): HTML
		// content, a tab-indented line after a blank one is HTML, not code.
		{"unknown paired holding HTML", "{{< blocks/cover title=\"T\" >}}\n<div class=\"mx-auto\">\n\t<p>Lead</p>\n\n\t<p>More</p>\n</div>\n{{< /blocks/cover >}}\n\n    code after\n",
			[]string{"<div class=\"mx-auto\">\n<p>Lead</p>", "<p>More</p>\n</div>", "<pre><code>code after"}, nil,
			[]string{`Hugo shortcode "blocks/cover" is not supported (its template is not run): its content is shown as the page's text`}},
		{"unknown paired, closed inside a line: what follows is the page's", "{{< box >}}\n  In the box {{< /box >}}\n\n    code after\n",
			[]string{"<p>In the box </p>", "<pre><code>code after"}, nil,
			[]string{`Hugo shortcode "box" is not supported (its template is not run): its content is shown as the page's text`}},
		{"unknown, not closed: what follows is the page's", "{{< youtube abc >}}\n\n    indented\n",
			[]string{"<pre><code>indented"}, nil, []string{`Hugo shortcode "youtube" is not supported: not shown`}},
		// A shortcode on the line after an HTML line (bestia-docs:
		// "<br>" then "{{< skill … >}}"): "{{< myshortcode >}} tells Hugo
		// that the rendered shortcode does not need further processing"
		// (https://gohugo.io/methods/page/rendershortcodes/): Hugo
		// replaces it whatever HTML is around it; it is not the HTML
		// block's text.
		{"after an HTML line", "<br>\n{{< hint warning >}}\nIn\n{{< /hint >}}\n",
			[]string{"<br>", `callout-warning`, "<p>In</p>", "</div>"}, nil, nil},
		{"after an HTML line, arguments over lines", "<div>x</div>\n{{< skill name=\"A\"\n  level=\"2\" >}}\nText\n{{< /skill >}}\n",
			[]string{"<div>x</div>", "<p>Text</p>"}, nil,
			[]string{`Hugo shortcode "skill" is not supported (its template is not run): its content is shown as the page's text`}},
		{"in an HTML comment it stays", "<!-- a\n{{< hint >}}\n-->\n", []string{"<!-- a"}, nil, nil},
		// Hugo 0.111, measured: "`{{</* version-warning type="new" */>}}`"
		// is <code>{{&lt; version-warning type=&quot;new&quot; &gt;}}</code>,
		// and so in a code block.
		{"escaped in code", "Use `{{</* version-warning type=\"new\" */>}}` now.\n\n```\n{{%/* figure src=\"x\" */%}} and {{</* y */>}}\n```\n",
			[]string{"<code>{{&lt; version-warning type=&quot;new&quot; &gt;}}</code> now.", "<pre><code>{{% figure src=&quot;x&quot; %}} and {{&lt; y &gt;}}\n</code></pre>"}, nil, nil},
		{"escaped in text", "Write {{%/* hint */%}} or {{</* x a=\"b\" */>}} there.\n",
			[]string{"<p>Write {{% hint %}} or {{&lt; x a=&quot;b&quot; &gt;}} there.</p>"}, nil, nil},
		{"in code it stays", "```\n{{< hint >}}\n```\n", []string{"{{&lt; hint &gt;}}"}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var warnings []string
			// Raw HTML shown, and the HTML block parser as package markup
			// sets it up for Hugo sites (WithHTMLBlocks).
			md := goldmark.New(goldmark.WithRendererOptions(html.WithUnsafe()))
			md.SetParser(parser.NewParser(parser.WithBlockParsers(WithHTMLBlocks(parser.DefaultBlockParsers())...),
				parser.WithInlineParsers(parser.DefaultInlineParsers()...), parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...)))
			Extension{Warn: func(_ parser.Context, off int, msg string) { warnings = append(warnings, msg) }, PageLinks: []string{"link"}}.Extend(md)
			src := []byte(tt.src)
			doc := md.Parser().Parse(text.NewReader(src))
			var b bytes.Buffer
			if err := md.Renderer().Render(&b, src, doc); err != nil {
				t.Fatal(err)
			}
			html := b.String()
			rest := html
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("html %q lacks %q (in order)", html, w)
				}
				rest = rest[i+len(w):]
			}
			// Shown as written only in code, or escaped ({{</* x */>}}, the
			// cases named "escaped").
			if !strings.Contains(tt.name, "escaped") && (strings.Contains(html, "{{&lt;") != strings.Contains(tt.name, "code") || strings.Contains(html, "{{%")) {
				t.Errorf("shortcode printed: %s", html)
			}
			var links []string
			_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
				switch n := n.(type) {
				case *ast.Link:
					if entering {
						links = append(links, string(n.Destination))
					}
				case *ast.Image:
					if entering {
						links = append(links, string(n.Destination))
					}
				}
				return ast.WalkContinue, nil
			})
			if fmt.Sprint(links) != fmt.Sprint(tt.links) && !(len(links) == 0 && len(tt.links) == 0) {
				t.Errorf("links = %q, want %q", links, tt.links)
			}
			if fmt.Sprint(warnings) != fmt.Sprint(tt.warnings) && !(len(warnings) == 0 && len(tt.warnings) == 0) {
				t.Errorf("warnings = %q, want %q", warnings, tt.warnings)
			}
		})
	}
}

func TestParseCall(t *testing.T) {
	c, ok := parseCall([]byte(`{{< hint type="a b" warning title=` + "`x y`" + ` >}} rest`))
	if !ok || c.name != "hint" || c.closing || c.named["type"] != "a b" || c.named["title"] != "x y" || len(c.pos) != 1 || c.pos[0] != "warning" {
		t.Errorf("parseCall = %+v, %v", c, ok)
	}
	if c, ok := parseCall([]byte(`{{% /notice %}}`)); !ok || !c.closing || c.name != "notice" {
		t.Errorf("closing = %+v, %v", c, ok)
	}
	for _, bad := range []string{"{{ x }}", "{{< >}}", "{{< hint", "{% x %}"} {
		if _, ok := parseCall([]byte(bad)); ok {
			t.Errorf("parseCall(%q) ok", bad)
		}
	}
}

// TestOneLinePaired is issue 31: a paired shortcode whose content and
// closing tag are on its opening line renders as the multi-line form does.
// Hugo reads content between the tags wherever the lines break
// (https://gohugo.io/methods/shortcode/inner/): "Returns the content
// between opening and closing shortcode tags, applicable when the
// shortcode call includes a closing tag." and "Content between opening
// and closing shortcode tags may include leading and/or trailing
// newlines, depending on placement within the Markdown."
func TestOneLinePaired(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // parts of the HTML, in order
	}{
		{"tab", "{{< tab \"A\" >}}text **here**{{< /tab >}}\n\nAfter.\n",
			[]string{`<details class="callout callout-tab" open><summary class="callout-title">A</summary>`, "<p>text <strong>here</strong></p>", "</details>", "<p>After.</p>"}},
		{"tabs of one-line tabs", "{{< tabs >}}\n{{< tab \"A\" >}}one{{< /tab >}}\n{{< tab \"B\" >}}two{{< /tab >}}\n{{< /tabs >}}\n",
			[]string{`<div class="shortcode-tabs">`, `>A</summary>`, "<p>one</p>", "</details>", `>B</summary>`, "<p>two</p>", "</details>", "</div>"}},
		{"hint with percent", "{{% hint info %}}Careful{{% /hint %}}\nNext line.\n",
			[]string{`<div class="callout callout-info" role="note">`, "<p>Careful</p>", "</div>", "<p>Next line.</p>"}},
		{"empty", "{{< tab \"E\" >}}{{< /tab >}}\n", []string{`>E</summary>`, "</details>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var warnings []string
			md := goldmark.New(goldmark.WithExtensions(Extension{Warn: func(_ parser.Context, off int, msg string) {
				warnings = append(warnings, msg)
			}}))
			var b bytes.Buffer
			if err := md.Convert([]byte(tt.src), &b); err != nil {
				t.Fatal(err)
			}
			html := b.String()
			rest := html
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("html %q lacks %q (in order)", html, w)
				}
				rest = rest[i+len(w):]
			}
			if strings.Contains(html, "{{") || len(warnings) > 0 {
				t.Errorf("shortcode printed or warned about: %q, %q", html, warnings)
			}
		})
	}
}

// TestRefToURL is issue 31: ref and relref name a page of the site
// (https://gohugo.io/content-management/cross-references/: "The ref and
// relref shortcodes require a single argument: the path to a content
// document, with or without a file extension, with or without an
// anchor."); a URL given instead (which became the link
// "https://x.example.md") is an error at its position, and no link is
// made of it.
func TestRefToURL(t *testing.T) {
	tests := []struct{ name, src, text string }{
		{"alone", "See {{< ref \"https://x.example\" >}} now.\n", "See  now."},
		{"in a link", "See [the site]({{< relref \"http://x.example/a#b\" >}}) now.\n", "See the site now."},
		{"mailto", "{{< ref \"mailto:a@x.example\" >}}\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var errs []string
			md := goldmark.New(goldmark.WithExtensions(Extension{
				Warn: func(_ parser.Context, off int, msg string) { t.Errorf("warning %q", msg) },
				Fail: func(_ parser.Context, off int, msg string) { errs = append(errs, fmt.Sprintf("%d: %s", off, msg)) },
			}))
			src := []byte(tt.src)
			doc := md.Parser().Parse(text.NewReader(src))
			var b bytes.Buffer
			if err := md.Renderer().Render(&b, src, doc); err != nil {
				t.Fatal(err)
			}
			at := strings.Index(tt.src, "{{<")
			if len(errs) != 1 || !strings.HasPrefix(errs[0], fmt.Sprint(at)+": ") || !strings.Contains(errs[0], "not a URL") {
				t.Errorf("errors %q, want one at offset %d saying it takes a page's path, not a URL", errs, at)
			}
			_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
				if l, ok := n.(*ast.Link); ok && entering {
					t.Errorf("a link to %q", l.Destination)
				}
				return ast.WalkContinue, nil
			})
			if got := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(b.String()), "<p>"), "</p>")); got != tt.text {
				t.Errorf("html %q, want the text %q", b.String(), tt.text)
			}
		})
	}
}
