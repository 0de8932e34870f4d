package markup

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/net/html"

	"d6codex/cmd/sitegen/internal/markup/rawhtml"
)

// rawLinkAttrs are the attributes of raw HTML that hold a link or an
// image a page's LinkResolver checks and rewrites (Options.RawHTMLLinks):
// the ones the sanitizer keeps. rawImageAttrs are those of images alone
// (Options.RawHTMLImages).
var (
	rawLinkAttrs  = map[string]string{"a": "href", "img": "src"}
	rawImageAttrs = map[string]string{"img": "src"}
)

// resolveRawLinks checks and rewrites the links and images of a piece of
// raw HTML (a block, or one tag of a paragraph) through links, as
// linkTransformer does for Markdown's: `<img src="images/logo.png">` in a
// README is the picture beside it wherever the page is published. Tags it
// does not change are kept byte for byte. report receives each broken
// one (an error), and each to what is not published (a warning: the
// attribute is dropped, so the tag links nowhere). attrs are the tags and
// attributes read (rawLinkAttrs or rawImageAttrs).
func resolveRawLinks(raw string, attrs map[string]string, links LinkResolver, report func(msg string, warning bool)) string {
	if !strings.Contains(raw, "=") {
		return raw
	}
	return rawhtml.EditTags(raw, func(tok *html.Token) bool {
		attr, ok := attrs[tok.Data]
		if !ok {
			return false
		}
		edited := false
		for i, a := range tok.Attr {
			if a.Namespace != "" || a.Key != attr || strings.TrimSpace(a.Val) == "" {
				continue
			}
			tg := resolveTarget(links, strings.TrimSpace(a.Val))
			what := "link"
			if tok.Data == "img" {
				what = "image"
			}
			if tg.Problem != "" {
				report(fmt.Sprintf("broken %s %q: %s", what, a.Val, tg.Problem), false)
				if tg.URL != "" && tg.URL != a.Val { // where it goes all the same (LinkTarget.Problem)
					tok.Attr[i].Val, edited = tg.URL, true
				}
				continue
			}
			dest := tg.URL
			if tg.Unlinked != "" { // to what is not published: the tag goes, its text stays
				report(fmt.Sprintf("unpublished %s %q: %s", what, a.Val, tg.Unlinked), true)
				tok.Attr = slices.Delete(tok.Attr, i, i+1)
				return true
			}
			if dest != a.Val {
				tok.Attr[i].Val, edited = dest, true
			}
		}
		return edited
	})
}

// rawAttrs are the tags and attributes of raw HTML that the options have
// checked and rewritten; nil for none.
func (o Options) rawAttrs() map[string]string {
	switch {
	case o.RawHTMLLinks:
		return rawLinkAttrs
	case o.RawHTMLImages:
		return rawImageAttrs
	}
	return nil
}
