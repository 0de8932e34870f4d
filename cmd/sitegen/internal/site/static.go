package site

import (
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"

	"d6codex/templates"
)

// StaticDir is the folder, under the source directory, copied to the output.
const StaticDir = "static"

// hashedExts are the extensions that get a content hash in their
// published name (css/site.css -> css/site.1a2b3c4d5e.css).
func hashedExt(name string) bool {
	switch path.Ext(name) {
	case ".css", ".js", ".mjs", ".wasm":
		return true
	}
	return false
}

// copyStatic copies static/ and the generated extra files into dir and
// returns the map from logical path to published URL. reserved holds output
// paths that pages own.
func (s *Site) copyStatic(dir string, reserved map[string]bool, extra map[string][]byte) (templates.Assets, error) {
	root := filepath.Join(s.opts.Source, StaticDir)
	assets := templates.Assets{}
	publish := func(rel string, data []byte) error {
		data, err := minifyAsset(rel, data)
		if err != nil {
			s.diag.addf(StaticDir+"/"+rel, 0, 0, "", "%v", err)
			return nil
		}
		out := rel
		if hashedExt(rel) {
			sum := sha256.Sum256(data)
			ext := path.Ext(rel)
			out = strings.TrimSuffix(rel, ext) + "." + hex.EncodeToString(sum[:5]) + ext
		}
		if reserved[out] {
			s.diag.addf(StaticDir+"/"+rel, 0, 0, "", "conflicts with a generated page at /%s", out)
			return nil
		}
		assets[rel] = s.cfg.relURL("/" + out)
		if err := writeFile(dir, out, data); err != nil {
			return err
		}
		return s.writeCompressed(dir, out, data)
	}
	err := walkSource(s.opts.Source, root, func(rel, p string) error {
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if _, ok := extra[rel]; ok {
			return nil // a generated file of the same name wins
		}
		return publish(rel, data)
	}, func(rel, msg string) {
		s.diag.addf(StaticDir+"/"+rel, 0, 0, "", "%s", msg)
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("copy %s: %w", root, err)
	}
	for _, rel := range slices.Sorted(maps.Keys(extra)) {
		if err := publish(rel, extra[rel]); err != nil {
			return nil, fmt.Errorf("publish %s: %w", rel, err)
		}
	}
	if s.opts.Theme != nil {
		// The default theme fills in what the site's static/ does not have.
		err := fs.WalkDir(s.opts.Theme, ".", func(rel string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if _, ok := assets[rel]; ok {
				return nil
			}
			if _, ok := extra[rel]; ok {
				return nil
			}
			if _, err := os.Lstat(filepath.Join(root, filepath.FromSlash(rel))); err == nil {
				return nil // the site's own file (it may have failed to publish)
			}
			data, err := fs.ReadFile(s.opts.Theme, rel)
			if err != nil {
				return err
			}
			return publish(rel, data)
		})
		if err != nil {
			return nil, fmt.Errorf("default theme: %w", err)
		}
	}
	for _, name := range templates.RequiredAssets() {
		if _, ok := assets[name]; !ok {
			s.diag.addf(StaticDir+"/"+name, 0, 0, "", "missing: the page layout needs it")
		}
	}
	return assets, nil
}

// compressMin is the size below which assets are not precompressed.
const compressMin = 1024

// writeCompressed writes .br and .gz siblings of the published asset dir/out
// for servers that send precompressed files (nginx gzip_static, Caddy
// precompressed), when the file is a hashed asset (CSS, JS, WebAssembly)
// worth compressing, at the best levels.
func (s *Site) writeCompressed(dir, out string, data []byte) error {
	if !hashedExt(out) || len(data) < compressMin {
		return nil
	}
	return s.writeSiblings(dir, out, data, brotli.BestCompression, gzip.BestCompression)
}

// writeSiblings writes dir/out.br and dir/out.gz: data compressed with
// Brotli and gzip at the given levels, concurrently. Brotli at its best
// level takes seconds on the WebAssembly module, so results are cached in
// Options.CacheDir by content hash and level (the same bytes at another
// level are another entry, so a build's output never depends on what an
// earlier build left in the cache).
func (s *Site) writeSiblings(dir, out string, data []byte, brLevel, gzLevel int) error {
	sum := sha256.Sum256(data)
	key := "precompressed/" + hex.EncodeToString(sum[:])
	encs := []struct {
		name     string
		compress func([]byte) ([]byte, error)
	}{
		{fmt.Sprintf(".br.%d", brLevel), func(d []byte) ([]byte, error) { return compressBrotliLevel(d, brLevel) }},
		{fmt.Sprintf(".gz.%d", gzLevel), func(d []byte) ([]byte, error) { return compressGzipLevel(d, gzLevel) }},
	}
	errs := make([]error, len(encs))
	var wg sync.WaitGroup
	for i, enc := range encs {
		wg.Go(func() {
			z, err := s.cached(key+enc.name, func() ([]byte, error) { return enc.compress(data) })
			if err != nil {
				errs[i] = fmt.Errorf("compress %s: %w", out, err)
				return
			}
			ext := enc.name[:3] // ".br" or ".gz"
			if err := writeFile(dir, out+ext, z); err != nil {
				errs[i] = fmt.Errorf("write %s: %w", out+ext, err)
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// cached returns the file name under Options.CacheDir, computing and
// storing it with make when it is missing. A cache that cannot be read or
// written is skipped, never an error: it only costs time.
func (s *Site) cached(name string, make func() ([]byte, error)) ([]byte, error) {
	if s.CacheDir() == "" {
		return make()
	}
	p := filepath.Join(s.CacheDir(), filepath.FromSlash(name))
	if data, err := os.ReadFile(p); err == nil {
		return data, nil
	}
	data, err := make()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err == nil {
		if f, err := os.CreateTemp(filepath.Dir(p), ".tmp-*"); err == nil {
			_, werr := f.Write(data)
			cerr := f.Close()
			if werr != nil || cerr != nil || os.Rename(f.Name(), p) != nil {
				os.Remove(f.Name())
			}
		}
	}
	return data, nil
}
