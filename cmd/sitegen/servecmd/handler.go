package servecmd

import (
	"bytes"
	_ "embed"
	"fmt"
	"html"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path"
	"regexp"
	"strings"
)

// Paths the development server keeps for itself; the site cannot use them.
const (
	eventsPath = "/__sitegen/events"
	scriptPath = "/__sitegen/livereload.js"
)

//go:embed livereload.js
var liveReloadJS string

// contentType returns the Content-Type for a file name, "" if unknown
// (http.ServeContent then sniffs the content). The types that matter for
// the site are fixed here, whatever the system's MIME tables say
// (WebAssembly streaming compilation requires application/wasm).
func contentType(name string) string {
	switch ext := strings.ToLower(path.Ext(name)); ext {
	case ".html":
		return "text/html; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".json":
		return "application/json"
	case ".wasm":
		return "application/wasm"
	case ".xml":
		return "application/xml; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".txt":
		return "text/plain; charset=utf-8"
	default:
		return mime.TypeByExtension(ext)
	}
}

// newHandler serves the site published in dir, the live-reload script and
// the event stream. Every response is marked no-store, except
// content-hashed assets, which never change under their name; those are
// sent as their precompressed .br or .gz sibling when the client accepts
// it, as a production server should (see the README). HTML responses get
// the live-reload script injected before </body>; the files on disk are
// left alone, so production output never carries it.
//
// Only files inside dir are served: paths with ".." segments, backslashes
// or NUL bytes are refused (also when percent-encoded), hidden names are
// not found, symbolic links cannot lead out (os.Root), and a folder is
// served only through its index.html, never as a listing. dir is opened
// per request, so a build swapped into place is served at once.
func newHandler(dir string, h *hub) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		switch r.URL.Path {
		case eventsPath:
			h.ServeHTTP(w, r)
			return
		case scriptPath:
			w.Header().Set("Content-Type", contentType(scriptPath))
			_, _ = io.WriteString(w, liveReloadJS)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		serveSite(w, r, dir, h)
	})
}

// cleanPath checks a request path and returns the slash-separated name
// of the file inside the site ("." for the root), or ok false if the path
// tries to leave the site or names something hidden.
func cleanPath(p string) (name string, ok bool) {
	if !strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00") {
		return "", false
	}
	for _, seg := range strings.Split(p[1:], "/") {
		if seg == ".." || (seg != "." && strings.HasPrefix(seg, ".")) {
			return "", false
		}
	}
	name = strings.TrimPrefix(path.Clean(p), "/")
	if name == "" {
		name = "."
	}
	return name, true
}

// serveSite answers a GET or HEAD for a file of the site in dir.
func serveSite(w http.ResponseWriter, r *http.Request, dir string, h *hub) {
	name, ok := cleanPath(r.URL.Path)
	if !ok {
		notFound(w, r, dir, h)
		return
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		notFound(w, r, dir, h)
		return
	}
	defer root.Close()
	info, err := root.Stat(name)
	if err == nil && info.IsDir() {
		if !strings.HasSuffix(r.URL.Path, "/") {
			// "?" or "#" in a name stay in the path; leading slashes are
			// one, since "//docs/" would name the host "docs".
			target := "/" + strings.TrimLeft(r.URL.EscapedPath(), "/") + "/"
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			// 302, not 301: browsers cache permanent redirects, and a
			// folder may become a page while authoring.
			http.Redirect(w, r, target, http.StatusFound)
			return
		}
		name = path.Join(name, "index.html")
		info, err = root.Stat(name)
	} else if err != nil && name != "." && path.Ext(name) == "" && !strings.HasSuffix(r.URL.Path, "/") {
		// A page written as a file (Jekyll's permalink: /hex is hex.html,
		// mdBook's chapters, VitePress without cleanUrls) is served at its
		// URL without the extension too, as the tools' own servers and
		// GitHub Pages serve it: "the web server must be able to map
		// requests without file extensions to these files. Both GitHub
		// Pages and the Jekyll's built-in WEBrick server handle these
		// requests" (https://jekyllrb.com/docs/permalinks/#extensionless-permalinks).
		if fi, ferr := root.Stat(name + ".html"); ferr == nil && fi.Mode().IsRegular() {
			name, info, err = name+".html", fi, nil
		}
	}
	if err != nil || !info.Mode().IsRegular() {
		notFound(w, r, dir, h)
		return
	}
	f, err := root.Open(name)
	if err != nil {
		notFound(w, r, dir, h)
		return
	}
	defer f.Close()
	ctype := contentType(name)
	if ctype != "" {
		w.Header().Set("Content-Type", ctype)
	}
	if strings.HasPrefix(ctype, "text/html") {
		body, err := readAll(f, info.Size())
		if err != nil {
			http.Error(w, "read error", http.StatusInternalServerError)
			return
		}
		writeHTML(w, r, http.StatusOK, inject(body, h))
		return
	}
	if hashedAsset.MatchString(name) {
		// The name holds a hash of the content: it never changes.
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	}
	if sib, enc := precompressed(root, name, r.Header.Get("Accept-Encoding")); sib != nil {
		defer sib.Close()
		w.Header().Set("Content-Encoding", enc)
		w.Header().Add("Vary", "Accept-Encoding")
		http.ServeContent(w, r, name, info.ModTime(), sib)
		return
	}
	if _, err := root.Stat(name + ".br"); err == nil {
		w.Header().Add("Vary", "Accept-Encoding")
	}
	http.ServeContent(w, r, name, info.ModTime(), f)
}

// hashedAsset matches the published name of a content-hashed asset
// ("css/site.1a2b3c4d5e.css", "calc/opend6.1a2b3c4d5e.wasm").
var hashedAsset = regexp.MustCompile(`\.[0-9a-f]{10}\.(css|js|mjs|wasm)$`)

// precompressed opens the .br or .gz sibling of name that the build wrote,
// when the client accepts that encoding (brotli first), and returns it with
// the encoding's name; nil when there is none to send.
func precompressed(root *os.Root, name, accept string) (*os.File, string) {
	for _, enc := range []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !accepts(accept, enc.token) {
			continue
		}
		if f, err := root.Open(name + enc.ext); err == nil {
			return f, enc.token
		}
	}
	return nil, ""
}

// accepts reports whether an Accept-Encoding header allows the coding
// (listed without q=0).
func accepts(header, coding string) bool {
	for _, part := range strings.Split(header, ",") {
		tok, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(tok), coding) {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// readAll reads a file of known size.
func readAll(f fs.File, size int64) ([]byte, error) {
	var b bytes.Buffer
	b.Grow(int(size) + 512)
	_, err := b.ReadFrom(f)
	return b.Bytes(), err
}

// writeHTML writes an HTML body with its length.
func writeHTML(w http.ResponseWriter, r *http.Request, code int, body []byte) {
	w.Header().Set("Content-Type", contentType(".html"))
	w.Header().Set("Content-Length", fmt.Sprint(len(body)))
	w.WriteHeader(code)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// notFound answers with the site's 404.html (or, before the first good
// build, a placeholder page) and status 404, live-reload script included
// so that the page follows the next build.
func notFound(w http.ResponseWriter, r *http.Request, dir string, h *hub) {
	if to := h.movedTo(r.URL.Path); to != "" {
		// A page that moved while serving (renamed in the editor): its
		// old URL leads to it, as the browser on it follows it.
		http.Redirect(w, r, to, http.StatusFound)
		return
	}
	var body []byte
	if root, err := os.OpenRoot(dir); err == nil {
		if r.URL.Path == "/" {
			body = siteList(root)
		}
		if body == nil {
			body, _ = root.ReadFile("404.html")
		}
		root.Close()
	}
	if body == nil {
		body = []byte("<!doctype html><html><head><meta charset=utf-8><title>Not found</title></head><body>" +
			"<h1>Not found</h1><p>" + html.EscapeString(r.URL.Path) + " is not part of the site" +
			" (or there has been no successful build yet).</p></body></html>")
	}
	writeHTML(w, r, http.StatusNotFound, inject(body, h))
}

// inject inserts the live-reload script tag before the last </body>, or
// at the end when there is none. The tag carries the server instance and
// build number the page belongs to, so the script can tell a stale page.
func inject(page []byte, h *hub) []byte {
	build, _ := h.state()
	tag := fmt.Sprintf(`<script src="%s" data-instance="%s" data-build="%d"></script>`, scriptPath, h.instance, build)
	i := bytes.LastIndex(bytes.ToLower(page), []byte("</body>"))
	if i < 0 {
		return append(page, tag...)
	}
	out := make([]byte, 0, len(page)+len(tag))
	out = append(out, page[:i]...)
	out = append(out, tag...)
	return append(out, page[i:]...)
}

// siteList is the page served at the root of a published tree that has
// no home page there but sites in its folders (Hugo's multihost build,
// one folder per language's host: public/en/, public/fr/): a link to
// each folder holding an index.html; nil when there is none. The tree
// is not changed: a host serves each folder at its own root.
func siteList(root *os.Root) []byte {
	entries, err := fs.ReadDir(root.FS(), ".")
	if err != nil {
		return nil
	}
	var b bytes.Buffer
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if fi, err := root.Stat(path.Join(e.Name(), "index.html")); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		u := "/" + url.PathEscape(e.Name()) + "/"
		fmt.Fprintf(&b, "<li><a href=\"%s\">%s</a></li>", u, html.EscapeString("/"+e.Name()+"/"))
	}
	if b.Len() == 0 {
		return nil
	}
	return []byte("<!doctype html><html><head><meta charset=utf-8><title>Sites</title></head><body><h1>No page at the root</h1>" +
		"<p>This build publishes a site in each of these folders, each served at its own host's root " +
		"(links inside a site lead to that host's root, so they work on the host, not in this preview):</p><ul>" +
		b.String() + "</ul></body></html>")
}
