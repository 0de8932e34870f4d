package uitest

import (
	"strings"
	"testing"

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
