package wasmbuild_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"d6codex/calc/systems"
	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/wasmbuild"
)

// MaxModuleBrotli is the most a calculator's module may weigh as sites
// serve it, Brotli-compressed (issues 24 and 27: every calculator page
// downloads its game's module).
const MaxModuleBrotli = 500_000

// TestModuleSizes builds every system's module as `make sitegen` embeds it
// (wasmbuild.WriteAll: the release flags, Brotli at the level sites
// publish) and fails when one weighs more than MaxModuleBrotli. It runs in
// CI (make test); -short skips it, since it compiles and compresses every
// module (about a minute).
func TestModuleSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and compresses every system's module (about a minute); runs without -short, as in CI")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command:", err)
	}
	var ids []string
	for _, s := range systems.All() {
		ids = append(ids, s.ID)
	}
	dir := t.TempDir()
	if err := wasmbuild.WriteAll(context.Background(), browser.RepoRoot(t), t.TempDir(), dir, ids); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(wasmbuild.ModuleAsset(id)+".br")))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d bytes brotli (limit %d)", id, fi.Size(), MaxModuleBrotli)
		if fi.Size() > MaxModuleBrotli {
			t.Errorf("%s: the module weighs %d bytes brotli, over its limit of %d", id, fi.Size(), MaxModuleBrotli)
		}
	}
}
