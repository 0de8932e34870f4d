package uitest

import (
	"context"
	"d6codex"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"

	"github.com/chromedp/chromedp"
)

// TestDeepNavigation: a vault eight folders deep (eval16B,
// Myster-Ts-RPGs/Thellade-World: Campaign > World > Points of Interest >
// Infrastructure > … > Courier Registry) keeps every label of the open
// branch readable. Each level indented as much as the first ones left
// the eighth a few characters wide, its one-word labels broken letter by
// letter ("Cour/ier/Regi/stry"). Mature tools bound the indent (MkDocs
// Material and Quartz's Explorer indent each level by a fixed small step
// and never wrap a word): here every link of the current page's branch is
// at least 120 px wide at desktop and phone width, and no word of a label
// is broken across lines.
func TestDeepNavigation(t *testing.T) {
	names := []string{"Campaign", "World", "Points of Interest", "Infrastructure", "The Veins of Night", "Shadowthread Warrens", "Blackwater Crossing"}
	dir := ""
	files := map[string]string{"Home.md": "# Home\n\nText.\n", ".obsidian/": ""}
	for _, n := range names {
		dir += n + "/"
		files[dir+"Sibling "+n+".md"] = "# Sibling " + n + "\n\nText.\n"
	}
	files[dir+"Courier Registry.md"] = "# Courier Registry\n\nText.\n"
	src := layouttest.Write(t, files)
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := site.Build(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-", Theme: d6codex.Theme()}); err != nil {
		t.Fatal(err)
	}
	page := "/" + strings.ToLower(strings.ReplaceAll(strings.TrimSuffix(dir, "/"), " ", "-")) + "/courier-registry/"
	// Each link of the open branch: its width, and whether one of its
	// words spans two lines (a range over each word: more than one
	// client rect).
	const measure = `[...document.querySelectorAll("#site-nav a")].filter(a => a.checkVisibility()).map(a => {
		const r = a.getBoundingClientRect();
		let broken = false;
		const t = a.firstChild && a.firstChild.nodeType === 3 ? a.firstChild : null;
		if (t) {
			let i = 0;
			for (const w of t.data.split(" ")) {
				const rg = document.createRange(); rg.setStart(t, i); rg.setEnd(t, i + w.length);
				if (w && rg.getClientRects().length > 1) broken = true;
				i += w.length + 1;
			}
		}
		return {text: a.textContent.trim(), width: Math.round(r.width), broken};
	})`
	type link struct {
		Text   string `json:"text"`
		Width  int    `json:"width"`
		Broken bool   `json:"broken"`
	}
	for _, size := range screens {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			base := browser.Serve(t, dest)
			open(t, ctx, base, page)
			if size.name == "phone" {
				if err := chromedp.Do(ctx, chromedp.Click(".nav-button")); err != nil {
					t.Fatal(err)
				}
			}
			links := eval[[]link](t, ctx, measure)
			found := false
			for _, l := range links {
				if l.Text == "Courier Registry" {
					found = true
				}
				if l.Width < 120 || l.Broken {
					t.Errorf("%q: %d px wide, a word broken: %v (want ≥ 120 px, no word broken)", l.Text, l.Width, l.Broken)
				}
			}
			if !found {
				t.Fatalf("the current page is not shown in the navigation: %+v", links)
			}
			browser.Screenshot(t, ctx, fmt.Sprintf("navdepth-%s", size.name))
		})
	}
}
