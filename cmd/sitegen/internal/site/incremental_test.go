package site

import (
	"compress/gzip"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
)

// incrementalSite is the site the Update tests start from.
func incrementalSite() map[string]string {
	return map[string]string{
		"content/a/_index.md": "---\ntitle: Section A\ndescription: The A pages.\n---\n\nAbout A.\n",
		"content/a/one.md":    "---\ntitle: One\ndescription: First.\nweight: 1\n---\n\n## Alpha\n\nSee [beta](two.md#beta).\n",
		"content/a/two.md":    "---\ntitle: Two\ndescription: Second.\nweight: 2\n---\n\n## Beta\n\nText.\n",
		"content/a/three.md":  "---\ntitle: Three\nweight: 3\n---\n\nThird.\n",
		"content/b/four.md":   "---\ntitle: Four\n---\n\n```fake\nblock\n```\n",
	}
}

// publishedTree reads a published site, leaving out precompressed
// siblings, with the search index's parts inflated.
func publishedTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	tree := map[string]string{}
	for name, body := range readTree(t, dir) {
		index := strings.HasPrefix(name, "search/") && strings.HasSuffix(name, ".json.gz") && !strings.HasSuffix(name, "/index.json.gz")
		if !index && (strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz")) {
			continue
		}
		if index { // the index's shards and texts are published compressed
			z, err := gzip.NewReader(strings.NewReader(body))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			b, err := io.ReadAll(z)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			body = string(b)
		}
		tree[name] = body
	}
	return tree
}

// TestUpdate: an Update after each kind of save writes exactly the files
// whose content changes, and what it publishes is what a build of the
// edited source publishes (see updateRun.update); pages is the pages it
// writes, which the test names so that a regression shows as such.
func TestUpdate(t *testing.T) {
	tests := []struct {
		name   string
		edit   map[string]string // path -> new content ("" removes the file, "->NEW" moves it)
		pages  []string          // URLs written
		errors string            // substring of the first error when the update fails
	}{
		{name: "body edit", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\n---\n\nThird, edited.\n"},
			pages: []string{"/a/three/"}},
		{name: "heading added", edit: map[string]string{"content/a/two.md": "---\ntitle: Two\ndescription: Second.\nweight: 2\n---\n\n## Beta\n\nText.\n\n## Gamma\n"},
			pages: []string{"/a/two/"}},
		{name: "description edit", edit: map[string]string{"content/a/two.md": "---\ntitle: Two\ndescription: Second, better.\nweight: 2\n---\n\n## Beta\n\nText.\n"},
			pages: []string{"/a/two/", "/a/"}},
		{name: "two files", edit: map[string]string{
			"content/a/one.md":  "---\ntitle: One\ndescription: First.\nweight: 1\n---\n\n## Alpha\n\nSee [beta](two.md#beta) again.\n",
			"content/b/four.md": "---\ntitle: Four\n---\n\n```fake\nother block\n```\n"},
			pages: []string{"/a/one/", "/b/four/"}},
		{name: "title change", edit: map[string]string{"content/a/three.md": "---\ntitle: Drei\nweight: 3\n---\n"},
			pages: []string{"/a/", "/a/one/", "/a/two/", "/a/three/"}}, // the section's pages show its list in the navigation
		{name: "weight change", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 0\n---\n"},
			pages: []string{"/a/three/"}}, // still last: pages without a weight go after those with one
		{name: "draft", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\ndraft: true\n---\n"},
			pages: []string{"/a/", "/a/one/", "/a/two/"}},
		{name: "alias added", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\naliases: [/old/]\n---\n"},
			pages: []string{"/a/three/"}},
		{name: "block kind added", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\n---\n\n```fake\nx\n```\n"},
			pages: []string{"/a/three/"}},
		{name: "heading others link to removed", edit: map[string]string{"content/a/two.md": "---\ntitle: Two\ndescription: Second.\nweight: 2\n---\n\nNo heading.\n"},
			errors: `content/a/one.md:9:5: broken link "two.md#beta": no heading with id "beta" in content/a/two.md`},
		{name: "heading others link to renamed", edit: map[string]string{
			"content/a/two.md": "---\ntitle: Two\ndescription: Second.\nweight: 2\n---\n\n## Bêta\n\nText.\n",
			"content/a/one.md": "---\ntitle: One\ndescription: First.\nweight: 1\n---\n\n## Alpha\n\nSee [beta](two.md#bêta).\n"},
			pages: []string{"/a/one/", "/a/two/"}},
		{name: "other name added", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\naliases: [Drei]\n---\n"},
			pages: []string{"/a/three/"}},
		{name: "tag added", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\n---\n\nA #rule.\n"},
			pages: []string{"/a/three/", "/tags/", "/tags/rule/"}},
		{name: "wikilink added", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\n---\n\nSee [[Two#Beta]].\n"},
			pages: []string{"/a/three/", "/a/two/"}},
		{name: "link removed", edit: map[string]string{"content/a/one.md": "---\ntitle: One\ndescription: First.\nweight: 1\n---\n\n## Alpha\n\nNo link.\n"},
			pages: []string{"/a/one/", "/a/two/"}},
		{name: "link moved to another page", edit: map[string]string{"content/a/one.md": "---\ntitle: One\ndescription: First.\nweight: 1\n---\n\n## Alpha\n\nSee [three](three.md) and [b](../b/four.md).\n"},
			pages: []string{"/a/one/", "/a/two/", "/a/three/", "/b/four/"}},
		{name: "link to another part of a page", edit: map[string]string{"content/a/one.md": "---\ntitle: One\ndescription: First.\nweight: 1\n---\n\n## Alpha\n\nSee [two](two.md).\n"},
			pages: []string{"/a/one/", "/a/two/"}},
		{name: "link to a section and a wikilink", edit: map[string]string{"content/b/four.md": "---\ntitle: Four\n---\n\n```fake\nblock\n```\n\n[A](/a/) [[Three]]\n"},
			pages: []string{"/b/four/", "/a/", "/a/three/"}},
		{name: "broken wikilink", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\n---\n\nSee [[Nine]].\n"},
			errors: "content/a/three.md:6:5: broken wikilink [[Nine]]"},
		{name: "new page", edit: map[string]string{"content/a/five.md": "---\ntitle: Five\n---\n"},
			pages: []string{"/a/", "/a/five/", "/a/one/", "/a/two/", "/a/three/"}},
		{name: "new page a broken link named", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\n---\n\nSee [[Nine]] and [nine](nine.md).\n",
			"content/a/nine.md": "---\ntitle: Nine\nweight: 9\n---\n"},
			pages: []string{"/a/", "/a/nine/", "/a/one/", "/a/two/", "/a/three/"}},
		{name: "removed page", edit: map[string]string{"content/a/three.md": ""},
			pages: []string{"/a/", "/a/one/", "/a/two/"}},
		{name: "removed page others link to", edit: map[string]string{"content/a/two.md": ""},
			errors: `content/a/one.md:9:5: broken link "two.md#beta": content/a/two.md does not exist`},
		{name: "renamed page", edit: map[string]string{"content/a/three.md": "->content/a/third.md"},
			pages: []string{"/a/", "/a/one/", "/a/two/", "/a/third/"}},
		{name: "broken link", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\n---\n\n[x](missing.md)\n"},
			errors: "content/a/three.md:6:1: broken link"},
		{name: "bad front matter", edit: map[string]string{"content/a/three.md": "---\ntitle: [Three\n---\n"},
			errors: "content/a/three.md:"},
		{name: "missing anchor", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\n---\n\n[x](two.md#nope)\n"},
			errors: `no heading with id "nope"`},
	}
	for _, tt := range tests {
		for _, keep := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/incremental=%t", tt.name, keep), func(t *testing.T) {
				src := writeTree(t, incrementalSite())
				r := startUpdates(t, content.Options{Source: src, Handlers: map[string]markup.BlockHandler{"fake": fakeHandler()}}, keep)
				u := r.update(t, tt.edit)
				if tt.errors != "" {
					if len(u.Errors) == 0 || !strings.Contains(u.Errors.Error(), tt.errors) {
						t.Fatalf("Update errors = %v, want %q", u.Errors, tt.errors)
					}
					return
				}
				if !slices.Equal(sortedCopy(u.Pages), sortedCopy(tt.pages)) {
					t.Errorf("wrote %v, want %v", u.Pages, tt.pages)
				}
				// A second edit of the same page still works on the updated site.
				var name string
				for n, body := range tt.edit {
					if name = n; strings.HasPrefix(body, "->") {
						name = strings.TrimPrefix(body, "->")
					}
					if body != "" {
						break
					}
				}
				if body, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(name))); err == nil {
					r.update(t, map[string]string{name: string(body) + "\nMore.\n"})
				}
			})
		}
	}
}

func sortedCopy(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}

func TestPageURL(t *testing.T) {
	src := writeTree(t, incrementalSite())
	s, err := Load(context.Background(), content.Options{Source: src, BaseURL: "https://example.org/sub/"})
	if err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{
		"content/a/one.md":    "/sub/a/one/",
		"content/a/_index.md": "/sub/a/",
		"content/_index.md":   "/sub/",
		"content/New Page.md": "/sub/new-page/",
		"site.toml":           "",
		"static/css/site.css": "",
	} {
		if got := s.PageURL(file); got != want {
			t.Errorf("PageURL(%q) = %q, want %q", file, got, want)
		}
	}
}

func TestPublishStatic(t *testing.T) {
	files := incrementalSite()
	files["static/img/logo.txt"] = "v1"
	src := writeTree(t, files)
	dest := filepath.Join(t.TempDir(), "out")
	s, _, err := BuildSite(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-", Handlers: map[string]markup.BlockHandler{"fake": fakeHandler()}})
	if err != nil {
		t.Fatal(err)
	}
	logo := filepath.Join(src, "static/img/logo.txt")
	if err := os.WriteFile(logo, []byte("v2"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.PublishStatic("img/logo.txt"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dest, "img/logo.txt")); string(b) != "v2" {
		t.Errorf("published %q, want v2", b)
	}
	if err := os.Remove(logo); err != nil {
		t.Fatal(err)
	}
	if err := s.PublishStatic("img/logo.txt"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dest, "img/logo.txt")); !os.IsNotExist(err) {
		t.Errorf("removed static file still published: %v", err)
	}
	if err := s.PublishStatic("css/site.css"); err == nil {
		t.Error("PublishStatic of a hashed asset succeeded")
	}
}

// TestSearchFileNames: the search index's parts are named by a hash of
// their content and index.json names exactly the parts published, after a
// build, an Update and a rebuild; and since index.json keeps its URL, a
// body edit of one page leaves the other pages' HTML as it was (issue 16).
func TestSearchFileNames(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/a.md": "---\ntitle: A\n---\n\nFirst words.\n",
		"content/b.md": "---\ntitle: B\n---\n\nOther words.\n",
	})
	dest := filepath.Join(src, "public")
	check := func(t *testing.T) {
		t.Helper()
		tree := readTree(t, dest)
		want := searchPartsNamed(t, tree)
		for name, body := range tree {
			if !strings.HasPrefix(name, "search/") || strings.HasPrefix(name, "search/index.json") {
				continue
			}
			if !want[name] {
				t.Errorf("%s is published but not named by index.json", name)
				continue
			}
			delete(want, name)
			b, err := gunzipBytes([]byte(body))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if h := assets.ContentHash(b); !strings.Contains(name, "."+h+".json") {
				t.Errorf("%s holds content of hash %s", name, h)
			}
		}
		for name := range want {
			t.Errorf("index.json names %s, which is not published", name)
		}
	}
	opts := content.Options{Source: src, Dest: dest, CacheDir: "-"}
	s, _, err := BuildSite(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	check(t)
	before := readTree(t, dest)
	write(t, src, "content/a.md", "---\ntitle: A\n---\n\nFirst words, edited.\n")
	if u, err := s.Update(context.Background(), []string{"content/a.md"}); err != nil || u.Full || len(u.Errors) > 0 {
		t.Fatalf("Update = %+v, %v", u, err)
	}
	if err := s.WriteSearchIndex(); err != nil {
		t.Fatal(err)
	}
	check(t)
	write(t, src, "content/a.md", "---\ntitle: A\n---\n\nFirst words, edited twice.\n")
	res, err := build(t, src, content.Options{})
	if err != nil {
		t.Fatal(err)
	}
	check(t)
	after := readTree(t, dest)
	if after["b/index.html"] != before["b/index.html"] {
		t.Error("a body edit of a.md changed b/index.html")
	}
	if after["a/index.html"] == before["a/index.html"] {
		t.Error("a/index.html did not change")
	}
	// The page, its text file, the shards of "edited" and "twice", the
	// index and the service worker's files: nowhere near every file.
	if res.Written > 10 {
		t.Errorf("a one-page edit wrote %d files (reused %d)", res.Written, res.Reused)
	}
}

// TestSearchWriter: the development server's search index writes (issue
// 26). A write works from a snapshot taken when it was made, so an Update
// after the snapshot does not reach it; a cancelled write leaves the
// published index.json as it was, naming only parts that exist; parts an
// index stops naming stay for the keep time after the write that
// replaced them, then go; index.json names only published parts at every
// step.
func TestSearchWriter(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/a.md": "---\ntitle: A\n---\n\nFirst words.\n",
		"content/b.md": "---\ntitle: B\n---\n\nOther words.\n",
	})
	dest := filepath.Join(src, "public")
	s, _, err := BuildSite(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-"})
	if err != nil {
		t.Fatal(err)
	}
	// parts returns the parts index.json names, failing for any not published.
	parts := func(t *testing.T) map[string]bool {
		t.Helper()
		tree := readTree(t, dest)
		named := searchPartsNamed(t, tree)
		for name := range named {
			if _, ok := tree[name]; !ok {
				t.Errorf("index.json names %s, which is not published", name)
			}
		}
		return named
	}
	edit := func(body string) {
		t.Helper()
		write(t, src, "content/a.md", "---\ntitle: A\n---\n\n"+body+"\n")
		if u, err := s.Update(context.Background(), []string{"content/a.md"}); err != nil || u.Full || len(u.Errors) > 0 {
			t.Fatalf("Update = %+v, %v", u, err)
		}
	}
	first := parts(t)
	indexBefore := readTree(t, dest)["search/index.json"]

	// A snapshot taken before an edit writes the text of before the edit.
	edit("Zebra words.")
	w := s.SearchWriter(time.Hour)
	edit("Yak words.")
	clock := time.Unix(1_000_000, 0)
	w.now = func() time.Time { return clock }
	if err := w.Write(context.Background()); err != nil {
		t.Fatal(err)
	}
	second := parts(t)
	tree := readTree(t, dest)
	if !hasShard(t, tree, second, "zebra") || hasShard(t, tree, second, "yak") {
		t.Error("the write did not hold the index of its snapshot (zebra, not yak)")
	}
	for name := range first {
		if _, ok := tree[name]; !ok {
			t.Errorf("%s, named by the index just replaced, was removed within the keep time", name)
		}
	}

	// A cancelled write publishes nothing new.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	index := tree["search/index.json"]
	if err := s.SearchWriter(time.Hour).Write(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled write: err = %v, want context.Canceled", err)
	}
	if got := readTree(t, dest)["search/index.json"]; got != index || got == indexBefore {
		t.Error("a cancelled write replaced index.json")
	}
	parts(t)

	// After the keep time, the parts of the first index are gone; those
	// of the second stay for the keep time after the third replaced it.
	edit("Yak words again.")
	writeAt := func(at time.Time) map[string]bool {
		t.Helper()
		w := s.SearchWriter(time.Hour)
		w.now = func() time.Time { return at }
		if err := w.Write(context.Background()); err != nil {
			t.Fatal(err)
		}
		return parts(t)
	}
	clock = clock.Add(2 * time.Hour)
	third := writeAt(clock)
	tree = readTree(t, dest)
	for name := range tree {
		if strings.HasPrefix(name, "search/") && name != "search/index.json" && !third[name] && !second[name] {
			t.Errorf("%s is still published past the keep time, named by no index since", name)
		}
	}
	for name := range second {
		if _, ok := tree[name]; !ok {
			t.Errorf("%s, named by the index just replaced, was removed within the keep time", name)
		}
	}
	clock = clock.Add(2 * time.Hour)
	fourth := writeAt(clock)
	for name := range readTree(t, dest) {
		if strings.HasPrefix(name, "search/") && name != "search/index.json" && !fourth[name] {
			t.Errorf("%s is still published past the keep time", name)
		}
	}
}

// hasShard reports whether term is in the shard of the published parts
// that holds it.
func hasShard(t *testing.T, tree map[string]string, named map[string]bool, term string) bool {
	t.Helper()
	for name := range named {
		if !strings.HasPrefix(name, "search/t/"+hex.EncodeToString([]byte(shardKey(term)))+".") {
			continue
		}
		b, err := gunzipBytes([]byte(tree[name]))
		if err != nil {
			t.Fatal(err)
		}
		var sh map[string][]int
		if err := json.Unmarshal(b, &sh); err != nil {
			t.Fatal(err)
		}
		_, ok := sh[term]
		return ok
	}
	return false
}

// TestServeWritesWaitForLock: the development server's writes outside an
// Update (a static file, the search index) wait, like builds and Updates,
// while another process holds the destination's lock, so that a `sitegen
// build` into the same folder never swaps it in the middle of one.
func TestServeWritesWaitForLock(t *testing.T) {
	files := incrementalSite()
	files["static/img/logo.txt"] = "v1"
	src := writeTree(t, files)
	dest := filepath.Join(t.TempDir(), "out")
	waiting := make(chan int, 1)
	s, _, err := BuildSite(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-",
		Handlers: map[string]markup.BlockHandler{"fake": fakeHandler()},
		Waiting:  func(pid int) { waiting <- pid }})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "static/img/logo.txt"), []byte("v2"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, w := range []struct {
		name  string
		write func() error
		check func() bool // the write is visible in dest
	}{
		{"PublishStatic", func() error { return s.PublishStatic("img/logo.txt") }, func() bool {
			b, _ := os.ReadFile(filepath.Join(dest, "img/logo.txt"))
			return string(b) == "v2"
		}},
		{"WriteSearchIndex", s.WriteSearchIndex, func() bool {
			_, err := os.Stat(filepath.Join(dest, content.SearchDir, searchMeta))
			return err == nil
		}},
	} {
		t.Run(w.name, func(t *testing.T) {
			if w.name == "WriteSearchIndex" {
				if err := os.RemoveAll(filepath.Join(dest, content.SearchDir)); err != nil {
					t.Fatal(err)
				}
			}
			unlock, err := lockDest(context.Background(), dest, nil)
			if err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- w.write() }()
			select {
			case <-waiting:
			case err := <-done:
				unlock()
				t.Fatalf("%s did not wait for the lock (err %v)", w.name, err)
			}
			if w.check() {
				t.Errorf("%s wrote into the destination while it was locked", w.name)
			}
			unlock()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			if !w.check() {
				t.Errorf("%s did not write once the lock was free", w.name)
			}
		})
	}
}

// TestServeWritesShareTheLock: the search index's write and an Update of
// the same site share the destination's lock: an Update while the index is
// being written does not wait for it (issue 26: nothing blocks a save).
func TestServeWritesShareTheLock(t *testing.T) {
	src := writeTree(t, incrementalSite())
	dest := filepath.Join(t.TempDir(), "out")
	s, _, err := BuildSite(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-",
		Handlers: map[string]markup.BlockHandler{"fake": fakeHandler()},
		Waiting:  func(pid int) { t.Errorf("waited for process %d", pid) }})
	if err != nil {
		t.Fatal(err)
	}
	release, err := s.destHold.hold(context.Background(), dest, nil) // as a search write in progress
	if err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(src, "content", "a", "one.md")
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, append(b, "\nA new line.\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	u, err := s.Update(context.Background(), []string{"content/a/one.md"})
	if err != nil || u.Full || len(u.Pages) == 0 || len(u.Errors) > 0 {
		t.Fatalf("Update = %+v, %v: want the page updated in place", u, err)
	}
	release()
	if _, err := os.Lstat(lockPath(dest)); err == nil {
		t.Error("the lock file stays after the last holder let go")
	}
	// Let go, the lock is free for another process's build.
	unlock, err := lockDest(context.Background(), dest, func(int) { t.Error("the lock is still held") })
	if err != nil {
		t.Fatal(err)
	}
	unlock()
}

// searchPartsNamed returns the paths of the search index's parts that the
// published search/index.json of tree names.
func searchPartsNamed(t *testing.T, tree map[string]string) map[string]bool {
	t.Helper()
	var meta struct {
		Shards      []string `json:"shards"`
		ShardHashes []string `json:"shardHashes"`
		Texts       []string `json:"texts"`
	}
	if err := json.Unmarshal([]byte(tree["search/index.json"]), &meta); err != nil {
		t.Fatalf("search/index.json: %v", err)
	}
	named := map[string]bool{}
	for i, k := range meta.Shards {
		named["search/t/"+k+"."+meta.ShardHashes[i]+".json.gz"] = true
	}
	for k, h := range meta.Texts {
		named[fmt.Sprintf("search/c/%d.%s.json.gz", k, h)] = true
	}
	return named
}

// TestPruneSearch: the parts a search index write left for the keep time
// (for a browser holding the previous index.json) go once it has passed,
// without another write (Site.PruneSearch, which serve calls when they
// are due): the search folder then holds what the published index.json
// names and nothing else, as a clean build's does; before, nothing goes
// and the time until the first is due is returned. An index not written
// since the build is left as it is.
func TestPruneSearch(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/a.md": "---\ntitle: A\n---\n\nFirst words.\n",
		"content/b.md": "---\ntitle: B\n---\n\nOther words.\n",
	})
	dest := filepath.Join(src, "public")
	s, _, err := BuildSite(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	searchFiles := func() map[string]bool {
		out := map[string]bool{}
		for name := range readTree(t, dest) {
			if strings.HasPrefix(name, "search/") && !strings.HasPrefix(name, "search/index.json") {
				out[name] = true
			}
		}
		return out
	}
	built := searchFiles()
	if next, err := s.PruneSearch(ctx, 0); err != nil || next != 0 || !maps.Equal(searchFiles(), built) {
		t.Fatalf("PruneSearch after the build = %v, %v; files %v, want %v", next, err, searchFiles(), built)
	}
	write(t, src, "content/a.md", "---\ntitle: A\n---\n\nZebra words.\n")
	if u, err := s.Update(ctx, []string{"content/a.md"}); err != nil || u.Full || len(u.Errors) > 0 {
		t.Fatalf("Update = %+v, %v", u, err)
	}
	if err := s.SearchWriter(time.Hour).Write(ctx); err != nil {
		t.Fatal(err)
	}
	named := searchPartsNamed(t, readTree(t, dest))
	kept := searchFiles()
	if maps.Equal(kept, named) {
		t.Fatal("the write left no part of the previous index: nothing to prune")
	}
	next, err := s.PruneSearch(ctx, time.Hour)
	if err != nil || next <= 0 || next > time.Hour || !maps.Equal(searchFiles(), kept) {
		t.Errorf("PruneSearch within the keep time = %v, %v; files %v, want %v", next, err, searchFiles(), kept)
	}
	next, err = s.PruneSearch(ctx, 0)
	if err != nil || next != 0 || !maps.Equal(searchFiles(), named) {
		t.Errorf("PruneSearch past the keep time = %v, %v; files %v, want those index.json names: %v", next, err, searchFiles(), named)
	}
}
