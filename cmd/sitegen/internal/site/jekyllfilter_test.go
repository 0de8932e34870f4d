package site

import (
	"context"
	"maps"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
)

// TestJekyllLayoutFiltersHTML: a layout's replace and remove filters on
// {{ content }} that match HTML are applied to the page's HTML, as Jekyll
// applies them ("Populating the layouts … By this stage, the source file
// is considered rendered", https://jekyllrb.com/docs/rendering-process/),
// and a build with the cache, an incremental build and serve's update
// write the same bytes as a build without it. Page a links to page b: when
// b's title changes, a is rendered again from its cached record, which must
// keep the layout's changes (content.CachedLoad.HTMLOps).
func TestJekyllLayoutFiltersHTML(t *testing.T) {
	src := writeTree(t, map[string]string{
		"_config.yml":         "title: Filters\n",
		"_layouts/rules.html": "<div class=\"rules\">\n{{ content | replace: '<table>', '<table class=\"grid\">' | remove: '<hr>' }}\n</div>\n",
		"a.md":                "---\ntitle: A\nlayout: rules\n---\nSee [B](b.md).\n\n| roll | result |\n|---|---|\n| 1 | miss |\n\n<hr>\n\nEnd.\n",
		"b.md":                "---\ntitle: B\nlayout: rules\n---\nNo table here.\n",
	})
	clean := func() map[string]string {
		t.Helper()
		o := content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "clean"), CacheDir: "-"}
		res, err := build(t, src, o)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range res.WarningList {
			if strings.Contains(w.String(), "_layouts/rules.html") {
				t.Errorf("warning: %s", w)
			}
		}
		return publishedTree(t, o.Dest)
	}
	want := clean()
	a := want["a.html"]
	if !strings.Contains(a, `<table class="grid">`) || strings.Contains(a, "<table>") || strings.Contains(a, "<hr>") || !strings.Contains(a, "End.") {
		t.Fatalf("page a without the layout's filters applied: %.2000s", a)
	}
	cache, dest := t.TempDir(), filepath.Join(t.TempDir(), "out")
	for _, inc := range []bool{false, true} {
		opts := content.Options{Theme: theme, Dest: dest, CacheDir: cache, ReuseBuild: true, Incremental: inc}
		for i := range 2 {
			if _, err := build(t, src, opts); err != nil {
				t.Fatal(err)
			}
			if got := publishedTree(t, dest); !maps.Equal(got, want) {
				t.Errorf("cached build %d (incremental %v): %s", i, inc, treeDiff(got, want))
			}
		}
		write(t, src, "b.md", "---\ntitle: B "+map[bool]string{false: "two", true: "three"}[inc]+"\nlayout: rules\n---\nNo table here.\n")
		want = clean()
		if _, err := build(t, src, opts); err != nil {
			t.Fatal(err)
		}
		if got := publishedTree(t, dest); !maps.Equal(got, want) {
			t.Errorf("cached build after b's title changed (incremental %v): %s", inc, treeDiff(got, want))
		}
	}
	// serve: an Update after the same change.
	opts := content.Options{Source: src, Theme: theme, Dest: dest, CacheDir: cache, ReuseBuild: true, Incremental: true}
	s, _, err := BuildSite(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	write(t, src, "b.md", "---\ntitle: B four\nlayout: rules\n---\nNo table here.\n")
	if _, err := s.Update(context.Background(), []string{"b.md"}); err != nil {
		t.Fatal(err)
	}
	pages := func(tree map[string]string) map[string]string { // serve writes the search index as it is asked for
		maps.DeleteFunc(tree, func(name, _ string) bool { return !strings.HasSuffix(name, ".html") })
		return tree
	}
	if got, want := pages(publishedTree(t, dest)), pages(clean()); !maps.Equal(got, want) {
		t.Errorf("after serve's update: %s", treeDiff(got, want))
	}
}

// TestJekyllLayoutFilterScope: a layout's filter on {{ content }} changes
// that content only, the page's HTML and the HTML of the layouts inside
// the filtering one, not the filtering layout's own HTML around it nor an
// outer layout's ("Populating the layouts … By this stage, the source
// file is considered rendered", https://jekyllrb.com/docs/rendering-process/).
// Measured with jekyll 4.3.1 on these layouts: index.html's outer <p>s
// stay plain, its page's get class x; two.html's inner layout's <p>s get
// class x too, the outer's stay plain.
func TestJekyllLayoutFilterScope(t *testing.T) {
	src := writeTree(t, map[string]string{
		"_config.yml":          "title: Filters\n",
		"_layouts/wrap.html":   "<div class=\"outer\"><p>Outer words</p>{{ content }}<p>Outer end</p></div>\n",
		"_layouts/page.html":   "---\nlayout: wrap\n---\n<article>{{ content | replace: '<p>', '<p class=\"x\">' }}</article>\n",
		"_layouts/wrap2.html":  "<div class=\"outer\"><p>Outer words</p>{{ content | replace: '<p>', '<p class=\"x\">' }}<p>Outer end</p></div>\n",
		"_layouts/inner2.html": "---\nlayout: wrap2\n---\n<section><p>Inner words</p>{{ content }}<p>Inner end</p></section>\n",
		"_layouts/alone.html":  "<article>\n{{ content | replace: '<p>', '<p class=\"x\">' }}\n</article>\n<p>Below</p>\n",
		"index.md":             "---\ntitle: Home\nlayout: page\n---\nPage words.\n\nMore words.\n",
		"two.md":               "---\ntitle: Two\nlayout: inner2\n---\nPage words.\n\nMore words.\n",
		"three.md":             "---\ntitle: Three\nlayout: alone\n---\nPage words.\n",
	})
	o := content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "out"), CacheDir: "-"}
	if _, err := build(t, src, o); err != nil {
		t.Fatal(err)
	}
	out := publishedTree(t, o.Dest)
	for _, tt := range []struct {
		page      string
		want, not []string
	}{
		{"index.html", []string{`<p>Outer words</p>`, `<p class="x">Page words.</p>`, `<p class="x">More words.</p>`, `<p>Outer end</p>`}, []string{`<p class="x">Outer`}},
		{"two.html", []string{`<p>Outer words</p>`, `<p class="x">Inner words</p>`, `<p class="x">Page words.</p>`, `<p class="x">Inner end</p>`, `<p>Outer end</p>`}, []string{`<p class="x">Outer`}},
		{"three.html", []string{`<p class="x">Page words.</p>`, "</article>\n<p>Below</p>"}, []string{`<p class="x">Below`}},
	} {
		body := out[tt.page]
		for _, w := range tt.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s lacks %s:\n%.1500s", tt.page, w, body[max(strings.Index(body, "jekyll-layout"), 0):])
			}
		}
		for _, n := range append(tt.not, "\uE007", "\uE008", "<div></div>") {
			if strings.Contains(body, n) {
				t.Errorf("%s holds %q", tt.page, n)
			}
		}
	}
}
