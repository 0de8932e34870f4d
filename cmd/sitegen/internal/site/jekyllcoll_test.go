package site

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllCollections checks that the documents of a Jekyll collection
// whose output is true, and posts, are pages at their permalinks
// (/rules/Combat.html), as Jekyll 4.3's jekyll build writes them:
//
// https://jekyllrb.com/docs/collections/#output — "output: true must be
// specified on the collection"; "Now you can iterate over
// site.staff_members ... each document ... will be rendered to
// /staff_members/jane.html" (the default permalink
// /:collection/:path:output_ext); a collection's permalink: sets another
// (https://jekyllrb.com/docs/permalinks/#collections).
//
// https://jekyllrb.com/docs/posts/ — "To create a post, add a file to
// your _posts directory with the following format: YEAR-MONTH-DAY-title.MARKUP";
// https://jekyllrb.com/docs/permalinks/#built-in-formats — date (the
// default) is /:categories/:year/:month/:day/:title:output_ext, pretty
// /:categories/:year/:month/:day/:title/.
func TestJekyllCollections(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml": "title: J\ncollections:\n  rules:\n    output: true\n  miniatures:\n    output: true\n    permalink: /miniature/:name/\n" +
			"  notes:\n    output: false\n",
		"index.md":                        "---\ntitle: Home\n---\n[combat](_rules/Combat.md) [post](_posts/2020-01-02-first-post.md)\n",
		"tags.html":                       "---\ntitle: Tags\n---\n<p>TAGS-PAGE</p>\n",
		"_rules/Combat.md":                "---\ntitle: Combat\ntags: [core]\n---\nCOMBAT-TEXT\n",
		"_rules/magic/Spells.md":          "---\ntitle: Spells\n---\nSPELLS-TEXT\n",
		"_miniatures/Giant Spider.md":     "---\ntitle: Giant Spider\n---\nSPIDER-TEXT\n",
		"_posts/2020-01-02-first-post.md": "---\ntitle: First\n---\nPOST-TEXT\n",
		"_posts/2021-03-04-lore.md":       "---\ntitle: Lore\ncategories: [World]\n---\nLORE-TEXT\n",
		"_notes/secret.md":                "---\ntitle: S\n---\nPRIVATE-NOTE\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{
		"rules/Combat.html":                 "COMBAT-TEXT",
		"rules/magic/Spells.html":           "SPELLS-TEXT",
		"miniature/giant-spider/index.html": "SPIDER-TEXT",
		"2020/01/02/first-post.html":        "POST-TEXT",
		"world/2021/03/04/lore.html":        "LORE-TEXT",
		"index.html":                        `href="/rules/Combat.html"`,
		"tags.html":                         "TAGS-PAGE",
	} {
		b, err := os.ReadFile(filepath.Join(dest, file))
		if err != nil || !strings.Contains(string(b), want) {
			t.Errorf("%s: %v; want it to hold %q", file, err, want)
		}
	}
	for _, file := range []string{"_rules/Combat/index.html", "notes/secret/index.html", "_notes/secret/index.html", "_posts/index.html"} {
		if _, err := os.Stat(filepath.Join(dest, file)); err == nil {
			t.Errorf("%s published", file)
		}
	}
}

// TestJekyllCollectionPageURL checks that sitegen serve's page for a
// changed collection document is the document's URL (TestJekyllCollections).
func TestJekyllCollectionPageURL(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":      "title: J\ncollections:\n  rules:\n    output: true\n",
		"index.md":         "---\ntitle: Home\n---\n",
		"_rules/Combat.md": "---\ntitle: Combat\n---\n",
		"moved.md":         "---\ntitle: Moved\npermalink: /elsewhere/\n---\n",
	})
	s, err := Load(context.Background(), content.Options{Source: src, Theme: theme})
	if err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{"_rules/Combat.md": "/rules/Combat.html", "moved.md": "/elsewhere/", "new.md": "/new.html"} {
		if got := s.PageURL(file); got != want {
			t.Errorf("PageURL(%q) = %q, want %q", file, got, want)
		}
	}
}

// TestJekyllPermalinkFolderPage checks that a Jekyll page whose permalink
// is the URL of a folder that has no index page is that folder's page,
// where sitegen otherwise makes one: Jekyll makes no folder pages, so the
// page is the only one at that URL and jekyll build (4.3) builds these
// sites. "Permalinks refer to the URLs (excluding the domain name or
// directory folder) for your pages, posts, or collections"
// (https://jekyllrb.com/docs/permalinks/); a page's output is at its
// permalink, and a folder holds no page of its own unless one is written
// there ("The same subfolders that are used to group your pages in your
// project's source will then exist in the _site folder",
// https://jekyllrb.com/docs/pages/). Both cases are from public sites
// (eval4B): the home page of a site without index.md written as
// cairn.md with permalink: /, and a collection's landing page kept in
// _pages/ with permalink: /<collection>/.
func TestJekyllPermalinkFolderPage(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  map[string]string // output file -> text it holds
	}{
		{"home", map[string]string{
			"_config.yml":        "title: J\n",
			"cairn.md":           "---\ntitle: Cairn\npermalink: /\n---\nCAIRN-HOME\n",
			"monsters/ankheg.md": "---\ntitle: Ankheg\n---\nANKHEG\n",
		}, map[string]string{"index.html": "CAIRN-HOME", "monsters/ankheg.html": "ANKHEG"}},
		{"collection", map[string]string{
			"_config.yml": "title: J\ninclude:\n  - _pages\ncollections_dir: campaigns\ncollections:\n" +
				"  orient:\n    output: true\n    permalink: /:collection/:name/\n",
			"index.md":                   "---\ntitle: Home\n---\nHOME\n",
			"_pages/orient.md":           "---\ntitle: Orient Timeline\npermalink: /orient/\n---\nTIMELINE\n",
			"campaigns/_orient/intro.md": "---\ntitle: Intro\n---\nINTRO\n",
		}, map[string]string{"orient/index.html": "TIMELINE", "orient/intro/index.html": "INTRO"}},
		// eval5B JB1 (DS-Homebrew/wiki): a collection's index.md that its
		// permalink template (/:path:output_ext) puts at / is the home
		// page, as Jekyll 4.3 writes it to index.html: "Documents in a
		// collection are written to the path given by the permalink"
		// (https://jekyllrb.com/docs/collections/#permalinks); no folder
		// page of sitegen's may claim /.
		{"collection index at the root", map[string]string{
			"_config.yml":  "title: J\ncollections:\n  en:\n    output: true\n    permalink: /:path:output_ext\n",
			"_en/index.md": "---\ntitle: Home\n---\nEN-HOME [b](b.md)\n",
			"_en/b.md":     "---\ntitle: B\n---\nEN-B\n",
		}, map[string]string{"index.html": "EN-HOME", "b.html": "EN-B"}},
		// eval9B NB1 (rooneg/5srd.github.io): a page without a permalink
		// of its own that the site's permalink style (pretty: "/:path/")
		// puts at a collection's URL is that URL's only page, as a
		// permalink: page is; jekyll build 4.3 writes backgrounds.md to
		// backgrounds/index.html and each document to
		// backgrounds/<title>/index.html. sitegen's page for the folder
		// _backgrounds/ claimed /backgrounds/ too and the build failed,
		// even lenient (16 collections, no site).
		{"page at a collection's URL by the permalink style", map[string]string{
			"_config.yml": "title: J\npermalink: pretty\ncollections:\n" +
				"  backgrounds:\n    output: true\n    permalink: /:collection/:title/\n",
			"index.md":                "---\ntitle: Home\n---\nHOME\n",
			"backgrounds.md":          "---\ntitle: Backgrounds\n---\nEVERY-STORY\n",
			"_backgrounds/acolyte.md": "---\ntitle: Acolyte\n---\nACOLYTE\n",
		}, map[string]string{"backgrounds/index.html": "EVERY-STORY", "backgrounds/acolyte/index.html": "ACOLYTE"}},
		// eval24A (kaiser-rpg/KaiserRPG.github.io, the documentation
		// theme's starter): index.md moved away by permalink: index2.html
		// and another page at permalink: index.html; jekyll build 4.3
		// writes the second to index.html and the first to index2.html
		// ("permalink: Jekyll reads it from the site's root",
		// https://jekyllrb.com/docs/permalinks/#front-matter). sitegen
		// took the root for no page's and added its own redirect there,
		// then refused it as the other page's file: no site, even lenient.
		{"index.md moved away, another page at index.html", map[string]string{
			"_config.yml":         "title: J\n",
			"index.md":            "---\ntitle: Starter\npermalink: index2.html\n---\nSTARTER\n",
			"pages/rule/intro.md": "---\ntitle: Intro\npermalink: index.html\n---\nINTRO-HOME\n",
		}, map[string]string{"index.html": "INTRO-HOME", "index2.html": "STARTER"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := t.TempDir()
			sitetest.WriteFiles(t, src, tc.files)
			dest := filepath.Join(t.TempDir(), "public")
			if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
				t.Fatalf("strict build: %v; jekyll build builds it", err)
			}
			for file, want := range tc.want {
				b, err := os.ReadFile(filepath.Join(dest, file))
				if err != nil || !strings.Contains(string(b), want) {
					t.Errorf("%s: %v; want it to hold %q", file, err, want)
				}
			}
		})
	}
}

// TestJekyllHTMLLinks checks that a link to the HTML file Jekyll writes a
// page to leads to the page: Jekyll writes about.md, without a pretty
// permalink, to about.html ("about.md # => http://example.com/about.html",
// "documentation/doc1.md # => http://example.com/documentation/doc1.html",
// https://jekyllrb.com/docs/pages/), and a page whose URL is a folder to
// that folder's index.html; Jekyll ships the link as written, where the
// browser finds the file (jekyll build 4.3.1 writes b.html, sub/c.html and
// sub/index.html for this fixture). A link to the .html of a page with a
// pretty permalink names no file and stays broken.
func TestJekyllHTMLLinks(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":  "title: J\n",
		"index.md":     "---\ntitle: Home\n---\n[b](b.html) [c](sub/c.html) [sub](sub/index.html) [top](/b.html#b-text)\n",
		"b.md":         "---\ntitle: B\n---\n## B text\n[c](sub/c.html)\n",
		"sub/index.md": "---\ntitle: Sub\n---\nSUB\n",
		"sub/c.md":     "---\ntitle: C\n---\n[b](../b.html)\n",
		"pretty.md":    "---\ntitle: P\npermalink: /pretty/\n---\n[broken](b/index.html)\n",
		"d.md":         "---\ntitle: D\n---\n[pretty](pretty.html)\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	_, err := build(t, src, content.Options{Theme: theme, Dest: dest})
	if err == nil || !strings.Contains(err.Error(), `"pretty.html"`) || !strings.Contains(err.Error(), `"b/index.html"`) {
		t.Fatalf("build: %v; want only the links to pretty.html and b/index.html broken", err)
	}
	if n := strings.Count(err.Error(), "broken link"); n != 2 {
		t.Errorf("%d broken links, want 2: %v", n, err)
	}
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest, BrokenLinks: "warn"}); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string][]string{
		"index.html": {`<a href="/b.html">b</a>`, `<a href="/sub/c.html">c</a>`, `<a href="/sub/">sub</a>`, `<a href="/b.html#b-text">top</a>`},
		"b.html":     {`<a href="/sub/c.html">c</a>`},
		"sub/c.html": {`<a href="/b.html">b</a>`},
	} {
		b, err := os.ReadFile(filepath.Join(dest, file))
		for _, w := range want {
			if err != nil || !strings.Contains(string(b), w) {
				t.Errorf("%s: %v; want it to hold %q", file, err, w)
			}
		}
	}
}

// TestJekyllIndexDocumentLinks checks that a relative link in a folder's
// index document of a collection written as files (permalink
// /:path:output_ext: _en/hiya/index.md is /hiya/index.html, served at
// /hiya/) resolves from that folder, as a browser reads it there: "faq"
// is /hiya/faq (faq.html, which GitHub Pages serves at /hiya/faq), not
// /faq. "Jekyll ... will be rendered to /staff_members/jane.html" (the
// default /:collection/:path:output_ext,
// https://jekyllrb.com/docs/collections/#output); an index.html is its
// folder's page. DS-Homebrew's wiki links [faq](faq?faq=…) from
// godmode9i/index.md in each of its 17 languages.
func TestJekyllIndexDocumentLinks(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":            "title: J\ncollections:\n  en:\n    output: true\n    permalink: /:path:output_ext\n",
		"index.md":               "---\ntitle: Home\n---\n",
		"_en/hiya/index.md":      "---\ntitle: Hiya\n---\nSee the [faq](faq?faq=why) and [installing](installing).\n",
		"_en/hiya/faq.md":        "---\ntitle: FAQ\n---\nFAQ-TEXT\n",
		"_en/hiya/installing.md": "---\ntitle: Installing\n---\nBack to [faq](faq).\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatalf("build: %v; the links resolve on Jekyll's site", err)
	}
	for file, want := range map[string]string{
		"hiya/index.html":      `<a href="/hiya/faq.html?faq=why">faq</a>`,
		"hiya/installing.html": `<a href="/hiya/faq.html">faq</a>`,
	} {
		b, err := os.ReadFile(filepath.Join(dest, file))
		if err != nil || !strings.Contains(string(b), want) {
			t.Errorf("%s: %v; want it to hold %q", file, err, want)
		}
	}
}

// TestJekyllSiteURLLinks: Jekyll renders Liquid before Markdown, so a link
// or image written {{ site.url }}/2015images/x.jpg (or {{ site.url }}{{
// site.baseurl }}/x, or {{ site.baseurl }}/x) names a file of the site
// itself: "site.url: Contains the url of your site as it's configured in
// the _config.yml" and site.baseurl likewise
// (https://jekyllrb.com/docs/variables/#site-variables). 200WordRPG's
// 2,441 posts each open with ![]({{site.url}}/2015images/NAME.jpg): 269
// broken images and no picture on any post.
func TestJekyllSiteURLLinks(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":  "title: J\nurl: https://example.org\n",
		"index.md":     "---\ntitle: Home\n---\n![pic]({{site.url}}/images/a.jpg) [b]({{site.url}}{{site.baseurl}}/b/) [c]({{site.baseurl}}/b/#b-text) [home]({{site.url}}) [e]({{ site.baseurl }}/b/) ![pic2]({{ site.url }}/images/a.jpg)\n",
		"b.md":         "---\ntitle: B\npermalink: /b/\n---\n## B text\n",
		"images/a.jpg": "JPG",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`src="/images/a.jpg"`, `<a href="/b/">b</a>`, `<a href="/b/#b-text">c</a>`, `<a href="/">home</a>`, `<a href="/b/">e</a>`, `alt="pic2"`} {
		if !strings.Contains(string(b), w) {
			t.Errorf("index.html does not hold %q", w)
		}
	}
}

// TestJekyllNotFoundPermalink: a Jekyll page anywhere whose front matter
// says permalink: /404.html is the site's 404 page: "Configuring the
// custom 404 page ... permalink: /404.html"
// (https://jekyllrb.com/tutorials/custom-404-page/), as GitHub Pages'
// "Creating a custom 404 page" says of a 404.md. academicpages (a
// widely used template) keeps it at _pages/404.md; its build failed,
// even with --broken-links warn, on "permalink: "/404.html" is the name
// of the site's 404 page".
func TestJekyllNotFoundPermalink(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":        "title: J\n",
		"index.md":           "---\ntitle: Home\n---\nHOME\n",
		"pages/not-found.md": "---\ntitle: Lost\npermalink: /404.html\n---\nNOT-FOUND-TEXT\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "404.html"))
	if err != nil || !strings.Contains(string(b), "NOT-FOUND-TEXT") {
		t.Errorf("404.html: %v; want the page's text", err)
	}
	for _, file := range []string{"pages/not-found/index.html", "404.html/index.html"} {
		if _, err := os.Stat(filepath.Join(dest, file)); err == nil {
			t.Errorf("%s published", file)
		}
	}
}

// TestJekyllCollectionsDirNoSection: collections_dir is where the
// collections' folders are, not a section of the site ("collections_dir
// ... all collections must be placed in that directory",
// https://jekyllrb.com/docs/collections/#setup): its name is no heading of
// the navigation; the posts are under a Posts heading (Jekyll writes no
// page listing them, issue 32), as they would be without it.
// dasweltenbuch (collections_dir: collections) showed a "Collections"
// heading holding "Posts".
func TestJekyllCollectionsDirNoSection(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":                   "title: J\ncollections_dir: coll\n",
		"index.md":                      "---\ntitle: Home\n---\nHi\n",
		"rules.md":                      "---\ntitle: Rules\n---\nR\n",
		"coll/_posts/2024-01-01-one.md": "---\ntitle: One\n---\nP\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	nav := string(b)
	if i := strings.Index(nav, `<nav class="site-nav"`); i >= 0 {
		nav = nav[i:]
		nav = nav[:strings.Index(nav, "</nav>")]
	}
	if strings.Contains(nav, ">Coll<") || !strings.Contains(nav, `<span aria-disabled="true">Posts</span>`) ||
		!strings.Contains(nav, `<a href="/2024/01/01/one.html">`) || !strings.Contains(nav, `<a href="/rules.html">`) {
		t.Errorf("navigation: want a Posts heading over /2024/01/01/one.html, and /rules.html, without a Coll heading:\n%s", nav)
	}
	if _, err := os.Stat(filepath.Join(dest, "posts", "index.html")); err == nil {
		t.Errorf("posts/index.html published: Jekyll writes no page listing the posts")
	}
	if _, err := os.Stat(filepath.Join(dest, "2024", "01", "01", "one.html")); err != nil {
		t.Errorf("the post is not at its date URL: %v", err)
	}
}

// TestJekyllTagNames: Jekyll takes any text as a tag ("tags ... can be
// specified as a YAML list or a space-separated string",
// https://jekyllrb.com/docs/posts/#tags-and-categories) and, without a
// plugin, makes no page for one: Obsidian's rule for tag names says
// nothing about it. dw-ccs (eval8B MB6) had 101 warnings for tags such as
// "backer class".
func TestJekyllTagNames(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":            "title: J\n",
		"index.md":               "---\ntitle: Home\n---\nHOME\n",
		"_posts/2018-01-01-a.md": "---\ntitle: A\ntags: [backer class, \"#1 pick\"]\n---\nA.\n",
	})
	res, err := build(t, src, content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "public")})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range diagStrings(res.WarningList) {
		if strings.Contains(w, "tags") {
			t.Errorf("a tag Jekyll takes is warned: %s", w)
		}
	}
}

// TestJekyllFragmentProblem: a link to a Jekyll page's file (a.html) with
// a #fragment no heading of that page has is reported as that, not as a
// missing file: the page is there ("about.md # =>
// http://example.com/about.html", https://jekyllrb.com/docs/pages/).
func TestJekyllFragmentProblem(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml": "title: J\n",
		"index.md":    "---\ntitle: Home\n---\n[a](a.html#a_b) [b](a.html#nope)\n",
		"a.md":        "---\ntitle: A\n---\n## a_b\n",
	})
	_, err := build(t, src, content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "public")})
	if err == nil || !strings.Contains(err.Error(), `broken link "a.html#nope": no heading with id "nope" on the page at /a.html`) ||
		strings.Contains(err.Error(), "a_b") || strings.Contains(err.Error(), "does not exist") {
		t.Errorf("build: %v; want only a.html#nope, reported as a missing heading", err)
	}
}

// TestJekyllExtensionlessIndexLinks checks that a relative link to a
// folder's index written without its .html ("../rules/index") resolves to
// that folder's page, as an extensionless link to any other page ("faq",
// TestJekyllIndexDocumentLinks) already does: Jekyll writes rules/index.md
// as rules/index.html ("Output files written to disk will still have the
// proper file extension",
// https://jekyllrb.com/docs/permalinks/#extensionless-permalinks), and
// GitHub Pages serves /rules/index from it. justinrgarrard/world-of-naevis.net
// (just-the-docs) writes [GM Guide](../gm_guide/index) this way: 48 of its
// 56 broken links in sitegen, none on its site.
func TestJekyllExtensionlessIndexLinks(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":      "title: J\n",
		"index.md":         "---\ntitle: Home\n---\n[rules](rules/index) [top](/rules/index#r-text)\n",
		"rules/index.md":   "---\ntitle: Rules\n---\n## R text\n[home](../index) [combat](combat)\n",
		"rules/combat.md":  "---\ntitle: Combat\n---\n[rules](index)\n",
		"other/welcome.md": "---\ntitle: Welcome\n---\n[rules](../rules/index)\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatalf("build: %v; the links resolve on GitHub Pages", err)
	}
	for file, want := range map[string][]string{
		"index.html":         {`<a href="/rules/">rules</a>`, `<a href="/rules/#r-text">top</a>`},
		"rules/index.html":   {`<a href="/">home</a>`, `<a href="/rules/combat.html">combat</a>`},
		"rules/combat.html":  {`<a href="/rules/">rules</a>`},
		"other/welcome.html": {`<a href="/rules/">rules</a>`},
	} {
		b, err := os.ReadFile(filepath.Join(dest, file))
		for _, w := range want {
			if err != nil || !strings.Contains(string(b), w) {
				t.Errorf("%s: %v; want it to hold %q", file, err, w)
			}
		}
	}
}
