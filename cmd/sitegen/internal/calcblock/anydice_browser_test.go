package calcblock_test

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

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

// TestAnyDiceProgramShownAndEdited is issue 34, item 10 (an AnyDice block
// hid its program: a reader could not see, copy or edit it), at 1280 and
// 390 px: "Show the program" opens the block's own program in a text area
// inside the screen; an edit marks the result busy at once, and its odds
// (checked against the interpreter natively) replace it, with the edited
// program in the address; a program that does not parse is a message at
// its line and column on the field, the last result kept and marked out of
// date; the link opened in a fresh browser brings the edited program and
// its odds back.
func TestAnyDiceProgramShownAndEdited(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module and drives a browser")
	}
	prog := "\\ field N: \"Dice\" 1..6 = 2 \\\noutput Nd6 named \"Sum\"\n"
	dir := buildCalcSite(t, "```anydice\n"+prog+"```\n")
	base := browser.Serve(t, dir)
	const dom = "calc-anydice-program"
	rows := func(ctx context.Context) [][2]float64 {
		t.Helper()
		got := eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll("#calc-anydice-program .calc-table tbody tr")].map(r => [+r.dataset.v, +r.dataset.p]))`)
		var pairs [][2]float64
		if err := json.Unmarshal([]byte(got), &pairs); err != nil {
			t.Fatal(err)
		}
		return pairs
	}
	same := func(ctx context.Context, src, when string) {
		t.Helper()
		p, err := anydice.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		outs, err := p.Run(map[string]int{"N": 2})
		if err != nil {
			t.Fatal(err)
		}
		pairs := rows(ctx)
		if len(pairs) != len(outs[0].Dist.Values()) {
			t.Fatalf("%s: %d values, want %d", when, len(pairs), len(outs[0].Dist.Values()))
		}
		for _, vp := range pairs {
			if math.Abs(vp[1]-outs[0].Dist.P(int(vp[0]))) > 1e-12 {
				t.Errorf("%s: P(%v) = %v, want %v", when, vp[0], vp[1], outs[0].Dist.P(int(vp[0])))
			}
		}
	}
	edited := "\\ field N: \"Dice\" 1..6 = 2 \\\noutput [highest 1 of Nd4] named \"Best\"\n"
	for _, width := range []int{1280, 390} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			ctx := browser.New(t, width, 900)
			if err := chromedp.Do(ctx, chromedp.Navigate(base+"/tools/")); err != nil {
				t.Fatal(err)
			}
			waitState(t, ctx, dom, "ok", -1)
			// A phone folds a long set-up; the program is in it.
			got := eval[string](t, ctx, `(() => { const c = document.getElementById("calc-anydice-program");
				c.querySelector(".calc-fold")?.setAttribute("open", "");
				const d = c.querySelector("details.calc-source"); if (!d) return "no program";
				d.querySelector("summary").click();
				const a = d.querySelector("textarea"), r = a.getBoundingClientRect();
				return [d.querySelector("summary").textContent, d.open, a.value, r.width > 0 && r.left >= 0 && r.right <= innerWidth, document.scrollingElement.scrollWidth <= innerWidth].join("|") })()`)
			if want := "Show the program|true|" + strings.TrimSpace(prog) + "|true|true"; got != want {
				t.Errorf("the program shown:\n%q\nwant\n%q", got, want)
			}

			browser.ScreenshotElement(t, ctx, "#"+dom, fmt.Sprintf("anydice-program-%d", width))
			n := runs(t, ctx, dom)
			setField(t, ctx, dom, "program", edited)
			if busy := eval[string](t, ctx, `document.getElementById("calc-anydice-program").getAttribute("aria-busy")`); busy != "true" {
				t.Errorf("right after the edit the result is not marked busy (aria-busy %q)", busy)
			}
			waitState(t, ctx, dom, "ok", n)
			same(ctx, edited, "after the edit")
			// The address takes the edited program compressed (written
			// once compressed, a moment after the odds): raw DEFLATE in
			// base64url, read back here by Go's compress/flate.
			wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
			defer cancel()
			href, err := chromedp.Run(wctx, chromedp.Poll[string](`location.search.includes("calc-anydice-program.program.z=") && location.href`))
			if err != nil {
				t.Fatalf("address %s: the edited program is not in it (%v)", eval[string](t, ctx, `location.href`), err)
			}
			if got, want := linkText(t, href, "calc-anydice-program.program.z"), eval[string](t, ctx, `document.querySelector("#calc-anydice-program [name=program]").value`); got != want {
				t.Errorf("address %s: holds the program %q, want %q", href, got, want)
			}

			n = runs(t, ctx, dom)
			setField(t, ctx, dom, "program", "output 1d")
			waitState(t, ctx, dom, "error", n)
			msg := eval[string](t, ctx, `(() => { const c = document.getElementById("calc-anydice-program");
				return [c.querySelector("[name=program]").getAttribute("aria-invalid"), c.querySelector(".calc-results").classList.contains("calc-outdated"), c.querySelector(".calc-error").textContent + " " + (c.querySelector(".calc-field-textarea .calc-hint")?.textContent || "")].join("|") })()`)
			if !strings.HasPrefix(msg, "true|true|") || !strings.Contains(msg, "line 1, column") {
				t.Errorf("a program that does not parse: %q (want the field invalid, the result out of date, its line and column)", msg)
			}
			same(ctx, edited, "the kept result")

			// The link of the edited program, in a fresh browser.
			fresh := browser.New(t, width, 900)
			if err := chromedp.Do(fresh, chromedp.Navigate(href)); err != nil {
				t.Fatal(err)
			}
			waitState(t, fresh, dom, "ok", 0)
			if v := eval[string](t, fresh, `document.querySelector("#calc-anydice-program [name=program]").value`); strings.TrimSpace(v) != strings.TrimSpace(edited) {
				t.Errorf("the link's program: %q", v)
			}
			same(fresh, edited, "from the link")
		})
	}
}

// linkText is the text a link holds compressed under key: raw DEFLATE in
// base64url, as calc.js writes a program, read by Go's compress/flate.
func linkText(t *testing.T, link, key string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := base64.RawURLEncoding.DecodeString(u.Query().Get(key))
	if err != nil {
		t.Fatalf("%s: %s is not base64url: %v", link, key, err)
	}
	text, err := io.ReadAll(flate.NewReader(bytes.NewReader(raw)))
	if err != nil {
		t.Fatalf("%s: %s is not raw DEFLATE: %v", link, key, err)
	}
	return string(text)
}
