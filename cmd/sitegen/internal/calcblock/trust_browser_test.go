package calcblock_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"d6codex/calc/systems"
	"d6codex/cmd/sitegen/internal/testing/browser"
)

// TestResultsPlayersCanTrust covers issue 13's wrong or stale answers in
// Chromium: a shared link brings back exactly the set-up the sender saw
// even when a field is back at its built-in default and the page's preset
// says otherwise; an error leaves no result of other inputs on screen; and
// dice that no longer fit changed inputs give the new odds, not an error.
func TestResultsPlayersCanTrust(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module and drives a browser")
	}
	dir := buildCalcSite(t, "```calc spacedoor/attack\ntough = 1\n```\n\n```calc skirmish/melee\nattack_dice = 5\ndefense_dice = 3\ndice = 6 6 5 3 1 6 5 4 2 4\n```\n")
	base := browser.Serve(t, dir) + "/tools/"
	ctx := browser.New(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(base)); err != nil {
		t.Fatal(err)
	}
	sd := "calc-spacedoor-attack"
	scroll(t, ctx, sd)
	waitState(t, ctx, sd, "ok", -1)

	// 1. Tough back to the built-in default 0 (the page's preset is 1).
	n := runs(t, ctx, sd)
	setField(t, ctx, sd, "tough", "0")
	waitState(t, ctx, sd, "ok", n)
	want := shown(t, ctx, sd)
	link, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	other := browser.New(t, 1280, 900)
	if err := chromedp.Do(other, chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	scroll(t, other, sd)
	waitState(t, other, sd, "ok", 0)
	if got := fieldValue(t, other, sd, "tough"); got != "0" {
		t.Errorf("shared link %s opens with tough = %s, want 0", link, got)
	}
	if got := shown(t, other, sd); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("shared link shows %v, sender saw %v", got, want)
	}
	// A link of the older format (only fields unlike the built-in
	// defaults) opens as the calculator's defaults, as its sender saw it.
	other = browser.New(t, 1280, 900)
	if err := chromedp.Do(other, chromedp.Navigate(base+"?"+sd+".mode=advantage")); err != nil {
		t.Fatal(err)
	}
	scroll(t, other, sd)
	waitState(t, other, sd, "ok", 0)
	if got := fieldValue(t, other, sd, "tough"); got != "0" {
		t.Errorf("old link opens with tough = %s, want the built-in 0", got)
	}
	compare(t, shown(t, other, sd), "spacedoor/attack", map[string]string{"tough": "0", "mode": "advantage"})

	// 2. A bad value: the message, and the last result kept, marked out
	// of date (issue 34, item 8; issue 25 blanked it).
	n = runs(t, ctx, sd)
	setField(t, ctx, sd, "tough", "-30")
	waitState(t, ctx, sd, "error", n)
	stale, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(
		`(() => { const o = document.querySelector("#%s .calc-results"); return o.hidden || !o.classList.contains("calc-outdated") ? "" : o.innerText })()`, sd)))
	if err != nil || !strings.HasPrefix(stale, "Out of date: ") {
		t.Errorf("after an error the last result is not kept and marked out of date: %q (%v)", stale, err)
	}

	// The message stands beside the field, in the words of its label, and
	// the field points at it; Reset returns to the page's preset (Tough 1).
	beside, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(() => { const f = document.getElementById(%q).querySelector("form").elements.tough;
		const m = document.getElementById(f.id + "-err"); return m && f.getAttribute("aria-invalid") === "true" && f.getAttribute("aria-describedby").includes(m.id) ? m.textContent : "" })()`, sd)))
	if err != nil || !strings.HasPrefix(beside, "Tough: ") || !strings.Contains(beside, "−3 to 5") {
		t.Errorf("message beside the field: %q (%v), want one naming Tough and its range", beside, err)
	}
	n = runs(t, ctx, sd)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector("#%s [data-action=reset]").click(), true`, sd))); err != nil {
		t.Fatal(err)
	}
	waitState(t, ctx, sd, "ok", n)
	if got := fieldValue(t, ctx, sd, "tough"); got != "1" {
		t.Errorf("Reset gives tough = %s, want the page's preset 1", got)
	}
	if left, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".calc-field-error").length`)); left != 0 {
		t.Errorf("%d field messages left after a good run", left)
	}

	// 3. The dice trap: one more attack die than the typed dice allow.
	sk := "calc-skirmish-melee"
	scroll(t, ctx, sk)
	waitState(t, ctx, sk, "ok", -1)
	n = runs(t, ctx, sk)
	setField(t, ctx, sk, "attack_dice", "6")
	waitState(t, ctx, sk, "ok", n)
	compare(t, shown(t, ctx, sk), "skirmish/melee", map[string]string{"attack_dice": "6", "defense_dice": "3"})
	note, err := chromedp.Run(ctx, chromedp.Text("#"+sk+" .calc-misfit"))
	if err != nil || !strings.Contains(note, "no longer fit") {
		t.Errorf("the roll part should say the dice no longer fit: %q (%v)", note, err)
	}
	if _, err := systems.New().Run("skirmish/melee", map[string]string{"attack_dice": "6", "defense_dice": "3", "dice": "6 6 5 3 1 6 5 4 2 4"}); err == nil {
		t.Fatal("the typed dice fit 6 attack dice after all; the test needs dice that do not")
	}
	browser.ScreenshotElement(t, ctx, "#"+sk, "calc-dice-misfit")

	// Every bad field at once, each beside its field.
	n = runs(t, ctx, sk)
	setField(t, ctx, sk, "attack_dice", "99")
	setField(t, ctx, sk, "defense_dice", "-1")
	waitState(t, ctx, sk, "error", n)
	marked, _ := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll("#%s [aria-invalid=true]").length`, sk)))
	besides, _ := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll("#%s .calc-field-error").length`, sk)))
	if marked != 2 || besides != 2 {
		t.Errorf("%d fields marked invalid and %d messages beside them, want both bad fields", marked, besides)
	}
}

func scroll(t *testing.T, ctx context.Context, dom string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.getElementById(%q).scrollIntoView(), true`, dom))); err != nil {
		t.Fatal(err)
	}
}

func fieldValue(t *testing.T, ctx context.Context, dom, name string) string {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.getElementById(%q).querySelector("form").elements[%q].value`, dom, name)))
	if err != nil {
		t.Fatal(err)
	}
	return v
}
