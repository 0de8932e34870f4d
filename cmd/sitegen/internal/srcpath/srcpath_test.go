package srcpath

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// TestRule: links are followed while they stay inside the source folder,
// whatever component of the path they are, relative or absolute; a link
// out is an *Error naming the link, and nothing is read through it.
func TestRule(t *testing.T) {
	dir := t.TempDir()
	src, out := filepath.Join(dir, "site"), filepath.Join(dir, "home")
	for p, body := range map[string]string{
		"site/docs/a.md": "page", "site/.git/config": "token", "home/key": "secret", "home/notes/n.md": "note",
	} {
		p = filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{
		"rel.md":      "docs/a.md",
		"abs.md":      filepath.Join(src, "docs/a.md"),
		"absdir":      filepath.Join(src, "docs"),
		"key":         "../home/key",
		"abskey":      filepath.Join(out, "key"),
		"lnk":         "../home",
		"docs/up":     "../..",
		"git":         ".git",
		"docs/config": "../.git/config",
		"gone":        "nowhere",
	} {
		if err := os.Symlink(target, filepath.Join(src, filepath.FromSlash(link))); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(src, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		rel      string
		resolved string // Check's result
		body     string // what ReadFile reads
		link     string // the *Error's link ("" for none)
		outside  bool
		missing  bool
		notFile  bool
	}{
		{rel: "docs/a.md", resolved: "docs/a.md", body: "page"},
		{rel: "rel.md", resolved: "docs/a.md", body: "page"},
		{rel: "abs.md", resolved: "docs/a.md", body: "page"},
		{rel: "absdir/a.md", resolved: "docs/a.md", body: "page"},
		{rel: "key", link: "key", outside: true},
		{rel: "abskey", link: "abskey", outside: true},
		{rel: "lnk/notes/n.md", link: "lnk", outside: true},
		{rel: "docs/up/home/key", link: "docs/up", outside: true},
		{rel: "../home/key", link: "../home/key", outside: true},
		{rel: "git/config", link: "git/config"},                      // Check: a link to a hidden folder
		{rel: "docs/config", link: "docs/config"},                    // and to a file in one
		{rel: ".git/config", resolved: ".git/config", body: "token"}, // named as it is: the caller's to refuse
		{rel: "gone", missing: true},
		{rel: "nothing", missing: true},
		{rel: "fifo", resolved: "fifo", notFile: true},
	}
	for _, tt := range tests {
		t.Run(tt.rel, func(t *testing.T) {
			got, err := Check(src, tt.rel)
			var le *Error
			switch {
			case tt.missing:
				if !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("Check = %q, %v, want not exist", got, err)
				}
				return
			case tt.link != "":
				if !errors.As(err, &le) || le.Link != tt.link || le.Outside != tt.outside {
					t.Fatalf("Check = %q, %v, want an *Error on %s (outside %v)", got, err, tt.link, tt.outside)
				}
				if strings.Contains(err.Error(), "secret") || strings.Contains(err.Error(), "token") {
					t.Errorf("the error quotes the file: %v", err)
				}
			case err != nil || got != tt.resolved:
				t.Errorf("Check = %q, %v, want %q", got, err, tt.resolved)
			}
			data, err := ReadFile(src, tt.rel, 0)
			switch {
			case tt.outside:
				if !errors.As(err, &le) || string(data) != "" {
					t.Errorf("ReadFile = %q, %v, want the link refused", data, err)
				}
			case tt.notFile:
				if err == nil || !strings.Contains(err.Error(), "not a regular file") {
					t.Errorf("ReadFile = %q, %v, want not a regular file", data, err)
				}
			case tt.link != "":
				// a link to a hidden name inside: Open reads it (the walk refuses it)
			case err != nil || string(data) != tt.body:
				t.Errorf("ReadFile = %q, %v, want %q", data, err, tt.body)
			}
		})
	}
	// One Root for every read, twice each (as a build reads: one call
	// beneath the source folder on Linux, the os.Root's way for what it
	// refuses), reads what a fresh one does.
	r, err := New(src)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for range 2 {
		for _, tt := range tests {
			data, err := r.ReadFile(tt.rel, 0)
			var le *Error
			switch {
			case tt.outside:
				if !errors.As(err, &le) || string(data) != "" {
					t.Errorf("Root.ReadFile(%s) = %q, %v, want the link refused", tt.rel, data, err)
				}
			case tt.missing:
				if !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("Root.ReadFile(%s) = %q, %v, want not exist", tt.rel, data, err)
				}
			case tt.notFile:
				if err == nil || !strings.Contains(err.Error(), "not a regular file") {
					t.Errorf("Root.ReadFile(%s) = %q, %v, want not a regular file", tt.rel, data, err)
				}
			case tt.link != "":
			case err != nil || string(data) != tt.body:
				t.Errorf("Root.ReadFile(%s) = %q, %v, want %q", tt.rel, data, err, tt.body)
			}
		}
	}
	if _, err := ReadFile(src, "docs/a.md", 3); !errors.Is(err, ErrTooLong) {
		t.Errorf("ReadFile over the limit: %v", err)
	}
	if got := SkippedPart("docs/.git/x"); got != ".git" {
		t.Errorf("SkippedPart = %q", got)
	}
}

// BenchmarkReadFile is the cost of the rule on every file a build reads:
// ReadFile beside os.ReadFile of the same page.
func BenchmarkReadFile(b *testing.B) {
	dir := b.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "content", "rules", "combat"), 0o755); err != nil {
		b.Fatal(err)
	}
	rel := "content/rules/combat/attack.md"
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(rel)), []byte(strings.Repeat("text ", 2000)), 0o644); err != nil {
		b.Fatal(err)
	}
	b.Run("root", func(b *testing.B) { // as a build reads: one Root
		r, err := New(dir)
		if err != nil {
			b.Fatal(err)
		}
		defer r.Close()
		for b.Loop() {
			if _, err := r.ReadFile(rel, 0); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("oneshot", func(b *testing.B) { // a settings file
		for b.Loop() {
			if _, err := ReadFile(dir, rel, 0); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("os", func(b *testing.B) {
		for b.Loop() {
			if _, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel))); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestStat: Stat answers for the file Open would open (or errs: an
// absolute link, which Open resolves), but a link at the end of the path
// is answered as a link; a regular file is only ever the
// one reached under the rule: through a link leading out (relative or
// absolute, in the middle of the path), the answer is an error or a link,
// never the outside file's.
func TestStat(t *testing.T) {
	dir := t.TempDir()
	src, out := filepath.Join(dir, "site"), filepath.Join(dir, "home")
	for p, body := range map[string]string{
		"site/docs/a.md": "page", "site/docs/deep/b.md": "bee", "home/key": "secret", "home/notes/n.md": "note",
	} {
		p = filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{
		"rel.md":  "docs/a.md",
		"reldir":  "docs",
		"absdir":  filepath.Join(src, "docs"),
		"lnk":     "../home",
		"abslnk":  out,
		"docs/up": "../..",
	} {
		if err := os.Symlink(target, filepath.Join(src, filepath.FromSlash(link))); err != nil {
			t.Fatal(err)
		}
	}
	r, err := New(src)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	same := func(rel, want string) {
		t.Helper()
		info, err := r.Stat(rel)
		if err != nil {
			t.Errorf("Stat(%s): %v", rel, err)
			return
		}
		wi, err := os.Stat(filepath.Join(src, filepath.FromSlash(want)))
		if err != nil {
			t.Fatal(err)
		}
		if !info.Mode().IsRegular() || !os.SameFile(info, wi) {
			t.Errorf("Stat(%s) = %v, want the file %s", rel, info.Mode(), want)
		}
	}
	same("docs/a.md", "docs/a.md")
	same("docs/deep/b.md", "docs/deep/b.md")
	same("reldir/deep/b.md", "docs/deep/b.md") // a folder link that stays inside
	// An absolute link that stays inside: refused here (os.Root refuses
	// it too), the caller opens the file (Open resolves it).
	if info, err := r.Stat("absdir/a.md"); err == nil {
		same("absdir/a.md", "docs/a.md")
	} else if info != nil {
		t.Errorf("Stat(absdir/a.md) = %v with error %v", info, err)
	}
	if info, err := r.Stat("rel.md"); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("Stat(rel.md) = %v, %v; want the link itself", info, err)
	}
	for _, rel := range []string{"lnk/key", "abslnk/key", "lnk/notes/n.md", "docs/up/home/key", "docs/up/site/docs/a.md"} {
		if info, err := r.Stat(rel); err == nil && info.Mode().IsRegular() {
			t.Errorf("Stat(%s) answered a regular file through a link leading out", rel)
		}
	}
	if runtime.GOOS == "linux" { // the one call itself, not the slower way
		if info, err := r.statBeneath(filepath.FromSlash("reldir/deep/b.md")); err != nil || !info.Mode().IsRegular() {
			t.Errorf("statBeneath(reldir/deep/b.md) = %v, %v; want the file", info, err)
		}
		for _, rel := range []string{"lnk/key", "abslnk/key", "docs/up/home/key"} {
			if _, err := r.statBeneath(filepath.FromSlash(rel)); err == nil {
				t.Errorf("statBeneath(%s) answered through a link leading out", rel)
			}
		}
	}
	if _, err := r.Stat("docs/none.md"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Stat of a missing file: %v, want not exist", err)
	}
}
