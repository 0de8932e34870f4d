package site

import (
	"regexp"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestParentOfTwoTitles: just-the-docs' parent: names a page by its title
// ("parent: the title of the parent page", with grand_parent: "the title
// of the parent's parent" when titles are not unique,
// https://just-the-docs.com/docs/navigation/children/); a title two pages
// share is a warning naming both, and grand_parent: settles it without
// one.
func TestParentOfTwoTitles(t *testing.T) {
	for _, tt := range []struct {
		name, grand string
		warning     string
		under       string // the page whose navigation lists the child
	}{
		{"two pages of the title", "", `docs/guide.md:1:1: parent: "Second Edition" is the title of 2 pages, docs/core/second.md and docs/localization/second.md`, "/docs/core/second.html"},
		{"grand_parent says which", "grand_parent: Localization\n", "", "/docs/localization/second.html"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"_config.yml":                 "title: SRD\n",
				"index.md":                    "---\ntitle: Home\n---\n",
				"docs/core.md":                "---\ntitle: Core\n---\n",
				"docs/localization.md":        "---\ntitle: Localization\n---\n",
				"docs/core/second.md":         "---\ntitle: Second Edition\nparent: Core\n---\n",
				"docs/localization/second.md": "---\ntitle: Second Edition\nparent: Localization\n---\n",
				"docs/guide.md":               "---\ntitle: Player's Guide\nparent: Second Edition\n" + tt.grand + "---\n",
			})
			res, err := build(t, dir, content.Options{Theme: theme})
			if err != nil {
				t.Fatal(err)
			}
			got := res.WarningList.Error()
			if tt.warning != "" && !strings.Contains(got, tt.warning) || tt.warning == "" && strings.Contains(got, "parent:") {
				t.Errorf("warnings:\n%s\nwant %q", got, tt.warning)
			}
			out := readTree(t, dir+"/public")
			if page := out[strings.TrimPrefix(tt.under, "/")]; !strings.Contains(page, `href="/docs/guide.html"`) {
				t.Errorf("%s does not list the guide", tt.under)
			}
		})
	}
}

// TestMissingNoteMessage: a broken wikilink names where the note was
// looked for in the editor's words: the vault, not "./".
func TestMissingNoteMessage(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{".obsidian/app.json": "{}", "a.md": "# A\n\nSee [[Gnome]].\n"})
	_, err := build(t, dir, content.Options{Theme: theme})
	if err == nil || !strings.Contains(err.Error(), `a.md:3:5: broken wikilink [[Gnome]]: no note or file named "Gnome" in the vault`) {
		t.Errorf("err = %v", err)
	}
}

// TestMkDocsAttrList: "markdown_extensions: [attr_list]" in mkdocs.yml
// (https://python-markdown.github.io/extensions/attr_list/) sets the
// attributes of images, links and headings, never shown as text (issue
// 32, G6: evaluate3 #21's portraits showed "{ width="50%" }"); through
// the raw-HTML sanitiser's allowlist: no handler, no style. Without the
// extension MkDocs shows the braces as text, and so does sitegen.
func TestMkDocsAttrList(t *testing.T) {
	page := "# Home\n\n![A](a.png){ width=\"50%\" }\n\n## Rules {: #the-rules .note}\n\n" +
		"[out](https://example.org/){ target=_blank onclick=\"x()\" style=\"color:red; position:fixed\" }\n\n[b](b.md){ #to-b }\n"
	// The ids the lists give are link targets (the outline reads them):
	// b.md's links are not broken, in strict mode.
	other := "# B\n\n[rules](index.md#the-rules), [to b](index.md#to-b)\n"
	for _, tt := range []struct {
		name, config string
		want, not    []string
	}{
		{"listed", "site_name: W\nmarkdown_extensions:\n  - attr_list\n",
			[]string{`alt="A" width="50%"`, `id="the-rules" class="note"`, `href="https://example.org/" target="_blank"`},
			[]string{"width=", "{", "onclick", "color:red"}},
		{"not listed", "site_name: W\n", []string{"{ width=", "{ target=_blank"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{"mkdocs.yml": tt.config, "docs/index.md": page, "docs/b.md": other, "docs/a.png": "png"})
			mode := "warn" // without attr_list, b.md's anchors are broken, as in MkDocs
			if tt.name == "listed" {
				mode = ""
			}
			if _, err := build(t, dir, content.Options{Theme: theme, BrokenLinks: mode}); err != nil {
				t.Fatal(err)
			}
			out := readTree(t, dir+"/public")["index.html"]
			main := out[strings.Index(out, "<h1"):]
			main = main[:strings.Index(main, "</main>")]
			text := regexp.MustCompile(`<[^>]*>`).ReplaceAllString(main, "")
			for _, w := range tt.want {
				if !strings.Contains(main, strings.ReplaceAll(w, `"`, "&#34;")) && !strings.Contains(main, w) && !strings.Contains(text, w) {
					t.Errorf("page lacks %q:\n%s", w, main)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(text, n) || n != "width=" && n != "{" && strings.Contains(main, n) {
					t.Errorf("page shows %q:\n%s", n, main)
				}
			}
		})
	}
}

// TestMkDocsAwesomePages: the .pages files of the awesome-pages plugin
// (https://github.com/lukasgeiter/mkdocs-awesome-pages-plugin, README),
// when plugins: lists it and mkdocs.yml has no nav ("This plugin won't do
// anything if your mkdocs.yml defines a nav"): "Create a file named .pages
// in a directory and use the nav attribute to customize the navigation on
// that level. List the files and subdirectories in the order that they
// should appear"; "Pages or sections that are not mentioned in the list
// will not appear in the navigation. However, you may include a ...
// entry to specify where all remaining items should be inserted";
// "nav: - First page: page1.md" titles an entry; "set the title to
// override the title of that directory in the navigation"; "set the hide
// attribute to true to hide the directory ... It will still be included
// in the build"; arrange (deprecated): "If you only specify some pages,
// they will be positioned at the beginning, followed by the other pages
// in their original order". What sitegen does not read is named (the
// other rules: TestAwesomeNav in package mkdocs)
// (issue 32, G2: evaluate3 #21, logkn/ewm-wiki).
func TestMkDocsAwesomePages(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"mkdocs.yml":              "site_name: W\nplugins:\n  - search\n  - awesome-pages\n",
		"docs/index.md":           "# Home\n",
		"docs/.pages":             "nav:\n  - index.md\n  - pcs\n  - npcs\n  - ...\n  - Last words: zz.md\n",
		"docs/zz.md":              "# ZZ\n",
		"docs/aa.md":              "# AA\n",
		"docs/pcs/.pages":         "title: Player Characters\narrange:\n  - zed.md\n",
		"docs/pcs/ann.md":         "# Ann\n",
		"docs/pcs/zed.md":         "# Zed\n",
		"docs/npcs/.pages":        "title: Non-Player Characters\nnav:\n  - bob.md\norder: desc\nicon: people\n",
		"docs/npcs/bob.md":        "# Bob\n",
		"docs/npcs/carl.md":       "# Carl\n",
		"docs/lore/.pages":        "hide: true\n",
		"docs/lore/gods.md":       "# Gods\n",
		"docs/factions/guilds.md": "# Guilds\n",
		"docs/factions/houses.md": "# Houses\n",
	})
	res, err := build(t, dir, content.Options{Theme: theme, BrokenLinks: "warn"})
	if err != nil {
		t.Fatal(err)
	}
	out := readTree(t, dir+"/public")
	navOf := func(page string) string {
		m := regexp.MustCompile(`(?s)<nav class="site-nav".*?</nav>`).FindString(out[page])
		return strings.Join(strings.Fields(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(m, " ")), " ")
	}
	// The folders have no index.md, so each is a section without a page
	// (MkDocs's Section has no URL): a heading over its pages, which the
	// navigation shows on every page.
	whole := "Player Characters Zed Ann Non-Player Characters Bob AA Factions Guilds Houses Last words"
	for page, want := range map[string]string{
		"index.html":          whole,
		"pcs/ann/index.html":  whole,
		"npcs/bob/index.html": whole,
	} {
		nav := navOf(page)
		if !strings.Contains(nav, want) {
			t.Errorf("%s: nav %q\nwant %q", page, nav, want)
		}
		for _, hidden := range []string{"Gods", "Lore", "Carl"} {
			if strings.Contains(nav, hidden) {
				t.Errorf("%s: nav %q shows %s", page, nav, hidden)
			}
		}
	}
	if out["lore/gods/index.html"] == "" || out["npcs/carl/index.html"] == "" {
		t.Errorf("a page the navigation hides is not published")
	}
	for _, f := range []string{".pages", "pcs/.pages", "pcs/index.html", "npcs/index.html", "factions/index.html"} {
		if _, ok := out[f]; ok {
			t.Errorf("%s published", f)
		}
	}
	all := strings.Join(append(res.Warnings, res.Info...), "\n")
	if !strings.Contains(all, "icon") || strings.Contains(all, "awesome-pages not implemented") {
		t.Errorf("want a note naming the key not read (icon), not 'not implemented': %s", all)
	}
}

// TestMkDocsEmoji: with pymdownx.emoji in markdown_extensions, ":smile:"
// is an emoji ("Emojis can be integrated in Markdown by putting the
// shortcode of the emoji between two colons") and ":material-dice-6:",
// ":fontawesome-brands-apple:", ":octicons-rocket-24:", ":simple-github:"
// and the site's custom_icons are icons ("icons can be used similar to
// emojis, by referencing a valid path to any icon bundled with the
// theme, which are located in the .icons directory, and replacing / with
// -", https://squidfunk.github.io/mkdocs-material/reference/icons-emojis/):
// an emoji is shown as its character, an icon is dropped with a warning
// (sitegen ships no icon set) and is never in a <title> (eval5B JB15,
// 3515.games: "# UNO :fontawesome-solid-cards-blank:"). Without the
// extension, Python-Markdown shows the shortcodes as text; so does
// sitegen.
func TestMkDocsEmoji(t *testing.T) {
	page := "# UNO :fontawesome-solid-cards-blank:\n\nHello :smile: :+1: :command: run :octicons-rocket-24: at 12:30:45, :not-an-emoji:.\n\n" +
		"!!! note \":simple-github: Source\"\n    :material-dice-6: roll\n"
	for _, tt := range []struct {
		name, config string
		want, not    []string
		icons        int
	}{
		{"enabled", "site_name: W\nmarkdown_extensions:\n  - admonition\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n      options:\n        custom_icons:\n          - overrides/.icons\n",
			[]string{"<title>UNO", "Hello 😄 👍  run  at 12:30:45, :not-an-emoji:.", `<p class="callout-title"> Source</p>`},
			[]string{"fontawesome", "octicons", "simple-github", "material-dice", ":smile:", ":command:"}, 5},
		{"not enabled", "site_name: W\nmarkdown_extensions:\n  - admonition\n", []string{"<title>UNO :fontawesome-solid-cards-blank:", ":smile:", ":command:"}, []string{"😄"}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{"mkdocs.yml": tt.config, "docs/index.md": "# Home\n", "docs/uno.md": page,
				"overrides/.icons/command.svg": "<svg/>"})
			res, err := build(t, dir, content.Options{Theme: theme})
			if err != nil {
				t.Fatal(err)
			}
			out := readTree(t, dir+"/public")["uno/index.html"]
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("page lacks %q:\n%s", w, out)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(out, n) {
					t.Errorf("page shows %q", n)
				}
			}
			icons := 0
			for _, w := range res.WarningList {
				if strings.Contains(w.Msg, "icon shortcode") {
					icons++
				}
			}
			if icons != tt.icons {
				t.Errorf("%d icon warnings, want %d: %v", icons, tt.icons, res.WarningList)
			}
		})
	}
}

// TestMkDocsAwesomePagesLinks: a .pages nav: value that names no entry
// of its folder is a link (navigation.py: "result.append(Link(
// meta_item.title, meta_item.value))"), printed as MkDocs' themes print a
// nav link ("nav_item.url|url", mkdocs.utils.normalize_url, checked
// against MkDocs 1.4 with the same values in mkdocs.yml's nav:): one that
// starts with "/" as written, on the server's root, not under site_url's
// path; a relative one from the site's root, under it; a Markdown path
// links the .md file, which MkDocs does not publish: the build's notes say so.
func TestMkDocsAwesomePagesLinks(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"mkdocs.yml":        "site_name: W\nsite_url: https://example.org/six/\nplugins:\n  - awesome-pages\n",
		"docs/index.md":     "# Home\n",
		"docs/rules/a.md":   "# A\n",
		"docs/rules/.pages": "nav:\n  - a.md\n  - Blog: /atg/blog\n  - News: ../news/\n  - Again: ../rules/a.md\n  - Site: https://x.test/\n",
	})
	res, err := build(t, dir, content.Options{Theme: theme})
	if err != nil {
		t.Fatal(err)
	}
	out := readTree(t, dir+"/public")
	for _, want := range []string{`href="/atg/blog"`, `href="/six/news/"`, `href="/six/rules/a.md"`, `href="https://x.test/"`} {
		if !strings.Contains(out["rules/a/index.html"], want) {
			t.Errorf("rules/a: no nav link %s", want)
		}
	}
	if n := strings.Join(res.Notes, "\n"); !strings.Contains(n, `docs/rules/.pages:5: nav link "../rules/a.md" names a Markdown file, not a page`) {
		t.Errorf("no note on the link to a Markdown file in\n%s", n)
	}
}

// TestMkDocsNavLinks: mkdocs.yml's nav: "- 'Bug Tracker':
// 'https://example.com/'" is a link of the navigation
// (https://www.mkdocs.org/user-guide/configuration/#nav), printed as
// MkDocs 1.4's themes print it ("nav_item.url|url"): another site's URL
// and one starting with "/" as written, a relative one from the site's
// root (mkdocs build writes href="other/x/" on the home page and
// "../../other/x/" on sub/page/ for "../other/x/").
func TestMkDocsNavLinks(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"mkdocs.yml":       "site_name: W\nsite_url: https://example.org/six/\nnav:\n  - Home: index.md\n  - Sub: sub/page.md\n  - Rel: ../other/x/\n  - Abs: /atg/blog\n  - Bug Tracker: https://example.com/\n",
		"docs/index.md":    "# Home\n",
		"docs/sub/page.md": "# Page\n",
	})
	if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, dir+"/public")
	for _, page := range []string{"index.html", "sub/page/index.html"} {
		for _, want := range []string{`href="/six/other/x/"`, `href="/atg/blog"`, `href="https://example.com/"`} {
			if !strings.Contains(out[page], want) {
				t.Errorf("%s: no nav link %s", page, want)
			}
		}
	}
}
