package jekyll

import (
	"bytes"
	"strings"

	xhtml "golang.org/x/net/html"
)

// pageRegion is out, what one layout of a page's chain wrote, without
// the site's frame, which sitegen's theme draws: where the layout writes
// one <main> that holds the page's {{ content }} (or the layout writes no
// content), only what is inside it, since the main element "represents
// the dominant contents of the body of a document" and "should not
// include content that is repeated across documents such as site
// navigation links" (https://html.spec.whatwg.org/multipage/grouping-content.html#the-main-element);
// then without its breadcrumbs (an element whose class, id or
// aria-label names a breadcrumb and that does not hold the page's
// content), since sitegen's theme shows the page's own. Everything else
// the layout writes stays: a model's card, a monster's statistics
// (eval10B NB17: the site's menu beside <main>; eval11C NC13: a second
// breadcrumb above the model's card).
func pageRegion(out []byte) []byte {
	mark := []byte(contentMark)
	if m := elements(out, func(name string, _ []xhtml.Attribute) bool { return name == "main" }); len(m) == 1 {
		if in := out[m[0].inner[0]:m[0].inner[1]]; bytes.Contains(in, mark) || !bytes.Contains(out, mark) {
			out = in
		}
	}
	crumbs := elements(out, isBreadcrumb)
	for i := len(crumbs) - 1; i >= 0; i-- {
		c := crumbs[i].outer
		if !bytes.Contains(out[c[0]:c[1]], mark) {
			out = append(out[:c[0]:c[0]], out[c[1]:]...)
		}
	}
	return out
}

// isBreadcrumb is an element whose class, id or aria-label names a
// breadcrumb ("breadcrumbs", "Breadcrumb", "crumbs-nav").
func isBreadcrumb(_ string, attrs []xhtml.Attribute) bool {
	for _, a := range attrs {
		switch a.Key {
		case "class", "id", "aria-label":
			if strings.Contains(strings.ToLower(a.Val), "crumb") {
				return true
			}
		}
	}
	return false
}

// span is where an element is in a text: outer from its start tag's
// first byte to its end tag's last, inner its content.
type span struct{ outer, inner [2]int }

// elements are the spans of the elements of out that ok accepts, in
// order, none inside another; one not closed is not among them.
func elements(out []byte, ok func(name string, attrs []xhtml.Attribute) bool) []span {
	var found []span
	z := xhtml.NewTokenizer(bytes.NewReader(out))
	at, depth, name := 0, 0, ""
	var cur span
	for {
		tt := z.Next()
		if tt == xhtml.ErrorToken {
			return found
		}
		n := len(z.Raw())
		switch tt {
		case xhtml.StartTagToken:
			tag, hasAttr := z.TagName()
			if depth > 0 {
				if string(tag) == name {
					depth++
				}
				break
			}
			var attrs []xhtml.Attribute
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				attrs = append(attrs, xhtml.Attribute{Key: string(k), Val: string(v)})
			}
			if ok(string(tag), attrs) {
				name, depth = string(tag), 1
				cur = span{outer: [2]int{at, 0}, inner: [2]int{at + n, 0}}
			}
		case xhtml.EndTagToken:
			if tag, _ := z.TagName(); depth == 0 || string(tag) != name {
				break
			}
			if depth--; depth == 0 {
				cur.inner[1], cur.outer[1] = at, at+n
				found = append(found, cur)
			}
		}
		at += n
	}
}
