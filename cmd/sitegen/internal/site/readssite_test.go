package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestReadsSiteRebuilt: a Jekyll page whose Liquid loops over site.posts
// is made again, in an incremental build and in a serve update, when a
// post is added, retitled or removed; each output is byte for byte that
// of a build without a cache (cacheRun.build, updateRun.update). "Jekyll
// makes a variety of data available to Liquid … site.posts: A
// reverse chronological list of all Posts"
// (https://jekyllrb.com/docs/variables/#site-variables): the list is the
// site's at each build, so the page changes with it.
func TestReadsSiteRebuilt(t *testing.T) {
	files := map[string]string{
		"_config.yml":              "title: J\n",
		"index.md":                 "---\ntitle: Home\n---\n{% for p in site.posts %}\n- [{{ p.title }}]({{ p.url }})\n{% endfor %}\n",
		"_posts/2020-01-01-one.md": "---\ntitle: One\n---\nFirst.\n",
	}
	steps := []struct {
		name string
		edit map[string]string
		want []string // in the home page, in this order
		gone string   // not in the home page
	}{
		{"post added", map[string]string{"_posts/2021-01-01-two.md": "---\ntitle: Two\n---\nSecond.\n"}, []string{"Two", "One"}, ""},
		{"post retitled", map[string]string{"_posts/2020-01-01-one.md": "---\ntitle: Uno\n---\nFirst.\n"}, []string{"Two", "Uno"}, "One"},
		{"post removed", map[string]string{"_posts/2021-01-01-two.md": ""}, []string{"Uno"}, "Two"},
	}
	home := func(t *testing.T, dest string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dest, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	check := func(t *testing.T, page string, want []string, gone string) {
		t.Helper()
		at := 0
		for _, w := range want {
			i := strings.Index(page[at:], ">"+w+"</a>")
			if i < 0 {
				t.Fatalf("home page lacks %q after byte %d", w, at)
			}
			at += i + 1
		}
		if gone != "" && strings.Contains(page, ">"+gone+"</a>") {
			t.Errorf("home page still lists %q", gone)
		}
	}
	t.Run("incremental build", func(t *testing.T) {
		r := newCacheRun(t, files)
		r.build(t)
		for _, st := range steps {
			edit(t, r.opts.Source, st.edit)
			r.build(t)
			check(t, home(t, r.opts.Dest), st.want, st.gone)
			if t.Failed() {
				t.Fatalf("after %s", st.name)
			}
		}
	})
	t.Run("serve", func(t *testing.T) {
		src := t.TempDir()
		sitetest.WriteFiles(t, src, files)
		r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, true)
		for _, st := range steps {
			r.update(t, st.edit)
			check(t, home(t, r.opts.Dest), st.want, st.gone)
			if t.Failed() {
				t.Fatalf("after %s", st.name)
			}
		}
	})
}

// TestReadsSiteFileRebuilt: a file with front matter that is not a page
// (a feed, a search index: "Any file that contains a YAML front matter
// block will be processed by Jekyll as a special file",
// https://jekyllrb.com/docs/front-matter/) and loops over site.posts is
// written again, in an incremental build and in a serve update, when a
// post is added, retitled or removed, as TestReadsSiteRebuilt's pages
// are (issue 32 item 4).
func TestReadsSiteFileRebuilt(t *testing.T) {
	files := map[string]string{
		"_config.yml":              "title: J\n",
		"index.md":                 "---\ntitle: Home\n---\nHome.\n",
		"feed.xml":                 "---\n---\n<feed>{% for p in site.posts %}<entry>{{ p.title }}</entry>{% endfor %}</feed>\n",
		"list.txt":                 "---\n---\n{% for p in site.pages %}{{ p.title }};{% endfor %}\n",
		"_posts/2020-01-01-one.md": "---\ntitle: One\n---\nFirst.\n",
	}
	steps := []struct {
		name string
		edit map[string]string
		feed string // feed.xml as written
		list string // what list.txt holds
	}{
		{"post added", map[string]string{"_posts/2021-01-01-two.md": "---\ntitle: Two\n---\nSecond.\n"}, "<feed><entry>Two</entry><entry>One</entry></feed>", "Home;"},
		{"post retitled", map[string]string{"_posts/2020-01-01-one.md": "---\ntitle: Uno\n---\nFirst.\n"}, "<feed><entry>Two</entry><entry>Uno</entry></feed>", "Home;"},
		{"page added", map[string]string{"rules.md": "---\ntitle: Rules\n---\nR.\n"}, "<feed><entry>Two</entry><entry>Uno</entry></feed>", "Rules;"},
		{"post removed", map[string]string{"_posts/2021-01-01-two.md": ""}, "<feed><entry>Uno</entry></feed>", "Rules;"},
	}
	check := func(t *testing.T, dest, feed, list string) {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dest, "feed.xml"))
		if err != nil || strings.TrimSpace(string(b)) != feed {
			t.Errorf("feed.xml = %q, %v; want %q", b, err, feed)
		}
		b, err = os.ReadFile(filepath.Join(dest, "list.txt"))
		if err != nil || !strings.Contains(string(b), list) {
			t.Errorf("list.txt = %q, %v; want it to hold %q", b, err, list)
		}
	}
	t.Run("incremental build", func(t *testing.T) {
		r := newCacheRun(t, files)
		r.build(t)
		for _, st := range steps {
			edit(t, r.opts.Source, st.edit)
			r.build(t)
			check(t, r.opts.Dest, st.feed, st.list)
			if t.Failed() {
				t.Fatalf("after %s", st.name)
			}
		}
	})
	t.Run("serve", func(t *testing.T) {
		src := t.TempDir()
		sitetest.WriteFiles(t, src, files)
		r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, true)
		for _, st := range steps {
			r.update(t, st.edit)
			check(t, r.opts.Dest, st.feed, st.list)
			if t.Failed() {
				t.Fatalf("after %s", st.name)
			}
		}
	})
}
