// Package wasmbuild compiles the calculators' WebAssembly module
// (GOOS=js GOARCH=wasm go build ./wasm) for sites that embed a calculator,
// and supplies the matching wasm_exec.js from the Go toolchain that built
// it. Modules are cached by a hash of everything that goes into them, so
// only the first build after a change to rules/, calc/ or wasm/ pays for
// the compiler.
package wasmbuild

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/site"
)

// Logical paths of the generated files (see site.Generator).
const (
	ModuleAsset = "calc/calc.wasm"
	ExecAsset   = "js/wasm_exec.js"
)

// Module is the package path of the WebAssembly main package.
const Module = "d6codex"

// BuildFlags are the build flags of the module: no symbol tables, no file
// paths, and no inlining, which makes the module larger raw but smaller
// once compressed (see BENCHMARKS.md).
func BuildFlags() []string { return []string{"-trimpath", "-ldflags=-s -w", "-gcflags=all=-l"} }

// BuildEnv is the environment the module is built in: WebAssembly for
// JavaScript hosts, and the classic garbage collector instead of Go 1.26's
// Green Tea collector, which saves 11 KB of compressed module and matters
// nothing for a calculator's small, short-lived heap.
func BuildEnv() []string {
	return []string{"GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOEXPERIMENT=nogreenteagc"}
}

// inputs are the folders whose Go files make up the module, relative to
// the repository root.
func inputs() []string { return []string{"rules", "calc", "wasm"} }

// Generator returns a site.Generator that produces the calculators' module
// and wasm_exec.js when some page has a ```calc block, and nothing
// otherwise.
func Generator(info string) site.Generator {
	return func(ctx context.Context, s *site.Site) (map[string][]byte, error) {
		if !s.UsesBlock(info) {
			return nil, nil
		}
		root, err := RepoRoot(s.Source())
		if err != nil {
			return nil, err
		}
		module, err := Build(ctx, root, s.CacheDir())
		if err != nil {
			return nil, err
		}
		execJS, err := WasmExec(ctx)
		if err != nil {
			return nil, err
		}
		return map[string][]byte{ModuleAsset: module, ExecAsset: execJS}, nil
	}
}

// RepoRoot finds the d6codex source tree that holds the calculators: the
// first folder from dir upwards, then from the working directory upwards,
// whose go.mod declares module d6codex.
func RepoRoot(dir string) (string, error) {
	starts := []string{dir}
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	for _, start := range starts {
		d, err := filepath.Abs(start)
		if err != nil {
			continue
		}
		for {
			if data, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil && declares(data, Module) {
				return d, nil
			}
			parent := filepath.Dir(d)
			if parent == d {
				break
			}
			d = parent
		}
	}
	return "", errors.New("the site embeds a calculator, but no d6codex source tree (go.mod of module d6codex) was found above " +
		dir + " or the working directory: the calculators' WebAssembly module is built from it")
}

func declares(gomod []byte, module string) bool {
	for _, line := range strings.Split(string(gomod), "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && f[0] == "module" && f[1] == module {
			return true
		}
	}
	return false
}

// Build returns the module built from the source tree at root, from the
// cache in cacheDir when its inputs are unchanged ("" disables the cache).
func Build(ctx context.Context, root, cacheDir string) ([]byte, error) {
	key, err := Key(ctx, root)
	if err != nil {
		return nil, err
	}
	cached := ""
	if cacheDir != "" {
		cached = filepath.Join(cacheDir, "wasm", key+".wasm")
		if data, err := os.ReadFile(cached); err == nil {
			return data, nil
		}
	}
	tmp, err := os.MkdirTemp("", "d6codex-wasm-")
	if err != nil {
		return nil, fmt.Errorf("build calculators: %w", err)
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "calc.wasm")
	args := append(append([]string{"build"}, BuildFlags()...), "-o", out, "./wasm")
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), BuildEnv()...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("build calculators (%s go %s): %w\n%s", strings.Join(BuildEnv(), " "), strings.Join(args, " "), err, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return nil, fmt.Errorf("build calculators: %w", err)
	}
	if cached != "" {
		// Best effort: a cache that cannot be written only costs time.
		if os.MkdirAll(filepath.Dir(cached), 0o755) == nil {
			if f, err := os.CreateTemp(filepath.Dir(cached), ".tmp-*"); err == nil {
				_, werr := f.Write(data)
				if f.Close() != nil || werr != nil || os.Rename(f.Name(), cached) != nil {
					os.Remove(f.Name())
				}
			}
		}
	}
	return data, nil
}

// Key hashes everything the module is built from: the Go version, the
// build flags, go.mod, go.sum and every Go file under rules/, calc/ and
// wasm/ (test files excluded).
func Key(ctx context.Context, root string) (string, error) {
	h := sha256.New()
	ver, err := goEnv(ctx, "GOVERSION")
	if err != nil {
		return "", err
	}
	fmt.Fprintf(h, "%s\n%q\n%q\n", ver, BuildFlags(), BuildEnv())
	var files []string
	for _, f := range []string{"go.mod", "go.sum"} {
		files = append(files, filepath.Join(root, f))
	}
	for _, dir := range inputs() {
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return "", fmt.Errorf("hash calculator sources: %w", err)
		}
	}
	slices.Sort(files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return "", fmt.Errorf("hash calculator sources: %w", err)
		}
		rel, _ := filepath.Rel(root, f)
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil))[:32], nil
}

// WasmExec returns the wasm_exec.js that matches the Go toolchain on PATH
// (the one that builds the module): $GOROOT/lib/wasm/wasm_exec.js, or
// misc/wasm/ in toolchains before Go 1.24.
func WasmExec(ctx context.Context) ([]byte, error) {
	goroot, err := goEnv(ctx, "GOROOT")
	if err != nil {
		return nil, err
	}
	var errs []error
	for _, rel := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		data, err := os.ReadFile(filepath.Join(goroot, rel))
		if err == nil {
			return data, nil
		}
		errs = append(errs, err)
	}
	return nil, fmt.Errorf("wasm_exec.js not found in the Go toolchain: %w", errors.Join(errs...))
}

func goEnv(ctx context.Context, name string) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w (the calculators need the Go toolchain on PATH)", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}
