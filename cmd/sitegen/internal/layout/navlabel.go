package layout

import (
	"strings"

	"golang.org/x/net/html"

	"d6codex/cmd/sitegen/internal/markup/rawhtml"
)

// NavLabel reads a navigation label that its tool's theme writes as HTML
// (LabelText): text is what a reader sees of it, markup the inline markup
// sitegen shows ("" for a label without any). Only phrasing elements stay
// (inlineTags: a block or a link inside a link's label is its text alone),
// then z, sitegen's raw-HTML policy, cleans them, as for a page's raw
// HTML; removed lists what it removed, for the layout to note. z may be
// nil when s holds no "<".
func NavLabel(s string, z *rawhtml.Sanitizer) (text, markup string, removed []string) {
	text = LabelText(s)
	if !strings.Contains(s, "<") || z == nil {
		return text, "", nil
	}
	inline := inlineHTML(s)
	if !strings.Contains(inline, "<") {
		return text, "", nil
	}
	clean, removed := z.Sanitize(inline)
	if !strings.Contains(clean, "<") {
		return text, "", removed
	}
	return text, clean, removed
}

// inlineTags are the elements a navigation label keeps of its text's
// markup: HTML's phrasing content that is not interactive (no a, button,
// input) nor embedded (img, svg).
var inlineTags = map[string]bool{
	"b": true, "i": true, "em": true, "strong": true, "u": true, "s": true, "del": true, "ins": true,
	"small": true, "mark": true, "abbr": true, "cite": true, "q": true, "var": true, "samp": true,
	"sup": true, "sub": true, "kbd": true, "code": true, "span": true, "br": true, "bdi": true, "bdo": true,
	"time": true, "data": true, "dfn": true,
}

// inlineHTML is the HTML s with only its inlineTags elements: another
// element's tags are left out and its text kept, but a script's or a
// style's, whose text is not shown, and a component's (<Badge …/>: the
// browser does not run Vue's components), which shows nothing. Tags are written
// back as the tokenizer read them (attributes quoted, names lower case).
func inlineHTML(s string) string {
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(s))
	skip := 0 // inside <script> or <style>
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return b.String()
		}
		tok := z.Token()
		switch tt {
		case html.TextToken:
			if skip == 0 {
				b.WriteString(html.EscapeString(tok.Data))
			}
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			switch {
			case tok.Data == "script" || tok.Data == "style":
				if tt == html.StartTagToken {
					skip++
				} else if tt == html.EndTagToken && skip > 0 {
					skip--
				}
			case skip == 0 && inlineTags[tok.Data]:
				b.WriteString(tok.String())
			}
		}
	}
}

// LabelText is what a reader sees of a navigation text that its tool's
// theme writes as HTML (VitePress's sidebar, nav and docFooter texts:
// "v-html="item.text"", VPSidebarItem.vue, VPNavBarMenuLink.vue,
// VPDocFooter.vue, 1.6.4; MkDocs' nav titles, which its themes print
// unescaped): its text, the tags left out and the character references
// read ("<b>A</b> &amp; B" is "A & B"), spaces collapsed; a component in
// it (<Badge text="new" />) is an element the browser does not run, so
// nothing of it shows. Text without markup is returned as it is.
func LabelText(s string) string {
	if !strings.ContainsAny(s, "<&") {
		return s
	}
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(s))
	skip := 0 // inside <script> or <style>
	for {
		switch z.Next() {
		case html.ErrorToken:
			return strings.Join(strings.Fields(b.String()), " ")
		case html.TextToken:
			if skip == 0 {
				b.Write(z.Text())
			}
		case html.StartTagToken:
			if n, _ := z.TagName(); string(n) == "script" || string(n) == "style" {
				skip++
			}
		case html.EndTagToken:
			if n, _ := z.TagName(); (string(n) == "script" || string(n) == "style") && skip > 0 {
				skip--
			}
		}
	}
}
