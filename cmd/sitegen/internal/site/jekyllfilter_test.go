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
