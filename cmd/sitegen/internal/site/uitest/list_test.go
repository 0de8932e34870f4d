package uitest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// TestLongListPages opens the second page of a section list too long for
// one page on a phone: the page links fit the screen and are big enough
// to tap, the current one is marked, and Next leads to the third page.
func TestLongListPages(t *testing.T) {
	pages := map[string]string{"spells/_index.md": "---\ntitle: Spells\n---\n\nEvery spell of the book.\n"}
	for i := 1; i <= 250; i++ {
		pages[fmt.Sprintf("spells/s%03d.md", i)] = fmt.Sprintf("---\ntitle: Spell %03d\nweight: %d\ndescription: What spell %d does.\n---\n\nText.\n", i, i, i)
	}
	dest := buildSite(t, pages)
	ctx := newTab(t, phoneW, phoneH)
	base := browser.Serve(t, dest)
	open(t, ctx, base, "/spells/page/2/")
	type geo struct {
		Links, Current       int
		MinW, MinH, Right    float64
		ViewW, ScrollW       float64
		CurrentText, Heading string
	}
	g := eval[geo](t, ctx, `(() => {
		const as = [...document.querySelectorAll("nav.pagination a")];
		const r = as.map(a => a.getBoundingClientRect());
		const cur = document.querySelector("nav.pagination a[aria-current=page]");
		return {Links: as.length, Current: document.querySelectorAll("nav.pagination [aria-current]").length,
			MinW: Math.min(...r.map(b => b.width)), MinH: Math.min(...r.map(b => b.height)), Right: Math.max(...r.map(b => b.right)),
			ViewW: innerWidth, ScrollW: document.documentElement.scrollWidth,
			CurrentText: cur ? cur.textContent : "", Heading: document.querySelector("h1").textContent};
	})()`)
	t.Logf("pagination: %+v", g)
	if g.Links != 5 || g.Current != 1 || g.CurrentText != "2" {
		t.Errorf("want Previous, 1, 2 (current), 3, Next: got %d links, %d current (%q)", g.Links, g.Current, g.CurrentText)
	}
	if g.MinW < 44 || g.MinH < 44 {
		t.Errorf("smallest page link %.0f×%.0f px, want at least 44×44 to tap", g.MinW, g.MinH)
	}
	if g.Right > g.ViewW || g.ScrollW > g.ViewW {
		t.Errorf("pagination reaches %.0f px (page %.0f px) in a %.0f px window", g.Right, g.ScrollW, g.ViewW)
	}
	if g.Heading != "Spells, page 2 of 3" {
		t.Errorf("heading %q", g.Heading)
	}
	browser.ScreenshotElement(t, ctx, "nav.pagination", "list-pagination-phone")
	if err := chromedp.Do(ctx, chromedp.Click(`nav.pagination a[rel=next]`)); err != nil {
		t.Fatal(err)
	}
	// The new document, not just the new address: under load the old one
	// may still be unloading when the URL changes.
	waitFor(t, ctx, `location.pathname === "/spells/page/3/" && document.readyState === "complete" && document.querySelector("ul.children a") !== null`, "the third page after Next")
	if h := eval[string](t, ctx, `document.querySelector("ul.children a").textContent`); !strings.HasPrefix(h, "Spell 201") {
		t.Errorf("third page starts with %q, want Spell 201", h)
	}
}
