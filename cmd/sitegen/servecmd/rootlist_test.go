package servecmd

import (
	"net/http/httptest"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestRootListsSites: a published tree with nothing at its root, Hugo's
// multihost build ("public/en/ and public/fr/", one site per host, as
// hugo 0.111 writes it; https://gohugo.io/content-management/multilingual/),
// is served at / with a link to each folder that has a home page, and
// status 404: the tree stays as published, nothing is added to it. A
// tree with a home page at its root serves it.
func TestRootListsSites(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		code  int
		want  []string
		not   []string
	}{
		{"multihost", map[string]string{"en/index.html": "<html><body>en</body></html>", "fr/index.html": "<html><body>fr</body></html>", "img/a.png": "png", "de/x.txt": "x"},
			404, []string{`<a href="/en/">/en/</a>`, `<a href="/fr/">/fr/</a>`}, []string{`href="/img/"`, `href="/de/"`}},
		{"home page", map[string]string{"index.html": "<html><body>home</body></html>", "fr/index.html": "<html><body>fr</body></html>"},
			200, []string{"home"}, []string{`<a href="/fr/">`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, tc.files)
			h := newHub("inst")
			h.served = true
			rec := httptest.NewRecorder()
			newHandler(dir, h).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
			body := rec.Body.String()
			if rec.Code != tc.code {
				t.Errorf("status %d, want %d", rec.Code, tc.code)
			}
			for _, w := range tc.want {
				if !strings.Contains(body, w) {
					t.Errorf("lacks %s:\n%s", w, body)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(body, w) {
					t.Errorf("has %s:\n%s", w, body)
				}
			}
		})
	}
}
