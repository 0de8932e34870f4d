package servecmd

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"testing"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/watch"
)

// TestBuildAfterServe: serve keeps the build cache as it goes (after each
// update is pushed, off the loop), and waits for the write when it
// exits, so `sitegen build --incremental` with serve's options
// afterwards takes every page's text and every page as loaded from it,
// the page the update changed included.
func TestBuildAfterServe(t *testing.T) {
	src := t.TempDir()
	writeFile(t, src, "site.toml", "title = \"Rules\"\nbaseURL = \"https://rules.test/\"\n")
	writeFile(t, src, "content/_index.md", "# Rules\n\nSee [combat](combat.md) and [magic](magic.md).\n")
	writeFile(t, src, "content/combat.md", "---\ntitle: Combat\n---\n\nRoll [magic](magic.md) dice.\n")
	writeFile(t, src, "content/magic.md", "---\ntitle: Magic\n---\n\nSpells.\n")
	f := buildcmd.Flags{Source: src, Dest: filepath.Join(t.TempDir(), "public"), CacheDir: t.TempDir()}
	opts := serveOptions(f)
	var out bytes.Buffer
	srv := &server{opts: opts, out: &out, err: &out, hub: newHub("test"), pending: map[string]kind{}}
	srv.rebuild(context.Background())
	writeFile(t, src, "content/combat.md", "---\ntitle: Combat\n---\n\nRoll [magic](magic.md) dice, twice.\n")
	batches, done := make(chan watch.Batch), make(chan struct{})
	go func() { srv.loop(context.Background(), batches); close(done) }()
	batches <- watch.Batch{{Path: "content/combat.md", Op: watch.Write}}
	close(batches) // serve stops: the loop returns once the cache is written
	<-done
	if !regexp.MustCompile(`(?m)^updated content/combat\.md`).Match(out.Bytes()) {
		t.Fatalf("serve did not update the page:\n%s", out.String())
	}
	build := opts
	build.Incremental = false // sitegen build --incremental --broken-links warn
	res, err := site.Build(context.Background(), build)
	if err != nil {
		t.Fatal(err)
	}
	res.Cleanup()
	m := regexp.MustCompile(`^build cache: (\d+) of (\d+) pages' text reused, (\d+) pages not read again`).FindStringSubmatch(res.Cache)
	if m == nil || m[1] != m[2] || m[3] != m[2] {
		t.Errorf("Cache = %q, want every page's text reused and none read again after serve", res.Cache)
	}
}
