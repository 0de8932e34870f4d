package site

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/andybalholm/brotli"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/templates"
)

// StaticDir is the folder, under the source directory, copied to the output.
const StaticDir = "static"

// copyStatic copies static/ and the generated extra files into dir and
// returns the map from logical path to published URL. reserved holds output
// paths that pages own.
func (s *Site) copyStatic(ctx context.Context, out *assets.Output, reserved map[string]bool, extra map[string][]byte) (templates.Assets, error) {
	root := filepath.Join(s.opts.Source, StaticDir)
	published := templates.Assets{}
	publish := func(rel string, data []byte) error {
		data, err := assets.Minify(rel, data)
		if err != nil {
			s.diag.addf(StaticDir+"/"+rel, 0, 0, "", "%v", err)
			return nil
		}
		name := assets.PublishedName(rel, data)
		if reserved[name] {
			s.diag.addf(StaticDir+"/"+rel, 0, 0, "", "conflicts with a generated page at /%s", name)
			return nil
		}
		published[rel] = s.cfg.relURL("/" + name)
		if err := out.Write(name, data); err != nil {
			return err
		}
		return s.writeCompressed(ctx, out, name, data)
	}
	err := walkSource(s.opts.Source, root, func(rel, p string) error {
		if msg := badName(rel); msg != "" {
			s.diag.addf(StaticDir+"/"+showName(rel), 0, 0, "", "%s", msg)
			return nil
		}
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
			if _, ok := published[rel]; ok {
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
		if _, ok := published[name]; !ok {
			s.diag.addf(StaticDir+"/"+name, 0, 0, "", "missing: the page layout needs it")
		}
	}
	return published, nil
}

// writeCompressed writes .br and .gz siblings of the published asset dir/out
// when it is a hashed asset (CSS, JS, WebAssembly) worth compressing, at
// the best levels.
func (s *Site) writeCompressed(ctx context.Context, out *assets.Output, name string, data []byte) error {
	if !assets.Hashed(name) || len(data) < assets.CompressMin {
		return nil
	}
	return s.cache().Precompress(ctx, out, name, data, brotli.BestCompression, gzip.BestCompression)
}

// cache is the build's content-addressed cache (Options.CacheDir).
func (s *Site) cache() assets.Cache { return assets.Cache{Dir: s.CacheDir()} }
