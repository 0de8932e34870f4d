package servecmd

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/testing/corpus"
)

// BenchmarkSaveToScreen measures what an editor sees (issue 26): the time
// from a save of a page's Markdown (os.WriteFile) to its new text in the
// page Chromium holds open, served by the whole of `sitegen serve`
// (watcher, loop, handler, live-reload client), with the search box open
// on a query during the edits. The page marks the time at the first
// animation frame after the text changed (just before it is painted).
// Saves come at a fixed cadence (gap) whether or not the last one is on
// screen yet; a save overtaken by the next one counts until the next one
// shows. The saves start once the page has been open 5 s (its
// calculators' module loaded when the page was idle). Sites: the bundled site (a page with calculators) and 5,000
// generated pages. After the saves, the search box must find the last
// save's text on the edited page, and must not have failed meanwhile.
//
//	go test -run '^$' -bench SaveToScreen -benchtime 30x ./cmd/sitegen/servecmd
func BenchmarkSaveToScreen(b *testing.B) {
	type siteCase struct {
		name, page, url string
		make            func(dir string) error
	}
	sites := []siteCase{
		{"bundled", "content/spacedoor/damage.md", "/spacedoor/damage/", func(dir string) error {
			for _, p := range []string{"content", "static"} {
				if err := os.CopyFS(filepath.Join(dir, p), os.DirFS(filepath.Join("../../..", p))); err != nil {
					return err
				}
			}
			data, err := os.ReadFile("../../../site.toml")
			if err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(dir, "site.toml"), data, 0o644)
		}},
		{"pages=5000", corpus.PagePath(2437, corpus.PerSection), "/section-048/page-02437/", func(dir string) error {
			if err := corpus.Generate(dir, 5000, 1); err != nil {
				return err
			}
			if err := os.CopyFS(filepath.Join(dir, "static"), os.DirFS("../../../static")); err != nil && !os.IsExist(err) {
				return err // the corpus has a stylesheet of its own
			}
			return nil
		}},
	}
	for _, sc := range sites {
		b.Run("site="+sc.name, func(b *testing.B) { // runs once: the sub-benchmarks share the server
			src := b.TempDir()
			if err := sc.make(src); err != nil {
				b.Fatal(err)
			}
			base := liveServer(b, src)
			file := filepath.Join(src, filepath.FromSlash(sc.page))
			orig, err := os.ReadFile(file)
			if err != nil {
				b.Fatal(err)
			}
			for _, gap := range []time.Duration{time.Second, 300 * time.Millisecond} {
				b.Run(fmt.Sprintf("gap=%v", gap), func(b *testing.B) {
					benchScreen(b, base+sc.url, file, string(orig), gap)
				})
			}
		})
	}
}

func benchScreen(b *testing.B, url, file, orig string, gap time.Duration) {
	ctx := browser.New(b, 1100, 800)
	eval := func(js string) string {
		b.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			b.Fatalf("%s: %v", js, err)
		}
		return v
	}
	waitFor := func(cond, what string) {
		b.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for time.Now().Before(deadline) {
			if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](cond)); err == nil && ok {
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
		b.Fatalf("waiting for %s: %s is not true", what, cond)
	}
	// The text after the front matter's closing line: the page's first paragraph.
	i := strings.Index(orig[3:], "\n---\n") + 3 + len("\n---\n")
	save := func(n int) {
		b.Helper()
		body := orig[:i] + fmt.Sprintf("\nEdited zq%d.\n\n", n) + orig[i:]
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	save(0)
	time.Sleep(time.Second) // published before the page opens
	if _, err := chromedp.Run(ctx, chromedp.Navigate(url)); err != nil {
		b.Fatal(err)
	}
	waitFor(`!document.querySelector(".theme-toggle").hidden && !!document.querySelector("main")`, "the page")
	eval(`(() => {
		window.seen = {}; window.searchFailed = "";
		const check = () => {
			const m = document.querySelector("main").textContent.match(/Edited zq(\d+)\./);
			if (m && !(m[1] in seen)) seen[m[1]] = Date.now();
			const r = document.querySelector("#search-results");
			if (r && /unavailable/.test(r.textContent)) searchFailed = r.textContent;
		};
		new MutationObserver(() => requestAnimationFrame(check)).observe(document.body, { subtree: true, childList: true, characterData: true });
		window.loadedOnce = true;
		const q = document.querySelector("#search-q");
		q.focus();
		q.value = "edited";
		q.dispatchEvent(new Event("input", { bubbles: true }));
		return "";
	})()`)
	waitFor(`document.querySelector("#search-results").dataset.q === "edited"`, "the search box's results")
	// An editor's page has been open a while: its calculators' module,
	// which calc.js loads once the page is idle, is not loading any more.
	time.Sleep(5 * time.Second)
	written := make([]time.Time, b.N+1)
	b.ResetTimer()
	next := time.Now()
	for n := 1; n <= b.N; n++ {
		time.Sleep(time.Until(next))
		next = next.Add(gap)
		save(n)
		written[n] = time.Now()
	}
	waitFor(fmt.Sprintf(`String(%d) in seen`, b.N), "the last save on screen")
	b.StopTimer()
	if eval(`String(window.loadedOnce === true)`) != "true" {
		b.Error("the page was reloaded")
	}
	seen, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`seen`))
	if err != nil {
		b.Fatal(err)
	}
	var lat []float64
	for n := 1; n <= b.N; n++ {
		shown := 0.0
		for m := n; m <= b.N; m++ { // overtaken: on screen with a later save
			if t, ok := seen[fmt.Sprint(m)]; ok {
				shown = t
				break
			}
		}
		lat = append(lat, shown-float64(written[n].UnixMicro())/1000)
	}
	slices.Sort(lat)
	pct := func(q float64) float64 { return lat[min(len(lat)-1, int(q*float64(len(lat))))] }
	b.ReportMetric(pct(0.5), "p50-ms")
	b.ReportMetric(pct(0.95), "p95-ms")
	b.ReportMetric(float64(len(seen)-1), "shown")
	b.ReportMetric(0, "ns/op")
	// The search box: no failure during the edits, and the last save's
	// text found on the edited page once the index is written.
	if f := eval(`searchFailed`); f != "" {
		b.Errorf("the search box failed during the edits: %s", f)
	}
	q := fmt.Sprintf("zq%d", b.N)
	eval(fmt.Sprintf(`(() => { const q = document.querySelector("#search-q"); q.value = %q; q.dispatchEvent(new Event("input", { bubbles: true })); return ""; })()`, q))
	// The box runs the query again when the index is written (d6:search).
	waitFor(fmt.Sprintf(`document.querySelector("#search-results").dataset.q === %q && !!document.querySelector("#search-results .search-list a")`, q), "the search box to find the last save")
	if got := eval(`new URL(document.querySelector("#search-results .search-list a").href).pathname`); !strings.HasSuffix(url, got) {
		b.Errorf("search for %s: first result %s, want the edited page %s", q, got, url)
	}
}
