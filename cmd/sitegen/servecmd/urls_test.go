package servecmd

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestAwkwardNamesServed is issue 22, item 10, through the development
// server's own handler: pages named with ? # % space + & ' and text that
// is not ASCII are reached by every URL the site writes, and a folder
// asked for without its last slash is redirected with its name still
// encoded.
func TestAwkwardNamesServed(t *testing.T) {
	src := t.TempDir()
	dest := filepath.Join(src, "public")
	h := newHub("inst")
	srv := httptest.NewServer(newHandler(dest, h))
	defer srv.Close()
	sitetest.WriteFiles(t, src, map[string]string{
		"site.toml":                "title = \"T\"\nbaseURL = \"" + srv.URL + "/\"\n",
		"static/css/site.css":      "body{}",
		"content/_index.md":        "# Home\n\n[q](q%3Fx%23y%25.md) [sure](/100%25-sure/)\n",
		"content/q?x#y%.md":        "# Q\n\n[plus](<a+b&c it's.md>)\n",
		"content/a+b&c it's.md":    "# Plus\n\n[é](<100%25 sure/Été.md>)\n",
		"content/100% sure/Été.md": "---\ntitle: É\naliases: [\"/vieux été/\"]\n---\n",
	})
	if _, err := site.Build(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-"}); err != nil {
		t.Fatal(err)
	}
	checked, broken := sitetest.Crawl(t, dest, srv.URL+"/")
	for _, b := range broken {
		t.Error("broken: " + b)
	}
	if checked < 20 {
		t.Errorf("only %d URLs checked", checked)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(srv.URL + "/q%3Fx%23y%25")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusFound || loc != "/q%3Fx%23y%25/" {
		t.Errorf("folder without its slash: %d to %q, want 302 to /q%%3Fx%%23y%%25/", resp.StatusCode, loc)
	}
}
