package calcblock_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"d6codex/calc/systems"
	"d6codex/cmd/sitegen/internal/testing/browser"
)

// TestPrerenderedInBrowser: with JavaScript disabled, the page shows every
// preset's odds and roll; with JavaScript, the module's rendering of the
// same preset reads exactly like the pre-rendered one.
func TestPrerenderedInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module and drives a browser")
	}
	presets := []struct {
		dom, id, block string
		raw            map[string]string
	}{
		{"calc-skirmish-melee", "skirmish/melee", "attack_dice = 5\ndefense_dice = 3\ndice = 6 6 5 3 1 6 5 4 2 4\n",
			map[string]string{"attack_dice": "5", "defense_dice": "3", "dice": "6 6 5 3 1 6 5 4 2 4"}},
		{"calc-opend6-attack", "opend6/attack", "skill = 4D+1\ndamage = 3D\nresistance = 2D\n",
			map[string]string{"skill": "4D+1", "damage": "3D", "resistance": "2D"}},
		{"calc-rollunder-attack", "rollunder/attack", "weapon = rifle\n", map[string]string{"weapon": "rifle"}},
	}
	var blocks []string
	for _, p := range presets {
		blocks = append(blocks, "```calc "+p.id+"\n"+p.block+"```")
	}
	dir := buildCalcSite(t, strings.Join(blocks, "\n\n"))
	url := browser.Serve(t, dir) + "/tools/"

	noJS := browser.New(t, 1280, 900)
	if _, err := chromedp.Call(noJS, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(noJS, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	for _, p := range presets {
		ran, err := chromedp.Run(noJS, chromedp.Evaluate[string](fmt.Sprintf(`document.getElementById(%q).dataset.state || ""`, p.dom)))
		if err != nil || ran != "" {
			t.Fatalf("%s: the page script ran (state %q, %v) with JavaScript disabled", p.dom, ran, err)
		}
		compare(t, shown(t, noJS, p.dom), p.id, p.raw)
		res, _ := systems.New().Run(p.id, p.raw)
		text := resultText(t, noJS, p.dom)
		if res.Roll != nil && !strings.Contains(text, res.Roll.Result) {
			t.Errorf("%s: the roll %q is not shown without JavaScript:\n%s", p.dom, res.Roll.Result, text)
		}
	}
	browser.ScreenshotElement(t, noJS, "#calc-skirmish-melee", "calc-no-javascript")

	ctx := browser.New(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	for _, p := range presets {
		scroll(t, ctx, p.dom)
		waitState(t, ctx, p.dom, "ok", -1)
		before := resultText(t, ctx, p.dom)
		if before == "" {
			t.Fatalf("%s: no pre-rendered result", p.dom)
		}
		n := runs(t, ctx, p.dom)
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector("#%s .calc-primary").click(), true`, p.dom))); err != nil {
			t.Fatal(err)
		}
		waitState(t, ctx, p.dom, "ok", n)
		pre, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`"prerendered" in document.querySelector("#%s .calc-results").dataset`, p.dom)))
		if pre {
			t.Errorf("%s: the result was not rendered again by the module", p.dom)
		}
		if after := resultText(t, ctx, p.dom); after != before {
			t.Errorf("%s: pre-rendered and module results differ:\n--- pre-rendered\n%s\n--- module\n%s", p.dom, before, after)
		}
	}
}

// resultText is the text of a calculator's result as a reader gets it.
func resultText(t *testing.T, ctx context.Context, dom string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector("#%s .calc-results").textContent`, dom)))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(s), " ")
}
