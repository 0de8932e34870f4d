package hugo

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestUnpublished checks Hugo's documented "do not publish" rules:
//
// https://gohugo.io/content-management/front-matter/ —
// "draft: if true, the content will not be rendered unless the
// --buildDrafts flag is passed" (sitegen's own rule, in package site);
// "expiryDate: the datetime at which the content should no longer be
// published by Hugo; expired content will not be rendered unless the
// --buildExpired flag is passed"; "publishDate: if in the future, content
// will not be rendered unless the --buildFuture flag is passed";
// "headless: if true, sets a leaf bundle to be headless".
//
// https://gohugo.io/content-management/build-options/ — "render: When to
// render the page ... never: Never render the page to disk, and exclude
// it from all page collections ... link: Do not render the page to disk,
// but assign Permalink and RelPermalink values"; "list: ... never: Do not
// include the page in any page collection" (published, unlisted).
//
// Hugo reads a page's publishDate from publishDate, pubDate, published or
// date ([frontmatter] defaults), so a future date with no publishDate is
// not published either; hugo 0.111 here agrees (see package
// testing/conformance's TestUnpublished).
func TestUnpublished(t *testing.T) {
	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	r := rules{now: func() time.Time { return now }, lang: "en"}
	for _, tt := range []struct {
		meta     map[string]any
		rel      string
		reason   string
		unlisted string
	}{
		{meta: map[string]any{"title": "plain"}},
		{meta: map[string]any{"publishDate": "2030-01-01"}, reason: "publishDate in the future (Hugo)"},
		{meta: map[string]any{"publishdate": time.Date(2025, 6, 1, 13, 0, 0, 0, time.UTC)}, reason: "publishDate in the future (Hugo)"},
		{meta: map[string]any{"publishDate": "2020-01-01"}},
		{meta: map[string]any{"date": "2030-01-01"}, reason: "date in the future, no publishDate (Hugo)"},
		{meta: map[string]any{"date": "2030-01-01", "publishDate": "2020-01-01"}}, // publishDate decides
		{meta: map[string]any{"pubDate": "2030-01-01T10:00:00Z"}, reason: "pubDate in the future (Hugo)"},
		{meta: map[string]any{"published": false, "date": "2020-01-01"}},
		// A date Hugo cannot read is none (BadDates): the next key decides.
		{meta: map[string]any{"publishDate": "soon"}},
		{meta: map[string]any{"publishDate": "soon", "date": "2030-01-01"}, reason: "date in the future, no publishDate (Hugo)"},
		{meta: map[string]any{"date": "2022-11-10T10:33:21-05F00"}},
		{meta: map[string]any{"expiryDate": "bad"}},
		{meta: map[string]any{"expiryDate": "2025-06-01"}, reason: "expiryDate passed (Hugo)"},
		{meta: map[string]any{"ExpiryDate": "2025-06-02"}},
		{meta: map[string]any{"unpublishdate": "2001-01-01 10:00:00"}, reason: "unpublishDate passed (Hugo)"},
		{meta: map[string]any{"build": map[string]any{"render": "never"}}, reason: "build: {render: never} (Hugo)"},
		{meta: map[string]any{"build": map[string]any{"render": "link"}}, reason: "build: {render: link} (Hugo)"},
		{meta: map[string]any{"build": map[string]any{"render": "always"}}},
		{meta: map[string]any{"_build": map[string]any{"render": false}}, reason: "_build: {render: false} (Hugo)"},
		{meta: map[string]any{"_build": map[string]any{"Render": "Never"}}, reason: "_build: {render: never} (Hugo)"},
		{meta: map[string]any{"build": map[string]any{"list": "never"}}, unlisted: "build: {list: never} (Hugo)"},
		{meta: map[string]any{"_build": map[string]any{"list": false}}, unlisted: "_build: {list: false} (Hugo)"},
		{meta: map[string]any{"build": map[string]any{"list": "local"}}},
		{meta: map[string]any{"headless": true}, rel: "bundle/index.md", reason: "headless: true (Hugo)"},
		{meta: map[string]any{"headless": true}, rel: "page.md"}, // only a leaf bundle
	} {
		rel := tt.rel
		if rel == "" {
			rel = "a.md"
		}
		if got := r.Unpublished(tt.meta, rel); got != tt.reason {
			t.Errorf("Unpublished(%v) = %q, want %q", tt.meta, got, tt.reason)
		}
		if got := r.Unlisted(tt.meta, rel); got != tt.unlisted {
			t.Errorf("Unlisted(%v) = %q, want %q", tt.meta, got, tt.unlisted)
		}
	}
}

// TestInherit checks Hugo's cascade
// (https://gohugo.io/content-management/front-matter/#front-matter-cascade):
// "Any node or section can pass down to descendants a set of Front Matter
// values as long as defined underneath the reserved cascade Front Matter
// key", "unless overwritten by self or a closer ancestor's cascade"; "the
// cascade block can be a slice with a optional _target keyword" of path
// ("A Glob pattern matching the content path below /content"), kind and
// lang; the newer docs (build-options) name it target, with environment.
func TestInherit(t *testing.T) {
	r := rules{now: time.Now, lang: "en"}
	hidden := map[string]any{"cascade": map[string]any{"_build": map[string]any{"render": "never"}}}
	targeted := map[string]any{"cascade": []any{
		map[string]any{"draft": true, "_target": map[string]any{"path": "/sec/d*"}},
		map[string]any{"expiryDate": "2000-01-01", "target": map[string]any{"kind": "{section,home}"}},
		map[string]any{"publishDate": "2999-01-01", "target": map[string]any{"environment": "development"}},
		map[string]any{"weight": 3, "target": map[string]any{"lang": "fr"}},
	}}
	near := map[string]any{"cascade": map[string]any{"draft": false}}
	for _, tt := range []struct {
		rel      string
		sections []map[string]any
		want     map[string]any
	}{
		{"internal/p.md", []map[string]any{hidden}, map[string]any{"_build": map[string]any{"render": "never"}}},
		{"internal/_index.md", []map[string]any{hidden}, map[string]any{"_build": map[string]any{"render": "never"}}},
		{"sec/dpage.md", []map[string]any{targeted}, map[string]any{"draft": true}},
		{"sec/epage.md", []map[string]any{targeted}, map[string]any{}},
		{"sec/_index.md", []map[string]any{targeted}, map[string]any{"expiryDate": "2000-01-01"}},
		{"sec/dpage.md", []map[string]any{near, targeted}, map[string]any{"draft": false}}, // the closer wins
	} {
		got := r.Inherit(tt.rel, tt.sections)
		if len(got) != len(tt.want) {
			t.Errorf("Inherit(%s) = %v, want %v", tt.rel, got, tt.want)
			continue
		}
		for k, v := range tt.want {
			// keys come back in lower case, as Hugo reads them
			if g, ok := got[strings.ToLower(k)]; !ok || fmt.Sprint(g) != fmt.Sprint(v) {
				t.Errorf("Inherit(%s) = %v, want %v", tt.rel, got, tt.want)
			}
		}
	}
}

// TestRecogniseRules: a Hugo site's layout carries the rules.
func TestRecogniseRules(t *testing.T) {
	l, err := Recognise(layouttest.Write(t, map[string]string{"hugo.toml": "title = \"H\"\n"}))
	if err != nil || l == nil || l.Unpublished == nil || l.Unlisted == nil || l.Inherit == nil {
		t.Fatalf("Recognise = %+v, %v, want Hugo's rules", l, err)
	}
}

// TestConfigCascade: the site configuration's cascade is the home page's
// ("You can configure your site to cascade front matter values to the
// home page and any of its descendants", https://gohugo.io/configuration/cascade/),
// one map or a list, with targets, farther than any section's. Found by
// the fifth probe: [[cascade]] build.render = "never" for /gm/** in
// hugo.toml published content/gm/x.md.
func TestConfigCascade(t *testing.T) {
	l, err := Recognise(layouttest.Write(t, map[string]string{
		"hugo.toml":         "title = \"H\"\n[[cascade]]\n[cascade.build]\nrender = \"never\"\n[cascade._target]\npath = \"/gm/**\"\n[[cascade]]\nweight = 7\n",
		"content/_index.md": "# H\n",
	}))
	if err != nil || l == nil {
		t.Fatal(l, err)
	}
	for _, tt := range []struct {
		rel      string
		sections []map[string]any
		want     string
	}{
		{"gm/x.md", nil, "build: {render: never} (Hugo)"},
		{"gm/deep/y.md", nil, "build: {render: never} (Hugo)"},
		{"pub/y.md", nil, ""},
		// a section's cascade is closer: it wins
		{"gm/z.md", []map[string]any{{"cascade": map[string]any{"build": map[string]any{"render": "always"}}}}, ""},
	} {
		meta := l.Inherit(tt.rel, tt.sections)
		if got := l.Unpublished(meta, tt.rel); got != tt.want {
			t.Errorf("%s: Unpublished = %q, want %q (inherited %v)", tt.rel, got, tt.want, meta)
		}
		if w := lower(meta)["weight"]; fmt.Sprint(w) != "7" {
			t.Errorf("%s: weight = %v, want 7 from the configuration's cascade", tt.rel, w)
		}
	}
}

// TestPageDate: "the default sort order for page collections ... weight,
// date (descending), linkTitle, path"
// (https://gohugo.io/quick-reference/glossary/#default-sort-order), the
// date from the first of date, publishDate, pubdate, published, lastmod,
// modified that is set (https://gohugo.io/configuration/front-matter/#dates);
// TestHugo "order by date and linkTitle" checks the order with Hugo.
func TestPageDate(t *testing.T) {
	day := func(s string) time.Time {
		d, err := time.Parse("2006-01-02", s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, tt := range []struct {
		meta map[string]any
		want time.Time
		ok   bool
	}{
		{map[string]any{"date": "2023-05-06"}, day("2023-05-06"), true},
		{map[string]any{"lastmod": "2021-03-04", "title": "T"}, day("2021-03-04"), true},
		{map[string]any{"PublishDate": "2022-01-01", "lastmod": "2021-03-04"}, day("2022-01-01"), true},
		{map[string]any{"published": false, "modified": "2020-02-02"}, day("2020-02-02"), true},
		{map[string]any{"title": "none"}, time.Time{}, false},
	} {
		got, ok := PageDate(tt.meta)
		if ok != tt.ok || !got.Equal(tt.want) {
			t.Errorf("PageDate(%v) = %v %v, want %v %v", tt.meta, got, ok, tt.want, tt.ok)
		}
	}
}

// TestBadDates checks the keys whose dates Hugo cannot read (it takes
// them as none: Hugo 0.111 publishes a page with date:
// 2022-11-10T10:33:21-05F00, undated; eval8B MB13).
func TestBadDates(t *testing.T) {
	for _, c := range []struct {
		meta map[string]any
		want []string
	}{
		{map[string]any{"date": "2022-11-10T10:33:21-05F00", "title": "x"}, []string{"date"}},
		{map[string]any{"PublishDate": "soon", "ExpiryDate": "never", "lastmod": "2020-01-01"}, []string{"ExpiryDate", "PublishDate"}},
		{map[string]any{"published": false, "date": "2020-01-01", "unpublishdate": ""}, nil},
		{map[string]any{"published": "yes"}, []string{"published"}},
	} {
		if got := BadDates(c.meta); !slices.Equal(got, c.want) {
			t.Errorf("BadDates(%v) = %q, want %q", c.meta, got, c.want)
		}
	}
}

// TestDocsyTocHide is issue 32, NB8's other finding (tehlastjuan/compendium's
// content/search.md, Docsy's search results page, was a nav entry "Search
// Results"): "To hide a page or section from the left navigation menu,
// set toc_hide: true in the front matter"
// (https://www.docsy.dev/docs/adding-content/navigation/#section-menu).
// Docsy's rule only: another theme's site lists the page.
func TestDocsyTocHide(t *testing.T) {
	for _, tt := range []struct {
		name, config string
		meta         map[string]any
		hidden       bool
	}{
		{"docsy module", "title = \"H\"\n[module]\n[[module.imports]]\npath = \"github.com/google/docsy\"\n", map[string]any{"toc_hide": true}, true},
		{"docsy theme, key case", "title = \"H\"\ntheme = \"docsy\"\n", map[string]any{"TOC_hide": true}, true},
		{"docsy, false", "title = \"H\"\ntheme = \"docsy\"\n", map[string]any{"toc_hide": false}, false},
		{"another theme", "title = \"H\"\ntheme = \"book\"\n", map[string]any{"toc_hide": true}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{"hugo.toml": tt.config}))
			if err != nil || l == nil {
				t.Fatal(l, err)
			}
			if got := l.Unlisted(tt.meta, "search.md"); (got != "") != tt.hidden {
				t.Errorf("Unlisted = %q, want hidden %v", got, tt.hidden)
			}
		})
	}
}

// TestSidebarHides: a site that keeps Docsy's layouts in its own layouts/
// (tehlastjuan/compendium's layouts/_partials/sidebar-tree.html, which
// filters ".Params.toc_hide") hides toc_hide pages as Docsy does; a
// sidebar partial that does not read toc_hide does not.
func TestSidebarHides(t *testing.T) {
	for _, tt := range []struct {
		name, file, tmpl string
		hidden           bool
	}{
		{"new folder", "layouts/_partials/sidebar-tree.html", `{{ $p := where $s.Pages ".Params.toc_hide" "!=" true }}`, true},
		{"old folder", "layouts/partials/sidebar-tree.html", `{{ if not .Params.toc_hide }}`, true},
		{"a sidebar without the rule", "layouts/partials/sidebar-tree.html", `{{ range .Pages }}{{ end }}`, false},
		{"no sidebar", "layouts/partials/nav.html", `{{ if not .Params.toc_hide }}`, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{"hugo.toml": "title = \"H\"\n", tt.file: tt.tmpl}))
			if err != nil || l == nil {
				t.Fatal(l, err)
			}
			if got := l.Unlisted(map[string]any{"toc_hide": true}, "search.md"); (got != "") != tt.hidden {
				t.Errorf("Unlisted = %q, want hidden %v", got, tt.hidden)
			}
		})
	}
}
