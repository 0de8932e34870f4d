package site

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
)

// Link previews (Config.LinkPreviews): a link to another page of the site
// shows a preview of its target on hover, a long press or a key
// (static/js/site.js). Each page that may be previewed has its previews in
// a small file beside it, made while it renders from its own HTML
// (markup.PreviewIndex), which the script fetches the first time a link
// to the page is previewed and the service worker caches with the rest
// of the site. It holds the page's top and each part of it that a link of
// the site leads to (the link graph's fragments, backlinks.go), and only
// those: a link to a part it does not hold (from another site) shows the
// top.
//
//	/rules/combat/preview.json
//	{"v": 1, "t": "Combat",                          // the format, the page's title
//	 "s": {"": ["", "<p>…</p>"],                     // its top: its first blocks
//	       "cover": ["Cover", "<p>…</p>"],           // a section: its heading and first blocks
//	       "^table-1": ["", "<div class=…>…</div>"]}} // a block with an id
//
// A page that is not published has none (it is never rendered, and a
// --drafts preview build gives its drafts none either), and neither does
// an unlisted page, a generated copy of other pages or the 404 page: no
// preview shows what a reader is not meant to find. A file
// of the site already at that name (a static or content file) wins, and
// the page has no previews.

// previewFile is the name of a page's previews file, in its folder.
const previewFile = "preview.json"

// previewFormat is the version of the previews file's format, which
// js/site.js reads.
const previewFormat = 1

// previewSize is about the size of one preview in a previews file, to
// size its buffer.
const previewSize = 1500

// previews reports whether page p gets a previews file.
func (s *Site) previews(p *content.Page) bool {
	return s.Cfg.LinkPreviews && p.Unlisted == "" && p.Unpublished == "" && !p.Copy && p != s.NotFound &&
		(strings.HasSuffix(p.SitePath, "/") || strings.HasSuffix(p.SitePath, ".html"))
}

// previewPath is the output path of page p's previews file: preview.json
// in its folder, or for a page published as a file (VitePress's
// /guide/intro.html) beside it, named as it is (guide/intro.preview.json);
// static/js/site.js finds it by the same rule.
func previewPath(p *content.Page) string {
	if stem, ok := strings.CutSuffix(p.SitePath, ".html"); ok {
		return strings.TrimPrefix(stem, "/") + "." + previewFile
	}
	return strings.TrimPrefix(p.SitePath, "/") + previewFile
}

// writePreviews writes page p's previews file: the previews of its top
// and of each part of it other pages link to (Site.frags), cut from its
// body's HTML by its index.
func (s *Site) writePreviews(ctx context.Context, out fileWriter, taken func(rel string) bool, p *content.Page, html string, px *markup.PreviewIndex) error {
	if ctx.Err() != nil {
		return nil
	}
	rel := previewPath(p)
	if _, file := s.FilesByURL["/"+rel]; file || taken(rel) {
		return nil // a file of the site's own
	}
	ids := append([]string{""}, s.Frags[p]...) // the top, then each part linked to, once, in order
	slices.Sort(ids)
	ids = slices.Compact(ids)
	b := make([]byte, 0, 256+len(ids)*previewSize)
	b = append(b, `{"v":`...)
	b = strconv.AppendInt(b, previewFormat, 10)
	b = append(b, `,"t":`...)
	b = appendJSONString(b, p.Title)
	b = append(b, `,"s":{`...)
	n := 0
	for _, id := range ids {
		v, ok := px.Preview(html, id)
		if !ok {
			continue
		}
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = appendJSONString(b, id)
		b = append(b, ":["...)
		b = appendJSONString(b, v.Heading)
		b = append(b, ',')
		b = appendJSONString(b, v.HTML)
		b = append(b, ']')
	}
	b = append(b, "}}\n"...)
	if err := out.Write(rel, b); err != nil {
		return fmt.Errorf("write %s: %w", rel, err)
	}
	return nil
}
