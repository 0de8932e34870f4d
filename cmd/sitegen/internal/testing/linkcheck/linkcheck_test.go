package linkcheck

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestCheck runs the checker on a small hand-made output with one of each
// problem it must find and links it must accept.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"index.html":     `<h1>Home</h1><a href="/sub/a/">a</a> <a href="/sub/a/#part">part</a> <img src="/sub/img/x.png"> <a href="https://x.test/">web</a> <a href="#top">top</a><p id="top">`,
		"a/index.html":   `<h1>A</h1><h2 id="part">P</h2><a href="../">up</a> <a href="b/">b</a> <a href="/sub/a/#nope">bad id</a> <a href="/elsewhere/">out</a>`,
		"a/b/index.html": `<h1>B</h1><h1>Again</h1><a href="/sub/missing/">missing</a> <a href="../../a/?q=1#part">ok</a> <a href="/sub/css/s.css">css</a>`,
		"old/index.html": `<meta http-equiv="refresh" content="0; url=/sub/a/">`,
		"img/x.png":      "PNG",
		"css/s.css":      "body{}",
	}
	for rel, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Check(dir, "/sub/")
	if err != nil {
		t.Fatal(err)
	}
	if r.Pages != 4 {
		t.Errorf("%d pages, want 4", r.Pages)
	}
	if len(r.BadH1) != 1 || r.BadH1["a/b/index.html"] != 2 {
		t.Errorf("BadH1 = %v, want only a/b with 2", r.BadH1)
	}
	want := []string{
		"a/b/index.html: /sub/missing/ (no such file)",
		"a/index.html: /sub/a/#nope (no id nope)",
		"a/index.html: /elsewhere/ (outside the base path /sub/)",
	}
	slices.Sort(want)
	got := slices.Sorted(slices.Values(r.Broken))
	if !slices.Equal(got, want) {
		t.Errorf("Broken =\n%q\nwant\n%q", got, want)
	}
}
