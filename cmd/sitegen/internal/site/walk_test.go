package site

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
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
			_, err := build(t, src, content.Options{})
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

// TestPageText: a byte order mark is accepted; bytes that are not UTF-8
// are one error at their line and column, and links into that page add no
// more errors (issue 10, fault 10).
func TestPageText(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/bom.md": "\ufeff---\ntitle: With a BOM\n---\n\n## Part\n",
		"content/a.md":   "---\ntitle: A\n---\n\n[one](bad.md#x) [two](bad.md#y) [three](bom.md#part)\n",
		"content/bad.md": "---\ntitle: Bad\n---\n\n## X\n\nsome \xff\xfe bytes\n",
	})
	_, err := build(t, src, content.Options{})
	var diags content.Diagnostics
	if !errors.As(err, &diags) {
		t.Fatalf("err = %v, want diagnostics", err)
	}
	want := "content/bad.md:7:6: byte 0xFF is not UTF-8 text: save the file as UTF-8"
	if len(diags) != 1 || diags[0].String() != want {
		t.Errorf("diagnostics = %q, want only %q", diags, want)
	}
	if err := os.WriteFile(filepath.Join(src, "content", "bad.md"), []byte("---\ntitle: Bad\n---\n\n## X\n## Y\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(src, "public", "bom", "index.html"))
	if err != nil || !strings.Contains(string(page), "With a BOM") {
		t.Errorf("BOM page not built from its front matter: %v", err)
	}
}

// TestThemeOverride: the default theme fills in the files a site's static/
// lacks; a site's file of the same path wins.
func TestThemeOverride(t *testing.T) {
	src := writeTree(t, map[string]string{"content/a.md": "---\ntitle: A\n---\n", "static/css/site.css": "body{color:red}"})
	theme := fstest.MapFS{
		"css/site.css": {Data: []byte("body{color:blue}")},
		"js/theme.js":  {Data: []byte("var theme=1")},
		"favicon.svg":  {Data: []byte("<svg/>")},
	}
	if _, err := build(t, src, content.Options{Theme: theme}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(src, "public"))
	var css, js string
	for name, body := range out {
		switch {
		case strings.HasPrefix(name, "css/site.") && strings.HasSuffix(name, ".css"):
			css = body
		case strings.HasPrefix(name, "js/theme.") && strings.HasSuffix(name, ".js"):
			js = body
		}
	}
	if !strings.Contains(css, "red") || !strings.Contains(js, "theme") || out["favicon.svg"] != "<svg/>" {
		t.Errorf("css %q, theme js %q, favicon %q: want the site's stylesheet and the theme's other files", css, js, out["favicon.svg"])
	}
}
