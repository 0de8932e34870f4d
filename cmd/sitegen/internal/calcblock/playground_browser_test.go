package calcblock_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/testing/browser"
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
			href := eval[string](t, ctx, `location.href`)
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
