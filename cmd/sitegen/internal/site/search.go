package site

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"html"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/templates"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// searchFormat is the version of the search index format. It is part of
// the hash in the index's published folder name, so changing the format
// (or what goes into the index) must bump it.
const searchFormat = 3

// searchTextFiles is the most text files (c/K.json) an index has. A
// result list fetches the files of the pages it shows, so smaller chunks
// transfer less per query but make more files, and on a slow disk each
// file costs a build more than its bytes. One page per file (as Pagefind)
// keeps a first query on the bundled site under 50 KB (five pages per
// file took it to about 80 KB); a site of more than this many pages puts
// neighbouring pages (of one section, often hits of the same query)
// together instead: at 5,101 pages, six to a file.
const searchTextFiles = 1000

// searchChunk is how many pages of a site of n pages share one text file.
func searchChunk(n int) int {
	return max(1, (n+searchTextFiles-1)/searchTextFiles)
}

// searchIndexedBlocks are the info words of fenced blocks whose rendered
// text is searchable (rules tables); other handled blocks (calculator
// forms) are not.
var searchIndexedBlocks = map[string]bool{"table": true}

// searchIndex collects the full-text search index while pages render and
// writes it at the end of render. It is split like Pagefind's so that a
// query downloads a small part of it, whatever the size of the site.
// index.json keeps one name, so that pages (which link to it) do not
// change when another page's text does; every other file's name carries
// a hash of its content, so a rebuild writes only the files whose content
// changed, and a browser or service worker may cache them for good. A nil
// *searchIndex ignores pages.
//
// Files, under search/ (JSON, compact; all but index.json published
// gzip-compressed, with ".gz" added to the names below):
//
//	index.json        {"v": 3, "systems": [["opend6", "OpenD6"], ...], // top-level sections
//	                   "pages": [sys, ndocs, sys, ndocs, ...],        // per page in reading order:
//	                                                                  // system index or -1, documents
//	                   "shards": ["6469", ...],                       // hex of each shard's key
//	                   "shardHashes": ["0a1b2c3d4e", ...],            // the hash in each shard's name
//	                   "texts": ["5f6e7d8c9b", ...],                  // the hash in each c/ file's name
//	                   "chunk": 1, "docs": N}                         // pages per c/ file, documents
//	t/HEX.HASH.json   {"term": [doc, w, doc, w, ...], ...}            // the terms whose first two
//	                                                                  // letters are the key
//	c/K.HASH.json     [[url, title, [[anchor, heading, text], ...]], ...] // pages K*chunk ... K*chunk+chunk-1
//
// HASH is the first 10 hex digits of the SHA-256 of the file's JSON.
// A page has one document for its title and the text before its first
// h2/h3 heading (anchor ""), and one per h2/h3 section; documents are
// numbered in reading order. Postings list each document containing the
// term: the first number is the document, the next ones the difference
// to the previous document, each followed by a weight: the term's count
// in the document (at most 15) + 16 if it is in the section's heading +
// 32 if it is in the page title (lead documents only). Terms are the
// lower-cased runs of letters and digits of two runes or more; the
// search script splits queries the same way (static/js/search.js).
type searchIndex struct {
	chunk int // pages per text file (searchChunk)

	mu    sync.Mutex
	pages map[*content.Page]searchPage
	sums  map[*content.Page][sha256.Size]byte // pages put unread: their entry objects in the build cache (putSum)

	// The published parts, for writes after an Update (SearchWriter):
	// held by the one write running at a time (pubMu).
	pubMu   sync.Mutex
	named   map[string]bool      // the parts the published index.json names
	retired map[string]time.Time // parts an earlier index named -> when it was replaced
}

// searchPage is what the index keeps of a page, made when the page renders
// (in parallel), so that encode only puts pages together: its entry in a
// text file, and the terms of each of its documents with their weights
// (see searchIndex). Both are bytes, which the garbage collector need not
// scan: a site's index holds about a million terms.
type searchPage struct {
	entry []byte   // [url, title, [[anchor, heading, text], ...]]
	terms [][]byte // by document: each distinct term as its uvarint length, its bytes and its weight (a byte)
}

// newSearchIndex prepares the index of the loaded site and registers the
// published URL of its index.json in assets under
// templates.SearchIndexAsset. It must run before pages render (it reads
// their sources).
func (s *Site) newSearchIndex(assets templates.Assets) *searchIndex {
	assets[templates.SearchIndexAsset] = s.Cfg.RelURL("/" + content.SearchDir + "/" + searchMeta)
	return &searchIndex{chunk: searchChunk(len(s.Pages)), pages: make(map[*content.Page]searchPage, len(s.Pages))}
}

// put records the searchable text of page p, published at url, from its
// documents (searchDocs). It is safe for concurrent use.
func (x *searchIndex) put(p *content.Page, url string, docs []content.SearchDoc) {
	if x == nil {
		return
	}
	x.putPage(p, newSearchPage(p, url, docs))
}

// putPage records the search entry of page p (newSearchPage). It is safe
// for concurrent use.
func (x *searchIndex) putPage(p *content.Page, sp searchPage) {
	if x == nil {
		return
	}
	x.mu.Lock()
	x.pages[p] = sp
	x.mu.Unlock()
}

// snapshot returns a copy of the pages' entries: what encode needs
// besides the site's pages, which an Update does not move.
func (x *searchIndex) snapshot() map[*content.Page]searchPage {
	x.mu.Lock()
	defer x.mu.Unlock()
	return maps.Clone(x.pages)
}

// searchMeta is the index file pages load first; the other files of the
// index are published gzip-compressed (see packSearchFile).
const searchMeta = "index.json"

// searchMetaBrotli is the Brotli level of index.json's precompressed
// sibling. index.json names the other files by the hash of their content,
// so every edit of a page's text gives a new one, compressed on every
// build and every save of serve, where other assets come from the cache.
// Measured on a 1,003-note vault's (18 KB) and a 5,000-page site's
// (34 KB): level 11 takes 61 and 42 ms for 5,765 and 5,905 bytes, level 6
// 2.8 and 2.4 ms for 6,516 and 6,485 (gzip's best: 6,893). 750 bytes a
// reader fetches once are not worth 40-60 ms of every rebuild.
const searchMetaBrotli = 6

// packSearchFile returns the published name and bytes of the index file
// name: index.json as it is (with precompressed siblings, like other
// assets), the shards and page texts gzip-compressed under name + ".gz",
// which js/search.js inflates itself (DecompressionStream), as Pagefind
// does. A query then transfers compressed bytes from any static host,
// and a site of 5,000 pages publishes 5,000 index files, not 15,000 with
// siblings (which cost a third of the build time).
//
// Compressed files are cached by content (Options.CacheDir), like the
// precompressed siblings of other assets: a rebuild compresses only what
// changed.
func (s *Site) packSearchFile(ctx context.Context, name string, data []byte) (string, []byte, error) {
	if name == searchMeta {
		return name, data, nil
	}
	z, err := s.cache().Compressed(ctx, data, "gz", 6)
	if err != nil {
		return "", nil, fmt.Errorf("compress %s: %w", name, err)
	}
	return name + ".gz", z, nil
}

// write encodes the index into o; it stops when ctx is cancelled. With
// a build cache, the previous build's index is patched where it can be
// (searchpatch.go), and what the index is made of is recorded for the
// next build.
func (x *searchIndex) write(ctx context.Context, s *Site, o *assets.Output) error {
	if x == nil {
		return nil
	}
	bc := s.bc
	var files map[string][]byte
	var keep map[string]searchRec
	var state *searchState
	if bc != nil && bc.old != nil {
		px, err := x.patch(ctx, s, s.Model, bc.readState(bc.old.Search), bc.old.Dest)
		if err == nil {
			// The files that did not change are kept as published: all
			// of them, or the index is made whole.
			for _, name := range slices.Sorted(maps.Keys(px.keep)) {
				f := px.keep[name]
				if !o.KeepGzipOf(content.SearchDir+"/"+name+".gz", f.CRC, f.Size) {
					err = errNoPatch
					break
				}
			}
		}
		if err == nil {
			files, keep, state = px.files, px.keep, px.state
			bc.patched.Store(true)
			bc.patchedNew.Store(int64(len(files) - 1)) // index.json is always written
			bc.patchedAll.Store(int64(len(files) - 1 + len(keep)))
		} else if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	if files == nil {
		if err := x.loadEntries(ctx, s); err != nil {
			return err
		}
		all, pages, err := x.encode(ctx, s, s.Model, x.chunk, x.pages)
		if err != nil {
			return fmt.Errorf("search index: %w", err)
		}
		files, keep = all, nil
		if bc != nil {
			systems, _ := systemsOf(s.Model)
			var sums [][sha256.Size]byte
			for _, p := range s.Model.Pages {
				if sp, ok := x.pages[p]; ok {
					sums = append(sums, x.entrySum(s, p, sp))
				}
			}
			if state, err = stateOf(x.chunk, systems, pages, sums, files); err != nil {
				state = nil // not recorded: the next build makes the index whole
			}
		}
	}
	names := slices.Sorted(maps.Keys(files))
	x.named = map[string]bool{}
	for _, name := range slices.Concat(names, slices.Collect(maps.Keys(keep))) {
		if name != searchMeta {
			x.named[name+".gz"] = true // the published name (packSearchFile)
		}
	}
	var mu sync.Mutex
	var first error
	cancelled := content.Parallel(ctx, len(names), s.Opts.Workers, func(i int) {
		if names[i] != searchMeta && o.KeepGzip(content.SearchDir+"/"+names[i]+".gz", files[names[i]]) {
			return // unchanged since the previous build: neither compressed nor written again
		}
		name, data, err := s.packSearchFile(ctx, names[i], files[names[i]])
		out := content.SearchDir + "/" + name
		if err == nil {
			if err = o.Write(out, data); err != nil {
				err = fmt.Errorf("write %s: %w", out, err)
			}
		}
		if err == nil && name == searchMeta && len(data) >= assets.CompressMin {
			err = s.cache().Precompress(ctx, o, out, data, searchMetaBrotli, assets.SiblingGzip)
		}
		if err != nil {
			mu.Lock()
			if first == nil {
				first = err
			}
			mu.Unlock()
		}
	})
	if cancelled != nil {
		return cancelled
	}
	if first == nil && state != nil {
		bc.noteSearch(state)
	}
	return first
}

// encode returns the index files by path under the index folder, pages
// of the model m in reading order, chunk to a text file, from the pages'
// entries all (x.pages or a snapshot of it). It stops with ctx's error
// when ctx is cancelled.
func (x *searchIndex) encode(ctx context.Context, s *Site, m *content.Model, chunk int, all map[*content.Page]searchPage) (map[string][]byte, []int, error) {
	mt := searchMetaJSON{V: searchFormat, Pages: []int{}, Shards: []string{}, Chunk: chunk}
	systems, system := systemsOf(m)
	mt.Systems = systems
	// In reading order: the pages' documents, numbered from first, and
	// the pages of each text file.
	type indexed struct {
		terms [][]byte
		first int
	}
	var order []indexed
	var chunks [][][]byte
	for i, p := range m.Pages {
		if i%256 == 0 && ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		sp, ok := all[p]
		if !ok {
			continue
		}
		sys := systemOf(m, system, p)
		n := len(mt.Pages) / 2
		mt.Pages = append(mt.Pages, sys, len(sp.terms))
		order = append(order, indexed{sp.terms, mt.Docs})
		mt.Docs += len(sp.terms)
		if n%chunk == 0 {
			chunks = append(chunks, nil)
		}
		chunks[len(chunks)-1] = append(chunks[len(chunks)-1], sp.entry)
	}
	// The shards are made in parts, concurrently: part k merges the
	// postings of the terms whose first two bytes (of the shard key: a
	// shard is in one part) fall to it, over every document in order. The
	// text files are encoded as tasks of their own.
	type file struct{ key, hash string }
	parts := max(1, min(s.Opts.Workers, 8))
	made := make([][]file, parts)
	shardFiles := make([]map[string][]byte, parts)
	mt.Texts = make([]string, len(chunks))
	textFiles := make([][]byte, len(chunks))
	err := content.Parallel(ctx, parts+len(chunks), s.Opts.Workers, func(task int) {
		if task >= parts {
			k := task - parts
			textFiles[k] = joinJSON(chunks[k])
			mt.Texts[k] = assets.ContentHash(textFiles[k])
			return
		}
		// Each term's postings, encoded as they come (documents in
		// order): the difference to the term's previous document, then
		// the weight.
		type postings struct {
			prev int32
			enc  []int32 // half the memory (and copying as it grows) of []int
		}
		terms := map[string]*postings{}
		for _, o := range order {
			for i, b := range o.terms {
				doc := o.first + i
				for len(b) > 0 {
					n, k := binary.Uvarint(b)
					t, w := b[k:k+int(n)], int(b[k+int(n)])
					b = b[k+int(n)+1:]
					if (int(t[0])*31+int(t[1]))%parts != task { // a term has two bytes or more
						continue
					}
					ps := terms[string(t)]
					if ps == nil {
						ps = &postings{}
						terms[string(t)] = ps
					}
					ps.enc = append(ps.enc, int32(doc)-ps.prev, int32(w))
					ps.prev = int32(doc)
				}
			}
		}
		shards := map[string]map[string][]int32{}
		for t, ps := range terms {
			key := hex.EncodeToString([]byte(shardKey(t)))
			if shards[key] == nil {
				shards[key] = map[string][]int32{}
			}
			shards[key][t] = ps.enc
		}
		shardFiles[task] = make(map[string][]byte, len(shards))
		for key, sh := range shards {
			b := encodeShard(sh)
			h := assets.ContentHash(b)
			made[task] = append(made[task], file{key, h})
			shardFiles[task]["t/"+key+"."+h+".json"] = b
		}
	})
	if err != nil {
		return nil, nil, err
	}
	files := make(map[string][]byte, len(chunks)+1)
	hashes := map[string]string{}
	for k := range parts {
		maps.Copy(files, shardFiles[k])
		for _, f := range made[k] {
			mt.Shards = append(mt.Shards, f.key)
			hashes[f.key] = f.hash
		}
	}
	slices.Sort(mt.Shards)
	mt.ShardHashes = make([]string, len(mt.Shards))
	for i, key := range mt.Shards {
		mt.ShardHashes[i] = hashes[key]
	}
	for k, b := range textFiles {
		files[fmt.Sprintf("c/%d.%s.json", k, mt.Texts[k])] = b
	}
	b, err := marshalJSON(mt)
	if err != nil {
		return nil, nil, err
	}
	files[searchMeta] = b
	return files, mt.Pages, nil
}

// searchMetaJSON is index.json (see searchIndex).
type searchMetaJSON struct {
	V           int         `json:"v"`
	Systems     [][2]string `json:"systems"`
	Pages       []int       `json:"pages"`
	Shards      []string    `json:"shards"`
	ShardHashes []string    `json:"shardHashes"`
	Texts       []string    `json:"texts"`
	Chunk       int         `json:"chunk"`
	Docs        int         `json:"docs"`
}

// marshalJSON encodes v compactly, without escaping HTML characters.
func marshalJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// lowerTerms calls yield with each term of text: its lower-cased
// (unicode.ToLower) runs of letters and digits of two runes or more, in
// order. The term's bytes are in buf, reused from call to call, and valid
// until yield returns; lowerTerms returns buf for the next call. The
// search script splits queries the same way (static/js/search.js).
func lowerTerms(buf []byte, text string, yield func(term []byte)) []byte {
	buf, runes := buf[:0], 0
	end := func() {
		if runes >= 2 {
			yield(buf)
		}
		buf, runes = buf[:0], 0
	}
	for i := 0; i < len(text); {
		if c := text[i]; c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' {
				buf = append(buf, c)
				runes++
			} else if runes > 0 {
				end()
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if r = unicode.ToLower(r); unicode.IsLetter(r) || unicode.IsNumber(r) {
			buf = utf8.AppendRune(buf, r)
			runes++
		} else if runes > 0 {
			end()
		}
		i += size
	}
	if runes > 0 {
		end()
	}
	return buf
}

// termTable weighs the terms of one document at a time (weighTerms): an
// open-addressing hash table of the lower-cased terms' bytes, emptied and
// reused for each document, so that counting a word costs a hash and no
// allocation.
type termTable struct {
	seed  maphash.Seed
	scan  []byte    // lowerTerms' buffer
	bytes []byte    // the distinct terms' bytes, one after another
	ents  []termEnt // the distinct terms, in order of first use
	slots []int32   // index + 1 into ents, 0 for none; a power of two long
}

// termEnt is one distinct term of a document: its bytes in termTable.bytes
// and its weight so far.
type termEnt struct {
	hash       uint64
	start, end int
	count      int // in the text
	flags      int // 16: in the heading; 32: in the page's title or names
}

// reset empties the table for the next document.
func (tt *termTable) reset() {
	tt.bytes, tt.ents = tt.bytes[:0], tt.ents[:0]
	clear(tt.slots)
}

// add counts the terms of text (flag 0) or flags them.
func (tt *termTable) add(text string, flag int) {
	tt.scan = lowerTerms(tt.scan, text, func(term []byte) {
		e := tt.entry(term)
		if flag == 0 {
			e.count++
		} else {
			e.flags |= flag
		}
	})
}

// entry returns the entry of term, adding it when it is new.
func (tt *termTable) entry(term []byte) *termEnt {
	if 2*(len(tt.ents)+1) > len(tt.slots) {
		tt.grow()
	}
	h := maphash.Bytes(tt.seed, term)
	mask := len(tt.slots) - 1
	for i := int(h) & mask; ; i = (i + 1) & mask {
		k := tt.slots[i]
		if k == 0 {
			tt.bytes = append(tt.bytes, term...)
			tt.ents = append(tt.ents, termEnt{hash: h, start: len(tt.bytes) - len(term), end: len(tt.bytes)})
			tt.slots[i] = int32(len(tt.ents))
			return &tt.ents[len(tt.ents)-1]
		}
		if e := &tt.ents[k-1]; e.hash == h && string(tt.bytes[e.start:e.end]) == string(term) {
			return e
		}
	}
}

// grow doubles the slots and puts the entries back.
func (tt *termTable) grow() {
	tt.slots = make([]int32, max(64, 2*len(tt.slots)))
	mask := len(tt.slots) - 1
	for k, e := range tt.ents {
		i := int(e.hash) & mask
		for tt.slots[i] != 0 {
			i = (i + 1) & mask
		}
		tt.slots[i] = int32(k + 1)
	}
}

// weighTerms returns the terms of a page's documents, encoded as
// searchPage.terms: each term's count in the document's text (at most 15),
// + 16 if it is in the document's heading, + 32 if it is in the page's
// title or one of its other names (the lead document only).
func weighTerms(p *content.Page, docs []content.SearchDoc) [][]byte {
	out := make([][]byte, len(docs))
	tt := &termTable{seed: maphash.MakeSeed()}
	for i, d := range docs {
		tt.reset()
		tt.add(d.Text, 0)
		tt.add(d.Heading, 16)
		if i == 0 {
			tt.add(p.Title, 32)
			for _, name := range p.Names { // other names (Obsidian's aliases) weigh as the title
				tt.add(name, 32)
			}
		}
		b := make([]byte, 0, len(tt.bytes)+2*len(tt.ents))
		for _, e := range tt.ents {
			b = binary.AppendUvarint(b, uint64(e.end-e.start))
			b = append(b, tt.bytes[e.start:e.end]...)
			b = append(b, byte(min(e.count, 15)|e.flags))
		}
		out[i] = b
	}
	return out
}

// encodeEntry returns the JSON of a page's entry in a text file: [url,
// title, [[anchor, heading, text], ...]], as marshalJSON writes it.
func encodeEntry(url, title string, docs []content.SearchDoc) []byte {
	n := len(url) + len(title) + 16
	for _, d := range docs {
		n += len(d.Anchor) + len(d.Heading) + len(d.Text) + 16
	}
	b := make([]byte, 0, n)
	b = append(b, '[')
	b = appendJSONString(b, url)
	b = append(b, ',')
	b = appendJSONString(b, title)
	b = append(b, ",["...)
	for j, d := range docs {
		if j > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = appendJSONString(b, d.Anchor)
		b = append(b, ',')
		b = appendJSONString(b, d.Heading)
		b = append(b, ',')
		b = appendJSONString(b, d.Text)
		b = append(b, ']')
	}
	return append(b, "]]"...)
}

// joinJSON returns the JSON array of the encoded values vs.
func joinJSON(vs [][]byte) []byte {
	n := 2 + len(vs)
	for _, v := range vs {
		n += len(v)
	}
	b := make([]byte, 0, n)
	b = append(b, '[')
	for i, v := range vs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, v...)
	}
	return append(b, ']')
}

// encodeShard returns the JSON of a shard, {"term": [numbers], ...} with
// the terms sorted, as marshalJSON writes it.
func encodeShard(sh map[string][]int32) []byte {
	terms := slices.Sorted(maps.Keys(sh))
	n := 2
	for _, t := range terms {
		n += len(t) + 6 + 4*len(sh[t])
	}
	b := make([]byte, 0, n)
	b = append(b, '{')
	for i, t := range terms {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, t)
		b = append(b, ":["...)
		for j, v := range sh[t] {
			if j > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(v), 10)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendJSONString appends s to b as a JSON string exactly as
// encoding/json writes it with HTML escaping off (marshalJSON): quotes,
// backslashes and control characters escaped, invalid UTF-8 as \ufffd,
// U+2028 and U+2029 escaped (TestAppendJSONString holds it to
// encoding/json). Hand-written because the index's text files and shards
// are most of a build's search index time when encoded by reflection.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// shardKey is the key of the shard that holds term: its first two runes.
func shardKey(term string) string {
	n := 0
	for i := range term {
		if n == 2 {
			return term[:i]
		}
		n++
	}
	return term
}

// systemID is the first segment of a site path ("/opend6/combat/" -> "opend6").
func systemID(sitePath string) string {
	id, _, _ := strings.Cut(strings.TrimPrefix(sitePath, "/"), "/")
	return id
}

// searchDocs splits a page into its lead and its top-level h2/h3
// sections and extracts their plain text.
func searchDocs(p *content.Page, doc ast.Node, src []byte) []content.SearchDoc {
	lead := content.SearchDoc{}
	// One buffer for the page's documents, each from start on: a
	// strings.Builder only appends, so the text taken is never changed.
	var b strings.Builder
	b.Grow(len(src) + len(p.Description) + 1)
	if p.Description != "" {
		b.WriteString(p.Description)
		b.WriteByte(' ')
	}
	var docs []content.SearchDoc
	cur, start := &lead, 0
	flush := func() {
		cur.Text = collapseSpace(html.UnescapeString(b.String()[start:]))
		start = b.Len()
	}
	if doc != nil {
		for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
			if h, ok := n.(*ast.Heading); ok && (h.Level == 2 || h.Level == 3) {
				if id := markup.HeadingID(h); id != "" {
					flush()
					docs = append(docs, content.SearchDoc{Anchor: id, Heading: html.UnescapeString(markup.PlainText(h, src))})
					cur = &docs[len(docs)-1]
					continue
				}
			}
			blockText(&b, n, src)
		}
	}
	flush()
	return append([]content.SearchDoc{lead}, docs...)
}

// collapseSpace returns s with its runs of white space (unicode.IsSpace)
// made one space and none at either end: strings.Join(strings.Fields(s),
// " ") in one pass.
func collapseSpace(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	start := -1 // of the current run of other characters
	for i := 0; i < len(s); {
		c, size := rune(s[i]), 1
		var space bool
		if c < utf8.RuneSelf {
			space = c == ' ' || '\t' <= c && c <= '\r'
		} else {
			c, size = utf8.DecodeRuneInString(s[i:])
			space = unicode.IsSpace(c)
		}
		switch {
		case space && start >= 0:
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(s[start:i])
			start = -1
		case !space && start < 0:
			start = i
		}
		i += size
	}
	if start >= 0 {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s[start:])
	}
	return b.String()
}

// blockText appends the text of a block and its descendants to b, a space
// after each block. Code blocks and rules tables count; calculator
// blocks, raw HTML and footnote lists do not.
func blockText(b *strings.Builder, n ast.Node, src []byte) {
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			if c.Type() == ast.TypeBlock {
				b.WriteByte(' ')
			}
			return ast.WalkContinue, nil
		}
		if info, h, ok := markup.HandledBlock(c); ok {
			if searchIndexedBlocks[info] {
				htmlText(b, h)
			}
			return ast.WalkSkipChildren, nil
		}
		if h, ok := markup.QueryText(c); ok { // an inline query's value: the page's own data, as it shows
			htmlText(b, h)
			return ast.WalkSkipChildren, nil
		}
		switch t := c.(type) {
		case *ast.HTMLBlock, *ast.RawHTML, *east.FootnoteList:
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := c.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				b.Write(seg.Value(src))
				b.WriteByte(' ')
			}
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(t.Value)
		}
		return ast.WalkContinue, nil
	})
}

// htmlText appends the text of trusted HTML (a block handler's output) to
// b: tags become spaces, entities stay escaped (the caller unescapes the
// whole text once).
func htmlText(b *strings.Builder, h string) {
	for h != "" {
		i := strings.IndexByte(h, '<')
		if i < 0 {
			b.WriteString(h)
			return
		}
		b.WriteString(h[:i])
		j := strings.IndexByte(h[i:], '>')
		if j < 0 {
			return
		}
		b.WriteByte(' ')
		h = h[i+j+1:]
	}
}
