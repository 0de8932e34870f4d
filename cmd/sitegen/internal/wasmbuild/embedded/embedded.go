// Package embedded carries the calculators' WebAssembly modules and
// wasm_exec.js inside the sitegen binary, so that `sitegen build` needs no
// Go toolchain: `make sitegen` compiles them into files/ (git-ignored)
// before it compiles sitegen. A plain `go build ./cmd/sitegen` embeds
// only files/README.md, and Files then reports the modules missing.
package embedded

import (
	"embed"
	"io/fs"
)

//go:embed files
var files embed.FS

// Files returns the embedded files by their logical paths
// ("calc/opend6.wasm", "js/wasm_exec.js").
func Files() fs.FS {
	sub, err := fs.Sub(files, "files")
	if err != nil {
		panic("embedded: " + err.Error()) // files/ is embedded above; cannot happen
	}
	return sub
}
