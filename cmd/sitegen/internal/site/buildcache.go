package site

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/layout/detect"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/templates"
)

// The build cache: the dependency graph's bodies (graph.go) kept between
// builds, so that a `sitegen build` after another (or after `serve`)
// renders again only the Markdown of the pages whose text can differ.
//
// It lives in Options.CacheDir (the user's cache folder + "/d6codex" by
// default, never in the source nor in the output): in builds/, one file
// named by a hash of the source's absolute path and of the options that
// change what a page's text says (--drafts, --base-url, --broken-links),
// written at the end of each build that published (assets.Cache.Trim
// removes the files unused for a month).
//
// The file holds what the graph records of each page's body (its file,
// URL and the Markdown pipeline's other inputs; the hash of every file it
// read: the page, its includes, the notes it embeds; every question its
// text asked the content model and the answer; its problems) and the
// body itself (HTML, table of contents, search documents, preview index).
// The next build loads and places every page as always (cheap), then for
// each page asks the cache: the body is reused when the page's inputs
// are the same, every file it read has the same hash, and every question,
// asked again of the new model, gets the same answer (the test an Update
// makes, asked of every question); else its Markdown is rendered. Pages
// with Dataview queries or base views are always rendered. Frames and
// output are made for every page as in any build: an output file whose
// bytes did not change is linked from the previous output (assets.Output),
// which compares bytes, so an output file edited by hand is never kept.
//
// The cache stands for nothing it cannot vouch for: a file of another
// format version, another sitegen binary, other settings files (the
// layout's, detect.Settings), another layout, other theme assets, or a
// file that does not read whole (its checksum) makes a full build, and
// the build says why (Result.Cache). A cache that cannot be read or
// written never fails a build.

// buildCacheFormat is the version of the cache file's format; a file of
// another version is not read.
const buildCacheFormat = 1

// buildCacheMagic starts a cache file, before its checksum and its gob.
const buildCacheMagic = "d6codex build cache\n"

// bodyCache is the build cache of one build (see above).
type bodyCache struct {
	file  string      // the cache file
	print cachePrints // this build's
	old   map[string]*cachedBody
	// Reason says why the build renders everything ("" when the cache is used).
	reason string

	hashes sync.Map // source-relative path -> [sha256.Size]byte, or nil: unreadable

	mu     sync.Mutex
	now    map[string]*cachedBody
	reused atomic.Int64
	asked  atomic.Int64 // pages whose body was looked for

	siteKey [sha256.Size]byte     // of the site's view (templates.Site: navigation, footer, assets)
	oldOuts map[string]*cachedOut // site path -> the page's output files in the previous build
	nowOuts map[string]*cachedOut // those of this build
	kept    atomic.Int64          // pages whose output was kept whole
}

// cachedOut is what a page wrote: the hash of everything its output was
// made from (pageKey) and each file's content hash.
type cachedOut struct {
	Key   [sha256.Size]byte
	Files map[string][sha256.Size]byte
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

// cacheFile is the cache file's content.
type cacheFile struct {
	Prints cachePrints
	Bodies map[string]*cachedBody // content-relative path -> body
	Outs   map[string]*cachedOut  // site path -> the page's output files
}

// cachedBody is a body (graph.go) as the cache keeps it.
type cachedBody struct {
	File, URL                        string
	DropH1, DropLeading, Failed, Err bool
	Redirect, Previews, HasDocs      bool
	Reads                            map[string][sha256.Size]byte
	Calls                            []cachedCall
	Errs, Warns                      Diagnostics
	Content                          string
	TOC                              []*templates.TOCItem
	Flags                            map[string]bool
	Scripts, Styles                  []string
	Docs                             []cachedDoc
	PX                               *markup.PreviewIndex
}

// cachedCall is a call and its answer.
type cachedCall struct {
	From                            string
	Wiki, Embed                     bool
	Dest, Frag                      string
	URL, Problem, Warning, Unlinked string
	NoteFile, NoteURL               string
	NoteDropH1, NoteDropLeading     bool
}

// cachedDoc is a searchDoc.
type cachedDoc struct{ Anchor, Heading, Text string }

// cachePath is the cache file of a build with opts, "" without a cache
// (Options.ReuseBuild off, or no cache folder).
func cachePath(opts Options) string {
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

// optionsPrint is the options a page's text depends on.
func optionsPrint(opts Options) string {
	return fmt.Sprintf("drafts=%t base=%q links=%q", opts.Drafts, opts.BaseURL, opts.BrokenLinks)
}

// binaryPrint names the running binary: its path, size and time.
func binaryPrint() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	info, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	return exe + " " + strconv.FormatInt(info.Size(), 10) + " " + strconv.FormatInt(info.ModTime().UnixNano(), 10)
}

// openBodyCache reads the build cache for a build whose site view is
// view (nil when the build has no cache).
func (s *Site) openBodyCache(view *templates.Site) *bodyCache {
	file := cachePath(s.opts)
	if file == "" {
		return nil
	}
	bc := &bodyCache{file: file, now: map[string]*cachedBody{}, nowOuts: map[string]*cachedOut{}}
	bc.print = cachePrints{Format: buildCacheFormat, Binary: binaryPrint(), Options: optionsPrint(s.opts), Layout: s.lay.Describe(),
		Settings: map[string]string{}, Assets: maps.Clone(view.Assets)}
	h := sha256.New()
	if err := json.NewEncoder(h).Encode(view); err != nil {
		bc.reason = "the site's view cannot be hashed"
		return bc
	}
	copy(bc.siteKey[:], h.Sum(nil))
	for _, f := range detect.Settings(s.lay) {
		data, err := os.ReadFile(filepath.Join(s.opts.Source, filepath.FromSlash(f)))
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
	cf, err := readCacheFile(file)
	if err != nil {
		bc.reason = err.Error()
		return bc
	}
	if bc.reason = bc.print.differs(cf.Prints); bc.reason == "" {
		bc.old, bc.oldOuts = cf.Bodies, cf.Outs
	}
	return bc
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

// readCacheFile reads a cache file, checking its checksum; the error says
// why it cannot be used, for the build's log.
func readCacheFile(file string) (*cacheFile, error) {
	data, err := os.ReadFile(file)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, errors.New(noCacheYet)
	case err != nil:
		return nil, fmt.Errorf("the build cache cannot be read (%v)", err)
	}
	rest, ok := bytes.CutPrefix(data, []byte(buildCacheMagic))
	if !ok || len(rest) < sha256.Size {
		return nil, errors.New("the build cache is corrupt")
	}
	want, payload := rest[:sha256.Size], rest[sha256.Size:]
	if sum := sha256.Sum256(payload); !bytes.Equal(sum[:], want) {
		return nil, errors.New("the build cache is corrupt")
	}
	var cf cacheFile
	if err := decodeCache(payload, &cf); err != nil {
		return nil, errors.New("the build cache is corrupt")
	}
	return &cf, nil
}

// decodeCache decodes a cache's gob, a panic of the decoder an error.
func decodeCache(payload []byte, cf *cacheFile) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("decode: %v", r)
		}
	}()
	return gob.NewDecoder(bytes.NewReader(payload)).Decode(cf)
}

// hash is the hash of source file f's content, ok false when it cannot
// be read: the first text of it the build read (Site.sums), so that a
// file saved while the build runs is never recorded with the hash of a
// text newer than the one its pages were made from; else read now.
func (bc *bodyCache) hash(s *Site, f string) (sum [sha256.Size]byte, ok bool) {
	if m := s.sums; m != nil {
		if v, ok := m.Load(f); ok {
			return v.([sha256.Size]byte), true
		}
	}
	if v, ok := bc.hashes.Load(f); ok {
		if v == nil {
			return sum, false
		}
		return v.([sha256.Size]byte), true
	}
	data, err := s.readSource(f)
	if err != nil {
		bc.hashes.Store(f, nil)
		return sum, false
	}
	sum = sha256.Sum256(data)
	if s.sums != nil {
		v, _ := s.sums.LoadOrStore(f, sum) // a page read meanwhile keeps its hash
		return v.([sha256.Size]byte), true
	}
	bc.hashes.Store(f, sum)
	return sum, true
}

// body returns the body of page p: the cache's when it can stand for it,
// else rendered.
func (s *Site) cachedOrRender(p *page, assets templates.Assets) *body {
	if b := s.bc.reuse(s, p); b != nil {
		p.src = nil // as renderBody does
		return b
	}
	return s.renderBody(p, assets)
}

// reuse returns the kept body of page p when every input it was made
// from is the same (see above), else nil.
func (bc *bodyCache) reuse(s *Site, p *page) *body {
	if bc == nil || p.file == "" {
		return nil
	}
	bc.asked.Add(1)
	c := bc.old[p.rel]
	if c == nil || c.File != p.file || c.URL != s.cfg.relURL(p.sitePath) || c.Failed != p.failed ||
		c.DropH1 != (p.dropH1 && !p.titleLead) || c.DropLeading != (p.dropH1 && p.titleLead) ||
		c.Redirect != (p.redirectTo != "") || c.Previews != s.previews(p) ||
		!c.HasDocs && (s.graph.keeps() || s.indexed(p)) {
		return nil
	}
	for _, f := range p.includes {
		if _, ok := c.Reads[f]; !ok {
			return nil
		}
	}
	for f, want := range c.Reads {
		if got, ok := bc.hash(s, f); !ok || got != want {
			return nil
		}
	}
	b := &body{file: c.File, url: c.URL, dropH1: c.DropH1, dropLeading: c.DropLeading, failed: c.Failed, err: c.Err,
		reads: make(map[string]bool, len(c.Reads)), calls: make(map[call]answer, len(c.Calls)),
		probs:   problems{slices.Clone(c.Errs), slices.Clone(c.Warns)},
		content: c.Content, toc: c.TOC, flags: c.Flags, scripts: c.Scripts, styles: c.Styles, px: c.PX}
	for f := range c.Reads {
		b.reads[f] = true
	}
	for _, cc := range c.Calls {
		k := call{from: cc.From, wiki: cc.Wiki, dest: cc.Dest, frag: cc.Frag, embed: cc.Embed}
		a := answer{url: cc.URL, problem: cc.Problem, warning: cc.Warning, unlinked: cc.Unlinked,
			note: note{file: cc.NoteFile, url: cc.NoteURL, dropH1: cc.NoteDropH1, dropLeading: cc.NoteDropLeading}}
		if now, ok := s.ask(k); !ok || now != a {
			return nil
		}
		b.calls[k] = a
	}
	if c.HasDocs {
		b.docs = make([]searchDoc, len(c.Docs))
		for i, d := range c.Docs {
			b.docs[i] = searchDoc{anchor: d.Anchor, heading: d.Heading, text: d.Text}
		}
	}
	bc.reused.Add(1)
	return b
}

// record keeps the body b of page p for the next build (before its
// rendered parts are dropped).
func (bc *bodyCache) record(s *Site, p *page, b *body) {
	if bc == nil || b == nil || b.query != nil {
		return // a page with queries is always rendered
	}
	c := &cachedBody{File: b.file, URL: b.url, DropH1: b.dropH1, DropLeading: b.dropLeading, Failed: b.failed, Err: b.err,
		Redirect: p.redirectTo != "", Previews: s.previews(p), HasDocs: b.docs != nil,
		Reads: make(map[string][sha256.Size]byte, len(b.reads)), Errs: b.probs.errs, Warns: b.probs.warns,
		Content: b.content, TOC: b.toc, Flags: b.flags, Scripts: b.scripts, Styles: b.styles, PX: b.px}
	for f := range b.reads {
		sum, ok := bc.hash(s, f)
		if !ok {
			return // a file it read is gone: nothing to vouch for
		}
		c.Reads[f] = sum
	}
	for k, a := range b.calls {
		c.Calls = append(c.Calls, cachedCall{From: k.from, Wiki: k.wiki, Embed: k.embed, Dest: k.dest, Frag: k.frag,
			URL: a.url, Problem: a.problem, Warning: a.warning, Unlinked: a.unlinked,
			NoteFile: a.note.file, NoteURL: a.note.url, NoteDropH1: a.note.dropH1, NoteDropLeading: a.note.dropLeading})
	}
	for _, d := range b.docs {
		c.Docs = append(c.Docs, cachedDoc{Anchor: d.anchor, Heading: d.heading, Text: d.text})
	}
	bc.mu.Lock()
	bc.now[p.rel] = c
	bc.mu.Unlock()
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
	return fmt.Sprintf("build cache: %d of %d pages' text reused, %d pages' output kept", bc.reused.Load(), bc.asked.Load(), bc.kept.Load())
}

// save writes the bodies recorded by the build into the cache file
// (atomically); an error is only worth a note.
func (bc *bodyCache) save() error {
	if bc == nil {
		return nil
	}
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	if err := gob.NewEncoder(w).Encode(cacheFile{Prints: bc.print, Bodies: bc.now, Outs: bc.nowOuts}); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	sum := sha256.Sum256(buf.Bytes())
	out := make([]byte, 0, len(buildCacheMagic)+len(sum)+buf.Len())
	out = append(append(append(out, buildCacheMagic...), sum[:]...), buf.Bytes()...)
	return assets.WriteAtomic(bc.file, out)
}

// pageKey hashes everything page p's output files are made from: the
// site's view, the page's view v with its body (templates.Page: frame,
// text, "Linked from" list, dates), and what writePages and
// writePreviews read beside it. ok is false without a cache.
func (bc *bodyCache) pageKey(s *Site, p *page, v *templates.Page, b *body) (key [sha256.Size]byte, ok bool) {
	if bc == nil || v == nil {
		return key, false
	}
	h := sha256.New()
	h.Write(bc.siteKey[:])
	w := *v
	w.Site = nil // in siteKey
	_, fileThere := s.filesByURL["/"+previewPath(p)]
	err := json.NewEncoder(h).Encode(struct {
		Page                       templates.Page
		Redirect, Title            string
		Paths, Frags               []string
		Previews, Index, FileThere bool
	}{w, p.redirectTo, p.title, listPaths(p), s.frags[p], s.previews(p), b != nil && b.px != nil, fileThere})
	if err != nil {
		return key, false
	}
	copy(key[:], h.Sum(nil))
	return key, true
}

// keepOutputs keeps the output files page p (at site path sp) wrote in
// the previous build when its key is the same and each file is still
// there with the content recorded (assets.Output.KeepSum); false: the
// page is written (a file kept meanwhile is written over).
func (bc *bodyCache) keepOutputs(sp string, key [sha256.Size]byte, out *assets.Output) bool {
	if bc == nil {
		return false
	}
	o := bc.oldOuts[sp]
	if o == nil || o.Key != key || len(o.Files) == 0 {
		return false
	}
	names := slices.Sorted(maps.Keys(o.Files))
	for _, rel := range names {
		if out.Has(rel) {
			return false // another file of this build is there (a static file)
		}
	}
	for _, rel := range names {
		if !out.KeepSum(rel, o.Files[rel]) {
			return false
		}
	}
	bc.kept.Add(1)
	bc.mu.Lock()
	bc.nowOuts[sp] = o
	bc.mu.Unlock()
	return true
}

// recordOutputs records the files page sp wrote, with its key.
func (bc *bodyCache) recordOutputs(sp string, key [sha256.Size]byte, files map[string][sha256.Size]byte) {
	if bc == nil {
		return
	}
	bc.mu.Lock()
	bc.nowOuts[sp] = &cachedOut{Key: key, Files: files}
	bc.mu.Unlock()
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
