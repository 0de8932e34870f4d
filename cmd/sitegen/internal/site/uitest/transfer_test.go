package uitest

import (
	"context"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/testing/corpus"
)

// Budgets of a first search (engine, index and the result list's text),
// in bytes transferred compressed.
const (
	firstQueryBundled = 50 << 10
	firstQueryCorpus  = 300 << 10
)

// firstQueryBytes opens path in a new tab (empty cache), runs one query
// and returns what the search fetched, in bytes as served compressed
// (the .br sibling of the script and index.json, or whole: the index's
// other files are published gzip-compressed, and files under 1 KB have no
// sibling), by URL.
func firstQueryBytes(t *testing.T, dir, base, path, q string) (int, map[string]int) {
	t.Helper()
	ctx := newTab(t, desktopW, desktopH)
	open(t, ctx, base, path)
	query(t, ctx, q)
	names := eval[[]string](t, ctx, `performance.getEntriesByType("resource").map(e => e.name).filter(n => /\/search\/|\/js\/search\./.test(n))`)
	total, files := 0, map[string]int{}
	for _, n := range names {
		u, err := url.Parse(n)
		if err != nil {
			t.Fatal(err)
		}
		f := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(u.Path, "/")))
		size := 0
		if fi, err := os.Stat(f + ".br"); err == nil {
			size = int(fi.Size())
		} else if fi, err := os.Stat(f); err == nil {
			size = int(fi.Size())
		} else {
			t.Errorf("%s: fetched but not in the site: %v", u.Path, err)
		}
		files[u.Path] += size
		total += size
	}
	return total, files
}

// TestSearchTransferBundled checks that a first query on the bundled site
// transfers under 50 KB (engine, index, shards and result text).
func TestSearchTransferBundled(t *testing.T) {
	logIndexSize(t, bundled)
	base := browser.Serve(t, bundled)
	for _, q := range []string{"wild die", "damage", "critical hit", "initiative", "armor"} {
		total, files := firstQueryBytes(t, bundled, base, "/", q)
		t.Logf("bundled site, first query %q: %d B in %d files", q, total, len(files))
		if total > firstQueryBundled {
			t.Errorf("first query %q transferred %d B, budget %d: %v", q, total, firstQueryBundled, files)
		}
		if len(files) < 3 {
			t.Errorf("first query %q fetched only %v", q, files)
		}
	}
}

// TestSearchTransferCorpus builds the 5,000-page synthetic corpus with the
// site's scripts and checks that a first query transfers under 300 KB.
func TestSearchTransferCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 5,000 pages; skipped with -short")
	}
	src := t.TempDir()
	if err := corpus.Generate(src, 5000, 1); err != nil {
		t.Fatal(err)
	}
	root, err := browser.FindRepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"css/site.css", "js/site.js", "js/search.js"} {
		b, err := os.ReadFile(filepath.Join(root, "static", filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(src, "static", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dest := filepath.Join(t.TempDir(), "public")
	res, err := site.Build(context.Background(), content.Options{Source: src, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("corpus: %d pages in %v", res.Pages, res.Duration)
	logIndexSize(t, dest)
	base := browser.Serve(t, dest)
	for _, q := range []string{"wild die", "damage", "critical", "stamina wound", "initiative"} {
		total, files := firstQueryBytes(t, dest, base, "/section-001/page-00050/", q)
		t.Logf("5,000 pages, first query %q: %d B in %d files", q, total, len(files))
		if total > firstQueryCorpus {
			t.Errorf("first query %q transferred %d B, budget %d", q, total, firstQueryCorpus)
		}
	}
}

// logIndexSize logs the size of the whole search index of the site in
// dir: its files and the bytes a browser would download for all of them
// (index.json as its .br sibling, the rest as published, gzip-compressed).
func logIndexSize(t *testing.T, dir string) {
	t.Helper()
	files, size := 0, int64(0)
	err := filepath.WalkDir(filepath.Join(dir, "search"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".br") || strings.HasSuffix(p, "index.json.gz") {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		files++
		if b, err := os.Stat(p + ".br"); err == nil {
			size += b.Size()
		} else {
			size += fi.Size()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("search index: %d files, %d B compressed", files, size)
}
