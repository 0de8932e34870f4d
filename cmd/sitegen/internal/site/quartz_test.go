package site

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// quartzConfig is layouttest.QuartzConfig.
func quartzConfig(filters, resolution string) string {
	return layouttest.QuartzConfig(filters, resolution)
}

// quartzFixture is a small Quartz site: public notes marked publish: true
// and, beside them, the campaign's private ones.
func quartzFixture(filters string) map[string]string {
	pub := "---\npublish: true\n---\n"
	files := map[string]string{
		"quartz.config.ts":               quartzConfig(filters, "shortest"),
		"package.json":                   `{"name": "quartz"}`,
		"quartz/build.ts":                "// Quartz itself",
		"README.md":                      "# Quartz v4\n",
		"content/index.md":               "---\ntitle: Welcome\npublish: true\n---\nSee [[Combat Basics]], [combat](Combat%20Basics.md#rounds), [[Goblin|the goblin]], [[Gobbo]], [[Rules/]], ![[Old Map.png]] and [[Scene 1|the scene]].\n",
		"content/Appendix.md":            pub + "# Appendix\n",
		"content/Rules/index.md":         "---\ntitle: The Rules\npublish: true\n---\n",
		"content/Rules/Combat Basics.md": pub + "# Combat, the basics\n\n## Rounds\n",
		"content/Rules/2 Dice.md":        pub + "Two dice.\n",
		"content/Rules/10 Magic.md":      pub + "Ten.\n",
		"content/Rules/apple.md":         pub + "A.\n",
		"content/Bestiary/Goblin.md":     "---\npublish: \"true\"\naliases: [Gobbo]\ntags: [monster/small]\n---\nA goblin.\n",
		"content/Maps/Old Map.png":       "png",
		"content/Bestiary/Orc Chief.md":  "---\npublish: true\nalias: Warlord, Big Orc\ntag: monster\n---\nAn orc.\n",
		"content/Extras/Links.md":        pub + "[[Warlord]] [[Big Orc]] [[Combat Basics#No Such Heading|rounds]]\n\n| Foe | Note |\n|---|---|\n| [[Goblin|the goblin]] | small |\n",
		"content/tags/monster.md":        "---\ntitle: Monsters\npublish: true\n---\nThe monsters of the six sides.\n",
		"content/Campaign/Scene 1.md":    "# Scene 1\n\nThe twist: the king is a goblin.\n",
		"content/Campaign/Scene 2.md":    "---\npublish: false\n---\nThe twist again.\n",
		"content/Draft.md":               "---\npublish: true\ndraft: true\n---\nDrafted.\n",
		"content/private/secret.md":      pub + "The twist, private.\n",
		"content/templates/Monster.md":   pub + "The twist, a template.\n",
		"content/Rules/gm-notes.md":      pub + "The twist, a GM's note.\n",
		"content/.obsidian/app.json":     "{}",
	}
	return files
}

// TestQuartz builds a Quartz site as Quartz documents it
// (https://quartz.jzhao.xyz/), each rule quoted beside its check.
func TestQuartz(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, quartzFixture("[Plugin.RemoveDrafts(), Plugin.ExplicitPublish()]"))
	res, err := build(t, dir, content.Options{Theme: theme, BrokenLinks: "warn"})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	var all strings.Builder
	for p, body := range out {
		all.WriteString(p + "\n" + body + "\n")
	}
	nav := func(page string) string {
		m := regexp.MustCompile(`(?s)<nav class="site-nav".*?</nav>`).FindString(out[page])
		return regexp.MustCompile(`<[^>]+>`).ReplaceAllString(strings.Join(strings.Fields(m), " "), "|")
	}
	checks := []struct {
		rule string
		ok   bool
	}{
		{`a repository with quartz.config.ts beside content/ is a Quartz site: "All of the content in your Quartz should go in the /content folder"`,
			strings.Contains(res.Layout, "Quartz site") && out["quartz/build.ts"] == "" && out["package.json"] == ""},
		{`"The content for the home page of your Quartz lives in content/index.md"`, strings.Contains(out["index.html"], "<h1>Welcome</h1>")},
		{`pageTitle: "title of the site"`, strings.Contains(out["index.html"], "Six Sides Wiki")},
		{`ExplicitPublish: "filter out all notes except for any that have publish: true in the frontmatter"`,
			out["Campaign/Scene-1.html"] == "" && out["Campaign/Scene-2.html"] == "" && !strings.Contains(all.String(), "The twist")},
		{`RemoveDrafts: "filters out all pages with draft: true in the frontmatter"`, out["Draft.html"] == "" && !strings.Contains(all.String(), "Drafted.")},
		{`ignorePatterns: "a list of glob patterns that Quartz should ignore": private, templates, **/gm-*`,
			out["private/secret.html"] == "" && out["templates/Monster.html"] == "" && out["Rules/gm-notes.html"] == ""},
		{`"all non-markdown files will be emitted"`, out["Maps/Old Map.png"] == "png"},
		{"URLs are Quartz's slugs: spaces as -, case kept", out["Rules/Combat-Basics.html"] != "" && out["Bestiary/Goblin.html"] != ""},
		// Quartz's ArticleTitle (quartz.layout.ts beforeBody) writes the
		// title as the page's heading above the note, whose own # heading
		// stays in its text (eval12A NA4): here one level down, a page
		// having one <h1>.
		{`"If it isn't provided, Quartz will use the name of the file as the title"; ArticleTitle shows it above the note, whose # heading stays`,
			strings.Contains(out["Rules/Combat-Basics.html"], "<title>Combat Basics") && strings.Contains(out["Rules/Combat-Basics.html"], "<h1>Combat Basics</h1>") &&
				strings.Contains(out["Rules/Combat-Basics.html"], `<h2 id="combat-the-basics">Combat, the basics <a class="anchor"`)},
		{`"Display names for folders get determined by the title frontmatter field in folder/index.md ... If this file does not exist ... the local folder name will be used"`,
			strings.Contains(nav("index.html"), "|The Rules|") && strings.Contains(nav("index.html"), "|Bestiary|")},
		{`the Explorer's order: "folders first, then files. Sort folders and files alphabetically", numbers by value`,
			ordered(nav("Rules/2-Dice.html"), "Bestiary", "The Rules", "2 Dice", "10 Magic", "apple", "Combat Basics", "Appendix")},
		{`shortest: "Name of the file": [[Combat Basics]], a Markdown link by name, an alias, a folder, an embed`,
			strings.Contains(out["index.html"], `href="/six/Rules/Combat-Basics.html"`) && strings.Contains(out["index.html"], `href="/six/Rules/Combat-Basics.html#rounds"`) &&
				strings.Count(out["index.html"], `href="/six/Bestiary/Goblin.html"`) == 2 && strings.Contains(out["index.html"], `href="/six/Rules/"`) &&
				strings.Contains(out["index.html"], `src="/six/Maps/Old%20Map.png"`)},
		{`a tag's page: "you can also provide a description and title for a tag page by creating a file for each tag"`,
			strings.Contains(out["tags/monster.html"], "The monsters of the six sides.") && strings.Contains(out["tags/monster.html"], `href="/six/Bestiary/Goblin.html"`)},
		{`"Quartz also supports tag hierarchies as well (e.g. plugin/emitter) and will also render a separate tag page for each level of the tag hierarchy": monster/small is listed on tags/monster/small.html and tags/monster.html, Quartz's files (TagPage: slug tags/TAG, ext .html)`,
			strings.Contains(out["tags/monster/small.html"], `href="/six/Bestiary/Goblin.html"`) && strings.Contains(out["tags/monster.html"], `href="/six/Bestiary/Goblin.html"`) &&
				strings.Contains(out["tags/index.html"], `href="/six/tags/monster/small.html"`)},
		{`front matter as Quartz reads it: "coalesceAliases(data, ["aliases", "alias"])", a string split at its commas (coerceToArray), tag: for tags:`,
			strings.Count(out["Extras/Links.html"], `href="/six/Bestiary/Orc-Chief.html"`) == 2 && strings.Contains(out["tags/monster.html"], `href="/six/Bestiary/Orc-Chief.html"`)},
		{`a wikilink with an alias in a table cell: Quartz "escape[s] all aliases and headers in wikilinks inside a table"`,
			strings.Contains(out["Extras/Links.html"], `<td><a class="wikilink" href="/six/Bestiary/Goblin.html">the goblin</a></td>`)},
		{"a wikilink's dead fragment: Quartz links to the page, and so does sitegen with broken links as warnings",
			strings.Contains(out["Extras/Links.html"], `href="/six/Rules/Combat-Basics.html#no-such-heading"`)},
		{"the unpublished notes are in no sitemap and no search index", !strings.Contains(out["sitemap.xml"], "Scene") && !strings.Contains(all.String(), "Scene-1")},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("%s: not so", c.rule)
		}
	}
	warnings := strings.Join(diagStrings(res.WarningList), "\n")
	if !strings.Contains(warnings, `content/index.md:5:`) || !strings.Contains(warnings, "content/Campaign/Scene 1.md is not published (it has no publish: true (Quartz's ExplicitPublish filter))") {
		t.Errorf("no warning for the link to the unpublished note in\n%s", warnings)
	}
	if got := content.CountReasons(res.NotPublished); !strings.Contains(got, "2 it has no publish: true (Quartz's ExplicitPublish filter)") {
		t.Errorf("NotPublished %q does not count the unpublished notes", got)
	}
}

// The site that published 413 private notes: the same site built with
// its filters read publishes only the marked notes; with --drafts (a local
// preview) the others too.
func TestQuartzExplicitPublish(t *testing.T) {
	files := quartzFixture("[Plugin.ExplicitPublish()]")
	for i := range 413 {
		files[fmt.Sprintf("content/Campaign/GM/Session %03d.md", i)] = "---\ntags: [gm]\n---\nThe twist of session " + fmt.Sprint(i) + ".\n"
	}
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, files)
	if _, err := build(t, dir, content.Options{Theme: theme, BrokenLinks: "warn"}); err != nil {
		t.Fatal(err)
	}
	leaked := 0
	_ = filepath.WalkDir(filepath.Join(dir, "public"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if b, _ := os.ReadFile(p); strings.Contains(string(b), "The twist") || strings.Contains(p, "Session") {
				leaked++
			}
		}
		return nil
	})
	if leaked > 0 {
		t.Errorf("%d published files hold a private note", leaked)
	}
	preview := t.TempDir()
	if _, err := build(t, dir, content.Options{Theme: theme, BrokenLinks: "warn", Drafts: true, Dest: preview}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(preview, "Campaign/GM/Session-412.html")); err != nil {
		t.Errorf("--drafts does not show the private notes: %v", err)
	}
}

// markdownLinkResolution relative and absolute
// (https://quartz.jzhao.xyz/plugins/CrawlLinks): "absolute: Path relative
// to the root of the content folder", "relative: Path relative to the file
// you are linking from".
func TestQuartzLinkResolution(t *testing.T) {
	for _, tt := range []struct {
		resolution, link string
		ok               bool
	}{
		{"absolute", "Rules/Dice.md", true},
		{"absolute", "Dice.md", false},
		{"relative", "Dice.md", true},
		{"relative", "Rules/Dice.md", false},
		{"shortest", "Dice", true},
	} {
		dir := t.TempDir()
		sitetest.WriteFiles(t, dir, map[string]string{
			"quartz.config.ts":      quartzConfig("[Plugin.RemoveDrafts()]", tt.resolution),
			"content/index.md":      "# Home\n",
			"content/Rules/Dice.md": "# Dice\n",
			"content/Rules/Page.md": "[dice](" + tt.link + ")\n",
		})
		_, err := build(t, dir, content.Options{Theme: theme})
		if (err == nil) != tt.ok {
			t.Errorf("%s: [dice](%s): err = %v, want ok %v", tt.resolution, tt.link, err, tt.ok)
		}
	}
}

// TestQuartzHTMLHome: a Quartz site whose content/ has an index.html and
// no index.md (issue 32, F7). Quartz builds it: its ContentPage emitter
// warns "you seem to be missing an `index.md` home page file at the root
// of your `content` folder" (quartz/plugins/emitters/contentPage.tsx), its
// Assets emitter copies every file that is not Markdown ("glob all non MD
// files in content folder and copy it over", assets.ts) and its FolderPage
// emitter makes no page for the root (folderPage.tsx: folderName !== ".").
// So the hand-written index.html is the home, and sitegen's generated home
// page is not written over it: a warning in both modes, never an error.
// (Quartz names the copy "index", slugifyFilePath dropping ".html"; sitegen
// keeps index.html, the name a host serves at the site's root: decision.)
func TestQuartzHTMLHome(t *testing.T) {
	for _, mode := range []string{"", "warn"} {
		t.Run("broken-links="+mode, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"quartz.config.ts":   quartzConfig("[]", "shortest"),
				"content/index.html": "<!doctype html><title>Hand-made</title><p>My own home</p>\n",
				"content/a.md":       "# A\n\nText of a.\n",
			})
			res, err := build(t, dir, content.Options{Theme: theme, BrokenLinks: mode})
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			out := readTree(t, dir+"/public")
			if got := out["index.html"]; got != "<!doctype html><title>Hand-made</title><p>My own home</p>\n" {
				t.Errorf("index.html = %.200q, want content/index.html as it is", got)
			}
			if !strings.Contains(out["a.html"], "Text of a.") {
				t.Errorf("a/index.html missing: %v", keys(out))
			}
			warned := strings.Join(res.Warnings, "\n")
			if !strings.Contains(warned, "content/index.html") || !strings.Contains(warned, "generated home page") {
				t.Errorf("warnings %q: want one naming content/index.html and sitegen's generated home page", warned)
			}
		})
	}
}

// TestQuartzCanvasPage: Quartz 5's canvas-page plugin makes each .canvas
// file (JSON Canvas, https://jsoncanvas.org/spec/1.0/) a page at its path
// without the extension, titled by its file name, its text nodes rendered
// as Markdown and its file nodes links to their notes
// (https://github.com/quartz-community/canvas-page, src/pageType.ts:
// `slug = filePath.replace(/\.canvas$/, "")`, `title: baseName`,
// `renderMarkdown(node.text)`; src/components/CanvasBody.tsx: a file
// node is `<a href={"/" + node.file without .md}>{file name}</a>`).
// Without the plugin the .canvas file is published as it is. Found on
// saberzero1/quartz-syncer-docs (eval6A KA8: published raw).
func TestQuartzCanvasPage(t *testing.T) {
	canvas := `{
	"nodes":[
		{"id":"n2","type":"text","x":400,"y":0,"width":250,"height":60,"text":"Then **the second** thought."},
		{"id":"n1","type":"text","x":0,"y":0,"width":250,"height":60,"text":"# Plan\n\nFirst thought."},
		{"id":"n3","type":"file","x":0,"y":200,"width":250,"height":60,"file":"Notes/Keep.md"},
		{"id":"n4","type":"link","x":0,"y":400,"width":250,"height":60,"url":"https://example.org/map"},
		{"id":"n5","type":"group","x":-20,"y":180,"width":300,"height":300,"label":"Places"}
	],
	"edges":[{"id":"e1","fromNode":"n1","toNode":"n2"}]
}`
	config := func(enabled bool) string {
		return "configuration:\n  pageTitle: Canvas test\nplugins:\n  - source: github:quartz-community/canvas-page\n    enabled: " + fmt.Sprint(enabled) + "\n  - source: github:quartz-community/content-page\n    enabled: true\n"
	}
	for _, enabled := range []bool{true, false} {
		dir := t.TempDir()
		sitetest.WriteFiles(t, dir, map[string]string{
			"quartz.config.yaml":    config(enabled),
			"content/index.md":      "# Home\n",
			"content/Notes/Keep.md": "# Keep\n",
			"content/Board.canvas":  canvas,
		})
		if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
			t.Fatalf("canvas-page enabled %v: %v", enabled, err)
		}
		out := readTree(t, dir+"/public")
		page := out["Board.html"]
		if !enabled {
			if page != "" || out["Board.canvas"] != canvas {
				t.Errorf("without canvas-page: the .canvas file is not published as it is (page %v, file %q)", page != "", out["Board.canvas"])
			}
			continue
		}
		text := strings.Join(strings.Fields(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(page, " ")), " ")
		for _, c := range []struct {
			rule string
			ok   bool
		}{
			{"a page at the path without .canvas, titled by its file name", strings.Contains(page, "<title>Board")},
			{"text nodes as Markdown", strings.Contains(page, "<strong>the second</strong>") && strings.Contains(page, "First thought.")},
			{"nodes in reading order: top to bottom, left to right", ordered(text, "Plan", "First thought.", "Then the second thought.", "Places", "Keep", "example.org")},
			{"a file node is a link to its note, labelled by its file name", regexp.MustCompile(`<a [^>]*href="/Notes/Keep.html"[^>]*>Keep</a>`).MatchString(page)},
			{"a link node is a link to its URL", strings.Contains(page, `href="https://example.org/map"`)},
			{"a group's label", strings.Contains(text, "Places")},
			{"no JSON shown", !strings.Contains(page, `"nodes"`)},
		} {
			if !c.ok {
				t.Errorf("%s: not so\n%s", c.rule, page)
			}
		}
		if out["Board.canvas"] != "" {
			t.Errorf("the .canvas file is published raw beside its page")
		}
	}
}

// TestQuartzAliasRedirects checks Quartz's AliasRedirects emitter, on in
// Quartz's own quartz.config.ts: "This plugin emits HTML redirect pages
// for aliases and permalinks defined in the frontmatter of content files"
// (https://quartz.jzhao.xyz/plugins/AliasRedirects). Its source
// (quartz/plugins/emitters/aliases.ts, Quartz 4.5.1) writes at each alias's
// slug a page with `<link rel="canonical" href=…>` and `<meta
// http-equiv="refresh" content="0; url=…">`; the slug is frontmatter.ts's
// getAliasSlugs (slugifyFilePath of the alias + ".md"), joined to the
// note's folder when it starts with "." (isRelativeURL). A page already at
// that URL is kept: sitegen warns, naming both.
func TestQuartzAliasRedirects(t *testing.T) {
	files := map[string]string{
		"content/index.md":               "# Home\n",
		"content/TTRPGs/TTRPGs.md":       "---\naliases: games\n---\nGames.\n",
		"content/notes/Hosting Guide.md": "---\naliases: [hosting, ./old host]\n---\nHosting.\n",
		"content/notes/Update.md":        "---\nalias: Appendix\n---\nUpdate.\n",
		"content/Appendix.md":            "# Appendix\n",
	}
	build1 := func(t *testing.T, emitters bool) (map[string]string, string) {
		dir := t.TempDir()
		cfg := quartzConfig("[Plugin.RemoveDrafts()]", "shortest")
		if !emitters {
			cfg = strings.Replace(cfg, "Plugin.AliasRedirects(),", "", 1)
		}
		files["quartz.config.ts"] = cfg
		sitetest.WriteFiles(t, dir, files)
		res, err := build(t, dir, content.Options{Theme: theme})
		if err != nil {
			t.Fatalf("build: %v", err)
		}
		return readTree(t, dir+"/public"), strings.Join(diagStrings(res.WarningList), "\n")
	}
	out, warnings := build1(t, true)
	for page, target := range map[string]string{
		"games.html":          "/six/TTRPGs/TTRPGs.html",
		"hosting.html":        "/six/notes/Hosting-Guide.html",
		"notes/old-host.html": "/six/notes/Hosting-Guide.html",
	} {
		if !strings.Contains(out[page], `http-equiv="refresh" content="0; url=`+target+`"`) || !regexp.MustCompile(`rel="canonical" href="[^"]*`+regexp.QuoteMeta(target)+`"`).MatchString(out[page]) {
			t.Errorf("%s is not a redirect to %s:\n%s", page, target, out[page])
		}
	}
	if !strings.Contains(out["Appendix.html"], "<h1>Appendix</h1>") {
		t.Errorf("the alias Appendix of notes/Update.md replaced the page Appendix.md:\n%s", out["Appendix.html"])
	}
	if !strings.Contains(warnings, "content/notes/Update.md:2:") || !strings.Contains(warnings, "content/Appendix.md") {
		t.Errorf("no warning naming notes/Update.md and Appendix.md for the alias over a page in\n%s", warnings)
	}
	if out, _ := build1(t, false); out["games.html"] != "" {
		t.Errorf("a redirect written without AliasRedirects in the emitters:\n%s", out["games.html"])
	}
}

// TestQuartzFrontMatterTagSlugs checks that a front matter tag has its
// tag page as Quartz makes it, not by Obsidian's rule for tag names:
// Quartz's FrontMatter plugin slugs each tag ("data.tags = [...new
// Set(tags.map((tag: string) => slugTag(tag)))]",
// quartz/plugins/transformers/frontmatter.ts; slugTag in
// quartz/util/path.ts makes each "/" part a slug: whitespace "-"), and its
// TagPage emitter writes a page for each tag: "Quartz will also create an
// index page for each unique tag in your vault and render a list of all
// notes with that tag" (https://quartz.jzhao.xyz/features/folder-and-tag-listings).
func TestQuartzFrontMatterTagSlugs(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"quartz.config.ts":       quartzConfig("[Plugin.RemoveDrafts()]", "shortest"),
		"content/index.md":       "# Home\n",
		"content/Spells/Gate.md": "---\ntags: [plane shift, travel/long way]\n---\nA gate.\n",
	})
	res, err := build(t, dir, content.Options{Theme: theme})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	for _, page := range []string{"tags/plane-shift.html", "tags/travel/long-way.html"} {
		if !strings.Contains(out[page], `href="/six/Spells/Gate.html"`) {
			t.Errorf("%s does not list Spells/Gate.md:\n%s", page, out[page])
		}
	}
	if w := strings.Join(diagStrings(res.WarningList), "\n"); strings.Contains(w, "tag") {
		t.Errorf("a warning about the tags, which Quartz slugs:\n%s", w)
	}
}

// TestQuartzTagURLCase checks that a tag page's URL keeps the tag's case
// as Quartz's does: slugTag (quartz/util/path.ts) changes only
// whitespace, "&", "%", "?" and "#" of each part, and the TagPage emitter
// writes the page at joinSegments("tags", tag)
// (quartz/plugins/emitters/tagPage.tsx, Quartz 4.5.1): "Quartz will also
// create an index page for each unique tag in your vault"
// (https://quartz.jzhao.xyz/features/folder-and-tag-listings), so "Spells"
// and "spells" are two tags with two pages.
func TestQuartzTagURLCase(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"quartz.config.ts":       quartzConfig("[Plugin.RemoveDrafts()]", "shortest"),
		"content/index.md":       "# Home\n",
		"content/Spells/Gate.md": "---\ntags: [Plane Shift, Travel/Long Way]\n---\nA gate.\n",
		"content/Spells/Bolt.md": "---\ntags: [plane shift]\n---\nA bolt.\n",
		"content/Spells/Wall.md": "A wall. #Stone/Big\n",
		"content/Spells/Mind.md": "Think. #🧠 #✔️\n",
	})
	if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	for page, want := range map[string]string{
		"tags/Plane-Shift.html":     "Gate",
		"tags/Travel/Long-Way.html": "Gate",
		"tags/plane-shift.html":     "Bolt",
		"tags/Stone/Big.html":       "Wall",
		"tags/Stone.html":           "Wall",
		"tags/🧠.html":               "Mind",
		"tags/✔️.html":              "Mind",
	} {
		if !strings.Contains(out[page], `href="/six/Spells/`+want+`.html"`) {
			t.Errorf("%s does not list Spells/%s.md:\n%s", page, want, out[page])
		}
	}
	if strings.Contains(out["tags/plane-shift.html"], `href="/six/Spells/Gate.html"`) {
		t.Errorf("tags/plane-shift/ lists Gate, tagged Plane Shift (another tag in Quartz)")
	}
}

// TestQuartzEmptyTitle: Quartz titles a note whose title is empty by its
// file's name, as one without a title: "if (data.title != null &&
// data.title.toString() !== "") { data.title = data.title.toString() }
// else { data.title = file.stem ?? ... }" (quartz/plugins/transformers/
// frontmatter.ts, Quartz 4.5.1). That is no problem to report, in either
// mode (21ideas-quartz's home page, eval8A MA5, built in no strict mode).
func TestQuartzEmptyTitle(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"quartz.config.ts":       quartzConfig("[Plugin.RemoveDrafts()]", "shortest"),
		"content/index.md":       "---\ntitle: \"\"\n---\nWelcome. See [[Field Notes]].\n",
		"content/Field Notes.md": "---\ntitle:\n---\nNotes.\n",
	})
	res, err := build(t, dir, content.Options{Theme: theme})
	if err != nil {
		t.Fatalf("a strict build of notes titled \"\" failed: %v", err)
	}
	if w := diagStrings(res.WarningList); len(w) > 0 {
		t.Errorf("warnings for what Quartz reads as no title: %q", w)
	}
	out := readTree(t, dir+"/public")
	if !strings.Contains(out["Field-Notes.html"], "<h1>Field Notes</h1>") {
		t.Errorf("Field Notes.md is not titled by its name:\n%s", out["Field-Notes.html"])
	}
}

// TestQuartzBadBaseURL: Quartz builds whatever baseUrl holds ("baseUrl:
// this is used for sitemaps and RSS feeds that require an absolute URL
// ... Do not include the protocol (i.e. https://)",
// https://quartz.jzhao.xyz/configuration: it prefixes https:// and checks
// nothing), so a malformed one (0xtr1gger/trigger_book's
// "htpps://...", eval8A MA2) is a tolerance: a lenient build builds the
// site with relative URLs and a warning naming the file and key; and
// --base-url wins over the settings file, whatever it holds.
func TestQuartzBadBaseURL(t *testing.T) {
	files := map[string]string{
		"quartz.config.ts": strings.Replace(quartzConfig("[Plugin.RemoveDrafts()]", "shortest"),
			`baseUrl: "wiki.example.org/six"`, `baseUrl: "htpps://bad.test/book/"`, 1),
		"content/index.md": "# Home\n",
	}
	if !strings.Contains(files["quartz.config.ts"], "htpps://") {
		t.Fatal("the fixture's configuration has no baseUrl")
	}
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, files)
	res, err := build(t, dir, content.Options{Theme: theme, BrokenLinks: "warn"})
	if err != nil {
		t.Fatalf("lenient build: %v", err)
	}
	if w := strings.Join(diagStrings(res.WarningList), "\n"); !strings.Contains(w, "quartz.config.ts") || !strings.Contains(w, "baseUrl") || !strings.Contains(w, "htpps://bad.test/book/") {
		t.Errorf("no warning naming quartz.config.ts, baseUrl and its value:\n%s", w)
	}
	if _, err := build(t, dir, content.Options{Theme: theme}); err == nil || !strings.Contains(err.Error(), "Quartz builds it") {
		t.Errorf("strict build: want an error saying Quartz builds it, got %v", err)
	}
	dir2 := t.TempDir()
	sitetest.WriteFiles(t, dir2, files)
	if _, err := build(t, dir2, content.Options{Theme: theme, BaseURL: "https://good.test/book/"}); err != nil {
		t.Fatalf("strict build with --base-url: %v", err)
	}
	if home := readTree(t, dir2+"/public")["index.html"]; !strings.Contains(home, `href="https://good.test/book/"`) {
		t.Errorf("--base-url is not the canonical URL's base:\n%s", home)
	}
}

// TestQuartzAliasForms: Quartz reads a note's aliases however they are
// written: "const aliases = coerceToArray(coalesceAliases(data,
// ["aliases", "alias"]))" (quartz/plugins/transformers/frontmatter.ts,
// Quartz 4.5.1): alias: stands for aliases:, one text is split at its
// commas ("input.toString().split(",")"), and a list keeps its strings
// and its numbers as text ("filter((tag: unknown) => typeof tag ===
// "string" || typeof tag === "number")"); AliasRedirects then writes a
// redirect at each ("aliases: ... Quartz will create a redirect page for
// each alias", https://quartz.jzhao.xyz/plugins/AliasRedirects).
func TestQuartzAliasForms(t *testing.T) {
	for _, tt := range []struct {
		name, fm string
		at       []string
	}{
		{"one text", `aliases: "One Name"`, []string{"One-Name"}},
		{"one line", "aliases: two a, two b", []string{"two-a", "two-b"}},
		{"alias key", "alias: Warlord, Big Orc", []string{"Warlord", "Big-Orc"}},
		{"list", "aliases:\n  - three a\n  - \"three b\"", []string{"three-a", "three-b"}},
		{"flow list", "aliases: [four a, four b]", []string{"four-a", "four-b"}},
		{"numbers", "aliases:\n  - five a\n  - 5\n  - 5.5", []string{"five-a", "5", "5.5"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"quartz.config.ts":    quartzConfig("[Plugin.RemoveDrafts()]", "shortest"),
				"content/index.md":    "# Home\n",
				"content/notes/To.md": "---\n" + tt.fm + "\n---\nThe note.\n",
			})
			if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
				t.Fatalf("build: %v", err)
			}
			out := readTree(t, dir+"/public")
			for _, at := range tt.at {
				page := out[content.OutputPath(quartzSitePath(at))]
				if !strings.Contains(page, `http-equiv="refresh" content="0; url=/six/notes/To`) {
					t.Errorf("no redirect at %s:\n%s", at, page)
				}
			}
		})
	}
}

// quartzSitePath is the site path of a note or a redirect at Quartz's
// slug.
func quartzSitePath(slug string) string { return "/" + slug + ".html" }

// TestQuartzPageTitleSuffix: Quartz's Head component writes each page's
// <title> as "(fileData.frontmatter?.title ?? i18n(cfg.locale).propertyDefaults.title)
// + titleSuffix", titleSuffix being "cfg.pageTitleSuffix ?? """
// (quartz/components/Head.tsx); "pageTitleSuffix: a string added to the
// end of the page title. This only applies to the browser tab title, not
// the title shown at the top of the page"
// (https://quartz.jzhao.xyz/configuration). Without it the <title> is the
// note's title alone; the site's pageTitle is never in it.
func TestQuartzPageTitleSuffix(t *testing.T) {
	for _, tt := range []struct {
		name, setting string
		want          map[string]string // output file -> its <title>
	}{
		{"pageTitleSuffix set", `    pageTitleSuffix: " · Six Sides",` + "\n", map[string]string{
			"index.html":               "Welcome · Six Sides",
			"Rules/index.html":         "The Rules · Six Sides",
			"Rules/Combat-Basics.html": "Combat Basics · Six Sides",
		}},
		{"no pageTitleSuffix", "", map[string]string{
			"index.html":               "Welcome",
			"Rules/index.html":         "The Rules",
			"Rules/Combat-Basics.html": "Combat Basics",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := strings.Replace(quartzConfig("[Plugin.RemoveDrafts()]", "shortest"), "    enableSPA:", tt.setting+"    enableSPA:", 1)
			sitetest.WriteFiles(t, dir, map[string]string{
				"quartz.config.ts":               cfg,
				"content/index.md":               "---\ntitle: Welcome\n---\nSee [[Combat Basics]].\n",
				"content/Rules/index.md":         "---\ntitle: The Rules\n---\n",
				"content/Rules/Combat Basics.md": "# Combat, the basics\n",
			})
			if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
				t.Fatalf("build: %v", err)
			}
			out := readTree(t, dir+"/public")
			for file, want := range tt.want {
				if got := regexp.MustCompile(`<title>(.*?)</title>`).FindStringSubmatch(out[file]); got == nil || got[1] != want {
					t.Errorf("%s: <title> %q, want %q", file, got, want)
				}
			}
		})
	}
}

// TestQuartzListPageTitles: the titles Quartz gives the pages it makes.
// Its TagPage emitter titles a tag's page "`${i18n(locale).pages.
// tagContent.tag}: ${tag}`" ("Tag: plane-shift", the slugged tag) and the
// list of tags "tagContent.tagIndex" ("Tag Index"); its FolderPage titles
// a folder without an index.md "`${i18n(locale).pages.folderContent.
// folder}: ${folder}`" ("Folder: Magic/Schools", the folder's slug), and
// a folder's index.md without a title is titled by its file's stem,
// "index" (frontmatter.ts: "data.title = file.stem"), as every note is
// (quartz/plugins/emitters/tagPage.tsx, folderPage.tsx, Quartz 4.5; en-US
// strings from quartz/i18n/locales/en-US.ts). The Explorer still names a
// folder by "the title frontmatter field in folder/index.md ... [else]
// the local folder name" (https://quartz.jzhao.xyz/features/explorer;
// its FileTrieNode skips a title "index"), and so do the breadcrumbs.
func TestQuartzListPageTitles(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"quartz.config.ts":              quartzConfig("[Plugin.RemoveDrafts()]", "shortest"),
		"content/index.md":              "# Home\n",
		"content/Magic/Schools/Fire.md": "---\ntags: [plane shift]\n---\nFire.\n",
		"content/Bestiary/index.md":     "The beasts.\n",
		"content/Bestiary/Goblin.md":    "A goblin.\n",
		"content/Lore/index.md":         "---\ntitle: Old Lore\n---\nLore.\n",
		"content/Lore/Gods.md":          "Gods.\n",
	})
	if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	h1 := func(page string) string {
		m := regexp.MustCompile(`(?s)<h1[^>]*>(.*?)</h1>`).FindStringSubmatch(out[page])
		if m == nil {
			return ""
		}
		return strings.TrimSpace(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(m[1], ""))
	}
	for _, tt := range []struct{ page, title string }{
		{"index.html", "index"}, // content/index.md has no title: file.stem, as every index.md
		{"tags/plane-shift.html", "Tag: plane-shift"},
		{"tags/index.html", "Tag Index"},
		{"Magic/index.html", "Folder: Magic"},
		{"Magic/Schools/index.html", "Folder: Magic/Schools"},
		{"Bestiary/index.html", "index"},
		{"Lore/index.html", "Old Lore"},
	} {
		if got := h1(tt.page); got != tt.title {
			t.Errorf("%s: heading %q, want %q", tt.page, got, tt.title)
		}
	}
	nav := regexp.MustCompile(`<[^>]+>`).ReplaceAllString(regexp.MustCompile(`(?s)<nav class="site-nav".*?</nav>`).FindString(out["Magic/Schools/Fire.html"]), "|")
	for _, label := range []string{"|Magic|", "|Schools|", "|Bestiary|", "|Old Lore|"} {
		if !strings.Contains(strings.Join(strings.Fields(nav), " "), label) {
			t.Errorf("the Explorer has no %q: %s", label, strings.Join(strings.Fields(nav), " "))
		}
	}
	// sitegen's pager names the page it leads to as the Explorer names
	// it, alone: a folder's page by the folder's name, not by the title
	// Quartz gives it ("Folder: Magic"), and no section before
	// ("Bestiary: Goblin", "Technology: Ordner: Technology/etc").
	pagers := ""
	for page, html := range out {
		if pager := regexp.MustCompile(`(?s)<nav class="pager".*?</nav>`).FindString(html); pager != "" {
			pagers += page + ": " + regexp.MustCompile(`<[^>]+>`).ReplaceAllString(pager, " ") + "\n"
		}
	}
	if !strings.Contains(pagers, "Previous  Goblin ") || !strings.Contains(pagers, "Next  Fire ") || strings.Contains(pagers, "Folder:") || strings.Contains(pagers, ": Goblin") || strings.Contains(pagers, " index ") {
		t.Errorf("pagers:\n%s", pagers)
	}
	crumbs := regexp.MustCompile(`(?s)<nav class="breadcrumbs".*?</nav>`).FindString(out["Magic/Schools/Fire.html"])
	if !strings.Contains(crumbs, ">Magic<") || !strings.Contains(crumbs, ">Schools<") || strings.Contains(crumbs, "Folder:") {
		t.Errorf("breadcrumbs of Fire: %s", crumbs)
	}
}

// TestQuartzListPageWords: the pages Quartz makes are titled in the
// site's locale ("locale: used for i18n and date formatting",
// https://quartz.jzhao.xyz/configuration; folderPage.tsx
// "`${i18n(cfg.locale).pages.folderContent.folder}: ${folder}`"), and a
// Quartz 4.0.x (package.json's version; i18n came in 4.2) titles a tag's
// page "Tag: #x" and its list of tags "Tag: #index".
func TestQuartzListPageWords(t *testing.T) {
	for _, tt := range []struct {
		name, locale, pkg     string
		folder, tag, tagIndex string
	}{
		{"de-DE", "de-DE", `{"name": "@jackyzha0/quartz", "version": "4.5.1"}`, "Ordner: Magic", "Tag: fire", "Tag-Übersicht"},
		{"fr-FR", "fr-FR", "", "Dossier: Magic", "Étiquette: fire", "Index des étiquettes"},
		{"4.0.x", "en-US", `{"name": "@jackyzha0/quartz", "version": "4.0.8"}`, "Folder: Magic", "Tag: #fire", "Tag: #index"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{
				"quartz.config.ts":              strings.Replace(quartzConfig("[Plugin.RemoveDrafts()]", "shortest"), `locale: "en-US"`, `locale: "`+tt.locale+`"`, 1),
				"content/index.md":              "Home.\n",
				"content/Magic/Schools/Fire.md": "---\ntags: [fire]\n---\nFire.\n",
			}
			if tt.pkg != "" {
				files["package.json"] = tt.pkg
			}
			sitetest.WriteFiles(t, dir, files)
			if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
				t.Fatalf("build: %v", err)
			}
			out := readTree(t, dir+"/public")
			for page, want := range map[string]string{"Magic/index.html": tt.folder, "tags/fire.html": tt.tag, "tags/index.html": tt.tagIndex} {
				m := regexp.MustCompile(`(?s)<h1[^>]*>(.*?)</h1>`).FindStringSubmatch(out[page])
				if m == nil || strings.TrimSpace(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(m[1], "")) != want {
					t.Errorf("%s: heading %q, want %q", page, m, want)
				}
			}
		})
	}
}

// TestQuartzListOrder: a folder's page and a tag's page list their notes
// as Quartz's PageList sorts them (byDateAndAlphabeticalFolderFirst,
// quartz/components/PageList.tsx): "Sort folders first", then by
// getDate(cfg, page), "sort descending" (defaultDateType "modified":
// lastmod, updated or last-modified in the front matter, else the file's
// last change), "otherwise, sort lexographically by title", the lowercase
// titles by localeCompare ("10 x" before "2 x"). The Explorer keeps its
// own order (folders first, then by name).
func TestQuartzListOrder(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"quartz.config.ts":       quartzConfig("[Plugin.RemoveDrafts()]", "shortest"),
		"content/index.md":       "Home.\n",
		"content/Rules/index.md": "---\ntitle: Rules\n---\nThe rules.\n",
		"content/Rules/Old.md":   "---\nlastmod: 2023-01-02\ntags: [core]\n---\nOld.\n",
		"content/Rules/New.md":   "---\nupdated: 2024-06-01\ntags: [core]\n---\nNew.\n",
		"content/Rules/Fresh.md": "Fresh.\n",
		"content/Rules/zeta.md":  "---\nlastmod: 2022-01-01\ntags: [core]\n---\nZ.\n",
		"content/Rules/Alpha.md": "---\nlastmod: 2022-01-01\ntags: [core]\n---\nA.\n",
		"content/Rules/2 x.md":   "---\nlastmod: 2021-01-01\n---\nTwo.\n",
		"content/Rules/10 x.md":  "---\nlastmod: 2021-01-01\n---\nTen.\n",
		"content/Rules/Sub/A.md": "---\nlastmod: 2020-01-01\n---\nIn a folder.\n",
	})
	// Fresh.md has no date of its own: its file's, later than the others'.
	fresh := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(dir, "content/Rules/Fresh.md"), fresh, fresh); err != nil {
		t.Fatal(err)
	}
	if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	list := func(page string) string {
		m := regexp.MustCompile(`(?s)<ul class="children">.*?</ul>`).FindString(out[page])
		var names []string
		for _, a := range regexp.MustCompile(`<a [^>]*>([^<]*)</a>`).FindAllStringSubmatch(m, -1) {
			names = append(names, a[1])
		}
		return strings.Join(names, ", ")
	}
	for _, tt := range []struct{ page, want string }{
		{"Rules/index.html", "Sub, Fresh, New, Old, Alpha, zeta, 10 x, 2 x"},
		{"tags/core.html", "New, Old, Alpha, zeta"},
	} {
		if got := list(tt.page); got != tt.want {
			t.Errorf("%s lists %q, want %q", tt.page, got, tt.want)
		}
	}
	nav := regexp.MustCompile(`<[^>]+>`).ReplaceAllString(regexp.MustCompile(`(?s)<nav class="site-nav".*?</nav>`).FindString(out["Rules/Old.html"]), "|")
	if !ordered(strings.Join(strings.Fields(nav), " "), "Sub", "2 x", "10 x", "Alpha", "Fresh", "New", "Old", "zeta") {
		t.Errorf("the Explorer's order changed: %s", strings.Join(strings.Fields(nav), " "))
	}
}

// TestQuartzOpenLinksInNewTab: CrawlLinks' "openLinksInNewTab: When
// true, configures external links to open in a new tab. Defaults to
// false" (docs/plugins/CrawlLinks.md): with it, a link to another site
// (written as a Markdown link or a bare autolink) opens in a new tab
// (target="_blank", rel="noopener noreferrer"); a link to a note of the
// site, and every link without it, opens in place (0xf61/mywiki sets it).
func TestQuartzOpenLinksInNewTab(t *testing.T) {
	newTab := `target="_blank" rel="noopener noreferrer"`
	for _, tt := range []struct {
		name, option string
		external     bool
	}{
		{"openLinksInNewTab: true", `, openLinksInNewTab: true`, true},
		{"openLinksInNewTab: false", `, openLinksInNewTab: false`, false},
		{"not set", ``, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := strings.Replace(quartzConfig("[Plugin.RemoveDrafts()]", "shortest"), `markdownLinkResolution: "shortest"`, `markdownLinkResolution: "shortest"`+tt.option, 1)
			if !strings.Contains(cfg, tt.option) {
				t.Fatalf("the option is not in the configuration:\n%s", cfg)
			}
			sitetest.WriteFiles(t, dir, map[string]string{
				"quartz.config.ts":      cfg,
				"content/index.md":      "# Home\n",
				"content/Rules/Dice.md": "# Dice\n",
				"content/Rules/Page.md": "See [the SRD](https://srd.example.org/dice), <https://example.org/b> and [[Dice]].\n",
			})
			if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
				t.Fatal(err)
			}
			out := readTree(t, dir+"/public")["Rules/Page.html"]
			for _, href := range []string{"https://srd.example.org/dice", "https://example.org/b"} {
				a := regexp.MustCompile(`<a href="` + regexp.QuoteMeta(href) + `"[^>]*>`).FindString(out)
				if a == "" {
					t.Fatalf("no link to %s:\n%s", href, out)
				}
				if strings.Contains(a, newTab) != tt.external {
					t.Errorf("%s: want new tab %v", a, tt.external)
				}
			}
			if a := regexp.MustCompile(`<a href="[^"]*Dice[^"]*"[^>]*>`).FindString(out); a == "" || strings.Contains(a, "_blank") {
				t.Errorf("the link to the note Dice: %q, want one opening in place", a)
			}
		})
	}
}
