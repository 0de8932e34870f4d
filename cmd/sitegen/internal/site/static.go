package site

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/site/content"
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
	own := map[string]bool{}       // the site's own static files, published or not
	siteURL := map[string]string{} // the site's own files that the theme's of the same path stand beside (themeBeside)
	publishFrom := func(dir string) func(rel string, data []byte) error {
		return func(rel string, data []byte) error {
			raw := data
			data, err := s.cache().Minified(rel, data)
			if err != nil {
				s.Diag.Addf(dir+"/"+rel, 0, 0, "", "%v", err)
				return nil
			}
			name := assets.PublishedName(rel, data)
			if reserved[name] {
				if !s.Lay.StaticYields {
					s.Diag.Addf(dir+"/"+rel, 0, 0, "", "conflicts with a generated page at /%s", name)
				}
				return nil
			}
			published[rel] = s.Cfg.RelURL("/" + name)
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
	static := s.Lay.Static
	if s.rootStatic != nil {
		// The whole site's root publishes them (layout.Layout.StaticAtRoot).
		static = nil
		for rel, u := range s.rootStatic {
			own[rel], published[rel] = true, u
		}
	}
	for _, dir := range static {
		publish := publishFrom(dir)
		err := content.WalkSource(s.Opts.Source, dir, nil, nil, func(rel, file string) error {
			if msg := content.BadName(rel); msg != "" {
				s.Diag.Addf(dir+"/"+content.ShowName(rel), 0, 0, "", "%s", msg)
				return nil
			}
			if own[rel] {
				return nil // an earlier static folder's file of the same name wins, as in Hugo
			}
			own[rel] = true
			f, size, err := s.OpenSource(file)
			if err != nil {
				s.Diag.Addf(file, 0, 0, "", "read: %v", content.UnwrapPath(err))
				return nil
			}
			defer f.Close()
			if _, ok := extra[rel]; ok {
				return nil // a generated file of the same name wins
			}
			if !assets.Hashed(rel) || size > assets.TransformMax || s.Lay.StaticAsIs {
				return s.copySource(out, published, reserved, dir, rel, f, size)
			}
			data := make([]byte, size)
			if _, err := io.ReadFull(f, data); err != nil {
				s.Diag.Addf(file, 0, 0, "", "read: %v", content.UnwrapPath(err))
				return nil
			}
			return publish(rel, data)
		}, func(rel, msg string, outside bool) {
			s.WalkProblem(path.Join(dir, rel), msg, outside)
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
	if s.Opts.Theme != nil {
		// The default theme fills in what the site's static/ does not have.
		err := fs.WalkDir(s.Opts.Theme, ".", func(rel string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if _, ok := extra[rel]; ok {
				return nil
			}
			if own[rel] && !s.themeBeside(rel) {
				return nil // the site's own file (it may have failed to publish)
			}
			if _, ok := published[rel]; ok && !own[rel] {
				return nil
			}
			data, err := fs.ReadFile(s.Opts.Theme, rel)
			if err != nil {
				return err
			}
			if own[rel] {
				// The site's file stays where it is published; the pages
				// use the theme's, under its own (hashed) name.
				u, ok := published[rel]
				if !ok {
					return nil // the site's file failed to publish
				}
				siteURL[rel] = u
				if s.rootStatic == nil {
					s.Warn.Addf(StaticDir+"/"+rel, 0, 0, "", "has the path of one of sitegen's own files: published at %s as it is; sitegen's pages use their own", u)
				}
			}
			return publish(rel, data)
		})
		if err != nil {
			return nil, fmt.Errorf("default theme: %w", err)
		}
	}
	if s.rootStatic == nil {
		s.ownStatic = map[string]string{}
		for rel := range own {
			if u, ok := siteURL[rel]; ok {
				s.ownStatic[rel] = u
			} else if u, ok := published[rel]; ok {
				s.ownStatic[rel] = u
			}
		}
	}
	for _, name := range templates.RequiredAssets() {
		if _, ok := published[name]; !ok {
			s.Diag.Addf(StaticDir+"/"+name, 0, 0, "", "missing: the page layout needs it")
		}
	}
	return published, nil
}

// copySource publishes the static file dir/rel, open as f, as it is:
// streamed (assets.Output.Copy), never held whole in memory, however
// large. It is for every file that is not changed on the way: all but
// stylesheets, scripts and WebAssembly, and those larger than
// assets.TransformMax, which are published unminified (with a warning)
// and without precompressed siblings, under their hashed name all the
// same.
func (s *Site) copySource(out *assets.Output, published templates.Assets, reserved map[string]bool, dir, rel string, f io.ReaderAt, size int64) error {
	name := rel
	var sum [sha256.Size]byte
	hashed := assets.Hashed(rel) && !s.Lay.StaticAsIs // the tool's name, as it is (layout.Layout.StaticAsIs)
	if hashed {
		var err error
		if sum, err = assets.HashFile(f, size); err != nil {
			s.Diag.Addf(dir+"/"+rel, 0, 0, "", "read: %v", content.UnwrapPath(err))
			return nil
		}
		name = assets.PublishedNameSum(rel, sum)
	}
	if reserved[name] {
		if !s.Lay.StaticYields {
			s.Diag.Addf(dir+"/"+rel, 0, 0, "", "conflicts with a generated page at /%s", name)
		}
		return nil
	}
	if assets.Minifies(rel) && hashed {
		s.Warn.Addf(dir+"/"+rel, 0, 0, "", "published as it is, not minified: %d MiB is over the %d MiB sitegen minifies", size>>20, assets.TransformMax>>20)
	}
	published[rel] = s.Cfg.RelURL("/" + name)
	var err error
	if hashed {
		err = out.CopySum(name, f, size, sum)
	} else {
		err = out.Copy(name, f, size)
	}
	if err != nil {
		return fmt.Errorf("publish %s/%s: %w", dir, rel, err)
	}
	return nil
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
// the best levels: not over assets.TransformMax, which Brotli's best level
// would take minutes over (the file is served as it is, or compressed by
// the server on the fly).
func (s *Site) writeCompressed(ctx context.Context, out *assets.Output, name string, data []byte) error {
	if !assets.Hashed(name) || len(data) < assets.CompressMin || len(data) > assets.TransformMax {
		return nil
	}
	return s.cache().Precompress(ctx, out, name, data, assets.SiblingBrotli, assets.SiblingGzip)
}

// cache is the build's content-addressed cache (Options.CacheDir).
func (s *Site) cache() assets.Cache { return assets.Cache{Dir: s.CacheDir()} }

// copyBundles publishes the content files into o, after static files
// and pages (so that it knows which files the pages link to): reserved
// holds the output paths that pages own, and a file o already has is a
// static file's. In a layout that publishes only linked files, it
// publishes those.
func (s *Site) copyBundles(o *assets.Output, reserved map[string]bool) error {
	var folders map[string]string // output folder -> a file in it, made once a file is to be copied
	for _, rel := range slices.Sorted(maps.Keys(s.Files)) {
		if s.Lay.LinkedFilesOnly && !s.Linked.Has(rel) {
			continue
		}
		if folders == nil {
			folders = outputFolders(reserved, o)
		}
		out := strings.TrimPrefix(s.FileURL(rel), "/")
		if msg := fileConflict(out, reserved, folders, o.Has(out)); msg != "" {
			// Lenient (--broken-links warn), in any layout: a warning, and
			// the page or the other file stays, this one is not published.
			if s.Cfg.Lenient {
				s.Warn.Addf(s.SrcFile(rel), 0, 0, "", "%s; not published", msg)
			} else {
				s.Diag.Addf(s.SrcFile(rel), 0, 0, "", "%s", msg)
			}
			continue
		}
		if err := s.CopyBundle(o, rel, out); err != nil {
			return err
		}
	}
	// The files of the site out of the content that pages name as
	// assets (content.Site.siteAsset), under content.AssetDir.
	for _, rel := range s.SiteAssets.Paths() {
		out := strings.TrimPrefix(content.SiteAssetURL(s.SrcFile(rel)), "/")
		if o.Has(out) || reserved[out] {
			continue // a static file or a page of that path: the link leads there
		}
		if err := s.CopyBundle(o, rel, out); err != nil {
			return err
		}
	}
	return nil
}

// outputFolders maps each folder of the output paths that pages own
// (reserved) and of the files o holds to one of those paths in it.
func outputFolders(reserved map[string]bool, o *assets.Output) map[string]string {
	folders := map[string]string{}
	add := func(p string) {
		for d := path.Dir(p); d != "." && d != "/"; d = path.Dir(d) {
			if _, ok := folders[d]; ok {
				return
			}
			folders[d] = p
		}
	}
	for p := range reserved {
		add(p)
	}
	for _, f := range o.Files() {
		add(f.Rel)
	}
	return folders
}

// fileConflict says why a file of the content cannot be published at
// the output path out, "" when it can: the site's root or a folder
// (a page's, or one holding other files: a file there would replace
// them), or the path of a page or of another file (taken says so). It
// speaks of site paths, never of the folder the build writes in.
func fileConflict(out string, reserved map[string]bool, folders map[string]string, taken bool) string {
	switch {
	case out == "" || strings.HasSuffix(out, "/"):
		return fmt.Sprintf("conflicts with a folder of the site: its site path is /%s, a folder, not a file", out)
	case reserved[out] || taken:
		return fmt.Sprintf("conflicts with another file of the site: both are published at /%s", out)
	}
	if in, ok := folders[out]; ok {
		if strings.HasSuffix(in, "/index.html") && reserved[in] {
			return fmt.Sprintf("conflicts with a page of the site: /%s/ is the page's folder (/%s)", out, in)
		}
		return fmt.Sprintf("conflicts with a folder of the site: /%s/ holds /%s", out, in)
	}
	return ""
}

// The reasons a layout that publishes only linked files
// (layout.Layout.LinkedFilesOnly: a folder of Markdown) gives for a file
// of the source it leaves out, grouped by what the file is: no page links
// to it. Each reads after a count ("20 unlinked file") and after the
// file's name (--all).
const (
	unlinkedScript = "unlinked script or source file"
	unlinkedLock   = "unlinked lock file"
	unlinkedFile   = "unlinked file"
)

// scriptExts are the extensions of scripts and source code (lower case).
var scriptExts = map[string]bool{
	".sh": true, ".bash": true, ".zsh": true, ".ps1": true, ".bat": true, ".cmd": true, ".py": true, ".rb": true,
	".pl": true, ".js": true, ".mjs": true, ".cjs": true, ".ts": true, ".mts": true, ".cts": true, ".tsx": true,
	".jsx": true, ".go": true, ".rs": true, ".c": true, ".h": true, ".cc": true, ".cpp": true, ".java": true,
	".kt": true, ".lua": true, ".php": true, ".tex": true, ".sty": true, ".cls": true, ".lisp": true, ".el": true,
}

// lockNames are the lock files of package managers.
var lockNames = map[string]bool{
	"package-lock.json": true, "npm-shrinkwrap.json": true, "yarn.lock": true, "pnpm-lock.yaml": true, "bun.lockb": true,
	"gemfile.lock": true, "cargo.lock": true, "go.sum": true, "poetry.lock": true, "pipfile.lock": true,
	"composer.lock": true, "uv.lock": true,
}

// unlinkedFiles lists the content files a layout that publishes only
// linked files leaves out because no published page links to them, with
// their reason (unlinkedScript, unlinkedLock, unlinkedFile), for the
// build's report (Result.NotPublished) as the tools' other rules are: a
// folder of Markdown's (layout.Markdown); none in an Obsidian vault (its
// attachments no note shows are not listed: Obsidian Publish uploads only
// what notes show; a base is read where a note embeds it; a canvas is a
// page) nor in any other layout.
func (s *Site) unlinkedFiles() []content.NotPublished {
	vault := s.Lay.Kind == layout.Obsidian
	if !s.Lay.LinkedFilesOnly || s.Lay.Kind != layout.Markdown && !vault {
		return nil
	}
	var out []content.NotPublished
	for _, rel := range slices.Sorted(maps.Keys(s.Files)) {
		if s.Linked.Has(rel) {
			continue
		}
		name := strings.ToLower(path.Base(rel))
		reason := unlinkedFile
		switch {
		case vault:
			continue
		case lockNames[name] || path.Ext(name) == ".lock":
			reason = unlinkedLock
		case scriptExts[path.Ext(name)] || name == "makefile" || name == "dockerfile":
			reason = unlinkedScript
		}
		out = append(out, content.NotPublished{File: s.SrcFile(rel), Reason: reason})
	}
	return out
}

// themeBeside reports whether the default theme's file at logical path rel
// is published beside a site's own static file of the same path, for
// sitegen's pages to use, rather than replaced by it: a stylesheet or
// script (assets.Hashed) in the layout of another tool, whose static
// files are the site's (Hugo's static/css/site.css, written for its own
// templates), never sitegen's theme. In sitegen's own layout, the site's
// file replaces the theme's (site.toml's "Files in static/ … replace the
// default theme's file of the same path").
func (s *Site) themeBeside(rel string) bool {
	return s.Lay.Kind != layout.Sitegen && assets.Hashed(rel)
}
