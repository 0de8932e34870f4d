package site

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

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

// copyStatic copies static/ into dir and returns the map from logical path
// to published URL. reserved holds output paths that pages own.
func (s *Site) copyStatic(dir string, reserved map[string]bool) (templates.Assets, error) {
	root := filepath.Join(s.opts.Source, StaticDir)
	assets := templates.Assets{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != root && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
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
		return writeFile(dir, out, data)
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("copy %s: %w", root, err)
	}
	for _, name := range templates.RequiredAssets() {
		if _, ok := assets[name]; !ok {
			s.diag.addf(StaticDir+"/"+name, 0, 0, "", "missing: the page layout needs it")
		}
	}
	return assets, nil
}
