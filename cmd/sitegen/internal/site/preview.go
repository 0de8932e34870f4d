package site

import (
	"context"
	"crypto/sha256"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"sync"

	"d6codex/cmd/sitegen/internal/assets"
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
// An incremental build records the hash of each page's previews in its
// build cache entry (cachedOut.Preview) and each shard's key: a hash of
// the site paths of its pages and of their previews' hashes, in order
// (previewKey). A build with the cache knows each page's previews' hash
// (a page rendered hashes them, a page whose output is kept has the
// previous build's), so it keeps a shard whose key is the one recorded
// and whose file is still there as recorded, without a page's previews
// at hand, and writes again only the other shards, making the previews
// of their pages that were not rendered again from their bodies' objects
// (writePreviews): the page's key is the same, so are the title, the
// parts linked to and the body its previews are cut from. A page's
// previews have no object of their own: at 5,000 pages that made a full
// build write 5,000 more files, ~5% more CPU. serve's Update
// keeps every page's previews in the dependency graph (Graph.Previews)
// and writes again the shards of the pages whose previews changed.

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
	entries map[string][]byte // site path -> previewEntry, of the pages whose previews are at hand
	// With a build cache: site path -> the hash of its previews, of every
	// page that has some, and the pages whose output was kept, whose
	// previews are in the cache's objects (not at hand).
	sums map[string][sha256.Size]byte
	kept map[string]*content.Page
}

// newPreviewSet is the previews of a build, with a build cache or not.
func newPreviewSet(cached bool) *previewSet {
	ps := &previewSet{entries: map[string][]byte{}}
	if cached {
		ps.sums, ps.kept = map[string][sha256.Size]byte{}, map[string]*content.Page{}
	}
	return ps
}

// put records the previews of the page at site path sp (nil: none) and
// returns their hash with a build cache (zero without, or for none).
func (ps *previewSet) put(sp string, entry []byte) (sum [sha256.Size]byte) {
	if ps == nil || entry == nil {
		return sum
	}
	if ps.sums != nil {
		sum = sha256.Sum256(entry)
	}
	ps.mu.Lock()
	ps.entries[sp] = entry
	if ps.sums != nil {
		ps.sums[sp] = sum
	}
	ps.mu.Unlock()
	return sum
}

// keep records the previews of page p whose output the cache kept: their
// hash (zero: none), their object read only when its shard is written.
func (ps *previewSet) keep(p *content.Page, sum [sha256.Size]byte) {
	if ps == nil || ps.sums == nil || sum == [sha256.Size]byte{} {
		return
	}
	ps.mu.Lock()
	ps.sums[p.SitePath], ps.kept[p.SitePath] = sum, p
	ps.mu.Unlock()
}

// previewKey is the key of previews shard i among n holding the pages at
// site paths sps (in order) whose previews have the hashes sums: a shard
// of the same key holds the same bytes.
func previewKey(n, i int, sps []string, sums map[string][sha256.Size]byte) [sha256.Size]byte {
	h := sha256.New()
	fmt.Fprintf(h, "%d %d %d\n", previewFormat, n, i)
	for _, sp := range sps {
		sum := sums[sp]
		h.Write([]byte(sp))
		h.Write([]byte{0})
		h.Write(sum[:])
	}
	var key [sha256.Size]byte
	copy(key[:], h.Sum(nil))
	return key
}

// writePreviews writes the site's n previews shards (render's last
// step): with a build cache, each shard whose key is the one the
// previous build recorded and whose file is there as recorded is kept,
// and the others are written from their pages' previews, those of the
// pages not rendered made again from their bodies (keptEntry); without, or
// for serve (whose graph keeps every page's previews), every shard is
// written (Output.Write keeps a file that holds the same bytes).
func (s *Site) writePreviews(ctx context.Context, out *assets.Output, n int) error {
	ps, bc := s.prevs, s.bc
	if bc == nil || ps.sums == nil || n == 0 {
		_, err := s.writeShards(out, out.Has, ps.entries, n, nil)
		s.Graph.SetPreviews(ps.entries)
		return err
	}
	groups := make([][]string, n)
	for sp := range ps.sums {
		i := shardOf(sp, n)
		groups[i] = append(groups[i], sp)
	}
	keeps := s.Graph.Keeps()
	write := make([]bool, n)
	for i, sps := range groups {
		if len(sps) == 0 {
			continue
		}
		slices.Sort(sps)
		rel := shardPath(i)
		if _, file := s.FilesByURL["/"+rel]; file || out.Has(rel) {
			continue // a file of the site's own: writeShards leaves it
		}
		bc.shardsTotal++
		if !keeps && bc.keepShard(rel, previewKey(n, i, sps, ps.sums), out) {
			continue
		}
		write[i] = true
		for _, sp := range sps {
			if p := ps.kept[sp]; p != nil && ps.entries[sp] == nil {
				s.keptEntry(ctx, p)
			}
		}
	}
	if keeps { // serve's graph keeps every page's previews
		for sp, p := range ps.kept {
			if ps.entries[sp] == nil {
				s.keptEntry(ctx, p)
			}
		}
	}
	rec := &outRecorder{out: out, files: map[string][sha256.Size]byte{}}
	if _, err := s.writeShards(rec, out.Has, ps.entries, n, func(i int) bool { return write[i] }); err != nil {
		return err
	}
	for i, sps := range groups {
		rel := shardPath(i)
		if sum, ok := rec.files[rel]; ok {
			sps = slices.DeleteFunc(sps, func(sp string) bool { return ps.entries[sp] == nil }) // previews lost (keptEntry)
			bc.nowShards[rel] = &cachedShard{Key: previewKey(n, i, sps, ps.sums), File: outRecord{Sum: sum, Stamp: outStamp(out.Path(rel))}}
		}
	}
	s.Graph.SetPreviews(ps.entries)
	return nil
}

// keptEntry puts at hand the previews of page p, whose output the cache
// kept, made again from its body (previewAgain); should their hash
// differ from the one recorded, the new one is the page's previews' for
// this build, its shard's key and the next build's. Previews that cannot
// be made again are left out.
func (s *Site) keptEntry(ctx context.Context, p *content.Page) {
	bc, ps := s.bc, s.prevs
	sum := ps.sums[p.SitePath]
	entry := s.previewAgain(ctx, p)
	if entry == nil {
		delete(ps.sums, p.SitePath)
		return
	}
	ps.entries[p.SitePath] = entry
	if now := sha256.Sum256(entry); now != sum {
		ps.sums[p.SitePath] = now
		bc.mu.Lock()
		if o := bc.nowOuts[p.SitePath]; o != nil {
			o2 := *o
			o2.Preview = now
			bc.nowOuts[p.SitePath] = &o2
		}
		bc.mu.Unlock()
	}
}

// previewAgain makes the previews of page p again from its body: the
// cache's object of it, or its Markdown rendered again; nil when it has
// none.
func (s *Site) previewAgain(ctx context.Context, p *content.Page) []byte {
	bc := s.bc
	var html string
	var px *markup.PreviewIndex
	bc.mu.Lock()
	c := bc.now[p.Rel]
	bc.mu.Unlock()
	if c != nil {
		if o, ok := bc.readObject(c.Obj); ok {
			html, px = o.Content, o.PX
		}
	}
	if px == nil {
		b := s.renderBody(p, s.View.Assets)
		html, px = b.Content, b.Px
	}
	if px == nil {
		return nil
	}
	return s.previewEntry(ctx, p, html, px)
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
