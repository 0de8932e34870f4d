package site

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/templates"
)

// The search index of an incremental build (the build cache's,
// buildcache.go), patched rather than made again: a one-page edit
// rewrites the shards holding the page's old and new terms and its text
// file, as a full encode would write them, byte for byte, without
// reading the other pages' entries.
//
// The build cache keeps what the index published was made of (a
// searchState object, named in the cache index): each indexed page's
// place (its system, its number of documents, the hash of its search
// entry object) in reading order, and each file's SHA-256, CRC-32 and
// size. A page whose body the cache gives keeps its entry unread
// (lazyEntry). When the next build has the same pages in the same
// places with the same numbers of documents (so every document keeps its
// number), the pages whose entries differ are patched into the files the
// previous build published, read back from the output and checked
// against their SHA-256: their documents' postings are taken out of the
// shards of their old terms and theirs put in, and their entries are
// replaced in their text files. Anything else (pages added, removed or
// moved, a section's document count changed, many pages changed, a file
// not as recorded) makes the whole index as before.

// searchStateMagic starts a searchState object (and names its format).
const searchStateMagic = "d6codex search state 1\n"

// searchState is what a build's search index was made of (see above).
type searchState struct {
	Chunk   int
	Systems [][2]string
	Slots   []searchSlot
	Shards  map[string]searchRec // shard key (hex) -> its file
	Texts   []searchRec          // by number
}

// searchSlot is an indexed page in reading order: its system (index
// into Systems or -1), its number of documents and the hash of its
// search entry object (encodeSearchObject).
type searchSlot struct {
	Sys, Docs int
	Entry     [sha256.Size]byte
}

// searchRec is a file of the index, before compression: the SHA-256,
// CRC-32 and size of its content.
type searchRec struct {
	Sum  [sha256.Size]byte
	CRC  uint32
	Size int
}

// recordOf is the record of an index file's content.
func recordOf(data []byte) searchRec {
	return searchRec{Sum: sha256.Sum256(data), CRC: crc32.ChecksumIEEE(data), Size: len(data)}
}

// shardName is the name under the index folder of shard key with
// content f (see searchIndex).
func shardName(key string, f searchRec) string {
	return "t/" + key + "." + hex.EncodeToString(f.Sum[:5]) + ".json"
}

// textName is the name under the index folder of text file k with
// content f.
func textName(k int, f searchRec) string {
	return fmt.Sprintf("c/%d.%s.json", k, hex.EncodeToString(f.Sum[:5]))
}

// indexPage puts page p, published at url, with body b into the search
// index: its entry as the cache holds it, unread, when the cache gave b
// (lazyEntry), else its entry (searchEntry).
func (s *Site) indexPage(p *content.Page, url string, b *content.Body) {
	if s.search == nil {
		return
	}
	if bc := s.bc; bc != nil {
		if v, ok := bc.docsOf.Load(b); ok {
			s.search.putSum(p, v.([sha256.Size]byte))
			return
		}
	}
	s.search.putPage(p, s.searchEntry(p, url, b))
}

// putSum records the search entry of page p by the hash of its object in
// the build cache, unread (see loadEntries). It is safe for concurrent use.
func (x *searchIndex) putSum(p *content.Page, sum [sha256.Size]byte) {
	x.mu.Lock()
	if x.sums == nil {
		x.sums = map[*content.Page][sha256.Size]byte{}
	}
	x.sums[p] = sum
	x.mu.Unlock()
}

// entryOf is the search entry of page p in the index: read from the
// cache when it was put unread. An object that does not read whole
// makes the page's body rendered again for its documents.
func (x *searchIndex) entryOf(s *Site, p *content.Page) (searchPage, bool) {
	x.mu.Lock()
	sp, ok := x.pages[p]
	sum, lazy := x.sums[p]
	x.mu.Unlock()
	if ok || !lazy {
		return sp, ok
	}
	url := s.Cfg.RelURL(p.SitePath)
	if data, ok := s.bc.readRaw(sum); ok {
		u, title, names, e, err := decodeSearchObject(data)
		if err == nil && u == url && title == p.Title && slices.Equal(names, p.Names) {
			sp = e
		} else {
			s.bc.spoilt(sum)
			ok = false
		}
		if ok {
			x.putPage(p, sp)
			return sp, true
		}
	}
	var assets templates.Assets
	if s.View != nil {
		assets = s.View.Assets
	}
	b := s.renderBody(p, assets)
	if b == nil {
		return searchPage{}, false
	}
	sp = newSearchPage(p, url, b.Docs)
	if data := encodeSearchObject(url, p.Title, p.Names, sp); sha256.Sum256(data) == sum {
		s.bc.mu.Lock()
		s.bc.newObjs[sum] = data // written again, as fillText does
		s.bc.mu.Unlock()
	}
	x.putPage(p, sp)
	return sp, true
}

// loadEntries reads every entry put unread (putSum), for an index made
// whole.
func (x *searchIndex) loadEntries(ctx context.Context, s *Site) error {
	x.mu.Lock()
	var lazy []*content.Page
	for p := range x.sums {
		if _, ok := x.pages[p]; !ok {
			lazy = append(lazy, p)
		}
	}
	x.mu.Unlock()
	return content.Parallel(ctx, len(lazy), s.Opts.Workers, func(i int) { x.entryOf(s, lazy[i]) })
}

// entrySum is the hash of the search entry object of page p with entry
// sp: the cache's name for it when it was put unread.
func (x *searchIndex) entrySum(s *Site, p *content.Page, sp searchPage) [sha256.Size]byte {
	x.mu.Lock()
	sum, ok := x.sums[p]
	x.mu.Unlock()
	if ok {
		return sum
	}
	return sha256.Sum256(encodeSearchObject(s.Cfg.RelURL(p.SitePath), p.Title, p.Names, sp))
}

// systemsOf are the systems of the model m (the top-level sections, as
// index.json lists them) and each one's index.
func systemsOf(m *content.Model) ([][2]string, map[*content.Page]int) {
	systems := [][2]string{}
	system := map[*content.Page]int{}
	for _, c := range m.Home.Children {
		if c.Kind == templates.KindSection {
			system[c] = len(systems)
			systems = append(systems, [2]string{systemID(c.SitePath), c.Title})
		}
	}
	return systems, system
}

// systemOf is the system of page p (an index into the systems of
// systemsOf), -1 for none.
func systemOf(m *content.Model, system map[*content.Page]int, p *content.Page) int {
	sys := -1
	for a := p; a != nil && a != m.Home; a = a.Parent {
		if i, ok := system[a]; ok {
			sys = i
		}
	}
	return sys
}

// stateOf is the searchState of an index made whole: files by name, its
// meta's pages (system, documents) and the entry hashes in reading order.
func stateOf(chunk int, systems [][2]string, pages []int, entries [][sha256.Size]byte, files map[string][]byte) (*searchState, error) {
	st := &searchState{Chunk: chunk, Systems: systems, Shards: map[string]searchRec{}}
	for i := range entries {
		st.Slots = append(st.Slots, searchSlot{Sys: pages[2*i], Docs: pages[2*i+1], Entry: entries[i]})
	}
	texts := map[int]searchRec{}
	for name, data := range files {
		if name == searchMeta {
			continue
		}
		var key string
		var k int
		if _, err := fmt.Sscanf(name, "c/%d.", &k); err == nil {
			texts[k] = recordOf(data)
			continue
		}
		if len(name) > 2 && name[:2] == "t/" {
			key = name[2:]
			for i := range key {
				if key[i] == '.' {
					key = key[:i]
					break
				}
			}
			st.Shards[key] = recordOf(data)
			continue
		}
		return nil, fmt.Errorf("search index: unknown file %s", name)
	}
	st.Texts = make([]searchRec, len(texts))
	for k, f := range texts {
		if k < 0 || k >= len(texts) {
			return nil, fmt.Errorf("search index: text file %d of %d", k, len(texts))
		}
		st.Texts[k] = f
	}
	return st, nil
}

// encodeState is a searchState's object and its hash.
func encodeState(st *searchState) ([]byte, [sha256.Size]byte, error) {
	var buf bytes.Buffer
	buf.WriteString(searchStateMagic)
	if err := gob.NewEncoder(&buf).Encode(st); err != nil {
		return nil, [sha256.Size]byte{}, err
	}
	return buf.Bytes(), sha256.Sum256(buf.Bytes()), nil
}

// readState reads the searchState object with hash sum from the cache,
// nil when there is none that reads whole.
func (bc *bodyCache) readState(sum [sha256.Size]byte) *searchState {
	if bc == nil || sum == ([sha256.Size]byte{}) {
		return nil
	}
	data, err := assets.Cache{}.ReadFile(bc.objectPath(sum))
	if err != nil || sha256.Sum256(data) != sum {
		return nil
	}
	rest, ok := bytes.CutPrefix(data, []byte(searchStateMagic))
	if !ok {
		return nil
	}
	var st searchState
	if content.DecodeGob(rest, &st) != nil {
		return nil
	}
	return &st
}

// readOld reads the entry object with hash sum that the previous build
// named, without counting it spoilt when it is not there (the index is
// then made whole).
func (bc *bodyCache) readOld(sum [sha256.Size]byte) (searchPage, bool) {
	data, err := assets.Cache{}.ReadFile(bc.objectPath(sum))
	if err != nil || sha256.Sum256(data) != sum {
		return searchPage{}, false
	}
	_, _, _, sp, err := decodeSearchObject(data)
	return sp, err == nil
}

// errNoPatch is an index that cannot be patched: it is made whole.
var errNoPatch = errors.New("the search index is made whole")

// patchedIndex is an index patched from the previous build's: the files
// that changed, those kept (by their records), and the new state.
type patchedIndex struct {
	files map[string][]byte    // index.json and the files written anew
	keep  map[string]searchRec // the files the previous build published, unchanged
	state *searchState
}

// maxPatched is the share of a site's pages (1/maxPatched) above which
// patching costs about as much as making the index whole.
const maxPatched = 8

// patch makes the index of the pages of model m from old, the state of
// the index the previous build published in the folder dir (see above);
// errNoPatch (or another error) when it cannot.
func (x *searchIndex) patch(ctx context.Context, s *Site, m *content.Model, old *searchState, dir string) (*patchedIndex, error) {
	bc := s.bc
	systems, system := systemsOf(m)
	if old == nil || dir == "" || old.Chunk != x.chunk || !slices.Equal(systems, old.Systems) {
		return nil, errNoPatch
	}
	// The pages in reading order, each in the place of the previous
	// build's page with the same number: the pages of the slots whose
	// entry changed.
	type change struct {
		slot  int
		first int // its first document
		sp    searchPage
		p     *content.Page
	}
	var changed []change
	slots := make([]searchSlot, 0, len(old.Slots))
	docs := 0
	for _, p := range m.Pages {
		x.mu.Lock()
		sp, eager := x.pages[p]
		sum, lazy := x.sums[p]
		x.mu.Unlock()
		if !eager && !lazy {
			continue
		}
		i := len(slots)
		if i >= len(old.Slots) {
			return nil, errNoPatch
		}
		o := old.Slots[i]
		sl := searchSlot{Sys: systemOf(m, system, p), Docs: o.Docs, Entry: sum}
		if eager {
			sl.Entry, sl.Docs = x.entrySum(s, p, sp), len(sp.terms)
		}
		if sl.Sys != o.Sys || sl.Docs != o.Docs {
			return nil, errNoPatch
		}
		if sl.Entry != o.Entry {
			changed = append(changed, change{slot: i, first: docs, p: p})
		}
		slots = append(slots, sl)
		docs += sl.Docs
	}
	if len(slots) != len(old.Slots) || len(changed) > max(8, len(slots)/maxPatched) {
		return nil, errNoPatch
	}
	// Each changed page's new and old entries; the postings of its
	// documents by term, old and new, and the ranges of documents whose
	// postings go. A term whose postings are the same in both (the same
	// documents, which keep their numbers, with the same weights) leaves
	// its shard as it was: only the shards of the terms whose postings
	// differ are read and written again (an edit of a few words of a
	// page whose words every shard holds rewrites a few shards).
	news := map[string][]int32{} // term -> doc, weight, ... (absolute, in order)
	was := map[string][]int32{}  // the same, of the old entries
	var gone [][2]int32
	olds := make([]searchPage, len(changed))
	for k := range changed {
		c := &changed[k]
		sp, ok := x.entryOf(s, c.p)
		if !ok || len(sp.terms) != slots[c.slot].Docs {
			return nil, errNoPatch
		}
		c.sp = sp
		osp, ok := bc.readOld(old.Slots[c.slot].Entry)
		if !ok || len(osp.terms) != old.Slots[c.slot].Docs {
			return nil, errNoPatch
		}
		olds[k] = osp
		gone = append(gone, [2]int32{int32(c.first), int32(c.first + len(sp.terms))})
		for d, b := range osp.terms {
			eachTerm(b, func(t []byte, w int) { was[string(t)] = append(was[string(t)], int32(c.first+d), int32(w)) })
		}
		for d, b := range sp.terms {
			eachTerm(b, func(t []byte, w int) { news[string(t)] = append(news[string(t)], int32(c.first+d), int32(w)) })
		}
	}
	touched := map[string]map[string]bool{} // shard key -> its terms whose postings change
	touch := func(t string) {
		if slices.Equal(was[t], news[t]) {
			return
		}
		key := hex.EncodeToString([]byte(shardKey(t)))
		if touched[key] == nil {
			touched[key] = map[string]bool{}
		}
		touched[key][t] = true
	}
	for t := range was {
		touch(t)
	}
	for t := range news {
		touch(t)
	}
	st := &searchState{Chunk: old.Chunk, Systems: old.Systems, Slots: slots, Shards: maps.Clone(old.Shards), Texts: slices.Clone(old.Texts)}
	px := &patchedIndex{files: map[string][]byte{}, keep: map[string]searchRec{}, state: st}
	root := filepath.Join(dir, content.SearchDir)
	for _, key := range slices.Sorted(maps.Keys(touched)) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var was []byte
		if f, ok := old.Shards[key]; ok {
			data, err := readPublished(root, shardName(key, f), f)
			if err != nil {
				return nil, err
			}
			was = data
		}
		b, err := patchShard(was, touched[key], news, gone)
		if err != nil {
			return nil, err
		}
		if b == nil {
			delete(st.Shards, key)
			continue
		}
		f := recordOf(b)
		st.Shards[key] = f
		px.files[shardName(key, f)] = b
	}
	texts := map[int][]byte{} // text file -> its content, patched
	for k, c := range changed {
		n := c.slot / old.Chunk
		was, ok := texts[n]
		if !ok {
			data, err := readPublished(root, textName(n, old.Texts[n]), old.Texts[n])
			if err != nil {
				return nil, err
			}
			was = data
		}
		elems := splitJSONArray(was)
		j := c.slot % old.Chunk
		if j >= len(elems) || !bytes.Equal(elems[j], olds[k].entry) {
			return nil, errNoPatch
		}
		elems[j] = c.sp.entry
		texts[n] = joinJSON(elems)
	}
	for n, b := range texts {
		st.Texts[n] = recordOf(b)
		px.files[textName(n, st.Texts[n])] = b
	}
	for key, f := range st.Shards {
		if name := shardName(key, f); px.files[name] == nil {
			px.keep[name] = f
		}
	}
	for n, f := range st.Texts {
		if name := textName(n, f); px.files[name] == nil {
			px.keep[name] = f
		}
	}
	// As encode makes it: empty lists are [], not null.
	mt := searchMetaJSON{V: searchFormat, Systems: systems, Pages: make([]int, 0, 2*len(slots)), Chunk: st.Chunk}
	for _, sl := range slots {
		mt.Pages = append(mt.Pages, sl.Sys, sl.Docs)
		mt.Docs += sl.Docs
	}
	mt.Shards = append([]string{}, slices.Sorted(maps.Keys(st.Shards))...)
	mt.ShardHashes = make([]string, len(mt.Shards))
	for i, key := range mt.Shards {
		f := st.Shards[key]
		mt.ShardHashes[i] = hex.EncodeToString(f.Sum[:5])
	}
	mt.Texts = make([]string, len(st.Texts))
	for n, f := range st.Texts {
		mt.Texts[n] = hex.EncodeToString(f.Sum[:5])
	}
	b, err := marshalJSON(mt)
	if err != nil {
		return nil, err
	}
	px.files[searchMeta] = b
	return px, nil
}

// readPublished reads the published (gzip-compressed) index file name
// under root, which must hold content f.
func readPublished(root, name string, f searchRec) ([]byte, error) {
	z, err := os.Open(filepath.Join(root, filepath.FromSlash(name)+".gz"))
	if err != nil {
		return nil, errNoPatch
	}
	defer z.Close()
	r, err := gzip.NewReader(z)
	if err != nil {
		return nil, errNoPatch
	}
	data, err := io.ReadAll(io.LimitReader(r, int64(f.Size)+1))
	if err != nil || len(data) != f.Size || sha256.Sum256(data) != f.Sum {
		return nil, errNoPatch
	}
	return data, nil
}

// eachTerm calls fn with each term of a document's encoded terms
// (searchPage.terms) and its weight.
func eachTerm(b []byte, fn func(t []byte, w int)) {
	for len(b) > 0 {
		n, k := binary.Uvarint(b)
		fn(b[k:k+int(n)], int(b[k+int(n)]))
		b = b[k+int(n)+1:]
	}
}

// patchShard is shard was (nil: none) with the postings of the terms
// touched taken out for the documents in the ranges gone and those of
// news put in, encoded as encodeShard encodes; nil when no term is left.
func patchShard(was []byte, touched map[string]bool, news map[string][]int32, gone [][2]int32) ([]byte, error) {
	lists := map[string][]byte{} // term -> its encoded list, as published
	if was != nil {
		if err := scanShard(was, func(term string, list []byte) { lists[term] = list }); err != nil {
			return nil, err
		}
	}
	for t := range touched {
		var abs []int32
		if l, ok := lists[t]; ok {
			var err error
			if abs, err = decodePostings(l, gone); err != nil {
				return nil, err
			}
		}
		merged := mergePostings(abs, news[t])
		if len(merged) == 0 {
			delete(lists, t)
			continue
		}
		lists[t] = encodePostings(merged)
	}
	if len(lists) == 0 {
		return nil, nil
	}
	terms := slices.Sorted(maps.Keys(lists))
	n := 2
	for _, t := range terms {
		n += len(t) + 4 + len(lists[t])
	}
	b := make([]byte, 0, n)
	b = append(b, '{')
	for i, t := range terms {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, t)
		b = append(b, ':')
		b = append(b, lists[t]...)
	}
	return append(b, '}'), nil
}

// mergePostings merges two absolute posting lists ordered by document
// (no document in both).
func mergePostings(a, b []int32) []int32 {
	out := make([]int32, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if a[0] < b[0] {
			out, a = append(out, a[0], a[1]), a[2:]
		} else {
			out, b = append(out, b[0], b[1]), b[2:]
		}
	}
	return append(append(out, a...), b...)
}

// decodePostings reads a published list [d, w, Δd, w, ...] as absolute
// postings, without the pairs whose document is in one of the ranges
// gone (by hand: a one-page edit of a site whose pages share most words
// reads most of its index's numbers).
func decodePostings(l []byte, gone [][2]int32) ([]int32, error) {
	if len(l) < 2 || l[0] != '[' || l[len(l)-1] != ']' {
		return nil, errNoPatch
	}
	out := make([]int32, 0, len(l)/3)
	doc, n, pair := int32(0), 0, [2]int32{}
	for i := 1; i < len(l); i++ {
		v, digits := int32(0), 0
		for ; i < len(l) && '0' <= l[i] && l[i] <= '9'; i++ {
			v = v*10 + int32(l[i]-'0')
			digits++
			if digits > 9 {
				return nil, errNoPatch
			}
		}
		if digits == 0 || i >= len(l) || (l[i] != ',' && l[i] != ']') || (l[i] == ']' && i != len(l)-1) {
			if len(l) == 2 {
				return out, nil // []
			}
			return nil, errNoPatch
		}
		pair[n%2] = v
		if n%2 == 1 {
			doc += pair[0]
			if !inRanges(doc, gone) {
				out = append(out, doc, pair[1])
			}
		}
		n++
	}
	if n%2 != 0 {
		return nil, errNoPatch
	}
	return out, nil
}

// inRanges reports whether doc is in one of the ranges [from, to),
// which are in order and do not overlap.
func inRanges(doc int32, ranges [][2]int32) bool {
	i, _ := slices.BinarySearchFunc(ranges, doc, func(g [2]int32, d int32) int { return cmp.Compare(g[1], d+1) })
	return i < len(ranges) && ranges[i][0] <= doc && doc < ranges[i][1]
}

// encodePostings is the published list of absolute postings: each
// document as the difference to the previous one (searchIndex.encode).
func encodePostings(abs []int32) []byte {
	b := make([]byte, 0, 4*len(abs)+2)
	b = append(b, '[')
	prev := int32(0)
	for i := 0; i < len(abs); i += 2 {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(abs[i]-prev), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(abs[i+1]), 10)
		prev = abs[i]
	}
	return append(b, ']')
}

// scanShard calls fn with each term of a shard (encodeShard's JSON) and
// its list's bytes.
func scanShard(b []byte, fn func(term string, list []byte)) error {
	if len(b) < 2 || b[0] != '{' || b[len(b)-1] != '}' {
		return errNoPatch
	}
	b = b[1 : len(b)-1]
	for len(b) > 0 {
		end := jsonStringEnd(b)
		if end < 0 || end+1 >= len(b) || b[end] != ':' || b[end+1] != '[' {
			return errNoPatch
		}
		var term string
		if err := json.Unmarshal(b[:end], &term); err != nil {
			return errNoPatch
		}
		close := bytes.IndexByte(b[end+1:], ']')
		if close < 0 {
			return errNoPatch
		}
		fn(term, b[end+1:end+2+close])
		b = b[end+2+close:]
		if len(b) > 0 {
			if b[0] != ',' {
				return errNoPatch
			}
			b = b[1:]
		}
	}
	return nil
}

// jsonStringEnd is the offset just past the JSON string b starts with,
// -1 when it starts with none.
func jsonStringEnd(b []byte) int {
	if len(b) == 0 || b[0] != '"' {
		return -1
	}
	for i := 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return -1
}

// splitJSONArray splits a JSON array (joinJSON's) into its elements'
// bytes; nil when it is not one.
func splitJSONArray(b []byte) [][]byte {
	if len(b) < 2 || b[0] != '[' || b[len(b)-1] != ']' {
		return nil
	}
	var out [][]byte
	depth, start := 0, 1
	for i := 1; i < len(b)-1; i++ {
		switch b[i] {
		case '"':
			end := jsonStringEnd(b[i:])
			if end < 0 {
				return nil
			}
			i += end - 1
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, b[start:i])
				start = i + 1
			}
		}
	}
	if start < len(b)-1 {
		out = append(out, b[start:len(b)-1])
	}
	return out
}

// noteSearch records the state of the search index this build published
// (cacheIndex.Search) for the next build.
func (bc *bodyCache) noteSearch(st *searchState) {
	data, sum, err := encodeState(st)
	if err != nil {
		return
	}
	bc.mu.Lock()
	bc.nowSearch = sum
	if !bc.refs[sum] {
		bc.newObjs[sum] = data
	}
	bc.mu.Unlock()
}
