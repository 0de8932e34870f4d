package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/sitetest"
)

// TestSymlinks: links that resolve outside the source folder are refused
// with an error naming the link; linked folders inside the tree are
// published; a cycle is an error, not a hang (issue 10, fault 7).
func TestSymlinks(t *testing.T) {
	outside := t.TempDir()
	sitetest.WriteFiles(t, outside, map[string]string{"secret.txt": "password", "pages/x.md": "---\ntitle: X\n---\n"})
	tests := []struct {
		name    string
		links   map[string]string // link (relative to the source) -> target (relative to the source, or absolute)
		wantErr string            // substring of the error; "" for a good build
		want    []string          // output files that must exist
	}{
		{name: "static file outside", links: map[string]string{"static/passwd.txt": filepath.Join(outside, "secret.txt")},
			wantErr: "static/passwd.txt:"},
		{name: "content folder outside", links: map[string]string{"content/ext": filepath.Join(outside, "pages")},
			wantErr: "content/ext:"},
		{name: "relative escape", links: map[string]string{"static/up": "../../"}, wantErr: "static/up:"},
		{name: "static folder inside", links: map[string]string{"static/img2": "img"}, want: []string{"img2/a.png", "img/a.png"}},
		{name: "content file inside", links: map[string]string{"content/b.md": "a.md"}, want: []string{"b/index.html"}},
		{name: "cycle", links: map[string]string{"static/img/loop": ".."}, wantErr: "cycle"},
		{name: "broken", links: map[string]string{"static/gone.txt": "nothing-here"}, wantErr: "static/gone.txt:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := writeTree(t, map[string]string{"content/a.md": "---\ntitle: A\n---\n", "static/img/a.png": "png"})
			for link, target := range tt.links {
				l := filepath.Join(src, filepath.FromSlash(link))
				if strings.HasPrefix(target, "..") || !filepath.IsAbs(target) {
					// relative targets are relative to the link's folder
					if !strings.HasPrefix(target, "..") {
						target = filepath.Join(filepath.Dir(l), target)
					}
				}
				if err := os.Symlink(target, l); err != nil {
					t.Fatal(err)
				}
			}
			_, err := build(t, src, Options{})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				if strings.Contains(err.Error(), "password") {
					t.Error("error leaks the linked file's content")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range tt.want {
				if _, err := os.Stat(filepath.Join(src, "public", filepath.FromSlash(f))); err != nil {
					t.Errorf("%s not published: %v", f, err)
				}
			}
		})
	}
}
