// Package rawhtml keeps the raw HTML of Markdown pages where it is safe:
// an allowlist (github.com/microcosm-cc/bluemonday, the maintained Go
// sanitizer) passes what rules texts use (details and summary, sup, sub,
// kbd, br, span and div with id and class, tables, images, audio and
// links with safe URLs, text-level markup, the sectioning elements,
// microdata and ARIA attributes, progress and meter, inline styles'
// presentational properties) and drops the rest (scripts, event handlers,
// positioning and url() in styles, iframes, forms, javascript: and data:
// URLs), each removal named so the page can say what it lost and where
// (but for kramdown's markdown attribute, which kramdown does not write
// either).
package rawhtml

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/aymerick/douceur/parser"
	"github.com/microcosm-cc/bluemonday"
	"github.com/microcosm-cc/bluemonday/css"
	"golang.org/x/net/html"
)

// styleProperties are the CSS properties an inline style keeps, each
// value checked by bluemonday's handler for that property: what sets out
// text, boxes, tables, flex and grid rows and columns. Left out, and so
// removed with a warning: what takes a url() (background, background-image,
// list-style-image, border-image, cursor) and what can lift an element
// over the page's own frame or out of its flow (position, top, right,
// bottom, left, z-index, transform, clip, filter), or animates.
var styleProperties = []string{
	"color", "background-color", "opacity", "visibility",
	"font-family", "font-size", "font-style", "font-variant", "font-weight", "line-height", "letter-spacing", "word-spacing",
	"text-align", "text-decoration", "text-indent", "text-transform", "text-shadow", "vertical-align", "white-space",
	"word-break", "overflow-wrap", "hyphens", "direction",
	"display", "float", "clear", "box-sizing", "overflow", "overflow-x", "overflow-y",
	"width", "height", "min-width", "max-width", "min-height", "max-height", "object-fit",
	"margin", "margin-top", "margin-right", "margin-bottom", "margin-left",
	"padding", "padding-top", "padding-right", "padding-bottom", "padding-left",
	"border", "border-top", "border-right", "border-bottom", "border-left", "border-color", "border-style", "border-width",
	"border-radius", "border-collapse", "border-spacing", "box-shadow", "outline",
	"flex", "flex-direction", "flex-wrap", "flex-flow", "flex-grow", "flex-shrink", "flex-basis", "order",
	"justify-content", "align-items", "align-self", "column-gap", "grid-gap",
	"grid-template-columns", "grid-template-rows", "grid-column", "grid-row",
	"columns", "column-count", "column-width", "column-rule",
	"list-style-type", "list-style-position", "table-layout", "caption-side", "empty-cells",
}

// gapValue is what CSS's gap shorthand may say ("row-gap column-gap",
// https://www.w3.org/TR/css-align-3/#gap-shorthand), which bluemonday has
// no handler of its own for: one or two values each a column gap may be.
func gapValue(v string) bool {
	f := strings.Fields(v)
	return (len(f) == 1 || len(f) == 2) && !slices.ContainsFunc(f, func(s string) bool { return !css.ColumnGapHandler(s) })
}

// alignValue is what an align attribute may say.
var alignValue = regexp.MustCompile(`^(?i:left|right|center|justify|top|middle|bottom)$`)

// nameValue is what an anchor's name may say: a fragment's word, no
// space (a name with one is no valid fragment and is dropped).
var nameValue = regexp.MustCompile(`^[\p{L}\p{N}_.:-]+$`)

// targetValue is what a link's target attribute may say.
var targetValue = regexp.MustCompile(`^_(blank|self|parent|top)$`)

// Sanitizer cleans raw HTML. One value serves every page, concurrently
// (bluemonday policies are safe for concurrent use once built).
type Sanitizer struct{ p *bluemonday.Policy }

// New returns the sanitizer.
func New() *Sanitizer {
	p := bluemonday.NewPolicy()
	p.AllowStandardURLs() // http, https, mailto and relative URLs that parse
	p.RequireNoFollowOnLinks(false)
	p.AllowElements(
		"details", "summary", "sup", "sub", "kbd", "br", "span", "div", "p", "hr",
		"b", "i", "em", "strong", "u", "s", "del", "ins", "small", "mark", "abbr", "cite", "q", "var", "samp",
		"code", "pre", "blockquote", "ul", "ol", "li", "dl", "dt", "dd",
		"h1", "h2", "h3", "h4", "h5", "h6", "figure", "figcaption", "center",
		"table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "colgroup", "col",
	)
	p.AllowAttrs("id", "class", "title", "lang", "dir").Globally()
	p.AllowAttrs("open").OnElements("details")
	p.AllowAttrs("href").OnElements("a")
	// <a name="x"></a>, the place a link to #x goes ("an a element … that
	// has a name attribute whose value is equal to fragment",
	// https://html.spec.whatwg.org/multipage/browsing-the-web.html#find-a-potential-indicated-element):
	// no more than the id every element may have.
	p.AllowAttrs("name").Matching(nameValue).OnElements("a")
	// A link that opens in another window ({ target=_blank }, MkDocs'
	// attr_list): a browsing context's name is harmless.
	p.AllowAttrs("target").Matching(targetValue).OnElements("a")
	p.AllowAttrs("src", "alt", "width", "height", "loading").OnElements("img")
	p.AllowAttrs("colspan", "rowspan", "scope", "headers", "align").OnElements("th", "td")
	// GitHub keeps align (its html-pipeline sanitizer allows it on every
	// element): <p align="center"><img …></p> heads many READMEs.
	p.AllowAttrs("align").Matching(alignValue).OnElements("p", "div", "img", "h1", "h2", "h3", "h4", "h5", "h6", "table")
	p.AllowAttrs("span").OnElements("col", "colgroup")
	p.AllowAttrs("start", "reversed", "type").OnElements("ol")
	p.AllowAttrs("cite").OnElements("blockquote", "q")
	// What a Jekyll layout writes (minima's post layout) and runs
	// nothing: the sectioning elements, time with its datetime,
	// microdata, ARIA and hidden (eval12B NB3); audio and video from a
	// URL an image may have, with the browser's own controls.
	p.AllowElements("article", "section", "header", "footer", "nav", "aside", "time")
	p.AllowAttrs("datetime").OnElements("time")
	p.AllowAttrs("itemprop", "itemscope", "itemtype", "role", "hidden").Globally()
	p.AllowAttrs("aria-hidden", "aria-label", "aria-labelledby", "aria-describedby", "aria-current", "aria-expanded").Globally()
	p.AllowAttrs("src", "controls", "preload", "loop", "muted").OnElements("audio", "video")
	p.AllowAttrs("src", "type").OnElements("source")
	p.AllowStyles(styleProperties...).Globally()
	p.AllowStyles("gap").MatchingHandler(gapValue).Globally()
	// A progress bar and a gauge show a number and run nothing (a
	// character's skill tracks in a campaign wiki).
	p.AllowElements("progress", "meter")
	p.AllowAttrs("value", "max").OnElements("progress", "meter")
	p.AllowAttrs("min", "low", "high", "optimum").OnElements("meter")
	return &Sanitizer{p: p}
}

// Sanitize returns s with what the allowlist does not hold removed, and
// what was removed ("<script>", "onclick on <a>"), once each. HTML
// comments go without a word.
//
// A space in a link's or an image's URL is percent-encoded first, as a
// browser requests it (see encodeSpaces).
func (z *Sanitizer) Sanitize(s string) (clean string, removed []string) {
	s = encodeSpaces(s)
	clean = z.p.Sanitize(s)
	if clean == s {
		return clean, nil
	}
	add := func(what string) {
		if !slices.Contains(removed, what) {
			removed = append(removed, what)
		}
	}
	tz := html.NewTokenizer(strings.NewReader(s))
	for {
		tt := tz.Next()
		if tt == html.ErrorToken {
			break
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		tok := tz.Token()
		kept, ok := z.one(tok)
		if !ok {
			what := "<" + tok.Data + ">"
			for _, a := range tok.Attr {
				// A link or image whose only URL is unsafe goes whole.
				if (a.Key == "href" && tok.Data == "a") || (a.Key == "src" && tok.Data == "img") {
					what = fmt.Sprintf("%s=%q on <%s>", a.Key, a.Val, tok.Data)
				}
			}
			add(what)
			continue
		}
		for _, a := range tok.Attr {
			// kramdown's and md_in_html's markdown="1": how to parse the
			// content, which neither writes out.
			if a.Key == "markdown" {
				continue
			}
			if a.Key == "style" {
				for _, prop := range lostStyles(a.Val, kept.Attr) {
					add(prop + " in style on <" + tok.Data + ">")
				}
				continue
			}
			if !slices.ContainsFunc(kept.Attr, func(k html.Attribute) bool { return k.Key == a.Key }) {
				if a.Key == "href" || a.Key == "src" {
					add(fmt.Sprintf("%s=%q on <%s>", a.Key, a.Val, tok.Data))
				} else {
					add(fmt.Sprintf("%s on <%s>", a.Key, tok.Data))
				}
			}
		}
	}
	return clean, removed
}

// removal reads what Sanitize says it removed: "<section>", "style on
// <hr>", `href="javascript:x" on <a>`, "position in style on <p>".
var removal = regexp.MustCompile(`^(?:(?:[A-Za-z-]+ in )?([A-Za-z-]+)(?:="[^"]*")? on )?<([A-Za-z0-9-]+)>$`)

// RemovedFrom reads one of Sanitize's removals back: the element it was
// on and the attribute ("" for the element itself); ok is false for text
// Sanitize does not write.
func RemovedFrom(what string) (elem, attr string, ok bool) {
	m := removal.FindStringSubmatch(what)
	if m == nil {
		return "", "", false
	}
	return m[2], m[1], true
}

// lostStyles returns the properties of the inline style written that the
// kept attributes' style no longer holds, in the order written; a style
// that does not parse as CSS declarations is lost whole ("style").
func lostStyles(written string, kept []html.Attribute) []string {
	decs, err := parser.ParseDeclarations(written)
	if err != nil {
		return []string{"style"}
	}
	var left []string
	if i := slices.IndexFunc(kept, func(a html.Attribute) bool { return a.Key == "style" }); i >= 0 {
		if ds, err := parser.ParseDeclarations(kept[i].Val); err == nil {
			for _, d := range ds {
				left = append(left, strings.ToLower(d.Property))
			}
		}
	}
	var lost []string
	for _, d := range decs {
		if p := strings.ToLower(d.Property); !slices.Contains(left, p) && !slices.Contains(lost, p) {
			lost = append(lost, p)
		}
	}
	return lost
}

// Allows reports whether the attribute key="val" is kept on an element
// elem by the allowlist: the rule for the attributes an attribute list
// of Markdown sets (package kramdown), as for raw HTML's.
func (z *Sanitizer) Allows(elem, key, val string) bool {
	tok := html.Token{Type: html.StartTagToken, Data: elem, Attr: []html.Attribute{{Key: key, Val: val}}}
	if elem == "img" {
		tok.Attr = append(tok.Attr, html.Attribute{Key: "src", Val: "a.png"}) // an image without a source goes whole
	}
	if elem == "a" && key != "href" {
		tok.Attr = append(tok.Attr, html.Attribute{Key: "href", Val: "a"})
	}
	kept, ok := z.one(tok)
	if ok && key == "style" {
		// Kept as written when every property it sets is kept.
		return len(lostStyles(val, kept.Attr)) == 0
	}
	return ok && slices.ContainsFunc(kept.Attr, func(a html.Attribute) bool { return a.Key == key && a.Val == val })
}

// one sanitizes a single start tag, returning what is left of it.
func (z *Sanitizer) one(tok html.Token) (html.Token, bool) {
	out := z.p.Sanitize(tok.String())
	tz := html.NewTokenizer(strings.NewReader(out))
	for {
		switch tz.Next() {
		case html.ErrorToken:
			return html.Token{}, false
		case html.StartTagToken, html.SelfClosingTagToken:
			return tz.Token(), true
		}
	}
}

// IDs returns the id attributes of the elements of an HTML fragment, and
// the names of its <a name> anchors: the places a link's fragment finds.
func IDs(s string) []string {
	var ids []string
	tz := html.NewTokenizer(strings.NewReader(s))
	for {
		tt := tz.Next()
		if tt == html.ErrorToken {
			return ids
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		tok := tz.Token()
		for _, a := range tok.Attr {
			if (a.Key == "id" || a.Key == "name" && tok.Data == "a") && a.Val != "" {
				ids = append(ids, a.Val)
			}
		}
	}
}

// HasH1 reports whether an HTML fragment has an <h1> start tag.
func HasH1(s string) bool {
	if !strings.Contains(s, "1") { // every <h1> has one
		return false
	}
	tz := html.NewTokenizer(strings.NewReader(s))
	for {
		switch tz.Next() {
		case html.ErrorToken:
			return false
		case html.StartTagToken:
			if name, _ := tz.TagName(); string(name) == "h1" {
				return true
			}
		}
	}
}

// DemoteHeadings returns an HTML fragment with its headings one level
// down, as a page's Markdown headings go when it has a level-1 one (an
// <h1> becomes an <h2>, an <h6> stays one), every other byte as written.
func DemoteHeadings(s string) string {
	var b strings.Builder
	tz := html.NewTokenizer(strings.NewReader(s))
	for {
		tt := tz.Next()
		if tt == html.ErrorToken {
			return b.String()
		}
		// A copy: Raw is valid until the next call, and TagName lower-cases
		// the tokenizer's buffer in place.
		raw := append([]byte(nil), tz.Raw()...)
		if tt == html.StartTagToken || tt == html.EndTagToken {
			if name, _ := tz.TagName(); len(name) == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '5' {
				// The level is the first digit of the tag as written:
				// "<h1", "</H1".
				i := strings.IndexAny(string(raw), "12345")
				b.Write(raw[:i])
				b.WriteByte(raw[i] + 1)
				b.Write(raw[i+1:])
				continue
			}
		}
		b.Write(raw)
	}
}

// encodeSpaces returns s with the spaces inside the href of an <a> and the
// src of an <img> percent-encoded (%20) and those around it trimmed, as a
// browser's URL parser does (the path and query percent-encode sets hold
// U+0020, https://url.spec.whatwg.org/#path-percent-encode-set), so that
// `<img src="quad types.svg">`, which GitHub and browsers show, is a URL
// the allowlist passes. Tags without such a space are kept byte for byte.
func encodeSpaces(s string) string {
	if !strings.Contains(s, " ") || !strings.Contains(s, "=") {
		return s
	}
	return EditTags(s, func(tok *html.Token) bool {
		edited := false
		for i, a := range tok.Attr {
			if a.Namespace == "" && (tok.Data == "a" && a.Key == "href" || tok.Data == "img" && a.Key == "src") && strings.Contains(a.Val, " ") {
				tok.Attr[i].Val = strings.ReplaceAll(strings.TrimSpace(a.Val), " ", "%20")
				edited = true
			}
		}
		return edited
	})
}

// EditTags passes each start tag of the HTML s to edit, which may change
// the token's attributes and says whether it did: an edited tag is
// written again from the token, every other byte of s is kept as written
// (s itself when edit changed nothing).
func EditTags(s string, edit func(tok *html.Token) bool) string {
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(s))
	changed := false
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		raw := z.Raw()
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			b.Write(raw)
			continue
		}
		raw = slices.Clone(raw) // Token reuses the tokenizer's buffer
		tok := z.Token()
		if !edit(&tok) {
			b.Write(raw)
			continue
		}
		b.WriteString(tok.String())
		changed = true
	}
	if !changed {
		return s
	}
	return b.String()
}

// Removed is the warning of a removal the sanitizer made (what, as
// Sanitize names it) in raw HTML of the kind named ("raw HTML"); hint
// says which setting keeps all raw HTML.
func Removed(kind, what, hint string) string {
	return fmt.Sprintf("%s: %s removed (not safe to publish; %s keeps all raw HTML)", kind, what, hint)
}
