package uitest

import (
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// a4Width is the width, in CSS pixels, that A4 paper gives a page printed
// with Chromium's default margins: 8.27 in less 2 × 0.4 in, at 96 px an
// inch.
const a4Width = 717

// jsCentralInBox lists the charts of the page whose central 99% (data-x0
// to data-x1, in the bars' own units) is not inside the part of its box
// that shows, right of the y-axis.
const jsCentralInBox = `[...document.querySelectorAll(".calc-svgwrap")].filter((w) => w.checkVisibility()).map((w) => {
	const svg = w.querySelector("svg.calc-bars"), axis = w.querySelector("svg.calc-yaxis");
	const r = svg.getBoundingClientRect(), box = w.getBoundingClientRect();
	const k = r.width / svg.viewBox.baseVal.width;
	const a = r.left + (+w.dataset.x0) * k, z = r.left + (+w.dataset.x1) * k;
	const from = axis.getBoundingClientRect().right;
	if (a >= from - 1 && z <= box.right + 1) return "";
	return w.closest(".calc").id + ": central 99% at " + Math.round(a - box.left) + " to " + Math.round(z - box.left) + " px, the box shows " + Math.round(from - box.left) + " to " + Math.round(box.width) + " px";
}).filter(Boolean).join("; ")`

// TestPrintChartsWhole: on paper nobody can scroll, so a printed chart
// shows its central 99% whole, scaled down to its column where it is
// wider. Printed on A4, OpenD6's wound chart (six levels, long names, in
// one of the page's two columns) lost its last two levels ("Mortally
// Wounded" and "Dead", 23% of the outcomes) past its box.
func TestPrintChartsWhole(t *testing.T) {
	base := browser.Serve(t, bundled)
	ctx := newTab(t, a4Width, desktopH)
	seen := map[string]bool{}
	for _, c := range bundledCalcs(t) {
		if seen[c.page] {
			continue
		}
		seen[c.page] = true
		open(t, ctx, base, c.page)
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
			t.Fatal(err)
		}
		eval[bool](t, ctx, `dispatchEvent(new Event("beforeprint")), true`)
		if bad := eval[string](t, ctx, jsCentralInBox); strings.TrimSpace(bad) != "" {
			t.Errorf("%s, printed: %s", c.page, bad)
		}
		eval[bool](t, ctx, `dispatchEvent(new Event("afterprint")), true`)
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{}); err != nil {
			t.Fatal(err)
		}
	}
}
