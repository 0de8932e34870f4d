package uitest

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// previewPage is a page of the bundled site with links to sections of
// other pages (the glossary links each term to the rules that explain it).
const previewPage = "/glossary/"

// previewLink marks, on the page open in ctx, a link of its text to a
// heading of another page (data-t), and returns that heading's text as
// the target page shows it (read from the page itself, not from its
// previews file).
func previewLink(t *testing.T, ctx context.Context) string {
	t.Helper()
	ok := eval[bool](t, ctx, `(() => {
		const a = [...document.querySelectorAll("main .content a.lp")].find((a) => a.hash.length > 1 && a.pathname !== location.pathname);
		if (!a) return false;
		a.dataset.t = "1";
		return true;
	})()`)
	if !ok {
		t.Fatalf("no link to a section of another page on %s", previewPage)
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(async () => {
		const a = document.querySelector("[data-t]");
		const d = new DOMParser().parseFromString(await (await fetch(a.pathname)).text(), "text/html");
		window.wantHeading = d.getElementById(decodeURIComponent(a.hash.slice(1))).textContent.replace(/#\s*$/, "").trim();
	})()`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `typeof window.wantHeading === "string"`, "the target heading")
	return eval[string](t, ctx, `window.wantHeading`)
}

const (
	tipShown  = `(() => { const t = document.getElementById("link-preview"); return !!t && !t.hidden && t.querySelector(".lp-body") !== null; })()`
	tipHidden = `document.getElementById("link-preview").hidden`
	theLink   = `document.querySelector("[data-t]")`
)

// checkTip checks the open preview: it names the target page and the
// heading linked to, holds text, describes the link, and is inside the
// screen.
func checkTip(t *testing.T, ctx context.Context, how, heading string) {
	t.Helper()
	checkTipOf(t, ctx, how, heading, theLink)
}

// checkTipOf is checkTip for the link the JavaScript expression link
// gives: the one under the pointer for a hover or a long press (at 390 px
// the link checked may wrap next to another link to the same section, and
// a late layout shift moves which one the pointer is on).
func checkTipOf(t *testing.T, ctx context.Context, how, heading, link string) {
	t.Helper()
	title := eval[string](t, ctx, `document.querySelector("#link-preview .lp-title").textContent`)
	if !strings.HasSuffix(title, "› "+heading) {
		t.Errorf("%s: preview titled %q, want it to end with the heading %q", how, title, heading)
	}
	if n := eval[int](t, ctx, `document.querySelector("#link-preview .lp-body").textContent.trim().length`); n < 20 {
		t.Errorf("%s: preview holds %d characters of text", how, n)
	}
	if got := eval[string](t, ctx, `(`+link+`)?.getAttribute("aria-describedby") || ""`); got != "link-preview" {
		t.Errorf("%s: the link's aria-describedby is %q, want link-preview", how, got)
	}
	if got := eval[string](t, ctx, `document.getElementById("link-preview").getAttribute("role")`); got != "tooltip" {
		t.Errorf("%s: preview role %q", how, got)
	}
	if !eval[bool](t, ctx, `(() => { const r = document.getElementById("link-preview").getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth + 0.5 && r.width > 100; })()`) {
		t.Errorf("%s: the preview is not inside the screen: %v", how, eval[any](t, ctx, `JSON.stringify(document.getElementById("link-preview").getBoundingClientRect())`))
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#link-preview [id], #link-preview a.anchor").length`); n > 0 {
		t.Errorf("%s: the preview holds %d ids or heading anchors of its page", how, n)
	}
}

type point struct{ X, Y float64 }

// pointed is a JavaScript expression for the link at p.
func pointed(p point) string {
	return fmt.Sprintf(`document.elementFromPoint(%g, %g)?.closest("a")`, p.X, p.Y)
}

func linkPoint(t *testing.T, ctx context.Context) point {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](theLink+`.scrollIntoView({block: "center", behavior: "instant"})`)); err != nil {
		t.Fatal(err)
	}
	// The first line box, not the bounding box: a link that wraps onto a
	// second line (which depends on the machine's fonts at 390 px) has a
	// bounding box whose left middle may be outside its text.
	return eval[point](t, ctx, `(() => { const r = `+theLink+`.getClientRects()[0]; return {X: r.left + Math.min(6, r.width / 2), Y: r.top + r.height / 2}; })()`)
}

// TestLinkPreviews opens a page at 1280 and 390 pixels and previews a link
// to a section of another page: with the keyboard (focus alone shows
// nothing; Alt+ArrowDown shows it, Escape closes it), on hover, and on a
// long press with touch (which does not follow the link). Each preview is
// the section linked to, describes the link, and fits the screen. It
// leaves screenshots of the preview under the shots folder (artifacts/).
func TestLinkPreviews(t *testing.T) {
	base := browser.Serve(t, bundled)
	for _, size := range []struct {
		name string
		w, h int
	}{{"1280", desktopW, desktopH}, {"390", phoneW, phoneH}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			if _, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
				t.Fatal(err)
			}
			open(t, ctx, base, previewPage)
			heading := previewLink(t, ctx)
			if got := eval[string](t, ctx, theLink+`.getAttribute("aria-keyshortcuts") || ""`); got != "Alt+ArrowDown" {
				t.Errorf("the link's aria-keyshortcuts is %q, want Alt+ArrowDown", got)
			}

			// Keyboard.
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](theLink+`.focus()`)); err != nil {
				t.Fatal(err)
			}
			time.Sleep(400 * time.Millisecond)
			if !eval[bool](t, ctx, tipHidden) {
				t.Error("focus alone opened the preview of a link that is not a term")
			}
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowDown, chromedp.KeyModifiers(chromedp.ModifierAlt))); err != nil {
				t.Fatal(err)
			}
			waitFor(t, ctx, tipShown, "the preview on Alt+ArrowDown")
			checkTip(t, ctx, "keyboard", heading)
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
				t.Fatal(err)
			}
			waitFor(t, ctx, tipHidden, "Escape to close the preview")

			// Mouse.
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`)); err != nil {
				t.Fatal(err)
			}
			p := linkPoint(t, ctx)
			if err := chromedp.Do(ctx, chromedp.MouseEvent("mouseMoved", p.X, p.Y)); err != nil {
				t.Fatal(err)
			}
			waitFor(t, ctx, tipShown, "the preview on hover")
			checkTipOf(t, ctx, "hover", heading, pointed(p))
			viewportShot(t, ctx, "backlinks-preview-"+size.name)
			if err := chromedp.Do(ctx, chromedp.MouseEvent("mouseMoved", 2, 2)); err != nil {
				t.Fatal(err)
			}
			waitFor(t, ctx, tipHidden, "the preview to close when the mouse leaves")

			// Touch: a long press.
			if _, err := chromedp.Call(ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true}); err != nil {
				t.Fatal(err)
			}
			p = linkPoint(t, ctx)
			if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: p.X, Y: p.Y}}}); err != nil {
				t.Fatal(err)
			}
			time.Sleep(800 * time.Millisecond)
			if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}}); err != nil {
				t.Fatal(err)
			}
			waitFor(t, ctx, tipShown, "the preview on a long press")
			checkTipOf(t, ctx, "long press", heading, pointed(p))
			time.Sleep(500 * time.Millisecond)
			if got := eval[string](t, ctx, `location.pathname`); got != previewPage {
				t.Errorf("a long press followed the link to %s", got)
			}
			viewportShot(t, ctx, "backlinks-preview-touch-"+size.name)
			// A short tap follows the link.
			if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: p.X, Y: p.Y}}}); err != nil {
				t.Fatal(err)
			}
			if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}}); err != nil {
				t.Fatal(err)
			}
			waitFor(t, ctx, `location.pathname !== "`+previewPage+`"`, "a tap to follow the link")
		})
	}
}

// contentLinksTo returns the pages of the bundled site whose text (their
// .content, not the navigation or the "Linked from" list) links to the
// page at target: what its "Linked from" list must hold.
func contentLinksTo(t *testing.T, target string) []string {
	t.Helper()
	href := regexp.MustCompile(`href="` + regexp.QuoteMeta(target) + `(#[^"]*)?"`)
	var out []string
	err := filepath.WalkDir(bundled, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "index.html" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		page := string(b)
		start := strings.Index(page, `<div class="content">`)
		if start < 0 || strings.Contains(page, `http-equiv="refresh"`) {
			return nil
		}
		text := page[start:]
		for _, end := range []string{`<section class="backlinks"`, `<p class="page-meta"`, `</article>`} {
			if i := strings.Index(text, end); i >= 0 {
				text = text[:i]
			}
		}
		rel, _ := filepath.Rel(bundled, filepath.Dir(p))
		u := "/" + filepath.ToSlash(rel) + "/"
		if rel == "." {
			u = "/"
		}
		if u != target && !strings.Contains(u, "/page/") && href.MatchString(text) {
			out = append(out, u)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// TestBacklinksSection opens the glossary, which many pages link to, at
// 1280 and 390 pixels: its "Linked from" section lists exactly the pages
// whose text links to it, is a labelled region, and is printed. It leaves
// screenshots of the section (artifacts/).
func TestBacklinksSection(t *testing.T) {
	want := contentLinksTo(t, previewPage)
	if len(want) < 3 {
		t.Fatalf("only %v link to %s: not a test of a list", want, previewPage)
	}
	base := browser.Serve(t, bundled)
	for _, size := range []struct {
		name string
		w, h int
	}{{"1280", desktopW, desktopH}, {"390", phoneW, phoneH}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			open(t, ctx, base, previewPage)
			got := eval[[]string](t, ctx, `[...document.querySelectorAll("section.backlinks li > a")].map((a) => a.pathname).sort()`)
			if !slices.Equal(got, want) {
				t.Errorf("Linked from %v, want the pages whose text links here: %v", got, want)
			}
			if got := eval[string](t, ctx, `document.querySelector("section.backlinks").getAttribute("aria-labelledby") + " " + document.getElementById("linked-from").textContent`); got != "linked-from Linked from" {
				t.Errorf("the section is labelled %q", got)
			}
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector("section.backlinks").scrollIntoView({block: "start", behavior: "instant"})`)); err != nil {
				t.Fatal(err)
			}
			viewportShot(t, ctx, "backlinks-list-"+size.name)
			if !eval[bool](t, ctx, `(() => { const r = document.querySelector("section.backlinks").getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth + 0.5; })()`) {
				t.Error("the section is wider than the screen")
			}
			if size.name != "1280" {
				return
			}
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
				t.Fatal(err)
			}
			if d := eval[string](t, ctx, `getComputedStyle(document.querySelector("section.backlinks")).display`); d == "none" {
				t.Error("the Linked from section is not printed")
			}
			if d := eval[string](t, ctx, `getComputedStyle(document.getElementById("link-preview")).display`); d != "none" {
				t.Errorf("the link preview is printed (display %s)", d)
			}
		})
	}
}

// TestLinkPreviewsOffline lets the service worker cache the site from the
// home page, stops the server, and previews a link to a page never
// visited: its previews file was precached with the site.
func TestLinkPreviewsOffline(t *testing.T) {
	ctx := newTab(t, desktopW, desktopH)
	base, stop := serveStoppable(t, bundled)
	open(t, ctx, base, "/")
	waitFor(t, ctx, `!!navigator.serviceWorker && !!navigator.serviceWorker.controller`, "the service worker to cache the site and take over")
	stop()
	open(t, ctx, base, previewPage)
	heading := previewLink(t, ctx)
	p := linkPoint(t, ctx)
	if err := chromedp.Do(ctx, chromedp.MouseEvent("mouseMoved", p.X, p.Y)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, tipShown, "the preview offline")
	checkTip(t, ctx, fmt.Sprintf("offline (%s)", eval[string](t, ctx, theLink+`.pathname`)), heading)
}
