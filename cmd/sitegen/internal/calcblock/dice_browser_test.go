package calcblock_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/rules/dice/expr"
)

// TestDiceBlockInBrowser: a ```dice block shows, in Chromium through the
// dice module, the exact distribution `sitegen dice` computes; an edited
// expression recomputes, and a bad one shows the column.
func TestDiceBlockInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module and drives a browser")
	}
	dir := buildCalcSite(t, "```dice\nAdvantage: 2d20kh1\nNormal: d20\n```\n")
	ctx := browser.New(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(browser.Serve(t, dir)+"/tools/")); err != nil {
		t.Fatal(err)
	}
	dom := "calc-dice-roll"
	waitState(t, ctx, dom, "ok", -1)
	// Two expressions are charted together first, then one at a time.
	if got := eval[string](t, ctx, `[document.querySelector("#calc-dice-roll .calc-chart").dataset.dist, ...[...document.querySelectorAll("#calc-dice-roll .calc-legend-list li")].map(l => l.textContent.trim())].join("|")`); got != "all|Advantage|Normal" {
		t.Errorf("overlaid chart: %q", got)
	}
	chooseDist(t, ctx, dom, "advantage")
	checkDist(t, ctx, dom, "advantage", "2d20kh1")

	n := runs(t, ctx, dom)
	setField(t, ctx, dom, "expr", "4d6kh3")
	waitState(t, ctx, dom, "ok", n)
	checkDist(t, ctx, dom, "roll", "4d6kh3")

	n = runs(t, ctx, dom)
	setField(t, ctx, dom, "expr", "4d6kh")
	waitState(t, ctx, dom, "error", n)
	msg, err := chromedp.Run(ctx, chromedp.Text("#"+dom+" .calc-error"))
	if err != nil || !strings.Contains(msg, "column 6: a number after kh") {
		t.Errorf("error %q (%v) should give the column", msg, err)
	}
	browser.ScreenshotElement(t, ctx, "#"+dom, "dice-block")
}

// checkDist compares the distribution the page holds for name with Eval.
func checkDist(t *testing.T, ctx context.Context, dom, name, src string) {
	t.Helper()
	// The chart shows the first distribution; its table rows carry the
	// exact probabilities.
	js := fmt.Sprintf(`(() => { const c = document.getElementById(%q); const d = c.querySelector(".calc-chart").dataset.dist;
		if (d !== %q) return "wrong distribution " + d;
		return JSON.stringify([...c.querySelectorAll(".calc-table tbody tr")].map(r => [+r.dataset.v, +r.dataset.p])) })()`, dom, name)
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		t.Fatal(err)
	}
	var got [][2]float64
	if err := json.Unmarshal([]byte(s), &got); err != nil {
		t.Fatalf("%s: %v (%s)", name, err, s)
	}
	rs, err := expr.Eval(src)
	if err != nil {
		t.Fatal(err)
	}
	want := rs[0].Dist
	if len(got) != len(want.Values()) {
		t.Fatalf("%s: page has %d values, want %d", name, len(got), len(want.Values()))
	}
	for _, vp := range got {
		if math.Abs(vp[1]-want.P(int(vp[0]))) > 1e-12 {
			t.Errorf("%s: P(%v) = %v, want %v", name, vp[0], vp[1], want.P(int(vp[0])))
		}
	}
}

// chooseDist picks one distribution in the chart's list and waits for it.
func chooseDist(t *testing.T, ctx context.Context, dom, name string) {
	t.Helper()
	n := runs(t, ctx, dom)
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const s = document.querySelector("#%s [data-role=dist]"); s.value = %q; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`, dom, name))
	waitState(t, ctx, dom, "ok", n)
}
