package servecmd

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// rawGet sends a request line as is (no client-side path cleaning).
func rawGet(t *testing.T, addr, method, target string) (*http.Response, string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", method, target, addr)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func TestHandler(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "site")
	files := map[string]string{
		"index.html":            "<html><body>home</body></html>",
		"a/index.html":          "<html><BODY>page a</BODY></html>",
		"css/site.abc.css":      "body{}",
		"calc/calc.wasm":        "\x00asm",
		"404.html":              "<html><body>not found page</body></html>",
		"empty/placeholder.txt": "x",
		".hidden/index.html":    "<html><body>hidden</body></html>",
		"feed.xml":              "<rss/>",
		"hex.html":              "<html><body>hex page</body></html>",
		".secret.html":          "<html><body>hidden page</body></html>",
		"link2.html":            "", // replaced by a symbolic link out of the site below
	}
	sitetest.WriteFiles(t, dir, files)
	if err := os.WriteFile(filepath.Join(base, "secret.txt"), []byte("SECRET"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(base, "secret.txt"), filepath.Join(dir, "link.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "link2.html")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(base, "secret.txt"), filepath.Join(dir, "link2.html")); err != nil {
		t.Fatal(err)
	}
	h := newHub("inst")
	srv := httptest.NewServer(newHandler(dir, h))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	script := `<script src="/__sitegen/livereload.js" data-instance="inst" data-build="0"></script>`
	tests := []struct {
		method, target string
		code           int
		ctype          string
		body           string // exact body, or "" to skip
		contains       string
		location       string
	}{
		{"GET", "/", 200, "text/html; charset=utf-8", "<html><body>home" + script + "</body></html>", "", ""},
		{"GET", "/a/", 200, "text/html; charset=utf-8", "<html><BODY>page a" + script + "</BODY></html>", "", ""},
		{"GET", "/a", 302, "", "", "", "/a/"},
		{"GET", "/a?x=1", 302, "", "", "", "/a/?x=1"},
		// Issue 31: "//a/" is a URL of the host "a"; a redirect keeps to
		// this host, whatever slashes the request path starts with.
		{"GET", "//a", 302, "", "", "", "/a/"},
		{"GET", "///a?x=1", 302, "", "", "", "/a/?x=1"},
		{"GET", "/%2Fa", 302, "", "", "", "/%2Fa/"}, // a path on this host, as written
		{"GET", "/a/index.html", 200, "text/html; charset=utf-8", "", "page a", ""},
		{"GET", "/css/site.abc.css", 200, "text/css; charset=utf-8", "body{}", "", ""},
		{"GET", "/calc/calc.wasm", 200, "application/wasm", "\x00asm", "", ""},
		{"GET", "/feed.xml", 200, "application/xml; charset=utf-8", "<rss/>", "", ""},
		{"HEAD", "/", 200, "text/html; charset=utf-8", "", "", ""},
		{"POST", "/", 405, "", "", "", ""},
		{"GET", "/missing/", 404, "text/html; charset=utf-8", "", "not found page" + script, ""},
		{"GET", "/empty/", 404, "", "", "not found page", ""}, // a folder without index.html: no listing
		{"GET", "/calc/", 404, "", "", "not found page", ""},
		{"GET", "/.hidden/", 404, "", "", "not found page", ""},
		{"GET", "/../secret.txt", 404, "", "", "not found page", ""},
		{"GET", "/%2e%2e/secret.txt", 404, "", "", "not found page", ""},
		{"GET", "/%2E%2E%2Fsecret.txt", 404, "", "", "not found page", ""},
		{"GET", "/a/..%2f..%2fsecret.txt", 404, "", "", "not found page", ""},
		{"GET", "/..%5csecret.txt", 404, "", "", "not found page", ""},
		{"GET", "/a/%00", 404, "", "", "not found page", ""},
		{"GET", "/link.txt", 404, "", "", "not found page", ""}, // symlink out of the site
		// A page written as a file is served at its URL without .html
		// too, as GitHub Pages and Jekyll's WEBrick serve it: "output
		// files written to disk will still have the proper file extension
		// (typically .html), so the web server must be able to map
		// requests without file extensions to these files"
		// (https://jekyllrb.com/docs/permalinks/#extensionless-permalinks).
		{"GET", "/hex", 200, "text/html; charset=utf-8", "", "hex page", ""},
		{"GET", "/hex.html", 200, "text/html; charset=utf-8", "", "hex page", ""},
		{"GET", "/hex/", 404, "", "", "not found page", ""},
		{"GET", "/.secret", 404, "", "", "not found page", ""},
		{"GET", "/link2", 404, "", "", "not found page", ""}, // symlink out of the site
		{"GET", "/feed", 404, "", "", "not found page", ""},  // only .html, never another extension
		{"GET", "/__sitegen/livereload.js", 200, "text/javascript; charset=utf-8", "", "EventSource", ""},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.target, func(t *testing.T) {
			resp, body := rawGet(t, addr, tt.method, tt.target)
			if resp.StatusCode != tt.code {
				t.Fatalf("status %d, want %d (body %q)", resp.StatusCode, tt.code, body)
			}
			if got := resp.Header.Get("Cache-Control"); got != "no-store" {
				t.Errorf("Cache-Control %q, want no-store", got)
			}
			if tt.ctype != "" && resp.Header.Get("Content-Type") != tt.ctype {
				t.Errorf("Content-Type %q, want %q", resp.Header.Get("Content-Type"), tt.ctype)
			}
			if tt.body != "" && body != tt.body {
				t.Errorf("body %q, want %q", body, tt.body)
			}
			if !strings.Contains(body, tt.contains) {
				t.Errorf("body %q does not contain %q", body, tt.contains)
			}
			if strings.Contains(body, "SECRET") {
				t.Errorf("served a file outside the site: %q", body)
			}
			if tt.location != "" && resp.Header.Get("Location") != tt.location {
				t.Errorf("Location %q, want %q", resp.Header.Get("Location"), tt.location)
			}
			if tt.method == "HEAD" && body != "" {
				t.Errorf("HEAD with a body: %q", body)
			}
		})
	}
}

func TestNoBuildYet(t *testing.T) {
	h := newHub("inst")
	rec := httptest.NewRecorder()
	newHandler(filepath.Join(t.TempDir(), "missing"), h).ServeHTTP(rec, httptest.NewRequest("GET", "/x/", nil))
	if rec.Code != 404 || !strings.Contains(rec.Body.String(), "no successful build yet") || !strings.Contains(rec.Body.String(), scriptPath) {
		t.Errorf("got %d %q", rec.Code, rec.Body.String())
	}
}

func TestCleanPath(t *testing.T) {
	tests := []struct {
		in   string
		name string
		ok   bool
	}{
		{"/", ".", true},
		{"/a/b/", "a/b", true},
		{"/a//b", "a/b", true},
		{"/a/./b", "a/b", true},
		{"/a/../b", "", false},
		{"/..", "", false},
		{"/.git/config", "", false},
		{"/a\\..\\b", "", false},
		{"/a\x00", "", false},
		{"a", "", false},
	}
	for _, tt := range tests {
		name, ok := cleanPath(tt.in)
		if name != tt.name || ok != tt.ok {
			t.Errorf("cleanPath(%q) = %q, %v; want %q, %v", tt.in, name, ok, tt.name, tt.ok)
		}
	}
}

// TestPrecompressed: the dev server sends the .br or .gz sibling a build
// wrote, by the client's Accept-Encoding, and lets content-hashed assets be
// cached; everything else stays no-store (issue 13).
func TestPrecompressed(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"calc/d6.0123456789.wasm":          "raw module",
		"calc/d6.0123456789.wasm.br":       "brotli module",
		"calc/d6.0123456789.wasm.gz":       "gzip module",
		"js/plain.js":                      "plain",
		"search/t/6162.0123456789.json.gz": "index part",
	})
	srv := httptest.NewServer(newHandler(dir, newHub("inst")))
	defer srv.Close()
	tests := []struct {
		path, accept, body, encoding, cache string
	}{
		{"/calc/d6.0123456789.wasm", "gzip, deflate, br, zstd", "brotli module", "br", "public, max-age=31536000, immutable"},
		{"/calc/d6.0123456789.wasm", "gzip", "gzip module", "gzip", "public, max-age=31536000, immutable"},
		{"/calc/d6.0123456789.wasm", "br;q=0, gzip", "gzip module", "gzip", "public, max-age=31536000, immutable"},
		{"/calc/d6.0123456789.wasm", "", "raw module", "", "public, max-age=31536000, immutable"},
		{"/calc/d6.0123456789.wasm", "identity", "raw module", "", "public, max-age=31536000, immutable"},
		{"/js/plain.js", "br", "plain", "", "no-store"},
		{"/search/t/6162.0123456789.json.gz", "br", "index part", "", "no-store"}, // inflated by the script itself: no Content-Encoding
	}
	for _, tt := range tests {
		req, _ := http.NewRequest("GET", srv.URL+tt.path, nil)
		req.Header.Set("Accept-Encoding", tt.accept) // the client does not decode: what is on the wire
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(body) != tt.body || resp.Header.Get("Content-Encoding") != tt.encoding || resp.Header.Get("Cache-Control") != tt.cache {
			t.Errorf("%s (Accept-Encoding %q): body %q, encoding %q, cache %q; want %q, %q, %q", tt.path, tt.accept,
				body, resp.Header.Get("Content-Encoding"), resp.Header.Get("Cache-Control"), tt.body, tt.encoding, tt.cache)
		}
		if tt.path == "/calc/d6.0123456789.wasm" && resp.Header.Get("Content-Type") != "application/wasm" {
			t.Errorf("%s: Content-Type %q", tt.path, resp.Header.Get("Content-Type"))
		}
	}
}
