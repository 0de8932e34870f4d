package uitest

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"

	"github.com/chromedp/chromedp"
)

// TestOffline visits one page, lets the service worker cache the site,
// stops the server, and then opens a page not visited before, searches
// and reads a calculator's pre-rendered odds: the whole site reads offline
// after one visit (modules are kept when first used, not up front).
func TestOffline(t *testing.T) {
	ctx := newTab(t, desktopW, desktopH)
	base, stop := serveStoppable(t, bundled)
	open(t, ctx, base, "/")
	// The worker takes over once it has cached the build's files.
	waitFor(t, ctx, `!!navigator.serviceWorker && !!navigator.serviceWorker.controller`, "the service worker to cache the site and take over")
	if got := eval[string](t, ctx, `document.querySelector('link[rel="manifest"]').href`); !strings.HasSuffix(got, "/manifest.webmanifest") {
		t.Errorf("manifest link %q", got)
	}

	stop()
	if _, err := http.Get(base + "/"); err == nil {
		t.Fatal("the server still answers after stop")
	}

	const page = "/skirmish/damage/"
	open(t, ctx, base, page)
	if got := eval[string](t, ctx, `document.querySelector("main h1").textContent`); got == "" {
		t.Errorf("offline %s: no heading", page)
	}
	if rs := query(t, ctx, "wild die"); len(rs) == 0 {
		t.Errorf("offline search for wild die: no results (%q)", eval[string](t, ctx, `document.getElementById("search-results").innerText`))
	}
	calc := findPage(t, "has-calc")
	open(t, ctx, base, calc)
	// Calculators start when they scroll into view.
	if err := chromedp.Do(ctx, chromedp.ScrollIntoView(".calc")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.querySelectorAll(".calc-outcomes tr[data-outcome]").length > 0`, "a calculator's odds offline on "+calc)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/no-such-page/")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.readyState === "complete" && document.body.innerText.length > 0`, "an answer for a page never built")
	if got := eval[string](t, ctx, `document.body.innerText`); !strings.Contains(got, "not found") && !strings.Contains(got, "Offline") {
		t.Errorf("offline, unknown page: %.100q", got)
	}
}

// TestServiceWorkerVersion checks that the worker's version and file list
// belong to the build: every file listed exists, redirects and
// precompressed siblings are left out.
func TestServiceWorkerVersion(t *testing.T) {
	sw, err := os.ReadFile(filepath.Join(bundled, "sw.js"))
	if err != nil {
		t.Fatal(err)
	}
	lists, _ := filepath.Glob(filepath.Join(bundled, "sw-files.*.json"))
	if len(lists) != 1 {
		t.Fatalf("file lists: %v", lists)
	}
	name := filepath.Base(lists[0])
	version := strings.TrimSuffix(strings.TrimPrefix(name, "sw-files."), ".json")
	if !strings.Contains(string(sw), `"`+version+`"`) || !strings.Contains(string(sw), "/"+name) {
		t.Errorf("sw.js does not name version %s and %s", version, name)
	}
	b, _ := os.ReadFile(lists[0])
	for _, u := range strings.Split(strings.Trim(string(b[strings.Index(string(b), "[")+1:]), "]}\n"), ",") {
		u = strings.Trim(u, `"`)
		f := filepath.Join(bundled, filepath.FromSlash(strings.TrimPrefix(u, "/")))
		if strings.HasSuffix(u, "/") {
			f = filepath.Join(f, "index.html")
		}
		if (strings.HasSuffix(u, ".br") || strings.HasSuffix(u, ".gz")) && !strings.Contains(u, "/search/") {
			t.Errorf("precompressed sibling %s listed", u)
		}
		body, err := os.ReadFile(f)
		if err != nil {
			t.Errorf("listed %s: %v", u, err)
		} else if strings.Contains(string(body), `http-equiv="refresh"`) {
			t.Errorf("redirect page %s listed", u)
		}
	}
}

// TestOfflineAfterNewBuild caches one build, publishes a new one, visits
// one page online, and then, offline, opens a page changed by the new
// build: it must be the new text, never the first build's.
func TestOfflineAfterNewBuild(t *testing.T) {
	root, err := browser.FindRepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	if err := os.CopyFS(filepath.Join(src, "static"), os.DirFS(filepath.Join(root, "static"))); err != nil {
		t.Fatal(err)
	}
	write := func(name, body string) {
		t.Helper()
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("site.toml", "title = \"Offline test\"\nbaseURL = \"https://rules.test/\"\n")
	write("content/_index.md", "---\ntitle: Home\n---\nHome.\n")
	write("content/game/_index.md", "---\ntitle: Game\n---\nThe game.\n")
	write("content/game/rules.md", "---\ntitle: Rules\n---\nFirst edition of the rules.\n")
	dest := filepath.Join(t.TempDir(), "public")
	build := func() string {
		t.Helper()
		if _, err := site.Build(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-"}); err != nil {
			t.Fatal(err)
		}
		lists, _ := filepath.Glob(filepath.Join(dest, "sw-files.*.json"))
		if len(lists) != 1 {
			t.Fatalf("file lists %v", lists)
		}
		return strings.TrimSuffix(strings.TrimPrefix(filepath.Base(lists[0]), "sw-files."), ".json")
	}
	v1 := build()
	ctx := newTab(t, desktopW, desktopH)
	base, stop := serveStoppable(t, dest)
	open(t, ctx, base, "/")
	waitFor(t, ctx, `!!navigator.serviceWorker.controller`, "the first build's worker")

	write("content/game/rules.md", "---\ntitle: Rules\n---\nSecond edition of the rules.\n")
	v2 := build()
	if v1 == v2 {
		t.Fatalf("the version did not change with the content: %s", v1)
	}
	open(t, ctx, base, "/game/") // online: the browser checks sw.js and installs the new worker
	// Each poll asks for the cache names and looks at the last answer.
	waitFor(t, ctx, `(caches.keys().then(k => window.__keys = k), (window.__keys || []).includes("d6codex-`+v2+`") && !window.__keys.includes("d6codex-`+v1+`"))`, "the new build's cache to replace the old one")

	stop()
	open(t, ctx, base, "/game/rules/")
	if got := eval[string](t, ctx, `document.querySelector("main").innerText`); !strings.Contains(got, "Second edition") {
		t.Errorf("offline after the new build: %.200q, want the second edition", got)
	}
}

// TestNoServiceWorkerUnderServe checks that pages served by `sitegen
// serve` (recognised by its live-reload script) register no service
// worker and remove one left by an earlier visit of the same address.
func TestNoServiceWorkerUnderServe(t *testing.T) {
	var inject atomic.Bool
	files := http.FileServer(http.Dir(bundled))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !inject.Load() || !strings.HasSuffix(r.URL.Path, "/") {
			files.ServeHTTP(w, r)
			return
		}
		r.Header.Del("If-Modified-Since") // a 304 would carry no page to inject into
		rec := httptest.NewRecorder()
		files.ServeHTTP(rec, r)
		body := strings.Replace(rec.Body.String(), "</body>", `<script src="/__sitegen/livereload.js"></script></body>`, 1)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(body))
	}))
	defer srv.Close()
	ctx := newTab(t, desktopW, desktopH)
	regs := `(navigator.serviceWorker.getRegistrations().then(r => window.__regs = r.length), window.__regs)`
	open(t, ctx, srv.URL, "/")
	waitFor(t, ctx, `!!navigator.serviceWorker.controller`, "the worker of a built site")
	inject.Store(true)
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.__regs = undefined`)); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, srv.URL, "/glossary/")
	waitFor(t, ctx, regs+` === 0`, "the worker to be removed under sitegen serve")
}

// TestOfflineCalculatorFirstPage (issue 25, item 3): a calculator used on
// the very first page of a first visit works offline afterwards (its
// module was loaded before the service worker took over). A calculator
// whose module was never saved keeps its pre-rendered result offline, with
// a message saying whose inputs it belongs to: since issue 34 every module
// is saved with the site, so TestOfflineOverBudget checks that case on a
// site past its budget.
func TestOfflineCalculatorFirstPage(t *testing.T) {
	for _, size := range []struct {
		name string
		w, h int
	}{{"desktop", desktopW, desktopH}, {"phone", phoneW, phoneH}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			base, stop := serveStoppable(t, bundled)
			const used, dom = "/spacedoor/attacking/", "calc-spacedoor-attack"
			open(t, ctx, base, used)
			settledPreset(t, ctx, dom)
			if st := act(t, ctx, dom, jsSet("tough", "2")); st != "ok" {
				t.Fatalf("online: state %s", st)
			}
			waitFor(t, ctx, `!!navigator.serviceWorker && !!navigator.serviceWorker.controller`, "the service worker to cache the site and take over")
			// The page asks the worker to keep the module: wait until it has.
			wasm := calcJS[string](t, ctx, dom, `new URL(c.dataset.wasm, location.href).href`)
			waitFor(t, ctx, fmt.Sprintf(`(window.__kept = window.__kept || caches.keys().then(async (ks) => { for (const k of ks) if (await (await caches.open(k)).match(%q)) return true; return false }).then((v) => (window.__keptV = v, window.__kept = null))), window.__keptV === true`, wasm), "the module to be kept offline")

			stop()
			fresh(t, ctx, base, used)
			settledPreset(t, ctx, dom)
			if st := act(t, ctx, dom, jsSet("tough", "3")); st != "ok" {
				t.Errorf("offline, the calculator used on the first page: state %s: %s", st, calcJS[string](t, ctx, dom, `c.querySelector(".calc-error").textContent`))
			}

		})
	}
}
