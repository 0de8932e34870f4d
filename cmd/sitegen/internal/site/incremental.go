package site

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"time"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/srcpath"
)

// WriteSearchIndex rewrites the search index in Options.Dest after an
// Update, at once and keeping no old part (see SearchWriter).
func (s *Site) WriteSearchIndex() error {
	return s.SearchWriter(0).Write(context.Background())
}

// SearchWriter holds the search index of a site as it was when
// Site.SearchWriter was called, to write it while the site goes on
// changing (the development server writes it off its loop, and cancels
// the write when the next change comes).
type SearchWriter struct {
	s     *Site
	m     *content.Model
	chunk int
	docs  map[*content.Page]searchPage
	keep  time.Duration
	now   func() time.Time
	// langs are the writers of the kept languages' sites (Site.kept),
	// each of which has its own index in its folder.
	langs []*SearchWriter
}

// SearchWriter takes a snapshot of the search index after an Update,
// for SearchWriter.Write. It is cheap (a copy of one map) and, like
// Update, not safe for concurrent use with other methods; the writer it
// returns may run concurrently with later Updates of the site. Parts that
// the index stops naming stay published for keep after the write that
// replaced them, so that a browser holding the previous index.json
// (the search box open during edits) still finds them.
func (s *Site) SearchWriter(keep time.Duration) *SearchWriter {
	w := &SearchWriter{}
	if s.search != nil {
		w = &SearchWriter{s: s, m: s.Model, chunk: s.search.chunk, docs: s.search.snapshot(), keep: keep, now: time.Now}
	}
	for _, k := range s.kept {
		w.langs = append(w.langs, k.site.SearchWriter(keep))
	}
	return w
}

// Write writes the snapshot into Options.Dest as a build writes it: the
// files whose content changed under their new names first, then
// index.json, which names them, so a reader never follows index.json to
// a file not yet written, then index.json's precompressed siblings (the
// previous ones go before index.json is replaced, so a server never sends
// them for the new one); then it removes the parts no index has named for the writer's keep
// time. Writes of one site must not overlap (each waits for the one
// before). A cancelled ctx stops it before index.json is replaced, so
// the published index stays the previous, consistent one.
func (w *SearchWriter) Write(ctx context.Context) error {
	if err := w.write(ctx); err != nil {
		return err
	}
	for _, l := range w.langs {
		if err := l.Write(ctx); err != nil {
			return err
		}
	}
	return nil
}

// write is Write of the site's own index.
func (w *SearchWriter) write(ctx context.Context) error {
	s := w.s
	if s == nil {
		return nil
	}
	x := s.search
	x.pubMu.Lock()
	defer x.pubMu.Unlock()
	files, _, err := x.encode(ctx, s, w.m, w.chunk, w.docs)
	if err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	unlock, err := s.hold(ctx) // no build swaps Dest while the index goes in
	if err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	defer unlock()
	root := filepath.Join(s.Opts.Dest, content.SearchDir)
	named := map[string]bool{}
	names := slices.Sorted(maps.Keys(files))
	names = append(slices.DeleteFunc(names, func(n string) bool { return n == searchMeta }), searchMeta)
	for _, name := range names {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("search index: %w", err)
		}
		name, data, err := s.packSearchFile(ctx, name, files[name])
		if err != nil {
			return fmt.Errorf("search index: %w", err)
		}
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := assets.RealDir(s.Opts.Dest, filepath.Dir(p)); err != nil {
			return fmt.Errorf("search index: %w", err)
		}
		if name != searchMeta {
			named[name] = true
			if info, err := os.Lstat(p); err == nil && info.Mode().IsRegular() {
				continue // the name holds the content's hash
			}
		} else {
			// The first build's precompressed siblings of index.json
			// would be served in its place: they go first.
			for _, ext := range []string{".br", ".gz"} {
				if err := os.Remove(p + ext); err != nil && !os.IsNotExist(err) {
					return fmt.Errorf("search index: %w", err)
				}
			}
		}
		if err := assets.WriteAtomic(p, data); err != nil {
			return err
		}
		if name == searchMeta {
			if err := writeSiblings(ctx, s.cache(), p, data); err != nil {
				return fmt.Errorf("search index: %w", err)
			}
		}
	}
	now := w.now()
	if x.retired == nil {
		x.retired = map[string]time.Time{}
	}
	for name := range x.named {
		if !named[name] {
			x.retired[name] = now
		}
	}
	for name := range named {
		delete(x.retired, name)
	}
	x.named = named
	_, err = x.prune(root, now, w.keep)
	return err
}

// PruneSearch removes the parts of the site's published search index, and
// of its kept languages' indexes, that no index has named for keep (those
// a SearchWriter's Write left for a browser holding the previous
// index.json): a write removes them only when the next write comes, and
// the output folder then holds what a clean build holds. It returns how
// long until the next part left is due, 0 for none. An index not written
// since the build (whose parts are its own) is left as it is.
func (s *Site) PruneSearch(ctx context.Context, keep time.Duration) (next time.Duration, err error) {
	for _, st := range append([]*Site{s}, keptSites(s)...) {
		x := st.search
		if x == nil {
			continue
		}
		n, err := func() (time.Duration, error) {
			x.pubMu.Lock()
			defer x.pubMu.Unlock()
			if x.named == nil {
				return 0, nil
			}
			unlock, err := st.hold(ctx) // no build swaps Dest meanwhile
			if err != nil {
				return 0, fmt.Errorf("search index: %w", err)
			}
			defer unlock()
			return x.prune(filepath.Join(st.Opts.Dest, content.SearchDir), time.Now(), keep)
		}()
		if err != nil {
			return 0, err
		}
		if n > 0 && (next == 0 || n < next) {
			next = n
		}
	}
	return next, nil
}

// prune removes the files under root, the published index's folder,
// that the published index.json does not name (x.named) and that no
// index named within keep of now (x.retired; leftovers of cancelled
// writes too); it returns how long until the next retired part is due,
// 0 for none. The caller holds x.pubMu.
func (x *searchIndex) prune(root string, now time.Time, keep time.Duration) (next time.Duration, err error) {
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel == searchMeta || rel == searchMeta+".br" || rel == searchMeta+".gz" || x.named[rel] {
			return nil
		}
		if at, ok := x.retired[rel]; ok && now.Sub(at) < keep {
			if due := keep - now.Sub(at); next == 0 || due < next {
				next = due
			}
			return nil
		}
		delete(x.retired, rel)
		if err := os.Remove(p); err != nil {
			return fmt.Errorf("search index: %w", err)
		}
		return nil
	})
	return next, err
}

// writeSiblings writes index.json's precompressed siblings beside p,
// data compressed as a build compresses it (searchIndex.write: Brotli at
// searchMetaBrotli, gzip at assets.SiblingGzip), when data is long
// enough for a build to write them (assets.CompressMin).
func writeSiblings(ctx context.Context, c assets.Cache, p string, data []byte) error {
	if len(data) < assets.CompressMin {
		return nil
	}
	for _, enc := range []struct {
		name  string
		level int
	}{{"br", searchMetaBrotli}, {"gz", assets.SiblingGzip}} {
		z, err := c.Compressed(ctx, data, enc.name, enc.level)
		if err != nil {
			return fmt.Errorf("compress %s: %w", p, err)
		}
		if err := assets.WriteAtomic(p+"."+enc.name, z); err != nil {
			return err
		}
	}
	return nil
}

// PublishStatic copies the file static/rel to Options.Dest, or removes
// its published copy when the source is gone, for static files whose
// published name does not depend on their content (see assets.Hashed).
// Hashed assets (CSS, JavaScript, WebAssembly) need a full build, since
// every page links to them by hash.
func (s *Site) PublishStatic(rel string) error {
	if assets.Hashed(rel) {
		return fmt.Errorf("publish %s: a hashed asset needs a full build", rel)
	}
	dir := StaticDir
	if len(s.Lay.Static) > 0 {
		dir = s.Lay.Static[0]
	}
	file := path.Join(dir, rel)
	if part := srcpath.SkippedPart(file); part != "" {
		return fmt.Errorf("publish %s: %q is a hidden name: sitegen never publishes hidden files or folders", file, part)
	}
	// The file is read under the link rule as a build reads it: a static
	// folder or file swapped for a link out of the source is refused.
	_, err := srcpath.Check(s.Opts.Source, file)
	var f *os.File
	var size int64
	if err == nil {
		f, size, err = s.OpenSource(file)
	}
	if f != nil {
		defer f.Close()
	}
	var le *srcpath.Error
	if errors.As(err, &le) {
		return fmt.Errorf("publish %s: %w", file, err)
	}
	unlock, lerr := s.hold(context.Background()) // no build swaps Dest meanwhile
	if lerr != nil {
		return fmt.Errorf("publish %s: %w", rel, lerr)
	}
	defer unlock()
	if errors.Is(err, fs.ErrNotExist) {
		p := filepath.Join(s.Opts.Dest, filepath.FromSlash(rel))
		if !assets.ReachedDirectly(s.Opts.Dest, p) {
			return nil // behind a link a user put in the output: not sitegen's copy
		}
		err = os.Remove(p)
		if err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("unpublish %s: %w", rel, err)
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("publish %s: %w", rel, err)
	}
	to := filepath.Join(s.Opts.Dest, filepath.FromSlash(rel))
	if err := assets.RealDir(s.Opts.Dest, filepath.Dir(to)); err != nil {
		return fmt.Errorf("publish %s: %w", rel, err)
	}
	return assets.CopyAtomic(to, f, size) // streamed: a static file may be of any size
}

// PageURLs maps the text of each page (a hash of it) to the page's URL,
// for pages whose text no other page shares: a page whose file moved has
// the same text at a new URL (see Update.Moved for an Update's).
func (s *Site) PageURLs() map[string]string {
	out := map[string]string{}
	dup := map[string]bool{}
	if s.Graph == nil {
		return out
	}
	for rel, p := range s.ByRel {
		l := s.Graph.Loads[rel]
		if l == nil || l.Sum == ([sha256.Size]byte{}) {
			continue
		}
		k := hex.EncodeToString(l.Sum[:])
		if _, ok := out[k]; ok {
			dup[k] = true
		}
		out[k] = s.Cfg.RelURL(p.SitePath)
	}
	for k := range dup {
		delete(out, k)
	}
	return out
}
