package uitest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// TestDicePagePlayground: the bundled site's dice page holds an AnyDice
// playground (issue 36, item 2), at desktop and phone widths: its program
// open in an editor, a number beside each line; a line made wrong marks
// that line and names it; put right, the mark goes and the charts are
// back, not out of date.
func TestDicePagePlayground(t *testing.T) {
	base := browser.Serve(t, bundled)
	for _, size := range []struct {
		name string
		w, h int
	}{{"desktop", desktopW, desktopH}, {"phone", phoneW, phoneH}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			open(t, ctx, base, "/dice/")
			const editor = `document.querySelector("textarea[data-editor]")`
			got := eval[string](t, ctx, `(() => { const ta = `+editor+`; if (!ta) return "no playground";
				const c = ta.closest(".calc"); c.querySelector(".calc-fold")?.setAttribute("open", "");
				const nums = [...c.querySelectorAll(".calc-gutter span")].map(s => s.textContent).join(",");
				const want = ta.value.split("\n").map((_, i) => i + 1).join(",");
				return [ta.closest("details").open, nums === want, ta.value.split("\n").length > 2].join("|") })()`)
			if got != "true|true|true" {
				t.Fatalf("the dice page's playground (open, numbered, a program of lines): %s", got)
			}
			// Line 3 made wrong, as typed.
			eval[bool](t, ctx, `(() => { const ta = `+editor+`, l = ta.value.split("\n"); ta.dataset.good = ta.value;
				l[2] = "output ]"; ta.value = l.join("\n"); ta.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)
			waitFor(t, ctx, editor+`.closest(".calc").dataset.state === "error"`, "the playground's error")
			msg := eval[string](t, ctx, `(() => { const c = `+editor+`.closest(".calc"), m = c.querySelector(".calc-gutter .calc-line-error");
				return (m ? m.textContent : "none") + "|" + c.querySelector(".calc-error").textContent })()`)
			if !strings.HasPrefix(msg, "3|") || !strings.Contains(msg, "line 3, column") {
				t.Errorf("an error on line 3: %s", msg)
			}
			eval[bool](t, ctx, `(() => { const ta = `+editor+`; ta.value = ta.dataset.good; ta.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)
			waitFor(t, ctx, editor+`.closest(".calc").dataset.state === "ok"`, "the playground put right")
			if s := eval[string](t, ctx, `(() => { const c = `+editor+`.closest(".calc");
				return [!!c.querySelector(".calc-line-error"), c.querySelector(".calc-results").classList.contains("calc-outdated"), c.querySelectorAll(".calc-results svg").length > 0].join("|") })()`); s != "false|false|true" {
				t.Errorf("put right (marked, out of date, charted): %s", s)
			}
		})
	}
}

// TestPlaygroundPrint (issue 36, what remained of it): on paper the
// playground's program prints whole, its long lines wrapped inside the
// block, at desktop and phone widths: a program of long lines (a comment
// of 300 characters, an output named at length) given to the dice page's
// playground, then the page in print media: the program's box ends
// within the block's, nothing of it scrolled out of sight either way, and
// the page (the program on it) still prints within TestPrintFourPages's
// budget of four A4 pages.
func TestPlaygroundPrint(t *testing.T) {
	base := browser.Serve(t, bundled)
	long := `\ ` + strings.Repeat("a long note that runs on ", 12) + `\` + "\n" +
		"\\ field DICE: \"Dice rolled\" 1..8 = 3 \\\n" +
		"BEST: [highest 2 of DICEd6]\n" +
		`output BEST + 1 named "` + strings.Repeat("the best two of the dice rolled, ", 5) + `plus 1"` + "\n"
	a4 := func(p *page.PrintToPDFParams) { p.PaperWidth, p.PaperHeight = 8.27, 11.69 }
	for _, size := range []struct {
		name string
		w, h int
	}{{"desktop", desktopW, desktopH}, {"phone", phoneW, phoneH}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			open(t, ctx, base, "/dice/")
			const editor = `document.querySelector("textarea[data-editor]")`
			eval[bool](t, ctx, `(() => { const ta = `+editor+`, c = ta.closest(".calc"); c.dataset.runsBefore = c.dataset.runs || "0";
				ta.value = `+strconv.Quote(long)+`; ta.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)
			waitFor(t, ctx, `(() => { const c = `+editor+`.closest(".calc"); return c.dataset.state === "ok" && c.dataset.runs !== c.dataset.runsBefore })()`, "the long program's odds")
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
				t.Fatal(err)
			}
			eval[bool](t, ctx, `dispatchEvent(new Event("beforeprint")), true`)
			// The program as it prints: the first element of the block that
			// shows its text (the editor's text area, or a copy in its place).
			got := eval[string](t, ctx, `(() => { const c = `+editor+`.closest(".calc"), want = `+editor+`.value;
				const ta = [...c.querySelectorAll("textarea, pre")].find(e => getComputedStyle(e).display !== "none" && e.offsetParent && (e.value ?? e.textContent) === want);
				if (!ta) return "no element shows the program";
				const r = ta.getBoundingClientRect(), b = c.getBoundingClientRect();
				return [r.left >= b.left - 0.5 && r.right <= b.right + 0.5, ta.scrollWidth <= ta.clientWidth + 1, ta.scrollHeight <= ta.clientHeight + 1, r.height > 0].join("|") +
					" (box " + Math.round(r.left) + "–" + Math.round(r.right) + " in " + Math.round(b.left) + "–" + Math.round(b.right) +
					", text " + ta.scrollWidth + "×" + ta.scrollHeight + " in " + ta.clientWidth + "×" + ta.clientHeight + ")" })()`)
			if !strings.HasPrefix(got, "true|true|true|true ") {
				t.Errorf("the program on paper (within the block, no line cut, every line shown, shown): %s", got)
			}
			pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(a4))
			if err != nil {
				t.Fatal(err)
			}
			eval[bool](t, ctx, `dispatchEvent(new Event("afterprint")), true`)
			if err := os.WriteFile(filepath.Join(browser.ArtifactDir(t), "playground-print-"+size.name+".pdf"), pdf, 0o644); err != nil {
				t.Fatal(err)
			}
			if n := pdfPages(pdf); n > 4 {
				t.Errorf("/dice/ with the long program prints on %d A4 pages, want at most 4", n)
			}
		})
	}
}
