package servecmd

import (
	"context"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/testing/corpus"
	"d6codex/cmd/sitegen/internal/watch"
)

// BenchmarkSaveToReload measures, on generated corpora, the time from a
// save (os.WriteFile of one page) to the reload event arriving at a
// browser-like client over HTTP, through the real watcher (default
// debounce), update and event stream. "body" edits a page's text (one
// page re-rendered), "title" changes a page's title (navigation: a full
// build). It reports the median and 95th percentile, and the heap the
// server holds between builds.
//
//	go test -run '^$' -bench SaveToReload -benchtime 50x ./cmd/sitegen/servecmd
func BenchmarkSaveToReload(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		for _, edit := range []string{"body", "title"} {
			b.Run(fmt.Sprintf("pages=%d/edit=%s", n, edit), func(b *testing.B) { benchSave(b, n, edit) })
		}
	}
}

func benchSave(b *testing.B, n int, edit string) {
	src := b.TempDir()
	if err := corpus.Generate(src, n, 1); err != nil {
		b.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(src, "static"), os.DirFS("../../../static")); err != nil && !os.IsExist(err) {
		b.Fatal(err)
	}
	f := buildcmd.Flags{Source: src, Dest: filepath.Join(b.TempDir(), "public"), BaseURL: "http://127.0.0.1:1313/"}
	srv := &server{opts: f.Options(), out: io.Discard, err: io.Discard, hub: newHub("bench"), pending: map[string]kind{}}
	srv.rebuild(context.Background())
	if build, ps := srv.hub.state(); build != 1 {
		b.Fatalf("first build failed: %v", ps)
	}
	w, err := watch.New(watch.Options{Base: src, Names: watchNames(false)})
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ts := httptest.NewServer(newHandler(srv.opts.Dest, srv.hub))
	defer func() { // streams first: Close waits for every connection
		cancel()
		srv.hub.close()
		ts.Close()
		w.Close()
	}()
	go srv.loop(ctx, w.Batches())
	evs := sseClient(b, ctx, ts.URL)
	<-evs // hello

	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	heap := float64(ms.HeapInuse) / (1 << 20)

	file := func(i int) string {
		return filepath.Join(src, filepath.FromSlash(corpus.PagePath(i%n, corpus.PerSection)))
	}
	var lat []time.Duration
	b.ResetTimer()
	for i := range b.N {
		p := file(i * 37)
		body, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		s := string(body)
		if edit == "title" {
			s = strings.Replace(s, "title: Page ", "title: Page x", 1)
		} else {
			s += "\nEdited " + strconv.Itoa(i) + ".\n"
		}
		start := time.Now()
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			b.Fatal(err)
		}
		for {
			ev, ok := <-evs
			if !ok {
				b.Fatal("event stream closed")
			}
			if ev.name == evReload {
				break
			}
			if ev.name == evErrors {
				b.Fatalf("build failed: %s", ev.data)
			}
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(lat)
	pct := func(q float64) float64 {
		return float64(lat[min(len(lat)-1, int(q*float64(len(lat))))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.5), "p50-ms")
	b.ReportMetric(pct(0.95), "p95-ms")
	b.ReportMetric(heap, "heap-MiB")
	b.ReportMetric(0, "ns/op")
}
