package uitest

import (
	"context"
	"fmt"
	"testing"

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
