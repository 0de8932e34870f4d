package site

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
)

// TestGeneratedSiblings: a generator's file that comes with precompressed
// siblings (name.br, name.gz) is published with those siblings as they
// are, and the build compresses nothing for it (its cache gets no entry);
// a file without them is compressed as before; siblings of a file the
// build changes (a minified script) are not used (issue 26).
func TestGeneratedSiblings(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/a.md": "---\ntitle: A\n---\n\nText.\n",
	})
	module := bytes.Repeat([]byte("\x00asm module "), 200)
	var script []byte // minified by the build: its siblings no longer match
	for i := range 200 {
		script = fmt.Appendf(script, "window.v%d  =  %d ;  // comment\n", i, i)
	}
	gen := func(context.Context, *content.Site) (map[string][]byte, error) {
		return map[string][]byte{
			"calc/x.wasm":    module,
			"calc/x.wasm.br": []byte("ready brotli"),
			"calc/x.wasm.gz": []byte("ready gzip"),
			"calc/y.wasm":    module[1:], // no siblings: compressed by the build
			"js/z.js":        script,
			"js/z.js.br":     []byte("stale brotli"),
			"js/z.js.gz":     []byte("stale gzip"),
		}, nil
	}
	cache := t.TempDir()
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := Build(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: cache, Generators: []content.Generator{gen}}); err != nil {
		t.Fatal(err)
	}
	tree := readTree(t, dest)
	find := func(prefix, suffix string) string {
		t.Helper()
		for name := range tree {
			if strings.HasPrefix(name, prefix) && strings.HasSuffix(name, suffix) {
				return name
			}
		}
		t.Fatalf("no published %s*%s", prefix, suffix)
		return ""
	}
	x := find("calc/x.", ".wasm")
	if tree[x] != string(module) || tree[x+".br"] != "ready brotli" || tree[x+".gz"] != "ready gzip" {
		t.Errorf("%s and its siblings: %q, %q (want the generator's)", x, tree[x+".br"], tree[x+".gz"])
	}
	y := find("calc/y.", ".wasm")
	if b, err := gunzipBytes([]byte(tree[y+".gz"])); err != nil || !bytes.Equal(b, module[1:]) {
		t.Errorf("%s.gz does not hold the module: %v", y, err)
	}
	z := find("js/z.", ".js")
	if tree[z+".br"] == "stale brotli" || tree[z+".gz"] == "stale gzip" {
		t.Error("siblings of a script the build minified were published")
	}
	// The siblings are not published as files of their own.
	n := 0
	for name := range tree {
		if strings.HasPrefix(name, "calc/") || strings.HasPrefix(name, "js/z.") {
			n++
		}
	}
	if n != 9 {
		t.Errorf("%d files for x, y and z, want 9 (each, its .br and its .gz)", n)
	}
	// The cache holds compressed entries for y and the script, none for x.
	entries, _ := os.ReadDir(filepath.Join(cache, "precompressed"))
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(cache, "precompressed", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(e.Name(), ".gz.9") {
			if b, _ := gunzipBytes(data); bytes.Equal(b, module) {
				t.Errorf("the build compressed x's module (cache entry %s)", e.Name())
			}
		}
	}
	if len(entries) == 0 {
		t.Error("the cache holds no compressed entry: y was not compressed by the build")
	}
}
