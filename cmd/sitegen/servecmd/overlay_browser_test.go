package servecmd

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
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
	srv := standInServer(t, page, css)
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

// TestWarningsPanelCounts (issue 35, item 4: "warnings in the overlay, a
// panel that does not hide the page, counted"): the warnings of a build
// are a button in a corner counting them, which covers none of the
// page's text; opened, it lists each at its file:line:col and still
// leaves the top of the page readable and clickable. The events come
// from a stand-in EventSource.
func TestWarningsPanelCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser")
	}
	page := `<!doctype html><html><head><script>
window.EventSource = class { constructor() { this.l = {}; setTimeout(() => this.l.hello({ data: JSON.stringify({ instance: "i", build: 0, served: true,
	warnings: [{ file: "Races/Dwarf.md", line: 26, col: 8, msg: "broken wikilink [[Escalation-Die]]" },
		{ file: "Races/Human.md", line: 28, col: 61, msg: "broken wikilink [[Escalation-Die]]" },
		{ file: "Races/Wood-Elf.md", line: 21, col: 46, msg: "broken wikilink [[Escalation-Die]]" }] }) }), 0); }
	addEventListener(n, f) { this.l[n] = f; } };
</script><script src="/lr.js" data-instance="i" data-build="0"></script></head>
<body style="margin:0"><p id="top" style="margin:0;padding:1rem">The top of the page.</p>` + strings.Repeat(`<p>Rules text, line after line.</p>`, 60) + `</body></html>`
	srv := standInServer(t, page, nil)
	// covered: the share of the viewport the panel covers, and whether
	// the top paragraph's middle is the page's (not the panel's).
	const covered = `(() => {
		const b = document.getElementById("sitegen-warnings").getBoundingClientRect();
		const top = document.getElementById("top").getBoundingClientRect();
		const at = document.elementFromPoint(top.left + top.width / 2, top.top + top.height / 2);
		return JSON.stringify({ share: (b.width * b.height) / (innerWidth * innerHeight), top: at && at.id === "top" });
	})()`
	type cover struct {
		Share float64
		Top   bool
	}
	for _, size := range []struct{ w, h int }{{1280, 800}, {390, 844}} {
		ctx := browser.New(t, size.w, size.h)
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
			t.Fatal(err)
		}
		label, err := chromedp.Run(ctx, chromedp.Poll[string](`(() => { const b = document.querySelector("#sitegen-warnings button"); return b ? b.textContent : ""; })()`))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(label, "3 warnings") {
			t.Errorf("%d px: the panel's button reads %q, want the count, 3 warnings", size.w, label)
		}
		for _, open := range []bool{false, true} {
			if open {
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(document.querySelector("#sitegen-warnings button").click(), true)`)); err != nil {
					t.Fatal(err)
				}
				items, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#sitegen-warnings li")].filter((e) => e.offsetHeight > 0).map((e) => e.firstChild.textContent).join(" ")`))
				if err != nil {
					t.Fatal(err)
				}
				if want := "Races/Dwarf.md:26:8 Races/Human.md:28:61 Races/Wood-Elf.md:21:46"; items != want {
					t.Errorf("%d px: the opened panel lists %q, want %q", size.w, items, want)
				}
			}
			js, err := chromedp.Run(ctx, chromedp.Evaluate[string](covered))
			if err != nil {
				t.Fatal(err)
			}
			var c cover
			if err := json.Unmarshal([]byte(js), &c); err != nil {
				t.Fatal(err)
			}
			limit := 0.1 // closed: a button
			if open {
				limit = 0.5 // opened: a list at most 40% of the height
			}
			if c.Share > limit || !c.Top {
				t.Errorf("%d px, opened %v: the panel covers %.0f%% of the page (want at most %.0f%%), the page's top readable: %v", size.w, open, 100*c.Share, 100*limit, c.Top)
			}
		}
	}
}

// standInServer serves page at every path but the live-reload client
// (/lr.js) and, when css is not nil, the stylesheet (/site.css).
func standInServer(t *testing.T, page string, css []byte) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/site.css" && css != nil:
			w.Header().Set("Content-Type", "text/css")
			w.Write(css)
		case r.URL.Path == "/lr.js":
			w.Header().Set("Content-Type", "text/javascript")
			w.Write([]byte(liveReloadJS))
		default:
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(page))
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}
