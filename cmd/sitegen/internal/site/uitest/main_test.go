package uitest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/testing/browser"
)

// bundled is the directory the bundled site was built into by TestMain.
// It is set once before any test runs and only read afterwards.
var bundled string

// TestMain builds the bundled site once for all the tests of the package.
func TestMain(m *testing.M) {
	code, err := run(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "uitest:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

func run(m *testing.M) (int, error) {
	root, err := browser.FindRepoRoot()
	if err != nil {
		return 0, err
	}
	tmp, err := os.MkdirTemp("", "d6codex-uitest-")
	if err != nil {
		return 0, fmt.Errorf("temp dir: %w", err)
	}
	defer os.RemoveAll(tmp)
	// The calculators' WebAssembly module is built from the repository.
	if err := os.Chdir(root); err != nil {
		return 0, fmt.Errorf("chdir %s: %w", root, err)
	}
	source := root
	if s := os.Getenv("UITEST_SOURCE"); s != "" {
		source = s // another site source, e.g. a snapshot while content/ is being edited
	}
	f := buildcmd.Flags{Source: source, Dest: filepath.Join(tmp, "public")}
	if _, err := site.Build(context.Background(), f.Options()); err != nil {
		return 0, fmt.Errorf("build the bundled site: %w", err)
	}
	bundled = f.Dest
	return m.Run(), nil
}
