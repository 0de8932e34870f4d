package site

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"sync"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
)

// Link previews (Config.LinkPreviews): a link to another page of the site
// shows a preview of its target on hover, a long press or a key
// (static/js/site.js). Each page that may be previewed has its previews,
// made while it renders from its own HTML (markup.PreviewIndex), in one
// of a few shared files, the site's previews shards: the page's site
// path picks its shard (shardOf, the same FNV-1a hash in site.js), and
// each page says how many shards the site has (data-previews="N" on its
// body), so the script fetches the shard of a link's target the first
// time a link to it is previewed, and the service worker caches the
// shards with the rest of the site: a small index, built at build time
// and kept offline, a few dozen files where one file a page made a build
// spend a third of its system time creating files. A page's previews
// hold its top and each part of it that a link of the site leads to (the
// link graph's fragments, backlinks.go), and only those: a link to a part
// they do not hold (from another site) shows the top.
//
//	/previews/3.json
//	{"v": 2, "p": {                                       // the format, then each page of the shard by its site path
//	  "/rules/combat/": {"t": "Combat",                   // the page's title
//	    "s": {"": ["", "<p>…</p>"],                       // its top: its first blocks
//	          "cover": ["Cover", "<p>…</p>"],             // a section: its heading and first blocks
//	          "^table-1": ["", "<div class=…>…</div>"]}}, // a block with an id
//	  "/rules/magic/": {…}}}
//
// A page that is not published has none (it is never rendered, and a
// --drafts preview build gives its drafts none either), and neither does
// an unlisted page, a generated copy of other pages or the 404 page: no
// preview shows what a reader is not meant to find. A file of the site
// already at a shard's name (a static or content file) wins, and the
// pages of that shard have no previews.
//
// An incremental build keeps each page's previews in its build cache
// entry (cachedOut.Preview) and serve's Update in the dependency graph
// (Graph.Previews), so that a shard is written again from its pages'
// previews without rendering those that did not change.

// previewDir is the folder of the previews shards, at the site's root.
const previewDir = "previews"

// previewFormat is the version of the previews shards' format, which
// js/site.js reads.
const previewFormat = 2

// previewSize is about the size of one preview in a previews file, to
// size its buffer.
const previewSize = 1500

// shardPages is about how many pages share a previews shard: at about
// 1.5 KB of previews a page, a shard of 50-100 KB.
const shardPages = 48

// maxShards bounds the number of previews shards.
const maxShards = 1 << 12

// previews reports whether page p has previews.
func (s *Site) previews(p *content.Page) bool {
	return s.Cfg.LinkPreviews && p.Unlisted == "" && p.Unpublished == "" && !p.Copy && p != s.NotFound &&
		(strings.HasSuffix(p.SitePath, "/") || strings.HasSuffix(p.SitePath, ".html"))
}

// previewShards is the number of previews shards of the site's pages: a
// power of two, so that it changes (and every page with it) only when
// the number of pages with previews doubles or halves; 0 without
// previews.
func (s *Site) previewShards() int {
	if !s.Cfg.LinkPreviews {
		return 0
	}
	n := 0
	for _, p := range s.Pages {
		if s.previews(p) {
			n++
		}
	}
	shards := 1
	for shards*shardPages < n && shards < maxShards {
		shards *= 2
	}
	return shards
}

// shardOf is the previews shard of the page at site path sp among n (a
// power of two): the 32-bit FNV-1a hash of the path's UTF-8 bytes, its
// low bits. js/site.js computes the same.
func shardOf(sp string, n int) int {
	h := fnv.New32a()
	h.Write([]byte(sp))
	return int(h.Sum32() & uint32(n-1))
}

// shardPath is the output path of previews shard i.
func shardPath(i int) string {
	return previewDir + "/" + strconv.Itoa(i) + ".json"
}

// previewEntry is page p's previews as its shard holds them (its title
// and the previews of its top and of each part of it other pages link
// to, Site.frags, cut from its body's HTML by its index), nil when the
// build is cancelled.
func (s *Site) previewEntry(ctx context.Context, p *content.Page, html string, px *markup.PreviewIndex) []byte {
	if ctx.Err() != nil {
		return nil
	}
	ids := append([]string{""}, s.Frags[p]...) // the top, then each part linked to, once, in order
	slices.Sort(ids)
	ids = slices.Compact(ids)
	b := make([]byte, 0, 256+len(ids)*previewSize)
	b = append(b, `{"t":`...)
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
	return append(b, "}}"...)
}

// previewSet collects the pages' previews of one build as they render.
type previewSet struct {
	mu      sync.Mutex
	entries map[string][]byte // site path -> previewEntry
}

// put records the previews of the page at site path sp (nil: none).
func (ps *previewSet) put(sp string, entry []byte) {
	if ps == nil || entry == nil {
		return
	}
	ps.mu.Lock()
	ps.entries[sp] = entry
	ps.mu.Unlock()
}

// writeShards writes the previews shards among n that hold the entries
// (site path -> previewEntry) and that which says yes to (nil: every
// one), each page of a shard in the order of its site path; a shard with
// no page is not written, nor one at the name of a file of the site's
// own (taken). It returns the paths it wrote.
func (s *Site) writeShards(out fileWriter, taken func(rel string) bool, entries map[string][]byte, n int, which func(i int) bool) ([]string, error) {
	if n == 0 {
		return nil, nil
	}
	groups := make([][]string, n)
	for sp := range entries {
		i := shardOf(sp, n)
		if which == nil || which(i) {
			groups[i] = append(groups[i], sp)
		}
	}
	var wrote []string
	for i, sps := range groups {
		if len(sps) == 0 {
			continue
		}
		rel := shardPath(i)
		if _, file := s.FilesByURL["/"+rel]; file || taken(rel) {
			continue // a file of the site's own
		}
		slices.Sort(sps)
		size := 32
		for _, sp := range sps {
			size += len(sp) + len(entries[sp]) + 8
		}
		b := make([]byte, 0, size)
		b = append(b, `{"v":`...)
		b = strconv.AppendInt(b, previewFormat, 10)
		b = append(b, `,"p":{`...)
		for k, sp := range sps {
			if k > 0 {
				b = append(b, ",\n"...)
			}
			b = appendJSONString(b, sp)
			b = append(b, ':')
			b = append(b, entries[sp]...)
		}
		b = append(b, "}}\n"...)
		if err := out.Write(rel, b); err != nil {
			return wrote, fmt.Errorf("write %s: %w", rel, err)
		}
		wrote = append(wrote, rel)
	}
	return wrote, nil
}
