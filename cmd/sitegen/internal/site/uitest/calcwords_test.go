package uitest

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// TestCalculatorWords (issue 25, items 6, 10 and 12) reads the bundled
// calculators as a player does, at desktop and phone widths: outcome
// tables split the outcomes that sum to 1 from the flags under "Also"
// and leave out flags that cannot happen; OpenD6's damage says "given a
// hit"; D6xD6 does not call an outcome "Hit" (a damage level); dice blocks
// never show "Followed", are titled by their rolls, and their box holds
// "Fireball: 8d6; Save: (d20-…"; ranges use a minus sign; OpenD6's
// levels are all capitalised.
func TestCalculatorWords(t *testing.T) {
	base := browser.Serve(t, bundled)
	for _, size := range []struct {
		name string
		w, h int
	}{{"desktop", desktopW, desktopH}, {"phone", phoneW, phoneH}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			for _, c := range bundledCalcs(t) {
				fresh(t, ctx, base, c.page+"#"+c.dom)
				settledPreset(t, ctx, c.dom)
				// Every flag shown can happen, and the split sums to 1.
				bad := calcJS[string](t, ctx, c.dom, `(() => {
					const t = c.querySelector(".calc-outcomes"); if (!t) return "";
					const p = (r) => +r.dataset.p, bodies = t.tBodies, out = [];
					const split = [...bodies[0].rows].reduce((s, r) => s + p(r), 0);
					if (bodies.length > 1 && Math.abs(split - 1) > 1e-9) out.push("the outcomes before Also sum to " + split);
					for (const r of bodies[1] ? bodies[1].querySelectorAll("tr[data-outcome]") : []) if (p(r) < 1e-9) out.push("flag " + r.dataset.outcome + " cannot happen but is shown");
					if (/Followed|Not followed/.test(c.innerText)) out.push("says Followed");
					if (/(^|\s)-\d/.test([...c.querySelectorAll(".calc-allowed")].map((e) => e.textContent).join(" "))) out.push("a range with a hyphen for minus");
					return out.join("; ");
				})()`)
				if bad != "" {
					t.Errorf("%s: %s", c.id, bad)
				}
				text := calcJS[string](t, ctx, c.dom, `c.innerText`)
				switch c.id {
				case "opend6/attack":
					if !strings.Contains(text, "given a hit") || calcJS[string](t, ctx, c.dom, `[...c.querySelectorAll(".calc-also tr[data-outcome]")].map((r) => r.dataset.outcome).join()`) != "critical_failure" {
						t.Errorf("opend6: want damage given a hit and critical failure under Also:\n%s", text)
					}
					eval[bool](t, ctx, `(() => { const s = document.querySelector("#calc-opend6-attack [data-role=dist]"); s.value = "wound_level"; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
					waitFor(t, ctx, `document.querySelector("#calc-opend6-attack .calc-chart").dataset.dist === "wound_level"`, "the wound chart")
					if labels := calcJS[string](t, ctx, c.dom, `[...c.querySelectorAll(".calc-xlabels text")].map((e) => e.textContent).join(" ")`); !strings.Contains(labels, "No injury") || strings.Contains(labels, "none") {
						t.Errorf("opend6 wound levels: %q", labels)
					}
				case "d6xd6/attack":
					if calcJS[string](t, ctx, c.dom, `c.querySelector(".calc-outcomes tr[data-outcome=hit] th").textContent`) == "Hit" || strings.Contains(text, "Mean levels\n") || calcJS[bool](t, ctx, c.dom, `!!c.querySelector(".calc-outcomes tr[data-outcome=taser_check]")`) {
						t.Errorf("d6xd6: an outcome called Hit, \"Mean levels\" or a Taser check that cannot happen:\n%s", text)
					}
				case "dice/roll":
					if strings.Contains(text, "Dice roller") || !strings.HasPrefix(calcJS[string](t, ctx, c.dom, `c.querySelector(".calc-title").lastChild.textContent.trim()`), "Odds of ") {
						t.Errorf("dice: title %q", calcJS[string](t, ctx, c.dom, `c.querySelector(".calc-title").textContent`))
					}
					if !calcJS[bool](t, ctx, c.dom, `(() => { const f = form.elements.expr; f.value = "Fireball: 8d6; Save: (d20-"; return f.scrollWidth <= f.clientWidth })()`) {
						t.Errorf("dice: the expression box is too narrow for \"Fireball: 8d6; Save: (d20-\" at %d px", size.w)
					}
				}
			}
		})
	}
}
