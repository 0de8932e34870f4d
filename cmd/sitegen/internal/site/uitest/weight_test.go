package uitest

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/templates"
)

// pageBudget is the most CSS+JS (minified, uncompressed) a page without a
// calculator may load, service worker included, the search engine and
// index aside (they load on first use of the search box).
const pageBudget = 30 << 10

var (
	stylesheetRE = regexp.MustCompile(`<link rel="stylesheet" href="([^"]+)"`)
	scriptRE     = regexp.MustCompile(`<script src="([^"]+)"`)
)

// pageAssets returns the URLs of the stylesheets and scripts an HTML page
// loads.
func pageAssets(html string) []string {
	var urls []string
	for _, re := range []*regexp.Regexp{stylesheetRE, scriptRE} {
		for _, m := range re.FindAllStringSubmatch(html, -1) {
			urls = append(urls, m[1])
		}
	}
	return urls
}

func gzipSize(t *testing.T, data []byte) int {
	t.Helper()
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Len()
}

// TestPageWeight checks every page of the bundled site without a
// calculator against the CSS+JS budget, and that the search library and
// index are not loaded up front.
func TestPageWeight(t *testing.T) {
	checked := 0
	err := filepath.WalkDir(bundled, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		html := string(b)
		rel, _ := filepath.Rel(bundled, p)
		if strings.Contains(html, "has-calc") || strings.Contains(html, `http-equiv="refresh"`) {
			return nil // calculator pages have their own budget; redirects load nothing
		}
		raw, gz := 0, 0
		for _, u := range pageAssets(html) {
			if strings.Contains(u, "js/search.") || strings.Contains(u, "/search/") {
				t.Errorf("%s loads %s up front; the search loads it on first use", rel, u)
			}
			data, err := os.ReadFile(filepath.Join(bundled, filepath.FromSlash(strings.TrimPrefix(u, "/"))))
			if err != nil {
				t.Errorf("%s: asset %s: %v", rel, u, err)
				continue
			}
			raw += len(data)
			gz += gzipSize(t, data)
		}
		// site.js registers the service worker: its script counts too
		// (the files it caches afterwards do not: they load in the
		// background once the page has loaded).
		if strings.Contains(html, "js/site.") {
			sw, err := os.ReadFile(filepath.Join(bundled, "sw.js"))
			if err != nil {
				t.Errorf("%s: service worker: %v", rel, err)
			}
			raw += len(sw)
			gz += gzipSize(t, sw)
		}
		if raw >= pageBudget {
			t.Errorf("%s: %d bytes of CSS+JS (%d gzip), budget %d", rel, raw, gz, pageBudget)
		}
		if checked == 0 {
			t.Logf("%s: CSS+JS %d bytes, %d gzip (budget %d raw)", rel, raw, gz, pageBudget)
		}
		checked++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("no page checked")
	}
}

// TestAssetsMinified checks that the published stylesheet and script are
// minified versions of the sources.
func TestAssetsMinified(t *testing.T) {
	root, err := browser.FindRepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	html, err := os.ReadFile(filepath.Join(bundled, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"css/site.css", "js/site.js", templates.SearchLibAsset} {
		src, err := os.ReadFile(filepath.Join(root, "static", filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		base := strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
		ext := filepath.Ext(name)
		pub, err := filepath.Glob(filepath.Join(bundled, filepath.Dir(filepath.FromSlash(name)), base+".*"+ext))
		if err != nil || len(pub) != 1 {
			t.Fatalf("%s: published as %v (%v)", name, pub, err)
		}
		out, err := os.ReadFile(pub[0])
		if err != nil {
			t.Fatal(err)
		}
		if len(out) >= len(src) || bytes.Contains(out, []byte("\n  ")) {
			t.Errorf("%s: published %d bytes from %d, indentation kept: not minified", name, len(out), len(src))
		}
		rel := "/" + filepath.ToSlash(strings.TrimPrefix(pub[0], bundled+string(filepath.Separator)))
		if name != templates.SearchLibAsset && !strings.Contains(string(html), rel) {
			t.Errorf("home page does not reference %s", rel)
		}
	}
}
