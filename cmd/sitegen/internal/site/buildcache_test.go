package site

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// cacheRun is a source built again and again into one output with a
// build cache (buildcache.go).
type cacheRun struct {
	opts content.Options
}

// newCacheRun writes files into a new source and returns its run.
func newCacheRun(t *testing.T, files map[string]string) *cacheRun {
	t.Helper()
	src := t.TempDir()
	sitetest.WriteFiles(t, src, files)
	return &cacheRun{opts: content.Options{Source: src, Dest: filepath.Join(t.TempDir(), "out"), Theme: theme, BrokenLinks: "warn",
		CacheDir: t.TempDir(), ReuseBuild: true}}
}

// objects is the folder of the run's build objects.
func (r *cacheRun) objects() string { return objectsFolder(r.opts.CacheDir, cachePath(r.opts)) }

// build builds the source with the cache and checks that what it
// publishes (or the errors it stops with) is what a build of the same
// source without any cache publishes, byte for byte; it returns the
// cached build's Result.
func (r *cacheRun) build(t *testing.T) Result {
	t.Helper()
	res, err := Build(context.Background(), r.opts)
	if res.Cleanup != nil {
		res.Cleanup() // the cache is written
	}
	fresh := r.opts
	fresh.CacheDir, fresh.Dest = "-", filepath.Join(t.TempDir(), "fresh")
	want, werr := Build(context.Background(), fresh)
	if want.Cleanup != nil {
		want.Cleanup()
	}
	var got, exp content.Diagnostics
	switch {
	case errors.As(err, &got) && errors.As(werr, &exp):
		if got.Error() != exp.Error() {
			t.Fatalf("cached build's errors:\n%s\nbuild's:\n%s", got, exp)
		}
		return res
	case err != nil || werr != nil:
		t.Fatalf("cached build: %v; build without a cache: %v", err, werr)
	}
	if g, w := res.WarningList.Error(), want.WarningList.Error(); g != w {
		t.Errorf("cached build's warnings:\n%s\nbuild's:\n%s", g, w)
	}
	gt, wt := publishedTree(t, r.opts.Dest), publishedTree(t, fresh.Dest)
	for _, name := range slices.Sorted(maps.Keys(wt)) {
		if g, ok := gt[name]; !ok {
			t.Errorf("%s is not published by the cached build", name)
		} else if g != wt[name] {
			t.Errorf("%s differs from a build without a cache:\n%s", name, firstDiff(g, wt[name]))
		}
	}
	for name := range gt {
		if _, ok := wt[name]; !ok {
			t.Errorf("%s is published by the cached build only", name)
		}
	}
	return res
}

// TestBuildCacheProperty: random sequences of saves of every kind on a
// generated vault and a generated Jekyll site (graph_prop_test.go), each
// followed by a build that reuses the previous build's pages through the
// cache, whose output is byte for byte that of a build without a cache:
// the search index's shards and texts too, patched (searchpatch.go) when
// the pages keep their places.
func TestBuildCacheProperty(t *testing.T) {
	seeds := *propSeeds
	if testing.Short() {
		seeds = 1
	}
	for _, kind := range []string{"vault", "jekyll"} {
		for seed := range uint64(seeds) {
			t.Run(fmt.Sprintf("%s/seed=%d", kind, seed), func(t *testing.T) {
				g := newGenSite(seed, 16, kind == "jekyll")
				r := newCacheRun(t, g.files())
				r.build(t)
				var log []string
				used, kept, inPlace, patched := 0, 0, 0, 0
				for step := range 20 {
					edits, what := g.step()
					log = append(log, what)
					t.Logf("step %d: %s", step, what)
					edit(t, r.opts.Source, edits)
					res := r.build(t)
					if strings.HasPrefix(res.Cache, "build cache: ") && !strings.HasPrefix(res.Cache, "build cache: 0 ") {
						used++
					}
					if keptRE.MatchString(res.Cache) {
						kept++
					}
					if res.InPlace {
						inPlace++
					}
					if strings.Contains(res.Cache, ", search index patched") {
						patched++ // its shards and texts compared with a clean build's below, as every file
					}
					if t.Failed() {
						t.Fatalf("after %q", log)
					}
				}
				t.Logf("%d builds reused text, %d kept output, %d in place, %d patched the search index", used, kept, inPlace, patched)
				if used == 0 || kept == 0 || inPlace == 0 || patched == 0 {
					t.Errorf("%d builds reused a page's text from the cache, %d kept a page's output, %d brought it up to date in place, %d patched the search index; want some of each",
						used, kept, inPlace, patched)
				}
			})
		}
	}
}

// keptRE matches a Result.Cache that kept some page's output.
var keptRE = regexp.MustCompile(`, [1-9][0-9]* pages' output kept(, search index patched \([0-9]+ of [0-9]+ files anew\))?(, [0-9]+ of [0-9]+ previews shards kept)?$`)

// cacheFileOf is the one cache file of a run.
func cacheFileOf(t *testing.T, r *cacheRun) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(r.opts.CacheDir, "builds", "*.gob"))
	if err != nil || len(files) != 1 {
		t.Fatalf("cache files %q (%v), want one", files, err)
	}
	return files[0]
}

// TestBuildCacheCorrupt: a cache file that does not read whole (a byte
// changed, cut short, another file), or an index of another format (the
// gob of format 6, a number other than this build's), makes a full build
// that says so, never a failed one nor a wrong site, and the next build
// uses the cache it wrote.
func TestBuildCacheCorrupt(t *testing.T) {
	for _, tt := range []struct {
		name  string
		spoil func(data []byte) []byte
		want  string // the build's Result.Cache; "" for a corrupt cache's
	}{
		{"a byte changed", func(d []byte) []byte { d[len(d)/2] ^= 0x55; return d }, ""},
		{"cut short", func(d []byte) []byte { return d[:len(d)/3] }, ""},
		{"empty", func([]byte) []byte { return nil }, ""},
		{"another file", func([]byte) []byte { return []byte("not a cache\n") }, ""},
		{"a checksum of its own", func(d []byte) []byte {
			// The payload changed and its checksum made again: it
			// itself does not decode.
			payload := append([]byte{}, d[len(buildCacheMagic)+len(indexSum{}):]...)
			for i := range payload {
				if i%7 == 3 {
					payload[i] ^= 0xff
				}
			}
			return sealCache(payload)
		}, ""},
		{"format 6's gob", func([]byte) []byte {
			var buf bytes.Buffer
			if err := gob.NewEncoder(&buf).Encode(struct{ Prints cachePrints }{cachePrints{Format: 6}}); err != nil {
				t.Fatal(err)
			}
			return sealCache(buf.Bytes())
		}, "full build: the cache is of another format"},
		{"an older number", func(d []byte) []byte {
			payload := d[len(buildCacheMagic)+len(indexSum{}):]
			_, n := binary.Uvarint(payload)
			return sealCache(append(binary.AppendUvarint(nil, buildCacheFormat-1), payload[n:]...))
		}, "full build: the cache is of another format"},
		{"the framing before (SHA-256)", func(d []byte) []byte {
			// Format 8's index file: the old magic, a SHA-256 of the
			// payload, the payload (even a sound one is not read).
			payload := d[len(buildCacheMagic)+len(indexSum{}):]
			sum := sha256.Sum256(payload)
			return append(append([]byte(oldCacheMagic), sum[:]...), payload...)
		}, "full build: the cache is of another format"},
		{"a byte changed in the checksum", func(d []byte) []byte { d[len(buildCacheMagic)+3] ^= 0x01; return d }, ""},
		{"its last byte gone", func(d []byte) []byte { return d[:len(d)-1] }, ""},
		{"a newer number", func(d []byte) []byte {
			payload := d[len(buildCacheMagic)+len(indexSum{}):]
			_, n := binary.Uvarint(payload)
			return sealCache(append(binary.AppendUvarint(nil, buildCacheFormat+1), payload[n:]...))
		}, "full build: the cache is of another format"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newCacheRun(t, newGenSite(1, 8, false).files())
			r.build(t)
			file := cacheFileOf(t, r)
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, tt.spoil(data), 0o644); err != nil {
				t.Fatal(err)
			}
			want := cmp.Or(tt.want, "full build: the build cache is corrupt")
			if res := r.build(t); res.Cache != want {
				t.Errorf("Cache = %q, want %q", res.Cache, want)
			}
			if res := r.build(t); !strings.HasPrefix(res.Cache, "build cache: ") {
				t.Errorf("next build: Cache = %q, want the cache used", res.Cache)
			}
		})
	}
}

// sealCache is a cache file holding payload, with its checksum.
func sealCache(payload []byte) []byte {
	sum := sumOf(payload)
	return append(append([]byte(buildCacheMagic), sum[:]...), payload...)
}

// TestBuildCacheEditedOutput: a published file edited (replaced, or
// written through) or removed by hand after a build is made again by the
// next, cached build, which brings the output up to date in place
// (commit.go): its page's text comes from the cache, but the output is
// compared, never trusted.
func TestBuildCacheEditedOutput(t *testing.T) {
	g := newGenSite(2, 8, false)
	r := newCacheRun(t, g.files())
	r.build(t)
	var pages []string
	for name := range publishedTree(t, r.opts.Dest) {
		if strings.HasSuffix(name, "/index.html") {
			pages = append(pages, name)
		}
	}
	slices.Sort(pages)
	if len(pages) < 3 {
		t.Fatalf("pages %q", pages)
	}
	edited, removed := filepath.Join(r.opts.Dest, pages[0]), filepath.Join(r.opts.Dest, pages[1])
	// Written through (its inode kept, as an editor saving in place does):
	// its size and times are not the ones recorded.
	through := filepath.Join(r.opts.Dest, pages[2])
	if err := os.WriteFile(through, []byte("<p>edited through</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Replaced, not written through: the output's files may be linked
	// from the previous tree.
	if err := os.Remove(edited); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(edited, []byte("<p>edited by hand</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(removed); err != nil {
		t.Fatal(err)
	}
	res := r.build(t) // compares with a build without a cache
	if !strings.HasPrefix(res.Cache, "build cache: ") {
		t.Errorf("Cache = %q, want the cache used", res.Cache)
	}
	if !res.InPlace {
		t.Error("the output was not brought up to date in place")
	}
}

// TestBuildCacheFullBuild: what the cache cannot vouch for makes a full
// build, which says why: a settings file changed (the layout's own, or
// one that makes the folder another layout), other options share no
// cache.
func TestBuildCacheFullBuild(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		edits map[string]string
		want  string
	}{
		{"site.toml", incrementalSite(), map[string]string{"site.toml": "title = \"Renamed\"\nbaseURL = \"https://rules.test/\"\n"},
			"full build: site.toml changed"},
		{"obsidian settings", newGenSite(3, 6, false).files(), map[string]string{".obsidian/app.json": "{\"newLinkFormat\": \"relative\"}\n"},
			"full build: .obsidian/app.json changed"},
		{"jekyll settings", newGenSite(3, 6, true).files(), map[string]string{"_config.yml": "title: Another SRD\nurl: https://srd.test\n"},
			"full build: _config.yml changed"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := maps.Clone(tt.files)
			if _, ok := files["content/a/one.md"]; ok {
				files["site.toml"] = "title = \"Rules\"\nbaseURL = \"https://rules.test/\"\n"
			}
			r := newCacheRun(t, files)
			if res := r.build(t); res.Cache != "" {
				t.Errorf("first build: Cache = %q, want nothing said", res.Cache)
			}
			if res := r.build(t); !strings.HasPrefix(res.Cache, "build cache: ") {
				t.Errorf("second build: Cache = %q, want the cache used", res.Cache)
			}
			edit(t, r.opts.Source, tt.edits)
			if res := r.build(t); res.Cache != tt.want {
				t.Errorf("Cache = %q, want %q", res.Cache, tt.want)
			}
			r.opts.Drafts = true // other options: another cache, none yet
			if res := r.build(t); res.Cache != "" {
				t.Errorf("--drafts: Cache = %q, want a first build's silence", res.Cache)
			}
		})
	}
}

// TestCachePrintsDiffer: each part of what the whole cache depends on,
// changed, is named as the full build's reason.
func TestCachePrintsDiffer(t *testing.T) {
	base := cachePrints{Format: buildCacheFormat, Binary: "/bin/sitegen 10 1", Options: "o", Layout: "l",
		Settings: map[string]string{"site.toml": "aa", "_config.yml": ""}, Assets: map[string]string{"css/site.css": "/css/site.1.css"}}
	for _, tt := range []struct {
		name   string
		change func(p *cachePrints)
		want   string
	}{
		{"same", func(*cachePrints) {}, ""},
		{"format", func(p *cachePrints) { p.Format++ }, "the cache is of another format"},
		{"binary", func(p *cachePrints) { p.Binary = "/bin/sitegen 11 1" }, "another sitegen binary"},
		{"options", func(p *cachePrints) { p.Options = "p" }, "other options"},
		{"layout", func(p *cachePrints) { p.Layout = "m" }, "the layout changed"},
		{"settings edited", func(p *cachePrints) { p.Settings["site.toml"] = "bb" }, "site.toml changed"},
		{"settings created", func(p *cachePrints) { p.Settings["_config.yml"] = "cc" }, "_config.yml changed"},
		{"settings file unknown", func(p *cachePrints) { p.Settings["mkdocs.yml"] = "" }, "mkdocs.yml changed"},
		{"assets", func(p *cachePrints) { p.Assets["css/site.css"] = "/css/site.2.css" }, "the theme's assets changed"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			old := base
			old.Settings, old.Assets = maps.Clone(base.Settings), maps.Clone(base.Assets)
			tt.change(&old)
			if got := base.differs(old); got != tt.want {
				t.Errorf("differs = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestUpdateAfterCachedBuild: serve's first build takes pages' text and
// output from the cache; the Updates that follow (random saves) still
// publish what a build of the edited source publishes.
func TestUpdateAfterCachedBuild(t *testing.T) {
	for _, kind := range []string{"vault", "jekyll"} {
		t.Run(kind, func(t *testing.T) {
			g := newGenSite(4, 12, kind == "jekyll")
			src := t.TempDir()
			sitetest.WriteFiles(t, src, g.files())
			opts := content.Options{Source: src, Theme: theme, BrokenLinks: "warn", CacheDir: t.TempDir(), ReuseBuild: true, Dest: filepath.Join(t.TempDir(), "out")}
			res, err := Build(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			res.Cleanup()
			r := startUpdates(t, opts, true)
			for step := range 10 {
				edits, what := g.step()
				t.Logf("step %d: %s", step, what)
				r.update(t, edits)
				if t.Failed() {
					t.Fatalf("after step %d", step)
				}
			}
		})
	}
}

// backdate sets the times of every file under dirs an hour back: files
// the next build finds older than its racy margin, whose stamps it then
// records for the build after (git's racy-clean rule).
func backdate(t *testing.T, dirs ...string) {
	t.Helper()
	old := time.Now().Add(-time.Hour)
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return err
			}
			return os.Chtimes(p, old, old)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// objectNames lists the cache's object files of a run.
func objectNames(t *testing.T, r *cacheRun) map[string]bool {
	t.Helper()
	entries, err := os.ReadDir(r.objects())
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, e := range entries {
		names[e.Name()] = true
	}
	return names
}

// stampedRun is a run whose last build recorded stamps that are not
// racy: built, its source and output backdated, built again.
func stampedRun(t *testing.T, pages int) (*cacheRun, *genSite) {
	t.Helper()
	g := newGenSite(5, pages, false)
	r := newCacheRun(t, g.files())
	r.build(t)
	backdate(t, r.opts.Source, r.opts.Dest)
	r.build(t)
	return r, g
}

// TestBuildCacheTrust: after a build that recorded stamps older than its
// racy margin, the next build trusts each unchanged stamp (a source file
// not read again, an output file not read again) and rebuilds whatever
// does not match: its output stays that of a build without a cache.
func TestBuildCacheTrust(t *testing.T) {
	for _, tt := range []struct {
		name  string
		spoil func(t *testing.T, r *cacheRun, g *genSite)
		// reusedAll: every page's text comes from the cache.
		reusedAll bool
	}{
		{"nothing changed", func(*testing.T, *cacheRun, *genSite) {}, true},
		{"a source file touched, its text the same", func(t *testing.T, r *cacheRun, g *genSite) {
			p := filepath.Join(r.opts.Source, filepath.FromSlash(g.notes[0].path))
			now := time.Now()
			if err := os.Chtimes(p, now, now); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"a note edited, same size, its time set back", func(t *testing.T, r *cacheRun, g *genSite) {
			p := filepath.Join(r.opts.Source, filepath.FromSlash(g.notes[0].path))
			info, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			i := bytes.LastIndexByte(data[:len(data)-1], ' ')
			data[i+1] ^= 0x20 // a letter's case: same size
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(p, info.ModTime(), info.ModTime()); err != nil {
				t.Fatal(err)
			}
		}, false},
		{"an output file edited in place", func(t *testing.T, r *cacheRun, _ *genSite) {
			p := firstPage(t, r)
			if err := os.WriteFile(p, []byte("<p>edited by hand</p>"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"an output file deleted", func(t *testing.T, r *cacheRun, _ *genSite) {
			if err := os.Remove(firstPage(t, r)); err != nil {
				t.Fatal(err)
			}
		}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, g := stampedRun(t, 8)
			tt.spoil(t, r, g)
			res := r.build(t) // compares with a build without a cache
			all := regexp.MustCompile(`^build cache: (\d+) of (\d+) pages' text reused`).FindStringSubmatch(res.Cache)
			if all == nil {
				t.Fatalf("Cache = %q, want the cache used", res.Cache)
			}
			if got := all[1] == all[2]; got != tt.reusedAll {
				t.Errorf("Cache = %q, want every page's text reused: %v", res.Cache, tt.reusedAll)
			}
		})
	}
}

// firstPage is the first page file the run published.
func firstPage(t *testing.T, r *cacheRun) string {
	t.Helper()
	var pages []string
	for name := range publishedTree(t, r.opts.Dest) {
		if strings.HasSuffix(name, "/index.html") {
			pages = append(pages, name)
		}
	}
	if len(pages) == 0 {
		t.Fatal("no page published")
	}
	return filepath.Join(r.opts.Dest, slices.Min(pages))
}

// TestBuildCacheStampRule: a source file's recorded stamp stands for its
// content only when it is not racy. The record here holds a wrong hash
// on purpose: trusted, the stamp gives that hash back without reading
// the file; racy (the file modified within the margin of the recording
// build's start), the file is read and hashed.
func TestBuildCacheStampRule(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{"content/a.md": "# A\n"})
	mtime := time.Now().Add(-time.Hour)
	p := filepath.Join(src, "content", "a.md")
	if err := os.Chtimes(p, mtime, mtime); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	real := sha256.Sum256([]byte("# A\n"))
	wrong := sha256.Sum256([]byte("another text"))
	for _, tt := range []struct {
		name  string
		start time.Time // of the build that recorded the stamp
		stamp func(content.FileStamp) content.FileStamp
		want  [sha256.Size]byte
	}{
		{"recorded long after the file's time", mtime.Add(time.Minute), func(s content.FileStamp) content.FileStamp { return s }, wrong},
		{"recorded within the racy margin", mtime.Add(time.Second), func(s content.FileStamp) content.FileStamp { return s }, real},
		{"recorded before the file's time", mtime.Add(-time.Minute), func(s content.FileStamp) content.FileStamp { return s }, real},
		{"another size", mtime.Add(time.Minute), func(s content.FileStamp) content.FileStamp { s.Size++; return s }, real},
		{"another time", mtime.Add(time.Minute), func(s content.FileStamp) content.FileStamp { s.Mtime--; return s }, real},
		{"another change time", mtime.Add(time.Minute), func(s content.FileStamp) content.FileStamp { s.Ctime--; return s }, real},
		{"another inode", mtime.Add(time.Minute), func(s content.FileStamp) content.FileStamp { s.Ino++; return s }, real},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := &Site{Site: &content.Site{Opts: content.Options{Source: src}}}
			bc := &bodyCache{nowSrc: map[string]content.SrcRecord{}, old: &cacheIndex{Start: tt.start.UnixNano(),
				Sources: map[string]content.SrcRecord{"content/a.md": {Stamp: tt.stamp(content.StampOf(info)), Sum: wrong}}}}
			got, ok := bc.hash(s, "content/a.md")
			if !ok || got != tt.want {
				t.Errorf("hash = %x, %v; want %x", got[:4], ok, tt.want[:4])
			}
		})
	}
}

// TestBuildCacheWritesChanged: a one-page edit writes that page's
// objects, its text and its search documents (and removes the ones they
// replace), not the others'; an object that does not read whole is a
// page rendered again, said in the log, and written again: the search
// documents, read by every build of an indexed page, and the text, read
// when the page's output is written.
func TestBuildCacheWritesChanged(t *testing.T) {
	r, g := stampedRun(t, 12)
	before := objectNames(t, r)
	n := g.notes[len(g.notes)-1] // embeds go to earlier notes only: no other page shows its text
	edit(t, r.opts.Source, map[string]string{n.path: n.text(false) + "\nOne more line.\n"})
	r.build(t)
	after := objectNames(t, r)
	var added, gone []string
	for name := range after {
		if !before[name] {
			added = append(added, name)
		}
	}
	for name := range before {
		if !after[name] {
			gone = append(gone, name)
		}
	}
	// The page's two objects, and the search index's state (searchpatch.go).
	if len(added) != 3 || len(gone) != 3 {
		t.Fatalf("objects written %q, removed %q; want the page's two each and the search index's state", added, gone)
	}
	for _, tt := range []struct {
		name  string
		spoil func(objs []string) // the page's two objects, the docs' after the text's, and its output file
	}{
		{"both objects", func(objs []string) {
			for _, o := range objs {
				if err := os.WriteFile(o, []byte("not an object"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}},
		{"the text, the page's output gone", func(objs []string) {
			if err := os.WriteFile(objs[0], []byte("not an object"), 0o644); err != nil {
				t.Fatal(err)
			}
			// Gone from the output and from the older one a build keeps
			// beside it (SparePath), which it brings up to date.
			if err := os.Remove(objs[2]); err != nil {
				t.Fatal(err)
			}
			rel, err := filepath.Rel(r.opts.Dest, objs[2])
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Remove(filepath.Join(SparePath(r.opts.Dest), rel)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ix, err := readCacheFile(cacheFileOf(t, r))
			if err != nil {
				t.Fatal(err)
			}
			c := ix.Bodies[n.path]
			if c == nil {
				t.Fatalf("no body of %s in the cache", n.path)
			}
			objs := []string{filepath.Join(r.objects(), fmt.Sprintf("%x", c.Obj)),
				filepath.Join(r.objects(), fmt.Sprintf("%x", c.Docs)),
				filepath.Join(r.opts.Dest, filepath.FromSlash(c.URL), "index.html")}
			tt.spoil(objs)
			// A new page makes the search index whole (searchpatch.go),
			// which reads every page's search entry.
			edit(t, r.opts.Source, map[string]string{"new-" + tt.name + ".md": "# New\n\nA new page.\n"})
			res := r.build(t) // compares with a build without a cache
			// The text, and the search entry when it is read.
			if !regexp.MustCompile(`\([12] entries of the cache did not read whole`).MatchString(res.Cache) {
				t.Errorf("Cache = %q, want the corrupt entry said", res.Cache)
			}
			if res := r.build(t); !strings.HasPrefix(res.Cache, "build cache: ") || strings.Contains(res.Cache, "did not read whole") {
				t.Errorf("next build: Cache = %q, want the entry written again", res.Cache)
			}
		})
	}
}

// TestBuildAfterServe: serve's Updates write the build cache as they go
// (SaveCache), so a build after serve reuses every page's text, those
// the saves changed included, and publishes what a build without a
// cache publishes.
func TestBuildAfterServe(t *testing.T) {
	for _, kind := range []string{"vault", "jekyll"} {
		t.Run(kind, func(t *testing.T) {
			g := newGenSite(6, 12, kind == "jekyll")
			r := newCacheRun(t, g.files())
			opts := r.opts
			opts.Incremental = true // as serve
			s, res, err := BuildSite(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			res.Cleanup()
			whole := true // every update applied page by page
			for step := range 8 {
				edits, what := g.step()
				t.Logf("step %d: %s", step, what)
				u, err := s.Update(context.Background(), edit(t, r.opts.Source, edits))
				if err != nil {
					t.Fatal(err)
				}
				if u.Full || len(u.Errors) > 0 {
					whole = false
					t.Logf("update not applied: %s %v", u.Reason, u.Errors)
				}
				if err := s.SaveCache(); err != nil {
					t.Fatal(err)
				}
			}
			// A page whose text reads the site's page list (a Jekyll
			// index looping over site.pages) is never reused: it is
			// made again in each build (content.Page.ReadsSite).
			readsSite := 0
			for _, p := range s.Pages {
				if p.ReadsSite {
					readsSite++
				}
			}
			res = r.build(t)
			m := regexp.MustCompile(`^build cache: (\d+) of (\d+) pages' text reused`).FindStringSubmatch(res.Cache)
			switch {
			case m == nil:
				t.Errorf("Cache = %q, want the cache used", res.Cache)
			case whole && atoi(t, m[2])-atoi(t, m[1]) != readsSite:
				t.Errorf("Cache = %q, want every page's text reused after serve but the %d that read the site's pages", res.Cache, readsSite)
			}
		})
	}
}

// TestCachedLoadFields: every field of page that loading sets goes
// through the cache's record and back (a field added to page and not to
// cachedLoad fails here), the record a copy the model's steps cannot
// change.
func TestCachedLoadFields(t *testing.T) {
	skip := map[string]bool{}
	for _, f := range pageFieldsNotCached {
		skip[f] = true
	}
	var p content.Page
	v := reflect.ValueOf(&p).Elem()
	for i := range v.NumField() {
		name := v.Type().Field(i).Name
		if skip[name] || name == "Meta" {
			continue
		}
		fillValue(t, name, reflect.NewAt(v.Field(i).Type(), unsafe.Pointer(v.Field(i).UnsafeAddr())).Elem())
	}
	p.Meta = map[string]any{"title": "T", "n": 3, "list": []any{"a", 1.5}, "when": time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)}
	c := content.ToCachedLoad(&p)
	if c == nil {
		t.Fatal("no record")
	}
	// Through the index's encoding, as the next build reads it.
	payload, err := encodeDelta(&cacheDelta{Loads: map[string]*content.CachedLoad{c.Rel: c}})
	if err != nil {
		t.Fatal(err)
	}
	d, err := decodeDelta(payload)
	if err != nil || d.Loads[c.Rel] == nil {
		t.Fatalf("the record does not decode: %v", err)
	}
	c = d.Loads[c.Rel]
	p.Ids["changed"] = true // a step of the model, after the record
	p.Names[0] = "changed"
	got, ok := c.Page()
	if !ok {
		t.Fatal("the record does not decode")
	}
	delete(p.Ids, "changed")
	p.Names[0] = "Names"
	g := reflect.ValueOf(got).Elem()
	for i := range v.NumField() {
		name := v.Type().Field(i).Name
		if skip[name] {
			continue
		}
		a := reflect.NewAt(v.Field(i).Type(), unsafe.Pointer(v.Field(i).UnsafeAddr())).Elem().Interface()
		b := reflect.NewAt(g.Field(i).Type(), unsafe.Pointer(g.Field(i).UnsafeAddr())).Elem().Interface()
		if !reflect.DeepEqual(a, b) {
			t.Errorf("page.%s = %#v after the cache, want %#v", name, b, a)
		}
	}
}

// fillValue sets v (settable) to a value that is not its zero, as
// TestCachedLoadFields needs: named after the field for strings.
func fillValue(t *testing.T, name string, v reflect.Value) {
	t.Helper()
	switch v.Kind() {
	case reflect.String:
		v.SetString(name)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64:
		v.SetInt(7)
	case reflect.Uint8, reflect.Uint64:
		v.SetUint(uint64(len(name)))
	case reflect.Array:
		for i := range v.Len() {
			fillValue(t, name, v.Index(i))
		}
	case reflect.Interface:
		v.Set(reflect.ValueOf(name))
	case reflect.Float64:
		v.SetFloat(1.5)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fillValue(t, name, s.Index(0))
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fillValue(t, name, k)
		fillValue(t, name, e)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Pointer:
		e := reflect.New(v.Type().Elem())
		fillValue(t, name, e.Elem())
		v.Set(e)
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Field(i)
			fillValue(t, name+"."+v.Type().Field(i).Name, reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem())
		}
	default:
		t.Fatalf("page.%s: no value for a %s", name, v.Type())
	}
}

// TestBuildCacheUpdatedTime: "Last updated" of a cached build is the
// file's time, as a build without a cache finds it (a stat), whether the
// build took the time from the stamp it checked against its record
// (bodyCache.FileTime) or read the file again: after a touch that leaves
// the text as it was, and after no change at all.
func TestBuildCacheUpdatedTime(t *testing.T) {
	r := newCacheRun(t, map[string]string{
		"site.toml":           "title = \"T\"\nbaseURL = \"https://rules.test/\"\n",
		"content/a/_index.md": "---\ntitle: A\n---\n",
		"content/a/one.md":    "---\ntitle: One\n---\nText.\n",
		"content/a/two.md":    "---\ntitle: Two\n---\nText [[one]].\n",
	})
	touch := func(rel string, when time.Time) {
		t.Helper()
		if err := os.Chtimes(filepath.Join(r.opts.Source, filepath.FromSlash(rel)), when, when); err != nil {
			t.Fatal(err)
		}
	}
	d1, d2 := time.Date(2023, 5, 6, 12, 0, 0, 0, time.UTC), time.Date(2024, 7, 8, 12, 0, 0, 0, time.UTC)
	for _, f := range []string{"content/a/_index.md", "content/a/one.md", "content/a/two.md"} {
		touch(f, d1)
	}
	shows := func(page, date string) {
		t.Helper()
		got := publishedTree(t, r.opts.Dest)[page]
		if want := `<time datetime="` + date + `">`; !strings.Contains(got, want) {
			t.Errorf("%s lacks %s", page, want)
		}
	}
	r.build(t)
	r.build(t) // every page as recorded
	shows("a/one/index.html", "2023-05-06")
	touch("content/a/one.md", d2)
	res := r.build(t)
	if !strings.HasPrefix(res.Cache, "build cache: ") {
		t.Errorf("Cache = %q, want the cache used", res.Cache)
	}
	shows("a/one/index.html", "2024-07-08")
	shows("a/two/index.html", "2023-05-06")
	r.build(t)
	shows("a/one/index.html", "2024-07-08")
}

// TestUpdateTimeAfterCachedBuild: after serve's first build took its
// pages from the cache (and the times of their files from its stamps),
// an Update of a page saved since shows the file's new time: serve's
// cache, which holds the build's stamps, does not answer for it.
func TestUpdateTimeAfterCachedBuild(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"site.toml":           "title = \"T\"\nbaseURL = \"https://rules.test/\"\n",
		"content/a/_index.md": "---\ntitle: A\n---\n",
		"content/a/one.md":    "---\ntitle: One\n---\nText.\n",
	})
	d1, d2 := time.Date(2023, 5, 6, 12, 0, 0, 0, time.UTC), time.Date(2024, 7, 8, 12, 0, 0, 0, time.UTC)
	one := filepath.Join(src, "content/a/one.md")
	for _, f := range []string{filepath.Join(src, "content/a/_index.md"), one} {
		if err := os.Chtimes(f, d1, d1); err != nil {
			t.Fatal(err)
		}
	}
	opts := content.Options{Source: src, Theme: theme, BrokenLinks: "warn", CacheDir: t.TempDir(), ReuseBuild: true, Dest: filepath.Join(t.TempDir(), "out")}
	for range 2 { // the second build takes the page as recorded
		res, err := Build(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		res.Cleanup()
	}
	r := startUpdates(t, opts, true)
	page := filepath.Join(opts.Dest, "a/one/index.html")
	shows := func(date string) {
		t.Helper()
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		if want := `<time datetime="` + date + `">`; !strings.Contains(string(b), want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	shows("2023-05-06")
	if err := os.WriteFile(one, []byte("---\ntitle: One\n---\nText, saved again.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(one, d2, d2); err != nil {
		t.Fatal(err)
	}
	if _, err := r.s.Update(context.Background(), []string{"content/a/one.md"}); err != nil {
		t.Fatal(err)
	}
	shows("2024-07-08")
}

// TestServedCacheHoldsOnlyLiveBodies: serve's build cache notes each
// body it records or reuses (its object, its search entry) by the body
// itself; an Update that replaces or drops a page's body drops those
// notes too, or every save would keep one more rendered page in memory
// for as long as serve runs (issue 35: "the serve process's memory after
// 200 saves stays within 10% of its memory after the first build").
func TestServedCacheHoldsOnlyLiveBodies(t *testing.T) {
	for _, kind := range []string{"vault", "jekyll"} {
		t.Run(kind, func(t *testing.T) {
			g := newGenSite(6, 12, kind == "jekyll")
			r := newCacheRun(t, g.files())
			opts := r.opts
			opts.Incremental = true // as serve
			s, res, err := BuildSite(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			res.Cleanup()
			check := func(when string) {
				t.Helper()
				live := map[*content.Body]bool{}
				for _, b := range s.Graph.Bodies {
					live[b] = true
				}
				for name, m := range map[string]*sync.Map{"bodyOf": &s.served.bodyOf, "lazy": &s.served.lazy, "entries": &s.served.entries} {
					n, dead := 0, 0
					m.Range(func(k, _ any) bool {
						n++
						if !live[k.(*content.Body)] {
							dead++
						}
						return true
					})
					if dead > 0 {
						t.Errorf("%s: the cache's %s holds %d bodies no page has any more (of %d; %d pages)", when, name, dead, n, len(s.Graph.Bodies))
					}
				}
			}
			check("after the first build")
			for step := range 12 {
				edits, what := g.step()
				if _, err := s.Update(context.Background(), edit(t, r.opts.Source, edits)); err != nil {
					t.Fatal(err)
				}
				if err := s.SaveCache(); err != nil {
					t.Fatal(err)
				}
				check(fmt.Sprintf("step %d (%s)", step, what))
			}
		})
	}
}

// atoi is strconv.Atoi of a number a test's pattern matched.
func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
