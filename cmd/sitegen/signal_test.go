package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/corpus"
)

// TestMain lets a test run this test binary as sitegen itself (see
// sitegenCommand), so that signals reach a real sitegen process.
func TestMain(m *testing.M) {
	if os.Getenv("SITEGEN_TEST_AS_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// sitegenCommand is `sitegen args...` run by this test binary.
func sitegenCommand(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "SITEGEN_TEST_AS_MAIN=1")
	return cmd
}

// TestInterruptStopsBuild is issue 22, item 9: Ctrl+C (SIGINT) in the
// middle of a long build stops it: the process exits with an error that
// says so, public/ is exactly the previous build's, and the next build
// leaves no staging folder behind. The time from the signal to the exit is
// logged (BENCHMARKS.md has figures), never asserted.
func TestInterruptStopsBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 2,000-page site twice (-short)")
	}
	src := t.TempDir()
	if err := corpus.Generate(src, 2000, 1); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(src, "public")
	cacheHome := t.TempDir() // the child's cache (XDG_CACHE_HOME/d6codex) is this one's, warm
	opts := content.Options{Source: src, Dest: dest, CacheDir: filepath.Join(cacheHome, "d6codex"), ReuseBuild: true}
	res, err := site.Build(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	res.Cleanup()
	before := treeSums(t, dest)
	// Every page changes, so a finished build would change public/.
	err = filepath.WalkDir(filepath.Join(src, "content"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		_, err = f.WriteString("\nEdited.\n")
		return errors.Join(err, f.Close())
	})
	if err != nil {
		t.Fatal(err)
	}

	cmd := sitegenCommand(t, "build", "--incremental", "--source", src, "--dest", dest)
	cmd.Env = append(cmd.Env, "XDG_CACHE_HOME="+cacheHome)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Interrupt it in the middle of rendering the pages: once its staging
	// folder holds 200 of them.
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for pagesIn(staging(t, dest), filepath.Dir(dest)) < 200 {
		select {
		case err := <-done:
			t.Fatalf("sitegen build ended (%v) before it was interrupted; stderr: %s", err, stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	sent := time.Now()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case err = <-done:
	case <-time.After(2 * time.Minute): // a hang, not a slow machine
		cmd.Process.Kill()
		t.Fatalf("sitegen build still running 2 minutes after SIGINT; stderr: %s", stderr.String())
	}
	t.Logf("exited %v after SIGINT", time.Since(sent).Round(time.Millisecond))
	if err == nil || !strings.Contains(stderr.String(), "cancelled") {
		t.Errorf("exit %v, stderr %q; want a failure that says the build was cancelled", err, stderr.String())
	}
	if after := treeSums(t, dest); !equalSums(before, after) {
		t.Error("public/ changed: an interrupted build published (part of) its output")
	}
	// What the interrupted build left, the next one removes.
	res, err = site.Build(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	res.Cleanup()
	if left := staging(t, dest); left != nil {
		t.Errorf("staging folders left after the next build: %v", left)
	}
}

// pagesIn counts the pages (index.html files) in the folders dirs of parent.
func pagesIn(dirs []string, parent string) int {
	n := 0
	for _, d := range dirs {
		_ = filepath.WalkDir(filepath.Join(parent, d), func(p string, e fs.DirEntry, err error) error {
			if err == nil && e.Name() == "index.html" {
				n++
			}
			return nil
		})
	}
	return n
}

// staging lists the staging folders beside dest.
func staging(t *testing.T, dest string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Dir(dest))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "."+filepath.Base(dest)+".staging-") {
			out = append(out, e.Name())
		}
	}
	return out
}

// treeSums maps every file under dir to the hash of its content.
func treeSums(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	sums := map[string][32]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		sums[p] = sha256.Sum256(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sums
}

func equalSums(a, b map[string][32]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
