package calcblock_test

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/rules/dice/anydice"
)

// TestAnyDiceBlockInBrowser: a three-output program with one field, in
// Chromium through the anydice module: the outputs overlaid with a legend;
// a changed field recomputes (checked against the interpreter natively)
// and goes into the address without the program; the link opened in a
// fresh browser brings the same set-up back; the page prints.
func TestAnyDiceBlockInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module and drives a browser")
	}
	prog := "\\ field N: \"Dice\" 1..6 = 2 \\\noutput Nd6 named \"Sum\"\noutput [highest 1 of Nd6] named \"Best\"\noutput [lowest 1 of Nd6] named \"Worst\"\n"
	l5r := "\\ field KEEP: \"Kept\" 1..6 = 2 \\\nset \"explode depth\" to 4\noutput [highest KEEP of 6d[explode d10]] named \"6kK\"\n"
	dir := buildCalcSite(t, "```anydice\n"+prog+"```\n\n```anydice\n"+l5r+"```\n")
	base := browser.Serve(t, dir)
	ctx := browser.New(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/tools/")); err != nil {
		t.Fatal(err)
	}
	dom := "calc-anydice-program"
	waitState(t, ctx, dom, "ok", -1)
	legend := `[document.querySelector("#calc-anydice-program .calc-chart").dataset.dist, ...[...document.querySelectorAll("#calc-anydice-program .calc-legend-list li")].map(l => l.textContent.trim())].join("|")`
	if got := eval[string](t, ctx, legend); got != "all|Sum|Best|Worst" {
		t.Errorf("overlaid chart: %q", got)
	}
	browser.ScreenshotElement(t, ctx, "#"+dom, "anydice-overlay")

	n := runs(t, ctx, dom)
	setField(t, ctx, dom, "f1", "3")
	waitState(t, ctx, dom, "ok", n)
	href := eval[string](t, ctx, `location.href`)
	if !strings.Contains(href, "calc-anydice-program.f1=3") || strings.Contains(href, "program.program") {
		t.Errorf("address %s: want the field, not the program", href)
	}
	check := func(ctx context.Context, when string) {
		t.Helper()
		p, err := anydice.Parse(prog)
		if err != nil {
			t.Fatal(err)
		}
		outs, err := p.Run(map[string]int{"N": 3})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range outs {
			chooseDist(t, ctx, dom, strings.ToLower(o.Name))
			got := eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll("#calc-anydice-program .calc-table tbody tr")].map(r => [+r.dataset.v, +r.dataset.p]))`)
			var pairs [][2]float64
			if err := json.Unmarshal([]byte(got), &pairs); err != nil {
				t.Fatal(err)
			}
			if len(pairs) != len(o.Dist.Values()) {
				t.Fatalf("%s %s: %d values, want %d", when, o.Name, len(pairs), len(o.Dist.Values()))
			}
			for _, vp := range pairs {
				if math.Abs(vp[1]-o.Dist.P(int(vp[0]))) > 1e-12 {
					t.Errorf("%s %s: P(%v) = %v, want %v", when, o.Name, vp[0], vp[1], o.Dist.P(int(vp[0])))
				}
			}
		}
	}
	check(ctx, "after the change")

	// The L5R roll (6 exploding d10s keep 3, explode depth 4) in the
	// worker: its own time, logged for BENCHMARKS.md (not asserted).
	var ms []string
	for i, keep := range []string{"3", "2", "3", "2", "3"} {
		n := runs(t, ctx, dom+"-2")
		setField(t, ctx, dom+"-2", "f1", keep)
		waitState(t, ctx, dom+"-2", "ok", n)
		if i > 0 { // the first run also starts the module
			ms = append(ms, eval[string](t, ctx, `document.getElementById("calc-anydice-program-2").dataset.workerMs`))
		}
	}
	t.Logf("L5R 6k3 (explode depth 4) in the worker, ms: %s", strings.Join(ms, " "))
	browser.ScreenshotElement(t, ctx, "#"+dom, "anydice-block")

	// The link in a fresh browser: the field and the odds come back.
	fresh := browser.New(t, 390, 844)
	if err := chromedp.Do(fresh, chromedp.Navigate(href)); err != nil {
		t.Fatal(err)
	}
	waitState(t, fresh, dom, "ok", 0)
	if v := eval[string](t, fresh, `document.querySelector("#calc-anydice-program [name=f1]").value`); v != "3" {
		t.Errorf("the link's field: %q", v)
	}
	check(fresh, "from the link")

	// Print: the field, the chart and the table's numbers, no buttons.
	if _, err := chromedp.Call(fresh, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	printed := eval[string](t, fresh, `(() => { const c = document.getElementById("calc-anydice-program"); const shown = (s) => { const e = c.querySelector(s); return !!e && e.getClientRects().length > 0 };
		return [shown("input[name=f1]"), shown(".calc-bars"), !shown(".calc-actions button")].join(" ") })()`)
	if printed != "true true true" {
		t.Errorf("print layout (field, chart, no buttons): %s", printed)
	}
	browser.Screenshot(t, fresh, "anydice-block-print")
}

// TestAnyDiceClassesInWorker times each class of AnyDice program
// (rules/dice/anydice/testdata/bench, the programs BenchmarkPrograms
// times natively) in the calculators' worker, as a page runs them: each
// program gets a field of its own to change, and the worker's time of
// five runs after the first (which starts the module) is logged for
// BENCHMARKS.md, not asserted.
func TestAnyDiceClassesInWorker(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module and drives a browser")
	}
	files, err := filepath.Glob(filepath.Join(browser.RepoRoot(t), "rules", "dice", "anydice", "testdata", "bench", "*.anydice"))
	if err != nil || len(files) < 8 {
		t.Fatalf("testdata/bench: %d programs, %v", len(files), err)
	}
	var page strings.Builder
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		page.WriteString("```anydice\n\\ field RUN: \"Run\" 1..9 = 1 \\\n" + string(src) + "```\n\n")
	}
	base := browser.Serve(t, buildCalcSite(t, page.String()))
	ctx := browser.New(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/tools/")); err != nil {
		t.Fatal(err)
	}
	for i, f := range files {
		dom := "calc-anydice-program"
		if i > 0 {
			dom += "-" + strconv.Itoa(i+1)
		}
		waitState(t, ctx, dom, "ok", -1)
		var ms []float64
		for run := 2; run <= 7; run++ {
			n := runs(t, ctx, dom)
			setField(t, ctx, dom, "f1", strconv.Itoa(run))
			waitState(t, ctx, dom, "ok", n)
			v, err := strconv.ParseFloat(eval[string](t, ctx, `document.getElementById("`+dom+`").dataset.workerMs`), 64)
			if err != nil {
				t.Fatal(err)
			}
			if run > 2 {
				ms = append(ms, v)
			}
		}
		slices.Sort(ms)
		t.Logf("%s: worker ms median %.2f (min %.2f, max %.2f)", strings.TrimSuffix(filepath.Base(f), ".anydice"), ms[len(ms)/2], ms[0], ms[len(ms)-1])
	}
}
