package site

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestKilledCommits: incremental builds that bring the output up to date
// in place (commit.go), killed with SIGKILL (a real child process each),
// some at random moments and some as soon as their journal appears (in
// the middle of the commit). After each kill, what the next build does
// first (finishCommit) leaves the output whole: the site before the
// killed build or the site it was building, byte for byte as a build
// without a cache makes them, never a mix. Each edit renames the title of
// a page in the navigation, so every page changes and a commit has
// hundreds of files to move; the next build then matches a build without
// a cache, and leaves nothing beside the output but its spare.
func TestKilledCommits(t *testing.T) {
	if os.Getenv(envChildBuild) != "" {
		t.Skip("the child build")
	}
	files := map[string]string{}
	for i := range 120 {
		files[fmt.Sprintf("content/s%d/p%d.md", i%6, i)] = fmt.Sprintf("---\ntitle: Page %d\n---\n\n## Part\n\nText %d, see [page 1](../s1/p1.md).\n", i, i)
	}
	src := writeTree(t, files)
	parent := t.TempDir()
	dest, cache := filepath.Join(parent, "site"), t.TempDir()
	opts := content.Options{Source: src, Dest: dest, CacheDir: cache, ReuseBuild: true, Handlers: map[string]markup.BlockHandler{"fake": fakeHandler()}}
	incremental := func() Result {
		t.Helper()
		res, err := Build(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		res.Cleanup()
		return res
	}
	clean := func() map[string]string {
		t.Helper()
		o := opts
		o.CacheDir, o.ReuseBuild, o.Dest = "-", false, filepath.Join(t.TempDir(), "clean")
		if _, err := build(t, src, o); err != nil {
			t.Fatal(err)
		}
		return publishedTree(t, o.Dest)
	}
	incremental()
	if res := incremental(); !res.InPlace {
		t.Fatalf("a second incremental build was not made in place: %+v", res.Cache)
	}
	child := func() *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^TestChildBuild$")
		cmd.Env = append(os.Environ(), envChildBuild+"="+src+"\n"+dest+"\n"+cache)
		return cmd
	}
	start := time.Now()
	incremental()
	whole := time.Since(start)
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 35))
	caught, kills := 0, 10
	if testing.Short() {
		kills = 4
	}
	for i := range kills {
		write(t, src, "content/s1/p1.md", fmt.Sprintf("---\ntitle: Page one, version %d\n---\n\nText.\n", i))
		if i%4 == 3 {
			remove(t, src, fmt.Sprintf("content/s2/p%d.md", 2+6*i)) // files the next commit removes
		}
		before, want := publishedTree(t, dest), clean()
		if err := os.Remove(journalPath(dest)); err == nil {
			t.Fatal("a journal was left by the last build")
		}
		cmd := child()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 { // as soon as the commit has begun
			for deadline := time.Now().Add(20 * whole); time.Now().Before(deadline); {
				if _, err := os.Lstat(journalPath(dest)); err == nil {
					break
				}
			}
		} else {
			time.Sleep(time.Duration(rng.Int64N(2 * int64(whole))))
		}
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
		if _, err := os.Lstat(journalPath(dest)); err == nil {
			caught++
		}
		if err := finishCommit(dest); err != nil {
			t.Fatalf("kill %d: %v", i, err)
		}
		got := publishedTree(t, dest)
		if !maps.Equal(got, before) && !maps.Equal(got, want) {
			t.Fatalf("kill %d: the output is neither the site before the build nor the one it built: %s",
				i, treeDiff(got, want))
		}
		if res := incremental(); t.Failed() {
			t.Fatalf("kill %d: %+v", i, res)
		}
		if got := publishedTree(t, dest); !maps.Equal(got, want) {
			t.Fatalf("kill %d: the build after it differs from a build without a cache: %s", i, treeDiff(got, want))
		}
	}
	if caught == 0 {
		t.Error("no kill landed in the middle of a commit")
	}
	entries, err := os.ReadDir(parent)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "site" && e.Name() != ".site.spare" && e.Name() != ".site.lock" {
			t.Errorf("left beside the output: %s", e.Name())
		}
	}
	t.Logf("%d of %d kills in the middle of a commit (a build takes %v)", caught, kills, whole)
}

// TestCommitLeavesWhatIsNotItsOwn: an in-place commit removes only files
// the last build published and this one does not: a file put into the
// output by hand stays (with the folder holding it), and nothing is
// removed through a symbolic link put in place of a page's folder, nor
// the hidden files and CNAME a full build keeps too.
func TestCommitLeavesWhatIsNotItsOwn(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/a.md":     "---\ntitle: A\n---\n\nText.\n",
		"content/b/one.md": "---\ntitle: One\n---\n\nText.\n",
		"content/c/two.md": "---\ntitle: Two\n---\n\nText.\n",
		"static/CNAME":     "example.org\n",
	})
	dest, elsewhere := filepath.Join(t.TempDir(), "site"), t.TempDir()
	opts := content.Options{Source: src, Dest: dest, CacheDir: t.TempDir(), ReuseBuild: true}
	for range 2 {
		if _, err := build(t, src, opts); err != nil {
			t.Fatal(err)
		}
	}
	mine := filepath.Join(dest, "b", "one", "notes.txt")
	sitetest.WriteFiles(t, dest, map[string]string{"b/one/notes.txt": "mine\n", ".well-known/x": "mine\n"})
	// c/two becomes a link to a folder of the user's holding an index.html.
	sitetest.WriteFiles(t, elsewhere, map[string]string{"index.html": "mine\n"})
	if err := os.RemoveAll(filepath.Join(dest, "c", "two")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(dest, "c", "two")); err != nil {
		t.Fatal(err)
	}
	remove(t, src, "content/b/one.md")
	remove(t, src, "content/c/two.md")
	remove(t, src, "static/CNAME")
	res, err := build(t, src, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !res.InPlace || res.Removed == 0 {
		t.Fatalf("InPlace %v, Removed %d: want the commit in place, removing the two pages", res.InPlace, res.Removed)
	}
	for _, p := range []string{mine, filepath.Join(dest, ".well-known", "x"), filepath.Join(elsewhere, "index.html"), filepath.Join(dest, "CNAME")} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dest, "b", "one", "index.html")); err == nil {
		t.Error("b/one/index.html: the removed page's file is still published")
	}
}

// TestSameListed: an Update makes sitemap.xml again only when the pages it
// lists, or their order, changed (sameListed).
func TestSameListed(t *testing.T) {
	page := func(sp string) *content.Page { return &content.Page{SitePath: sp} }
	a, b, c := page("/a/"), page("/b/"), page("/c/")
	cp, hidden := &content.Page{SitePath: "/copy/", Copy: true}, &content.Page{SitePath: "/h/", Unlisted: "unlisted: true"}
	for _, tc := range []struct {
		name     string
		was, now []*content.Page
		same     bool
	}{
		{"same", []*content.Page{a, b}, []*content.Page{page("/a/"), page("/b/")}, true},
		{"a copy and an unlisted page do not count", []*content.Page{a, cp, b}, []*content.Page{hidden, a, b}, true},
		{"moved", []*content.Page{a, b}, []*content.Page{a, c}, false},
		{"reordered", []*content.Page{a, b}, []*content.Page{b, a}, false},
		{"added", []*content.Page{a}, []*content.Page{a, b}, false},
		{"removed", []*content.Page{a, b}, []*content.Page{a}, false},
		{"unlisted now", []*content.Page{a, b}, []*content.Page{a, {SitePath: "/b/", Unlisted: "sitemap: false"}}, false},
	} {
		if got := sameListed(tc.was, tc.now); got != tc.same {
			t.Errorf("%s: sameListed = %v, want %v", tc.name, got, tc.same)
		}
	}
}

// TestCommitAfterOtherWrites: an incremental build commits in place only
// into the output the build it records left. A build without the cache in
// between (whose swaps can bring back the very marker file an earlier
// output had) or serve's writes into the output make the next one full,
// so that nothing they published stays behind (a page removed since).
func TestCommitAfterOtherWrites(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/a.md": "---\ntitle: A\n---\n\nText.\n",
		"content/b.md": "---\ntitle: B\n---\n\nText.\n",
	})
	dest, cache := filepath.Join(t.TempDir(), "site"), t.TempDir()
	inc := content.Options{Source: src, Dest: dest, CacheDir: cache, ReuseBuild: true}
	full := content.Options{Source: src, Dest: dest, CacheDir: "-"}
	clean := func() map[string]string {
		t.Helper()
		o := content.Options{Dest: filepath.Join(t.TempDir(), "clean"), CacheDir: "-"}
		if _, err := build(t, src, o); err != nil {
			t.Fatal(err)
		}
		return publishedTree(t, o.Dest)
	}
	step := func(o content.Options) Result {
		t.Helper()
		res, err := build(t, src, o)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	step(inc)
	if !step(inc).InPlace {
		t.Fatal("the second incremental build was not made in place")
	}
	write(t, src, "content/x.md", "---\ntitle: X\n---\n\nOnly in the builds without the cache.\n")
	step(full)
	step(full) // the spare of the first swap, with its marker, is the output again
	remove(t, src, "content/x.md")
	if res := step(inc); res.InPlace {
		t.Error("an incremental build after builds without the cache was made in place")
	}
	if got, want := publishedTree(t, dest), clean(); !maps.Equal(got, want) {
		t.Errorf("after builds without the cache: %s", treeDiff(got, want))
	}

	// serve's writes: an Update into the output of a build with the cache.
	s, _, err := BuildSite(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: cache, ReuseBuild: true, Theme: theme})
	if err != nil {
		t.Fatal(err)
	}
	write(t, src, "content/a.md", "---\ntitle: A\n---\n\nText, edited under serve.\n")
	if u, err := s.Update(context.Background(), []string{"content/a.md"}); err != nil || u.Full {
		t.Fatalf("Update = %+v, %v", u, err)
	}
	if res := step(inc); res.InPlace {
		t.Error("an incremental build after serve's writes into its output was made in place")
	}
	if got, want := publishedTree(t, dest), clean(); !maps.Equal(got, want) {
		t.Errorf("after serve's writes: %s", treeDiff(got, want))
	}
}

// TestFinishCommitRemovesJournalTemp: a build killed while it wrote its
// commit journal leaves the journal's temporary file beside the output
// (TestKilledCommits caught ".tmp-585696541" once in ten kills, eval14B):
// the commit never began, so the next build removes it, and only it:
// another file of the folder that looks alike stays.
func TestFinishCommitRemovesJournalTemp(t *testing.T) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "site")
	if err := os.Mkdir(dest, 0o755); err != nil {
		t.Fatal(err)
	}
	stray := journalTemp(dest, "585696541")
	theirs := filepath.Join(parent, ".tmp-585696541")
	for _, f := range []string{stray, theirs} {
		if err := os.WriteFile(f, []byte("{"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := finishCommit(dest); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(stray); err == nil {
		t.Errorf("the journal's temporary file %s is left", filepath.Base(stray))
	}
	if _, err := os.Lstat(theirs); err != nil {
		t.Errorf("a file not the build's own was removed: %v", err)
	}
}
