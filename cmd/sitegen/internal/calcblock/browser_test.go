package calcblock_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"d6codex/calc/render"
	"d6codex/calc/systems"
	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/testing/sitetest"

	"github.com/chromedp/chromedp"
)

// buildCalcSite builds a small site whose page embeds the given calculator
// blocks, with the real handlers and the real WebAssembly module.
func buildCalcSite(t *testing.T, blocks string) string {
	t.Helper()
	root := browser.RepoRoot(t)
	src := t.TempDir()
	files := map[string]string{
		"site.toml":               "title = \"Calc test\"\nbaseURL = \"http://localhost/\"\n",
		"content/_index.md":       "---\ntitle: Home\n---\nHome.\n",
		"content/tools/_index.md": "---\ntitle: Calculators\n---\n" + blocks,
	}
	sitetest.WriteFiles(t, src, files)
	if err := os.CopyFS(filepath.Join(src, "static"), os.DirFS(filepath.Join(root, "static"))); err != nil {
		t.Fatal(err)
	}
	t.Chdir(root) // the module is built from the repository
	opts := content.Options{Source: src, Dest: filepath.Join(t.TempDir(), "public"),
		Handlers: buildcmd.Handlers(), Generators: buildcmd.Generators()}
	if _, err := site.Build(context.Background(), opts); err != nil {
		t.Fatalf("build: %v", err)
	}
	return opts.Dest
}

// shown reads the outcome probabilities the page shows for a calculator.
func shown(t *testing.T, ctx context.Context, dom string) map[string]float64 {
	t.Helper()
	js := fmt.Sprintf(`JSON.stringify(Object.fromEntries([...document.querySelectorAll("#%s .calc-outcomes tr[data-outcome]")].map(r => [r.dataset.outcome, +r.dataset.p])))`, dom)
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]float64
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// waitState waits until the calculator's last run ended in state ("ok" or
// "error") after the given run count; after -1 also accepts the page's
// pre-rendered preset (state "ok" before any run).
func waitState(t *testing.T, ctx context.Context, dom, state string, after int) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.getElementById(%q); return e.dataset.state === %q && +(e.dataset.runs||0) > %d })()`, dom, state, after)
	wctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if _, err := chromedp.Run(wctx, chromedp.Poll[bool](js)); err != nil {
		msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.getElementById(%q).innerText`, dom)))
		t.Fatalf("%s never reached state %s: %v\n%s", dom, state, err, msg)
	}
}

func runs(t *testing.T, ctx context.Context, dom string) int {
	t.Helper()
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`+(document.getElementById(%q).dataset.runs||0)`, dom)))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// setField sets a control's value as a user would and fires input.
func setField(t *testing.T, ctx context.Context, dom, field, value string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const f = document.getElementById(%q).querySelector("form").elements[%q];
		if (f.type === "checkbox") f.checked = %q === "true"; else f.value = %q;
		f.dispatchEvent(new Event("input", {bubbles: true})); f.dispatchEvent(new Event("change", {bubbles: true})); return true })()`, dom, field, value, value)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err != nil {
		t.Fatal(err)
	}
}

// setFields sets several controls in one go (name, value, name, value...).
func setFields(t *testing.T, ctx context.Context, dom string, kv ...string) {
	t.Helper()
	var js strings.Builder
	for i := 0; i+1 < len(kv); i += 2 {
		fmt.Fprintf(&js, `{ const f = document.getElementById(%q).querySelector("form").elements[%q]; f.value = %q; f.dispatchEvent(new Event("input", {bubbles: true})); }`, dom, kv[i], kv[i+1])
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("(() => { "+js.String()+" return true })()")); err != nil {
		t.Fatal(err)
	}
}

func compare(t *testing.T, got map[string]float64, id string, raw map[string]string) {
	t.Helper()
	res, err := systems.New().Run(id, raw)
	if err != nil {
		t.Fatalf("registry %s %v: %v", id, raw, err)
	}
	// The page shows the outcomes that can happen (render.Outcomes).
	split, also := render.Outcomes(res.Report, nil)
	if len(got) != len(split)+len(also) {
		t.Errorf("%s %v: page shows %d outcomes, registry has %d that can happen: %v", id, raw, len(got), len(split)+len(also), got)
	}
	for _, o := range append(split, also...) {
		if math.Abs(got[o.Name]-o.P) > 1e-12 {
			t.Errorf("%s %v: page shows %s = %v, sitegen calc gives %v", id, raw, o.Name, got[o.Name], o.P)
		}
	}
}

// TestCalculatorsInBrowser opens a page with several calculators in
// headless Chromium, lets the WebAssembly module compute the presets'
// odds, changes inputs, and compares every shown probability with the
// registry (what `sitegen calc run` prints). A bad input shows a message,
// and the next good input works again.
func TestCalculatorsInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module and drives a browser")
	}
	blocks := strings.Join([]string{
		"```calc opend6/attack\nskill = 4D+1\ndamage = 3D\nresistance = 2D\n```",
		"```calc skirmish/melee\nattack_dice = 5\n```",
		"```calc rollunder/attack\nweapon = rifle\narmor = flak_vest\n```",
		"```calc spacedoor/attack\ntough = 1\n```",
		"```calc d6xd6/attack\nfocus = 5\n```",
		"```calc rollunder/defend\nphysical = 6\nattacker_skill = 2\nskill = 3\narmor = jacket\ndice = 4 5 4 6\n```",
	}, "\n\n")
	dir := buildCalcSite(t, blocks)
	ctx := browser.New(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(browser.Serve(t, dir)+"/tools/")); err != nil {
		t.Fatal(err)
	}
	presets := []struct {
		dom, id string
		raw     map[string]string
	}{
		{"calc-opend6-attack", "opend6/attack", map[string]string{"skill": "4D+1", "damage": "3D", "resistance": "2D"}},
		{"calc-skirmish-melee", "skirmish/melee", map[string]string{"attack_dice": "5"}},
		{"calc-rollunder-attack", "rollunder/attack", map[string]string{"weapon": "rifle", "armor": "flak_vest"}},
		{"calc-spacedoor-attack", "spacedoor/attack", map[string]string{"tough": "1"}},
		{"calc-d6xd6-attack", "d6xd6/attack", map[string]string{"focus": "5"}},
		{"calc-rollunder-defend", "rollunder/defend", map[string]string{"physical": "6", "attacker_skill": "2",
			"skill": "3", "armor": "jacket", "dice": "4 5 4 6"}},
	}
	for _, p := range presets {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.getElementById(%q).scrollIntoView(), true`, p.dom))); err != nil {
			t.Fatal(err)
		}
		waitState(t, ctx, p.dom, "ok", -1) // the pre-rendered preset
		compare(t, shown(t, ctx, p.dom), p.id, p.raw)
	}
	// The defence roll's preset dice are resolved as the registry does.
	if got, err := chromedp.Run(ctx, chromedp.Text("#calc-rollunder-defend .calc-roll-result")); err != nil ||
		strings.TrimSpace(got) != "You are hit: 2 STAMINA lost." {
		t.Errorf("rollunder/defend preset roll %q (%v), want the worked example's 2 STAMINA", got, err)
	}
	// A defending skill the set-up does not allow is refused, by label.
	dom := "calc-rollunder-defend"
	n := runs(t, ctx, dom)
	setField(t, ctx, dom, "defend_with", "armor_skill")
	waitState(t, ctx, dom, "error", n)
	if msg, err := chromedp.Run(ctx, chromedp.Text("#"+dom+" .calc-error")); err != nil || !strings.Contains(msg, "Defending skill") ||
		!strings.Contains(msg, "shield") {
		t.Errorf("error message %q (%v) should name Defending skill and ask for a shield", msg, err)
	}
	browser.Screenshot(t, ctx, "calculators")
	browser.ScreenshotElement(t, ctx, "#calc-rollunder-attack", "calc-rollunder")

	// Change inputs: the page recomputes, and agrees with the registry.
	dom = "calc-opend6-attack"
	n = runs(t, ctx, dom)
	// At once: a choice runs at once, so three changes one after another
	// could each be shown in turn.
	setFields(t, ctx, dom, "defense", "full", "defense_skill", "3D+2", "range", "medium")
	waitState(t, ctx, dom, "ok", n)
	compare(t, shown(t, ctx, dom), "opend6/attack", map[string]string{"skill": "4D+1", "damage": "3D", "resistance": "2D",
		"defense": "full", "defense_skill": "3D+2", "range": "medium"})

	// A bad input shows a message naming the field; the next good input works.
	n = runs(t, ctx, dom)
	setField(t, ctx, dom, "skill", "3D+5")
	waitState(t, ctx, dom, "error", n)
	msg, err := chromedp.Run(ctx, chromedp.Text("#"+dom+" .calc-error"))
	if err != nil || !strings.Contains(msg, "skill") {
		t.Errorf("error message %q (%v) should name the skill field", msg, err)
	}
	n = runs(t, ctx, dom)
	setField(t, ctx, dom, "skill", "5D")
	waitState(t, ctx, dom, "ok", n)
	compare(t, shown(t, ctx, dom), "opend6/attack", map[string]string{"skill": "5D", "damage": "3D", "resistance": "2D",
		"defense": "full", "defense_skill": "3D+2", "range": "medium"})

	// Typed-in dice resolve that roll, with the steps shown.
	dom = "calc-skirmish-melee"
	n = runs(t, ctx, dom)
	setField(t, ctx, dom, "dice", "6 6 5 3 1 6 5 4 2 4")
	waitState(t, ctx, dom, "ok", n)
	res, _ := systems.New().Run("skirmish/melee", map[string]string{"attack_dice": "5", "dice": "6 6 5 3 1 6 5 4 2 4"})
	got, err := chromedp.Run(ctx, chromedp.Text("#"+dom+" .calc-roll-result"))
	if err != nil || strings.TrimSpace(got) != res.Roll.Result {
		t.Errorf("roll result %q (%v), want %q", got, err, res.Roll.Result)
	}
	steps, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#calc-skirmish-melee .calc-steps li").length`))
	if steps != len(res.Roll.Steps) {
		t.Errorf("page shows %d steps, want %d", steps, len(res.Roll.Steps))
	}
	browser.ScreenshotElement(t, ctx, "#calc-skirmish-melee", "calc-skirmish-roll")
	// The inputs are in the URL, so the set-up can be shared as a link.
	loc, _ := chromedp.Run(ctx, chromedp.Location())
	if !strings.Contains(loc, "calc-opend6-attack.skill=5D") {
		t.Errorf("URL %q does not carry the calculator's inputs", loc)
	}
}
