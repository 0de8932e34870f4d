package conformance

import (
	"fmt"
	"testing"
)

// TestRebase: a site built to be served under a base path is read as
// served at the root: the navigation's URLs and the links that named its
// pages with the base lose it; a link that names nothing without the base
// either stays broken.
func TestRebase(t *testing.T) {
	s := Site{
		Pages: map[string]Page{
			"/":        {Title: "Intro", Broken: []string{"/docs", "/docs/a#x", "/docs/gone", "/other/a"}},
			"/a/":      {Title: "A", Links: []string{"/"}, Broken: []string{"/docs/img/d.png"}},
			"/docs/b/": {Title: "B"},
		},
		Files: map[string]bool{"img/d.png": true},
		Nav:   []Entry{{"Intro", "/docs/"}, {"A", "/docs/a/"}, {"Group", ""}},
	}
	got := Rebase(s, "/docs/")
	want := map[string]string{
		"/":        "{Title:Intro Links:[/ /a/#x] Broken:[/docs/gone /other/a] Dead:[] Prev: Next:}",
		"/a/":      "{Title:A Links:[/ /img/d.png] Broken:[] Dead:[] Prev: Next:}",
		"/docs/b/": "{Title:B Links:[] Broken:[] Dead:[] Prev: Next:}",
	}
	for u, w := range want {
		if g := fmt.Sprintf("%+v", got.Pages[u]); g != w {
			t.Errorf("page %s = %s, want %s", u, g, w)
		}
	}
	if g := fmt.Sprint(got.Nav); g != "[Intro -> / A -> /a/ [Group]]" {
		t.Errorf("nav = %s", g)
	}
}
