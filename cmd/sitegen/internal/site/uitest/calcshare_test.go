package uitest

import (
	"context"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// bundledCalc is one calculator of the bundled site: its id, the first
// page it is on and its element's id there.
type bundledCalc struct{ id, page, dom string }

var calcSection = regexp.MustCompile(`<section class="calc" id="([^"]+)" data-calc="([^"]+)"`)

// bundledCalcs lists every calculator of the bundled site once, on the
// first page (in path order) that embeds it.
func bundledCalcs(t *testing.T) []bundledCalc {
	t.Helper()
	var pages []string
	err := filepath.WalkDir(bundled, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == "index.html" {
			pages = append(pages, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(pages)
	seen := map[string]bool{}
	var out []bundledCalc
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(bundled, filepath.Dir(p))
		page := "/" + filepath.ToSlash(rel) + "/"
		if rel == "." {
			page = "/"
		}
		for _, m := range calcSection.FindAllStringSubmatch(string(b), -1) {
			if !seen[m[2]] {
				seen[m[2]] = true
				out = append(out, bundledCalc{id: m[2], page: page, dom: m[1]})
			}
		}
	}
	if len(out) < 10 {
		t.Fatalf("the bundled site has %d calculators, expected every game's: %v", len(out), out)
	}
	return out
}

// calcJS evaluates js with c bound to the calculator's element.
func calcJS[T any](t *testing.T, ctx context.Context, dom, js string) T {
	t.Helper()
	return eval[T](t, ctx, fmt.Sprintf(`((c) => { const form = c.querySelector("form"); return %s })(document.getElementById(%q))`, js, dom))
}

// settled waits until the calculator has run more than after times (or,
// with after -1, shows its pre-rendered preset) and returns its state.
func settled(t *testing.T, ctx context.Context, dom string, after int) string {
	t.Helper()
	calcJS[bool](t, ctx, dom, `(c.scrollIntoView(), true)`)
	waitFor(t, ctx, fmt.Sprintf(`((c) => c && c.dataset.state && c.getAttribute("aria-busy") !== "true" && +(c.dataset.runs||0) > %d)(document.getElementById(%q))`, after, dom), dom+" to answer")
	return calcJS[string](t, ctx, dom, `c.dataset.state`)
}

// act runs js (a click, a change) on the calculator and waits for its answer.
func act(t *testing.T, ctx context.Context, dom, js string) string {
	t.Helper()
	n := calcJS[int](t, ctx, dom, `+(c.dataset.runs||0)`)
	calcJS[bool](t, ctx, dom, "("+js+", true)")
	return settled(t, ctx, dom, n)
}

// Scripts reading a calculator's screen (c is its element, form its form).
const (
	jsOdds     = `[...c.querySelectorAll(".calc-results:not([hidden]) .calc-outcomes tr[data-outcome]")].map(r => r.dataset.outcome + "=" + r.dataset.p).join(" ")`
	jsRoll     = `(c.querySelector(".calc-results:not([hidden]) .calc-roll") || {}).innerText || ""`
	jsMessages = `[...c.querySelectorAll(".calc-field-error")].map(m => m.dataset.for + ": " + m.textContent).join(" | ")`
	// A result shown as current: not hidden, not marked out of date (the
	// last result stays, so marked, while a field is put right: issue 34).
	jsShown = `!c.querySelector(".calc-results").hidden && !c.querySelector(".calc-results").classList.contains("calc-outdated") && c.querySelectorAll(".calc-results tr[data-outcome]").length > 0`
)

// jsSet sets a field as a player would.
func jsSet(name, value string) string {
	return fmt.Sprintf(`(() => { const f = [...form.elements].find((e) => e.name === %q); f.value = %q; f.dispatchEvent(new Event("input", {bubbles: true})); })()`, name, value)
}

// here is the page's address as the sender sees it (what a share gives).
func here(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `location.href`)
}

// TestCalculatorLinksBringBackWhatWasSent (issue 25, items 1, 2, 4, 5):
// for every calculator of the bundled site, at desktop and phone widths,
// a link shared after "Roll for me" opens on the same roll (not the page's
// example dice beside the seed, an error); after "Clear the roll" on no
// roll; with a pinned set-up on the pin; a blank required field is a
// message on that field and no result, by hand or by link; and a link's
// choice the field does not offer is a message on that field with the
// rest of the link applied.
func TestCalculatorLinksBringBackWhatWasSent(t *testing.T) {
	calcs := bundledCalcs(t)
	base := browser.Serve(t, bundled)
	for _, size := range []struct {
		name string
		w, h int
	}{{"desktop", desktopW, desktopH}, {"phone", phoneW, phoneH}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			for _, c := range calcs {
				t.Run(c.id, func(t *testing.T) { shareOne(t, ctx, base, c) })
			}
		})
	}
}

func shareOne(t *testing.T, ctx context.Context, base string, c bundledCalc) {
	dom := c.dom
	// A fresh page: sessions of the calculator before leave nothing.
	fresh(t, ctx, base, c.page+"#"+dom)
	settledPreset(t, ctx, dom)

	// An odds-only calculator (an AnyDice program) has no roll to share:
	// its address as it opens stands for the cleared roll's.
	cleared := here(t, ctx)
	if calcJS[bool](t, ctx, dom, `!!c.querySelector("[data-action=roll]")`) {
		cleared = shareRoll(t, ctx, base, dom)
	}

	// 3. Pin to compare: the link carries the pin.
	if st := act(t, ctx, dom, `c.querySelector("[data-action=pin]").click()`); st != "ok" {
		t.Fatalf("Pin: state %s", st)
	}
	pinned := here(t, ctx)
	fresh(t, ctx, base, pathOf(t, pinned))
	settled(t, ctx, dom, 0)
	if got := calcJS[string](t, ctx, dom, `c.querySelector("[data-action=pin]").getAttribute("aria-pressed") + " " + !c.querySelector(".calc-pinned").hidden`); got != "true true" {
		t.Errorf("link with a pin: pin pressed, note shown = %s (%s)", got, pinned)
	}

	// 4. A blank required field: by hand, then by link.
	blank := calcJS[string](t, ctx, dom, `([...form.elements].find((f) => (f.type === "number" || f.type === "text") && f.name !== "dice" && f.name !== "seed" && f.dataset.default) || {}).name || ""`)
	if blank != "" {
		label := calcJS[string](t, ctx, dom, fmt.Sprintf(`c.querySelector("label[for='" + form.elements[%q].id + "']").textContent`, blank))
		if st := act(t, ctx, dom, jsSet(blank, "")); st != "error" {
			t.Errorf("blank %s: state %s, want a message (odds shown: %s)", blank, st, calcJS[string](t, ctx, dom, jsOdds))
		}
		checkMessage(t, ctx, dom, blank, label+": needs a value")
		u := withParam(t, cleared, dom+"."+blank, "")
		fresh(t, ctx, base, u)
		if st := settled(t, ctx, dom, 0); st != "error" {
			t.Errorf("link with %s blank: state %s, want a message", blank, st)
		}
		checkMessage(t, ctx, dom, blank, label+": needs a value")
	}

	// 5. A link's choice the field does not offer.
	choice := calcJS[string](t, ctx, dom, `([...form.elements].find((f) => f.tagName === "SELECT") || {}).name || ""`)
	if choice != "" {
		u := withParam(t, cleared, dom+"."+choice, "zzz")
		fresh(t, ctx, base, u)
		if st := settled(t, ctx, dom, 0); st != "error" {
			t.Errorf("link with %s=zzz: state %s, want a message on the field", choice, st)
		}
		checkMessage(t, ctx, dom, choice, "“zzz” is not one of the choices")
		q := mustURL(t, u).Query()
		for k, v := range q {
			name, ok := strings.CutPrefix(k, dom+".")
			if !ok || name == choice || name == "v" || name == "pin" {
				continue
			}
			got := calcJS[string](t, ctx, dom, fmt.Sprintf(`((f) => f.type === "checkbox" ? String(f.checked) : f.value)([...form.elements].find((e) => e.name === %q))`, name))
			if got != v[0] {
				t.Errorf("link with %s=zzz: %s = %q, the link says %q", choice, name, got, v[0])
			}
		}
	}
}

// shareRoll checks the links shared after "Roll for me" and after "Clear
// the roll" (issue 25, items 1 and 2) and returns the second.
func shareRoll(t *testing.T, ctx context.Context, base, dom string) (cleared string) {
	// 1. Roll for me, then share the address.
	if st := act(t, ctx, dom, `c.querySelector("[data-action=roll]").click()`); st != "ok" {
		t.Fatalf("Roll for me: state %s: %s", st, calcJS[string](t, ctx, dom, `c.innerText`))
	}
	seed := calcJS[string](t, ctx, dom, `form.elements.seed.value`)
	odds, roll := calcJS[string](t, ctx, dom, jsOdds), calcJS[string](t, ctx, dom, jsRoll)
	if seed == "" || roll == "" {
		t.Fatalf("Roll for me gave seed %q and roll %q", seed, roll)
	}
	link := here(t, ctx)
	fresh(t, ctx, base, pathOf(t, link))
	if st := settled(t, ctx, dom, 0); st != "ok" {
		t.Errorf("link after Roll for me opens in state %s: %s (%s)", st, calcJS[string](t, ctx, dom, `c.querySelector(".calc-error").textContent`), link)
	}
	if got := calcJS[string](t, ctx, dom, `form.elements.seed.value + "|" + form.elements.dice.value`); got != seed+"|" {
		t.Errorf("link after Roll for me: seed|dice = %q, sender had %q", got, seed+"|")
	}
	if got := calcJS[string](t, ctx, dom, jsRoll); got != roll {
		t.Errorf("link after Roll for me shows roll %q, sender saw %q", got, roll)
	}
	if got := calcJS[string](t, ctx, dom, jsOdds); got != odds {
		t.Errorf("link after Roll for me shows odds %q, sender saw %q", got, odds)
	}

	// 2. Clear the roll: the link brings back no roll, not the example's.
	if st := act(t, ctx, dom, `c.querySelector("[data-action=clear]").click()`); st != "ok" {
		t.Fatalf("Clear the roll: state %s", st)
	}
	odds = calcJS[string](t, ctx, dom, jsOdds)
	if got := calcJS[string](t, ctx, dom, jsRoll); got != "" {
		t.Fatalf("after Clear the roll the sender still sees a roll: %q", got)
	}
	cleared = here(t, ctx)
	fresh(t, ctx, base, pathOf(t, cleared))
	if st := settled(t, ctx, dom, 0); st != "ok" {
		t.Errorf("link after Clear the roll opens in state %s (%s)", st, cleared)
	}
	if got := calcJS[string](t, ctx, dom, `form.elements.seed.value + "|" + form.elements.dice.value`); got != "|" {
		t.Errorf("link after Clear the roll: seed|dice = %q, want both empty (%s)", got, cleared)
	}
	if got := calcJS[string](t, ctx, dom, jsRoll); got != "" {
		t.Errorf("link after Clear the roll shows a roll the sender never saw: %q", got)
	}
	if got := calcJS[string](t, ctx, dom, jsOdds); got != odds {
		t.Errorf("link after Clear the roll shows odds %q, sender saw %q", got, odds)
	}

	return cleared
}

// fresh opens path as a new page load, even when only the address's
// fragment differs from the page on screen.
func fresh(t *testing.T, ctx context.Context, base, path string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, base, path)
}

// settledPreset waits for site.js and the calculator's pre-rendered preset.
func settledPreset(t *testing.T, ctx context.Context, dom string) {
	t.Helper()
	calcJS[bool](t, ctx, dom, `(c.scrollIntoView(), true)`)
	waitFor(t, ctx, fmt.Sprintf(`document.getElementById(%q).dataset.state === "ok"`, dom), dom+"'s preset")
}

// checkMessage checks that the field has a message beside it containing
// want, is marked invalid, and that no result is on screen as current.
func checkMessage(t *testing.T, ctx context.Context, dom, field, want string) {
	t.Helper()
	msgs := calcJS[string](t, ctx, dom, jsMessages)
	if !strings.Contains(msgs, field+": ") || !strings.Contains(msgs, want) {
		t.Errorf("%s: messages beside the fields %q, want one on %s saying %q", dom, msgs, field, want)
	}
	if inv := calcJS[string](t, ctx, dom, fmt.Sprintf(`[...form.elements].find((e) => e.name === %q).getAttribute("aria-invalid") || ""`, field)); inv != "true" {
		t.Errorf("%s: field %s not marked invalid", dom, field)
	}
	if calcJS[bool](t, ctx, dom, jsShown) {
		t.Errorf("%s: a result is on screen beside the message for %s: %s", dom, field, calcJS[string](t, ctx, dom, jsOdds))
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// pathOf is a link's path, query and fragment (the part open takes).
func pathOf(t *testing.T, link string) string {
	t.Helper()
	u := mustURL(t, link)
	u.Scheme, u.Host = "", ""
	return u.String()
}

// withParam is link with one query parameter set, as a path for open.
func withParam(t *testing.T, link, key, value string) string {
	t.Helper()
	u := mustURL(t, link)
	q := u.Query()
	q.Set(key, value)
	u.RawQuery = q.Encode()
	return pathOf(t, u.String())
}
