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

// TestScriptWords: the words js/site.js and js/search.js write (the
// theme button's label, tooltip and notice, a heading's "copy link"
// label, the search's count of results and "no results") are in the
// site's language, French and Hebrew Quartz sites (locale fr-FR, he-IL)
// here, carried in the page's HTML; a Hebrew site's pages read right to
// left (<html dir="rtl">), a French one's do not say so.
func TestScriptWords(t *testing.T) {
	root, err := browser.FindRepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		locale, dir                                    string
		label, nextName, next, copyLink, results, none string
	}{
		{"fr-FR", "", "Thème : système", "clair", "Thème : clair", "Copier le lien vers « Règles »", "3 résultats", "Aucun résultat"},
		{"he-IL", "rtl", "ערכת נושא: מערכת", "בהירה", "ערכת נושא: בהירה", "העתקת קישור אל „Règles”", "3 תוצאות", "אין תוצאות"},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			src := t.TempDir()
			cfg := `import { QuartzConfig } from "./quartz/cfg"
import * as Plugin from "./quartz/plugins"
const config: QuartzConfig = {
  configuration: { pageTitle: "Q", locale: "` + tc.locale + `" },
  plugins: { transformers: [Plugin.FrontMatter(), Plugin.CrawlLinks({ markdownLinkResolution: "shortest" })], filters: [Plugin.RemoveDrafts()], emitters: [] },
}
export default config
`
			sitetest.WriteFiles(t, src, map[string]string{
				"quartz.config.ts":  cfg,
				"content/index.md":  "---\ntitle: Accueil\n---\nLe dragon dort.\n",
				"content/regles.md": "---\ntitle: Règles\n---\n## Règles\n\nLe dragon attaque.\n",
				"content/combat.md": "---\ntitle: Combat\n---\nLe dragon mord.\n",
			})
			dest := filepath.Join(t.TempDir(), "public")
			opts := content.Options{Source: src, Dest: dest, CacheDir: "-", Theme: os.DirFS(filepath.Join(root, "static"))}
			if _, err := site.Build(context.Background(), opts); err != nil {
				t.Fatal(err)
			}
			base := browser.Serve(t, dest)
			ctx := newTab(t, desktopW, desktopH)
			open(t, ctx, base, "/regles.html")
			waitFor(t, ctx, `!document.querySelector(".theme-toggle").hidden`, "site.js to show the theme button")
			type words struct{ Dir, Label, Title, Copy string }
			got := eval[words](t, ctx, `(() => {
				const b = document.querySelector(".theme-toggle"), a = document.querySelector("a.anchor");
				return {Dir: document.documentElement.getAttribute("dir") || "", Label: b.querySelector(".label").textContent,
					Title: b.title, Copy: a ? a.getAttribute("aria-label") : ""};
			})()`)
			if got.Dir != tc.dir {
				t.Errorf("<html dir> = %q, want %q", got.Dir, tc.dir)
			}
			if got.Label != tc.label || !strings.HasPrefix(got.Title, tc.label) || !strings.Contains(got.Title, tc.nextName) {
				t.Errorf("theme button %q, tooltip %q; want %q, a tooltip naming the next state", got.Label, got.Title, tc.label)
			}
			if got.Copy != tc.copyLink {
				t.Errorf("heading's # label %q, want %q", got.Copy, tc.copyLink)
			}
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector(".theme-toggle").click()`)); err != nil {
				t.Fatal(err)
			}
			if l := eval[string](t, ctx, `document.querySelector(".theme-toggle .label").textContent`); l != tc.next {
				t.Errorf("after a click the button says %q, want %q", l, tc.next)
			}
			for _, q := range []struct{ query, want string }{{"dragon", tc.results}, {"zzyzx", tc.none}} {
				if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => { const r = document.getElementById("search-results"); delete r.dataset.q; document.getElementById("search-q").value = ""; })()`),
					chromedp.SendKeys("#search-q", q.query)); err != nil {
					t.Fatal(err)
				}
				waitFor(t, ctx, `document.getElementById("search-results").dataset.q === "`+q.query+`"`, "the search's answer")
				if s := eval[string](t, ctx, `document.getElementById("search-status").textContent`); !strings.HasPrefix(s, q.want) {
					t.Errorf("search %q: status %q, want %q", q.query, s, q.want)
				}
			}
		})
	}
}
