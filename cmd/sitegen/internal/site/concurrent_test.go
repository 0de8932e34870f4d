package site

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/site/content"
)

// TestConcurrentBuilds: two builds of different sites into one
// destination at once (two processes) publish one of the two sites
// whole, never a mix (issue 22, fault 3).
func TestConcurrentBuilds(t *testing.T) {
	if os.Getenv(envChildBuild) != "" {
		t.Skip("the child build")
	}
	site := func(v string) string {
		files := map[string]string{}
		for i := range 300 {
			files[fmt.Sprintf("content/s%d/p%d.md", i%10, i)] = fmt.Sprintf("---\ntitle: Page %d\n---\n\nText %d of %s.\n", i, i, v)
		}
		if v == "v2" {
			files["content/only-v2.md"] = "---\ntitle: Only in v2\n---\n"
		}
		return writeTree(t, files)
	}
	srcs := []string{site("v1"), site("v2")}
	var fresh []map[string]string
	for _, src := range srcs {
		dest := filepath.Join(t.TempDir(), "out")
		if _, err := build(t, src, content.Options{Dest: dest, CacheDir: "-"}); err != nil {
			t.Fatal(err)
		}
		fresh = append(fresh, readTree(t, dest))
	}
	dest := filepath.Join(t.TempDir(), "public")
	pairs := 8
	if testing.Short() {
		pairs = 2
	}
	for pair := range pairs {
		var cmds []*exec.Cmd
		for _, src := range srcs {
			cmd := exec.Command(os.Args[0], "-test.run=^TestChildBuild$")
			cmd.Env = append(os.Environ(), envChildBuild+"="+src+"\n"+dest)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			cmds = append(cmds, cmd)
		}
		for i, cmd := range cmds {
			if err := cmd.Wait(); err != nil {
				t.Fatalf("pair %d, build of v%d: %v", pair, i+1, err)
			}
		}
		got := readTree(t, dest)
		if !mapsEqual(got, fresh[0]) && !mapsEqual(got, fresh[1]) {
			d1, d2 := treeDiff(got, fresh[0]), treeDiff(got, fresh[1])
			t.Fatalf("pair %d published a mix:\nagainst v1:\n%.600s\nagainst v2:\n%.600s", pair, d1, d2)
		}
	}
	if _, err := os.Lstat(lockPath(dest)); err == nil {
		t.Error("the lock file stays after the builds")
	}
}

// TestBuildWaitsForLock: a build into a destination another build holds
// waits for it, says which process it waits for, and then publishes;
// cancelled while it waits, it stops with the context's error (issue 22,
// fault 3).
func TestBuildWaitsForLock(t *testing.T) {
	src := writeTree(t, map[string]string{"content/a.md": "---\ntitle: A\n---\n"})
	dest := filepath.Join(t.TempDir(), "public")
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		t.Fatal(err)
	}
	unlock, err := lockDest(context.Background(), dest, nil)
	if err != nil {
		t.Fatal(err)
	}
	waiting := make(chan int, 1)
	done := make(chan error, 1)
	go func() {
		_, err := build(t, src, content.Options{Dest: dest, Waiting: func(pid int) { waiting <- pid }})
		done <- err
	}()
	select {
	case pid := <-waiting:
		if pid != os.Getpid() {
			t.Errorf("waiting for process %d, want %d", pid, os.Getpid())
		}
	case err := <-done:
		t.Fatalf("the build did not wait for the lock: %v", err)
	}
	if _, err := os.Stat(dest); err == nil {
		t.Error("the waiting build published")
	}
	unlock()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dest, "a", "index.html")); err != nil {
		t.Error("the build did not publish once the lock was free")
	}

	unlock, err = lockDest(context.Background(), dest, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	opts := content.Options{Source: src, Dest: dest, CacheDir: "-"}
	if _, err := Build(ctx, opts); err == nil || ctx.Err() == nil {
		t.Errorf("cancelled while waiting: err = %v", err)
	}
}
