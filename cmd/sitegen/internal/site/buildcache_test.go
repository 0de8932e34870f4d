package site

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// cacheRun is a source built again and again into one output with a
// build cache (buildcache.go).
type cacheRun struct {
	opts Options
}

// newCacheRun writes files into a new source and returns its run.
func newCacheRun(t *testing.T, files map[string]string) *cacheRun {
	t.Helper()
	src := t.TempDir()
	sitetest.WriteFiles(t, src, files)
	return &cacheRun{opts: Options{Source: src, Dest: filepath.Join(t.TempDir(), "out"), Theme: theme, BrokenLinks: "warn",
		CacheDir: t.TempDir(), ReuseBuild: true}}
}

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
	var got, exp Diagnostics
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
// cache, whose output is byte for byte that of a build without a cache.
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
				used, kept := 0, 0
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
					if t.Failed() {
						t.Fatalf("after %q", log)
					}
				}
				if used == 0 || kept == 0 {
					t.Errorf("%d builds reused a page's text from the cache, %d kept a page's output; want some of each", used, kept)
				}
			})
		}
	}
}

// keptRE matches a Result.Cache that kept some page's output.
var keptRE = regexp.MustCompile(`, [1-9][0-9]* pages' output kept$`)

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
// changed, cut short, another file) makes a full build that says so,
// never a failed one, and the next build uses the cache it wrote.
func TestBuildCacheCorrupt(t *testing.T) {
	for _, tt := range []struct {
		name  string
		spoil func(data []byte) []byte
	}{
		{"a byte changed", func(d []byte) []byte { d[len(d)/2] ^= 0x55; return d }},
		{"cut short", func(d []byte) []byte { return d[:len(d)/3] }},
		{"empty", func([]byte) []byte { return nil }},
		{"another file", func([]byte) []byte { return []byte("not a cache\n") }},
		{"a checksum of its own", func(d []byte) []byte {
			// The payload changed and its checksum made again: the gob
			// itself does not decode.
			payload := append([]byte{}, d[len(buildCacheMagic)+32:]...)
			for i := range payload {
				if i%7 == 3 {
					payload[i] ^= 0xff
				}
			}
			return sealCache(payload)
		}},
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
			if res := r.build(t); res.Cache != "full build: the build cache is corrupt" {
				t.Errorf("Cache = %q, want a full build because the cache is corrupt", res.Cache)
			}
			if res := r.build(t); !strings.HasPrefix(res.Cache, "build cache: ") {
				t.Errorf("next build: Cache = %q, want the cache used", res.Cache)
			}
		})
	}
}

// sealCache is a cache file holding payload, with its checksum.
func sealCache(payload []byte) []byte {
	sum := sha256.Sum256(payload)
	return append(append([]byte(buildCacheMagic), sum[:]...), payload...)
}

// TestBuildCacheEditedOutput: a published file edited (or removed) by
// hand after a build is made again by the next, cached build: its page's
// text comes from the cache, but the output is compared, never trusted.
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
	if len(pages) < 2 {
		t.Fatalf("pages %q", pages)
	}
	edited, removed := filepath.Join(r.opts.Dest, pages[0]), filepath.Join(r.opts.Dest, pages[1])
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
			opts := Options{Source: src, Theme: theme, BrokenLinks: "warn", CacheDir: t.TempDir(), ReuseBuild: true, Dest: filepath.Join(t.TempDir(), "out")}
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
