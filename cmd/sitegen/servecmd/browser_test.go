package servecmd

import (
	"context"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/layout/detect"
	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/watch"
)

// liveServer serves the site at src as `sitegen serve` does (watcher,
// loop, handler with the live-reload script) and returns its base URL.
func liveServer(t testing.TB, src string) string {
	t.Helper()
	base, _ := liveServe(t, src)
	return base
}

// liveServe is liveServer with the server, set up as serve sets it up
// (serveOptions, the layout recognised, watchOptions).
func liveServe(t testing.TB, src string) (string, *server) {
	t.Helper()
	f := buildcmd.Flags{Source: src, Dest: filepath.Join(t.TempDir(), "public"), BaseURL: "http://127.0.0.1:1313/"}
	opts := serveOptions(f)
	if lay, err := detect.Layout(src); err == nil {
		opts.Layout = lay
	}
	srv := &server{opts: opts, out: io.Discard, err: io.Discard, hub: newHub("live"), pending: map[string]kind{}}
	srv.rebuild(context.Background())
	if build, ps := srv.hub.state(); build != 1 {
		t.Fatalf("first build failed: %v", ps)
	}
	w, err := watch.New(watchOptions(false, opts.Layout, src, opts.Dest))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ts := httptest.NewServer(newHandler(srv.opts.Dest, srv.hub))
	done := make(chan struct{})
	go func() { srv.loop(ctx, w.Batches()); close(done) }()
	t.Cleanup(func() { // streams first: Close waits for every connection
		cancel()
		<-done
		srv.hub.close()
		ts.Close()
		w.Close()
	})
	return ts.URL, srv
}

// TestLiveUpdateKeepsCalculators: an edit of a page with calculators is
// shown in place (issue 26): the page is not reloaded, a calculator whose
// block did not change is the same element with its inputs, its pinned
// set-up and its open "more options"; a calculator whose block changed is
// started again with the inputs the reader had set; the scroll position
// and the focus stay.
func TestLiveUpdateKeepsCalculators(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the calculators' modules and drives Chromium")
	}
	src := t.TempDir()
	if err := os.CopyFS(filepath.Join(src, "static"), os.DirFS("../../../static")); err != nil {
		t.Fatal(err)
	}
	fight := func(text, tough string) string {
		return "---\ntitle: Fight\n---\n\n" + text + "\n\n## Health\n\n```calc spacedoor/health\nstamina = 2\n```\n\n" +
			strings.Repeat("Filler paragraph to make the page long enough to scroll.\n\n", 40) +
			"## Attack\n\n```calc spacedoor/attack\ntough = " + tough + "\n```\n\n" +
			strings.Repeat("More filler after the second calculator.\n\n", 40)
	}
	for name, body := range map[string]string{
		"site.toml":         "title = \"Live\"\nbaseURL = \"https://example.org/\"\n",
		"content/_index.md": "---\ntitle: Home\n---\n\nWelcome.\n",
		"content/fight.md":  fight("Version one.", "0"),
	} {
		writeFile(t, src, name, body)
	}
	base := liveServer(t, src)
	ctx := browser.New(t, 1000, 700)
	run := func(js string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](js)); err != nil {
			t.Fatalf("%s: %v", js, err)
		}
	}
	waitFor := func(cond, what string) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for time.Now().Before(deadline) {
			if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](cond)); err == nil && ok {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify({reloaded: !window.notReloaded, states: [...document.querySelectorAll("main .calc")].map((c) => [c.dataset.state, c.kept, c.querySelector(".calc-error")?.textContent, c.querySelector(".calc-status")?.textContent]), url: location.href})`))
		t.Fatalf("waiting for %s: %s is not true; page: %s", what, cond, state)
	}
	get := func(js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}
	if _, err := chromedp.Run(ctx, chromedp.Navigate(base+"/fight/")); err != nil {
		t.Fatal(err)
	}
	const calcs = `document.querySelectorAll("main .calc[data-calc]")`
	waitFor(calcs+`.length === 2 && [...`+calcs+`].every((c) => c.dataset.state === "ok" && !c.querySelector(".calc-share").hidden)`, "the calculators to start")
	// The reader sets both calculators up, pins the first, opens its
	// "more options", scrolls down and leaves the focus in a field.
	run(`(() => {
		const [a, b] = ` + calcs + `;
		window.notReloaded = true;
		a.kept = true; b.kept = true;
		const set = (c, name, v) => { const f = c.querySelector("form").elements[name]; f.value = v; f.dispatchEvent(new Event("input", { bubbles: true })); };
		set(a, "stamina", "5");
		set(b, "tough", "2");
	})()`)
	waitFor(`location.search.includes("stamina=5") && location.search.includes("tough=2") && [...`+calcs+`].every((c) => c.dataset.state === "ok")`, "both calculators to answer")
	run(`(() => {
		const a = ` + calcs + `[0];
		a.querySelector("[data-action=pin]").click();
		window.scrollTo({ top: 600, behavior: "instant" });
		a.querySelector("form").elements.stamina.focus({ preventScroll: true });
	})()`)
	waitFor(calcs+`[0].querySelector(".calc-pinned").hidden === false && location.search.includes(".pin=")`, "the pinned set-up")
	pinned := get(calcs + `[0].querySelector(".calc-pinned").textContent`)
	run(`for (const d of ` + calcs + `[0].querySelectorAll("details")) d.open = true`)
	detailsA := get(`String(` + calcs + `[0].querySelectorAll("details[open]").length)`)
	if detailsA == "0" {
		t.Fatal("the first calculator has no <details> to keep open")
	}
	if got := get(`document.activeElement && document.activeElement.name || ""`); got != "stamina" {
		t.Fatalf("focus before the edit: %q, want stamina", got)
	}
	if got := get(`String(Math.round(scrollY))`); got != "600" {
		t.Fatalf("scroll before the edit: %s, want 600", got)
	}

	// The page is saved with new text and a changed second block.
	writeFile(t, src, "content/fight.md", fight("Version two.", "1"))
	waitFor(`document.querySelector("main").textContent.includes("Version two.")`, "the new text")
	waitFor(calcs+`.length === 2 && `+calcs+`[1].dataset.state === "ok"`, "the changed calculator to start again")

	checks := []struct{ js, want, what string }{
		{`String(window.notReloaded === true)`, "true", "the page was not reloaded"},
		{`String(` + calcs + `[0].kept === true)`, "true", "the unchanged calculator is the same element"},
		{calcs + `[0].querySelector("form").elements.stamina.value`, "5", "its input"},
		{`String(` + calcs + `[0].querySelector(".calc-pinned").hidden)`, "false", "its pinned set-up shows"},
		{calcs + `[0].querySelector(".calc-pinned").textContent`, pinned, "its pinned set-up"},
		{`String([...` + calcs + `[0].querySelectorAll("details")].filter((d) => d.open).length)`, detailsA, "its open details"},
		{`String(` + calcs + `[1].kept === true)`, "false", "the changed calculator is new markup"},
		{calcs + `[1].querySelector("form").elements.tough.value`, "2", "the changed calculator keeps the reader's input"},
		{`String(Math.round(scrollY))`, "600", "the scroll position"},
		{`document.activeElement && document.activeElement.name || ""`, "stamina", "the focus"},
		{`document.title.includes("Fight") ? "ok" : document.title`, "ok", "the title"},
	}
	for _, c := range checks {
		if got := get(c.js); got != c.want {
			t.Errorf("%s: %s = %q, want %q", c.what, c.js, got, c.want)
		}
	}
}

// TestLiveUpdateFallsBack: an edit that changes the page's scripts (a
// first calculator on the page brings js/calc.js) reloads the page; one
// that changes the navigation (a new title) is shown in place, the
// navigation included (issue 26).
func TestLiveUpdateFallsBack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the calculators' modules and drives Chromium")
	}
	src := t.TempDir()
	if err := os.CopyFS(filepath.Join(src, "static"), os.DirFS("../../../static")); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"site.toml":         "title = \"Live\"\nbaseURL = \"https://example.org/\"\n",
		"content/_index.md": "---\ntitle: Home\n---\n\nWelcome.\n",
		"content/rules.md":  "---\ntitle: Rules\n---\n\nPlain rules.\n",
	} {
		writeFile(t, src, name, body)
	}
	base := liveServer(t, src)
	ctx := browser.New(t, 1000, 700)
	waitFor := func(cond, what string) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for time.Now().Before(deadline) {
			if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](cond)); err == nil && ok {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Fatalf("waiting for %s: %s is not true", what, cond)
	}
	if _, err := chromedp.Run(ctx, chromedp.Navigate(base+"/rules/")); err != nil {
		t.Fatal(err)
	}
	waitFor(`!document.querySelector(".theme-toggle").hidden`, "site.js to run")
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`window.notReloaded = true`)); err != nil {
		t.Fatal(err)
	}
	writeFile(t, src, "content/rules.md", "---\ntitle: Core rules\n---\n\nPlain rules, edited.\n")
	waitFor(`document.querySelector("main").textContent.includes("edited") && document.querySelector("#site-nav").textContent.includes("Core rules")`, "the new text and navigation")
	if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.notReloaded === true && document.title.includes("Core rules")`)); err != nil || !ok {
		t.Errorf("a title change was not shown in place (err %v)", err)
	}
	writeFile(t, src, "content/rules.md", "---\ntitle: Core rules\n---\n\nPlain rules, with odds.\n\n```dice\n3d6\n```\n")
	waitFor(`document.querySelector("main").textContent.includes("with odds") && window.notReloaded === undefined`, "a reload for the new script")
}
