package site

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDestOwnership: a build replaces only a folder it made (marker), an
// empty one or a missing one; any other folder is left as it was and the
// error says how to proceed (issue 10, fault 1).
func TestDestOwnership(t *testing.T) {
	tests := []struct {
		name    string
		before  map[string]string // files in dest before the build
		replace bool
		wantErr bool
	}{
		{name: "missing folder"},
		{name: "empty folder", before: map[string]string{}},
		{name: "a user's notes", before: map[string]string{"todo.txt": "buy dice", "ideas/x.md": "y"}, wantErr: true},
		{name: "one foreign file among hidden ones", before: map[string]string{".git/HEAD": "ref", "index.html": "mine"}, wantErr: true},
		{name: "notes with --replace-dest", before: map[string]string{"todo.txt": "buy dice"}, replace: true},
		{name: "gh-pages checkout, never built", before: map[string]string{".git/HEAD": "ref: refs/heads/gh-pages", "CNAME": "rules.example", ".nojekyll": ""}},
		{name: "earlier sitegen output", before: map[string]string{content.OutputMarker: "x", "old/index.html": "old"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := writeTree(t, map[string]string{"content/a.md": "---\ntitle: A\n---\n"})
			dest := filepath.Join(t.TempDir(), "out")
			if tt.before != nil {
				if err := os.MkdirAll(dest, 0o755); err != nil {
					t.Fatal(err)
				}
				sitetest.WriteFiles(t, dest, tt.before)
			}
			_, err := build(t, src, content.Options{Dest: dest, ReplaceDest: tt.replace})
			if tt.wantErr {
				if !errors.Is(err, ErrForeignDest) || !strings.Contains(err.Error(), "--replace-dest") {
					t.Fatalf("err = %v, want a refusal naming --replace-dest", err)
				}
				if got := readTree(t, dest); !mapsEqual(got, tt.before) {
					t.Errorf("refused build changed the folder: %v", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := readTree(t, dest)
			if _, ok := got[content.OutputMarker]; !ok {
				t.Error("output has no marker")
			}
			if _, ok := got["a/index.html"]; !ok {
				t.Error("page not written")
			}
			for name, text := range tt.before {
				top, _, _ := strings.Cut(name, "/")
				_, stays := got[name]
				if keptAcrossBuilds(top) && (!stays || got[name] != text) {
					t.Errorf("%s was not kept across the build", name)
				}
				if !keptAcrossBuilds(top) && stays && top != content.OutputMarker {
					t.Errorf("%s of the old folder survived", name)
				}
			}
			// A second build keeps the kept files again.
			if _, err := build(t, src, content.Options{Dest: dest}); err != nil {
				t.Fatal(err)
			}
			again := readTree(t, dest)
			for name := range tt.before {
				top, _, _ := strings.Cut(name, "/")
				if _, ok := again[name]; keptAcrossBuilds(top) && !ok {
					t.Errorf("%s lost by the second build", name)
				}
			}
		})
	}
}

// TestDestIsFile: a --dest that is a file is an error, not a panic or a loss.
func TestDestIsFile(t *testing.T) {
	src := writeTree(t, map[string]string{"content/a.md": "---\ntitle: A\n---\n"})
	dest := filepath.Join(t.TempDir(), "out")
	if err := os.WriteFile(dest, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := build(t, src, content.Options{Dest: dest}); err == nil || !strings.Contains(err.Error(), "is a file") {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(dest); string(b) != "mine" {
		t.Error("file changed")
	}
}

// TestNoContentFolder: a source without content/ is a one-line error that
// names the folder, not a panic (issue 10, fault 2).
func TestNoContentFolder(t *testing.T) {
	src := writeTree(t, map[string]string{"content/_index.md": "\x00"})
	if err := os.RemoveAll(filepath.Join(src, content.ContentDir)); err != nil {
		t.Fatal(err)
	}
	_, err := build(t, src, content.Options{})
	if err == nil || !strings.Contains(err.Error(), "no content/ folder") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("err = %v, want one line naming content/", err)
	}
}

// TestStaleStagingRemoved: a build removes the staging folders a killed
// build left (marker inside, process gone), and nothing else (issue 10,
// fault 5).
func TestStaleStagingRemoved(t *testing.T) {
	src := writeTree(t, map[string]string{"content/a.md": "---\ntitle: A\n---\n"})
	parent := t.TempDir()
	dest := filepath.Join(parent, "public")
	dead := deadPID(t)
	dirs := map[string]bool{ // name -> removed?
		".public.staging-" + strconv.Itoa(dead) + "-123":        true,
		".public.staging-" + strconv.Itoa(os.Getpid()) + "-456": false, // a running build's
		".public.staging-" + strconv.Itoa(dead) + "-789":        false, // no marker: not ours
		".public.staging-" + strconv.Itoa(dead) + "-000":        true,  // empty: a build killed before its marker
		".public.staging-notapid":                               false,
		".other.staging-" + strconv.Itoa(dead) + "-1":           false, // another destination's
	}
	for name := range dirs {
		if strings.HasSuffix(name, "-000") {
			if err := os.Mkdir(filepath.Join(parent, name), 0o700); err != nil {
				t.Fatal(err)
			}
			continue
		}
		files := map[string]string{"index.html": "x"}
		if !strings.HasSuffix(name, "-789") {
			files[content.OutputMarker] = "x"
		}
		sitetest.WriteFiles(t, filepath.Join(parent, name), files)
	}
	if _, err := build(t, src, content.Options{Dest: dest}); err != nil {
		t.Fatal(err)
	}
	for name, removed := range dirs {
		_, err := os.Stat(filepath.Join(parent, name))
		if gone := errors.Is(err, os.ErrNotExist); gone != removed {
			t.Errorf("%s: removed = %v, want %v", name, gone, removed)
		}
	}
}

// deadPID returns the id of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	for pid := 4_000_000; pid > 3_000_000; pid -= 7919 {
		if !processAlive(pid) {
			return pid
		}
	}
	t.Skip("no unused process id found; cannot stand in for a killed build")
	return 0
}
