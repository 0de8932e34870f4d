package uitest

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// BenchmarkCalcChange measures what a player waits for after a change in
// headless Chromium at 1280×800 (issue 25): from the input event to the new
// result on screen, for a typed number (which waits for the typing pause,
// TYPING in calc.js) and a choice from a list (which runs at once), and
// the first paint's example result (pre-rendered: in the page's HTML).
// Each iteration is one change; the figure is the mean in ms.
//
//	go test ./cmd/sitegen/internal/site/uitest -run '^$' -bench CalcChange -benchtime 20x
func BenchmarkCalcChange(b *testing.B) {
	base := browser.Serve(b, bundled)
	ctx := browser.New(b, desktopW, 800)
	for _, tc := range []struct{ name, page, dom, field, a, c string }{
		{"opend6/typed", "/opend6/attacking/", "calc-opend6-attack", "skill", "5D", "4D+1"},
		{"opend6/choice", "/opend6/attacking/", "calc-opend6-attack", "range", "long", "short"},
		{"spacedoor/typed", "/spacedoor/attacking/", "calc-spacedoor-attack", "tough", "2", "1"},
		{"skirmish/typed", "/skirmish/attacking/", "calc-skirmish-melee", "attack_dice", "6", "5"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			must := func(js string) float64 {
				v, err := evalB[float64](ctx, js)
				if err != nil {
					b.Fatal(err)
				}
				return v
			}
			if err := navigate(ctx, base+tc.page); err != nil {
				b.Fatal(err)
			}
			// The example result is in the page's HTML: at first paint.
			if must(fmt.Sprintf(`document.querySelectorAll("#%s .calc-results tr[data-outcome]").length`, tc.dom)) == 0 {
				b.Fatal("no pre-rendered example result")
			}
			change := fmt.Sprintf(`new Promise((done) => {
				const c = document.getElementById(%q), f = [...c.querySelector("form").elements].find((e) => e.name === %q);
				const n = +(c.dataset.runs || 0);
				const o = new MutationObserver(() => { if (+(c.dataset.runs || 0) > n && c.dataset.state === "ok") { o.disconnect(); done(performance.now() - t0); } });
				o.observe(c, { attributes: true });
				f.value = f.value === %q ? %q : %q;
				const t0 = performance.now();
				f.dispatchEvent(new Event("input", { bubbles: true }));
			})`, tc.dom, tc.field, tc.a, tc.c, tc.a)
			must(change) // warm: the module loads
			total := 0.0
			b.ResetTimer()
			for range b.N {
				total += must(change)
			}
			b.ReportMetric(total/float64(b.N), "ms/change")
		})
	}
}

// evalB evaluates js, awaiting a promise, for benchmarks.
func evalB[T any](ctx context.Context, js string) (T, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
}

// navigate opens url and waits for calc.js to have started.
func navigate(ctx context.Context, url string) error {
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		return err
	}
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](`!!document.querySelector(".calc[data-state]")`))
	return err
}

// BenchmarkCalcPhone measures issue 34's figures on the phone profile:
// Chromium at 390×844 with its CPU slowed four times (DevTools' CPU
// throttling, as Lighthouse's mobile profile does). "first result" is a
// typed change to OpenD6's attack, from the input event to the result on
// screen; "table 1000" changes /dice/'s block to a roll of 1,000 values
// (d1000 and d1000+1 in turn) with its table open, from the input event to
// the frame after the new chart and table are laid out (renderMs: the
// page's own share, from the worker's answer to the DOM in place).
//
//	go test ./cmd/sitegen/internal/site/uitest -run '^$' -bench CalcPhone -benchtime 10x
func BenchmarkCalcPhone(b *testing.B) {
	base := browser.Serve(b, bundled)
	ctx := browser.New(b, phoneW, phoneH)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(phoneW, phoneH)); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4}); err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct{ name, page, dom, field, a, c, prep string }{
		{"first result", "/opend6/attacking/", "calc-opend6-attack", "skill", "5D", "4D+1", ""},
		{"table 1000", "/dice/", "calc-dice-roll", "expr", "d1000", "d1000+1", `c.querySelector(".calc-table").open = true;`},
	} {
		b.Run(tc.name, func(b *testing.B) {
			must := func(js string) []float64 {
				v, err := evalB[[]float64](ctx, js)
				if err != nil {
					b.Fatal(err)
				}
				return v
			}
			if err := navigate(ctx, base+tc.page); err != nil {
				b.Fatal(err)
			}
			change := fmt.Sprintf(`new Promise((done) => {
				const c = document.getElementById(%q), f = [...c.querySelector("form").elements].find((e) => e.name === %q);
				c.scrollIntoView(); %s
				const n = +(c.dataset.runs || 0);
				const o = new MutationObserver(() => { if (+(c.dataset.runs || 0) > n && c.dataset.state === "ok") { o.disconnect();
					document.body.offsetHeight; requestAnimationFrame(() => requestAnimationFrame(() => done([performance.now() - t0, +c.dataset.renderMs, +c.dataset.workerMs]))); } });
				o.observe(c, { attributes: true });
				f.value = f.value === %q ? %q : %q;
				const t0 = performance.now();
				f.dispatchEvent(new Event("input", { bubbles: true }));
			})`, tc.dom, tc.field, tc.prep, tc.a, tc.c, tc.a)
			must(change) // warm: the module loads
			var total, render, worker float64
			b.ResetTimer()
			for range b.N {
				r := must(change)
				total, render, worker = total+r[0], render+r[1], worker+r[2]
			}
			n := float64(b.N)
			b.ReportMetric(total/n, "ms/change")
			b.ReportMetric(render/n, "render-ms")
			b.ReportMetric(worker/n, "worker-ms")
		})
	}
}
