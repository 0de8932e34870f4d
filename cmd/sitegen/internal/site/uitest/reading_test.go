package uitest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// TestThemeThreeStates cycles the theme button through system, light and
// dark and back to system, with the system setting dark: each state shows
// its name, light and dark are kept on the next page, and system follows
// the system setting again (nothing remembered).
func TestThemeThreeStates(t *testing.T) {
	ctx := newTab(t, desktopW, desktopH)
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}}); err != nil {
		t.Fatal(err)
	}
	base := browser.Serve(t, bundled)
	open(t, ctx, base, rulesPage)
	bg := `getComputedStyle(document.body).backgroundColor`
	mode := `document.querySelector(".theme-toggle").dataset.mode + "|" + document.querySelector(".theme-toggle .label").textContent + "|" + (document.documentElement.dataset.theme || "")`
	if got := eval[string](t, ctx, mode); got != "system|Theme: system|" {
		t.Fatalf("first visit: %q, want system", got)
	}
	dark := eval[string](t, ctx, bg)
	steps := []struct{ want, theme string }{{"light", "light"}, {"dark", "dark"}, {"system", ""}}
	var light string
	for _, st := range steps {
		if err := chromedp.Do(ctx, chromedp.Click(".theme-toggle")); err != nil {
			t.Fatal(err)
		}
		open(t, ctx, base, otherPage) // kept on the next page
		if got, want := eval[string](t, ctx, mode), st.want+"|Theme: "+st.want+"|"+st.theme; got != want {
			t.Errorf("after choosing %s, next page: %q, want %q", st.want, got, want)
		}
		got := eval[string](t, ctx, bg)
		switch st.want {
		case "light":
			light = got
			if got == dark {
				t.Errorf("light theme: background %s is the dark one", got)
			}
		default: // dark, and system with the system setting dark
			if got != dark {
				t.Errorf("%s: background %s, want the dark %s", st.want, got, dark)
			}
		}
		open(t, ctx, base, rulesPage)
	}
	if got := eval[string](t, ctx, `localStorage.getItem("d6codex-theme") || ""`); got != "" {
		t.Errorf("system mode still remembers %q", got)
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}}); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](t, ctx, bg); got != light {
		t.Errorf("system mode with a light system setting: background %s, want %s", got, light)
	}
}

var titleRE = regexp.MustCompile(`<title>([^<]*)</title>`)

// TestUniqueTitles checks that no two pages of the bundled site share a
// <title> (redirect pages aside), so tabs, bookmarks and history can tell
// them apart, and that every page links an icon that exists.
func TestUniqueTitles(t *testing.T) {
	seen := map[string]string{}
	err := filepath.WalkDir(bundled, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		html := string(b)
		rel, _ := filepath.Rel(bundled, p)
		if strings.Contains(html, `http-equiv="refresh"`) {
			return nil
		}
		m := titleRE.FindStringSubmatch(html)
		if m == nil {
			t.Errorf("%s has no title", rel)
			return nil
		}
		if other, dup := seen[m[1]]; dup {
			t.Errorf("%s and %s are both titled %q", other, rel, m[1])
		}
		seen[m[1]] = rel
		icon := regexp.MustCompile(`<link rel="icon" href="([^"]+)"`).FindStringSubmatch(html)
		if icon == nil {
			t.Errorf("%s links no icon (browsers then ask for /favicon.ico, a 404)", rel)
		} else if _, err := os.Stat(filepath.Join(bundled, strings.TrimPrefix(icon[1], "/"))); err != nil {
			t.Errorf("%s: icon %s: %v", rel, icon[1], err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) < 30 {
		t.Errorf("only %d pages checked", len(seen))
	}
	if got := seen["Attacking · OpenD6 · d6codex"]; got == "" {
		t.Errorf("no page titled %q (titles: %q)", "Attacking · OpenD6 · d6codex", seen)
	}
}

// TestWideTable checks at 1280 px that the D6xD6 weapons table either
// fits (uses the width beside the text column) or scrolls with a visible
// cue on the side that has more, and that its last column can be reached.
func TestWideTable(t *testing.T) {
	ctx := newTab(t, desktopW, desktopH)
	base := browser.Serve(t, bundled)
	open(t, ctx, base, "/d6xd6/tables/")
	box := `document.querySelector("#table-d6xd6-weapons .table-scroll")`
	type geo struct {
		Scroll, Client, Right, ViewW float64
		Masked                       bool
	}
	g := eval[geo](t, ctx, `(() => { const w = `+box+`; return {Scroll: w.scrollWidth, Client: w.clientWidth, Right: w.getBoundingClientRect().right, ViewW: innerWidth, Masked: w.classList.contains("more-right") && getComputedStyle(w).maskImage !== "none"}; })()`)
	t.Logf("weapons table: %v px of table in a %v px box", g.Scroll, g.Client)
	if g.Right > g.ViewW {
		t.Errorf("the table's box ends at %v px, past the %v px window", g.Right, g.ViewW)
	}
	if g.Scroll > g.Client+1 && !g.Masked {
		t.Errorf("the table is cut (%v of %v px shown) without a cue on the right", g.Client, g.Scroll)
	}
	if g.Scroll > g.Client+1 {
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](box+`.scrollLeft = 1e6`)); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, box+`.classList.contains("more-left") && !`+box+`.classList.contains("more-right")`, "the cue to move to the left once scrolled to the end")
	}
}

// TestStickyPhoneHeader scrolls a long page on a phone and checks that the
// search box and the Menu button stay on screen, and that the menu opens
// in view there.
func TestStickyPhoneHeader(t *testing.T) {
	ctx := newTab(t, phoneW, phoneH)
	base := browser.Serve(t, bundled)
	open(t, ctx, base, otherPage)
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 3000)`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `scrollY > 1000`, "the page to scroll")
	inView := func(sel string) string {
		return `(() => { const r = document.querySelector(` + "`" + sel + "`" + `).getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; })()`
	}
	for _, sel := range []string{"#search-q", ".nav-button"} {
		if !eval[bool](t, ctx, inView(sel)) {
			t.Errorf("%s scrolled out of view", sel)
		}
	}
	// Issue 25: one row, as MkDocs Material's (48 px there), not two
	// (about 105 px): the menu, the title, the search box and the theme.
	row := eval[string](t, ctx, `(() => { const h = document.querySelector(".site-header").getBoundingClientRect();
		const mid = (s) => { const r = document.querySelector(s).getBoundingClientRect(); return Math.round(r.top + r.height / 2); };
		return Math.round(h.height) + " " + [".nav-button", ".site-title", "#search-q", ".theme-toggle"].map(mid).join(" "); })()`)
	var hh, m1, m2, m3, m4 int
	if _, err := fmt.Sscan(row, &hh, &m1, &m2, &m3, &m4); err != nil {
		t.Fatalf("header %q: %v", row, err)
	}
	if hh > 60 || max(m1, m2, m3, m4)-min(m1, m2, m3, m4) > 4 {
		t.Errorf("the phone's sticky header is %d px high with its parts centred at %d %d %d %d px: want one row of at most 60 px", hh, m1, m2, m3, m4)
	}
	if err := chromedp.Do(ctx, chromedp.Click(".nav-button")); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](t, ctx, `(() => { const a = document.querySelector("#site-nav a"); const r = a.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && document.elementFromPoint(r.left + 5, r.top + r.height / 2).closest("#site-nav") !== null; })()`) {
		t.Error("the open menu is not in view after scrolling")
	}
}

// TestGlossaryPreview hovers, focuses and taps a link to a glossary entry
// and checks that the definition shows in place, is the link's
// description for screen readers, and closes with Escape.
func TestGlossaryPreview(t *testing.T) {
	ctx := newTab(t, desktopW, desktopH)
	base := browser.Serve(t, bundled)
	// Headless tabs are not focused windows: without focus emulation,
	// element.focus() moves activeElement but fires no focus event.
	if _, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, base, "/rollunder/")
	link := `document.querySelector("main a.term[href*='/glossary/#']")`
	waitFor(t, ctx, link+` !== null`, "a glossary link marked as a term")
	want := eval[string](t, ctx, `decodeURIComponent(new URL(`+link+`.href).hash.slice(1))`)
	tipShown := `(() => { const t = document.getElementById("link-preview"); return !!t && !t.hidden && t.textContent.length > 40; })()`
	// Keyboard: focus shows it and describes the link.
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](link+`.focus()`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, tipShown, "the preview on focus")
	if got := eval[string](t, ctx, link+`.getAttribute("aria-describedby") || ""`); got != "link-preview" {
		t.Errorf("focused term: aria-describedby %q, want link-preview", got)
	}
	if got := eval[string](t, ctx, `document.getElementById("link-preview").getAttribute("role")`); got != "tooltip" {
		t.Errorf("preview role %q, want tooltip", got)
	}
	text := eval[string](t, ctx, `document.getElementById("link-preview").textContent`)
	t.Logf("preview of #%s: %.80s…", want, text)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\x1b")); err != nil { // Escape
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.getElementById("link-preview").hidden`, "Escape to close the preview")
	if got := eval[string](t, ctx, `location.pathname`); got != "/rollunder/" {
		t.Fatalf("the page changed to %s", got)
	}
	// Mouse: hovering shows it.
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`), chromedp.ScrollIntoView("main a.term"), chromedp.MouseClickXY(1, 1)); err != nil {
		t.Fatal(err)
	}
	type pt struct{ X, Y float64 }
	p := eval[pt](t, ctx, `(() => { const r = `+link+`.getBoundingClientRect(); return {X: r.left + 3, Y: r.top + r.height / 2}; })()`)
	if err := chromedp.Do(ctx, chromedp.MouseEvent("mouseMoved", p.X, p.Y)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, tipShown, "the preview on hover")
	// Touch: the first tap shows the preview and stays on the page; a
	// second tap follows the link.
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\x1b"), chromedp.MouseEvent("mouseMoved", 1, 1)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.getElementById("link-preview").hidden`, "the preview to close")
	if _, err := chromedp.Call(ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true}); err != nil {
		t.Fatal(err)
	}
	tap := func() {
		t.Helper()
		p := eval[pt](t, ctx, `(() => { const r = `+link+`.getBoundingClientRect(); return {X: r.left + 3, Y: r.top + r.height / 2}; })()`)
		if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: p.X, Y: p.Y}}}); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}}); err != nil {
			t.Fatal(err)
		}
	}
	tap()
	waitFor(t, ctx, tipShown, "the preview on a tap")
	if got := eval[string](t, ctx, `location.pathname`); got != "/rollunder/" {
		t.Errorf("a first tap followed the link to %s", got)
	}
	tap()
	waitFor(t, ctx, `location.pathname === "/glossary/"`, "a second tap to follow the link")
	if got := eval[string](t, ctx, `location.hash`); got != "#"+want {
		t.Errorf("second tap: at %s, want #%s", got, want)
	}
}

// TestHomeListsGamesOnce checks that the home page's text links each game
// once: the list of sections only stands in for a home page without text.
func TestHomeListsGamesOnce(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(bundled, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	start, end := strings.Index(html, "<main"), strings.Index(html, "</main>")
	if start < 0 || end < start {
		t.Fatal("no <main> on the home page")
	}
	main := html[start:end]
	for _, sys := range []string{"d6xd6", "spacedoor", "skirmish", "rollunder", "opend6"} {
		if n := strings.Count(main, `href="/`+sys+`/"`); n != 1 {
			t.Errorf("the home page links /%s/ %d times in its text, want once", sys, n)
		}
	}
}
