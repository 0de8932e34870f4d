package site

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// awkwardNames are file and folder names that a URL must encode: the
// characters of issue 22 (? # % space + & ') and text that is not ASCII.
var awkwardNames = map[string]string{
	"content/q?x#y%2e.md":          "---\ntitle: Query\naliases: [\"/old q?#/\", \"/was%20here/\"]\n---\n\n## Part\n\n[plus](a+b&c.md#part), [quote](it's.md), [home](_index.md)\n",
	"content/a+b&c.md":             "---\ntitle: Plus\n---\n\n## Part\n\n[query](q%3Fx%23y%252e.md#part), [map](100%25%20sure/map%20%231.png), ![map](<100%25 sure/map %231.png>)\n",
	"content/it's.md":              "---\ntitle: Quote\n---\n\n[root link](/q%3Fx%23y%252e/#part) [folder](/100%25-sure/)\n",
	"content/100% sure/_index.md":  "---\ntitle: Sure\n---\n\n[up](../q%3Fx%23y%252e.md)\n",
	"content/100% sure/Été dés.md": "---\ntitle: Été\n---\n\n[sibling](日本語.md)\n",
	"content/100% sure/日本語.md":     "---\ntitle: Japanese\n---\n\n[back](<Été dés.md>)\n",
	"content/100% sure/map #1.png": "png",
	"static/files/a b#c?.txt":      "static",
	"content/_index.md":            "---\ntitle: Home\n---\n\n[static](/files/a b#c?.txt) [static2](/files/a%20b%23c%3F.txt)\n",
}

// TestAwkwardNamesRoundTrip is issue 22, item 10: URLs are
// percent-encoded wherever sitegen writes them (pages, navigation,
// breadcrumbs, canonical links, redirects, sitemap.xml, the search index,
// the service worker's list), so that through a real server (Go's
// http.FileServer) every URL of the built site reaches a file.
func TestAwkwardNamesRoundTrip(t *testing.T) {
	dir := t.TempDir()
	dest := filepath.Join(dir, "public")
	srv := httptest.NewServer(http.FileServer(http.Dir(dest)))
	defer srv.Close()
	files := map[string]string{"site.toml": "title = \"T\"\nbaseURL = \"" + srv.URL + "/\"\n"}
	for k, v := range awkwardNames {
		files[k] = v
	}
	src := writeTree(t, files)
	if _, err := build(t, src, content.Options{Dest: dest}); err != nil {
		t.Fatal(err)
	}
	// The raw characters never reach an href: "?" and "#" would cut the path.
	page, err := os.ReadFile(filepath.Join(dest, "q?x#y%2e", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`href="/q%3Fx%23y%252e/"`, `href="/a+b&amp;c/#part"`, `href="/it%27s/"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("q?x#y%%2e page has no %s", want)
		}
	}
	checked, broken := sitetest.Crawl(t, dest, srv.URL+"/")
	for _, b := range broken {
		t.Error("broken: " + b)
	}
	if checked < 100 {
		t.Errorf("only %d URLs checked", checked)
	}
}

// TestControlCharacterNames is issue 22, item 10: a file name with a
// newline or another control character cannot be a URL; the build fails
// naming the file (escaped), and the previous output stays.
func TestControlCharacterNames(t *testing.T) {
	for _, name := range []string{"content/a\nb.md", "content/tab\there/x.md", "content/bell\a.png", "static/del\x7f.txt", "content/bad\xffutf8.md"} {
		t.Run(strings.ToValidUTF8(name, "?"), func(t *testing.T) {
			src := writeTree(t, map[string]string{"content/ok.md": "# OK\n"})
			if _, err := build(t, src, content.Options{}); err != nil {
				t.Fatal(err)
			}
			before := readTree(t, filepath.Join(src, "public"))
			sitetest.WriteFiles(t, src, map[string]string{name: "# X\n"})
			_, err := build(t, src, content.Options{})
			var diags content.Diagnostics
			if !errors.As(err, &diags) || len(diags) != 1 {
				t.Fatalf("err = %v, want one diagnostic", err)
			}
			if d := diags[0]; d.File != content.ShowName(name) || strings.ContainsAny(d.String(), "\n\t\a\x7f") || !strings.Contains(d.Msg, "rename") {
				t.Errorf("diagnostic %q, want one naming %q", d, content.ShowName(name))
			}
			if after := readTree(t, filepath.Join(src, "public")); !mapsEqual(before, after) {
				t.Error("failed build changed the previous output")
			}
		})
	}
	// An alias is a URL too.
	src := writeTree(t, map[string]string{"content/a.md": "---\ntitle: A\naliases: [\"/x%0Ay/\"]\n---\n"})
	_, err := build(t, src, content.Options{})
	var diags content.Diagnostics
	if !errors.As(err, &diags) || len(diags) != 1 || diags[0].File != "content/a.md" || diags[0].Field != "aliases" {
		t.Errorf("alias with a newline: %v", err)
	}
}
