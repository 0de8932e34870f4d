package uitest

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// TestDicePagePlayground: the bundled site's dice page holds an AnyDice
// playground (issue 36, item 2), at desktop and phone widths: its program
// open in an editor, a number beside each line; a line made wrong marks
// that line and names it; put right, the mark goes and the charts are
// back, not out of date.
func TestDicePagePlayground(t *testing.T) {
	base := browser.Serve(t, bundled)
	for _, size := range []struct {
		name string
		w, h int
	}{{"desktop", desktopW, desktopH}, {"phone", phoneW, phoneH}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			open(t, ctx, base, "/dice/")
			const editor = `document.querySelector("textarea[data-editor]")`
			got := eval[string](t, ctx, `(() => { const ta = `+editor+`; if (!ta) return "no playground";
				const c = ta.closest(".calc"); c.querySelector(".calc-fold")?.setAttribute("open", "");
				const nums = [...c.querySelectorAll(".calc-gutter span")].map(s => s.textContent).join(",");
				const want = ta.value.split("\n").map((_, i) => i + 1).join(",");
				return [ta.closest("details").open, nums === want, ta.value.split("\n").length > 2].join("|") })()`)
			if got != "true|true|true" {
				t.Fatalf("the dice page's playground (open, numbered, a program of lines): %s", got)
			}
			// Line 3 made wrong, as typed.
			eval[bool](t, ctx, `(() => { const ta = `+editor+`, l = ta.value.split("\n"); ta.dataset.good = ta.value;
				l[2] = "output ]"; ta.value = l.join("\n"); ta.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)
			waitFor(t, ctx, editor+`.closest(".calc").dataset.state === "error"`, "the playground's error")
			msg := eval[string](t, ctx, `(() => { const c = `+editor+`.closest(".calc"), m = c.querySelector(".calc-gutter .calc-line-error");
				return (m ? m.textContent : "none") + "|" + c.querySelector(".calc-error").textContent })()`)
			if !strings.HasPrefix(msg, "3|") || !strings.Contains(msg, "line 3, column") {
				t.Errorf("an error on line 3: %s", msg)
			}
			eval[bool](t, ctx, `(() => { const ta = `+editor+`; ta.value = ta.dataset.good; ta.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)
			waitFor(t, ctx, editor+`.closest(".calc").dataset.state === "ok"`, "the playground put right")
			if s := eval[string](t, ctx, `(() => { const c = `+editor+`.closest(".calc");
				return [!!c.querySelector(".calc-line-error"), c.querySelector(".calc-results").classList.contains("calc-outdated"), c.querySelectorAll(".calc-results svg").length > 0].join("|") })()`); s != "false|false|true" {
				t.Errorf("put right (marked, out of date, charted): %s", s)
			}
		})
	}
}

// TestPlaygroundPrint (issue 36, what remained of it): on paper the
// playground's program prints whole, its long lines wrapped inside the
// block, at desktop and phone widths: a program of long lines (a comment
// of 300 characters, an output named at length) given to the dice page's
// playground, then the page in print media: the program's box ends
// within the block's, nothing of it scrolled out of sight either way, and
// the page (the program on it) still prints within TestPrintFourPages's
// budget of four A4 pages.
func TestPlaygroundPrint(t *testing.T) {
	base := browser.Serve(t, bundled)
	long := `\ ` + strings.Repeat("a long note that runs on ", 12) + `\` + "\n" +
		"\\ field DICE: \"Dice rolled\" 1..8 = 3 \\\n" +
		"BEST: [highest 2 of DICEd6]\n" +
		`output BEST + 1 named "` + strings.Repeat("the best two of the dice rolled, ", 5) + `plus 1"` + "\n"
	a4 := func(p *page.PrintToPDFParams) { p.PaperWidth, p.PaperHeight = 8.27, 11.69 }
	for _, size := range []struct {
		name string
		w, h int
	}{{"desktop", desktopW, desktopH}, {"phone", phoneW, phoneH}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			open(t, ctx, base, "/dice/")
			const editor = `document.querySelector("textarea[data-editor]")`
			eval[bool](t, ctx, `(() => { const ta = `+editor+`, c = ta.closest(".calc"); c.dataset.runsBefore = c.dataset.runs || "0";
				ta.value = `+strconv.Quote(long)+`; ta.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)
			waitFor(t, ctx, `(() => { const c = `+editor+`.closest(".calc"); return c.dataset.state === "ok" && c.dataset.runs !== c.dataset.runsBefore })()`, "the long program's odds")
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
				t.Fatal(err)
			}
			eval[bool](t, ctx, `dispatchEvent(new Event("beforeprint")), true`)
			// The program as it prints: the first element of the block that
			// shows its text (the editor's text area, or a copy in its place).
			got := eval[string](t, ctx, `(() => { const c = `+editor+`.closest(".calc"), want = `+editor+`.value;
				const ta = [...c.querySelectorAll("textarea, pre")].find(e => getComputedStyle(e).display !== "none" && e.offsetParent && (e.value ?? e.textContent) === want);
				if (!ta) return "no element shows the program";
				const r = ta.getBoundingClientRect(), b = c.getBoundingClientRect();
				return [r.left >= b.left - 0.5 && r.right <= b.right + 0.5, ta.scrollWidth <= ta.clientWidth + 1, ta.scrollHeight <= ta.clientHeight + 1, r.height > 0].join("|") +
					" (box " + Math.round(r.left) + "–" + Math.round(r.right) + " in " + Math.round(b.left) + "–" + Math.round(b.right) +
					", text " + ta.scrollWidth + "×" + ta.scrollHeight + " in " + ta.clientWidth + "×" + ta.clientHeight + ")" })()`)
			if !strings.HasPrefix(got, "true|true|true|true ") {
				t.Errorf("the program on paper (within the block, no line cut, every line shown, shown): %s", got)
			}
			pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(a4))
			if err != nil {
				t.Fatal(err)
			}
			eval[bool](t, ctx, `dispatchEvent(new Event("afterprint")), true`)
			if err := os.WriteFile(filepath.Join(browser.ArtifactDir(t), "playground-print-"+size.name+".pdf"), pdf, 0o644); err != nil {
				t.Fatal(err)
			}
			if n := pdfPages(pdf); n > 4 {
				t.Errorf("/dice/ with the long program prints on %d A4 pages, want at most 4", n)
			}
		})
	}
}

// TestPlaygroundShareLink (issue 36, item 2's share link): a program of
// 5 KB with letters outside ASCII, tabs and CR LF line ends, opened from
// a link written plain (as links were before, and still open), is put in
// the address compressed (KEY.program.z: raw DEFLATE in base64url),
// which Go's own compress/flate reads back to the program byte for byte,
// in a link shorter than the plain one. Offline, in a tab opened afresh
// on that link, the program is back (the text area shows it with its
// line ends as a text area writes them), runs, and goes into the address
// again byte for byte. A hostile link (one that unpacks to 2 MiB) and a
// damaged one give the program's field a message and no odds as current.
func TestPlaygroundShareLink(t *testing.T) {
	const dom = "calc-anydice-program-4"
	program := func(size int) string {
		var b strings.Builder
		b.WriteString("\\ field N: \"Dice\" 1..6 = 2 \\\r\n")
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(&b, "\\ %d: Würfel — ⚄ 🎲\tσ = √2 \\\r\nA: Nd6\r\n", i)
		}
		b.WriteString("\toutput A named \"Σ ⚄\tsum\"\r\n")
		return b.String()
	}
	plain := func(base, p string) string {
		return base + "/dice/?" + dom + ".v=2&" + dom + ".program=" + url.QueryEscape(p) + "#" + dom
	}
	// unzip reads the program a link holds compressed, as Go reads DEFLATE.
	unzip := func(link string) string {
		t.Helper()
		u, err := url.Parse(link)
		if err != nil {
			t.Fatal(err)
		}
		z := u.Query().Get(dom + ".program.z")
		if z == "" {
			t.Fatalf("the link holds no compressed program: %s", link)
		}
		raw, err := base64.RawURLEncoding.DecodeString(z)
		if err != nil {
			t.Fatalf("the link's program is not base64url: %v", err)
		}
		text, err := io.ReadAll(flate.NewReader(bytes.NewReader(raw)))
		if err != nil {
			t.Fatalf("the link's program is not raw DEFLATE: %v", err)
		}
		return string(text)
	}
	// ran waits for the playground's run of a link and for the address it
	// then writes, which it returns.
	ran := func(ctx context.Context, state string) string {
		t.Helper()
		waitFor(t, ctx, fmt.Sprintf(`(() => { const c = document.getElementById(%q); c.scrollIntoView(); return c.dataset.state === %q && +(c.dataset.runs || 0) > 0 })()`, dom, state), "the linked program's run")
		if state == "ok" {
			waitFor(t, ctx, `location.search.includes(".program.z=")`, "the program in the address, compressed")
		}
		return eval[string](t, ctx, `location.href`)
	}

	ctx := newTab(t, desktopW, desktopH)
	base, stop := serveStoppable(t, bundled)
	// A 2 KB program: the lengths for BENCHMARKS.md.
	p2 := program(2000)
	open(t, ctx, base, strings.TrimPrefix(plain(base, p2), base))
	if got := unzip(ran(ctx, "ok")); got != p2 {
		t.Fatalf("the 2 KB program from its link: %q, want %q", got, p2)
	}
	t.Logf("a %d-byte program: plain link %d characters, compressed %d", len(p2), len(plain(base, p2)), len(eval[string](t, ctx, `location.href`)))

	p := program(5000)
	old := plain(base, p)
	open(t, ctx, base, strings.TrimPrefix(old, base))
	link := ran(ctx, "ok")
	if got := unzip(link); got != p {
		t.Fatalf("the program from a plain link, written compressed: %q, want %q", got, p)
	}
	if len(link) >= len(old) {
		t.Errorf("the compressed link has %d characters, the plain one %d", len(link), len(old))
	}
	t.Logf("a %d-byte program: plain link %d characters, compressed %d", len(p), len(old), len(link))

	// Offline, the module kept, a tab afresh on the link.
	waitFor(t, ctx, `!!navigator.serviceWorker && !!navigator.serviceWorker.controller`, "the service worker to cache the site and take over")
	wasm := calcJS[string](t, ctx, dom, `new URL(c.dataset.wasm, location.href).href`)
	waitFor(t, ctx, fmt.Sprintf(`(window.__kept = window.__kept || caches.keys().then(async (ks) => { for (const k of ks) if (await (await caches.open(k)).match(%q)) return true; return false }).then((v) => (window.__keptV = v, window.__kept = null))), window.__keptV === true`, wasm), "the module to be kept offline")
	stop()
	fresh(t, ctx, base, strings.TrimPrefix(link, base))
	again := ran(ctx, "ok")
	if got := calcJS[string](t, ctx, dom, `c.querySelector("[name=program]").value`); got != strings.ReplaceAll(p, "\r\n", "\n") {
		t.Errorf("offline, the text area from the link: %q", got)
	}
	if got := unzip(again); got != p {
		t.Errorf("offline, the program the page writes back: %q, want %q", got, p)
	}
	if calcJS[bool](t, ctx, dom, `c.querySelector(".calc-results").hidden || c.querySelector(".calc-results").classList.contains("calc-outdated")`) {
		t.Error("offline, the linked program's odds are not shown as current")
	}

	// Hostile and damaged links: a message, no odds as current.
	var bomb bytes.Buffer
	w, _ := flate.NewWriter(&bomb, flate.BestCompression)
	w.Write(make([]byte, 2<<20))
	w.Close()
	for _, c := range []struct{ z, want string }{
		{base64.RawURLEncoding.EncodeToString(bomb.Bytes()), "more than 1.0 MB"},
		{"bm90IGRlZmxhdGU", "cut short or damaged"},
		{"not base64!", "not base64url"},
	} {
		fresh(t, ctx, base, "/dice/?"+dom+".v=2&"+dom+".program.z="+url.QueryEscape(c.z)+"#"+dom)
		ran(ctx, "error")
		msg := calcJS[string](t, ctx, dom, `c.querySelector(".calc-error").textContent`)
		if !strings.Contains(msg, "could not be read") || !strings.Contains(msg, c.want) {
			t.Errorf("link %.20s…: message %q, want one saying %q", c.z, msg, c.want)
		}
		if calcJS[bool](t, ctx, dom, `!c.querySelector(".calc-results").hidden && !c.querySelector(".calc-results").classList.contains("calc-outdated")`) {
			t.Errorf("link %.20s…: odds shown as the link's", c.z)
		}
	}
}
