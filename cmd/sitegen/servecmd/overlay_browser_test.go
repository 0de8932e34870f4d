package servecmd

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// TestOverlayDismissReadable (issue 25, item 11): the build error overlay's
// Dismiss button is readable, at least 4.5:1 against its own background
// (it was the overlay's near-white text on the browser's light grey), at
// desktop and phone widths. The events come from a stand-in EventSource.
func TestOverlayDismissReadable(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser")
	}
	// The site's stylesheet is on the page: its buttons inherit colour.
	css, err := os.ReadFile(filepath.Join(browser.RepoRoot(t), "static", "css", "site.css"))
	if err != nil {
		t.Fatal(err)
	}
	page := `<!doctype html><html><head><link rel="stylesheet" href="/site.css"><script>
window.EventSource = class { constructor() { this.l = {}; setTimeout(() => this.l.hello({ data: JSON.stringify({ instance: "i", build: 0,
	problems: [{ file: "content/x.md", line: 3, col: 1, msg: "a bad block" }] }) }), 0); } addEventListener(n, f) { this.l[n] = f; } };
</script><script src="/lr.js" data-instance="i" data-build="0"></script></head><body><p>Page.</p></body></html>`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/site.css" {
			w.Header().Set("Content-Type", "text/css")
			w.Write(css)
			return
		}
		if r.URL.Path == "/lr.js" {
			w.Header().Set("Content-Type", "text/javascript")
			w.Write([]byte(liveReloadJS))
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(page))
	}))
	t.Cleanup(srv.Close)
	const ratio = `(() => {
		const b = [...document.querySelectorAll("button")].find((e) => e.textContent === "Dismiss");
		if (!b) return 0;
		const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
		const lum = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
		const s = getComputedStyle(b), a = lum(s.color), c = lum(s.backgroundColor);
		return (Math.max(a, c) + 0.05) / (Math.min(a, c) + 0.05);
	})()`
	for _, size := range []struct{ w, h int }{{1280, 800}, {390, 844}} {
		ctx := browser.New(t, size.w, size.h)
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`[...document.querySelectorAll("button")].some((e) => e.textContent === "Dismiss")`)); err != nil {
			t.Fatal(err)
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[float64](ratio))
		if err != nil {
			t.Fatal(err)
		}
		if got < 4.5 {
			t.Errorf("%d px: Dismiss has contrast %.2f:1, want at least 4.5:1", size.w, got)
		}
	}
}
