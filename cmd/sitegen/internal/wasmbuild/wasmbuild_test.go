package wasmbuild_test

import (
	"os"
	"os/exec"
	"testing"

	"d6codex/calc/systems"
	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/wasmbuild"
)

// TestEverySystemHasAModule compiles the generated main of every
// registered system's module for GOOS=js GOARCH=wasm (output discarded): a
// game registered in calc/systems whose package does not follow the
// calc/<id> convention fails here, not in a site build.
func TestEverySystemHasAModule(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles one WebAssembly module per system")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	root := browser.RepoRoot(t)
	tmp := t.TempDir()
	build := func(id string) ([]byte, error) {
		overlay, pkg, err := wasmbuild.Overlay(root, tmp, id)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(gobin, "build", "-overlay", overlay, "-o", os.DevNull, pkg)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), wasmbuild.BuildEnv()...)
		return cmd.CombinedOutput()
	}
	for _, s := range systems.New().Systems() {
		if out, err := build(s.ID); err != nil {
			t.Errorf("%s: the module's main does not compile: %v\n%s", s.ID, err, out)
		}
	}
	// A system with no registration package under calc/ has no module.
	if _, err := build("nosuchsystem"); err == nil {
		t.Error("a module was built for a system that has no registration package")
	}
	if _, _, err := wasmbuild.Overlay(root, tmp, "../x"); err == nil {
		t.Error("a system id with a path in it was accepted")
	}
}
