package wasmbuild

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"d6codex/cmd/sitegen/internal/assets"
)

// TestEmbedded: the modules come from the embedded files, which hold them
// precompressed only: the raw module is inflated from the gzip file and
// both are returned as its siblings, for the build to publish as they are
// (issue 26); a binary built without them (a plain go build) says so
// instead of publishing a site with dead calculators.
func TestEmbedded(t *testing.T) {
	gz := func(s string) []byte {
		t.Helper()
		b, err := assets.Gzip([]byte(s), assets.SiblingGzip)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	files := fstest.MapFS{
		"js/wasm_exec.js":    {Data: []byte("exec")},
		"calc/alpha.wasm.gz": {Data: gz("alpha module")},
		"calc/alpha.wasm.br": {Data: []byte("alpha brotli")},
		"calc/beta.wasm.gz":  {Data: gz("beta module")},
		"calc/beta.wasm.br":  {Data: []byte("beta brotli")},
		"README.md":          {Data: []byte("x")},
	}
	got, err := Embedded(files, []string{"alpha", "beta"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		ExecAsset:            "exec",
		"calc/alpha.wasm":    "alpha module",
		"calc/alpha.wasm.gz": string(gz("alpha module")),
		"calc/alpha.wasm.br": "alpha brotli",
		"calc/beta.wasm":     "beta module",
		"calc/beta.wasm.gz":  string(gz("beta module")),
		"calc/beta.wasm.br":  "beta brotli",
	}
	if len(got) != len(want) {
		t.Errorf("Embedded gave %d files, want %d", len(got), len(want))
	}
	for name, w := range want {
		if string(got[name]) != w {
			t.Errorf("%s = %q, want %q", name, got[name], w)
		}
	}
	_, err = Embedded(fstest.MapFS{"README.md": {Data: []byte("x")}}, []string{"alpha"})
	if !errors.Is(err, ErrNoModules) || !strings.Contains(err.Error(), "make sitegen") {
		t.Errorf("without modules: err = %v, want ErrNoModules naming make sitegen", err)
	}
	delete(files, "calc/beta.wasm.br")
	if _, err = Embedded(files, []string{"alpha", "beta"}); !errors.Is(err, ErrNoModules) || !strings.Contains(err.Error(), "calc/beta.wasm.br") {
		t.Errorf("without a sibling: err = %v, want ErrNoModules naming calc/beta.wasm.br", err)
	}
}
