package uitest

import (
	"testing"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// TestCalloutWidths opens callouts sized and placed by their metadata
// (the ITS theme's words: "wsmall | 200px in width", "wfull", "right",
// Guide/Image-Positions.md): at 1280 px a wsmall callout beside the text
// is at most 200 px wide and at the column's right edge, a wfull one as
// wide as the column, an admonition-coloured one keeps its colour; at 390
// px none is wider than the screen.
func TestCalloutWidths(t *testing.T) {
	dest := buildSite(t, map[string]string{
		"boxes.md": "---\ntitle: Boxes\n---\n\n> [!tip|right wsmall] Side\n> A short note beside the text.\n\n" +
			"Some text of the page that flows beside the note on a wide screen, long enough to be a paragraph.\n\n" +
			"> [!note|wfull] Full\n> The full width.\n\n> [!warning|wtall] Tall\n> At most 700 px.\n",
	})
	base := browser.Serve(t, dest)
	for _, size := range []struct {
		name string
		w, h int
	}{{"desktop", desktopW, desktopH}, {"phone", phoneW, phoneH}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			open(t, ctx, base, "/boxes/")
			type box struct {
				Title                  string
				Width, Right, ColWidth float64
				ColRight, ViewW        float64
				Border                 string
			}
			boxes := eval[[]box](t, ctx, `[...document.querySelectorAll(".content .callout")].map(c => {
				const r = c.getBoundingClientRect(), col = c.parentElement.getBoundingClientRect();
				return {Title: c.querySelector(".callout-title").textContent.trim(), Width: r.width, Right: r.right,
					ColWidth: col.width, ColRight: col.right, ViewW: innerWidth, Border: getComputedStyle(c).borderLeftColor};
			})`)
			if len(boxes) != 3 {
				t.Fatalf("%d callouts, want 3: %+v", len(boxes), boxes)
			}
			for _, b := range boxes {
				t.Logf("%s: %+v", size.name, b)
				if b.Right > b.ViewW {
					t.Errorf("%q reaches %.0f px in a %.0f px window", b.Title, b.Right, b.ViewW)
				}
			}
			side, full, tall := boxes[0], boxes[1], boxes[2]
			if side.Width > 200.5 {
				t.Errorf("the wsmall callout is %.0f px wide, want at most 200", side.Width)
			}
			if size.name == "desktop" && (side.Right < side.ColRight-1 || side.Width > side.ColWidth/2+1) {
				t.Errorf("the right callout is not beside the text: right edge %.0f, column's %.0f; width %.0f of %.0f", side.Right, side.ColRight, side.Width, side.ColWidth)
			}
			if full.Width < full.ColWidth-1 {
				t.Errorf("the wfull callout is %.0f px of a %.0f px column", full.Width, full.ColWidth)
			}
			if tall.Width > 700.5 {
				t.Errorf("the wtall callout is %.0f px wide, want at most 700", tall.Width)
			}
			if tall.Border == full.Border {
				t.Errorf("the warning's border is the note's colour (%s)", tall.Border)
			}
		})
	}
}
