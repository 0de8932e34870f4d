package uitest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestLocaleSwitcherOnPhone: a site in two languages keeps the phone's
// header one row, with room to type in the search box (i18n12 saw the
// list of languages squeeze ModShardLauncher's search box to a 30 px
// square at 390 px); the switcher is a menu, as MkDocs Material's and
// Docusaurus's are: closed it shows the current language, opened it
// lists both, and the other one leads to the page in that language.
func TestLocaleSwitcherOnPhone(t *testing.T) {
	root, err := browser.FindRepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	files := map[string]string{
		"mkdocs.yml":        "site_name: Ashen Rules\nplugins:\n  - search\n  - i18n:\n      docs_structure: suffix\n      languages:\n        - locale: en\n          default: true\n          name: English\n        - locale: fr\n          name: Français\n",
		"docs/index.en.md":  "# Welcome\n\nRoll 2d6.\n",
		"docs/index.fr.md":  "# Bienvenue\n\nLancez 2d6.\n",
		"docs/combat.en.md": "# Combat\n\nHit on 4+.\n",
		"docs/combat.fr.md": "# Le combat\n\nTouché sur 4+.\n",
	}
	sitetest.WriteFiles(t, src, files)
	dest := filepath.Join(t.TempDir(), "public")
	opts := content.Options{Source: src, Dest: dest, CacheDir: "-", Theme: os.DirFS(filepath.Join(root, "static"))}
	if _, err := site.Build(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	base := browser.Serve(t, dest)
	ctx := newTab(t, phoneW, phoneH)
	open(t, ctx, base, "/combat/")
	type geo struct {
		Header, SearchW, ScrollW, ViewW float64
		Shown                           string
	}
	g := eval[geo](t, ctx, `(() => {
		const h = document.querySelector(".site-header").getBoundingClientRect();
		const s = document.querySelector("#search-q").getBoundingClientRect();
		const shown = [...document.querySelectorAll(".locales a")].filter(a => a.checkVisibility()).map(a => a.textContent.trim()).join("|");
		return {Header: h.height, SearchW: s.width, ScrollW: document.documentElement.scrollWidth, ViewW: innerWidth, Shown: shown};
	})()`)
	t.Logf("%+v", g)
	browser.Screenshot(t, ctx, "locales-phone")
	if g.Header > 60 {
		t.Errorf("the header is %.0f px high: want one row of at most 60 px", g.Header)
	}
	if g.SearchW < 100 {
		t.Errorf("the search box is %.0f px wide: no room to type", g.SearchW)
	}
	if g.ScrollW > g.ViewW {
		t.Errorf("the page is %.0f px wide in a %.0f px window", g.ScrollW, g.ViewW)
	}
	if g.Shown != "" {
		t.Errorf("the closed switcher shows the links %q: want a menu showing the current language", g.Shown)
	}
	if cur := eval[string](t, ctx, `document.querySelector(".locales summary").textContent`); !strings.Contains(cur, "EN") && !strings.Contains(cur, "English") {
		t.Errorf("the closed switcher reads %q: want the current language", cur)
	}
	if err := chromedp.Do(ctx, chromedp.Click(".locales summary")); err != nil {
		t.Fatal(err)
	}
	shown := eval[string](t, ctx, `[...document.querySelectorAll(".locales a")].filter(a => { const r = a.getBoundingClientRect(); return r.width > 0 && r.right <= innerWidth && document.elementFromPoint(r.left + 2, r.top + r.height / 2) === a; }).map(a => a.textContent.trim()).join("|")`)
	if shown != "English|Français" {
		t.Errorf("the open switcher shows %q in view, want English|Français", shown)
	}
	browser.Screenshot(t, ctx, "locales-phone-open")
	if err := chromedp.Do(ctx, chromedp.Click(`.locales a[hreflang="fr"]`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `location.pathname === "/fr/combat/" && document.querySelector("h1").textContent.includes("Le combat")`, "the French page")
}
