package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc64"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/dataview/query"
	"d6codex/cmd/sitegen/internal/layout/detect"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/templates"
)

// The build cache: the dependency graph's bodies (graph.go) kept between
// builds, so that a `sitegen build` after another (or after `serve`)
// renders again only the Markdown of the pages whose text can differ.
//
// It lives in Options.CacheDir (the user's cache folder + "/d6codex" by
// default, never in the source nor in the output), in two parts:
//
//   - builds/: one index per site, named by a hash of the source's
//     absolute path and of the options that change what a page's text
//     says (--drafts, --base-url, --broken-links). It holds what the
//     graph records of each page's body (its file, URL and the Markdown
//     pipeline's other inputs; the hash of every file it read: the page,
//     its includes, the notes it embeds; every question its text asked
//     the content model and the answer; its problems), the stamp (size,
//     times, inode: fileStamp) and hash of each of those files, each
//     page's output files with their hash and stamp and the hash of its
//     link previews, and each previews shard's key and file (preview.go).
//   - buildobjs/SITE/: each body's rendered parts (HTML, table of contents,
//     preview index) and its search entry (searchcache.go), and the
//     state of the search index published (searchpatch.go), each in a
//     file named by the hash of its content, in the folder of the site
//     (named as its index is: two copies of one site share none, so one
//     never deletes what the other's index names). A build writes the objects of the pages it rendered
//     anew and no other, then the index, then removes the objects the
//     previous index named and the new one does not: a one-page edit
//     writes its page's objects and appends its change of the index to
//     the index's log (cachelog.go), a few kilobytes.
//
// assets.Cache.Trim removes the files of both unused for a month.
//
// The next build loads and places every page as always, then for each
// page asks the cache: the body is reused when the page's inputs are the
// same, every file it read has the same hash, and every question, asked
// again of the new model, gets the same answer (the test an Update makes,
// asked of every question); else its Markdown is rendered. A page whose
// Dataview queries ran is reused when, besides, the model's structure is
// the same (names resolve the same), every note its queries read through
// a link has the same hash (in its Reads), and each source its queries
// scanned selects the same notes with the same hashes (sourceDigest);
// never when a query read what no note's text holds (query.Deps.Volatile:
// the clock, times, inlinks, link sources, base views). A file's hash is
// the one recorded when its stamp is the one recorded and not racy (git's
// index and its racy-clean rule: the file's modification time is more
// than racyMargin before the recording build began); else the file is
// read and hashed. Frames are made for every page; a page whose frame,
// body (by its object's hash) and site view are those of the previous
// build keeps its output files when each is there with the stamp recorded
// (assets.Output.KeepIf: the file in the folder brought up to date, or
// linked from the previous output), or, when that stamp is racy, with the
// content recorded (read and hashed). A file that does not match is
// written again, never trusted: an output file edited by hand is made
// again (unless its size, time and inode were all set back as they were,
// which no editor does).
//
// The cache stands for nothing it cannot vouch for: a file of another
// format version, another sitegen binary, other settings files (the
// layout's, detect.Settings), another layout, other theme assets, or an
// index that does not read whole (its checksum) makes a full build, and
// the build says why (Result.Cache); an object that does not read whole
// (its name is not its content's hash) makes its page rendered and the
// object written again, and the build says how many. A cache that cannot
// be read or written never fails a build.

// buildCacheFormat is the version of the cache's format; an index of
// another version is not read.
const buildCacheFormat = 21 // 21: a page record's and a body's Reads hold absentSum for a file read that does not exist (a Zola page's _index.md of a folder with none), so such a page is cached and loaded again once the file is created; 20: a page record's Includes hold the files its layout's rules read to place it (layout.Page.Reads: a Zola section's _index.md, whose sort_by and transparent order its pages), so an edit of one loads the page again; 19: a body's Dataview queries keep the digest of each source's members' files beside the digest of what they read of them (cachedQuery.Files): while the model's structure and those files are the same, the latter is not made again; 18: a body's Dataview queries keep where each link target they resolved by name, and each note they read, led (cachedQuery.Answers, content.Body.Names): a note added, removed or renamed elsewhere re-renders a query page only when one of them leads elsewhere now, not whenever names changed; 17: a body's Dataview queries keep what they read of each member of their sources (cachedQuery.Member, MemberAll), and each source's digest is of those fields' values (content.Site.QueryPrint), not of the members' files, unless MemberAll; 16: a page record keeps its layout's filters on its HTML (CachedLoad.HTMLOps, Jekyll's {{ content | replace: '<table>', … }}); 15: a body whose Dataview queries ran is kept, with what they read (cachedBody.Query: the notes read through links, the digest of each source's members);  14: a page record keeps its outline (Page.Outline, for heading paths); 13: the digest of the model the answers were recorded in (cacheIndex.Digest); a record's problems keep their broken link (Diagnostic.Link); 12: a page record keeps its hero image (layout.Home.Image); 11: objects in a folder per site (buildobjs/SITE/); 10: a page's previews by their hash (cachedOut.Preview), not their bytes; the previews shards' keys (cacheIndex.Shards); 9: the index and its log checked by CRC-64 (buildCacheMagic 2); 8: a page record keeps just-the-docs' text nav_order

// buildCacheMagic starts a cache index, before its checksum and its
// payload; it names the index file's framing (2: a CRC-64 checksum).
const buildCacheMagic = "d6codex build cache 2\n"

// oldCacheMagic started the index of the framing before (a SHA-256
// checksum): a cache of another format, not a corrupt one.
const oldCacheMagic = "d6codex build cache\n"

// indexSum is the checksum of an index file's payload or of a log
// entry's: the CRC-64 (ECMA) of it, big-endian. It is there to catch a
// damaged or truncated file (what the build wrote is read back, not
// what someone forged), and it costs a fraction of a SHA-256 of the
// whole index, which every cached build opens.
type indexSum [8]byte

// sumOf is the indexSum of data.
func sumOf(data []byte) indexSum {
	var s indexSum
	binary.BigEndian.PutUint64(s[:], crc64.Checksum(data, crc64.MakeTable(crc64.ECMA)))
	return s
}

// racyMargin is how long before a build began a file's modification
// time must be for its recorded stamp to stand for its content (git's
// racy-clean rule, https://git-scm.com/docs/racy-git): a file changed
// within the same tick of the clock as the build looked at it may keep
// the stamp the build recorded. Two seconds covers the coarsest clocks
// of common file systems (FAT's).
const racyMargin = int64(2 * time.Second)

// bodyCache is the build cache of one build (see above).
type bodyCache struct {
	site  *Site       // the site whose build opened it (openBodyCache): loading asks it (PageCache)
	file  string      // the index
	objs  string      // the folder of the objects (bodies by content hash)
	print cachePrints // this build's
	start int64       // when this build began looking at files (UnixNano): its stamps hold from then
	old   *cacheIndex // the previous build's, nil when it is not used
	// The index as last written (read, then saved), its log's entries
	// applied, with the checksum and size of the index file the log
	// follows (cachelog.go).
	saved     *cacheIndex
	savedSum  indexSum
	savedSize int64
	refs      map[[sha256.Size]byte]bool
	// Reason says why the build renders everything ("" when the cache is used).
	reason string

	hashes  sync.Map // source-relative path -> srcRecord, or nil: unreadable
	sources sync.Map // Dataview source as written -> *sourceDigest, made once a build (or an Update)
	bodyOf  sync.Map // *body -> its text object's hash, for bodies recorded or reused
	lazy    sync.Map // *body -> the hash of its text object, not read yet (fillText)
	entries sync.Map // *body -> its searchPage: the cache's, or made once for the index and the cache (searchEntry)
	docsOf  sync.Map // *body -> the hash of its search entry object, not read yet (searchcache.go: lazyEntry)
	broken  sync.Map // object hash -> true: an object that did not read whole, written again

	mu      sync.Mutex
	now     map[string]*cachedBody
	nowSrc  map[string]content.SrcRecord
	newObjs map[[sha256.Size]byte][]byte // objects to write
	reused  atomic.Int64
	asked   atomic.Int64 // pages whose body was looked for
	bad     atomic.Int64 // entries that did not read whole
	unread  atomic.Int64 // pages taken as loaded, not read
	dirty   bool         // an Update changed it since it was written (SaveCache)

	nowLoads map[string]*content.CachedLoad // content-relative path -> the page as loaded, for the next build

	siteKey [sha256.Size]byte     // of the site's view (templates.Site: navigation, footer, assets)
	nowOuts map[string]*cachedOut // site path -> the page's output files in this build
	kept    atomic.Int64          // pages whose output was kept whole
	keyBufs sync.Pool             // pageKey's buffers (*keyWriter), one for each page keyed at a time
	// The previews shards this build wrote or kept (output path ->
	// record), and how many it kept.
	nowShards   map[string]*cachedShard
	shardsKept  int
	shardsTotal int
	patched     atomic.Bool // the search index was patched (searchpatch.go)
	// Of the patched index's files (index.json left out), those written
	// anew and all of them.
	patchedNew, patchedAll atomic.Int64

	// The output this build published (cacheIndex.Dest, Mark, Own).
	nowDest string
	nowMark content.FileStamp
	nowOwn  map[string]bool
	// The search index this build published (cacheIndex.Search).
	nowSearch [sha256.Size]byte
	// The digest of the model this build's answers hold in
	// (cacheIndex.Digest), and which of the previous build's answers
	// to ask again (content.Site.Asking; nil without a previous build).
	nowDigest *content.Digest
	ask       func(content.Call, content.Answer) bool
}

// cachedOut is what a page wrote: the hash of everything its output was
// made from (pageKey) and each file's record.
type cachedOut struct {
	Key     [sha256.Size]byte
	Files   map[string]outRecord
	Preview [sha256.Size]byte // the hash of the page's previews in its shard (previewEntry), zero for none
}

// cachedShard is a previews shard a build wrote (preview.go): its key
// (previewKey: the site paths of its pages and the hashes of their
// previews) and its file's record.
type cachedShard struct {
	Key  [sha256.Size]byte
	File outRecord
}

// outRecord is an output file's content hash and its stamp once written
// (its change time left out: linking the file into the next output
// changes it).
type outRecord struct {
	Sum   [sha256.Size]byte
	Stamp content.FileStamp
}

// cachePrints is what the whole cache depends on.
type cachePrints struct {
	Format   int
	Binary   string
	Options  string
	Layout   string
	Settings map[string]string // settings file -> hash of its content ("" when absent)
	Assets   map[string]string
}

// cacheIndex is the index's content: all but the pages' rendered text,
// which is in the objects.
type cacheIndex struct {
	Prints  cachePrints
	Start   int64                          // when the build that wrote it began (UnixNano)
	Sources map[string]content.SrcRecord   // source-relative path -> its record, for each file a body read
	Bodies  map[string]*cachedBody         // content-relative path -> body
	Loads   map[string]*content.CachedLoad // content-relative path -> the page as loadPage read it (cachedLoad)
	Outs    map[string]*cachedOut          // site path -> the page's output files
	Shards  map[string]*cachedShard        // output path -> the previews shard written there
	// The output the build published (commit.go): its folder, the stamp
	// of its marker file once published (zero: none the next build can
	// trust), and every file in it the build made.
	Dest string
	Mark content.FileStamp
	Own  map[string]bool
	// The search index the build published (searchpatch.go): the hash
	// of its searchState object, zero for none.
	Search [sha256.Size]byte
	// The digest of the content model every answer of Bodies was given
	// in: a build asks again only the questions whose answers can
	// differ in its own model (content.Site.Asking), as serve does.
	Digest *content.Digest
}

// cachedBody is a body (graph.go) as the index keeps it; its rendered
// parts are the object Obj.
type cachedBody struct {
	File, URL                        string
	DropH1, DropLeading, Failed, Err bool
	Redirect, Previews, HasDocs      bool
	Reads                            map[string][sha256.Size]byte
	Calls                            []cachedCall
	Errs, Warns                      content.Diagnostics
	Flags                            map[string]bool
	Scripts, Styles                  []string
	Obj                              [sha256.Size]byte // its text: HTML, table of contents, preview index
	Docs                             [sha256.Size]byte // its search entry (searchcache.go; zero: none)
	// What the search entry was made from besides the body: the page's
	// title and other names (an entry of another title is made again).
	Title string
	Names []string
	// What its Dataview queries read (content.Body.Query), nil for none.
	Query *cachedQuery
}

// cachedQuery is what a body's Dataview queries read (query.Deps, never
// Volatile): the vault paths of the notes read through links (their
// files are in the body's Reads), the fields named, and each source
// scanned with the digest of its members when the body was made
// (sourceDigest).
type cachedQuery struct {
	Pages, Fields []string
	Sources       []string
	Digests       [][sha256.Size]byte // of Sources, in order
	// Files are the digests of Sources' members' files (sourceDigest),
	// in order, zero where none could be made: while the model's
	// structure and a source's files are the same, what is read of its
	// members is too, and its Digest is not made again (queryHolds).
	Files [][sha256.Size]byte
	// What the queries read of each member of their sources
	// (query.Deps.Member, in order); with MemberAll, anything: Digests
	// are then of the members' files (sourceDigest), else of what is
	// read of them (content.Site.QueryPrint).
	Member    []string
	MemberAll bool
	// Names: a query resolved names it cannot list (query.Deps.Names).
	Names bool
	// Answers are where each link target the queries resolved by name,
	// and each note they read, led (content.Body.Names): key, answer,
	// key, answer..., by key.
	Answers []string
}

// names is q.Answers as content.Body.Names has them.
func (q *cachedQuery) names() map[string]string {
	m := make(map[string]string, len(q.Answers)/2)
	for i := 0; i+1 < len(q.Answers); i += 2 {
		m[q.Answers[i]] = q.Answers[i+1]
	}
	return m
}

// digest is the digest of source src now as q records it: what q's
// queries read of its members, or (MemberAll) their files.
func (q *cachedQuery) digest(bc *bodyCache, s *Site, src string) ([sha256.Size]byte, bool) {
	if q.MemberAll {
		return bc.sourceDigest(s, src)
	}
	sum, ok := s.QueryPrint(src, q.Member)
	return sum, ok
}

// namesFree reports whether q's queries cannot show another result when
// only the vault's names changed (a note added, removed or renamed
// elsewhere, an alias): every link target they resolved by name, and
// every note they read, leads where it led (content.Site.NamesHold), and
// they read no member whole; their sources' members (each member's URL
// among them) are compared by their digests.
func (q *cachedQuery) namesFree(s *Site) bool {
	return !q.MemberAll && !q.Names && s.NamesHold(q.names())
}

// deps is q as the query package records it.
func (q *cachedQuery) deps() *query.Deps {
	d := &query.Deps{Sources: slices.Clone(q.Sources)}
	if len(q.Pages) > 0 {
		d.Pages = make(map[string]bool, len(q.Pages))
		for _, p := range q.Pages {
			d.Pages[p] = true
		}
	}
	if len(q.Fields) > 0 {
		d.Fields = make(map[string]bool, len(q.Fields))
		for _, f := range q.Fields {
			d.Fields[f] = true
		}
	}
	if len(q.Member) > 0 {
		d.Member = make(map[string]bool, len(q.Member))
		for _, f := range q.Member {
			d.Member[f] = true
		}
	}
	d.MemberAll, d.Names = q.MemberAll, q.Names
	for key := range q.names() {
		if _, t := content.SplitNameKey(key); !d.Pages[t] {
			d.Target(t)
		}
	}
	return d
}

// sourceDigest is the digest of a Dataview source's members, made once.
type sourceDigest struct {
	once sync.Once
	sum  [sha256.Size]byte
	ok   bool
}

// sourceDigest is the digest of the notes Dataview source src (as
// query.Deps.Sources records it) selects in site s now: the SHA-256 of
// each member's vault path and the hash of each file it is read from,
// in the vault's order, so that a note joining or leaving the source,
// or a member's text changing, changes it. ok is false when the members
// cannot be said or a file cannot be read. It is made once per source
// per build: thousands of query blocks share a few sources.
func (bc *bodyCache) sourceDigest(s *Site, src string) ([sha256.Size]byte, bool) {
	v, _ := bc.sources.LoadOrStore(src, &sourceDigest{})
	sd := v.(*sourceDigest)
	sd.once.Do(func() {
		paths, ok := s.QueryMembers(src)
		if !ok {
			return
		}
		h := sha256.New()
		for _, rel := range paths {
			files, ok := s.QueryFiles(rel)
			if !ok {
				return
			}
			h.Write([]byte(rel))
			h.Write([]byte{0})
			for _, f := range files {
				sum, ok := bc.hash(s, f)
				if !ok {
					return
				}
				h.Write([]byte(f))
				h.Write([]byte{0})
				h.Write(sum[:])
			}
			h.Write([]byte{1})
		}
		copy(sd.sum[:], h.Sum(nil))
		sd.ok = true
	})
	return sd.sum, sd.ok
}

// recordQuery adds to c what body b's Dataview queries read (d): the
// files of the notes read through links to its Reads, each source with
// its digest now; false when the body cannot be kept (the queries read
// what no note holds, or what they read cannot be said).
func (bc *bodyCache) recordQuery(s *Site, b *content.Body, c *cachedBody) bool {
	d := b.Query
	if d.Volatile {
		return false
	}
	q := &cachedQuery{Pages: slices.Sorted(maps.Keys(d.Pages)), Fields: slices.Sorted(maps.Keys(d.Fields)), Sources: slices.Clone(d.Sources),
		Member: slices.Sorted(maps.Keys(d.Member)), MemberAll: d.MemberAll, Names: d.Names || !content.NamesCover(d, b.Names)}
	for _, key := range slices.Sorted(maps.Keys(b.Names)) {
		q.Answers = append(q.Answers, key, b.Names[key])
	}
	for _, rel := range q.Pages {
		files, ok := s.QueryFiles(rel)
		if !ok {
			return false
		}
		for _, f := range files {
			sum, ok := bc.hash(s, f)
			if !ok {
				return false
			}
			c.Reads[f] = sum
		}
	}
	for _, src := range q.Sources {
		sum, ok := q.digest(bc, s, src)
		if !ok {
			return false
		}
		q.Digests = append(q.Digests, sum)
		files, _ := bc.sourceDigest(s, src) // zero when it cannot be made: never equal
		q.Files = append(q.Files, files)
	}
	c.Query = q
	return true
}

// queryHolds reports whether what the queries of the body recorded as c
// read is the same in this build: the model's structure (names resolve
// the same), and each source's members (sourceDigest); the notes read
// through links are in c.Reads, checked by reuse.
func (bc *bodyCache) queryHolds(s *Site, c *cachedBody) bool {
	q := c.Query
	if q == nil {
		return true
	}
	if bc.old.Digest == nil || bc.nowDigest == nil || len(q.Digests) != len(q.Sources) {
		return false
	}
	same := bc.old.Digest.Structure == bc.nowDigest.Structure
	for i, src := range q.Sources { // made once per source: before the names, each asked per page
		if same && !q.MemberAll && i < len(q.Files) {
			// The same names, URLs and members' files: what is read of
			// the members (their fields, their outlinks as they resolve,
			// their URLs) is the same; the print need not be made.
			if files, ok := bc.sourceDigest(s, src); ok && files == q.Files[i] && files != ([sha256.Size]byte{}) {
				continue
			}
		}
		if sum, ok := q.digest(bc, s, src); !ok || sum != q.Digests[i] {
			return false
		}
	}
	return same || q.namesFree(s)
}

// bodyObject is a body's rendered parts, stored in a file named by the
// hash of its encoding.
type bodyObject struct {
	Content string
	TOC     []*templates.TOCItem
	PX      *markup.PreviewIndex
}

// cachedCall is a call and its answer.
type cachedCall struct {
	From                            string
	Wiki, Embed                     bool
	Dest, Frag                      string
	URL, Problem, Warning, Unlinked string
	Title                           string
	NoteFile, NoteURL               string
	NoteDropH1, NoteDropLeading     bool
	AsText                          bool
}

// pair is the call cc and its answer.
func (cc cachedCall) pair() (content.Call, content.Answer) {
	return content.Call{From: cc.From, Wiki: cc.Wiki, Dest: cc.Dest, Frag: cc.Frag, Embed: cc.Embed},
		content.Answer{Url: cc.URL, Problem: cc.Problem, Warning: cc.Warning, Unlinked: cc.Unlinked, Title: cc.Title, AsText: cc.AsText,
			Note: content.Note{File: cc.NoteFile, Url: cc.NoteURL, DropH1: cc.NoteDropH1, DropLeading: cc.NoteDropLeading}}
}

// cachePath is the cache file of a build with opts, "" without a cache
// (Options.ReuseBuild off, or no cache folder).
func cachePath(opts content.Options) string {
	if !opts.ReuseBuild || opts.CacheDir == "-" || opts.CacheDir == "" {
		return ""
	}
	src, err := filepath.Abs(opts.Source)
	if err != nil {
		return ""
	}
	if r, err := filepath.EvalSymlinks(src); err == nil {
		src = r
	}
	sum := sha256.Sum256([]byte(src + "\x00" + optionsPrint(opts)))
	return assets.Cache{Dir: opts.CacheDir}.Path("builds/" + hex.EncodeToString(sum[:12]) + ".gob")
}

// objectsFolder is the folder of the build objects of the site whose
// index is the file index in the cache folder dir: its own, named as its
// index, so that another site's build (a second copy of this one makes
// the same objects) never deletes them; "." where the cache cannot hold
// it.
func objectsFolder(dir, index string) string {
	site := strings.TrimSuffix(filepath.Base(index), ".gob")
	return filepath.Dir(assets.Cache{Dir: dir}.Path("buildobjs/" + site + "/x"))
}

// optionsPrint is the options a page's text depends on.
func optionsPrint(opts content.Options) string {
	return fmt.Sprintf("drafts=%t base=%q links=%q", opts.Drafts, opts.BaseURL, opts.BrokenLinks)
}

// openBodyCache reads the build cache's index for a build of s (nil when
// the build has no cache), before its pages are loaded: what the index
// records of each page as loaded stands for the page whose files did not
// change (LoadedFromCache). What the site's view decides is checked once
// the view is made (setView).
func (s *Site) openBodyCache() *bodyCache {
	file := cachePath(s.Opts)
	if file == "" {
		return nil
	}
	bc := &bodyCache{site: s, file: file, objs: objectsFolder(s.Opts.CacheDir, file), start: s.sumsSince.UnixNano(),
		now: map[string]*cachedBody{}, nowSrc: map[string]content.SrcRecord{}, newObjs: map[[sha256.Size]byte][]byte{}, nowOuts: map[string]*cachedOut{},
		nowShards: map[string]*cachedShard{}, nowLoads: map[string]*content.CachedLoad{}}
	if s.sumsSince.IsZero() {
		bc.start = time.Now().UnixNano()
	}
	bc.print = cachePrints{Format: buildCacheFormat, Binary: binaryPrint(), Options: optionsPrint(s.Opts), Layout: s.Lay.Describe(),
		Settings: map[string]string{}}
	for _, f := range detect.Settings(s.Lay) {
		data, err := os.ReadFile(filepath.Join(s.Opts.Source, filepath.FromSlash(f)))
		if err == nil {
			sum := sha256.Sum256(data)
			bc.print.Settings[f] = hex.EncodeToString(sum[:])
		} else {
			bc.print.Settings[f] = ""
		}
	}
	if bc.print.Binary == "" {
		bc.reason = "the sitegen binary cannot be identified"
		return bc
	}
	if bc.objs == "." {
		bc.reason = "the cache folder cannot hold the pages"
		return bc
	}
	ix, sum, size, err := readCacheIndex(file)
	if err != nil {
		bc.reason = err.Error()
		return bc
	}
	bc.saved, bc.savedSum, bc.savedSize = ix, sum, size
	p := bc.print
	p.Assets = ix.Prints.Assets // checked by setView
	if bc.reason = p.differs(ix.Prints); bc.reason == "" {
		bc.old = ix
		// This build records about as many of each as the last one.
		bc.now, bc.nowSrc = make(map[string]*cachedBody, len(ix.Bodies)), make(map[string]content.SrcRecord, len(ix.Sources))
		bc.nowOuts, bc.nowLoads = make(map[string]*cachedOut, len(ix.Outs)), make(map[string]*content.CachedLoad, len(ix.Loads))
		bc.refs = make(map[[sha256.Size]byte]bool, len(ix.Bodies))
		for _, c := range ix.Bodies {
			bc.refs[c.Obj], bc.refs[c.Docs] = true, true
		}
		bc.refs[ix.Search] = true
	}
	return bc
}

// setView completes the cache of a build whose site view is view: the
// theme's assets are one more thing the whole cache depends on, and the
// view's hash is part of every page's key (pageKey).
func (bc *bodyCache) setView(view *templates.Site) {
	if bc == nil {
		return
	}
	bc.print.Assets = maps.Clone(view.Assets)
	h := sha256.New()
	if err := json.NewEncoder(h).Encode(view); err != nil {
		bc.reason, bc.old, bc.refs = "the site's view cannot be hashed", nil, nil
		return
	}
	copy(bc.siteKey[:], h.Sum(nil))
	if bc.old != nil && !maps.Equal(bc.print.Assets, bc.old.Prints.Assets) {
		bc.reason, bc.old, bc.refs = "the theme's assets changed", nil, nil
	}
	// The model is whole now (every page's title, URL and ids), and the
	// bodies are rendered or reused after this.
	s := bc.site
	bc.nowDigest = s.DigestOf(s.Model)
	if bc.old != nil {
		bc.ask, _ = s.Asking(bc.old.Digest, bc.nowDigest, true) // the digest made once
	}
}

// differs says what of the cache's prints o differs from p, "" for none.
func (p cachePrints) differs(o cachePrints) string {
	switch {
	case o.Format != p.Format:
		return "the cache is of another format"
	case o.Binary != p.Binary:
		return "another sitegen binary"
	case o.Options != p.Options:
		return "other options"
	case o.Layout != p.Layout:
		return "the layout changed"
	}
	for _, f := range slices.Sorted(maps.Keys(p.Settings)) {
		if h, ok := o.Settings[f]; !ok || h != p.Settings[f] {
			return f + " changed"
		}
	}
	for f := range o.Settings {
		if _, ok := p.Settings[f]; !ok {
			return f + " changed"
		}
	}
	if !maps.Equal(p.Assets, o.Assets) {
		return "the theme's assets changed"
	}
	return ""
}

// noCacheYet is the reason of a build without a cache file.
const noCacheYet = "no build cache yet"

// readCacheFile reads a cache index and applies its log (cachelog.go);
// the error says why it cannot be used, for the build's log.
func readCacheFile(file string) (*cacheIndex, error) {
	ix, _, _, err := readCacheIndex(file)
	return ix, err
}

// readCacheIndex reads a cache index, checking its checksum, and
// applies its log; it returns the index as written, with its checksum
// and size.
func readCacheIndex(file string) (*cacheIndex, indexSum, int64, error) {
	var none indexSum
	data, err := os.ReadFile(file)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, none, 0, errors.New(noCacheYet)
	case err != nil:
		return nil, none, 0, fmt.Errorf("the build cache cannot be read (%v)", err)
	}
	if bytes.HasPrefix(data, []byte(oldCacheMagic)) {
		return nil, none, 0, errCacheFormat
	}
	rest, ok := bytes.CutPrefix(data, []byte(buildCacheMagic))
	if !ok || len(rest) < len(none) {
		return nil, none, 0, errors.New("the build cache is corrupt")
	}
	want, payload := rest[:len(none)], rest[len(none):]
	sum := sumOf(payload)
	if !bytes.Equal(sum[:], want) {
		return nil, none, 0, errors.New("the build cache is corrupt")
	}
	d, err := decodeDelta(payload)
	if errors.Is(err, errCacheFormat) {
		return nil, none, 0, err
	}
	if err != nil {
		return nil, none, 0, errors.New("the build cache is corrupt")
	}
	ix, ok := d.index()
	if !ok {
		return nil, none, 0, errors.New("the build cache is corrupt")
	}
	if err := readCacheLog(file, sum, ix); err != nil {
		return nil, none, 0, err
	}
	return ix, sum, int64(len(data)), nil
}

// racy reports whether a file whose stamp is st may have changed since
// the previous build recorded st without its stamp showing it: it was
// modified within racyMargin of that build's start, or later.
func (bc *bodyCache) racy(st content.FileStamp) bool {
	return bc.old == nil || st.Mtime >= bc.old.Start-racyMargin
}

// hash is the hash of source file f's content, ok false when it cannot
// be read: the first text of it the build read (Site.sums), so that a
// file saved while the build runs is never recorded with the hash of a
// text newer than the one its pages were made from; else the previous
// build's record of it when the file's stamp is the one recorded and not
// racy; else read now.
func (bc *bodyCache) hash(s *Site, f string) (sum [sha256.Size]byte, ok bool) {
	if m := s.Sums; m != nil {
		if v, ok := m.Load(f); ok {
			r := v.(content.SrcRecord)
			bc.noteSource(f, r)
			return r.Sum, true
		}
	}
	if v, ok := bc.hashes.Load(f); ok {
		r, ok := v.(content.SrcRecord)
		return r.Sum, ok
	}
	r, err := bc.readRecord(s, f)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			bc.hashes.Store(f, absentFile{})
		} else {
			bc.hashes.Store(f, nil)
		}
		return sum, false
	}
	v, _ := bc.hashes.LoadOrStore(f, r)
	r = v.(content.SrcRecord)
	bc.noteSource(f, r)
	return r.Sum, true
}

// absentFile is what bc.hashes holds for a source file that does not
// exist (nil: one that cannot be read).
type absentFile struct{}

// absentSum is the digest a page record keeps of a file it read that
// does not exist (a Zola page's _index.md of a folder with none,
// layout.Page.Reads): the page is taken from the cache while the file is
// still absent, and loaded again once it is created. No file's content
// hashes to it but by a SHA-256 collision.
var absentSum = sha256.Sum256([]byte("sitegen build cache: no such file\x00"))

// readSum is the digest of a file a page read: its content's (hash), or
// absentSum when it does not exist; false when it cannot be read.
func (bc *bodyCache) readSum(s *Site, f string) ([sha256.Size]byte, bool) {
	if sum, ok := bc.hash(s, f); ok {
		return sum, true
	}
	if v, _ := bc.hashes.Load(f); v == (absentFile{}) {
		return absentSum, true
	}
	return [sha256.Size]byte{}, false
}

// readRecord stats the source file f (under the link rule, as every read
// of the source) and hashes its content, unless the previous build
// recorded the same stamp for it and the stamp is not racy.
func (bc *bodyCache) readRecord(s *Site, f string) (content.SrcRecord, error) {
	root, err := s.SrcRoot()
	if err != nil {
		return content.SrcRecord{}, err
	}
	if bc.old != nil {
		// Most files are as recorded: a stat says so, without opening
		// the file (srcpath.Root.Stat, a link at the end not followed:
		// a link, or a file not as recorded, is opened as below).
		if o, ok := bc.old.Sources[f]; ok {
			if info, err := root.Stat(f); err == nil && info.Mode().IsRegular() {
				if st := content.StampOf(info); st == o.Stamp && !bc.racy(st) {
					return o, nil
				}
			}
		}
	}
	file, err := root.OpenFile(f)
	if err != nil {
		return content.SrcRecord{}, err
	}
	defer file.Close()
	info, err := file.Stat()
	if err != nil {
		return content.SrcRecord{}, err
	}
	r := content.SrcRecord{Stamp: content.StampOf(info)}
	if bc.old != nil {
		if o, ok := bc.old.Sources[f]; ok && o.Stamp == r.Stamp && !bc.racy(r.Stamp) {
			return o, nil
		}
	}
	h := sha256.New()
	if _, err := io.Copy(h, file); err != nil {
		return content.SrcRecord{}, err
	}
	copy(r.Sum[:], h.Sum(nil))
	return r, nil
}

// noteSource keeps the record of source file f for the next build (a
// record without a stamp, a file whose stat failed, is not kept: the
// next build reads it).
func (bc *bodyCache) noteSource(f string, r content.SrcRecord) {
	if r.Stamp.Mtime == 0 && r.Stamp.Size == 0 {
		return
	}
	bc.mu.Lock()
	bc.nowSrc[f] = r
	bc.mu.Unlock()
}

// body returns the body of page p: the cache's when it can stand for it,
// else rendered.
func (s *Site) cachedOrRender(p *content.Page, assets templates.Assets) *content.Body {
	if b := s.bc.reuse(s, p); b != nil {
		p.Src = nil // as renderBody does
		return b
	}
	return s.renderBody(p, assets)
}

// reuse returns the kept body of page p when every input it was made
// from is the same (see above) and its object reads whole, else nil.
func (bc *bodyCache) reuse(s *Site, p *content.Page) *content.Body {
	if bc == nil || p.File == "" {
		return nil
	}
	bc.asked.Add(1)
	if p.ReadsSite { // its text depends on every page (layout.Expanded.ReadsSite)
		return nil
	}
	if bc.old == nil {
		return nil
	}
	c := bc.old.Bodies[p.Rel]
	if c == nil || c.File != p.File || c.URL != s.Cfg.RelURL(p.SitePath) || c.Failed != p.Failed ||
		c.DropH1 != (p.DropH1 && !p.TitleLead) || c.DropLeading != (p.DropH1 && p.TitleLead) ||
		c.Redirect != (p.RedirectTo != "") || c.Previews != s.previews(p) ||
		!c.HasDocs && (s.Graph.Keeps() || s.indexed(p)) {
		return nil
	}
	for _, f := range p.Includes {
		if _, ok := c.Reads[f]; !ok {
			return nil
		}
	}
	for f, want := range c.Reads {
		if got, ok := bc.readSum(s, f); !ok || got != want {
			return nil
		}
	}
	if !bc.queryHolds(s, c) {
		return nil
	}
	b := &content.Body{File: c.File, Url: c.URL, DropH1: c.DropH1, DropLeading: c.DropLeading, Failed: c.Failed, Err: c.Err,
		Probs: content.Problems{Errs: slices.Clone(c.Errs), Warns: slices.Clone(c.Warns)}, Flags: c.Flags, Scripts: c.Scripts, Styles: c.Styles}
	if c.Query != nil {
		b.Query = c.Query.deps() // serve's Update reads it (update.go: bodyStale)
		if s.Graph != nil {
			// Its sources select what they did (queryHolds): their
			// members now are the ones it was rendered with.
			for i, src := range c.Query.Sources {
				if h, _, ok := s.QuerySet(src); ok {
					b.SetSource(src, h)
				}
				if !c.Query.MemberAll {
					b.SetPrint(src, c.Query.Member, c.Query.Digests[i])
				}
			}
			b.Names = c.Query.names()
		}
	}
	for _, cc := range c.Calls {
		k, a := cc.pair()
		if bc.ask != nil && !bc.ask(k, a) {
			continue // its answer is the same in this model
		}
		if now, ok := s.Ask(k); !ok || now != a {
			return nil
		}
	}
	if s.Graph != nil {
		// serve's Update reads a body's files and calls again (update.go)
		b.Reads, b.Calls = make(map[string]bool, len(c.Reads)), make(map[content.Call]content.Answer, len(c.Calls))
		for f := range c.Reads {
			b.Reads[f] = true
		}
		for _, cc := range c.Calls {
			k, a := cc.pair()
			b.Calls[k] = a
		}
	} else { // a build's needs its links only (render.go's LinkGraph), not a map of each
		s.SetLinks(p, b, func(yield func(content.Call, content.Answer) bool) {
			for _, cc := range c.Calls {
				if !yield(cc.pair()) {
					return
				}
			}
		})
	}
	// The objects a build reads are those it needs: the search
	// documents of an indexed page when the search index needs them
	// (searchpatch.go), or kept (serve's graph); the text when the
	// page's output is written (fillText), or kept.
	if c.HasDocs && (s.Graph.Keeps() || s.indexed(p)) {
		if c.Title != p.Title || !slices.Equal(c.Names, p.Names) {
			return nil // its entry was made for another title: rendered
		}
		if !s.Graph.Keeps() {
			// The entry is read when the search index needs it (a
			// changed page's neighbours need none: searchpatch.go).
			bc.docsOf.Store(b, c.Docs)
		} else {
			data, ok := bc.readRaw(c.Docs)
			if !ok {
				return nil // rendered, and its objects written again
			}
			url, title, names, sp, err := decodeSearchObject(data)
			if err != nil {
				bc.spoilt(c.Docs)
				return nil
			}
			if url != c.URL || title != p.Title || !slices.Equal(names, p.Names) {
				return nil // its entry was made for another title: rendered
			}
			// serve's Update weighs a page's documents again when its title changes
			if b.Docs, err = entryDocs(sp.entry); err != nil {
				return nil // rendered: its documents do not read back as they were
			}
			bc.entries.Store(b, sp)
		}
	}
	if s.Graph.Keeps() {
		o, ok := bc.readObject(c.Obj)
		if !ok {
			return nil
		}
		b.Content, b.Toc, b.Px = o.Content, o.TOC, o.PX
	} else {
		bc.lazy.Store(b, c.Obj)
	}
	bc.reused.Add(1)
	bc.bodyOf.Store(b, c.Obj)
	bc.mu.Lock()
	bc.now[p.Rel] = c
	bc.mu.Unlock()
	return b
}

// fillText reads the text of body b of page p when the cache gave b
// without it (reuse) and reports whether it did (the page's view is
// then filled again). An object that does not read whole is made anew:
// the page's Markdown rendered again (its problems, the same, were
// published with the cached body).
func (bc *bodyCache) fillText(s *Site, p *content.Page, b *content.Body, assets templates.Assets) bool {
	if bc == nil || b == nil {
		return false
	}
	v, ok := bc.lazy.LoadAndDelete(b)
	if !ok {
		return false
	}
	sum := v.([sha256.Size]byte)
	if o, ok := bc.readObject(sum); ok {
		b.Content, b.Toc, b.Px = o.Content, o.TOC, o.PX
		return true
	}
	nb := s.renderBody(p, assets)
	b.Content, b.Toc, b.Px = nb.Content, nb.Toc, nb.Px
	if data, sum2, err := encodeObject(bodyObject{Content: b.Content, TOC: b.Toc, PX: b.Px}); err == nil && sum2 == sum {
		bc.mu.Lock()
		bc.newObjs[sum] = data
		bc.mu.Unlock()
	}
	return true
}

// encodeObject is an object's file and its hash.
func encodeObject(o bodyObject) ([]byte, [sha256.Size]byte, error) {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(o); err != nil {
		return nil, [sha256.Size]byte{}, err
	}
	return buf.Bytes(), sha256.Sum256(buf.Bytes()), nil
}

// objectPath is the file of the object with hash sum.
func (bc *bodyCache) objectPath(sum [sha256.Size]byte) string {
	return filepath.Join(bc.objs, hex.EncodeToString(sum[:]))
}

// readObject reads the object with hash sum; false when it is missing or
// does not read whole (its content is not the one its name hashes): the
// object is then written again by this build.
func (bc *bodyCache) readObject(sum [sha256.Size]byte) (*bodyObject, bool) {
	data, ok := bc.readRaw(sum)
	if !ok {
		return nil, false
	}
	var o bodyObject
	if content.DecodeGob(data, &o) != nil {
		bc.spoilt(sum)
		return nil, false
	}
	return &o, true
}

// readRaw reads the bytes of the object with hash sum; false when it is
// missing or its content is not the one its name hashes (spoilt).
func (bc *bodyCache) readRaw(sum [sha256.Size]byte) ([]byte, bool) {
	data, err := assets.Cache{}.ReadFile(bc.objectPath(sum))
	if err == nil && sha256.Sum256(data) == sum {
		return data, true
	}
	bc.spoilt(sum)
	return nil, false
}

// spoilt counts the object with hash sum as one that did not read
// whole: this build writes it again.
func (bc *bodyCache) spoilt(sum [sha256.Size]byte) {
	bc.bad.Add(1)
	bc.broken.Store(sum, true)
}

// searchEntry is the search entry of page p with body b, published at
// url: the one the cache gave with b, or made from b's documents (and
// kept for record).
func (s *Site) searchEntry(p *content.Page, url string, b *content.Body) searchPage {
	if bc := s.bc; bc != nil {
		if v, ok := bc.entries.Load(b); ok {
			return v.(searchPage)
		}
		sp := newSearchPage(p, url, b.Docs)
		bc.entries.Store(b, sp)
		return sp
	}
	return newSearchPage(p, url, b.Docs)
}

// record keeps the body b of page p for the next build (before its
// rendered parts are dropped); a body the cache gave is kept as it was.
func (bc *bodyCache) record(s *Site, p *content.Page, b *content.Body) {
	if bc == nil || b == nil {
		return
	}
	if _, ok := bc.bodyOf.Load(b); ok {
		return // reused: in bc.now already
	}
	c := &cachedBody{File: b.File, URL: b.Url, DropH1: b.DropH1, DropLeading: b.DropLeading, Failed: b.Failed, Err: b.Err,
		Redirect: p.RedirectTo != "", Previews: s.previews(p), HasDocs: b.Docs != nil, Title: p.Title, Names: p.Names,
		Reads: make(map[string][sha256.Size]byte, len(b.Reads)), Errs: b.Probs.Errs, Warns: b.Probs.Warns,
		Flags: b.Flags, Scripts: b.Scripts, Styles: b.Styles}
	for f := range b.Reads {
		sum, ok := bc.readSum(s, f)
		if !ok {
			return // a file it read cannot be read: nothing to vouch for
		}
		c.Reads[f] = sum
	}
	if b.Query != nil && !bc.recordQuery(s, b, c) {
		return // its queries read what cannot be vouched for: rendered every build
	}
	for k, a := range b.Calls {
		c.Calls = append(c.Calls, cachedCall{From: k.From, Wiki: k.Wiki, Embed: k.Embed, Dest: k.Dest, Frag: k.Frag,
			URL: a.Url, Problem: a.Problem, Warning: a.Warning, Unlinked: a.Unlinked, Title: a.Title, AsText: a.AsText,
			NoteFile: a.Note.File, NoteURL: a.Note.Url, NoteDropH1: a.Note.DropH1, NoteDropLeading: a.Note.DropLeading})
	}
	text, sum, err := encodeObject(bodyObject{Content: b.Content, TOC: b.Toc, PX: b.Px})
	if err != nil {
		return
	}
	c.Obj = sum
	objs := map[[sha256.Size]byte][]byte{sum: text}
	if b.Docs != nil {
		docs := encodeSearchObject(b.Url, p.Title, p.Names, s.searchEntry(p, b.Url, b))
		sum := sha256.Sum256(docs)
		c.Docs, objs[sum] = sum, docs
	}
	bc.bodyOf.Store(b, c.Obj)
	bc.mu.Lock()
	bc.now[p.Rel] = c
	for sum, data := range objs {
		if _, broken := bc.broken.Load(sum); !bc.refs[sum] || broken {
			bc.newObjs[sum] = data
		}
	}
	bc.mu.Unlock()
}

// forget drops what the cache noted of body b (its object, its text
// to read, its search entry), keyed by the body itself: serve's Update
// calls it for each body it replaces or drops, which would otherwise stay
// in memory for as long as serve runs, one more at each save.
func (bc *bodyCache) forget(b *content.Body) {
	if bc == nil || b == nil {
		return
	}
	bc.bodyOf.Delete(b)
	bc.lazy.Delete(b)
	bc.entries.Delete(b)
	bc.docsOf.Delete(b)
}

// note says what the cache did, for the build's log.
func (bc *bodyCache) note() string {
	if bc == nil {
		return ""
	}
	if bc.old == nil {
		if bc.reason == noCacheYet {
			return "" // a first build says nothing of it
		}
		return "full build: " + bc.reason
	}
	n := fmt.Sprintf("build cache: %d of %d pages' text reused, %d pages not read again, %d pages' output kept",
		bc.reused.Load(), bc.asked.Load(), bc.unread.Load(), bc.kept.Load())
	if bc.patched.Load() {
		n += fmt.Sprintf(", search index patched (%d of %d files anew)", bc.patchedNew.Load(), bc.patchedAll.Load())
	}
	if bc.shardsTotal > 0 {
		n += fmt.Sprintf(", %d of %d previews shards kept", bc.shardsKept, bc.shardsTotal)
	}
	if bad := bc.bad.Load(); bad > 0 {
		n += fmt.Sprintf(" (%d entries of the cache did not read whole: their pages rendered again)", bad)
	}
	return n
}

// save writes the objects this build made, then the index (atomically),
// then removes the objects the previous index named and this one does
// not: a one-page edit writes that page's object and the index. An
// error is only worth a note.
func (bc *bodyCache) save() error {
	if bc == nil {
		return nil
	}
	bc.mu.Lock()
	defer bc.mu.Unlock()
	var errs []error
	for sum, data := range bc.newObjs {
		if err := assets.WriteAtomic(bc.objectPath(sum), data); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...) // the previous index stays: it names only objects there
	}
	now := &cacheIndex{Prints: bc.print, Start: bc.start, Sources: bc.nowSrc, Bodies: bc.now, Outs: bc.nowOuts, Shards: bc.nowShards, Loads: bc.nowLoads,
		Dest: bc.nowDest, Mark: bc.nowMark, Own: bc.nowOwn, Search: bc.nowSearch, Digest: bc.nowDigest}
	was := bc.saved
	if was != nil && was.Prints.differs(now.Prints) != "" {
		was = nil // the index is written whole
	}
	sum, size, err := writeIndex(bc.file, was, bc.savedSum, bc.savedSize, now)
	if err != nil {
		return err
	}
	// What was written, for serve's next SaveCache: its maps change.
	bc.saved = &cacheIndex{Prints: now.Prints, Start: now.Start, Sources: maps.Clone(now.Sources), Bodies: maps.Clone(now.Bodies),
		Outs: maps.Clone(now.Outs), Shards: maps.Clone(now.Shards), Loads: maps.Clone(now.Loads), Dest: now.Dest, Mark: now.Mark, Own: maps.Clone(now.Own), Search: now.Search, Digest: now.Digest}
	bc.savedSum, bc.savedSize = sum, size
	used := make(map[[sha256.Size]byte]bool, len(bc.now))
	for _, c := range bc.now {
		used[c.Obj], used[c.Docs] = true, true
	}
	used[now.Search] = true
	for o := range bc.refs {
		if !used[o] {
			_ = os.Remove(bc.objectPath(o)) // the site's own folder: no other index names it
		}
	}
	bc.refs, bc.newObjs = used, map[[sha256.Size]byte][]byte{} // for serve's next SaveCache
	return nil
}

// updated records what an Update of site s changed in the cache of the
// build it followed (serve's): the bodies rendered anew, as a build
// records them, and the pages it wrote, whose output entries go (the
// next build writes those pages; it keeps the others' files as the
// cache recorded them). Site.SaveCache writes it.
func (bc *bodyCache) updated(s *Site, bodies map[string]*content.Body, outs []pageOut) {
	if bc == nil {
		return
	}
	bc.hashes.Clear()  // the files changed since they were hashed: stamped again
	bc.sources.Clear() // and the sources' members with them
	for rel, b := range bodies {
		bc.mu.Lock()
		delete(bc.now, rel) // the old body stands for nothing now; record puts the new one
		bc.mu.Unlock()
		if p := s.ByRel[rel]; p != nil {
			bc.record(s, p, b)
		} else if s.NotFound != nil && s.NotFound.Rel == rel {
			bc.record(s, s.NotFound, b)
		}
	}
	bc.mu.Lock()
	for _, o := range outs {
		delete(bc.nowOuts, o.p.SitePath)
	}
	// serve writes the previews shards itself (update.go): the next
	// build writes them.
	bc.nowShards = map[string]*cachedShard{}
	// The output now holds files no build recorded: the next build's
	// commit is a full one (commit.go).
	bc.nowDest, bc.nowMark, bc.nowOwn = "", content.FileStamp{}, nil
	bc.nowSearch = [sha256.Size]byte{} // serve writes its own index (SearchWriter)
	bc.nowDigest = s.DigestOf(s.Model) // every body kept was asked again in it, or rendered
	bc.dirty = true
	bc.mu.Unlock()
}

// SaveCache writes what the Updates since the last build or SaveCache
// changed into the build cache (Options.ReuseBuild), so that a build
// after serve renders only what changed since: the objects of the pages
// rendered anew and the index. serve calls it after each update is
// pushed to the browsers, off the path of the save. A cache that cannot
// be written only costs the next build time.
func (s *Site) SaveCache() error {
	bc := s.served
	if bc == nil {
		return nil
	}
	bc.mu.Lock()
	dirty := bc.dirty
	bc.dirty = false
	bc.mu.Unlock()
	if !dirty {
		return nil
	}
	return bc.save()
}

// pageKey hashes everything page p's output files are made from: the
// site's view, the page's view v with its body (templates.Page: frame,
// text, "Linked from" list, dates), and what writePages and
// writePreviews read beside it. The body's rendered parts count by the
// hash of its object (the text itself is not hashed again). ok is false
// without a cache.
func (bc *bodyCache) pageKey(s *Site, p *content.Page, v *templates.Page, b *content.Body) (key [sha256.Size]byte, ok bool) {
	if bc == nil || v == nil {
		return key, false
	}
	w := *v
	w.Site = nil // in siteKey
	// The page's navigation is its folder's in the site view's
	// FolderNavs (frame), which siteKey hashes: the folder's key stands
	// for it, rather than the navigation hashed again for every page of
	// the folder. A navigation that is not that one is hashed here.
	var navFolder *string
	if k := p.NavFolder(); v.Site != nil && sameNav(v.Nav, v.Site.FolderNavs[k]) {
		navFolder, w.Nav = &k, nil
	}
	var obj [sha256.Size]byte
	if b != nil {
		if o, ok := bc.bodyOf.Load(b); ok {
			obj = o.([sha256.Size]byte)
			w.Content, w.TOC = "", nil // in the object
		}
	}
	kw, _ := bc.keyBufs.Get().(*keyWriter)
	if kw == nil {
		kw = &keyWriter{buf: make([]byte, 0, 4096)}
	}
	defer bc.keyBufs.Put(kw)
	kw.buf, kw.depth, kw.deep = append(kw.buf[:0], bc.siteKey[:]...), 0, false
	kw.page(&w)
	kw.buf = append(kw.buf, obj[:]...)
	kw.str(p.RedirectTo)
	kw.str(p.Title)
	kw.strs(content.ListPaths(p))
	kw.strs(s.Frags[p])
	kw.bool(s.previews(p))
	kw.bool(b != nil && b.Px != nil && obj == [sha256.Size]byte{})
	if kw.null(navFolder == nil) {
		kw.str(*navFolder)
	}
	if kw.deep {
		return key, false
	}
	return sha256.Sum256(kw.buf), true
}

// sameNav reports whether a and b are one navigation: the same slice
// (not equal copies), or both empty.
func sameNav(a, b []*templates.NavItem) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// keepOutputs keeps the output files page p (at site path sp) wrote in
// the previous build when its key is the same and each file is still
// there as recorded: its stamp the one recorded (assets.Output.KeepIf),
// or, when that stamp is racy, its content hash (KeepSum). False: the
// page is written (a file kept meanwhile is written over).
func (bc *bodyCache) keepOutputs(sp string, key [sha256.Size]byte, out *assets.Output) bool {
	if bc == nil || bc.old == nil {
		return false
	}
	o := bc.old.Outs[sp]
	if o == nil || o.Key != key || len(o.Files) == 0 {
		return false
	}
	names := slices.Sorted(maps.Keys(o.Files))
	for _, rel := range names {
		if out.Has(rel) {
			return false // another file of this build is there (a static file)
		}
	}
	// The record stays the previous build's (no copy: records are never
	// changed, only replaced) unless a racy file's stamp is taken anew.
	now := o
	for _, rel := range names {
		rec := o.Files[rel]
		got, ok := bc.keepFile(rel, rec, out)
		if !ok {
			return false
		}
		if got != rec {
			if now == o {
				now = &cachedOut{Key: key, Files: maps.Clone(o.Files), Preview: o.Preview}
			}
			now.Files[rel] = got
		}
	}
	bc.kept.Add(1)
	bc.mu.Lock()
	bc.nowOuts[sp] = now
	bc.mu.Unlock()
	return true
}

// keepShard keeps the previews shard the previous build wrote at rel
// when its key is key and its file is still there as recorded
// (keepFile); false: the shard is written.
func (bc *bodyCache) keepShard(rel string, key [sha256.Size]byte, out *assets.Output) bool {
	if bc.old == nil {
		return false
	}
	o := bc.old.Shards[rel]
	if o == nil || o.Key != key {
		return false
	}
	rec, ok := bc.keepFile(rel, o.File, out)
	if !ok {
		return false
	}
	bc.shardsKept++
	bc.mu.Lock()
	bc.nowShards[rel] = &cachedShard{Key: key, File: rec}
	bc.mu.Unlock()
	return true
}

// keepFile keeps the output file rel of the previous build, recorded as
// rec, when it is still there as recorded: its stamp the one recorded
// (assets.Output.KeepIf), or, when that stamp is racy, its content hash
// (KeepSum). It returns the file's record now (a racy file's stamp taken
// anew).
func (bc *bodyCache) keepFile(rel string, rec outRecord, out *assets.Output) (outRecord, bool) {
	if bc.racy(rec.Stamp) {
		if !out.KeepSum(rel, rec.Sum) {
			return rec, false
		}
		return outRecord{Sum: rec.Sum, Stamp: outStamp(out.Path(rel))}, true
	}
	_, ok := out.KeepIf(rel, rec.Sum, func(info fs.FileInfo) bool {
		st := content.StampOf(info)
		st.Ctime = 0
		return st == rec.Stamp
	})
	return rec, ok
}

// outStamp is the stamp of output file p, its change time left out (see
// outRecord); a zero stamp, which no file matches, when it cannot be
// read.
func outStamp(p string) content.FileStamp {
	info, err := os.Lstat(p)
	if err != nil || !info.Mode().IsRegular() {
		return content.FileStamp{}
	}
	st := content.StampOf(info)
	st.Ctime = 0
	return st
}

// recordOutputs records the files page sp wrote into out, with its key
// and the hash of its previews (zero for none).
func (bc *bodyCache) recordOutputs(sp string, key [sha256.Size]byte, files map[string][sha256.Size]byte, preview [sha256.Size]byte, out *assets.Output) {
	if bc == nil {
		return
	}
	o := &cachedOut{Key: key, Files: make(map[string]outRecord, len(files)), Preview: preview}
	for rel, sum := range files {
		o.Files[rel] = outRecord{Sum: sum, Stamp: outStamp(out.Path(rel))}
	}
	bc.mu.Lock()
	bc.nowOuts[sp] = o
	bc.mu.Unlock()
}

// keptPreview is the hash of the previews of the page at site path sp
// whose output keepOutputs kept, zero for none.
func (bc *bodyCache) keptPreview(sp string) [sha256.Size]byte {
	bc.mu.Lock()
	defer bc.mu.Unlock()
	if o := bc.nowOuts[sp]; o != nil {
		return o.Preview
	}
	return [sha256.Size]byte{}
}

// outRecorder is a page's fileWriter that notes what it writes.
type outRecorder struct {
	out   fileWriter
	files map[string][sha256.Size]byte
}

// Write implements fileWriter.
func (r *outRecorder) Write(rel string, data []byte) error {
	r.files[rel] = sha256.Sum256(data)
	return r.out.Write(rel, data)
}

// Pages as loaded: a page whose file and includes have the hashes the
// index records (by their stamps, see hash) is taken as the previous
// build loaded it, front matter, title, headings, ids, tags, aliases and
// problems, without reading or parsing its file (loadedFromCache); its
// text is read when it is rendered (renderBody). Not with the layouts
// that compare pages' texts (SkipCopies: copies.go reads them), and not
// for a site serve keeps (its graph follows moved files by their text's
// hash), nor when a problem found while pages were read belongs to no
// page (the record would not stand for the build).

// pageFieldsNotCached are the fields of page a cachedLoad does not keep:
// those the navigation sets on every build (navKey: sidebarNavs) among them.
var pageFieldsNotCached = []string{"Src", "Parent", "Children", "Prev", "Next", "tagFrom", "queryDeps", "NoPage", "FileHome", "PerPage", "navFold", "navOpen", "navKey", "homeOwn", "navRename", "pager"}

// LoadsCached reports whether the build's pages as loaded come from the
// cache (see above).
func (bc *bodyCache) LoadsCached() bool {
	return bc != nil && bc.loadsKept(bc.site) && bc.site.Graph == nil
}

// loadsKept reports whether the pages as loaded go to the cache: also
// serve's, whose Updates record the pages they read again (Site.served).
func (bc *bodyCache) loadsKept(s *Site) bool {
	return bc != nil && !s.Lay.SkipCopies
}

// LoadedFromCache is the page at content-relative path rel as the
// previous build loaded it, when the files it read have the same hashes
// and what its name decides (sc) is the same; nil: it is loaded. Its
// problems are published.
func (bc *bodyCache) LoadedFromCache(sc *content.Scanned, rel string) *content.Page {
	if !bc.LoadsCached() || bc.old == nil {
		return nil
	}
	s := bc.site
	c := bc.old.Loads[rel]
	if c == nil || c.Readme != sc.Readmes[rel] || c.Folder != sc.FolderNotes[rel] || len(c.Reads) != 1+len(c.Includes) {
		return nil
	}
	for f, want := range c.Reads {
		if got, ok := bc.readSum(s, f); !ok || got != want {
			return nil
		}
	}
	p, ok := c.Page()
	if !ok {
		return nil
	}
	content.Problems{Errs: slices.Clone(c.Errs), Warns: slices.Clone(c.Warns)}.Publish(s.Diag, s.Warn)
	bc.unread.Add(1)
	bc.mu.Lock()
	bc.nowLoads[rel] = c
	bc.mu.Unlock()
	return p
}

// FileTime is the modification time of source file f in the stamp the
// build took of it (a record read, or checked by hash), which is the stat
// Updated would make again; false when the build has none, and after the
// build (serve's cache, whose stamps an Update's saves make old).
func (bc *bodyCache) FileTime(f string) (time.Time, bool) {
	if bc.site.bc != bc {
		return time.Time{}, false
	}
	var r content.SrcRecord
	if v, ok := bc.loadSum(f); ok {
		r = v.(content.SrcRecord)
	} else if v, ok := bc.hashes.Load(f); ok {
		r, _ = v.(content.SrcRecord)
	}
	if r.Stamp.Mtime == 0 && r.Stamp.Size == 0 {
		return time.Time{}, false
	}
	return time.Unix(0, r.Stamp.Mtime).UTC(), true
}

// loadSum is the build's record of the first text read of f (Site.Sums).
func (bc *bodyCache) loadSum(f string) (any, bool) {
	if bc.site.Sums == nil {
		return nil, false
	}
	return bc.site.Sums.Load(f)
}

// Loaded records the pages loadPage just read, with the problems found
// meanwhile (each on the page file it names), for the next build.
func (bc *bodyCache) Loaded(sc *content.Scanned, pages []*content.Page, diags, warns content.Diagnostics) {
	if bc == nil || !bc.loadsKept(bc.site) {
		return
	}
	s := bc.site
	if s.bc == nil { // an Update's (serve's cache): the files changed since they were hashed
		bc.hashes.Clear()
		bc.mu.Lock()
		bc.dirty = true
		bc.mu.Unlock()
	}
	byFile := make(map[string]*content.CachedLoad, len(pages))
	var list []*content.CachedLoad
	for _, p := range pages {
		if p.ReadsSite { // its text depends on every page: loaded again each build
			continue
		}
		c := content.ToCachedLoad(p)
		if c == nil {
			continue
		}
		c.Readme, c.Folder = sc.Readmes[p.Rel], sc.FolderNotes[p.Rel]
		c.Reads = map[string][sha256.Size]byte{}
		ok := true
		for _, f := range append([]string{p.File}, p.Includes...) {
			sum, found := bc.readSum(s, f)
			if !found {
				ok = false
				break
			}
			c.Reads[f] = sum
		}
		if ok {
			byFile[p.File] = c
			list = append(list, c)
		}
	}
	for _, d := range diags {
		if c, ok := byFile[d.File]; ok {
			c.Errs = append(c.Errs, d)
		} else if !slices.ContainsFunc(pages, func(p *content.Page) bool { return p.File == d.File }) {
			return // a problem of no page: nothing recorded
		}
	}
	for _, d := range warns {
		if c, ok := byFile[d.File]; ok {
			c.Warns = append(c.Warns, d)
		} else if !slices.ContainsFunc(pages, func(p *content.Page) bool { return p.File == d.File }) {
			return
		}
	}
	bc.mu.Lock()
	for _, c := range list {
		bc.nowLoads[c.Rel] = c
	}
	bc.mu.Unlock()
}
