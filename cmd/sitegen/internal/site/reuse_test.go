package site

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestRebuildEqualsFresh edits a site in every way an editor does and
// checks after each edit that a rebuild over the previous output (which
// brings the spare tree up to date and links unchanged files) equals a
// fresh build byte for byte, that it did reuse files, and that a failed
// build leaves the output as it was.
func TestRebuildEqualsFresh(t *testing.T) {
	files := map[string]string{
		"content/a/_index.md":  "---\ntitle: Section A\nweight: 1\n---\n\nSee [b](../b/two.md).\n",
		"content/a/one.md":     "---\ntitle: One\nweight: 2\n---\n\n## Part\n\nText of one. ![pic](pic.png)\n",
		"content/a/two.md":     "---\ntitle: Two\nweight: 3\n---\n\nText of two.\n",
		"content/a/pic.png":    "PNG1",
		"content/b/_index.md":  "---\ntitle: Section B\nweight: 2\n---\n",
		"content/b/two.md":     "---\ntitle: B two\n---\n\n```fake x\nbody\n```\n",
		"content/b/three.md":   "---\ntitle: B three\n---\n\nThree.\n",
		"static/img/logo.png":  "LOGO",
		"static/css/extra.css": "p { color: red; }\n",
	}
	src := writeTree(t, files)
	dest := filepath.Join(t.TempDir(), "public")
	rebuild := func(t *testing.T) Result {
		t.Helper()
		res, err := build(t, src, content.Options{Dest: dest})
		if err != nil {
			t.Fatalf("rebuild: %v", err)
		}
		return res
	}
	fresh := func(t *testing.T) map[string]string {
		t.Helper()
		d := filepath.Join(t.TempDir(), "fresh")
		if _, err := build(t, src, content.Options{Dest: d}); err != nil {
			t.Fatalf("fresh build: %v", err)
		}
		return readTree(t, d)
	}
	first := rebuild(t)
	if first.Reused != 0 || first.Written == 0 {
		t.Fatalf("first build reused %d, wrote %d: want nothing reused", first.Reused, first.Written)
	}
	steps := []struct {
		name   string
		edit   func()
		keeps  string // an output file the edit does not touch: its inode must survive
		change string // an output file the edit changes
	}{
		{"no change", func() {}, "a/one/index.html", ""},
		{"page text", func() { write(t, src, "content/b/three.md", "---\ntitle: B three\n---\n\nThree, edited.\n") }, "a/one/index.html", "b/three/index.html"},
		{"nav order", func() { write(t, src, "content/a/two.md", "---\ntitle: Two\nweight: 1\n---\n\nText of two.\n") }, "img/logo.png", "a/one/index.html"},
		{"static file", func() { write(t, src, "static/css/extra.css", "p { color: blue; }\n") }, "img/logo.png", ""},
		{"stylesheet of every page", func() { write(t, src, "static/css/site.css", "body{margin:0}\n") }, "a/pic.png", "a/one/index.html"},
		{"bundle file", func() { write(t, src, "content/a/pic.png", "PNG2") }, "img/logo.png", "a/pic.png"},
		{"page deleted", func() { remove(t, src, "content/b/three.md") }, "img/logo.png", "b/two/index.html"},
		{"site title", func() { write(t, src, "site.toml", "title = \"Renamed\"\nbaseURL = \"https://example.org/\"\n") }, "img/logo.png", "index.html"},
		// The spare tree (the output before the previous one, which the
		// next build brings up to date) is read, never trusted: edits made
		// to it by hand, stray files, a folder where a file was and a file
		// where a folder was all come out as a fresh build.
		{"spare tampered with", func() {
			spare := SparePath(dest)
			sitetest.WriteFiles(t, spare, map[string]string{
				"a/two/index.html": "edited by hand",
				"stray/x.html":     "not the site's",
			})
			for _, p := range []string{"a/one", "b/two/index.html"} {
				if err := os.RemoveAll(filepath.Join(spare, p)); err != nil {
					t.Fatal(err)
				}
			}
			sitetest.WriteFiles(t, spare, map[string]string{"a/one": "a file where a folder was", "b/two/index.html/x": "a folder where a file was"})
		}, "img/logo.png", ""},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			before := readTree(t, dest)
			keptIno := inode(t, filepath.Join(dest, st.keeps))
			var changedIno uint64
			if st.change != "" {
				changedIno = inode(t, filepath.Join(dest, st.change))
			}
			st.edit()
			res := rebuild(t)
			got, want := readTree(t, dest), fresh(t)
			if !maps.Equal(got, want) {
				t.Fatalf("rebuild differs from a fresh build: %s", treeDiff(got, want))
			}
			if res.Reused == 0 {
				t.Errorf("nothing reused (wrote %d)", res.Written)
			}
			if inode(t, filepath.Join(dest, st.keeps)) != keptIno {
				t.Errorf("%s was written again, want it linked from the previous output", st.keeps)
			}
			if st.change != "" {
				if before[st.change] == got[st.change] {
					t.Errorf("%s did not change", st.change)
				}
				if inode(t, filepath.Join(dest, st.change)) == changedIno {
					t.Errorf("%s changed but kept its inode: the old file was written through", st.change)
				}
			}
		})
	}
	// No edit at all: every file is reused.
	res := rebuild(t)
	if res.Written != 0 {
		t.Errorf("a rebuild without changes wrote %d files, want 0 (reused %d)", res.Written, res.Reused)
	}
	// A failed build leaves the output (and the files it shares with
	// nothing) untouched.
	before := readTree(t, dest)
	write(t, src, "content/a/one.md", "---\ntitle: One\n---\n\n[broken](nowhere.md)\n")
	if _, err := build(t, src, content.Options{Dest: dest}); err == nil {
		t.Fatal("build with a broken link succeeded")
	}
	if after := readTree(t, dest); !maps.Equal(before, after) {
		t.Errorf("failed build changed the output: %s", treeDiff(after, before))
	}
	// The failed build left the spare half brought up to date; the next
	// good build still equals a fresh one.
	write(t, src, "content/a/one.md", "---\ntitle: One\n---\n\nFixed.\n")
	rebuild(t)
	if got, want := readTree(t, dest), fresh(t); !maps.Equal(got, want) {
		t.Errorf("rebuild after a failed build differs from a fresh build: %s", treeDiff(got, want))
	}
}

func write(t *testing.T, dir, rel, body string) {
	t.Helper()
	sitetest.WriteFiles(t, dir, map[string]string{rel: body})
}

func remove(t *testing.T, dir, rel string) {
	t.Helper()
	if err := os.Remove(filepath.Join(dir, filepath.FromSlash(rel))); err != nil {
		t.Fatal(err)
	}
}

func inode(t *testing.T, p string) uint64 {
	t.Helper()
	info, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		t.Skip("no inode numbers on this system")
	}
	return st.Ino
}

// treeDiff names the files that differ between two trees.
func treeDiff(got, want map[string]string) string {
	var d []string
	for _, k := range slices.Sorted(maps.Keys(want)) {
		if g, ok := got[k]; !ok {
			d = append(d, "missing "+k)
		} else if g != want[k] {
			d = append(d, "differs "+k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(got)) {
		if _, ok := want[k]; !ok {
			d = append(d, "extra "+k)
		}
	}
	return strings.Join(d, ", ")
}

// TestRebuildKeepsSearchParts checks that a rebuild keeps the search
// index's unchanged parts (content-named .gz files) without writing them,
// and that a part cut short in the spare tree and in the previous output
// (a killed build's) is written again: the output equals a fresh build.
func TestRebuildKeepsSearchParts(t *testing.T) {
	files := map[string]string{}
	for i := range 12 {
		files[fmt.Sprintf("content/s/p%d.md", i)] = fmt.Sprintf("---\ntitle: Page %d\n---\n\nThe wild die %d rolls.\n\n## Part\n\nMore words %d.\n", i, i, i)
	}
	src := writeTree(t, files)
	dest := filepath.Join(t.TempDir(), "public")
	for range 2 { // the second build leaves the first output as the spare
		if _, err := build(t, src, content.Options{Dest: dest}); err != nil {
			t.Fatal(err)
		}
	}
	parts, err := filepath.Glob(filepath.Join(dest, "search", "*", "*.json.gz"))
	if err != nil || len(parts) < 5 {
		t.Fatalf("%d search parts (%v): want several", len(parts), err)
	}
	res, err := build(t, src, content.Options{Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	if res.Reused < len(parts) {
		t.Errorf("rebuild without a change reused %d files, want at least the %d search parts", res.Reused, len(parts))
	}
	cut := 0
	for _, dir := range []string{dest, SparePath(dest)} {
		ps, _ := filepath.Glob(filepath.Join(dir, "search", "*", "*.json.gz"))
		for _, p := range ps {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			// Replaced, never written through: the two trees share files.
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, b[:len(b)-4], 0o644); err != nil {
				t.Fatal(err)
			}
			cut++
		}
	}
	if cut < 2*len(parts) {
		t.Fatalf("cut %d parts short, want %d (in the output and in the spare)", cut, 2*len(parts))
	}
	if _, err := build(t, src, content.Options{Dest: dest}); err != nil {
		t.Fatal(err)
	}
	fresh := filepath.Join(t.TempDir(), "fresh")
	if _, err := build(t, src, content.Options{Dest: fresh}); err != nil {
		t.Fatal(err)
	}
	got, want := readTree(t, dest), readTree(t, fresh)
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s differs from a fresh build's after parts were cut short", name)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d files, a fresh build has %d", len(got), len(want))
	}
}
