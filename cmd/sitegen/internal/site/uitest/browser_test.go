package uitest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// Pages of the bundled site the tests visit.
const (
	rulesPage = "/opend6/"    // a system page with sections and a table of contents
	otherPage = "/legal/ogl/" // a long text page in another section
	calcPage  = "/opend6/"    // a page with a ```calc block
	phoneW    = 390           // phone viewport width (CSS pixels)
	phoneH    = 844           // phone viewport height
	desktopW  = 1280          // desktop viewport width
	desktopH  = 900           // desktop viewport height
	waitLimit = 20 * time.Second
)

// screens are the two widths the pages are looked at: desktop and phone.
var screens = []struct {
	name string
	w, h int
}{{"desktop", desktopW, desktopH}, {"phone", phoneW, phoneH}}

// newTab starts a browser tab with a viewport of w×h CSS pixels. The
// viewport is emulated too: headless Chromium's windows are at least 500
// pixels wide, wider than a phone.
func newTab(t *testing.T, w, h int) context.Context {
	t.Helper()
	ctx := browser.New(t, w, h)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(w), int64(h))); err != nil {
		t.Fatalf("viewport %dx%d: %v", w, h, err)
	}
	return ctx
}

// serveStoppable serves dir (browser.ServeDir) for a test that stops the
// server part way (to go offline): stop ends it at once, and the test's
// cleanup ends it if the test did not.
func serveStoppable(t *testing.T, dir string) (base string, stop func()) {
	t.Helper()
	base, end, err := browser.ServeDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	stop = func() { once.Do(end) }
	t.Cleanup(stop)
	return base, stop
}

// open navigates to path on the served site and waits for site.js to have
// run (it shows the theme toggle).
func open(t *testing.T, ctx context.Context, base, path string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(base+path)); err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	waitFor(t, ctx, `!document.querySelector(".theme-toggle").hidden`, "site.js to run on "+path)
}

// waitFor polls the JavaScript condition until it is true. Evaluation
// errors (the page navigating away mid-poll) count as "not yet".
func waitFor(t *testing.T, ctx context.Context, cond, what string) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	var last error
	for time.Now().Before(deadline) {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](cond))
		if err == nil && ok {
			return
		}
		last = err
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("waiting for %s: not true after %v (last error: %v)", what, waitLimit, last)
}

// eval evaluates a JavaScript expression and decodes its value.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluate %s: %v", js, err)
	}
	return v
}

// TestSearch types into the search box after the / shortcut and follows
// the first result to the right page and heading, where the searched words
// are highlighted; a typo still finds the rule, and the system filter
// narrows the results.
func TestSearch(t *testing.T) {
	ctx := newTab(t, desktopW, desktopH)
	base := browser.Serve(t, bundled)
	open(t, ctx, base, "/")
	if eval[bool](t, ctx, `!!window.d6search || performance.getEntriesByType("resource").some(e => /\/search\/|js\/search\./.test(e.name))`) {
		t.Fatal("the search engine or index loaded before the search box was used")
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("/")); err != nil {
		t.Fatal(err)
	}
	if id := eval[string](t, ctx, `document.activeElement.id`); id != "search-q" {
		t.Fatalf("after /, focus is on %q, want the search box", id)
	}

	target, title := searchTargets(t)
	cases := []struct {
		name, query, system string
		wantURL             string // path and fragment of the first result
	}{
		{"exact heading", target.heading, "", target.url},
		{"prefix", prefixQuery(target.heading), "", target.url},
		{"typo", typoQuery(target.heading), "", target.url},
		{"title first", title.title, "", title.url},
		{"system filter", target.heading, target.system, target.url},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			js := fmt.Sprintf(`(() => { const s = document.getElementById("search-system"); s.value = %q; const r = document.getElementById("search-results"); r.innerHTML = ""; delete r.dataset.q; })()`, tc.system)
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](js), chromedp.Evaluate[chromedp.Void](`document.getElementById("search-q").value = ""`), chromedp.SendKeys("#search-q", tc.query)); err != nil {
				t.Fatal(err)
			}
			// Keys arrive one by one, and each may start a search: wait for
			// the answer to the whole query, not to a prefix of it.
			waitFor(t, ctx, fmt.Sprintf(`document.getElementById("search-results").dataset.q === %q && (!!document.querySelector("#search-results a") || !!document.querySelector("#search-results .search-empty"))`, strings.TrimSpace(tc.query)), "search results")
			href := eval[string](t, ctx, `(document.querySelector("#search-results a") || {}).href || ""`)
			u, err := url.Parse(href)
			if err != nil || href == "" {
				t.Fatalf("%q: no result (%q)", tc.query, eval[string](t, ctx, `document.getElementById("search-results").innerText`))
			}
			if got := u.Path + fragment(u); got != tc.wantURL {
				t.Errorf("%q: first result %s, want %s", tc.query, got, tc.wantURL)
			}
			if tc.system != "" {
				t.Logf("%q in %s", tc.query, tc.system)
				all := eval[[]string](t, ctx, `[...document.querySelectorAll("#search-results a")].map(a => new URL(a.href).pathname)`)
				for _, p := range all {
					if !strings.HasPrefix(p, "/"+tc.system+"/") {
						t.Errorf("%q in %s: result %s is outside the system", tc.query, tc.system, p)
					}
				}
			}
		})
	}

	// Follow a result: right page, right anchor, words highlighted.
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("search-q").value = ""; const r = document.getElementById("search-results"); r.innerHTML = ""; delete r.dataset.q`), chromedp.SendKeys("#search-q", target.heading)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, fmt.Sprintf(`document.getElementById("search-results").dataset.q === %q && !!document.querySelector("#search-results a")`, strings.TrimSpace(target.heading)), "search results")
	viewportShot(t, ctx, "search-results")
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\r")); err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(target.url)
	waitFor(t, ctx, fmt.Sprintf(`location.pathname === %q && document.querySelectorAll("main mark.hl").length > 0`, u.Path), "the result page with highlighted words")
	if h := eval[string](t, ctx, `location.hash`); h != fragment(u) {
		t.Errorf("result page anchor %q, want %s", h, fragment(u))
	}
	words := strings.Fields(strings.ToLower(target.heading))
	for _, m := range eval[[]string](t, ctx, `[...document.querySelectorAll("main mark.hl")].map(m => m.textContent.toLowerCase())`) {
		if !slices.ContainsFunc(words, func(w string) bool {
			return strings.HasPrefix(m, strings.Trim(w, ".,;:!?()")) || strings.HasPrefix(w, m)
		}) {
			t.Errorf("highlighted %q, want only the searched words %q", m, words)
		}
	}
	if q := eval[string](t, ctx, `location.search`); q != "" {
		t.Errorf("highlight parameter left in the address: %q", q)
	}
}

func fragment(u *url.URL) string {
	if u.Fragment == "" {
		return ""
	}
	return "#" + u.Fragment
}

// TestPhoneNavigation checks that at phone width the navigation is folded
// behind the Menu button, opens and closes with it, and that without
// JavaScript it is simply shown.
func TestPhoneNavigation(t *testing.T) {
	ctx := newTab(t, phoneW, phoneH)
	base := browser.Serve(t, bundled)
	open(t, ctx, base, otherPage)
	visible := `getComputedStyle(document.getElementById("site-nav")).display !== "none"`
	expanded := `document.querySelector(".nav-button").getAttribute("aria-expanded")`
	if eval[bool](t, ctx, visible) {
		t.Fatal("the navigation is open on a phone before the Menu button is used")
	}
	if !eval[bool](t, ctx, `getComputedStyle(document.querySelector(".nav-button")).display !== "none"`) {
		t.Fatal("no Menu button at phone width")
	}
	for i, want := range []bool{true, false, true} {
		if err := chromedp.Do(ctx, chromedp.Click(".nav-button")); err != nil {
			t.Fatal(err)
		}
		if got := eval[bool](t, ctx, visible); got != want {
			t.Errorf("click %d: navigation shown = %v, want %v", i+1, got, want)
		}
		if got := eval[string](t, ctx, expanded); got != fmt.Sprint(want) {
			t.Errorf("click %d: aria-expanded=%s, want %v", i+1, got, want)
		}
	}
	if !eval[bool](t, ctx, `[...document.querySelectorAll("#site-nav a")].some(a => a.getBoundingClientRect().height > 0 && a.getAttribute("href") === "/opend6/")`) {
		t.Error("the open navigation does not show the systems")
	}
	viewportShot(t, ctx, "rules-phone-nav-open")
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\x1b")); err != nil { // Escape closes it
		t.Fatal(err)
	}
	if eval[bool](t, ctx, visible) {
		t.Error("Escape did not close the navigation")
	}

	// Without JavaScript the page reads fully: navigation and contents shown.
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+rulesPage)); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](t, ctx, visible) {
		t.Error("without JavaScript the navigation is hidden")
	}
	if eval[bool](t, ctx, `getComputedStyle(document.querySelector(".toc")).display === "none"`) {
		t.Error("without JavaScript the table of contents is hidden")
	}
	browser.Screenshot(t, ctx, "rules-phone-nojs")
}

// TestScreenshots leaves screenshots of a rules page in both themes, at
// desktop and phone width, and in print, for review (artifacts/).
func TestScreenshots(t *testing.T) {
	page := findPage(t, `<nav class="toc"`) // a rules page with a table of contents
	if page == "" {
		page = otherPage
	}
	for _, size := range []struct {
		name string
		w, h int
	}{{"desktop", desktopW, desktopH}, {"phone", phoneW, phoneH}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			base := browser.Serve(t, bundled)
			for _, theme := range []string{"light", "dark"} {
				if err := chromedp.Do(ctx, chromedp.Navigate(base+"/")); err != nil {
					t.Fatal(err)
				}
				eval[any](t, ctx, fmt.Sprintf(`localStorage.setItem("d6codex-theme", %q)`, theme))
				open(t, ctx, base, page)
				browser.Screenshot(t, ctx, fmt.Sprintf("rules-%s-%s", size.name, theme))
				viewportShot(t, ctx, fmt.Sprintf("rules-%s-%s-viewport", size.name, theme))
			}
			if size.name != "desktop" {
				return
			}
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
				t.Fatal(err)
			}
			hidden := eval[[]string](t, ctx, `[".site-header", ".site-nav", ".pager", ".site-footer", ".breadcrumbs"].filter(s => { const e = document.querySelector(s); return e && getComputedStyle(e).display !== "none" })`)
			if len(hidden) > 0 {
				t.Errorf("in print, still shown: %v", hidden)
			}
			if bg := eval[string](t, ctx, `getComputedStyle(document.body).backgroundColor`); bg != "rgb(255, 255, 255)" {
				t.Errorf("print background %s, want white (dark theme set)", bg)
			}
			browser.Screenshot(t, ctx, "rules-print")
		})
	}
}

// viewportShot saves what the viewport shows as name.png in the
// artifacts folder.
func viewportShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	p := filepath.Join(browser.ArtifactDir(t), name+".png")
	if err := os.WriteFile(p, buf, 0o644); err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	t.Logf("screenshot: %s", p)
}

// axeResult is the part of an axe-core violation the test reports.
type axeResult struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

// alwaysFail are axe rules that fail the audit whatever their impact: a
// player walk-through found them (issue 25) and they are cheap to keep.
var alwaysFail = map[string]bool{"landmark-unique": true, "empty-table-header": true}

// TestAccessibility runs axe-core on the home page, a rules page, a
// calculator page, the search results, a glossary preview, a page's
// "Linked from" list and a link preview, in both themes, and fails on
// serious or critical violations.
func TestAccessibility(t *testing.T) {
	axePath := os.Getenv("AXE_CORE_JS")
	if axePath == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("AXE_CORE_JS is not set: .ci/run must fetch axe-core from the npm registry")
		}
		t.Skip("AXE_CORE_JS is not set (path to axe-core's axe.min.js; see .ci/run); skipping the accessibility audit")
	}
	axe, err := os.ReadFile(axePath)
	if err != nil {
		t.Fatalf("read axe-core: %v", err)
	}
	calcPage := findPage(t, "has-calc")
	pages := []struct {
		name, path string
		setup      func(t *testing.T, ctx context.Context) // brings the page into the state audited
	}{
		{"home", "/", nil}, {"rules", otherPage, nil}, {"calculator", calcPage, nil},
		// Issue 25: several dice blocks on one page; a table with a corner cell.
		{"dice blocks", "/dice/", nil}, {"skirmish attacking", "/skirmish/attacking/", nil},
		{"search results", "/", func(t *testing.T, ctx context.Context) { query(t, ctx, "wild die") }},
		{"glossary preview", "/rollunder/", func(t *testing.T, ctx context.Context) {
			if _, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector("main a.term").focus()`)); err != nil {
				t.Fatal(err)
			}
			waitFor(t, ctx, `!document.getElementById("link-preview").hidden`, "the glossary preview")
		}},
		// Issue 33: a page's "Linked from" list and a link's preview.
		{"backlinks and a link preview", previewPage, func(t *testing.T, ctx context.Context) {
			previewLink(t, ctx)
			p := linkPoint(t, ctx)
			if err := chromedp.Do(ctx, chromedp.MouseEvent("mouseMoved", p.X, p.Y)); err != nil {
				t.Fatal(err)
			}
			waitFor(t, ctx, tipShown, "a link preview")
		}},
	}
	for _, size := range []struct {
		name string
		w, h int
	}{{"desktop", desktopW, desktopH}, {"phone", phoneW, phoneH}} {
		ctx := newTab(t, size.w, size.h)
		base := browser.Serve(t, bundled)
		for _, pg := range pages {
			for _, theme := range []string{"light", "dark"} {
				t.Run(size.name+"/"+pg.name+"/"+theme, func(t *testing.T) {
					if pg.path == "" {
						t.Skip("no page of the bundled site has a ```calc block yet; no calculator page to audit")
					}
					open(t, ctx, base, pg.path)
					eval[any](t, ctx, fmt.Sprintf(`document.documentElement.dataset.theme = %q`, theme))
					if pg.name == "calculator" {
						waitFor(t, ctx, `document.readyState === "complete" && [...document.querySelectorAll("[data-state]")].every(e => e.dataset.state !== "running")`, "the calculator page")
					}
					if pg.setup != nil {
						pg.setup(t, ctx)
					}
					if !eval[bool](t, ctx, `!!window.axe`) {
						if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](string(axe))); err != nil {
							t.Fatalf("inject axe-core: %v", err)
						}
					}
					js := `axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.target.join(" ") + " — " + (n.failureSummary || "").split("\n").slice(1).join(" "))}))))`
					out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
					if err != nil {
						t.Fatalf("axe.run: %v", err)
					}
					var vs []axeResult
					if err := json.Unmarshal([]byte(out), &vs); err != nil {
						t.Fatal(err)
					}
					for _, v := range vs {
						msg := fmt.Sprintf("%s [%s] %s:\n  %s", v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n  "))
						if v.Impact == "serious" || v.Impact == "critical" || alwaysFail[v.ID] {
							t.Error(msg)
						} else {
							t.Log(msg)
						}
					}
				})
			}
		}
	}
}
