package site

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/templates"
)

// StaticDir is the folder, under the source directory, copied to the output.
const StaticDir = "static"

// copyStatic copies static/ and the generated extra files into dir and
// returns the map from logical path to published URL. reserved holds output
// paths that pages own.
func (s *Site) copyStatic(ctx context.Context, out *assets.Output, reserved map[string]bool, extra map[string][]byte) (templates.Assets, error) {
	published := templates.Assets{}
	extra, siblings := splitSiblings(extra)
	own := map[string]bool{} // the site's own static files, published or not
	publishFrom := func(dir string) func(rel string, data []byte) error {
		return func(rel string, data []byte) error {
			raw := data
			data, err := assets.Minify(rel, data)
			if err != nil {
				s.diag.addf(dir+"/"+rel, 0, 0, "", "%v", err)
				return nil
			}
			name := assets.PublishedName(rel, data)
			if reserved[name] {
				s.diag.addf(dir+"/"+rel, 0, 0, "", "conflicts with a generated page at /%s", name)
				return nil
			}
			published[rel] = s.cfg.relURL("/" + name)
			if err := out.Write(name, data); err != nil {
				return err
			}
			if sib := siblings[rel]; sib != nil && bytes.Equal(raw, data) { // siblings of the bytes published
				if ok, err := assets.WriteSiblings(out, name, sib); ok || err != nil {
					return err
				}
			}
			return s.writeCompressed(ctx, out, name, data)
		}
	}
	publish := publishFrom(StaticDir)
	for _, dir := range s.lay.Static {
		publish := publishFrom(dir)
		err := walkSource(s.opts.Source, dir, nil, nil, func(rel, file string) error {
			if msg := badName(rel); msg != "" {
				s.diag.addf(dir+"/"+showName(rel), 0, 0, "", "%s", msg)
				return nil
			}
			if own[rel] {
				return nil // an earlier static folder's file of the same name wins, as in Hugo
			}
			own[rel] = true
			data, err := s.readSource(file)
			if err != nil {
				s.diag.addf(file, 0, 0, "", "read: %v", unwrapPath(err))
				return nil
			}
			if _, ok := extra[rel]; ok {
				return nil // a generated file of the same name wins
			}
			return publish(rel, data)
		}, func(rel, msg string) {
			s.diag.addf(path.Join(dir, rel), 0, 0, "", "%s", msg)
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("copy %s: %w", dir, err)
		}
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
			if own[rel] {
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

// splitSiblings separates a generator's files (see Generator) from the
// ready-made precompressed siblings among them: name.br and name.gz
// beside name, returned by name and encoding.
func splitSiblings(extra map[string][]byte) (files map[string][]byte, siblings map[string]map[string][]byte) {
	files, siblings = map[string][]byte{}, map[string]map[string][]byte{}
	for rel, data := range extra {
		sib := false
		for _, enc := range assets.Encodings() {
			if base, ok := strings.CutSuffix(rel, "."+enc); ok && extra[base] != nil {
				if siblings[base] == nil {
					siblings[base] = map[string][]byte{}
				}
				siblings[base][enc], sib = data, true
			}
		}
		if !sib {
			files[rel] = data
		}
	}
	return files, siblings
}

// writeCompressed writes .br and .gz siblings of the published asset dir/out
// when it is a hashed asset (CSS, JS, WebAssembly) worth compressing, at
// the best levels.
func (s *Site) writeCompressed(ctx context.Context, out *assets.Output, name string, data []byte) error {
	if !assets.Hashed(name) || len(data) < assets.CompressMin {
		return nil
	}
	return s.cache().Precompress(ctx, out, name, data, assets.SiblingBrotli, assets.SiblingGzip)
}

// cache is the build's content-addressed cache (Options.CacheDir).
func (s *Site) cache() assets.Cache { return assets.Cache{Dir: s.CacheDir()} }
