package site

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
)

// swList reads the service worker's file list of a built site.
func swList(t *testing.T, dest string) (version string, urls []string) {
	t.Helper()
	lists, _ := filepath.Glob(filepath.Join(dest, "sw-files.*.json"))
	if len(lists) != 1 {
		t.Fatalf("file lists: %v", lists)
	}
	b, err := os.ReadFile(lists[0])
	if err != nil {
		t.Fatal(err)
	}
	var l struct {
		Version string   `json:"version"`
		URLs    []string `json:"urls"`
	}
	if err := json.Unmarshal(b, &l); err != nil {
		t.Fatal(err)
	}
	sw, err := os.ReadFile(filepath.Join(dest, content.SwFile))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(sw), `"`+l.Version+`"`) {
		t.Errorf("sw.js does not carry version %s", l.Version)
	}
	return l.Version, l.URLs
}

// TestServiceWorkerFiles checks the service worker's version (the same
// for the same sources, new when any published file changes) and its
// list: every page and asset, without redirects and compressed siblings.
func TestServiceWorkerFiles(t *testing.T) {
	src := writeTree(t, map[string]string{
		"static/calc/x.wasm":  "\x00asm",
		"static/js/site.js":   "(function(){window.x=1})();\n",
		"static/css/site.css": strings.Repeat("body{color:red}\n", 100), // big enough for .br siblings
		"content/a/_index.md": "---\ntitle: A\n---\n",
		"content/a/page.md":   "---\ntitle: Page\naliases: [/old/]\n---\nText.\n",
	})
	dest := func() string { return filepath.Join(t.TempDir(), "public") }
	d1, d2, d3 := dest(), dest(), dest()
	for _, d := range []string{d1, d2} {
		if _, err := build(t, src, content.Options{Dest: d}); err != nil {
			t.Fatal(err)
		}
	}
	v1, urls := swList(t, d1)
	if v2, _ := swList(t, d2); v2 != v1 {
		t.Errorf("identical builds: versions %s and %s", v1, v2)
	}
	for _, want := range []string{"/", "/a/", "/a/page/", "/404.html"} {
		if !slices.Contains(urls, want) {
			t.Errorf("list lacks %s: %v", want, urls)
		}
	}
	for _, prefix := range []string{"/css/site.", "/js/site.", "/search/"} {
		if !slices.ContainsFunc(urls, func(u string) bool { return strings.HasPrefix(u, prefix) }) {
			t.Errorf("list has nothing under %s: %v", prefix, urls)
		}
	}
	if !slices.ContainsFunc(urls, func(u string) bool { return strings.HasSuffix(u, ".json.gz") }) {
		t.Errorf("list lacks the search index's shards: %v", urls)
	}
	for _, u := range urls {
		sibling := (strings.HasSuffix(u, ".br") || strings.HasSuffix(u, ".gz")) && !strings.HasPrefix(u, "/search/") // the index's own .gz files count
		if u == "/old/" || sibling || u == "/sw.js" || u == "/sitemap.xml" || strings.HasSuffix(u, ".wasm") {
			t.Errorf("list has %s", u)
		}
	}
	if err := os.WriteFile(filepath.Join(src, "content/a/page.md"), []byte("---\ntitle: Page\naliases: [/old/]\n---\nText, edited.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := build(t, src, content.Options{Dest: d3}); err != nil {
		t.Fatal(err)
	}
	if v3, _ := swList(t, d3); v3 == v1 {
		t.Errorf("version %s unchanged after a page changed", v1)
	}
}

// TestServiceWorkerModules (issue 34, item 3): the worker saves every
// calculator module with the site (MODULES in sw.js, apart from the file
// list) while they fit the site's budget, and none past it (each
// calculator then offers to save itself).
func TestServiceWorkerModules(t *testing.T) {
	src := writeTree(t, map[string]string{
		"static/calc/a.wasm":  "\x00asm" + strings.Repeat("a", 3000),
		"static/calc/b.wasm":  "\x00asm" + strings.Repeat("b", 3000),
		"static/js/site.js":   "(function(){window.x=1})();\n",
		"content/_index.md":   "---\ntitle: Home\n---\n",
		"content/a/_index.md": "---\ntitle: A\n---\n",
	})
	modules := func(budget int64) string {
		t.Helper()
		dest := filepath.Join(t.TempDir(), "public")
		if _, err := build(t, src, content.Options{Dest: dest, ModuleBudget: budget}); err != nil {
			t.Fatal(err)
		}
		sw, err := os.ReadFile(filepath.Join(dest, content.SwFile))
		if err != nil {
			t.Fatal(err)
		}
		i := strings.Index(string(sw), "MODULES=")
		if i < 0 {
			t.Fatalf("sw.js has no MODULES: %.200s", sw)
		}
		return string(sw[i : i+strings.IndexByte(string(sw[i:]), ']')+1])
	}
	got := modules(0)
	if !strings.Contains(got, `"/calc/a.`) || !strings.Contains(got, `"/calc/b.`) || !strings.Contains(got, `.wasm"`) {
		t.Errorf("within the budget: %s, want both modules", got)
	}
	if got := modules(10); got != "MODULES=[]" {
		t.Errorf("past a budget of 10 bytes: %s, want none", got)
	}
}
