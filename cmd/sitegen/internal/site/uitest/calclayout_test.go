package uitest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// Scripts checking a calculator's layout (c is its element); each gives
// "" when all is well, else what is wrong.
const (
	// Every chart fits its box, or scrolls sideways with its hint shown.
	jsChartsFit = `[...c.querySelectorAll(".calc-svgwrap")].map((w) => {
		const over = w.scrollWidth > w.clientWidth + 1;
		const hint = w.nextElementSibling && w.nextElementSibling.classList.contains("calc-scroll-hint") && !w.nextElementSibling.hidden;
		const scrolls = ["auto", "scroll"].includes(getComputedStyle(w).overflowX);
		if (w.getBoundingClientRect().right > c.getBoundingClientRect().right + 1) return "the chart's box runs past the calculator";
		if (over && !(scrolls && hint)) return "chart " + w.scrollWidth + " px in a " + w.clientWidth + " px box, no scroll cue";
		if (!over && hint) return "scroll hint shown for a chart that fits";
		return "";
	}).filter(Boolean).join("; ")`
	// No two parts of the result overlap, and none runs past the result.
	jsNoOverlap = `(() => {
		const out = c.querySelector(".calc-results"), box = out.getBoundingClientRect();
		const parts = [...out.children].filter((e) => e.getClientRects().length);
		const bad = [];
		for (const [i, a] of parts.entries()) {
			const r = a.getBoundingClientRect();
			const t = a.querySelector("table"), inner = t && t.checkVisibility() ? t.getBoundingClientRect() : r;
			if (Math.max(r.right, inner.right) > box.right + 1) bad.push((a.className || a.tagName) + " runs " + Math.round(Math.max(r.right, inner.right) - box.right) + " px past the result");
			for (const b of parts.slice(i + 1)) {
				const s = b.getBoundingClientRect();
				for (const x of [r, inner]) {
					const w = Math.min(x.right, s.right) - Math.max(x.left, s.left), h = Math.min(x.bottom, s.bottom) - Math.max(x.top, s.top);
					if (w > 1 && h > 1) bad.push((a.className || a.tagName) + " overlaps " + (b.className || b.tagName));
				}
			}
		}
		return [...new Set(bad)].join("; ");
	})()`
)

// TestCalculatorLayout (issue 25, items 7, 8 and 9): every calculator of
// the bundled site at 320, 390 and 1280 px and in print (at 1280 px): each chart fits
// its box or scrolls with a visible cue; pinned, the outcome table, the
// means and the chart never overlap; changing the chart's Distribution
// list keeps the keyboard on it. It leaves screenshots of each at 390 and
// 1280 px and a PDF of each page's print in ArtifactDir.
func TestCalculatorLayout(t *testing.T) {
	calcs := bundledCalcs(t)
	base := browser.Serve(t, bundled)
	for _, w := range []int{320, phoneW, desktopW} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			ctx := newTab(t, w, phoneH)
			for _, c := range calcs {
				t.Run(c.id, func(t *testing.T) { layoutOne(t, ctx, base, c, w) })
			}
		})
	}
}

func layoutOne(t *testing.T, ctx context.Context, base string, c bundledCalc, w int) {
	dom := c.dom
	fresh(t, ctx, base, c.page+"#"+dom)
	settledPreset(t, ctx, dom)
	if bad := calcJS[string](t, ctx, dom, jsChartsFit); bad != "" {
		t.Errorf("%d px, pre-rendered: %s", w, bad)
	}
	if wide := eval[int](t, ctx, `document.documentElement.scrollWidth - innerWidth`); wide > 0 {
		t.Errorf("%d px: the page scrolls sideways by %d px", w, wide)
	}

	// 9. The Distribution list keeps the keyboard.
	if calcJS[int](t, ctx, dom, `c.querySelectorAll("[data-role=dist] option").length`) > 1 {
		st := act(t, ctx, dom, `(() => { const s = c.querySelector("[data-role=dist]"); s.focus(); s.selectedIndex = (s.selectedIndex + 1) % s.options.length; s.dispatchEvent(new Event("change", {bubbles: true})); })()`)
		if st != "ok" {
			t.Fatalf("another distribution: state %s", st)
		}
		if got := eval[string](t, ctx, `(document.activeElement.dataset && document.activeElement.dataset.role || document.activeElement.tagName)`); got != "dist" {
			t.Errorf("%d px: after choosing another distribution the keyboard is on %s, not the list", w, got)
		}
		if bad := calcJS[string](t, ctx, dom, jsChartsFit); bad != "" {
			t.Errorf("%d px, another distribution: %s", w, bad)
		}
	}

	// 8. Pinned: nothing overlaps, on screen and in print.
	if st := act(t, ctx, dom, `c.querySelector("[data-action=pin]").click()`); st != "ok" {
		t.Fatalf("pin: state %s", st)
	}
	if bad := calcJS[string](t, ctx, dom, jsNoOverlap+` + " " + `+jsChartsFit); strings.TrimSpace(bad) != "" {
		t.Errorf("%d px, pinned: %s", w, bad)
	}
	name := fmt.Sprintf("calc-%s-%d", strings.ReplaceAll(c.id, "/", "-"), w)
	if w != 320 {
		browser.ScreenshotElement(t, ctx, "#"+dom, name+"-pinned")
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	eval[bool](t, ctx, `dispatchEvent(new Event("beforeprint")), true`)
	// Paper is about as wide as a desktop window, whatever the device:
	// print is checked at that width only.
	if bad := calcJS[string](t, ctx, dom, jsNoOverlap); bad != "" && w == desktopW {
		t.Errorf("%d px, pinned, print: %s", w, bad)
	}
	if w == desktopW {
		printPDF(t, ctx, name+"-print")
	}
	eval[bool](t, ctx, `dispatchEvent(new Event("afterprint")), true`)
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{}); err != nil {
		t.Fatal(err)
	}
	if st := act(t, ctx, dom, `c.querySelector("[data-action=pin]").click()`); st != "ok" {
		t.Fatalf("unpin: state %s", st)
	}
	if w != 320 {
		browser.ScreenshotElement(t, ctx, "#"+dom, name)
	}
}

// printPDF saves the page as the browser prints it, name.pdf in ArtifactDir.
func printPDF(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	buf, err := chromedp.Run(ctx, chromedp.PrintToPDF())
	if err != nil {
		t.Fatalf("print %s: %v", name, err)
	}
	p := filepath.Join(browser.ArtifactDir(t), name+".pdf")
	if err := os.WriteFile(p, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("print: %s", p)
}
