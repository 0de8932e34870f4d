package kramdown

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

func convert(t *testing.T, src string) (string, ast.Node) {
	t.Helper()
	md := goldmark.New(goldmark.WithExtensions(Extension{SafeClasses: map[string]bool{"note": true}}, extension.Typographer),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()))
	doc := md.Parser().Parse(text.NewReader([]byte(src)))
	var b bytes.Buffer
	if err := md.Renderer().Render(&b, []byte(src), doc); err != nil {
		t.Fatal(err)
	}
	return b.String(), doc
}

func TestAttributeLists(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // parts of the HTML
		ids       []string // block ids in the tree
	}{
		{"heading id", "## Combat\n{: #fight }\n", []string{`<h2 id="fight">Combat</h2>`}, []string{"fight"}},
		{"heading no_toc", "# Title\n{: .no_toc }\n\nText\n", []string{`<h1 id="title">Title</h1>`, "<p>Text</p>"}, []string{"title"}},
		{"safe class kept, others dropped", "Para.\n{: .note .text-delta #p1}\n", []string{`<p id="p1" class="note">Para.</p>`}, []string{"p1"}},
		{"before a paragraph", "{: .note }\nA paragraph.\n", []string{`<p class="note">A paragraph.</p>`}, nil},
		{"standalone after a paragraph", "Para.\n\n{: .note}\n", []string{`<p class="note">Para.</p>`}, nil},
		{"toc list removed", "## Contents\n\n1. TOC\n{:toc}\n\nAfter.\n", []string{"<p>After.</p>"}, []string{"contents"}},
		{"toc list with a bullet", "* TOC\n{:toc}\n", []string{""}, nil},
		{"span list at the end", "**bold**{: .x}\n", []string{"<p><strong>bold</strong></p>"}, nil},
		{"span list in the middle", "a *b*{: .x} c\n", []string{"<p>a <em>b</em> c</p>"}, nil},
		{"span list split by the typographer", "[Go](#x){: .btn .fs-5 .mb-md-0 } [Hub](#y){: .btn .mb-4 }\n", []string{`<p><a href="#x">Go</a> <a href="#y">Hub</a></p>`}, nil},
		{"braces that are not a list", "Set {a, b} and {:x}y\n", []string{"<p>Set {a, b} and y</p>"}, nil},
		// Issue 31: a span list's id (and safe classes) go to the element
		// right before it, never shown as text. kramdown's syntax
		// (https://kramdown.gettalong.org/syntax.html#span-ials): "A span
		// IAL (or two or more span IALs) has to be put directly after the
		// span-level element to which it should be applied, no additional
		// character is allowed between, otherwise it is ignored and only
		// removed from the output."
		{"span list with an id", "**x**{: #id}\n", []string{`<p><strong id="id">x</strong></p>`}, []string{"id"}},
		{"span lists one after another", "This *is*{:.underline} some `code`{:#cid}{:.note}.\n",
			[]string{`<p>This <em>is</em> some <code id="cid" class="note">code</code>.</p>`}, []string{"cid"}},
		{"a link's id", "A [link](t.html){: #lid .note} here\n", []string{`<a href="t.html" id="lid" class="note">link</a>`}, []string{"lid"}},
		{"after text: removed, not applied", "plain{: #no} and *x* {: #gap}\n", []string{"<p>plain and <em>x</em> </p>"}, nil},
		{"in code it stays", "`a{: #k}` x\n", []string{"<code>a{: #k}</code>"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			html, doc := convert(t, tt.src)
			if strings.Contains(html, "{:") && !strings.Contains(tt.name, "code") {
				t.Errorf("attribute list printed: %s", html)
			}
			for _, w := range tt.want {
				if !strings.Contains(html, w) {
					t.Errorf("html %q lacks %q", html, w)
				}
			}
			if strings.Contains(tt.name, "toc") && strings.Contains(html, "TOC") {
				t.Errorf("toc list kept: %s", html)
			}
			var ids []string
			_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
				if v, ok := n.AttributeString("id"); ok && entering {
					ids = append(ids, string(v.([]byte)))
				}
				return ast.WalkContinue, nil
			})
			if strings.Join(ids, ",") != strings.Join(tt.ids, ",") {
				t.Errorf("ids = %q, want %q", ids, tt.ids)
			}
		})
	}
}

// TestSpanIDsOfLines: the ids an outline reads from a line are those the
// rendered page has (TestAttributeLists), and a line stripped of its span
// lists keeps the rest.
func TestSpanIDsOfLines(t *testing.T) {
	tests := []struct{ line, ids, stripped string }{
		{"**x**{: #id}", "id", "**x**"},
		{"This *is*{:.underline} some `code`{:#cid}{:.note}.", "cid", "This *is* some `code`."},
		{"A [link](t.html){: #lid .note} here", "lid", "A [link](t.html) here"},
		{"plain{: #no} and *x* {: #gap}", "", "plain and *x* "},
		{"Set {a, b} and {:x}y {: #open", "", "Set {a, b} and y {: #open"},
	}
	for _, tt := range tests {
		if got := strings.Join(SpanIDs([]byte(tt.line)), ","); got != tt.ids {
			t.Errorf("SpanIDs(%q) = %q, want %q", tt.line, got, tt.ids)
		}
		if got := string(StripSpanIALs([]byte(tt.line))); got != tt.stripped {
			t.Errorf("StripSpanIALs(%q) = %q, want %q", tt.line, got, tt.stripped)
		}
		html, doc := convert(t, tt.line+"\n")
		var ids []string
		_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if v, ok := n.AttributeString("id"); ok && entering {
				ids = append(ids, string(v.([]byte)))
			}
			return ast.WalkContinue, nil
		})
		if got := strings.Join(ids, ","); got != tt.ids {
			t.Errorf("%q renders ids %q (%s), the outline reads %q", tt.line, got, html, tt.ids)
		}
	}
}

// TestAttrList: Python-Markdown's attr_list, as MkDocs' markdown_extensions
// lists it (https://python-markdown.github.io/extensions/attr_list/), in
// the same extension as kramdown's lists (AttrList): "An example
// attribute list might look like this: {: #someid .someclass somekey='some
// value' }"; "the colon after the curly brace is optional"; "To define
// attributes for a block level element, the attribute list should be
// defined on the last line of the block by itself"; "To define attributes
// on inline elements, the attribute list should be defined immediately
// after the inline element with no white space". A key=value pair is
// kept when the sanitiser (Attr) allows it on that element; never an on*
// handler or a style.
func TestAttrList(t *testing.T) {
	allow := func(elem, key, val string) bool {
		return elem == "img" && (key == "width" || key == "height") || elem == "a" && key == "target" && val == "_blank" || key == "title"
	}
	md := goldmark.New(goldmark.WithExtensions(Extension{SafeClasses: map[string]bool{"note": true}, AttrList: true, Attr: allow}, extension.Typographer),
		goldmark.WithParserOptions(parser.WithAutoHeadingID(), parser.WithHeadingAttribute()))
	tests := []struct {
		name, src string
		want      string
	}{
		{"image width", `![A](a.png){ width="50%" }` + "\n", `<p><img src="a.png" alt="A" width="50%"></p>`},
		{"image width, colon, single quotes", "![A](a.png){: width='300' height=200 }\n", `<p><img src="a.png" alt="A" width="300" height="200"></p>`},
		{"link target", "[link](x){ target=_blank }\n", `<p><a href="x" target="_blank">link</a></p>`},
		{"heading id and class", "## H {#id .note}\n", `<h2 id="id" class="note">H</h2>`},
		{"heading with a colon", "## H {: #hid }\n", `<h2 id="hid">H</h2>`},
		{"paragraph: last line by itself", "Some text\n{: .note title=\"T\" }\n", `<p title="T" class="note">Some text</p>`},
		{"emphasis", "a *b*{: .note } c\n", `<p>a <em class="note">b</em> c</p>`},
		{"handler and style dropped", `![A](a.png){ onerror="alert(1)" style="x" width=10 }` + "\n", `<p><img src="a.png" alt="A" width="10"></p>`},
		{"href not replaced", `[a](b){ href="javascript:alert(1)" }` + "\n", `<p><a href="b">a</a></p>`},
		{"braces after text stay text", "Set {a, b} and x {.note}\n", `<p>Set {a, b} and x {.note}</p>`},
		{"alone in a paragraph: text (the block rule needs a line before)", "Para.\n\n{: .note}\n", `<p>Para.</p>` + "\n" + `<p>{: .note}</p>`},
		{"no {:toc} in attr_list", "1. TOC\n{:toc}\n", `TOC`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := md.Convert([]byte(tt.src), &b); err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(b.String()); got != tt.want && !(tt.name == "no {:toc} in attr_list" && strings.Contains(got, tt.want)) {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}
