package uitest

import (
	"testing"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// TestContentImages opens a page with a picture wider than any screen
// (2,000 × 500 px, eval5B JB11: a 1,024 px NPC portrait covered the table
// of contents at 1280 px and ran off a phone's screen): at 1280 and 390
// px it is held to the text's column, its proportions kept, and the page
// does not scroll sideways.
func TestContentImages(t *testing.T) {
	svg := `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="500"><rect width="2000" height="500" fill="#c84"/></svg>`
	dest := buildSite(t, map[string]string{
		"npc.md":   "---\ntitle: Peepers\n---\n\n## Portrait\n\n![Peepers](wide.svg)\n\n## Stats\n\nText.\n\n## Notes\n\nMore text.\n",
		"wide.svg": svg,
	})
	base := browser.Serve(t, dest)
	for _, size := range []struct {
		name string
		w, h int
	}{{"desktop", desktopW, desktopH}, {"phone", phoneW, phoneH}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			open(t, ctx, base, "/npc/")
			waitFor(t, ctx, `document.querySelector(".content img") && document.querySelector(".content img").complete`, "the picture")
			type geo struct {
				ImgW, ImgH, ImgRight, ColRight float64
				TOCLeft                        float64
				ViewW, ScrollW                 float64
			}
			g := eval[geo](t, ctx, `(() => {
				const img = document.querySelector(".content img"), r = img.getBoundingClientRect();
				const col = img.closest("p").getBoundingClientRect();
				const toc = document.querySelector(".toc");
				const tl = toc && toc.offsetParent ? toc.getBoundingClientRect().left : 1e9;
				return {ImgW: r.width, ImgH: r.height, ImgRight: r.right, ColRight: col.right, TOCLeft: tl,
					ViewW: innerWidth, ScrollW: document.documentElement.scrollWidth};
			})()`)
			t.Logf("%s: %+v", size.name, g)
			if g.ImgRight > g.ColRight+0.5 {
				t.Errorf("the picture reaches %.0f px, past its column's edge at %.0f px", g.ImgRight, g.ColRight)
			}
			if g.TOCLeft > g.ColRight && g.ImgRight > g.TOCLeft { // a table of contents beside the text
				t.Errorf("the picture reaches %.0f px, over the table of contents at %.0f px", g.ImgRight, g.TOCLeft)
			}
			if g.ScrollW > g.ViewW {
				t.Errorf("the page is %.0f px wide in a %.0f px window", g.ScrollW, g.ViewW)
			}
			if ratio := g.ImgW / g.ImgH; ratio < 3.95 || ratio > 4.05 {
				t.Errorf("the picture is %.0f × %.0f px: its proportions (4:1) are lost", g.ImgW, g.ImgH)
			}
			browser.Screenshot(t, ctx, "content-image-"+size.name)
		})
	}
}
