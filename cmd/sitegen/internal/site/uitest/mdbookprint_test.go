package uitest

import (
	"context"
	"d6codex"
	"os"
	"path/filepath"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestMdBookPrintPageBreaks: mdBook's print.html prints "the book as a
// single page" (https://rust-lang.github.io/mdBook/format/configuration/renderers.html#outputhtmlprint)
// with "page-break: Insert page breaks between chapters. Defaults to
// true", and its print.css (crates/mdbook-html/front-end/css/print.css)
// hides the sidebar and the menu bar. Printed by Chromium on A4, a book
// of three short chapters takes three pages (one without page breaks),
// and neither the header nor the navigation is printed. (The chapters ran
// on in the text's two print columns, whose box Chromium does not break
// into pages: one page for the three.)
func TestMdBookPrintPageBreaks(t *testing.T) {
	a4 := func(p *page.PrintToPDFParams) { p.PaperWidth, p.PaperHeight = 8.27, 11.69 }
	for _, tt := range []struct {
		name, toml string
		pages      int
	}{
		{"page breaks", "", 3},
		{"page-break = false", "[output.html.print]\npage-break = false\n", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := layouttest.Write(t, map[string]string{
				"book.toml":      "[book]\ntitle = \"Six Sides\"\n" + tt.toml,
				"src/SUMMARY.md": "# Summary\n\n[Home](README.md)\n\n- [Combat](combat.md)\n- [Magic](magic.md)\n",
				"src/README.md":  "# Home\n\nWelcome.\n",
				"src/combat.md":  "# Combat\n\n## Rounds\n\nRoll a die.\n",
				"src/magic.md":   "# Magic\n\n## Rounds\n\nCast a spell.\n",
			})
			dest := filepath.Join(t.TempDir(), "public")
			if _, err := site.Build(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-", Theme: d6codex.Theme()}); err != nil {
				t.Fatal(err)
			}
			base := browser.Serve(t, dest)
			ctx := newTab(t, desktopW, desktopH)
			// The page opens the print dialog once loaded, as mdBook's
			// does: counted here, and not in the way of the PDF's print.
			if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `window.print = () => { window.printAsked = true; }`}); err != nil {
				t.Fatal(err)
			}
			open(t, ctx, base, "/print.html")
			waitFor(t, ctx, `window.printAsked === true`, "print.html to open the print dialog")
			pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(a4))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(browser.ArtifactDir(t), "mdbook-print-"+tt.name+".pdf"), pdf, 0o644); err != nil {
				t.Fatal(err)
			}
			if n := pdfPages(pdf); n != tt.pages {
				t.Errorf("print.html prints on %d A4 pages, want %d", n, tt.pages)
			}
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
				t.Fatal(err)
			}
			shown := eval[[]string](t, ctx, `[".site-header", ".site-nav", ".site-footer", ".print-link"].filter(s => { const e = document.querySelector(s); return e && e.checkVisibility(); })`)
			if len(shown) > 0 {
				t.Errorf("printed, print.html shows %v", shown)
			}
		})
	}
}
