package servecmd

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestHandler(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"index.html":        "home",
		"a/index.html":      "page a",
		"css/site.abc.css":  "body{}",
		"404.html":          "not found page",
		"empty/placeholder": "x",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	tests := []struct {
		path string
		code int
		body string
	}{
		{"/", 200, "home"},
		{"/a/", 200, "page a"},
		{"/css/site.abc.css", 200, "body{}"},
		{"/missing/", 404, "not found page"},
		{"/empty/", 404, "not found page"},
		{"/../etc/passwd", 404, "not found page"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, err := http.Get(srv.URL + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.code || string(b) != tt.body {
				t.Errorf("GET %s = %d %q, want %d %q", tt.path, resp.StatusCode, b, tt.code, tt.body)
			}
		})
	}
}
