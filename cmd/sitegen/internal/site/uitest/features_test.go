package uitest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHomeFeatures opens a VitePress `layout: home` page with three
// features. VitePress shows them as boxes in a grid: "features: Feature[]
// ... You may list as many features as you would like" each with "title",
// "details" and an optional "link"
// (https://vitepress.dev/reference/default-theme-home-page#features-section),
// laid out by its theme as cards side by side on a wide screen, one above
// the other on a phone. At 1280 px the boxes stand in one row, each
// bordered; at 390 px one per row, within the screen.
func TestHomeFeatures(t *testing.T) {
	src := t.TempDir()
	files := map[string]string{
		"package.json":               `{"devDependencies":{"vitepress":"^1.6.4"}}`,
		"docs/.vitepress/config.mts": "export default { title: 'Boxes' }\n",
		"docs/index.md": "---\nlayout: home\nhero:\n  name: Boxes\n  tagline: Rules\nfeatures:\n" +
			"  - title: Combat\n    details: Attacks and damage, in the order a round runs.\n    link: /combat\n" +
			"  - title: Magic\n    details: Spells and their costs.\n" +
			"  - title: Gear\n    details: Weapons, armour and tools.\n---\n",
		"docs/combat.md": "# Combat\n\nText.\n",
	}
	sitetest.WriteFiles(t, src, files)
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := site.Build(context.Background(), content.Options{Source: src, Theme: d6codex.Theme(), Dest: dest, CacheDir: "-"}); err != nil {
		t.Fatal(err)
	}
	// Only a page with a hero or features loads the home page's stylesheet.
	for file, want := range map[string]bool{"index.html": true, "combat.html": false} {
		b, err := os.ReadFile(filepath.Join(dest, file))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(b), "/css/home."); got != want {
			t.Errorf("%s links css/home.css: %v; want %v", file, got, want)
		}
	}
	base := browser.Serve(t, dest)
	for _, size := range []struct {
		name   string
		w, h   int
		perRow int
	}{{"desktop", desktopW, desktopH, 3}, {"phone", phoneW, phoneH, 1}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			open(t, ctx, base, "/")
			waitFor(t, ctx, `document.querySelectorAll(".feature").length === 3`, "the three features")
			type box struct {
				Top, Left, Right, Border float64
				Bullet                   string
			}
			type geo struct {
				Boxes   []box
				ViewW   float64
				ScrollW float64
			}
			g := eval[geo](t, ctx, `(() => ({
				Boxes: [...document.querySelectorAll(".feature")].map(e => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
					return {Top: r.top, Left: r.left, Right: r.right, Border: parseFloat(s.borderTopWidth), Bullet: s.listStyleType}; }),
				ViewW: innerWidth, ScrollW: document.documentElement.scrollWidth}))()`)
			t.Logf("%s: %+v", size.name, g)
			row := 0
			for _, b := range g.Boxes {
				if b.Top == g.Boxes[0].Top {
					row++
				}
				if b.Border <= 0 || b.Bullet != "none" {
					t.Errorf("a feature is not a box: border %.1f px, list marker %q", b.Border, b.Bullet)
				}
				if b.Right > g.ViewW {
					t.Errorf("a feature reaches %.0f px in a %.0f px window", b.Right, g.ViewW)
				}
			}
			if row != size.perRow {
				t.Errorf("%d features in the first row; want %d", row, size.perRow)
			}
			if g.ScrollW > g.ViewW {
				t.Errorf("the page is %.0f px wide in a %.0f px window", g.ScrollW, g.ViewW)
			}
			browser.Screenshot(t, ctx, "home-features-"+size.name)
		})
	}
}
