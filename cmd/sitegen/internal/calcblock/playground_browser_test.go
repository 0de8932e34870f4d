package calcblock_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/rules/dice/anydice"
)

// gutter reads a playground's editor: how many lines its text area holds,
// the numbers its gutter shows, the number of the line marked as in error
// (0: none), and the furthest any number of a line in sight stands from
// its line (px), each line's top computed from the text area's own box:
// its content top, less its scroll, plus a line height per line.
type gutter struct {
	Lines, Marked int
	Numbers       []string
	Worst         float64
	Open, Fits    bool
}

func readGutter(t *testing.T, ctx context.Context, dom string) gutter {
	t.Helper()
	js := fmt.Sprintf(`(() => { const c = document.getElementById(%q), ta = c.querySelector("textarea[data-editor]");
		if (!ta) return "{}";
		const cs = getComputedStyle(ta), lh = parseFloat(cs.lineHeight), r = ta.getBoundingClientRect();
		const top0 = r.top + parseFloat(cs.borderTopWidth) + parseFloat(cs.paddingTop) - ta.scrollTop;
		const spans = [...c.querySelectorAll(".calc-gutter span")];
		let worst = 0, marked = 0;
		spans.forEach((s, i) => {
			const y = top0 + i * lh;
			if (y >= r.top && y + lh <= r.bottom) worst = Math.max(worst, Math.abs(s.getBoundingClientRect().top - y));
			if (s.classList.contains("calc-line-error")) marked = i + 1;
		});
		return JSON.stringify({ Lines: ta.value.split("\n").length, Numbers: spans.map(s => s.textContent), Marked: marked, Worst: worst,
			Open: ta.closest("details").open, Fits: r.left >= 0 && r.right <= innerWidth && document.scrollingElement.scrollWidth <= innerWidth }) })()`, dom)
	var g gutter
	if err := json.Unmarshal([]byte(eval[string](t, ctx, js)), &g); err != nil {
		t.Fatal(err)
	}
	return g
}

// checkNumbers: one number a line, 1 to n in order, each level with its
// line (within a pixel).
func checkNumbers(t *testing.T, g gutter, when string) {
	t.Helper()
	if len(g.Numbers) != g.Lines {
		t.Errorf("%s: %d line numbers for %d lines", when, len(g.Numbers), g.Lines)
	}
	for i, n := range g.Numbers {
		if n != fmt.Sprint(i+1) {
			t.Errorf("%s: line %d numbered %q", when, i+1, n)
			break
		}
	}
	if g.Worst > 1 {
		t.Errorf("%s: a line number stands %.1f px from its line", when, g.Worst)
	}
}

// TestAnyDicePlayground is issue 36, item 2 (an AnyDice playground), at
// 1280 and 390 px: a block marked editable opens with its program shown,
// in an editor with a line number level with each line (scrolled to its
// end too); a program that does not parse marks its line in the gutter
// and names it, fixing it clears the mark; the share link brings the
// edited program back, numbered.
func TestAnyDicePlayground(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module and drives a browser")
	}
	var b strings.Builder
	b.WriteString("\\ field N: \"Dice\" 1..6 = 2 \\\n")
	for i := range 40 {
		fmt.Fprintf(&b, "A%s: Nd6\n", strings.Repeat("A", i%3))
	}
	b.WriteString("output A named \"Sum\"\n")
	prog := b.String()
	dir := buildCalcSite(t, "```anydice editable\n"+prog+"```\n")
	base := browser.Serve(t, dir)
	const dom = "calc-anydice-program"
	for _, width := range []int{1280, 390} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			ctx := browser.New(t, width, 900)
			if err := chromedp.Do(ctx, chromedp.Navigate(base+"/tools/")); err != nil {
				t.Fatal(err)
			}
			waitState(t, ctx, dom, "ok", -1)
			g := readGutter(t, ctx, dom)
			if !g.Open || !g.Fits {
				t.Errorf("the program is not shown open inside the screen: %+v", g)
			}
			checkNumbers(t, g, "as the page opens")
			// Scrolled as a reader would, then two frames (the scroll event
			// comes before the next frame).
			eval[bool](t, ctx, `(() => { document.querySelector("#calc-anydice-program textarea").scrollTop = 1e6;
				window.framed = false; requestAnimationFrame(() => requestAnimationFrame(() => { window.framed = true })); return true })()`)
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.framed`)); err != nil {
				t.Fatal(err)
			}
			if top := eval[float64](t, ctx, `document.querySelector("#calc-anydice-program textarea").scrollTop`); top == 0 {
				t.Errorf("the text area of 42 lines does not scroll within its box")
			}
			g = readGutter(t, ctx, dom)
			if g.Lines < 40 {
				t.Fatalf("the text area holds %d lines", g.Lines)
			}
			checkNumbers(t, g, "scrolled to its end")

			// An error on line 6, as typed.
			lines := strings.Split(prog, "\n")
			lines[5] = "output ]"
			bad := strings.Join(lines, "\n")
			n := runs(t, ctx, dom)
			setField(t, ctx, dom, "program", bad)
			waitState(t, ctx, dom, "error", n)
			g = readGutter(t, ctx, dom)
			if g.Marked != 6 {
				t.Errorf("an error on line 6 marks line %d of the gutter", g.Marked)
			}
			checkNumbers(t, g, "with an error")
			if msg := eval[string](t, ctx, `document.querySelector("#calc-anydice-program .calc-error").textContent`); !strings.Contains(msg, "line 6, column") {
				t.Errorf("the message does not name line 6: %q", msg)
			}
			// Blank lines typed before the program: the line as the editor counts it.
			n = runs(t, ctx, dom)
			setField(t, ctx, dom, "program", "\n\n"+bad)
			waitState(t, ctx, dom, "error", n)
			if g = readGutter(t, ctx, dom); g.Marked != 8 {
				t.Errorf("with two blank lines first, the error marks line %d, want 8", g.Marked)
			}

			// Fixed, shorter: the mark goes, the numbers follow.
			fixed := strings.Join(lines[:3], "\n") + "\noutput A named \"Sum\"\n"
			n = runs(t, ctx, dom)
			setField(t, ctx, dom, "program", fixed)
			waitState(t, ctx, dom, "ok", n)
			g = readGutter(t, ctx, dom)
			if g.Marked != 0 {
				t.Errorf("the fixed program still marks line %d", g.Marked)
			}
			checkNumbers(t, g, "fixed")
			if len(g.Numbers) != 5 {
				t.Errorf("%d numbers for a five-line program", len(g.Numbers))
			}

			// The link, in a fresh browser: the edited program, numbered.
			// The address takes it compressed a moment after the odds.
			var href string
			for end := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
				href = eval[string](t, ctx, `location.href`)
				if strings.Contains(href, ".program.z=") && linkText(t, href, dom+".program.z") == eval[string](t, ctx, `document.querySelector("#calc-anydice-program [name=program]").value`) {
					break
				}
				if time.Now().After(end) {
					t.Fatalf("the address never took the fixed program: %s", href)
				}
			}
			fresh := browser.New(t, width, 900)
			if err := chromedp.Do(fresh, chromedp.Navigate(href)); err != nil {
				t.Fatal(err)
			}
			waitState(t, fresh, dom, "ok", 0)
			if v := eval[string](t, fresh, `document.querySelector("#calc-anydice-program [name=program]").value`); strings.TrimSpace(v) != strings.TrimSpace(fixed) {
				t.Errorf("the link's program: %q, want %q", v, fixed)
			}
			checkNumbers(t, readGutter(t, fresh, dom), "from the link")
		})
	}
}

// TestAnyDicePlaygroundStop is issue 36, item 2's Stop, at 1280 and 390
// px: a program that runs long (a roll written as a recursion six ways
// deep at every level, to the interpreter's whole step budget) shows
// "Running…", how far it has got (the share of its budget of steps, as
// the module reports it, rising) and a Stop button; Stop terminates the worker and says
// Stopped, the last result kept (the page's program's odds, checked
// against the interpreter natively) and marked out of date; the next
// program runs in a fresh worker and its odds show.
func TestAnyDicePlaygroundStop(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module and drives a browser")
	}
	prog := "\\ field N: \"Dice\" 1..6 = 2 \\\noutput Nd6 named \"Sum\"\n"
	long := "function: roll N:n times D:n {\n if D = 0 { result: N }\n result: [roll N + d6 times D - 1]\n}\nset \"maximum function depth\" to 20\noutput [roll 0 times 9] named \"Sum\"\n"
	next := "output 3d4 named \"Sum\"\n"
	// The long program really is long: natively it spends the whole budget.
	if p, err := anydice.Parse(long); err != nil {
		t.Fatal(err)
	} else if _, err := p.Run(nil); err == nil || !strings.Contains(err.Error(), "more steps") {
		t.Fatalf("the long program ends natively: %v", err)
	}
	dir := buildCalcSite(t, "```anydice editable\n"+prog+"```\n")
	base := browser.Serve(t, dir)
	const dom = "calc-anydice-program"
	odds := func(ctx context.Context, src string, vals map[string]int, when string) {
		t.Helper()
		p, err := anydice.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		outs, err := p.Run(vals)
		if err != nil {
			t.Fatal(err)
		}
		var pairs [][2]float64
		if err := json.Unmarshal([]byte(eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll("#calc-anydice-program .calc-table tbody tr")].map(r => [+r.dataset.v, +r.dataset.p]))`)), &pairs); err != nil {
			t.Fatal(err)
		}
		d := outs[0].Dist
		if len(pairs) != len(d.Values()) {
			t.Fatalf("%s: %d values shown, want %d", when, len(pairs), len(d.Values()))
		}
		for _, vp := range pairs {
			if diff := vp[1] - d.P(int(vp[0])); diff > 1e-12 || diff < -1e-12 {
				t.Errorf("%s: P(%v) = %v, want %v", when, vp[0], vp[1], d.P(int(vp[0])))
			}
		}
	}
	for _, width := range []int{1280, 390} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			ctx := browser.New(t, width, 900)
			count := `window.terminated = 0; window.workers = 0;
				const T = Worker.prototype.terminate; Worker.prototype.terminate = function () { window.terminated++; return T.call(this) };
				const W = Worker; window.Worker = class extends W { constructor(...a) { super(...a); window.workers++ } };`
			if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: count}); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(base+"/tools/")); err != nil {
				t.Fatal(err)
			}
			waitState(t, ctx, dom, "ok", -1)
			// The module loaded and warm first, so the long run is the program's.
			n := runs(t, ctx, dom)
			setField(t, ctx, dom, "f1", "3")
			waitState(t, ctx, dom, "ok", n)
			// A slower processor, as a phone's, so the run lasts.
			if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4}); err != nil {
				t.Fatal(err)
			}
			n = runs(t, ctx, dom)
			setField(t, ctx, dom, "program", long)
			wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			defer cancel()
			if _, err := chromedp.Run(wctx, chromedp.Poll[bool](`(() => { const c = document.getElementById("calc-anydice-program");
				return c.dataset.state === "running" && c.querySelector(".calc-status").textContent.startsWith("Running…") && !!c.querySelector(".calc-status button.calc-stop") })()`)); err != nil {
				t.Fatalf("the long program never showed Running… with Stop: %v (%s)", err, eval[string](t, ctx, `document.querySelector("#calc-anydice-program .calc-status").textContent`))
			}
			// Progress: the share of the run's budget of steps used, shown
			// as the module reports it, and rising.
			share := func(above float64) float64 {
				t.Helper()
				pctx, cancel := context.WithTimeout(ctx, 30*time.Second)
				defer cancel()
				got, err := chromedp.Run(pctx, chromedp.Poll[float64](fmt.Sprintf(`(() => { const b = document.querySelector("#calc-anydice-program .calc-steps");
					return b && b.value > %v && /^\d+%% of the steps a run may take$/.test(b.nextElementSibling.textContent) ? b.value : 0 })()`, above)))
				if err != nil {
					t.Fatalf("no progress past %v shown: %v (%s)", above, err, eval[string](t, ctx, `document.querySelector("#calc-anydice-program .calc-status").textContent`))
				}
				return got
			}
			first := share(0)
			if second := share(first); second <= first || second > 1 {
				t.Errorf("progress %v then %v", first, second)
			}
			eval[bool](t, ctx, `(() => { document.querySelector("#calc-anydice-program .calc-stop").click(); return true })()`)
			waitState(t, ctx, dom, "stopped", n)
			got := eval[string](t, ctx, `(() => { const c = document.getElementById("calc-anydice-program"), o = c.querySelector(".calc-results");
				return [c.querySelector(".calc-status").textContent.startsWith("Stopped"), o.classList.contains("calc-outdated"), !!o.querySelector(".calc-outdated-note"),
					c.getAttribute("aria-busy") === null, !c.querySelector(".calc-stop"), window.terminated].join("|") })()`)
			if got != "true|true|true|true|true|1" {
				t.Errorf("after Stop (stopped, out of date, noted, not busy, no Stop, workers terminated): %s", got)
			}
			if eval[bool](t, ctx, `!!document.querySelector("#calc-anydice-program .calc-steps")`) {
				t.Error("the progress of the stopped run is still shown")
			}
			odds(ctx, prog, map[string]int{"N": 3}, "the kept result")
			if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 1}); err != nil {
				t.Fatal(err)
			}

			// The next program, in a fresh worker.
			n = runs(t, ctx, dom)
			setField(t, ctx, dom, "program", next)
			waitState(t, ctx, dom, "ok", n)
			odds(ctx, next, nil, "the next program")
			if w := eval[int](t, ctx, `window.workers`); w != 2 {
				t.Errorf("%d workers started, want 2 (the first, and a fresh one after Stop)", w)
			}
			if eval[bool](t, ctx, `document.querySelector("#calc-anydice-program .calc-results").classList.contains("calc-outdated")`) {
				t.Error("the next program's result is marked out of date")
			}
		})
	}
}
