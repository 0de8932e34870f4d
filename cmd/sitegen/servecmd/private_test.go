package servecmd

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestServeSwapLinkOut is issue 31, item 1 under `sitegen serve`: a
// content folder, a page, a static file or an MkDocs project's docs/
// swapped mid-serve for a symbolic link out of the source is refused (the
// overlay names it) and nothing behind the link is ever served.
func TestServeSwapLinkOut(t *testing.T) {
	const secret = "SECRET-SERVE-77d0"
	home := t.TempDir()
	for rel, body := range map[string]string{
		"notes/one.md":   page("First Page", 1, secret),
		"notes/a.md":     page("A", 1, secret),
		"notes/index.md": "# Home\n\n" + secret + "\n",
		"keys/id_rsa":    secret,
	} {
		writeFile(t, home, rel, body)
	}
	swap := func(t *testing.T, src, rel, target string) {
		t.Helper()
		p := filepath.Join(src, filepath.FromSlash(rel))
		if err := os.Rename(p, p+".old"); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(home, filepath.FromSlash(target)), p); err != nil {
			t.Fatal(err)
		}
	}
	mkdocs := func(t *testing.T) string {
		src := t.TempDir()
		writeFile(t, src, "mkdocs.yml", "site_name: M\n")
		writeFile(t, src, "docs/index.md", "# Home\n\nWelcome.\n")
		writeFile(t, src, "docs/a.md", "# A\n\nOriginal.\n")
		return src
	}
	for _, tt := range []struct {
		name   string
		src    func(t *testing.T) string
		rel    string // swapped for a link to home/target
		target string
		want   []string // paths the watcher must report
		get    []string // served paths that must keep their old content
	}{
		{name: "content folder", src: testSite, rel: "content/a", target: "notes", want: []string{"content/a"}, get: []string{"/a/one/"}},
		{name: "page", src: testSite, rel: "content/a/one.md", target: "notes/one.md", want: []string{"content/a/one.md"}, get: []string{"/a/one/"}},
		{name: "static file", src: testSite, rel: "static/favicon.svg", target: "keys/id_rsa", want: []string{"static/favicon.svg"}, get: []string{"/favicon.svg"}},
		{name: "MkDocs docs/", src: mkdocs, rel: "docs", target: "notes", want: []string{"docs"}, get: []string{"/a/", "/"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.src(t)
			h := newHarness(t, src)
			swap(t, src, tt.rel, tt.target)
			evs := h.step(tt.want...)
			if !slices.Equal(names(evs), []string{evErrors}) {
				t.Errorf("events %v, want the overlay", names(evs))
			}
			if _, ps := h.srv.hub.state(); len(ps) == 0 || !strings.Contains(ps[0].Msg, "outside the site folder") {
				t.Errorf("problems %v, want the link refused", ps)
			}
			for _, p := range tt.get {
				code, body := h.get(p)
				if code != 200 || strings.Contains(body, secret) {
					t.Errorf("GET %s = %d, serving the linked file", p, code)
				}
			}
			err := filepath.WalkDir(h.srv.opts.Dest, func(p string, d os.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				b, err := os.ReadFile(p)
				if err == nil && strings.Contains(string(b), secret) {
					t.Errorf("%s is published from a file outside the source", p)
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
