package site

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"d6codex/cmd/sitegen/internal/layout/quartz"
	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// conformanceSecret marks the text of every note Quartz does not
// publish: neither build may carry it.
const conformanceSecret = "SECRET-TWIST"

// quartzConformanceFixture is a small Quartz site that exercises the
// rules the layout implements: titles from front matter and file names,
// slugs of awkward names, the Explorer's order (folders first, numbers,
// case, accents, punctuation), folder names, both filters, ignore
// patterns, and links of every strategy's cases (a unique name, an
// ambiguous one, a path, ./ and ../, an alias, a folder, a heading, a
// missing note).
func quartzConformanceFixture() map[string]string {
	pub := func(body string) string { return "---\npublish: true\n---\n" + body }
	secret := "\n" + conformanceSecret + "\n"
	return map[string]string{
		"quartz.config.ts": quartzConfig("[Plugin.RemoveDrafts(), Plugin.ExplicitPublish()]", "shortest"),
		"content/index.md": "---\ntitle: Six Sides\npublish: true\n---\n" +
			"[[Combat Basics]] [[Dice]] [[Rules/Dice|rules dice]] [[Magic/Dice]] [[Gobbo]] [[Bestiary/]] [[Rules]] " +
			"[[Combat Basics#Rounds]] [[Nowhere]] [[Scene 1]] [md](Combat%20Basics.md) [md2](Rules/Hit%20&%20Run.md) [md3](./Appendix.md)\n",
		"content/Appendix.md":               pub("# Appendix\n\n[back](../index.md) [up](index.md)\n"),
		"content/zeta notes.md":             pub("Z.\n"),
		"content/Éclair.md":                 pub("E.\n"),
		"content/_underscored.md":           pub("U.\n"),
		"content/Rules/index.md":            "---\ntitle: The Rules\npublish: true\n---\nAll the rules. [[2 Dice]] [[../Appendix]]\n",
		"content/Rules/Combat Basics.md":    pub("# Combat, the basics\n\n## Rounds\n\nSee [[Hit & Run]] and [[Dice]].\n"),
		"content/Rules/Hit & Run.md":        pub("Hit and run.\n"),
		"content/Rules/100% Sure?.md":       pub("Sure.\n"),
		"content/Rules/2 Dice.md":           pub("Two.\n"),
		"content/Rules/10 Dice.md":          pub("Ten.\n"),
		"content/Rules/Dice.md":             pub("Rules dice. [[./Combat Basics]]\n"),
		"content/Rules/apple.md":            pub("Apple.\n"),
		"content/Rules/Banana.md":           "---\ntitle: banana split\npublish: true\n---\n",
		"content/Rules/Chapter 1.10.md":     pub("1.10\n"),
		"content/Rules/Chapter 1.9.md":      pub("1.9\n"),
		"content/Magic/Dice.md":             pub("Magic dice.\n"),
		"content/Magic/Schools/Fire.md":     pub("Fire.\n"),
		"content/Magic/Schools/frost.md":    pub("Frost.\n"),
		"content/Bestiary/index.md":         pub("The beasts.\n"),
		"content/Bestiary/Goblin.md":        "---\npublish: \"true\"\naliases: [Gobbo]\n---\nA goblin.\n",
		"content/Bestiary/Orc Chief.md":     pub("An orc.\n"),
		"content/bestiary notes/Rat.md":     pub("A rat.\n"),
		"content/Campaign/Scene 1.md":       "# Scene 1" + secret,
		"content/Campaign/Scene 2.md":       "---\npublish: false\n---\n" + secret,
		"content/Campaign/Session/Night.md": "---\ndraft: true\npublish: true\n---\n" + secret,
		"content/Draft.md":                  "---\npublish: true\ndraft: \"true\"\n---\n" + secret,
		"content/private/gm.md":             pub(secret),
		"content/templates/Monster.md":      pub(secret),
		"content/Rules/gm-plans.md":         pub(secret),
		"content/.obsidian/app.json":        "{}",
	}
}

// TestQuartzConformance builds the fixture with Quartz itself and with
// sitegen and compares what a reader sees: the pages published and their
// URLs, their titles, the Explorer's entries in order, which links lead
// to a page, and that nothing private is published. Quartz runs from the
// checkout QUARTZ_DIR points at (a Quartz v4 repository after npm ci:
// `make conformance`); the Explorer is read from Quartz's page in
// Chromium, where Quartz's own script builds it.
func TestQuartzConformance(t *testing.T) {
	qdir := quartzDir(t)
	src := t.TempDir()
	sitetest.WriteFiles(t, src, quartzConformanceFixture())
	compareQuartz(t, qdir, src, t.Errorf)
}

// TestQuartzCorpora compares sitegen's build of each Quartz site named in
// QUARTZ_CORPORA (folders, separated by ":") with Quartz's, as
// TestQuartzConformance does, and logs each difference instead of failing:
// a real site has differences to report, not to hide (make
// conformance-quartz with QUARTZ_CORPORA set).
func TestQuartzCorpora(t *testing.T) {
	if os.Getenv("QUARTZ_CORPORA") == "" {
		t.Skip("QUARTZ_CORPORA is not set: it lists Quartz sites (folders holding quartz.config.ts and content/) to compare")
	}
	qdir := quartzDir(t)
	for _, dir := range filepath.SplitList(os.Getenv("QUARTZ_CORPORA")) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			n := 0
			compareQuartz(t, qdir, dir, func(format string, args ...any) {
				n++
				t.Logf("difference: "+format, args...)
			})
			t.Logf("%d differences", n)
		})
	}
}

// quartzDir is the Quartz checkout the tests build with, or a skip.
func quartzDir(t *testing.T) string {
	qdir := os.Getenv("QUARTZ_DIR")
	if qdir == "" {
		t.Skip("QUARTZ_DIR is not set: it names a Quartz v4 checkout with its node_modules (npm ci); make conformance sets it")
	}
	if _, err := os.Stat(filepath.Join(qdir, "node_modules")); err != nil {
		t.Fatalf("QUARTZ_DIR %s has no node_modules: run npm ci there", qdir)
	}
	return qdir
}

// compareQuartz builds the Quartz site at src with Quartz (the checkout
// qdir, with src's quartz.config.ts) and with sitegen, and reports each
// difference in what a reader sees through report: the pages published
// and their URLs, their titles, the Explorer's entries in order, which
// links lead to a page, and anything private published.
func compareQuartz(t *testing.T, qdir, src string, report func(format string, args ...any)) {
	// Quartz's build, in a work folder holding its code, its modules
	// and the site's settings.
	// A site that carries its own Quartz (its quartz/ folder, plugins of
	// its own included) is built with it, on qdir's node_modules.
	work := t.TempDir()
	code := qdir
	if _, err := os.Stat(filepath.Join(src, "quartz", "bootstrap-cli.mjs")); err == nil {
		code = src
	}
	for _, f := range []string{"package.json", "tsconfig.json", "quartz.layout.ts"} {
		from := filepath.Join(code, f)
		if _, err := os.Stat(from); err != nil {
			from = filepath.Join(qdir, f)
		}
		copyFile(t, from, filepath.Join(work, f))
	}
	if err := os.CopyFS(filepath.Join(work, "quartz"), os.DirFS(filepath.Join(code, "quartz"))); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(qdir, "node_modules"), filepath.Join(work, "node_modules")); err != nil {
		t.Fatal(err)
	}
	// The emitter of social images fetches fonts over the network: it
	// makes no page, and is left out.
	cfg, err := os.ReadFile(filepath.Join(src, "quartz.config.ts"))
	if err != nil {
		t.Fatal(err)
	}
	cfg = regexp.MustCompile(`Plugin\.CustomOgImages\([^)]*\),?`).ReplaceAll(cfg, nil)
	if err := os.WriteFile(filepath.Join(work, "quartz.config.ts"), cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	qout := filepath.Join(work, "public")
	cmd := exec.Command("node", "quartz/bootstrap-cli.mjs", "build", "-d", filepath.Join(src, "content"), "-o", qout)
	cmd.Dir = work
	start := time.Now()
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("quartz build: %v\n%s", err, b)
	}
	t.Logf("quartz build: %v", time.Since(start))

	// sitegen's build.
	sout := filepath.Join(t.TempDir(), "public")
	start = time.Now()
	s, res, err := BuildSite(context.Background(), Options{Source: src, Dest: sout, Theme: theme, BrokenLinks: "warn", CacheDir: "-"})
	if err != nil {
		t.Fatalf("sitegen build: %v", err)
	}
	t.Logf("sitegen build: %v, %d warnings", time.Since(start), len(res.WarningList))
	base := "/"
	if u, err := url.Parse(s.cfg.BaseURL); err == nil {
		base = u.Path
	}

	// What Quartz published: its content index (slug -> title, links).
	var index map[string]struct {
		Title string   `json:"title"`
		Links []string `json:"links"`
	}
	raw, err := os.ReadFile(filepath.Join(qout, "static", "contentIndex.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &index); err != nil {
		t.Fatal(err)
	}
	quartzPages := map[string]string{} // slug -> title
	for slug, d := range index {
		quartzPages[slug] = d.Title
	}
	sitegenPages := map[string]string{} // slug of the page's file -> title
	for _, p := range s.pages {
		if p.file == "" {
			continue
		}
		slug := quartz.Slug(p.rel)
		sitegenPages[slug] = p.title
		// The URL: Quartz's slug, a folder's page at the folder.
		want := "/" + strings.TrimSuffix(strings.TrimSuffix(slug, "index"), "/") + "/"
		if want == "//" {
			want = "/"
		}
		if p.sitePath != want {
			report("%s: URL %s, Quartz's %s", p.file, p.sitePath, want)
		}
	}

	// 1. The pages and their URLs.
	for _, slug := range slices.Sorted(mapKeys(sitegenPages)) {
		if _, ok := quartzPages[slug]; !ok {
			report("page %s: sitegen's only", slug)
		}
	}
	for _, slug := range slices.Sorted(mapKeys(quartzPages)) {
		if _, ok := sitegenPages[slug]; !ok {
			report("page %s: Quartz's only", slug)
		}
	}
	// 2. Titles. A folder's index.md without a title is titled "index"
	// by Quartz and named by its folder in the Explorer: sitegen titles
	// it by its folder.
	for _, slug := range slices.Sorted(mapKeys(quartzPages)) {
		qt := quartzPages[slug]
		st, ok := sitegenPages[slug]
		folderName := qt == "index" && st == path.Base(path.Dir(slug))
		if ok && st != qt && !folderName {
			report("%s: title %q, Quartz's %q", slug, st, qt)
		}
	}
	// 3. The Explorer.
	quartzNav := quartzExplorer(t, qout)
	sitegenNav := explorerOf(s)
	if !slices.Equal(sitegenNav, quartzNav) {
		report("navigation differs (%d entries out of place):\nsitegen %q\nquartz  %q", outOfPlace(sitegenNav, quartzNav), sitegenNav, quartzNav)
	}
	// 4. Which links lead to a page.
	exists := func(slug string) bool {
		if _, ok := index[slug]; ok {
			return true
		}
		if _, ok := index[strings.TrimSuffix(slug, "/")+"/index"]; ok || slug == "/" {
			return true
		}
		for k := range index {
			if strings.HasPrefix(k, strings.TrimSuffix(slug, "/")+"/") {
				return true // a folder: Quartz makes its page
			}
		}
		if _, err := os.Stat(filepath.Join(qout, filepath.FromSlash(slug))); err == nil && path.Ext(slug) != "" {
			return true // a file
		}
		return false
	}
	// A link to an alias leads to Quartz's redirect page, titled by the
	// page it redirects to (AliasRedirects).
	titleRE := regexp.MustCompile(`<title>([^<]*)</title>`)
	redirect := func(slug string) (string, bool) {
		b, err := os.ReadFile(filepath.Join(qout, filepath.FromSlash(slug)+".html"))
		if err != nil || !strings.Contains(string(b), `http-equiv="refresh"`) {
			return "", false
		}
		m := titleRE.FindSubmatch(b)
		return string(m[1]), m != nil
	}
	links, linkDiffs := 0, 0
	for _, slug := range slices.Sorted(mapKeys(quartzPages)) {
		var want []string
		for _, l := range index[slug].Links {
			if to, ok := redirect(l); ok {
				l = to
			}
			if exists(l) {
				want = append(want, strings.TrimSuffix(l, "/"))
			}
		}
		got := sitegenLinks(t, sout, base, slug)
		slices.Sort(want)
		want = slices.Compact(want)
		links += len(want)
		if !slices.Equal(got, want) {
			linkDiffs++
			report("%s links to %q, Quartz's to %q", slug, got, want)
		}
	}
	// 5. Nothing private: a note Quartz did not publish is not in
	// sitegen's output either.
	for _, p := range s.pages {
		if p.file != "" {
			if _, ok := quartzPages[quartz.Slug(p.rel)]; !ok {
				report("sitegen publishes %s, which Quartz does not", p.file)
			}
		}
	}
	for _, dir := range []string{qout, sout} {
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if b, _ := os.ReadFile(p); strings.Contains(string(b), conformanceSecret) {
					report("%s publishes a private note", p)
				}
			}
			return nil
		})
	}
	t.Logf("compared %d pages (Quartz %d, sitegen %d), %d Explorer entries, %d links (%d pages' links differ)",
		len(quartzPages), len(quartzPages), len(sitegenPages), len(quartzNav), links, linkDiffs)
}

// outOfPlace counts the entries of got not where want has them: the
// entries outside a longest common subsequence of the two.
func outOfPlace(got, want []string) int {
	m, n := len(got), len(want)
	lcs := make([][]int, m+1)
	for i := range lcs {
		lcs[i] = make([]int, n+1)
	}
	for i := m - 1; i >= 0; i-- {
		for j := n - 1; j >= 0; j-- {
			if got[i] == want[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	return max(m, n) - lcs[0][0]
}

// explorerOf is sitegen's navigation as Quartz's Explorer lists it: one
// "depth name" (a folder's ending in "/") an entry, in order.
func explorerOf(s *Site) []string {
	var out []string
	var walk func(ps []*page, depth int)
	walk = func(ps []*page, depth int) {
		for _, p := range ps {
			if p.navExclude {
				continue
			}
			name := p.label()
			if p.kind == 1 {
				name += "/"
			}
			out = append(out, fmt.Sprintf("%d %s", depth, name))
			walk(p.children, depth+1)
		}
	}
	walk(s.home.children, 0)
	return out
}

// quartzExplorer reads the Explorer of Quartz's home page in Chromium.
func quartzExplorer(t *testing.T, dir string) []string {
	ctx := browser.New(t, 1280, 900)
	base := browser.Serve(t, dir)
	if _, err := chromedp.RunResponse(ctx, chromedp.Navigate(base+"/index.html"), chromedp.WaitReady(`.explorer-ul li`)); err != nil {
		t.Fatalf("open Quartz's home page: %v", err)
	}
	js, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
			const out = [];
			const walk = (ul, depth) => {
				for (const li of ul.children) {
					const folder = li.querySelector(':scope > .folder-container .folder-title');
					if (folder) {
						out.push(depth + " " + folder.textContent + "/");
						const sub = li.querySelector(':scope > .folder-outer > ul');
						if (sub) walk(sub, depth + 1);
						continue;
					}
					const a = li.querySelector(':scope > a');
					if (a) out.push(depth + " " + a.textContent);
				}
			};
			walk(document.querySelector('.explorer .explorer-ul'), 0);
			return JSON.stringify(out);
		})()`))
	if err != nil {
		t.Fatalf("read Quartz's Explorer: %v", err)
	}
	var out []string
	if err := json.Unmarshal([]byte(js), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

var hrefRE = regexp.MustCompile(`<a ([^>]*)href="([^"]*)"`)

// sitegenLinks is the Quartz slugs of the pages, folders and files that
// sitegen's page of slug links to from its text.
func sitegenLinks(t *testing.T, out, base, slug string) []string {
	p := strings.TrimSuffix(slug, "index")
	b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(strings.TrimSuffix(p, "/")), "index.html"))
	if err != nil {
		return nil
	}
	body := string(b)
	start := strings.Index(body, `<div class="content">`)
	if start < 0 {
		return nil
	}
	end := len(body) // the page's own text: up to its list of pages, its line of dates, or the article's end
	for _, mark := range []string{`<h2 id="in-this-section">`, `<h2 id="contents">`, `<p class="page-meta">`, `</article>`} {
		if i := strings.Index(body[start:], mark); i >= 0 && start+i < end {
			end = start + i
		}
	}
	var got []string
	for _, m := range hrefRE.FindAllStringSubmatch(body[start:end], -1) {
		if strings.Contains(m[1], `class="tag"`) {
			continue // an inline #tag: Quartz's content index lists no tag links
		}
		h := m[2]
		if !strings.HasPrefix(h, base) || strings.HasPrefix(h, "//") {
			continue
		}
		h, _, _ = strings.Cut(strings.TrimPrefix(h, base), "#") // "" for the home page
		if u, err := url.PathUnescape(h); err == nil {
			h = u
		}
		if path.Ext(h) != "" {
			h = quartz.Slug(h) // a file: Quartz's name for it
		}
		got = append(got, strings.TrimSuffix(h, "/"))
	}
	slices.Sort(got)
	return slices.Compact(got)
}

func mapKeys(m map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
