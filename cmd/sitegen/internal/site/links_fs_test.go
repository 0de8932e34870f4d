package site

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// This file holds the tests of issue 22: symbolic links in the output, as
// the destination and in the source, and what a failed build leaves in the
// spare output.

// TestRelativeSourceLinks: a link inside the site is followed when the
// source is given as a relative path, the default (issue 22, fault 8).
func TestRelativeSourceLinks(t *testing.T) {
	src := writeTree(t, map[string]string{"content/b/p.md": "---\ntitle: P\n---\n\nText of p.\n"})
	symlink(t, "b/p.md", filepath.Join(src, "content", "q.md"))
	t.Chdir(src)
	if _, err := build(t, ".", content.Options{Dest: "public"}); err != nil {
		t.Fatal(err)
	}
	got := readTree(t, filepath.Join(src, "public"))
	if !strings.Contains(got["q/index.html"], "Text of p.") {
		t.Errorf("q/index.html = %.80q, want the linked page", got["q/index.html"])
	}
}

// TestDestCheckResolvesLinks: the destination may not lie inside content/,
// static/ or be a parent of the source, whatever links the paths go
// through, for a destination that exists or not, and a source given
// through a link (issue 22, fault 4).
func TestDestCheckResolvesLinks(t *testing.T) {
	src := writeTree(t, map[string]string{"content/a.md": "---\ntitle: A\n---\n"})
	links := t.TempDir()
	symlink(t, filepath.Join(src, "content"), filepath.Join(links, "C"))
	symlink(t, filepath.Join(src, "static"), filepath.Join(links, "S"))
	symlink(t, src, filepath.Join(links, "src"))
	symlink(t, filepath.Dir(src), filepath.Join(links, "up"))
	tests := []struct{ name, source, dest string }{
		{"dest through a link to content/", src, filepath.Join(links, "C", "out")},
		{"new nested dest through a link to content/", src, filepath.Join(links, "C", "x", "y", "out")},
		{"dest through a link to static/", src, filepath.Join(links, "S", "out")},
		{"source through a link, dest in content/", filepath.Join(links, "src"), filepath.Join(src, "content", "out")},
		{"dest a link to the source's parent", src, filepath.Join(links, "up")},
		{"dest a link to the source", src, filepath.Join(links, "src")},
	}
	before := readTree(t, src)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := build(t, tt.source, content.Options{Dest: tt.dest})
			if err == nil || !strings.Contains(err.Error(), "choose another --dest") {
				t.Fatalf("err = %v, want a refusal", err)
			}
			if after := readTree(t, src); !mapsEqual(before, after) {
				t.Errorf("refused build changed the source: %d files, was %d", len(after), len(before))
			}
		})
	}
}

// TestDestIsLink: a destination that is a symbolic link to a folder (a
// deploy set-up: public -> /var/www/site) is published into the link's
// target, with the same swap and the same refusal of a folder sitegen did
// not make; the link stays, and no file of the user's is overwritten
// (issue 22, fault 2).
func TestDestIsLink(t *testing.T) {
	src := writeTree(t, map[string]string{"content/a.md": "---\ntitle: A\n---\n"})
	www := t.TempDir()
	root := filepath.Join(www, "site")
	sitetest.WriteFiles(t, root, map[string]string{".gitignore": "mine\n", "CNAME": "rules.example\n"})
	dest := filepath.Join(src, "public")
	symlink(t, root, dest)
	for i := range 3 {
		if _, err := build(t, src, content.Options{Dest: dest}); err != nil {
			t.Fatalf("build %d: %v", i, err)
		}
		if info, err := os.Lstat(dest); err != nil || info.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("build %d: %s is no longer a link (%v)", i, dest, err)
		}
		got := readTree(t, root)
		if _, ok := got["a/index.html"]; !ok {
			t.Fatalf("build %d: the link's target did not get the site: %v", i, got)
		}
		if got[".gitignore"] != "mine\n" || got["CNAME"] != "rules.example\n" {
			t.Errorf("build %d: the user's files changed: .gitignore %q, CNAME %q", i, got[".gitignore"], got["CNAME"])
		}
	}
	if _, err := os.Lstat(SparePath(dest)); err == nil {
		t.Errorf("a spare beside the link %s: it belongs beside the target", SparePath(dest))
	}

	// A link to a folder of someone else's is refused like that folder.
	notes := t.TempDir()
	sitetest.WriteFiles(t, notes, map[string]string{"todo.txt": "buy dice"})
	other := filepath.Join(t.TempDir(), "out")
	symlink(t, notes, other)
	if _, err := build(t, src, content.Options{Dest: other}); !errors.Is(err, ErrForeignDest) {
		t.Errorf("link to notes: err = %v, want ErrForeignDest", err)
	}
	if got := readTree(t, notes); !mapsEqual(got, map[string]string{"todo.txt": "buy dice"}) {
		t.Errorf("notes changed: %v", got)
	}

	// A dangling link is an error naming it; nothing is created.
	dangling := filepath.Join(t.TempDir(), "out")
	symlink(t, filepath.Join(www, "missing"), dangling)
	if _, err := build(t, src, content.Options{Dest: dangling}); err == nil || !strings.Contains(err.Error(), dangling) {
		t.Errorf("dangling link: err = %v, want an error naming it", err)
	}
	if _, err := os.Lstat(filepath.Join(www, "missing")); err == nil {
		t.Error("the dangling link's target was created")
	}
}

// TestSpareKeepsGitignore: the spare output keeps its .gitignore after a
// failed build, so `git add .` never commits it (issue 22, fault 6); and a
// .gitignore already in the folder that becomes the spare is not replaced.
func TestSpareKeepsGitignore(t *testing.T) {
	src := writeTree(t, map[string]string{"content/a.md": "---\ntitle: A\n---\n"})
	dest := filepath.Join(t.TempDir(), "docs")
	for range 2 {
		if _, err := build(t, src, content.Options{Dest: dest}); err != nil {
			t.Fatal(err)
		}
	}
	ignore := filepath.Join(SparePath(dest), spareIgnore)
	if _, err := os.Stat(ignore); err != nil {
		t.Fatalf("spare without .gitignore after two builds: %v", err)
	}
	write(t, src, "content/a.md", "---\ntitle: A\n---\n\n[broken](nowhere.md)\n")
	if _, err := build(t, src, content.Options{Dest: dest}); err == nil {
		t.Fatal("the broken link did not fail the build")
	}
	if _, err := os.Stat(ignore); err != nil {
		t.Errorf("spare without .gitignore after a failed build: %v", err)
	}
	write(t, src, "content/a.md", "---\ntitle: A\n---\n")
	if _, err := build(t, src, content.Options{Dest: dest}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dest, spareIgnore)); err == nil {
		t.Error("the spare's .gitignore reached the published output")
	}
}

// TestNoWriteThroughOutputLinks: a link a user puts in the output (a page
// folder or a file pointing at their notes) is never written, deleted or
// read through by later builds: it is replaced like any file of the output,
// in the published tree and in the spare (issue 22, fault 1).
func TestNoWriteThroughOutputLinks(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/a.md": "---\ntitle: A\n---\n\nPage a.\n",
		"content/b.md": "---\ntitle: B\n---\n\nPage b.\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	for range 2 {
		if _, err := build(t, src, content.Options{Dest: dest}); err != nil {
			t.Fatal(err)
		}
	}
	fresh := readTree(t, dest)
	notes := t.TempDir()
	mine := map[string]string{"index.html": "my notes\n", "b.html": "mine too\n", "old.html": "x"}
	sitetest.WriteFiles(t, notes, mine)
	// A page folder of the output, a page file, and a folder of the spare.
	if err := os.RemoveAll(filepath.Join(dest, "a")); err != nil {
		t.Fatal(err)
	}
	symlink(t, notes, filepath.Join(dest, "a"))
	remove(t, dest, "b/index.html")
	symlink(t, filepath.Join(notes, "b.html"), filepath.Join(dest, "b", "index.html"))
	if err := os.RemoveAll(filepath.Join(SparePath(dest), "b")); err != nil {
		t.Fatal(err)
	}
	symlink(t, notes, filepath.Join(SparePath(dest), "b"))
	for i := range 3 {
		if _, err := build(t, src, content.Options{Dest: dest}); err != nil {
			t.Fatalf("build %d: %v", i, err)
		}
		if got := readTree(t, notes); !mapsEqual(got, mine) {
			t.Fatalf("build %d changed the notes: %v", i, got)
		}
		if got := readTree(t, dest); !mapsEqual(got, fresh) {
			t.Errorf("build %d: output differs from a fresh build:\n%s", i, treeDiff(got, fresh))
		}
		for _, p := range []string{"a", "b", "b/index.html"} {
			if info, err := os.Lstat(filepath.Join(dest, p)); err != nil || info.Mode()&os.ModeSymlink != 0 {
				t.Errorf("build %d: %s is still a link (%v)", i, p, err)
			}
		}
	}
}

// TestUpdateNoWriteThroughLinks: the development server's updates of a
// published output (a page, the search index, a static file) replace a
// link a user put there instead of writing through it (issue 22, fault 1).
func TestUpdateNoWriteThroughLinks(t *testing.T) {
	files := incrementalSite()
	files["static/img/logo.txt"] = "v1"
	src := writeTree(t, files)
	dest := filepath.Join(t.TempDir(), "out")
	s, _, err := BuildSite(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-", Handlers: map[string]markup.BlockHandler{"fake": fakeHandler()}})
	if err != nil {
		t.Fatal(err)
	}
	notes := t.TempDir()
	mine := map[string]string{"index.html": "my notes", "logo.txt": "my logo"}
	sitetest.WriteFiles(t, notes, mine)
	for _, rel := range []string{"a/three", "img", content.SearchDir} {
		if err := os.RemoveAll(filepath.Join(dest, rel)); err != nil {
			t.Fatal(err)
		}
		symlink(t, notes, filepath.Join(dest, rel))
	}
	write(t, src, "content/a/three.md", "---\ntitle: Three\nweight: 3\n---\n\nThird, edited.\n")
	write(t, src, "static/img/logo.txt", "v2")
	if u, err := s.Update(context.Background(), []string{"content/a/three.md"}); err != nil || u.Full || len(u.Errors) > 0 {
		t.Fatalf("Update = %+v, %v", u, err)
	}
	if err := s.WriteSearchIndex(); err != nil {
		t.Fatal(err)
	}
	if err := s.PublishStatic("img/logo.txt"); err != nil {
		t.Fatal(err)
	}
	if got := readTree(t, notes); !mapsEqual(got, mine) {
		t.Errorf("notes changed: %v", got)
	}
	// A static file removed from the site while a link stands where its
	// folder was: the file the link leads to stays.
	remove(t, dest, "img/logo.txt")
	if err := os.RemoveAll(filepath.Join(dest, "img")); err != nil {
		t.Fatal(err)
	}
	symlink(t, notes, filepath.Join(dest, "img"))
	remove(t, src, "static/img/logo.txt")
	if err := s.PublishStatic("img/logo.txt"); err != nil {
		t.Fatal(err)
	}
	if got := readTree(t, notes); !mapsEqual(got, mine) {
		t.Errorf("notes changed by an unpublish: %v", got)
	}
	if err := os.Remove(filepath.Join(dest, "img")); err != nil {
		t.Fatal(err)
	}
	got := readTree(t, dest)
	if !strings.Contains(got["a/three/index.html"], "Third, edited.") || got[content.SearchDir+"/index.json"] == "" {
		t.Errorf("updates not published: three %.40q", got["a/three/index.html"])
	}
}
