package servecmd

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/pprof"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/layout/detect"
	"d6codex/cmd/sitegen/internal/watch"
)

// TestServeHeapAfterSaves: "The serve process's memory after 200 saves
// stays within 10% of its memory after the first build" (issue 35). The
// server takes 200 saves of the kinds BenchmarkSaveToScreen makes, in
// turn, on the generated Jekyll site (and on the 13th Age vault when
// SITEGEN_BENCH_VAULT names it), each applied as the watch loop applies
// a batch, the loop's idle writes (the build cache, the search index)
// after every tenth; the Go heap in use after a collection, with the cache and
// search writes done, is compared with the one after the first build. It
// measures memory, not time: the figure does not depend on the machine's
// load (the test process holds nothing else meanwhile).
func TestServeHeapAfterSaves(t *testing.T) {
	if testing.Short() {
		t.Skip("200 saves of a site of 450 pages: ~15 s")
	}
	const saves = 200
	vault := os.Getenv("SITEGEN_BENCH_VAULT")
	for _, sc := range saveSites(vault) {
		if sc.name != "jekyll=450" && (sc.name != "vault=13th-age" || vault == "") {
			continue
		}
		t.Run(sc.name, func(t *testing.T) {
			src := t.TempDir()
			if err := sc.make(src); err != nil {
				t.Fatal(err)
			}
			f := buildcmd.Flags{Source: src, Dest: filepath.Join(t.TempDir(), "public"), BaseURL: "http://127.0.0.1:1313/"}
			opts := serveOptions(f)
			if lay, err := detect.Layout(src); err == nil {
				opts.Layout = lay
			}
			srv := &server{opts: opts, out: io.Discard, err: io.Discard, hub: newHub("heap"), pending: map[string]kind{}}
			ctx := context.Background()
			srv.rebuild(ctx)
			if build, ps := srv.hub.state(); build != 1 {
				t.Fatalf("first build failed: %v", ps)
			}
			heap := func() float64 {
				srv.flushCache()
				if srv.searchDone != nil {
					<-srv.searchDone
				}
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				runtime.KeepAlive(srv) // the server is what is measured
				return float64(ms.HeapInuse) / (1 << 20)
			}
			first := heap()
			profile(t, sc.name, "first")
			sums := sourceSums(t, src)
			origs, last := map[string]string{}, map[string]string{}
			for n := 1; n <= saves; n++ {
				e := sc.edits[(n-1)*len(sc.edits)/saves] // each kind in turn, a run of saves each
				file := filepath.Join(src, filepath.FromSlash(e.page))
				if _, ok := origs[file]; !ok {
					data, err := os.ReadFile(file)
					if err != nil {
						t.Fatal(err)
					}
					origs[file] = string(data)
				}
				text := e.apply(origs[file], n)
				if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				last[e.page] = text
				before, _ := srv.hub.state()
				srv.apply(ctx, watch.Batch{{Path: e.page, Op: watch.Write}})
				// A save publishes once, and a title save a second time for
				// the pages whose navigation alone changed (site.NavLater).
				if build, ps := srv.hub.state(); build <= before || build > before+2 || ps != nil {
					t.Fatalf("save %d (%s): build %d after %d, problems %v", n, e.name, build, before, ps)
				}
				// No save lost: the page as published shows this save's
				// mark (zqN, not the N of an earlier save).
				if !savedMark(n).MatchString(readOutput(t, opts.Dest, e.url)) {
					t.Fatalf("save %d (%s) of %s is not in %s", n, e.name, e.page, e.url)
				}
				if n%10 == 0 {
					srv.idle() // as the loop when saves pause
				}
				if n == 40 {
					heap()
					profile(t, sc.name, "40")
				}
			}
			// The user's files: those saved hold the last save, every
			// other one is as it was (the server writes none).
			now := sourceSums(t, src)
			for rel, sum := range now {
				if text, ok := last[rel]; ok {
					if sum != fmt.Sprintf("%x", sha256.Sum256([]byte(text))) {
						t.Errorf("%s does not hold its last save", rel)
					}
				} else if sums[rel] != sum {
					t.Errorf("%s changed under serve (a file the server must not write)", rel)
				}
				delete(sums, rel)
			}
			for rel := range sums {
				t.Errorf("%s vanished under serve", rel)
			}
			after := heap()
			profile(t, sc.name, "last")
			t.Logf("heap after the first build %.2f MiB, after %d saves %.2f MiB (%+.1f%%); %d source files checked, %d saved", first, saves, after, 100*(after/first-1), len(now), len(last))
			if after > first*1.10 {
				t.Errorf("heap after %d saves %.2f MiB, more than 10%% over the %.2f MiB after the first build", saves, after, first)
			}
		})
	}
}

// profile writes a heap profile named for the site and the moment to
// the folder SITEGEN_HEAP_PROFILE names, if it names one (compare two
// with go tool pprof -base).
func profile(t *testing.T, site, when string) {
	t.Helper()
	dir := os.Getenv("SITEGEN_HEAP_PROFILE")
	if dir == "" {
		return
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("%s: heap in use %.2f MiB, live objects %.2f MiB (%d), spans %.2f MiB", when, float64(ms.HeapInuse)/(1<<20), float64(ms.HeapAlloc)/(1<<20), ms.HeapObjects, float64(ms.MSpanInuse)/(1<<20))
	name := strings.NewReplacer("=", "-", "/", "-").Replace(site) + "-" + when + ".pprof"
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := pprof.WriteHeapProfile(f); err != nil {
		t.Fatal(err)
	}
}

// sourceSums is the SHA-256 of every file under src, by slash path.
func sourceSums(t *testing.T, src string) map[string]string {
	t.Helper()
	sums := map[string]string{}
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		sums[filepath.ToSlash(rel)] = fmt.Sprintf("%x", sha256.Sum256(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sums
}

// savedMark matches the mark save n puts in a page (zqN, and not zqN0).
func savedMark(n int) *regexp.Regexp { return regexp.MustCompile(fmt.Sprintf(`zq%d\b`, n)) }

// readOutput is the published file of URL u under dest ("/a/" is
// a/index.html).
func readOutput(t *testing.T, dest, u string) string {
	t.Helper()
	rel, err := url.PathUnescape(strings.TrimPrefix(u, "/"))
	if err != nil {
		t.Fatal(err)
	}
	if rel == "" || strings.HasSuffix(rel, "/") {
		rel += "index.html"
	}
	data, err := os.ReadFile(filepath.Join(dest, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
