package servecmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"maps"
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

// TestCacheWrittenWhenIdle: an update is pushed without writing the
// build cache, which would take the machine from the browser drawing the
// save and could hold up the next save; the loop writes it once no save
// has come for a while (idle), or a full build first (it reads it).
func TestCacheWrittenWhenIdle(t *testing.T) {
	src := t.TempDir()
	writeFile(t, src, "site.toml", "title = \"Rules\"\nbaseURL = \"https://rules.test/\"\n")
	writeFile(t, src, "content/_index.md", "# Rules\n\nSee [combat](combat.md).\n")
	writeFile(t, src, "content/combat.md", "---\ntitle: Combat\n---\n\nRoll dice.\n")
	cache := t.TempDir()
	f := buildcmd.Flags{Source: src, Dest: filepath.Join(t.TempDir(), "public"), CacheDir: cache}
	srv := &server{opts: serveOptions(f), out: io.Discard, err: io.Discard, hub: newHub("test"), pending: map[string]kind{}}
	ctx := context.Background()
	srv.rebuild(ctx)
	srv.waitCache()
	files := func() map[string]string { // each file of the cache folder: its size and time
		t.Helper()
		m := map[string]string{}
		err := filepath.WalkDir(cache, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			m[p] = fmt.Sprint(info.Size(), info.ModTime().UnixNano())
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for i, step := range []struct {
		name  string
		flush func()
	}{{"idle", srv.idle}, {"full build", func() { srv.full = true; srv.pending["content/_index.md"] = kindPage; srv.rebuild(ctx) }}} {
		before := files()
		writeFile(t, src, "content/combat.md", fmt.Sprintf("---\ntitle: Combat\n---\n\nRoll dice, edit %d.\n", i))
		srv.apply(ctx, watch.Batch{{Path: "content/combat.md", Op: watch.Write}})
		if build, ps := srv.hub.state(); build != 2+i || ps != nil {
			t.Fatalf("%s: the update was not published: build %d, problems %v", step.name, build, ps)
		}
		srv.waitCache()
		if got := files(); !maps.Equal(got, before) {
			t.Errorf("%s: the build cache was written with the update, before the loop was idle", step.name)
		}
		step.flush()
		srv.waitCache()
		if srv.searchDone != nil {
			<-srv.searchDone // it writes in the cache folder too
		}
		if got := files(); maps.Equal(got, before) {
			t.Errorf("%s: the build cache was not written", step.name)
		}
	}
}
