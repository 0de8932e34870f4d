package site

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// The rules of a plain folder of Markdown (layout.Folder), one test each.
// Issue 32 is the spec: "A folder of Markdown publishes a site, not a
// repository: Markdown pages and the files they reference (images,
// downloads), never build scripts, source code, lock files or dot-files;
// natural sort (`2.10` after `2.9`, `10` after `9`); a title from the
// first heading at any level when the page starts with it, not repeated
// below; a file that concatenates the others (generated from them) is not
// a second copy in the navigation where it can be told".

// buildFolder writes files (no settings file: a folder of Markdown) and
// builds them, returning the published tree (search parts inflated).
func buildFolder(t *testing.T, files map[string]string) (map[string]string, Result) {
	t.Helper()
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, files)
	dest := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return publishedTree(t, dest), res
}

// TestFolderPublishesLinkedFiles: a file that is not a page is published
// when a published page links to it or shows it (a Markdown link or
// image, from the page's folder or from the repository's root), and not
// otherwise.
func TestFolderPublishesLinkedFiles(t *testing.T) {
	out, _ := buildFolder(t, map[string]string{
		"README.md": "# SRD\n\n![logo](Logos/stamp.png) [the PDF](docs/SRD.pdf) [map](/Images/Map.png)\n" +
			"[sheet](chapters/sheet.pdf) [chapter](chapters/one.md)\n",
		"chapters/one.md":       "# One\n\n![fig](fig/a.png) ![up](../Logos/stamp.png)\n",
		"chapters/fig/a.png":    "png a",
		"chapters/sheet.pdf":    "pdf sheet",
		"Logos/stamp.png":       "png stamp",
		"Logos/stamp.psd":       "psd",
		"Images/Map.png":        "png map",
		"Images/unused.png":     "png unused",
		"docs/SRD.pdf":          "pdf",
		"docs/SRD.tex":          "tex",
		"docs/SRD.log":          "log",
		"create_formats.sh":     "#!/bin/sh\npandoc\n",
		"chaosium.latex":        "\\documentclass{book}",
		"firestore.rules":       "rules_version = '2';",
		"package.json":          "{}",
		"package-lock.json":     "{}",
		"src/app.js":            "console.log(1)",
		"node_modules/x/x.js":   "x",
		".env":                  "SECRET=1",
		".github/workflows/x.y": "on: push",
	})
	// Published at their paths, folders in lower case as page URLs are.
	for _, p := range []string{"logos/stamp.png", "docs/SRD.pdf", "images/Map.png", "chapters/sheet.pdf", "chapters/fig/a.png"} {
		if _, ok := out[p]; !ok {
			t.Errorf("%s, which a page links to, is not published", p)
		}
	}
	for _, p := range []string{"logos/stamp.psd", "images/unused.png", "docs/SRD.tex", "docs/SRD.log", "create_formats.sh", "chaosium.latex",
		"firestore.rules", "package.json", "package-lock.json", "src/app.js", "node_modules/x/x.js", ".env", ".github/workflows/x.y"} {
		if _, ok := out[p]; ok {
			t.Errorf("%s is published, though no page links to it", p)
		}
	}
	if !strings.Contains(out["index.html"], `href="/images/Map.png"`) {
		t.Errorf("the link from the repository's root is not the file's URL")
	}
}

// TestFolderFileLinks: links resolve from the file that holds them, as
// on GitHub: to a folder's page ("../other/"), to a file without an
// extension ("LICENSE"), and in raw HTML (<img src>, <a href>), whose
// files are then published too.
func TestFolderFileLinks(t *testing.T) {
	files := map[string]string{
		"README.md":             "# Game\n\n<p align=\"center\"><img src=\"images/logo.png\" width=\"200\"></p>\n\nThe [License](LICENSE).\n",
		"images/logo.png":       "png",
		"images/quad types.svg": "<svg/>",
		"LICENSE":               "MIT",
		"NOTICE":                "not linked",
		"rules/combat.md": "# Combat\n\n[other](../other/) [license](../LICENSE) [top](../) [rules](./) [raw](<../other/README.md>)\n\n" +
			"<img src=\"../images/logo.png\" alt=\"logo\"> <a href=\"../other/README.md\">raw other</a>\n\n" +
			"<img src=\"../images/quad types.svg\">\n\n" + // eval4A HA10: a browser asks for quad%20types.svg (see TestSanitize)

			"From the repository's root: [readme](/other/README.md) [page](/rules/combat.md#combat) [folder](/rules/)\n",
		"rules/README.md": "# Rules\n",
		"other/README.md": "# Other\n",
	}
	out, res := buildFolder(t, files)
	combat := out["rules/combat/index.html"]
	for _, want := range []string{`href="/other/">other</a>`, `href="/LICENSE">license</a>`, `href="/">top</a>`, `href="/rules/">rules</a>`,
		`<img src="/images/logo.png" alt="logo">`, `<a href="/other/">raw other</a>`, `<img src="/images/quad%20types.svg">`,
		`href="/other/">readme</a>`, `href="/rules/combat/">page</a>`, `href="/rules/">folder</a>`} {
		if !strings.Contains(combat, want) {
			t.Errorf("rules/combat lacks %s", want)
		}
	}
	if !strings.Contains(out["index.html"], `<p align="center"><img src="/images/logo.png" width="200"></p>`) {
		t.Errorf("the README's raw HTML picture is not the published file")
	}
	for _, p := range []string{"images/logo.png", "LICENSE", "images/quad types.svg"} {
		if _, ok := out[p]; !ok {
			t.Errorf("%s is not published", p)
		}
	}
	if _, ok := out["NOTICE"]; ok {
		t.Errorf("NOTICE is published, though no page links to it")
	}
	if len(res.WarningList) != 0 {
		t.Errorf("warnings: %v", res.WarningList)
	}
	files["rules/combat.md"] = "# Combat\n\n[gone](../nowhere/) <img src=\"../images/none.png\">\n\n[scripts](../build)\n"
	// A folder of the source that holds no page (build scripts), which
	// GitHub shows as its file list: the warning says it is a folder, not
	// that it does not exist (LazurasLong/moonlight-core's "[build](build)").
	files["build/build.sh"] = "#!/bin/sh\npandoc source/*.md\n"
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, files)
	_, err := build(t, dir, content.Options{Theme: theme})
	for _, want := range []string{`rules/combat.md:3:1: broken link "../nowhere/": nowhere is no page, folder or file`,
		`rules/combat.md:3:21: broken image "../images/none.png": images/none.png does not exist`,
		`rules/combat.md:5:1: broken link "../build": build/ is a folder without a page (GitHub lists its files; a site has no such listing): link a page or file in it`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want %s", err, want)
		}
	}
}

// navTitles returns the titles of a page's navigation, in order.
func navTitles(html string) []string {
	nav := regexp.MustCompile(`(?s)<nav[^>]*class="[^"]*site-nav[^"]*".*?</nav>`).FindString(html)
	if nav == "" {
		nav = regexp.MustCompile(`(?s)<nav.*?</nav>`).FindString(html)
	}
	var titles []string
	for _, m := range regexp.MustCompile(`(?s)<a[^>]*>(.*?)</a>`).FindAllStringSubmatch(nav, -1) {
		titles = append(titles, strings.TrimSpace(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(m[1], "")))
	}
	return titles
}

// TestFolderNaturalOrder: siblings are ordered by file name, numbers by
// value ("2.10" after "2.9", "10.0" after "1.5"), whatever their titles;
// a folder of zero-padded numbers keeps text order ("111-" is 1.1.1).
func TestFolderNaturalOrder(t *testing.T) {
	files := map[string]string{"README.md": "# Home\n"}
	var want []string
	for _, n := range []string{"1.5_Participants", "2.1_Abilities", "2.9_Goals", "2.10_Mobs", "9.2_Resources", "10.0_Appendix"} {
		// Titles in reverse alphabetical order: the file names decide.
		title := "Zz " + strings.Repeat("a", 12-len(want))
		files[n+".md"] = "# " + title + "\n"
		want = append(want, title)
	}
	files["Book/00-Front.md"] = "# Front\n"
	files["Book/10-World.md"] = "# World\n"
	files["Book/111-Districts.md"] = "# Districts\n"
	files["Book/20-Factions.md"] = "# Factions\n"
	files["Book/74-Equipment.md"] = "# Equipment\n"
	out, _ := buildFolder(t, files)
	if got := navTitles(out["index.html"]); !slices.Equal(got[:len(want)], want) {
		t.Errorf("top of the navigation = %q, want %q", got, want)
	}
	book := []string{"Front", "World", "Districts", "Factions", "Equipment"}
	got := navTitles(out["book/00-front/index.html"])
	i := slices.Index(got, "Book")
	if i < 0 || len(got) < i+1+len(book) || !slices.Equal(got[i+1:i+1+len(book)], book) {
		t.Errorf("Book's navigation = %q, want %q after Book", got, book)
	}
	if !strings.Contains(out["2.9_goals/index.html"], `rel="next" href="/2.10_mobs/"`) && !strings.Contains(out["2.9_goals/index.html"], `href="/2.10_mobs/" rel="next"`) {
		t.Errorf("2.9's next page is not 2.10")
	}
}

// h1s returns the text of a page's <h1> elements.
func h1s(html string) []string {
	var got []string
	for _, m := range regexp.MustCompile(`(?s)<h1[^>]*>(.*?)</h1>`).FindAllStringSubmatch(html, -1) {
		got = append(got, strings.TrimSpace(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(regexp.MustCompile(`(?s)<a[^>]*>.*?</a>`).ReplaceAllString(m[1], ""), "")))
	}
	return got
}

// TestFolderHeadingTitles: a page that starts with a heading of any level
// takes its title from it (punctuation kept) and shows it once; the file
// name is the last resort. GitHub Pages, which publishes a folder of
// Markdown with jekyll-titles-from-headings
// (https://github.com/benbalter/jekyll-titles-from-headings), takes "the
// first non-whitespace line in a Markdown H1, H2, H3" as the title.
func TestFolderHeadingTitles(t *testing.T) {
	out, _ := buildFolder(t, map[string]string{
		"README.md":              "# QuestWorlds SRD\n\nText.\n",
		"1.1_Why_QuestWorlds.md": "## 1.1 Why QuestWorlds?\n\nBecause.\n\n### 1.1.1 Trust\n",
		"deep.md":                "\n#### Deep *one*\n\nText.\n",
		"later.md":               "Intro first.\n\n## Later heading\n",
		"fm.md":                  "---\ntitle: From front matter\n---\n## Kept heading\n",
		"h1-later.md":            "Intro.\n\n# The H1\n",
		"links.md":               "# Links\n\n[why](1.1_Why_QuestWorlds.md#11-why-questworlds)\n",
	})
	tests := []struct {
		page    string
		h1      string
		title   string // the document's <title>, before " · "
		missing string // text the page must not show again ("" none)
	}{
		{"1.1_why_questworlds/index.html", "1.1 Why QuestWorlds?", "1.1 Why QuestWorlds?", ">1.1 Why QuestWorlds?<a"},
		{"deep/index.html", "Deep one", "Deep one", "<h4"},
		{"later/index.html", "Later", "Later", ""}, // file name: the heading does not start the page
		{"fm/index.html", "From front matter", "From front matter", ""},
		{"h1-later/index.html", "The H1", "The H1", ""},
	}
	for _, tt := range tests {
		html := out[tt.page]
		if got := h1s(html); len(got) != 1 || got[0] != tt.h1 {
			t.Errorf("%s: <h1> = %q, want one, %q", tt.page, got, tt.h1)
		}
		if !strings.Contains(html, "<title>"+templateEscape(tt.title)+" · ") {
			t.Errorf("%s: <title> is not %q", tt.page, tt.title)
		}
		if tt.missing != "" && strings.Contains(html, tt.missing) {
			t.Errorf("%s: the heading is shown again (%q)", tt.page, tt.missing)
		}
	}
	if !strings.Contains(out["later/index.html"], ">Later heading") || !strings.Contains(out["fm/index.html"], ">Kept heading") {
		t.Errorf("a heading that is not the title was dropped")
	}
	if !strings.Contains(out["1.1_why_questworlds/index.html"], `id="111-trust"`) {
		t.Errorf("the page's other headings are lost")
	}
	if !strings.Contains(out["links/index.html"], `href="/1.1_why_questworlds/"`) {
		t.Errorf("a link to the title heading's id does not go to the page's top")
	}
}

// templateEscape escapes text as templ does in <title>.
func templateEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace(s)
}

// TestFolderCopies: a page that repeats the text of three or more other
// pages, which make most of it, is published but is no second copy in the
// navigation, the reading order, the sitemap or search; pages that quote
// or list others are ordinary pages.
func TestFolderCopies(t *testing.T) {
	chapter := func(n string) string {
		return "## " + n + "\n\nThe rules of " + n + " in a few words.\n\nAnd a second paragraph on " + n + ".\n\n\n"
	}
	names := []string{"1_Alpha", "2_Beta", "3_Gamma", "4_Delta"}
	files := map[string]string{
		"README.md":          "# Book\n\n[Everything in one page](markdown/Book.md)\n",
		"quote.md":           "# Quote\n\n" + chapter("1_Alpha") + "My own words, many of them, that are no chapter's at all, and more of them.\n",
		"toc.md":             "# Contents\n\n- [Alpha](1_Alpha.md)\n- [Beta](2_Beta.md)\n- [Gamma](3_Gamma.md)\n- [Delta](4_Delta.md)\n",
		"create_markdown.sh": "cat 1_Alpha.md 2_Beta.md 3_Gamma.md 4_Delta.md > markdown/Book.md\n",
	}
	all := ""
	for _, n := range names {
		files[n+".md"] = chapter(n)
		all += chapter(n)
	}
	files["markdown/Book.md"] = all
	files["short/one.md"] = "# x\n" // one line pages prove nothing
	out, res := buildFolder(t, files)
	if _, ok := out["markdown/book/index.html"]; !ok {
		t.Fatalf("the copy is not published at its URL")
	}
	if !strings.Contains(out["index.html"], `href="/markdown/book/"`) {
		t.Errorf("the link to the copy does not resolve")
	}
	// Named by its file: its first heading is the first chapter's.
	if got := h1s(out["markdown/book/index.html"]); !slices.Equal(got, []string{"Book"}) {
		t.Errorf("the copy's <h1> = %q, want its file name", got)
	}
	if !strings.Contains(out["markdown/book/index.html"], `<h2 id="1_alpha">1_Alpha`) {
		t.Errorf("the copy's first heading is not in place")
	}
	for name, html := range out {
		if strings.HasSuffix(name, "index.html") && name != "markdown/book/index.html" && slices.Contains(navTitles(html), "Markdown") {
			t.Errorf("%s: the copy's folder is in the navigation", name)
		}
	}
	if strings.Contains(out["sitemap.xml"], "/markdown/book/") {
		t.Errorf("the copy is in the sitemap")
	}
	for name, body := range out {
		if strings.HasPrefix(name, "search/") && strings.Contains(body, "/markdown/book/") {
			t.Errorf("the copy is in the search index (%s)", name)
		}
	}
	if strings.Contains(out["4_delta/index.html"], `href="/markdown/book/"`) {
		t.Errorf("the copy is in the reading order")
	}
	for _, p := range []string{"quote/index.html", "toc/index.html"} {
		if !slices.Contains(navTitles(out[p]), map[string]string{"quote/index.html": "Quote", "toc/index.html": "Contents"}[p]) {
			t.Errorf("%s, which is no copy, is not in the navigation", p)
		}
	}
	if len(res.Info) != 1 || !strings.Contains(res.Info[0], "markdown/Book.md repeats the text of 4 other pages") {
		t.Errorf("Info = %q, want a note on markdown/Book.md", res.Info)
	}
}

// TestFolderPandocBook: the chapters of a book that pandoc joins into one
// document link to each other's headings as "#combat", and hold paragraphs
// of TeX commands for the PDF (pandoc drops them from HTML: "Inline LaTeX
// is ignored in output formats other than Markdown, LaTeX, Emacs Org
// mode, and ConTeXt", https://pandoc.org/MANUAL.html#extension-raw_tex).
func TestFolderPandocBook(t *testing.T) {
	out, res := buildFolder(t, map[string]string{
		"README.md":       "# Book\n",
		"01-Intro.md":     "# Introduction #\n\n\\pagestyle{headings}\n\nSee [Combat](#combat) and [ranged attacks](#ranged-attacks).\n",
		"04-Combat.md":    "# Combat #\n\nText.\n\n## Ranged Attacks ##\n\n\\pagebreak\n",
		"05-Loot.md":      "# Loot #\n\n## Going to Town ##\n",
		"06-Encounter.md": "# Encounters\n\n## Going to Town ##\n\nSee [town](#going-to-town).\n",
	})
	intro := out["01-intro/index.html"]
	for _, want := range []string{`href="/04-combat/"`, `href="/04-combat/#ranged-attacks"`} {
		if !strings.Contains(intro, want) {
			t.Errorf("intro lacks %s", want)
		}
	}
	if !strings.Contains(out["06-encounter/index.html"], `href="#going-to-town"`) {
		t.Errorf("a heading of the page itself does not win over another page's")
	}
	for name, html := range out {
		if strings.Contains(html, "pagebreak") || strings.Contains(html, "pagestyle") {
			t.Errorf("%s shows TeX", name)
		}
	}
	if len(res.WarningList) != 0 {
		t.Errorf("warnings: %v", res.WarningList)
	}
}

// TestFolderBookAnchorAmbiguous: "#x" that two other pages have is broken.
func TestFolderBookAnchorAmbiguous(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"README.md": "# Book\n\n[town](#going-to-town)\n",
		"a.md":      "# A\n\n## Going to Town\n",
		"b.md":      "# B\n\n## Going to Town\n",
	})
	_, err := build(t, dir, content.Options{Theme: theme})
	if err == nil || !strings.Contains(err.Error(), `README.md:3:1: broken link "#going-to-town"`) {
		t.Errorf("err = %v, want the broken link", err)
	}
}

// TestFolderUpdateLinksNewFile: an edit that links a file the site did
// not publish publishes it; one that no longer links it removes it.
func TestFolderUpdateLinksNewFile(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{"README.md": "# Home\n\nText.\n", "a.md": "# A\n\nText.\n", "img/x.png": "png"})
	r := startUpdates(t, content.Options{Source: src, Theme: theme}, true)
	if _, err := os.Stat(filepath.Join(r.opts.Dest, "img/x.png")); err == nil {
		t.Fatal("img/x.png is published before a page links to it")
	}
	u := r.update(t, map[string]string{"a.md": "# A\n\nText. ![x](img/x.png)\n"})
	if !slices.Contains(u.Outputs, "img/x.png") {
		t.Errorf("wrote %v, want img/x.png published", u.Outputs)
	}
	u = r.update(t, map[string]string{"a.md": "# A\n\nText, edited.\n"})
	if !slices.Contains(u.Deleted, "img/x.png") {
		t.Errorf("removed %v, want img/x.png", u.Deleted)
	}
}

// TestDocsify: a folder whose index.html loads docsify is a docsify site
// (grislyeye/three-meet, nerun/RPG_Doc_Template): its _sidebar.md,
// _navbar.md and _coverpage.md ("Loads sidebar from the Markdown file
// _sidebar.md", https://docsify.js.org/#/configuration?id=loadsidebar)
// are not pages, in any folder; the root's _sidebar.md is the navigation
// as written, its nesting, order and labels, its section headers over
// their lists ("- Section Header 1" over a nested list,
// https://docsify.js.org/#/more-pages), and a page it does not list
// (aaa.md) is published but not in the navigation (eval5A JA10: the
// navigation was the folder tree, with a "Pages" level the sidebar has
// not, and every unlisted file in it).
func TestDocsify(t *testing.T) {
	files := map[string]string{
		"index.html":                     `<div id="app"></div><script>window.$docsify = {loadSidebar: true, loadNavbar: true, coverpage: true}</script><script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`,
		"README.md":                      "# Home\n",
		"_sidebar.md":                    "+ Characters\n  + [Attributes](./pages/characters/attributes.md)\n  + [Skills](./pages/characters/skills.md)\n+ [Combat](./pages/combat/index.md)\n  + [Actions](./pages/combat/actions.md)\n  + [Wounds](./wounds.md)\n+ Colophon\n  + [The Credits](./credits.md)\n",
		"_navbar.md":                     "* [SIDEBAR-NAVBAR](https://example.com)\n",
		"_coverpage.md":                  "# SIDEBAR-COVER\n",
		"pages/other/_sidebar.md":        "- SIDEBAR-NESTED\n",
		"pages/characters/skills.md":     "# Skills\n",
		"pages/characters/attributes.md": "# Attributes\n",
		"pages/combat/index.md":          "# Combat\n",
		"pages/combat/actions.md":        "# Actions\n",
		"credits.md":                     "# Credits\n",
		"aaa.md":                         "# Aaa\n",
		"wounds.md":                      "# Wounds\n",
	}
	out, _ := buildFolder(t, files)
	for name, body := range out {
		if strings.Contains(name, "sidebar") || strings.Contains(name, "navbar") || strings.Contains(name, "coverpage") || strings.Contains(body, "SIDEBAR-") {
			t.Errorf("%s: docsify's own files are published", name)
		}
	}
	// A page's own group shows its entries (sitegen folds the others'):
	// Combat's on its pages, wherever their files are (wounds.md).
	for page, want := range map[string][]string{
		"index.html":                         {"Attributes", "Skills", "Combat", "The Credits"},
		"aaa/index.html":                     {"Attributes", "Skills", "Combat", "The Credits"},
		"pages/combat/actions/index.html":    {"Attributes", "Skills", "Combat", "Actions", "Wounds", "The Credits"},
		"wounds/index.html":                  {"Attributes", "Skills", "Combat", "Actions", "Wounds", "The Credits"},
		"pages/characters/skills/index.html": {"Attributes", "Skills", "Combat", "The Credits"},
	} {
		if got := navTitles(out[page]); !slices.Equal(got, want) {
			t.Errorf("%s: the navigation's links = %q, want %q", page, got, want)
		}
	}
	// The nesting: Characters over Attributes and Skills, Combat over
	// Actions and Wounds, Colophon over The Credits.
	nav := regexp.MustCompile(`(?s)<nav[^>]*class="[^"]*site-nav[^"]*".*?</nav>`).FindString(out["wounds/index.html"])
	text := strings.Join(strings.Fields(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(nav, " ")), " ")
	if want := "Characters Attributes Skills Combat Actions Wounds Colophon The Credits"; text != want {
		t.Errorf("the navigation reads %q, want %q", text, want)
	}
	for _, group := range [][2]string{{"Characters", "Skills"}, {"Combat", "Wounds"}, {"Colophon", "The Credits"}} {
		_, after, _ := strings.Cut(nav, ">"+group[0]+"<")
		_, list, _ := strings.Cut(after, "<ul>")
		list, _, _ = strings.Cut(list, "</ul>")
		if !strings.Contains(list, ">"+group[1]+"<") {
			t.Errorf("%s is not under %s in the navigation:\n%s", group[1], group[0], nav)
		}
	}
	if !strings.Contains(out["aaa/index.html"], "Aaa") {
		t.Errorf("aaa.md, which the sidebar does not list, is not published")
	}
}

// TestDocsifyNestedSidebars: "`_sidebar.md` is loaded from each level
// directory. If the current directory doesn't have `_sidebar.md`, it will
// fall back to the parent directory. If, for example, the current path is
// `/guide/quick-start`, the `_sidebar.md` will be loaded from
// `/guide/_sidebar.md`. You can specify `alias` to avoid unnecessary
// fallback" ('/.*/_sidebar.md': '/_sidebar.md': every page the root's),
// https://docsify.js.org/#/more-pages?id=nested-sidebars. Its links are
// from the site's root, as the root sidebar's.
func TestDocsifyNestedSidebars(t *testing.T) {
	files := func(config string) map[string]string {
		return map[string]string{
			"index.html":           `<script>window.$docsify = {loadSidebar: true` + config + `}</script><script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`,
			"README.md":            "# Home\n",
			"_sidebar.md":          "- [Home](/)\n- [Guide](guide/)\n- [Rules](rules.md)\n",
			"rules.md":             "# Rules\n",
			"guide/README.md":      "# Guide\n",
			"guide/_sidebar.md":    "- [Back](/)\n- [Start here](guide/)\n- [Quick start](guide/quick-start.md)\n",
			"guide/quick-start.md": "# Quick start\n",
			"guide/deep/more.md":   "# More\n",
		}
	}
	root, guide := []string{"Home", "Guide", "Rules"}, []string{"Back", "Start here", "Quick start"}
	for _, c := range []struct {
		name, config string
		want         map[string][]string
	}{
		{"nearest _sidebar.md upward", "", map[string][]string{
			"index.html": root, "rules/index.html": root,
			"guide/index.html": guide, "guide/quick-start/index.html": guide, "guide/deep/more/index.html": guide,
		}},
		{"alias to the root's", `, alias: {'/.*/_sidebar.md': '/_sidebar.md'}`, map[string][]string{
			"rules/index.html": root, "guide/quick-start/index.html": root, "guide/deep/more/index.html": root,
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, _ := buildFolder(t, files(c.config))
			for page, want := range c.want {
				if got := navTitles(out[page]); !slices.Equal(got, want) {
					t.Errorf("%s: the navigation's links = %q, want %q", page, got, want)
				}
			}
			if out["guide/_sidebar/index.html"] != "" || out["guide/_sidebar.md"] != "" {
				t.Errorf("guide/_sidebar.md is published")
			}
		})
	}
	// relativePath: true ("If true, links are relative to the current
	// context", https://docsify.js.org/#/configuration?id=relativepath):
	// a folder's sidebar links from its folder; a site without a root
	// _sidebar.md still has its folders' (raleel/mythras-srd: one per
	// language, rules/ha/_sidebar.md = "- [Gabatarwa](README.md)").
	out, _ := buildFolder(t, map[string]string{
		"index.html":              `<script>window.$docsify = {loadSidebar: true, relativePath: true}</script><script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`,
		"README.md":               "# Home\n",
		"rules/ha/_sidebar.md":    "- [Gabatarwa](README.md)\n- [Yaki](0005_Combat.md)\n- [Home](/)\n",
		"rules/ha/README.md":      "# Gabatarwa\n",
		"rules/ha/0005_Combat.md": "# Yaki\n",
	})
	page := out["rules/ha/0005_combat/index.html"]
	if got, want := navTitles(page), []string{"Gabatarwa", "Yaki", "Home"}; !slices.Equal(got, want) {
		t.Errorf("relativePath: the navigation's links = %q, want %q", got, want)
	}
	for _, href := range []string{`href="/rules/ha/"`, `href="/rules/ha/0005_combat/"`} {
		if !strings.Contains(page, href) {
			t.Errorf("relativePath: no link %s in\n%s", href, page)
		}
	}
}

// TestDocsifySettings: docsify's name is the site's title ("Website name
// as it appears in the sidebar", https://docsify.js.org/#/configuration?id=name)
// and homepage the file served at the site's root ("README.md in your
// docs folder will be treated as the homepage for your website, but
// sometimes you may need to serve another file as your homepage",
// ?id=homepage), read from index.html's window.$docsify (evaluate2 F3:
// the title was the folder's name, the home page a generated Contents).
// README.md, not the home page then, stays a page of its own.
func TestDocsifySettings(t *testing.T) {
	out, _ := buildFolder(t, map[string]string{
		"index.html": `<script>window.$docsify = { name: 'Cepheus <b>SRD</b>', homepage: 'intro.md', loadSidebar: true }</script><script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`,
		"intro.md":   "# Welcome\n\nINTRO-TEXT\n",
		"README.md":  "# Readme\n\nREADME-TEXT\n",
		"rules.md":   "# Rules\n",
	})
	home := out["index.html"]
	if !strings.Contains(home, "INTRO-TEXT") {
		t.Errorf("the home page is not intro.md:\n%s", home)
	}
	if !strings.Contains(home, "<title>Welcome") && !strings.Contains(home, "Cepheus SRD</title>") {
		t.Errorf("home page's <title> names neither the page nor the site")
	}
	if !strings.Contains(out["rules/index.html"], "Cepheus SRD") {
		t.Errorf("the site's title is not docsify's name")
	}
	readme := false
	for name, body := range out {
		if name != "index.html" && strings.HasSuffix(name, ".html") && strings.Contains(body, "README-TEXT") {
			readme = true
		}
	}
	if !readme {
		t.Errorf("README.md is not published as a page of its own")
	}
}

// TestDocsifyUnderscoreFolders (evaluate2 F5, raleel/mythras-srd's
// _assets/ of test pages): docsify serves the folder as it is — its
// deploy guide publishes the docs folder whole ("cp -r * .public" for
// GitLab Pages) and its quick start adds .nojekyll "to prevent GitHub
// Pages from ignoring files that begin with an underscore"
// (https://docsify.js.org/#/quickstart, #/deploy) — so a page or file in
// an _-named folder is published at its URL (index.html's
// ./_assets/css/style.css, a link to #/_assets/testpage). docsify's
// navigation is its _sidebar.md, which such pages are not in, and
// docsify's own files are _-named: decision, such a folder's pages are
// published but not in the navigation, lists, search or sitemap
// (unlisted), as the sidebar leaves them.
func TestDocsifyUnderscoreFolders(t *testing.T) {
	out, _ := buildFolder(t, map[string]string{
		"index.html":            `<link rel="stylesheet" href="./_assets/css/style.css"><script>window.$docsify = {name: 'M'}</script><script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`,
		".nojekyll":             "",
		"README.md":             "# Home\n\nSee [the test page](_assets/testpage.md) and ![map](_media/map.png).\n",
		"rules.md":              "# Rules\n",
		"_assets/testpage.md":   "# Test page\n",
		"_assets/css/style.css": "body{}",
		"_media/map.png":        "png",
	})
	if out["_assets/testpage/index.html"] == "" {
		t.Errorf("_assets/testpage.md is not published: %v", keys(out))
	}
	if out["_media/map.png"] == "" {
		t.Errorf("_media/map.png is not published")
	}
	if got := navTitles(out["index.html"]); slices.ContainsFunc(got, func(s string) bool {
		return strings.Contains(strings.ToLower(s), "assets") || strings.Contains(s, "Test page")
	}) {
		t.Errorf("navigation %q lists the _assets folder", got)
	}
	if strings.Contains(out["sitemap.xml"], "_assets") {
		t.Errorf("sitemap.xml lists _assets:\n%s", out["sitemap.xml"])
	}
}

// TestNoTagsWithoutTheTool: "#word" is a tag only where the layout's tool
// has tags. GitHub's Markdown (https://github.github.com/gfm/) and
// docsify's marked have none, so in a folder of Markdown and a docsify
// site "Post in the #show-and-tell channel" and the colour "#87ceeb" are
// text, with no tag page (eval5A JA6: four tag pages, each linked from
// the text); front matter tags: make none either, as GitHub makes no tag
// pages (TestTagsPerTool). An Obsidian vault
// has tags: "#87ceeb" is one there, as Obsidian reads it ("Tags must
// contain at least one non-numerical character",
// https://help.obsidian.md/tags), and "#1984" is not.
func TestNoTagsWithoutTheTool(t *testing.T) {
	page := "# Chat\n\nPost in the #show-and-tell channel. Sky: #87ceeb. Year #1984.\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
		tags  []string // the tag pages published
	}{
		{"folder", map[string]string{"README.md": "# Home\n", "chat.md": page, "meta.md": "---\ntags: [rules]\n---\n# Meta\n"}, nil},
		{"docsify", map[string]string{"index.html": `<script>window.$docsify = {}</script><script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`, "README.md": "# Home\n", "chat.md": page}, nil},
		{"obsidian", map[string]string{".obsidian/app.json": "{}", "Home.md": "# Home\n", "chat.md": page}, []string{"87ceeb", "show-and-tell"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _ := buildFolder(t, tc.files)
			var tags []string
			for name := range out {
				if tag, ok := strings.CutPrefix(name, "tags/"); ok && strings.HasSuffix(tag, "/index.html") {
					tags = append(tags, strings.TrimSuffix(tag, "/index.html"))
				}
			}
			slices.Sort(tags)
			if !slices.Equal(tags, tc.tags) {
				t.Errorf("tag pages %q, want %q", tags, tc.tags)
			}
			chat := out["chat/index.html"]
			if tc.tags == nil || tc.name == "folder" {
				if !strings.Contains(chat, "Post in the #show-and-tell channel. Sky: #87ceeb.") {
					t.Errorf("the text is not as written:\n%s", chat)
				}
			}
		})
	}
}

// TestFolderHeadingIDs: GitHub makes a heading's anchor from its text
// ("The anchor is the heading text: lower case, spaces replaced with
// hyphens, punctuation removed", https://docs.github.com/en/get-started/writing-on-github/getting-started-with-writing-and-formatting-on-github/basic-writing-and-formatting-syntax#section-links),
// the text a reader sees: raw HTML around it is no part of it, and
// letters of any script are kept. Paracosmus/ApotheosisRulebook writes
// "## <span class="class">Adquirir</span>" and links "#adquirir": sitegen
// gave the heading the id "span-classclassadquirirspan", three spurious
// broken links.
func TestFolderHeadingIDs(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"README.md": "# Book\n\n[a](#adquirir) [b](#általános-kifejezések) [c](#why-questworlds) [d](#a_b-c)\n\n" +
			"## <span class=\"class\">Adquirir</span>\n\n## Általános kifejezések\n\n## Why QuestWorlds?\n\n## A_B: c\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"adquirir", "általános-kifejezések", "why-questworlds", "a_b-c"} {
		if !strings.Contains(string(b), `id="`+id+`"`) {
			t.Errorf("index.html has no heading id %q", id)
		}
	}
}
