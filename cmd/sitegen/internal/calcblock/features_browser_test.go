package calcblock_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// eval runs js in the page and fails the test on an error.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%v\n%s", err, js)
	}
	return v
}

// TestReadCompareShareInBrowser covers issue 13's charts, copying, print
// and comparison: a y-axis in percent; every bar's value on focus; x-axis
// labels whole and apart, at intervals past 24 values; no mean of named
// levels; Copy link with the anchor and set-up; Copy as table (TSV and
// Markdown); a print layout with inputs and results; a pinned set-up on the
// same chart and table, carried by the link.
func TestReadCompareShareInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module and drives a browser")
	}
	dir := buildCalcSite(t, "```calc opend6/attack\nskill = 4D+1\ndamage = 3D\nresistance = 2D\n```\n\n```calc rollunder/attack\nweapon = rifle\n```\n")
	ctx := browser.New(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(browser.Serve(t, dir)+"/tools/")); err != nil {
		t.Fatal(err)
	}
	od, ru := "calc-opend6-attack", "calc-rollunder-attack"
	waitState(t, ctx, od, "ok", -1)
	// :focus matches only in a focused page.
	if _, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
		t.Fatal(err)
	}

	// Charts: percent axis, whole labels that do not overlap, values on focus.
	labels := func(dom string) string {
		return eval[string](t, ctx, fmt.Sprintf(`(() => { const ts = [...document.querySelectorAll("#%s .calc-xlabels text")].map((t) => [t.textContent, t.getBBox()]);
			for (let i = 1; i < ts.length; i++) { const a = ts[i-1][1], b = ts[i][1];
				if (a.y === b.y && a.x + a.width > b.x) return "overlap: " + ts[i-1][0] + " / " + ts[i][0]; }
			if (ts.some(([s]) => s.includes("…"))) return "truncated";
			return "ok " + ts.length })()`, dom))
	}
	if got := eval[string](t, ctx, `[...document.querySelectorAll("#calc-opend6-attack g[data-mode=exact] > text.calc-axis")].map((t) => t.textContent).join(" ")`); !strings.HasPrefix(got, "0% ") || !strings.HasSuffix(got, "%") {
		t.Errorf("y-axis labels %q, want percentages from 0%%", got)
	}
	if got := labels(od); !strings.HasPrefix(got, "ok ") {
		t.Errorf("wound levels: %s", got)
	}
	if eval[bool](t, ctx, `!!document.querySelector("#calc-opend6-attack [data-mean=wound_level]")`) {
		t.Error("the mean of the wound levels is shown")
	}
	// The chart's box takes the focus; the arrow keys read each value
	// (issue 34: one tab stop, the numbers from the table's row).
	tip := eval[string](t, ctx, `(() => { const w = document.querySelector("#calc-opend6-attack .calc-svgwrap"); w.focus();
		w.dispatchEvent(new KeyboardEvent("keydown", {key: "Home", bubbles: true}));
		const tip = w.querySelector(".calc-tipbox"); return document.activeElement === w && !tip.hidden ? tip.textContent : "hidden" })()`)
	if !strings.HasPrefix(tip, "No injury: ") || !strings.Contains(tip, "%") {
		t.Errorf("the focused chart shows %q, want the first value's chance", tip)
	}
	scroll(t, ctx, ru)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const s = document.querySelector("#calc-rollunder-attack .calc-chart select"); s.value = "critical_effect"; s.dispatchEvent(new Event("change")); return true })()`)); err != nil {
		t.Fatal(err)
	}
	waitState(t, ctx, ru, "ok", 0)
	if got := labels(ru); got != "ok 11" && !strings.HasPrefix(got, "ok ") {
		t.Errorf("critical effects: %s", got)
	}
	if !eval[bool](t, ctx, `[...document.querySelectorAll("#calc-rollunder-attack .calc-xlabels text")].map((t) => t.textContent).join(" ").includes("double damage and another hit at +2")`) {
		t.Error("a long level name is cut")
	}
	n := runs(t, ctx, od)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const s = document.querySelector("#calc-opend6-attack .calc-chart select"); s.value = "damage"; s.dispatchEvent(new Event("change")); return true })()`)); err != nil {
		t.Fatal(err)
	}
	waitState(t, ctx, od, "ok", n)
	// Every value has its bar, and labels at intervals that keep them
	// apart (checked by labels below), at least one in ten values.
	bars := eval[int](t, ctx, `document.querySelectorAll("#calc-opend6-attack .calc-table tbody tr").length`)
	marked := eval[int](t, ctx, `document.querySelectorAll("#calc-opend6-attack .calc-xlabels text").length`)
	if bars <= 24 || marked*10 < bars {
		t.Errorf("%d values with %d labels, want more than 24 values labelled at least one in ten", bars, marked)
	}
	if got := labels(od); !strings.HasPrefix(got, "ok ") {
		t.Errorf("damage: %s", got)
	}
	eval[bool](t, ctx, `document.getElementById("calc-opend6-attack-mode-atleast").click(), true`)
	if !eval[bool](t, ctx, `getComputedStyle(document.querySelector("#calc-opend6-attack g[data-mode=atleast]")).display !== "none" && getComputedStyle(document.querySelector("#calc-opend6-attack g[data-mode=exact]")).display === "none"`) {
		t.Error("At least does not switch the chart")
	}
	browser.ScreenshotElement(t, ctx, "#"+od, "calc-chart-damage")

	// Copy link and Copy as table.
	eval[bool](t, ctx, `navigator.clipboard.writeText = (s) => { window.__copied = s; return Promise.resolve() }, true`)
	copied := func(action string) string {
		eval[bool](t, ctx, fmt.Sprintf(`window.__copied = "", document.querySelector("#calc-opend6-attack [data-action=%s]").click(), true`, action))
		s, err := chromedp.Run(ctx, chromedp.Poll[string](`window.__copied || false`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if l := copied("copy-link"); !strings.HasSuffix(l, "#"+od) || !strings.Contains(l, od+".v=2") || !strings.Contains(l, od+".skill=4D%2B1") {
		t.Errorf("copied link %q lacks the anchor or the set-up", l)
	}
	if s := copied("copy-tsv"); !strings.Contains(s, "Chance of each outcome\nOutcome\tChance\n") || !strings.Contains(s, "\nHit\t") {
		t.Errorf("copied TSV:\n%s", s)
	}
	if s := copied("copy-md"); !strings.Contains(s, "| Outcome | Chance |\n| --- | --- |\n") {
		t.Errorf("copied Markdown:\n%s", s)
	}

	// Print: the inputs, the outcome table and the chart, not the buttons.
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	printed := eval[string](t, ctx, `(() => { const c = document.getElementById("calc-opend6-attack"); const shown = (s) => { const e = c.querySelector(s); return !!e && e.getClientRects().length > 0 };
		return [shown("input[name=skill]"), shown(".calc-outcomes"), shown(".calc-bars"), !shown(".calc-actions button")].join(" ") })()`)
	if printed != "true true true true" {
		t.Errorf("print layout (skill input, outcomes, chart, no buttons): %s", printed)
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: ""}); err != nil {
		t.Fatal(err)
	}

	// Compare: pin, change, both on one chart and table, in the link.
	n = runs(t, ctx, od)
	eval[bool](t, ctx, `document.querySelector("#calc-opend6-attack [data-action=pin]").click(), true`)
	waitState(t, ctx, od, "ok", n)
	n = runs(t, ctx, od)
	setField(t, ctx, od, "skill", "6D")
	waitState(t, ctx, od, "ok", n)
	cmp := func(ctx context.Context) string {
		return eval[string](t, ctx, `(() => { const c = document.getElementById("calc-opend6-attack");
			const hit = c.querySelector(".calc-outcomes tr[data-outcome=hit]");
			return [c.querySelector(".calc-outcomes thead").textContent, hit.querySelector("[data-pin-p]").dataset.pinP, hit.dataset.p, hit.querySelector(".calc-diff").textContent,
				c.querySelectorAll(".calc-bar-pin").length > 0, c.querySelector(".calc-pinned").textContent].join("|") })()`)
	}
	got := cmp(ctx)
	if !strings.HasPrefix(got, "OutcomePinnedNowDifference (points)|") || !strings.Contains(got, "|true|") || !strings.Contains(got, "skill 4D+1") {
		t.Errorf("comparison: %s", got)
	}
	parts := strings.Split(got, "|")
	if parts[1] == parts[2] || parts[3] == "0.00" {
		t.Errorf("pinned and current hit chances are the same: %s", got)
	}
	browser.ScreenshotElement(t, ctx, "#"+od, "calc-compare")
	link := eval[string](t, ctx, `location.href`)
	if !strings.Contains(link, od+".pin=") {
		t.Fatalf("link %s does not carry the pinned set-up", link)
	}
	other := browser.New(t, 1280, 900)
	if err := chromedp.Do(other, chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	waitState(t, other, od, "ok", 0)
	if again := cmp(other); again != got {
		t.Errorf("the link shows\n%s\nthe sender saw\n%s", again, got)
	}
}
