// Command throttlebench measures a calculator page as a player on a slow
// link gets it: headless Chromium with its network throttled to 1.6 Mbit/s
// and 150 ms latency, the site served as `sitegen serve` and common hosts
// serve it (brotli siblings, hashed assets cacheable). It times the first
// visible result (the pre-rendered preset: first contentful paint) and the
// result of a changed input with a cold cache (fresh profile, the module
// downloads), a warm cache (the page reloaded, the module in the HTTP
// cache) and the module already running (a second change). It writes the
// "calculators on a slow link" section of BENCHMARKS.md.
//
//	go run ./cmd/sitegen/internal/testing/throttlebench [-runs 3] [-out BENCHMARKS.md]
//
// Run it from the repository root (make bench does); it needs Chromium.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"mime"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"d6codex/calc"
	"d6codex/calc/systems"
	"d6codex/cmd/sitegen/internal/testing/benchmd"
	"d6codex/cmd/sitegen/internal/testing/benchsite"
	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/wasmbuild"
)

// The link: 1.6 Mbit/s down, 150 ms latency (Lighthouse's "slow 4G").
const (
	down    = 1.6e6 / 8
	latency = 150
)

// subject is the calculator timed (the last system's first calculator, as
// calcbench's first page) and the whole-number field the player changes,
// to one above its minimum and back (a cross-field limit may forbid its
// maximum).
type subject struct {
	id, dom, field, lo, hi string
}

func pickSubject() (subject, error) {
	all := systems.New().Systems()
	for i := len(all) - 1; i >= 0; i-- {
		for _, c := range all[i].Calculators {
			for _, f := range c.Fields {
				if f.Kind == calc.Int && f.Max > f.Min && f.Name != "seed" {
					return subject{c.ID, "calc-" + strings.ReplaceAll(c.ID, "/", "-"), f.Name, strconv.Itoa(f.Min), strconv.Itoa(f.Min + 1)}, nil
				}
			}
		}
	}
	return subject{}, errors.New("no calculator with a whole-number field")
}

func main() {
	runs := flag.Int("runs", 3, "fresh profiles to time")
	out := flag.String("out", "BENCHMARKS.md", "file whose section is replaced")
	flag.Parse()
	if err := run(*runs, *out); err != nil {
		fmt.Fprintln(os.Stderr, "throttlebench:", err)
		os.Exit(1)
	}
}

// figures are one fresh profile's times in milliseconds.
type figures struct {
	paint, cold, warm, running float64
}

func run(runs int, out string) error {
	root, err := wasmbuild.RepoRoot(".")
	if err != nil {
		return err
	}
	exe := browser.Find()
	if exe == "" {
		return errors.New("no Chromium found (apt-get install chromium)")
	}
	dir, err := os.MkdirTemp("", "throttlebench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	sub, err := pickSubject()
	if err != nil {
		return err
	}
	public, err := buildSite(root, dir, sub)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: slowLink(precompressed(public))}
	go srv.Serve(ln)
	defer srv.Close()
	url := "http://" + ln.Addr().String() + "/calc/"
	var all []figures
	for i := range runs {
		f, err := measure(exe, filepath.Join(dir, fmt.Sprintf("profile-%d", i)), url, sub)
		if err != nil {
			return err
		}
		all = append(all, f)
	}
	wire, err := moduleOnWire(public)
	if err != nil {
		return err
	}
	section := report(all, wire, sub)
	fmt.Print(section)
	return benchmd.WriteSection(out, "calculators on a slow link", section)
}

// buildSite builds one page whose calculator is at the top.
func buildSite(root, dir string, sub subject) (string, error) {
	files := map[string]string{
		"site.toml":              "title = \"throttlebench\"\nbaseURL = \"http://localhost/\"\n",
		"content/_index.md":      "---\ntitle: Home\n---\nHome.\n",
		"content/calc/_index.md": "---\ntitle: Calculator\n---\n```calc " + sub.id + "\n```\n",
	}
	return benchsite.Build(context.Background(), root, dir, files)
}

// precompressed serves dir as a static host configured as the README says:
// the .br sibling when the browser accepts brotli, hashed assets cacheable.
func precompressed(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := filepath.Join(dir, filepath.FromSlash(r.URL.Path))
		if strings.Contains(r.URL.Path, "/calc/") || strings.HasPrefix(r.URL.Path, "/js/") || strings.HasPrefix(r.URL.Path, "/css/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		}
		// Chromium offers brotli only over HTTPS; over plain HTTP it gets gzip.
		for _, enc := range []struct{ coding, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
			if !strings.Contains(r.Header.Get("Accept-Encoding"), enc.coding) {
				continue
			}
			if _, err := os.Stat(name + enc.ext); err == nil {
				w.Header().Set("Content-Encoding", enc.coding)
				w.Header().Add("Vary", "Accept-Encoding")
				if t := mime.TypeByExtension(filepath.Ext(name)); t != "" {
					w.Header().Set("Content-Type", t)
				}
				http.ServeFile(w, r, name+enc.ext)
				return
			}
		}
		files.ServeHTTP(w, r)
	})
}

// link paces every response of the server through one shared downlink:
// each response waits the latency before its headers, and its bytes take
// their share of the bandwidth (all responses together never exceed it).
type link struct {
	mu   sync.Mutex
	next time.Time
}

// wait reserves the time n bytes take on the link and sleeps until then.
func (l *link) wait(n int) {
	l.mu.Lock()
	now := time.Now()
	if l.next.Before(now) {
		l.next = now
	}
	l.next = l.next.Add(time.Duration(float64(n) / down * float64(time.Second)))
	until := l.next
	l.mu.Unlock()
	time.Sleep(time.Until(until))
}

type pacedWriter struct {
	http.ResponseWriter
	l       *link
	started bool
}

func (w *pacedWriter) WriteHeader(code int) {
	if !w.started {
		w.started = true
		time.Sleep(latency * time.Millisecond)
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *pacedWriter) Write(p []byte) (int, error) {
	if !w.started {
		w.WriteHeader(http.StatusOK)
	}
	n := 0
	for len(p) > 0 {
		k := min(len(p), 8192)
		w.l.wait(k)
		m, err := w.ResponseWriter.Write(p[:k])
		n += m
		if err != nil {
			return n, err
		}
		if f, ok := w.ResponseWriter.(http.Flusher); ok {
			f.Flush()
		}
		p = p[k:]
	}
	return n, nil
}

// slowLink serves h over a 1.6 Mbit/s link with 150 ms latency.
func slowLink(h http.Handler) http.Handler {
	l := &link{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(&pacedWriter{ResponseWriter: w, l: l}, r)
	})
}

// measure opens the page in a fresh profile on the throttled link.
func measure(exe, profile, url string, sub subject) (figures, error) {
	var f figures
	ctx, cancel, err := browser.Start(exe, profile, 1280, 900)
	if err != nil {
		return f, err
	}
	defer cancel()
	ctx, tcancel := context.WithTimeout(ctx, 3*time.Minute)
	defer tcancel()
	// DevTools' throttling covers the page and also the worker's fetch
	// only in part (measured: the module arrived at loopback speed), so the
	// link is the server's: see slowLink.
	if _, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: false}); err != nil {
		return f, err
	}
	// Cold: change an input as soon as the page shows; the module loads now.
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		return f, err
	}
	paint, err := chromedp.Run(ctx, chromedp.Poll[float64](fmt.Sprintf(`(() => { const p = performance.getEntriesByName("first-contentful-paint")[0];
		return p && document.querySelector("#%s .calc-outcomes tr[data-outcome]") ? p.startTime : false })()`, sub.dom)))
	if err != nil {
		return f, fmt.Errorf("first paint: %w", err)
	}
	f.paint = paint
	if f.cold, err = change(ctx, sub, sub.hi, 0); err != nil {
		return f, fmt.Errorf("cold: %w", err)
	}
	if f.running, err = change(ctx, sub, sub.lo, 1); err != nil {
		return f, fmt.Errorf("module running: %w", err)
	}
	// Warm: the page again, the module in the HTTP cache.
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		return f, err
	}
	if f.warm, err = change(ctx, sub, sub.hi, 0); err != nil {
		return f, fmt.Errorf("warm: %w", err)
	}
	return f, nil
}

// change sets the subject's field and returns the milliseconds until its
// result.
func change(ctx context.Context, sub subject, value string, after int) (float64, error) {
	js := fmt.Sprintf(`(() => { const c = document.getElementById(%q); const f = c.querySelector("form").elements[%q];
		window.__t0 = performance.now(); f.value = %q; f.form.requestSubmit(); return true })()`, sub.dom, sub.field, value)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err != nil {
		return 0, err
	}
	return chromedp.Run(ctx, chromedp.Poll[float64](fmt.Sprintf(`(() => { const c = document.getElementById(%q);
		return +(c.dataset.runs||0) > %d && c.dataset.state === "ok" ? performance.now() - window.__t0 : false })()`, sub.dom, after)))
}

// moduleOnWire is the size of the modules as served to Chromium over plain
// HTTP (the gzip sibling if there is one; brotli is offered over HTTPS only).
func moduleOnWire(public string) (string, error) {
	var out []string
	err := filepath.WalkDir(public, func(p string, d os.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".wasm") {
			return err
		}
		for _, name := range []string{p + ".gz", p} {
			if st, err := os.Stat(name); err == nil {
				out = append(out, fmt.Sprintf("%s %d KB", filepath.Base(name), st.Size()/1000))
				break
			}
		}
		return nil
	})
	return strings.Join(out, ", "), err
}

func report(all []figures, wire string, sub subject) string {
	med := func(get func(figures) float64) float64 {
		xs := make([]float64, len(all))
		for i, f := range all {
			xs[i] = get(f)
		}
		slices.Sort(xs)
		return xs[len(xs)/2]
	}
	var b strings.Builder
	b.WriteString("## calculators on a slow link\n\n")
	fmt.Fprintf(&b, "Produced by `go run ./cmd/sitegen/internal/testing/throttlebench -runs %d` (part of `make bench`) on %s, %s %s/%s: headless Chromium over a link of 1.6 Mbit/s down and 150 ms latency (paced by the benchmark's server, shared by all responses: DevTools' network emulation did not slow the calculator worker's download of the module); the site served with precompressed siblings and cacheable hashed assets (as `sitegen serve` and the README's host settings do; over plain HTTP Chromium accepts gzip, not brotli, so these figures are for the .gz sibling: brotli over HTTPS is smaller still). One page with the %s calculator at the top on its defaults; each figure is the median of %d fresh profiles. The changed input is its field %s, submitted at once (typing adds the form's 200 ms debounce).\n\n",
		len(all), time.Now().Format("2006-01-02"), runtime.Version(), runtime.GOOS, runtime.GOARCH, sub.id, len(all), sub.field)
	b.WriteString("| figure | median | goal |\n|---|---:|---|\n")
	fmt.Fprintf(&b, "| first visible result (first contentful paint, with the pre-rendered preset) | %.0f ms | at first paint |\n", med(func(f figures) float64 { return f.paint }))
	fmt.Fprintf(&b, "| result of a changed input, cold cache (module downloads) | %.0f ms | ≤ 3 s |\n", med(func(f figures) float64 { return f.cold }))
	fmt.Fprintf(&b, "| result of a changed input, warm cache (page reloaded) | %.0f ms | ≤ 100 ms |\n", med(func(f figures) float64 { return f.warm }))
	fmt.Fprintf(&b, "| result of a changed input, module running | %.0f ms | ≤ 100 ms |\n", med(func(f figures) float64 { return f.running }))
	fmt.Fprintf(&b, "\nModules as served: %s. The cold figure is mostly the module's download at this rate; the page shows the preset's odds from the first paint meanwhile and, after a change, the download's progress. The warm figure is compiling and starting the cached module.\n\n", wire)
	return b.String()
}
