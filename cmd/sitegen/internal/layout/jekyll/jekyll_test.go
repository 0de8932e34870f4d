package jekyll

import (
	"errors"
	"maps"
	"path"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

func TestRecognise(t *testing.T) {
	tests := []struct {
		name     string
		config   string
		content  string
		settings layout.Settings
		skipped  []string
		kept     []string
	}{
		// Jekyll 4.3.1's Configuration::DEFAULT_EXCLUDES name
		// "vendor/bundle/ vendor/cache/ vendor/gems/ vendor/ruby/", paths
		// from the source (EntryFilter#glob_include? joins them to it): a
		// site's own js/vendor/ is published (webdevjeffus/dungeons-of-olde's
		// js/vendor/modernizr-2.8.3.min.js, which sitegen left out).
		{name: "defaults", config: "theme: just-the-docs\n", content: ".",
			skipped: []string{"_site", "_includes", "_config.yml", "Gemfile", "Gemfile.lock", "vendor/bundle", "vendor/ruby/x.rb", "node_modules", ".jekyll-cache", "x.gemspec", "docs/_drafts"},
			kept:    []string{"index.md", "docs/rules.md", "assets/img/a.png", "js/vendor", "js/vendor/modernizr.js", "assets/vendor/bundle", "vendor/other.js"}},
		{name: "settings", config: "title: SRD 5.1\nurl: https://srd.test\nbaseurl: /srd\npermalink: pretty\nlang: de\n", content: ".",
			settings: layout.Settings{Title: "SRD 5.1", BaseURL: "https://srd.test/srd/", Permalink: "pretty", LanguageCode: "de"}},
		// jekyll-seo-tag's title, GitHub Pages' themes': "site_title ||=
		// format_string(site["title"] || site["name"])"
		// (lib/jekyll-seo-tag/drop.rb, https://github.com/jekyll/jekyll-seo-tag):
		// name: where title: is not set (smburdick/graem's "name: Graem Wiki",
		// which its layout writes as {{ site.name }}).
		{name: "name for the title", config: "name: Graem Wiki\n", content: ".", settings: layout.Settings{Title: "Graem Wiki"}},
		{name: "title before name", config: "name: N\ntitle: T\n", content: ".", settings: layout.Settings{Title: "T"}},
		{name: "baseurl alone", config: "baseurl: \"/srd/\"\n", content: ".", settings: layout.Settings{BaseURL: "/srd/"}},
		{name: "exclude and include", config: "exclude: [scripts, \"*.py\", docs/old]\ninclude: [_redirects]\n", content: ".",
			skipped: []string{"scripts", "convert.py", "docs/old/a.md", "Gemfile"}, kept: []string{"_redirects", "docs/new.md"}},
		{name: "source", config: "source: site\n", content: "site"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{"_config.yml": tt.config}))
			if err != nil || l == nil {
				t.Fatalf("Recognise = %v, %v", l, err)
			}
			// "url: the base hostname & protocol for your site",
			// "baseurl: the subpath of your site"
			// (https://jekyllrb.com/docs/configuration/default/).
			tt.settings.BaseURLKey = "url (and baseurl for a subpath)"
			// Jekyll has no setting that keeps raw HTML (kramdown writes it
			// as is): the hint names sitegen's key and says Jekyll ignores it.
			tt.settings.UnsafeHint = "sitegen's key markup.goldmark.renderer.unsafe: true in _config.yml, which Jekyll ignores,"
			if l.Content != tt.content || l.Settings != tt.settings || l.Redirects != "redirect_from" {
				t.Errorf("got content %q settings %+v redirects %q, want %q %+v redirect_from", l.Content, l.Settings, l.Redirects, tt.content, tt.settings)
			}
			for _, p := range tt.skipped {
				if !l.Skip(p, false) {
					t.Errorf("%s published", p)
				}
			}
			for _, p := range tt.kept {
				if l.Skip(p, false) {
					t.Errorf("%s not published", p)
				}
			}
		})
	}
}

func TestNotJekyll(t *testing.T) {
	if l, err := Recognise(layouttest.Write(t, map[string]string{"README.md": "x"})); l != nil || err != nil {
		t.Errorf("Recognise = %v, %v; want nil, nil", l, err)
	}
}

func TestBadConfig(t *testing.T) {
	_, err := Recognise(layouttest.Write(t, map[string]string{"_config.yml": "title: a\nexclude: [a\n"}))
	var ce *layout.ConfigError
	if !errors.As(err, &ce) || ce.File != "_config.yml" || ce.Line == 0 {
		t.Fatalf("err = %v, want a ConfigError at a line of _config.yml", err)
	}
}

// TestUnpublished checks Jekyll's documented rules:
//
// https://jekyllrb.com/docs/front-matter/ — "published: Set to false if
// you don't want a specific post to show up when the site is generated";
// "To preview unpublished pages, simply run jekyll serve or jekyll build
// with the --unpublished switch" (sitegen's --drafts).
//
// https://jekyllrb.com/docs/posts/#drafts — "Drafts are posts without a
// date in the filename. They're posts you're still working on and don't
// want to publish yet. To get up and running with drafts, create a
// _drafts folder in your site's root"; "To preview your site with
// drafts, run jekyll serve or jekyll build with the --drafts switch".
func TestUnpublished(t *testing.T) {
	for _, tt := range []struct {
		meta map[string]any
		want string
	}{
		{map[string]any{"published": false}, layout.PublishedFalse},
		{map[string]any{"published": "false"}, layout.PublishedFalse}, // Jekyll publishes it; sitegen errs on the private side
		{map[string]any{"published": true}, ""},
		{map[string]any{}, ""},
	} {
		if got := Unpublished(tt.meta, "a.md"); got != tt.want {
			t.Errorf("Unpublished(%v) = %q, want %q", tt.meta, got, tt.want)
		}
	}
	l, err := Recognise(layouttest.Write(t, map[string]string{"_config.yml": "title: J\n"}))
	if err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]bool{"_drafts/a.md": true, "_drafts": true, "docs/_drafts/a.md": false, "drafts/a.md": false} {
		rule := l.UnpublishedPath(rel, rel == "_drafts")
		if (rule != nil) != want || rule != nil && (rule.Reason != DraftsReason || !rule.Preview) {
			t.Errorf("UnpublishedPath(%s) = %+v, want a preview rule: %v", rel, rule, want)
		}
	}
}

// TestCollectionURLs checks the URLs of collection documents and posts
// against Jekyll's documented rules (each checked with Jekyll 4.3's
// jekyll build here; sitegen serves /rules/a/ for /rules/a.html, and
// hyphens for spaces: /rules/Big-Rule/ for Jekyll's /rules/Big Rule/):
//
// https://jekyllrb.com/docs/collections/ — "collections: - staff_members
// ... In this case collections is defined as a sequence"; "When defining a
// collection as a sequence, its pages will not be rendered by default. To
// enable this, output: true must be specified on the collection"; "You can
// optionally specify a directory to store all your collections in the same
// place with collections_dir: my_collections. Then Jekyll will look in
// my_collections/_books for the books collection"; "be sure to move drafts
// and posts into custom collections directory".
//
// https://jekyllrb.com/docs/permalinks/ — collections default to
// /:collection/:path:output_ext; built-in formats: date
// /:categories/:year/:month/:day/:title:output_ext, pretty
// /:categories/:year/:month/:day/:title/ (and pretty makes collections
// /:collection/:path/); :name is "the document's base filename, slugified";
// :title "may be overridden via the document's slug front matter".
//
// https://jekyllrb.com/docs/posts/ — "add a file to your _posts directory
// with the following format: YEAR-MONTH-DAY-title.MARKUP".
func TestCollectionURLs(t *testing.T) {
	for _, tt := range []struct {
		name, config, rel string
		fm                map[string]any
		want              string // "" for not a page of a collection with output
	}{
		{"map form, default permalink", "collections:\n  rules:\n    output: true\n", "_rules/Combat.md", nil, "/rules/Combat/"},
		{"index document", "collections:\n  rules:\n    output: true\n", "_rules/index.md", nil, "/rules/"},
		{"index document, pretty", "permalink: pretty\ncollections:\n  rules:\n    output: true\n", "_rules/index.md", nil, "/rules/index/"},
		{"nested document", "collections:\n  rules:\n    output: true\n", "_rules/magic/Fire Ball.md", nil, "/rules/magic/Fire Ball/"}, // :path as the file's (the site writes it /rules/magic/Fire Ball.html)
		{"a post's :title, pretty-slugified", "", "_posts/2024-01-01-Big Day.md", nil, "/2024/01/01/Big-Day/"},
		{"list form has no output", "collections:\n  - rules\n", "_rules/a.md", nil, ""},
		{"output false", "collections:\n  rules:\n    output: false\n", "_rules/a.md", nil, ""},
		{"collection permalink with :name", "collections:\n  minis:\n    output: true\n    permalink: /miniature/:name/\n", "_minis/Giant Spider.md", nil, "/miniature/giant-spider/"},
		{"collection permalink with .html", "collections:\n  lore:\n    output: true\n    permalink: /lore/:name:output_ext\n", "_lore/Old Tale.md", nil, "/lore/old-tale/"},
		{"collections_dir", "collections_dir: coll\ncollections:\n  rules:\n    output: true\n", "coll/_rules/a.md", nil, "/rules/a/"},
		{"collections_dir: the root's folder is not the collection", "collections_dir: coll\ncollections:\n  rules:\n    output: true\n", "_rules/a.md", nil, ""},
		{"post, date style", "title: J\n", "_posts/2020-01-02-My-Post.md", nil, "/2020/01/02/My-Post/"},
		// A post dated year 1 (webdevjeffus/dungeons-of-olde orders its
		// rules by 0001-01-01-…, 0002-…): a date like any other (jekyll
		// 4.3.1 wrote rules/0001/01/01/stats.html), not "no date".
		{"post dated 0001-01-01", "title: J\n", "rules/_posts/0001-01-01-stats.md", nil, "/rules/0001/01/01/stats/"},
		{"post, categories", "permalink: pretty\n", "_posts/2020-01-02-My-Post.md", map[string]any{"categories": []any{"World", "Deep"}}, "/world/deep/2020/01/02/My-Post/"},
		{"post in a folder: a category", "title: J\n", "lore/_posts/2020-01-02-x.md", nil, "/lore/2020/01/02/x/"},
		{"post, slug", "permalink: pretty\n", "_posts/2020-01-03-other.md", map[string]any{"slug": "custom"}, "/2020/01/03/custom/"},
		{"post, none style", "permalink: none\n", "_posts/2020-01-03-other.md", nil, "/other/"},
		{"post, custom site permalink", "permalink: /blog/:year/:title/\n", "_posts/2020-01-03-other.md", nil, "/blog/2020/other/"},
		{"post in a folder, posts in collections:", "collections:\n  posts:\n    output: true\n  abc:\n    output: true\n", "lore/_posts/2020-01-02-x.md", nil, "/lore/2020/01/02/x/"},
		{"posts collection permalink", "collections:\n  posts:\n    output: true\n    permalink: /posts/:title/\n", "_posts/2018-03-10-welcome.md", nil, "/posts/welcome/"},
		{"document permalink with placeholders", "collections:\n  rules:\n    output: true\n", "_rules/a.md", map[string]any{"permalink": "/r/:name/"}, "/r/a/"},
		{"not in a collection", "collections:\n  rules:\n    output: true\n", "docs/a.md", nil, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{"_config.yml": tt.config}))
			if err != nil || l == nil || l.PageURL == nil {
				t.Fatalf("Recognise = %v, %v", l, err)
			}
			fm := tt.fm
			if fm == nil {
				fm = map[string]any{} // a document: front matter, if empty
			}
			if got := l.PageURL(tt.rel, fm); got != tt.want {
				t.Errorf("PageURL(%s) = %q, want %q", tt.rel, got, tt.want)
			}
			if skipped := l.Skip(tt.rel, false) || l.Skip(path.Dir(tt.rel), true) || l.UnpublishedPath(tt.rel, false) != nil; skipped != (tt.want == "") && !strings.HasPrefix(tt.rel, "docs/") {
				t.Errorf("%s not published: %v, want %v", tt.rel, skipped, tt.want == "")
			}
		})
	}
}

// TestFuture: Jekyll does not publish a post or a collection document
// dated in the future unless the configuration says future: true
// (https://jekyllrb.com/docs/configuration/options/: "Publish posts or
// collection documents with a future date", future: BOOL, its default
// false in https://jekyllrb.com/docs/configuration/default/). The date is
// a post's file name's, or the front matter's date: when set ("date:
// Overrides the date from the name of the post",
// https://jekyllrb.com/docs/front-matter/). Pages have no date: the rule
// is not theirs. `jekyll build --future` shows them, as --drafts does.
// Found by the fifth probe: _posts/2999-01-01-x.md was published.
func TestFuture(t *testing.T) {
	files := map[string]string{"_config.yml": "title: J\ncollections:\n  npcs:\n    output: true\n"}
	l, err := Recognise(layouttest.Write(t, files))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		rel  string
		meta map[string]any
		want string
	}{
		{"_posts/2999-01-01-x.md", map[string]any{}, FutureReason},
		{"_posts/2001-01-01-x.md", map[string]any{}, ""},
		{"_posts/2001-01-01-x.md", map[string]any{"date": "2999-05-01 10:00:00 +0000"}, FutureReason},
		{"_posts/2999-01-01-x.md", map[string]any{"date": "2001-05-01"}, ""},
		{"_npcs/spy.md", map[string]any{"date": "2999-05-01"}, FutureReason},
		{"_npcs/old.md", map[string]any{}, ""},
		{"about.md", map[string]any{"date": "2999-05-01"}, ""}, // a page
	} {
		if got := l.Unpublished(tt.meta, tt.rel); got != tt.want {
			t.Errorf("Unpublished(%s, %v) = %q, want %q", tt.rel, tt.meta, got, tt.want)
		}
	}
	files["_config.yml"] += "future: true\n"
	if l, err = Recognise(layouttest.Write(t, files)); err != nil {
		t.Fatal(err)
	}
	if got := l.Unpublished(map[string]any{}, "_posts/2999-01-01-x.md"); got != "" {
		t.Errorf("future: true: Unpublished = %q", got)
	}
}

// TestCollectionStaticFiles: "Files in a collection that do not have
// front matter are treated as static files and simply copied to their
// output location without processing"
// (https://jekyllrb.com/docs/collections/#add-content): Jekyll 4.3 writes
// them at the collection's URL template with their extension
// (StaticFile#url; TestJekyll/folders_have_no_page in package
// testing/conformance builds _sessions/notes.txt to /sessions/notes.txt
// and _lore/maps/map.png, permalink /tale/:name/, to /tale/map.png).
func TestCollectionStaticFiles(t *testing.T) {
	config := "collections_dir: coll\ncollections:\n  sessions:\n    output: true\n  lore:\n    output: true\n    permalink: /tale/:name/\n  npcs:\n    output: false\n"
	l, err := Recognise(layouttest.Write(t, map[string]string{"_config.yml": config}))
	if err != nil || l == nil || l.FileSitePath == nil {
		t.Fatalf("Recognise = %v, %v", l, err)
	}
	for rel, want := range map[string]string{
		"coll/_sessions/notes.txt":   "/sessions/notes.txt",
		"coll/_sessions/deep/a b.js": "/sessions/deep/a b.js",
		"coll/_lore/maps/map.png":    "/tale/map.png",
		"coll/_npcs/spy.png":         "", // not published (its collection has no output)
		"assets/x.png":               "", // not a collection's: its path
	} {
		if got := l.FileSitePath(rel); got != want {
			t.Errorf("FileSitePath(%s) = %q, want %q", rel, got, want)
		}
	}
}

// TestPostsFolderFiles: "To create a post, add a file to your _posts
// directory with the following format: YEAR-MONTH-DAY-title.MARKUP"
// (https://jekyllrb.com/docs/posts/). Jekyll 4.3 reads only the files of
// _posts whose name matches that (Document::DATE_FILENAME_MATCHER, which
// requires an extension) and says nothing of the others; a matching file
// that is not Markdown is written at the post's URL with its own
// extension. Measured with Jekyll 4.3.1 (date permalink): _posts/2015-04-01-pic.png
// is /2015/04/01/pic.png, _posts/sub/2015-04-02-raw.txt /2015/04/02/raw.txt,
// lore/_posts/2015-04-01-Pic.png /lore/2015/04/01/Pic.png; _posts/img.png
// and _posts/2015-04-01-TPK (front matter, no extension) are not written.
// Found by eval6B on 200WordRPG/200wordrpg.github.io: its
// _posts/2015/2015-04-01-TPK was given the URL "/" and written over the
// site's root, failing the build.
func TestPostsFolderFiles(t *testing.T) {
	l, err := Recognise(layouttest.Write(t, map[string]string{"_config.yml": "title: J\n"}))
	if err != nil || l == nil || l.FileSitePath == nil {
		t.Fatalf("Recognise = %v, %v", l, err)
	}
	for rel, want := range map[string]string{
		"_posts/2015-04-01-pic.png":      "/2015/04/01/pic.png",
		"_posts/sub/2015-04-02-raw.txt":  "/2015/04/02/raw.txt",
		"lore/_posts/2015-04-01-Pic.png": "/lore/2015/04/01/Pic.png",
		"_posts/img.png":                 "", // not read
		"_posts/2015-04-01-TPK":          "", // no extension: not read
		"_posts/2015/2015-04-01-TPK":     "",
		"_posts/2015-04-01-notes.md":     "page", // a post
		"_posts/undated.md":              "page", // a page: reported as not published (UndatedPostReason)
	} {
		skipped := l.Skip(rel, false)
		switch {
		case want == "" && !skipped:
			t.Errorf("%s is read (FileSitePath %q), want it left out as Jekyll does", rel, l.FileSitePath(rel))
		case want != "" && skipped:
			t.Errorf("%s is left out, want it read", rel)
		case want != "" && want != "page":
			if got := l.FileSitePath(rel); got != want {
				t.Errorf("FileSitePath(%s) = %q, want %q", rel, got, want)
			}
		}
	}
}

// TestNestedCollectionFolders: a collection is read from one folder,
// _label at the source's root or in collections_dir ("Create a
// corresponding folder (e.g. <source>/_staff_members)",
// https://jekyllrb.com/docs/collections/#setup); a folder of the same name
// deeper down is an ordinary "_" folder, which Jekyll does not build ("By
// default, Jekyll does not build any files or directories that … contain
// site content (indicated by names that start with _)",
// https://docs.github.com/en/pages/setting-up-a-github-pages-site-with-jekyll/about-github-pages-and-jekyll).
// Measured with Jekyll 4.3.1: _spells/ice.md is written, a/_spells/fire.md
// is not. Found on jane7353n0/Utopia (eval11C NC1): sitegen published the
// 192 pages of compendium/utopia-ttrpg/_spells/, _items/, _chapter/ … that
// Jekyll leaves out, _subspezies (output: false) among them.
func TestNestedCollectionFolders(t *testing.T) {
	for _, tc := range []struct{ config, rel string }{
		{"collections:\n  spells:\n    output: true\n", "_spells/ice.md"},
		{"collections_dir: my\ncollections:\n  spells:\n    output: true\n", "my/_spells/ice.md"},
	} {
		l, err := Recognise(layouttest.Write(t, map[string]string{"_config.yml": "title: J\n" + tc.config}))
		if err != nil || l == nil {
			t.Fatalf("Recognise = %v, %v", l, err)
		}
		skipped := func(rel string) bool {
			for d := path.Dir(rel); d != "."; d = path.Dir(d) {
				if l.Skip(d, true) {
					return true
				}
			}
			return l.Skip(rel, false)
		}
		if skipped(tc.rel) {
			t.Errorf("%q: the collection's %s is left out", tc.config, tc.rel)
		}
		for _, rel := range []string{"a/_spells/fire.md", "compendium/utopia/_spells/fire.md", "a/my/_spells/fire.md"} {
			if !skipped(rel) {
				t.Errorf("%q: %s is read, want it left out as Jekyll does", tc.config, rel)
			}
		}
	}
	// Posts are read from a _posts folder at any depth (their categories).
	l, _ := Recognise(layouttest.Write(t, map[string]string{"_config.yml": "title: J\n"}))
	if l.Skip("lore/_posts", true) {
		t.Error("lore/_posts is left out, want its posts read")
	}
}

// TestExcludePrefix: "exclude: Exclude directories and/or files from the
// conversion. These exclusions are relative to the site's source
// directory" (https://jekyllrb.com/docs/configuration/options/); Jekyll
// 4.3 matches each entry as a glob and as a prefix of the path from the
// source (EntryFilter#glob_include?: File.fnmatch? ||
// entry_with_source.start_with?(pattern_with_source)). Measured with
// Jekyll 4.3.1, exclude: [README, log, sub/a]: README.md, login.md,
// logo.png, logs/x.txt and sub/ab.md are not written; catalog.md,
// sub/b.md and sub/log.md are. academicpages (a widely used template)
// excludes README: its README.md was read as a second home page
// ("duplicate URL /").
func TestExcludePrefix(t *testing.T) {
	config := "title: J\nexclude:\n  - README\n  - log\n  - sub/a\n  - \"*.sublime-project\"\ninclude:\n  - logbook.md\n"
	l, err := Recognise(layouttest.Write(t, map[string]string{"_config.yml": config}))
	if err != nil || l == nil {
		t.Fatalf("Recognise = %v, %v", l, err)
	}
	for rel, skipped := range map[string]bool{
		"README.md":         true,
		"login.md":          true,
		"logo.png":          true,
		"logs/x.txt":        true,
		"sub/ab.md":         true,
		"x.sublime-project": true,
		"catalog.md":        false,
		"sub/b.md":          false,
		"sub/log.md":        false,
		"logbook.md":        false, // include: wins over exclude
		"index.md":          false,
	} {
		dir := path.Dir(rel)
		got := l.Skip(rel, false) || dir != "." && l.Skip(dir, true)
		if got != skipped {
			t.Errorf("%s left out: %v, want %v", rel, got, skipped)
		}
	}
}

// TestGFMSlug: kramdown-parser-gfm's heading ids, as Jekyll 4.3 (kramdown
// 2, input: GFM, the default) wrote them for these headings (measured:
// "## Über Straße" is id="über-straße"): "result = text.downcase;
// result.gsub!(NON_WORD_RE, ""); result.tr!(" \t", "-")" with NON_WORD_RE
// /[^\p{Word}\- \t]/ (kramdown-parser-gfm lib/kramdown/parser/gfm.rb).
func TestGFMSlug(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Hit & Run", "hit--run"},
		{"1. Intro", "1-intro"},
		{"Über Straße", "über-straße"},
		{"don't", "dont"},
		{"a_b", "a_b"},
		{"Dice (2d6)", "dice-2d6"},
		{"Tab\there", "tab-here"},
		{"日本語 ルール", "日本語-ルール"},
	} {
		if got := GFMSlug(tc.in); got != tc.want {
			t.Errorf("GFMSlug(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestJemoji: jemoji's ":smile:" shortcodes are read where plugins: (or the
// older gems:) lists it ("Add jemoji to your site's _config.yml",
// https://github.com/jekyll/jemoji); GitHub Pages does not run it unasked
// (it is not among the plugins "enabled by default and cannot be disabled",
// https://docs.github.com/en/pages/setting-up-a-github-pages-site-with-jekyll/about-github-pages-and-jekyll#plugins).
func TestJemoji(t *testing.T) {
	for _, tt := range []struct {
		config string
		want   bool
	}{
		{"plugins: [jemoji]\n", true},
		{"gems: [jemoji]\n", true},
		{"plugins: [jekyll-seo-tag]\n", false},
		{"title: x\n", false},
	} {
		l, err := Recognise(layouttest.Write(t, map[string]string{"_config.yml": tt.config}))
		if err != nil || l == nil {
			t.Fatalf("Recognise(%q) = %v, %v", tt.config, l, err)
		}
		if l.Markup.Emoji != tt.want {
			t.Errorf("%q: Emoji = %v, want %v", tt.config, l.Markup.Emoji, tt.want)
		}
	}
}

// TestListSettingAsText: Jekyll wants include, exclude and plugins as
// lists, and stops otherwise (Configuration#check_include_exclude:
// "'include' should be set as an array, but was: "-js"."; jekyll 4.3.1
// fails byodinsbeardrpg's `include:\n    -js`, a text for want of a space
// after the dash). sitegen reads the text as a list of one, and the
// layout hands the build a problem at the key's line that is an error, a
// warning in lenient mode (ConfigError.LenientWarning).
func TestListSettingAsText(t *testing.T) {
	l, err := Recognise(layouttest.Write(t, map[string]string{
		"_config.yml": "title: a\ninclude:\n    -js\nexclude: [b]\nplugins: jekyll-feed\n",
	}))
	if err != nil || l == nil {
		t.Fatalf("Recognise: %v, %v", l, err)
	}
	got := map[string]int{}
	for _, ce := range l.Tolerated {
		if !ce.LenientWarning || ce.File != "_config.yml" || !strings.Contains(ce.Msg, "Jekyll stops") {
			t.Errorf("problem %+v: want LenientWarning in _config.yml saying Jekyll stops", ce)
		}
		got[ce.Key] = ce.Line
	}
	if want := map[string]int{"include": 2, "plugins": 5}; !maps.Equal(got, want) {
		t.Errorf("keys and lines %v, want %v", got, want)
	}
	if !slices.Contains(l.Include, "-js") {
		t.Errorf("Include = %v, want -js read as a list of one", l.Include)
	}
}

// TestTOCLevels: kramdown's toc_levels, under kramdown: in _config.yml
// (Jekyll hands that map to kramdown): "The individual levels can be
// specified by separating them with commas (e.g. 1,2,3) or by using the
// range syntax (e.g. 1..3) … Default: 1..6" (kramdown 2.4,
// lib/kramdown/options.rb, which raises "Invalid syntax for option
// toc_levels" on any other text, and stops Jekyll's build).
func TestTOCLevels(t *testing.T) {
	for _, tt := range []struct {
		config string
		want   []int
		bad    bool
	}{
		{"title: x\n", nil, false},
		{"kramdown:\n  toc_levels: 2..3\n", []int{2, 3}, false},
		{"kramdown:\n  toc_levels: \"1,3,3\"\n", []int{1, 3}, false},
		{"kramdown:\n  toc_levels: [2, 4]\n", []int{2, 4}, false},
		{"kramdown:\n  toc_levels: h2\n", nil, true},
	} {
		l, err := Recognise(layouttest.Write(t, map[string]string{"_config.yml": tt.config}))
		if err != nil || l == nil {
			t.Fatalf("Recognise(%q) = %v, %v", tt.config, l, err)
		}
		if !slices.Equal(l.Markup.TOCLevels, tt.want) {
			t.Errorf("%q: TOCLevels = %v, want %v", tt.config, l.Markup.TOCLevels, tt.want)
		}
		bad := slices.ContainsFunc(l.Tolerated, func(ce *layout.ConfigError) bool {
			return ce.Key == "kramdown.toc_levels" && ce.LenientWarning && ce.Line == 2
		})
		if bad != tt.bad {
			t.Errorf("%q: a problem at kramdown.toc_levels: %v, want %v (%+v)", tt.config, bad, tt.bad, l.Tolerated)
		}
	}
}

// TestJustTheDocs: the theme is named by "theme: just-the-docs" or
// "remote_theme: just-the-docs/just-the-docs" (its README's two ways,
// https://github.com/just-the-docs/just-the-docs#installation), or its
// gem in the Gemfile ("gem \"just-the-docs\"", ibid.).
func TestJustTheDocs(t *testing.T) {
	for _, tt := range []struct {
		name, config, gemfile string
		want                  bool
	}{
		{"gem theme", "theme: just-the-docs\n", "", true},
		{"remote theme with a ref", "remote_theme: just-the-docs/just-the-docs@v0.10.0\n", "", true},
		{"a fork as remote theme", "remote_theme: someone/just-the-docs\n", "", true},
		{"Gemfile", "title: T\n", "source \"https://rubygems.org\"\ngem \"jekyll\"\ngem 'just-the-docs', '0.10.0'\n", true},
		{"another theme", "theme: minima\n", "", false},
		{"another remote theme", "remote_theme: pages-themes/cayman@v0.2.0\n", "gem \"just-the-docs-plugin\"\n", false},
		{"none", "title: T\n", "", false},
		// The theme's files copied into the site, no theme: line: Jekyll
		// runs the site's copies ("Jekyll themes specify plugins and
		// package up assets, layouts, includes, and stylesheets in a way
		// that can be overridden by your site's content",
		// https://jekyllrb.com/docs/themes/), just-the-docs' own.
		{"its head.html copied", "title: T\n", "", true},
		{"its Sass entry copied", "title: T\n", "", true},
		{"its script copied, under source:", "source: docs\n", "", true},
		{"another theme's head.html copied", "title: T\n", "", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"_config.yml": tt.config}
			switch tt.name {
			case "its head.html copied":
				files["_includes/head.html"] = "<head>\n  <link rel=\"stylesheet\" href=\"{{ '/assets/css/just-the-docs-default.css' | relative_url }}\">\n</head>\n"
			case "its Sass entry copied":
				files["_includes/css/just-the-docs.scss.liquid"] = "@import \"./support/support\";\n"
			case "its script copied, under source:":
				files["docs/assets/js/just-the-docs.js"] = "---\n---\n(function (jtd, undefined) {})(window.jtd = window.jtd || {});\n"
			case "another theme's head.html copied":
				files["_includes/head.html"] = "<head>\n  <link rel=\"stylesheet\" href=\"{{ '/assets/main.css' | relative_url }}\">\n</head>\n"
			}
			if tt.gemfile != "" {
				files["Gemfile"] = tt.gemfile
			}
			dir := layouttest.Write(t, files)
			var m map[string]any
			if err := yaml.Unmarshal([]byte(tt.config), &m); err != nil {
				t.Fatal(err)
			}
			if got := JustTheDocs(dir, m); got != tt.want {
				t.Errorf("JustTheDocs = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestMarkdownExtCase: Jekyll converts a file whose extension is one of
// markdown_ext in any case: "def matches(ext) extname_list.include?(
// ext.downcase) end" (Jekyll::Converters::Markdown, jekyll 4.3.1), so
// Wildlander-mod's _01Support/Faq.MD and Health.Md are pages (jekyll
// 4.3.1 writes /01Support/Faq/index.html); sitegen left eleven of them out.
func TestMarkdownExtCase(t *testing.T) {
	l, err := Recognise(layouttest.Write(t, map[string]string{"_config.yml": "title: T\n"}))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, stem string
		ok         bool
	}{
		{"a.md", "a", true}, {"Faq.MD", "Faq", true}, {"Health.Md", "Health", true}, {"x.Markdown", "x", true},
		{"notes.txt", "", false}, {"a.mdx", "", false},
	} {
		if stem, ok := l.Markup.MarkdownStem(tt.name); stem != tt.stem || ok != tt.ok {
			t.Errorf("MarkdownStem(%q) = %q, %v; want %q, %v", tt.name, stem, ok, tt.stem, tt.ok)
		}
	}
}
