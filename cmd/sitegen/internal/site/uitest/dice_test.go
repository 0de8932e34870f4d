package uitest

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"

	"github.com/chromedp/chromedp"
)

// buildDiceSite builds a small site with inline rolls and a random table,
// with the repository's theme.
func buildDiceSite(t *testing.T) string {
	t.Helper()
	root, err := browser.FindRepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	if err := os.CopyFS(filepath.Join(src, "static"), os.DirFS(filepath.Join(root, "static"))); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"site.toml":         "title = \"Dice\"\nbaseURL = \"https://rules.test/\"\n",
		"content/_index.md": "# Dice\n",
		"content/loot.md": "# Loot\n\nThe hoard holds `dice: 1d6*10` gold pieces, and the guard rolls `dice: 2d20kh + 3` to spot you. Another hoard: `dice: 1d6*10`.\n\n" +
			"| d6 | Weather |\n|---|---|\n| 1-2 | Rain all day |\n| 3-5 | Cloud |\n| 6 | Sun |\n",
	}
	for name, body := range files {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := site.Build(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-"}); err != nil {
		t.Fatal(err)
	}
	return dest
}

// TestInlineRolls opens a page with inline rolls and a random table at
// 1280 and 390 pixels: a roll's odds show on hover, on keyboard focus and
// on a long press (which does not roll), inside the screen; a click rolls
// it and shows the dice and a total the roll can give; the table's Roll
// button marks a row and says what was rolled. It leaves screenshots of
// the odds and of the table.
func TestInlineRolls(t *testing.T) {
	base := browser.Serve(t, buildDiceSite(t))
	for _, size := range []struct {
		w, h int
	}{{desktopW, desktopH}, {phoneW, phoneH}} {
		t.Run(strconv.Itoa(size.w), func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			open(t, ctx, base, "/loot/")
			waitFor(t, ctx, `!!document.querySelector(".roll[data-wired]")`, "dice.js to run")
			visible := `(() => { const r = document.querySelector(".roll-odds").getBoundingClientRect();
				return getComputedStyle(document.querySelector(".roll-odds")).display !== "none" && r.left >= 0 && r.right <= innerWidth + 0.5; })()`
			hidden := `getComputedStyle(document.querySelector(".roll-odds")).display === "none"`
			if !eval[bool](t, ctx, hidden) {
				t.Fatal("odds shown before any hover")
			}
			// The page writes a formula's odds once; the script gives them to its other rolls.
			if got := eval[string](t, ctx, `document.querySelectorAll(".roll-odds")[2].textContent`); !strings.Contains(got, "Average") {
				t.Errorf("the second roll of 1d6*10 has odds %q", got)
			}
			// Hover.
			eval[bool](t, ctx, `(document.querySelector(".roll-do").scrollIntoView({block: "center"}), true)`)
			r := eval[[]float64](t, ctx, `(() => { const r = document.querySelector(".roll-do").getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`)
			if err := chromedp.Do(ctx, chromedp.MouseEvent("mouseMoved", r[0], r[1])); err != nil {
				t.Fatal(err)
			}
			waitFor(t, ctx, visible, "the odds on hover, inside the screen")
			if got := eval[string](t, ctx, `document.querySelector(".roll-odds").textContent`); !strings.Contains(got, "Average35") && !strings.Contains(got, "Average 35") {
				t.Errorf("odds text %q", got)
			}
			viewportShot(t, ctx, "inlinedice-odds-"+strconv.Itoa(size.w))
			if err := chromedp.Do(ctx, chromedp.MouseEvent("mouseMoved", 1, 1)); err != nil {
				t.Fatal(err)
			}
			waitFor(t, ctx, hidden, "the odds to close when the mouse leaves")
			// Keyboard focus.
			eval[bool](t, ctx, `(document.querySelector(".roll-do").focus(), true)`)
			waitFor(t, ctx, visible, "the odds on focus")
			eval[bool](t, ctx, `(document.querySelector(".roll-do").blur(), true)`)
			waitFor(t, ctx, hidden, "the odds to close on blur")
			// A long press opens the odds and does not roll.
			eval[bool](t, ctx, `(() => { const b = document.querySelector(".roll-do");
				const touch = new Touch({identifier: 1, target: b, clientX: 5, clientY: 5});
				b.dispatchEvent(new TouchEvent("touchstart", {touches: [touch], changedTouches: [touch], bubbles: true}));
				window.__pressed = touch; return true; })()`)
			time.Sleep(700 * time.Millisecond)
			eval[bool](t, ctx, `(() => { const b = document.querySelector(".roll-do");
				b.dispatchEvent(new TouchEvent("touchend", {changedTouches: [window.__pressed], bubbles: true})); b.click(); return true; })()`)
			waitFor(t, ctx, visible, "the odds on a long press")
			if out := eval[string](t, ctx, `document.querySelector(".roll-out").textContent`); out != "" {
				t.Errorf("a long press rolled: %q", out)
			}
			eval[bool](t, ctx, `(document.dispatchEvent(new KeyboardEvent("keydown", {key: "Escape"})), true)`)
			waitFor(t, ctx, hidden, "Escape to close the odds")
			// A click rolls: the die and a total 1d6*10 can give.
			for range 5 {
				eval[bool](t, ctx, `(document.querySelector(".roll-do").click(), true)`)
				out := eval[string](t, ctx, `document.querySelector(".roll-out").textContent`)
				var die, total int
				if i := strings.Index(out, "= "); i < 0 || !strings.HasPrefix(out, "[") {
					t.Fatalf("roll shows %q", out)
				} else {
					die, _ = strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(strings.Fields(out)[0], "["), "]"))
					total, _ = strconv.Atoi(strings.TrimSpace(out[i+2:]))
				}
				if die < 1 || die > 6 || total != die*10 {
					t.Errorf("roll shows %q: die %d, total %d", out, die, total)
				}
			}
			// The random table's Roll marks one row, the one its die gives.
			eval[bool](t, ctx, `(document.querySelector(".rt-roll").click(), true)`)
			got := eval[[]string](t, ctx, `[...document.querySelectorAll(".rtable tr.rolled")].map((tr) => tr.dataset.r).concat([document.querySelector(".rt-out").textContent])`)
			if len(got) != 2 {
				t.Fatalf("rolled rows and output %v", got)
			}
			out := got[1]
			v, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(strings.Fields(out)[0], "["), "]"))
			lo, hi, _ := strings.Cut(got[0], "-")
			if a, _ := strconv.Atoi(lo); v < a {
				t.Errorf("rolled %d, row %s", v, got[0])
			}
			if b, _ := strconv.Atoi(hi); v > b {
				t.Errorf("rolled %d, row %s", v, got[0])
			}
			if !strings.Contains(out, map[string]string{"1-2": "Rain all day", "3-5": "Cloud", "6-6": "Sun"}[got[0]]) {
				t.Errorf("table roll says %q for row %s", out, got[0])
			}
			browser.ScreenshotElement(t, ctx, ".rtable", "inlinedice-table-"+strconv.Itoa(size.w))
		})
	}
}
