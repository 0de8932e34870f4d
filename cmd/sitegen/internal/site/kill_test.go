package site

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
)

// envChildBuild makes the test binary a build to kill (see
// TestChildBuild): it holds "SOURCE" and "DEST" joined by a newline, and
// for an incremental build a third line, its cache folder.
const envChildBuild = "SITEGEN_TEST_CHILD_BUILD"

// TestChildBuild is not a test of its own: run by TestKilledBuilds with
// envChildBuild set, it is one `sitegen build`, killed at a random moment.
func TestChildBuild(t *testing.T) {
	arg := os.Getenv(envChildBuild)
	if arg == "" {
		t.Skip("run by TestKilledBuilds as the build it kills")
	}
	source, dest, _ := strings.Cut(arg, "\n")
	dest, cache, _ := strings.Cut(dest, "\n") // a cache folder: an incremental build (TestKilledCommits)
	res, err := Build(context.Background(), content.Options{Source: source, Dest: dest, CacheDir: cmp.Or(cache, "-"), ReuseBuild: cache != "",
		Handlers: map[string]markup.BlockHandler{"fake": fakeHandler()}})
	if err != nil {
		t.Fatal(err)
	}
	res.Cleanup()
}

// TestKilledBuilds: builds killed with SIGKILL at random moments (a real
// child process each) leave the output whole, old or new, and the next
// build removes every folder they left beside it: the proof that a
// staging folder is sitegen's exists from its first moment (issue 22,
// fault 5).
func TestKilledBuilds(t *testing.T) {
	if os.Getenv(envChildBuild) != "" {
		t.Skip("the child build")
	}
	files := map[string]string{}
	for i := range 200 {
		files[fmt.Sprintf("content/s%d/p%d.md", i%10, i)] = fmt.Sprintf("---\ntitle: Page %d\n---\n\n## Part\n\nText %d.\n", i, i)
	}
	src := writeTree(t, files)
	parent := t.TempDir()
	dest := filepath.Join(parent, "site")
	opts := content.Options{Dest: dest}
	if _, err := build(t, src, opts); err != nil {
		t.Fatal(err)
	}
	versions := map[string]bool{readTree(t, dest)["s0/p0/index.html"]: true}
	start := time.Now()
	child := func() *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^TestChildBuild$")
		cmd.Env = append(os.Environ(), envChildBuild+"="+src+"\n"+dest)
		return cmd
	}
	if out, err := child().CombinedOutput(); err != nil {
		t.Fatalf("child build: %v\n%s", err, out)
	}
	whole := time.Since(start)
	kills := 20
	if testing.Short() {
		kills = 6
	}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 22))
	for i := range kills {
		// Every other kill follows an edit, so the output alternates
		// between two sites and a mix of them would show.
		body := fmt.Sprintf("---\ntitle: Page 0\n---\n\n## Part\n\nText 0, version %d.\n", i)
		write(t, src, "content/s0/p0.md", body)
		cmd := child()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.Int64N(2 * int64(whole)))) // some finish: the cleanup of the next build is killed too
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
		got := readTree(t, dest)
		if _, ok := got[content.OutputMarker]; !ok || len(got) < 200 {
			t.Fatalf("kill %d: output not whole: %d files", i, len(got))
		}
		versions[got["s0/p0/index.html"]] = true
	}
	if _, err := build(t, src, opts); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(parent)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "site" && e.Name() != ".site.spare" {
			t.Errorf("left beside the output after %d kills: %s", kills, e.Name())
		}
	}
	t.Logf("%d kills within %v, %d versions published", kills, whole, len(versions))
}
