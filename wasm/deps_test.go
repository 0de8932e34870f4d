package wasm

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestWasmDeps checks that the WebAssembly modules (this package and every
// system's registration) link none of the heavy
// packages (each adds tens of kilobytes to what every calculator page
// downloads): the rules and calc packages stay free of fmt, reflection,
// encoding/json, I/O, time and logging.
func TestWasmDeps(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	cmd := exec.Command(gobin, "list", "-deps", "d6codex/wasm", "d6codex/calc/...")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	forbidden := map[string]bool{"fmt": true, "reflect": true, "encoding/json": true, "os": true, "time": true, "log": true}
	for _, pkg := range strings.Fields(string(out)) {
		if forbidden[pkg] {
			t.Errorf("the wasm module depends on %s", pkg)
		}
	}
}
