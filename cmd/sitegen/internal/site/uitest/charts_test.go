package uitest

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/testing/browser"
)

// Issue 34's tests on the bundled site, each at a desktop's and a phone's
// width.
var issue34Sizes = []struct {
	name string
	w, h int
}{{"1280", desktopW, desktopH}, {"390", phoneW, phoneH}}

// gamePages are a calculator page of each of the five games (none the
// home page), the game's calculator there and a field to change in it.
var gamePages = []struct{ page, calc, field, value string }{
	{"/d6xd6/attacking/", "d6xd6/attack", "extra_penalty", "1"},
	{"/spacedoor/attacking/", "spacedoor/attack", "tough", "2"},
	{"/skirmish/attacking/", "skirmish/melee", "extra_damage", "1"},
	{"/rollunder/attacking/", "rollunder/attack", "modifier", "-1"},
	{"/opend6/attacking/", "opend6/attack", "modifier", "2"},
}

// jsNudge changes the first number field of calculator c to another
// value it allows, as a player does.
const jsNudge = `(() => { const f = c.querySelector("input[type=number]"); f.value = String(+f.value === +f.min ? +f.min + 1 : +f.min); f.dispatchEvent(new Event("input", {bubbles: true})); })()`

// modulesOf reads the modules the service worker of a built site saves.
func modulesOf(t *testing.T, dir string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "sw.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`MODULES=\[([^\]]*)\]`).FindSubmatch(b)
	if m == nil {
		t.Fatal("sw.js names no MODULES")
	}
	var out []string
	for _, q := range regexp.MustCompile(`"([^"]+)"`).FindAllSubmatch(m[1], -1) {
		out = append(out, string(q[1]))
	}
	return out
}

// TestOfflineEveryGame (issue 34, item 3): a first visit to the home page
// saves the site and every calculator's module; with the server gone, a
// field changed on a page of each of the five games, never visited
// online, gets its new result, and no page says "Failed to fetch".
func TestOfflineEveryGame(t *testing.T) {
	mods := modulesOf(t, bundled)
	if len(mods) < 6 {
		t.Fatalf("the service worker saves %d modules: %v", len(mods), mods)
	}
	for _, size := range issue34Sizes {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			base, stop := serveStoppable(t, bundled)
			open(t, ctx, base, "/")
			waitFor(t, ctx, `!!navigator.serviceWorker && !!navigator.serviceWorker.controller`, "the service worker to save the site")
			list := `["` + strings.Join(mods, `","`) + `"]`
			waitFor(t, ctx, `(Promise.all(`+list+`.map((u) => caches.match(u))).then((r) => window.__saved = r.every(Boolean)), window.__saved === true)`, "every module to be saved")
			stop()
			for _, g := range gamePages {
				p := g.page
				fresh(t, ctx, base, p)
				dom := eval[string](t, ctx, `document.querySelector(".calc[data-calc='`+g.calc+`']").id`)
				settledPreset(t, ctx, dom)
				if st := act(t, ctx, dom, jsSet(g.field, g.value)); st != "ok" {
					t.Errorf("offline, %s: state %s: %s", p, st, calcJS[string](t, ctx, dom, `c.querySelector(".calc-error").textContent`))
				}
				if got := calcJS[string](t, ctx, dom, `c.querySelector(".calc-offline-note") ? c.querySelector(".calc-offline-note").textContent : ""`); got != "Saved on this device: works offline." {
					t.Errorf("offline, %s: the calculator says %q", p, got)
				}
				if strings.Contains(eval[string](t, ctx, `document.body.innerText`), "Failed to fetch") {
					t.Errorf("offline, %s: the page says Failed to fetch", p)
				}
			}
		})
	}
}

// TestOfflineOverBudget (issue 34, item 3): a site whose modules are past
// its budget saves none up front; each calculator says so in a player's
// words before going offline and offers "Save for offline", which makes
// it work offline; one not saved says why it cannot load, never "Failed
// to fetch", and keeps its example.
func TestOfflineOverBudget(t *testing.T) {
	root, err := browser.FindRepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	if err := os.CopyFS(filepath.Join(src, "static"), os.DirFS(filepath.Join(root, "static"))); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"site.toml":          "title = \"Budget\"\nbaseURL = \"https://rules.test/\"\n",
		"content/_index.md":  "---\ntitle: Home\n---\nHome.\n",
		"content/saved.md":   "---\ntitle: Saved\n---\n```calc spacedoor/attack\n```\n",
		"content/unsaved.md": "---\ntitle: Unsaved\n---\n```calc skirmish/melee\n```\n",
	} {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dest := filepath.Join(t.TempDir(), "public")
	flags := buildcmd.Flags{Source: src, Dest: dest}
	opts := flags.Options()
	opts.ModuleBudget = 1
	if _, err := site.Build(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	if mods := modulesOf(t, dest); len(mods) != 0 {
		t.Fatalf("over budget, the worker still saves %v", mods)
	}
	const sd, sk = "calc-spacedoor-attack", "calc-skirmish-melee"
	for _, size := range issue34Sizes {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			base, stop := serveStoppable(t, dest)
			open(t, ctx, base, "/saved/")
			waitFor(t, ctx, `!!navigator.serviceWorker && !!navigator.serviceWorker.controller`, "the service worker")
			fresh(t, ctx, base, "/saved/")
			settledPreset(t, ctx, sd)
			waitFor(t, ctx, `!document.querySelector(".calc-offline").hidden`, "the offline line")
			// The page's own module may be kept as it loads; else the
			// calculator offers to save it.
			if calcJS[bool](t, ctx, sd, `!c.querySelector("[data-action=save-offline]").hidden`) {
				if got := calcJS[string](t, ctx, sd, `c.querySelector(".calc-offline-note").textContent`); !strings.Contains(got, "Not saved on this device yet") {
					t.Errorf("before saving: %q", got)
				}
				calcJS[bool](t, ctx, sd, `(c.querySelector("[data-action=save-offline]").click(), true)`)
			}
			waitFor(t, ctx, `document.querySelector(".calc-offline-note").textContent === "Saved on this device: works offline."`, "the module to be saved")
			stop()
			fresh(t, ctx, base, "/saved/")
			settledPreset(t, ctx, sd)
			if st := act(t, ctx, sd, jsNudge); st != "ok" {
				t.Errorf("offline, saved: state %s", st)
			}
			fresh(t, ctx, base, "/unsaved/")
			settledPreset(t, ctx, sk)
			before := calcJS[string](t, ctx, sk, jsOdds)
			if st := act(t, ctx, sk, jsNudge); st != "unloaded" {
				t.Errorf("offline, never saved: state %s", st)
			}
			msg := calcJS[string](t, ctx, sk, `c.querySelector(".calc-error").textContent`)
			if strings.Contains(msg, "Failed to fetch") || !strings.Contains(msg, "no connection") || !strings.Contains(msg, "Save for offline") {
				t.Errorf("offline, never saved: %q", msg)
			}
			if got := calcJS[string](t, ctx, sk, jsOdds); got != before {
				t.Errorf("offline, never saved: the example %q became %q", before, got)
			}
		})
	}
}

// pdfPages counts the pages of a PDF Chromium printed.
func pdfPages(pdf []byte) int {
	return len(regexp.MustCompile(`/Type\s*/Page[^s]`).FindAll(pdf, -1))
}

// TestPrintFourPages (issue 34, item 9): printed on A4, /rollunder/attacking/
// (11 pages before) and /dice/ (18) take at most four pages each, every
// calculator's set-up, chart and table on one page. It leaves the PDFs in
// ArtifactDir and logs every calculator page's count.
func TestPrintFourPages(t *testing.T) {
	base := browser.Serve(t, bundled)
	a4 := func(p *page.PrintToPDFParams) { p.PaperWidth, p.PaperHeight = 8.27, 11.69 }
	for _, size := range issue34Sizes {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			pages := []string{"/rollunder/attacking/", "/dice/"}
			if size.w == desktopW {
				for _, c := range bundledCalcs(t) {
					if !strings.Contains(strings.Join(pages, " "), c.page) {
						pages = append(pages, c.page)
					}
				}
			}
			for i, p := range pages {
				open(t, ctx, base, p)
				eval[bool](t, ctx, `dispatchEvent(new Event("beforeprint")), true`)
				pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(a4))
				if err != nil {
					t.Fatal(err)
				}
				eval[bool](t, ctx, `dispatchEvent(new Event("afterprint")), true`)
				n := pdfPages(pdf)
				if i < 2 {
					if n > 4 {
						t.Errorf("%s prints on %d A4 pages, want at most 4", p, n)
					}
					name := "charts-print" + strings.ReplaceAll(strings.TrimSuffix(p, "/"), "/", "-") + "-" + size.name + ".pdf"
					if err := os.WriteFile(filepath.Join(browser.ArtifactDir(t), name), pdf, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				t.Logf("%s: %d A4 pages", p, n)
			}
		})
	}
}

// TestSiteWords (issue 34, item 11) on the bundled site: no calculator
// title counts ("(2)"); roll-under tables and search snippets show no
// internal ids; only provisional rows of the comparison are flagged; /ogl/
// leads to the licence on this host; previous and next name the game; the
// phone's header gives the search box the room while searching; on a
// phone, OpenD6's odds come before its twelve fields.
func TestSiteWords(t *testing.T) {
	base := browser.Serve(t, bundled)
	var titles []string
	walkPages(t, func(rel, html string) {
		for _, m := range regexp.MustCompile(`<h3 class="calc-title"[^>]*>.*?</span> ([^<]*)</h3>`).FindAllStringSubmatch(html, -1) {
			titles = append(titles, rel+": "+m[1])
		}
		if strings.Contains(html, `<th scope="col">id</th>`) {
			t.Errorf("%s: a table shows an id column", rel)
		}
	})
	for _, ti := range titles {
		if regexp.MustCompile(`\(\d+\)$`).MatchString(ti) {
			t.Errorf("a counted title: %s", ti)
		}
	}
	if b, err := os.ReadFile(filepath.Join(bundled, "ogl", "index.html")); err != nil || !strings.Contains(string(b), `content="0; url=/legal/ogl/"`) {
		t.Errorf("/ogl/ redirect: %s (%v)", b, err)
	}
	if b, err := os.ReadFile(filepath.Join(bundled, "compare", "index.html")); err != nil || strings.Contains(string(b), "badge-provisional") {
		t.Errorf("the comparison page badges a table provisional (%v)", err)
	}
	for _, size := range issue34Sizes {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			open(t, ctx, base, "/opend6/attacking/")
			if got := eval[string](t, ctx, `document.querySelector(".pager .prev").textContent + " | " + document.querySelector(".pager .next").textContent`); !strings.Contains(got, "OpenD6: ") {
				t.Errorf("previous and next: %q", got)
			}
			for _, r := range query(t, ctx, "pistol") {
				if strings.Contains(r.Text, "pistol_smg") {
					t.Errorf("a search snippet quotes an id: %q", r.Text)
				}
			}
			if size.w < 500 {
				eval[bool](t, ctx, `document.getElementById("search-q").focus(), true`)
				got := eval[string](t, ctx, `[getComputedStyle(document.querySelector(".site-title")).display, document.getElementById("search-q").getBoundingClientRect().width / innerWidth > 0.4].join()`)
				if got != "none,true" {
					t.Errorf("the phone's header while searching (title hidden, the box wide): %s", got)
				}
				viewportShot(t, ctx, "charts-phone-search")
				eval[bool](t, ctx, `document.activeElement.blur(), true`)
				dom := "calc-opend6-attack"
				settledPreset(t, ctx, dom)
				if gap := calcJS[float64](t, ctx, dom, `c.querySelector(".calc-outcomes").getBoundingClientRect().top - c.getBoundingClientRect().top`); gap > phoneH {
					t.Errorf("OpenD6 on a phone: the odds start %v px below the calculator's top", gap)
				}
			}
		})
	}
}

// walkPages calls f with each built page's path and HTML.
func walkPages(t *testing.T, f func(rel, html string)) {
	t.Helper()
	err := filepath.WalkDir(bundled, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "index.html" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(bundled, p)
		f(rel, string(b))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
