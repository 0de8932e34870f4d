package uitest

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"d6codex/calc/systems"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"

	"github.com/chromedp/chromedp"
)

// result is one entry of the search result list as a player sees it.
type result struct {
	Path, Title, System, Text string
	Marks                     []string
}

// query types q into the search box of the open page and returns the
// results shown.
func query(t *testing.T, ctx context.Context, q string) []result {
	t.Helper()
	js := `(() => { const r = document.getElementById("search-results"); r.innerHTML = ""; delete r.dataset.q; document.getElementById("search-q").value = ""; })()`
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](js), chromedp.SendKeys("#search-q", q)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, fmt.Sprintf(`document.getElementById("search-results").dataset.q === %q`, strings.TrimSpace(q)), "results for "+q)
	return eval[[]result](t, ctx, `[...document.querySelectorAll("#search-results .search-list a")].map(a => {
		const u = new URL(a.href);
		return {Path: u.pathname + u.hash, Title: a.querySelector(".r-title").textContent, System: (a.querySelector(".r-system") || {}).textContent || "",
			Text: a.querySelector(".r-text").textContent, Marks: [...a.querySelectorAll("mark")].map(m => m.textContent.toLowerCase())};
	})`)
}

// TestSearchRanking searches as a player does from a system page: every
// system is searched, exact headings first, the current system first
// among equals, each result shows its system, and a snippet is a real
// sentence of the page with the words marked.
func TestSearchRanking(t *testing.T) {
	ctx := newTab(t, desktopW, desktopH)
	base := browser.Serve(t, bundled)
	idx := readIndex(t, bundled)

	open(t, ctx, base, "/skirmish/round/")
	rs := query(t, ctx, "wild die")
	if len(rs) < 2 {
		t.Fatalf("wild die: %d results", len(rs))
	}
	// Every exact "Wild Die" heading or title ranks above the rest.
	exact := 0
	for _, d := range idx.Docs {
		h := strings.ToLower(d[2].(string))
		if h == "" && d[1] == "" {
			h = strings.ToLower(idx.Pages[int(d[0].(float64))][1].(string))
		}
		if h == "wild die" || h == "the wild die" {
			exact++
		}
	}
	t.Logf("wild die from a skirmish page: %d exact headings; first %+v", exact, rs[0])
	if exact == 0 {
		t.Fatal("the bundled site has no Wild Die heading to find")
	}
	for i := range min(exact, len(rs)) {
		if !strings.Contains(strings.ToLower(rs[i].Title), "wild die") {
			t.Errorf("result %d is %q (%s), want an exact Wild Die heading among the first %d", i+1, rs[i].Title, rs[i].Path, exact)
		}
	}
	for _, r := range rs {
		if r.System == "" {
			t.Errorf("%s shows no system", r.Path)
		}
	}

	// Equal matches: the current system's page comes first.
	for _, sys := range damageSystems(t, idx) {
		open(t, ctx, base, "/"+sys+"/")
		rs := query(t, ctx, "damage")
		if len(rs) == 0 || !strings.HasPrefix(rs[0].Path, "/"+sys+"/damage/") {
			t.Errorf("damage from /%s/: first result %+v, want /%s/damage/", sys, first(rs), sys)
		}
		others := 0
		for _, r := range rs {
			if !strings.HasPrefix(r.Path, "/"+sys+"/") {
				others++
			}
		}
		if others == 0 {
			t.Errorf("damage from /%s/: only that system's results; every system is searched", sys)
		}
	}

	// Snippets are sentences of the page, not word lists.
	open(t, ctx, base, "/")
	for _, q := range []string{"wild die", "initiative", "armor"} {
		rs := query(t, ctx, q)
		if len(rs) == 0 {
			t.Fatalf("%s: no results", q)
		}
		for _, r := range rs[:min(5, len(rs))] {
			text := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(r.Text, "…"), "…"))
			if len(strings.Fields(text)) < 3 {
				t.Errorf("%s: %s: snippet %q too short", q, r.Path, r.Text)
				continue
			}
			page := pageText(t, r.Path)
			if !strings.Contains(nospace(page), nospace(squash(text))) {
				t.Errorf("%s: %s: snippet %q is not a passage of the page", q, r.Path, text)
			}
		}
		if !slices.ContainsFunc(rs, func(r result) bool { return len(r.Marks) > 0 }) {
			t.Errorf("%s: no word marked in any result", q)
		}
	}
}

// TestSearchTyposAndTables checks that typo tolerance does not turn a
// known word into another ("wound" never finds "round") and that words
// only in rules tables are found.
func TestSearchTyposAndTables(t *testing.T) {
	ctx := newTab(t, desktopW, desktopH)
	base := browser.Serve(t, bundled)
	open(t, ctx, base, "/")
	rs := query(t, ctx, "wound")
	if len(rs) == 0 {
		t.Fatal("wound: no results")
	}
	for _, r := range rs {
		for _, m := range r.Marks {
			if !strings.HasPrefix(m, "wound") {
				t.Errorf("wound: %s marks %q", r.Path, m)
			}
		}
	}
	word, pages := tableOnlyWord(t)
	t.Logf("searching for %q, a word only in the rules tables of %v", word, pages)
	rs = query(t, ctx, word)
	if len(rs) == 0 {
		t.Fatalf("%q (only in rules tables, on %v): no results", word, pages)
	}
	if p, _, _ := strings.Cut(rs[0].Path, "#"); !slices.Contains(pages, p) {
		t.Errorf("%q: first result %s, want one of the pages with its table %v", word, rs[0].Path, pages)
	}
}

// tableOnlyWord returns a word of a rules table that no Markdown page
// contains, and the pages that embed its table.
func tableOnlyWord(t *testing.T) (string, []string) {
	t.Helper()
	root, err := browser.FindRepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	var md strings.Builder
	uses := map[string][]string{} // table id -> page paths
	fence := regexp.MustCompile("(?m)^```table (\\S+)")
	err = filepath.WalkDir(filepath.Join(root, "content"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		md.WriteString(strings.ToLower(string(b)))
		rel, _ := filepath.Rel(filepath.Join(root, "content"), p)
		rel = "/" + strings.TrimSuffix(strings.TrimSuffix(filepath.ToSlash(rel), ".md"), "_index")
		if !strings.HasSuffix(rel, "/") {
			rel += "/"
		}
		for _, m := range fence.FindAllStringSubmatch(string(b), -1) {
			uses[m[1]] = append(uses[m[1]], rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	all := md.String()
	word := regexp.MustCompile(`^[a-z]{6,}$`)
	for _, sys := range systems.New().Systems() {
		if sys.Tables == nil {
			continue
		}
		for _, tb := range sys.Tables() {
			pages := uses[sys.ID+"/"+tb.ID]
			if len(pages) == 0 {
				continue
			}
			for _, row := range tb.Rows {
				for _, cell := range row[1:] {
					for _, w := range strings.Fields(strings.ToLower(cell)) {
						if word.MatchString(w) && !strings.Contains(all, w) {
							return w, pages
						}
					}
				}
			}
		}
	}
	t.Skip("every word of the rules tables is also in the Markdown: nothing table-only to search for")
	return "", nil
}

// damageSystems returns the systems with a page titled exactly "Damage"
// (at least two, or the test fails).
func damageSystems(t *testing.T, idx flatIndex) []string {
	t.Helper()
	var out []string
	for _, p := range idx.Pages {
		if p[1] == "Damage" && p[2].(float64) >= 0 {
			out = append(out, idx.Systems[int(p[2].(float64))][0])
		}
	}
	if len(out) < 2 {
		t.Fatalf("systems with a Damage page: %v; the test needs two", out)
	}
	return out
}

func nospace(s string) string { return strings.Join(strings.Fields(s), "") }

func first(rs []result) result {
	if len(rs) == 0 {
		return result{}
	}
	return rs[0]
}

var tagRE = regexp.MustCompile(`<[^>]*>`)

// pageText returns the visible text of a built page (tags dropped, white
// space squashed), for comparing snippets.
func pageText(t *testing.T, path string) string {
	t.Helper()
	p, _, _ := strings.Cut(path, "#")
	b, err := os.ReadFile(filepath.Join(bundled, filepath.FromSlash(strings.TrimPrefix(p, "/")), "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	desc := ""
	if m := regexp.MustCompile(`<meta name="description" content="([^"]*)"`).FindStringSubmatch(html); m != nil {
		desc = m[1]
	}
	return squash(desc + " " + tagRE.ReplaceAllString(html, ""))
}

func squash(s string) string {
	s = strings.NewReplacer("&rsquo;", "’", "&lsquo;", "‘", "&ldquo;", "“", "&rdquo;", "”", "&ndash;", "–", "&mdash;", "—", "&hellip;", "…", "&amp;", "&", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&#39;", "'", "&times;", "×", "&minus;", "−").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// buildSite builds a site of the given Markdown files (path under
// content/ -> text) with the repository's static files and returns its
// output directory.
func buildSite(t *testing.T, pages map[string]string) string {
	t.Helper()
	root, err := browser.FindRepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	if err := os.CopyFS(filepath.Join(src, "static"), os.DirFS(filepath.Join(root, "static"))); err != nil {
		t.Fatal(err)
	}
	pages["../site.toml"] = "title = \"Ranking\"\nbaseURL = \"https://rules.test/\"\n"
	for name, body := range pages {
		p := filepath.Join(src, "content", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := site.Build(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-"}); err != nil {
		t.Fatal(err)
	}
	return dest
}

// TestSearchRankingRules checks each ranking rule on a site made for it:
// a heading that is the query beats a page that says the words more
// often; the exact phrase beats the words apart; among equal matches the
// current system's page comes first; and a word the site has is never
// read as a typo of another.
func TestSearchRankingRules(t *testing.T) {
	fm := func(title string) string { return "---\ntitle: " + title + "\n---\n\n" }
	scattered := strings.Repeat("A wild animal bites. Roll a die for it. ", 8)
	dest := buildSite(t, map[string]string{
		"_index.md":       fm("Home") + "Home.\n",
		"alpha/_index.md": fm("Alpha") + "The alpha game.\n",
		"alpha/fight.md":  fm("Fight") + "Every round of a fight, roll a bone.\n\n## Wild die\n\nOne of the dice is special.\n",
		"alpha/beasts.md": fm("Beasts") + scattered + "\n",
		"alpha/phrase.md": fm("Phrase") + "Here the wild die explodes on a six.\n",
		"alpha/apart.md":  fm("Apart") + "A wild boar and a die, and wild beasts roll a die.\n",
		"beta/_index.md":  fm("Beta") + "The beta game.\n",
		"beta/armor.md":   fm("Armor") + "Armor soaks damage.\n",
		"alpha/armor.md":  fm("Armor") + "Armor soaks damage.\n",
		"beta/wounds.md":  fm("Wounds") + "A wound heals in a week.\n",
		"beta/round.md":   fm("Round") + "A round is six seconds.\n",
	})
	ctx := newTab(t, desktopW, desktopH)
	base := browser.Serve(t, dest)

	open(t, ctx, base, "/beta/")
	paths := func(rs []result) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.Path)
		}
		return out
	}
	rs := query(t, ctx, "wild die")
	t.Logf("wild die: %v", paths(rs))
	if len(rs) < 3 || rs[0].Path != "/alpha/fight/#wild-die" {
		t.Errorf("wild die: %v, want the Wild die heading first", paths(rs))
	}
	if i, j := slices.Index(paths(rs), "/alpha/phrase/"), slices.Index(paths(rs), "/alpha/apart/"); i < 0 || j < 0 || i > j {
		t.Errorf("wild die: the exact phrase (%d) must rank above the words apart (%d): %v", i, j, paths(rs))
	}
	if i, j := slices.Index(paths(rs), "/alpha/phrase/"), slices.Index(paths(rs), "/alpha/beasts/"); i < 0 || j < 0 || i > j {
		t.Errorf("wild die: the exact phrase (%d) must rank above a page saying the words more often apart (%d): %v", i, j, paths(rs))
	}

	for _, sys := range []string{"alpha", "beta"} {
		open(t, ctx, base, "/"+sys+"/")
		rs := query(t, ctx, "armor")
		if len(rs) < 2 || rs[0].Path != "/"+sys+"/armor/" {
			t.Errorf("armor from /%s/: %v, want /%s/armor/ first", sys, paths(rs), sys)
		}
	}

	rs = query(t, ctx, "wound")
	if got := paths(rs); !slices.Equal(got, []string{"/beta/wounds/"}) {
		t.Errorf("wound: %v, want only /beta/wounds/ (never the Round page)", got)
	}
	rs = query(t, ctx, "wonds") // a typo of a word the site has
	if got := paths(rs); len(got) == 0 || got[0] != "/beta/wounds/" {
		t.Errorf("wonds: %v, want /beta/wounds/", got)
	}
}

// TestTypoHighlightedOnPage (issue 25, item 12): a result found through a
// typo ("wlid die") opens its page with the word it was taken for
// highlighted ("Wild"), not only the words typed right ("Die").
func TestTypoHighlightedOnPage(t *testing.T) {
	ctx := newTab(t, desktopW, desktopH)
	base := browser.Serve(t, bundled)
	open(t, ctx, base, "/")
	rs := query(t, ctx, "wlid die")
	if len(rs) == 0 {
		t.Fatal("wlid die: no results")
	}
	href := eval[string](t, ctx, `document.querySelector("#search-results .search-list a").href`)
	if err := chromedp.Do(ctx, chromedp.Navigate(href)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.readyState === "complete" && !document.querySelector(".theme-toggle").hidden`, "the result's page")
	marks := eval[[]string](t, ctx, `[...new Set([...document.querySelectorAll("main mark.hl")].map((m) => m.textContent.toLowerCase()))]`)
	if !slices.Contains(marks, "wild") || !slices.Contains(marks, "die") {
		t.Errorf("wlid die: %s highlights %q, want wild and die", href, marks)
	}
}
