// Command embedgen writes every system's WebAssembly module and
// wasm_exec.js into the folder package embedded carries into the sitegen
// binary. `make sitegen` runs it before `go build`:
//
//	go run ./cmd/sitegen/internal/wasmbuild/embedgen
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"d6codex/calc/systems"
	"d6codex/cmd/sitegen/internal/wasmbuild"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "embedgen:", err)
		os.Exit(1)
	}
}

func run() error {
	root, err := wasmbuild.RepoRoot(".")
	if err != nil {
		return err
	}
	cache := ""
	if dir, err := os.UserCacheDir(); err == nil {
		cache = filepath.Join(dir, "d6codex")
	}
	var ids []string
	for _, s := range systems.All() {
		ids = append(ids, s.ID)
	}
	dir := filepath.Join(root, "cmd", "sitegen", "internal", "wasmbuild", "embedded", "files")
	return wasmbuild.WriteAll(context.Background(), root, cache, dir, ids)
}
