package wasmbuild

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

// TestEmbedded: the modules come from the embedded files; a binary built
// without them (a plain go build) says so instead of publishing a site
// with dead calculators.
func TestEmbedded(t *testing.T) {
	files := fstest.MapFS{
		"js/wasm_exec.js": {Data: []byte("exec")},
		"calc/alpha.wasm": {Data: []byte("a")},
		"calc/beta.wasm":  {Data: []byte("b")},
		"README.md":       {Data: []byte("x")},
	}
	got, err := Embedded(files, []string{"alpha", "beta"})
	if err != nil || string(got["calc/beta.wasm"]) != "b" || string(got[ExecAsset]) != "exec" || len(got) != 3 {
		t.Fatalf("Embedded = %v, %v", got, err)
	}
	_, err = Embedded(fstest.MapFS{"README.md": {Data: []byte("x")}}, []string{"alpha"})
	if !errors.Is(err, ErrNoModules) || !strings.Contains(err.Error(), "make sitegen") {
		t.Errorf("without modules: err = %v, want ErrNoModules naming make sitegen", err)
	}
}
