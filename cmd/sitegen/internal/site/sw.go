package site

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/site/content"
)

// swSource is the service worker (see sw.js for what it does).
//
//go:embed sw.js
var swSource string

// DefaultModuleBudget is Options.ModuleBudget's default: 8 MiB, the
// modules of a dozen or more games (each is at most 500 KB compressed).
const DefaultModuleBudget = 8 << 20

// swPrecacheMax is the most files a first visit caches for offline use.
// A bigger site caches its scripts, styles and the search index's first
// file up front, and pages and the rest of the index as they are read.
const swPrecacheMax = 2000

// writeServiceWorker writes sw.js and the list of files it caches
// (sw-files.VERSION.json) into dir, which holds the rest of the rendered
// site. VERSION is a hash of every published file, so each build that
// changes anything gets a new worker and a new cache. Sites without
// js/site.js (which registers the worker) get none.
func (s *Site) writeServiceWorker(out *assets.Output, skip map[string]bool) error {
	if s.View == nil || s.View.Assets.URL("js/site.js") == "" {
		return nil
	}
	// Every published file went through out, which kept its hash: no
	// walk of the tree and no reading it back.
	files := out.Files()
	all := make(map[string]bool, len(files))
	for _, f := range files {
		all[f.Rel] = true
	}
	// Precompressed siblings (x.css.br beside x.css) are for servers, not
	// for the cache; the search index's own .gz files have no twin.
	// Calculator modules (half a megabyte each, one per game) are saved
	// apart, after the site: on a slow line they would compete with the
	// one the page is loading, so the worker caches them one at a time when
	// a page asks (modules). Past the site's budget for them, none is
	// saved up front and each calculator offers to be saved by itself.
	var modules []string
	var weight int64
	files = slices.DeleteFunc(files, func(f assets.File) bool {
		rel := f.Rel
		if strings.HasSuffix(rel, ".wasm") {
			modules = append(modules, rel)
			weight += servedSize(out, rel)
			return true
		}
		return skip[rel] || rel == "sitemap.xml" ||
			(strings.HasSuffix(rel, ".br") || strings.HasSuffix(rel, ".gz")) && all[rel[:len(rel)-3]] ||
			rel == content.OutputMarker // not part of the site
	})
	budget := s.Opts.ModuleBudget
	if budget == 0 {
		budget = DefaultModuleBudget
	}
	if weight > budget {
		modules = nil
	}
	index, meta := "", ""
	if s.search != nil {
		index = content.SearchDir + "/"
		meta = index + searchMeta
	}
	h := sha256.New()
	for _, m := range modules {
		fmt.Fprintf(h, "%s\x00", m) // hashed names
	}
	for _, f := range files {
		fmt.Fprintf(h, "%s\x00", f.Rel)
		if assets.Hashed(f.Rel) || (index != "" && strings.HasPrefix(f.Rel, index) && f.Rel != meta) {
			continue // the name holds the content's hash
		}
		h.Write(f.Sum[:])
	}
	version := hex.EncodeToString(h.Sum(nil)[:5])
	urls := make([]string, 0, len(files))
	for _, f := range files {
		rel := f.Rel
		if len(files) > swPrecacheMax && !assets.Hashed(rel) && rel != meta {
			continue
		}
		u := s.Cfg.RelURL("/" + rel)
		if rel == "index.html" || strings.HasSuffix(rel, "/index.html") {
			u = strings.TrimSuffix(u, "index.html")
		}
		urls = append(urls, u)
	}
	list, err := json.Marshal(struct {
		Version string   `json:"version"`
		URLs    []string `json:"urls"`
	}{version, urls})
	if err != nil {
		return fmt.Errorf("service worker: %w", err)
	}
	listName := "sw-files." + version + ".json"
	if err := out.Write(listName, list); err != nil {
		return fmt.Errorf("write %s: %w", listName, err)
	}
	mods := make([]string, len(modules))
	for i, m := range modules {
		mods[i] = s.Cfg.RelURL("/" + m)
	}
	modList, err := json.Marshal(mods)
	if err != nil {
		return fmt.Errorf("service worker: %w", err)
	}
	head := fmt.Sprintf("const VERSION=%q,LIST=%q,MODULES=%s;\n", version, s.Cfg.RelURL("/"+listName), modList)
	src, err := assets.Minify("js/sw.js", []byte(head+swSource))
	if err != nil {
		return fmt.Errorf("service worker: %w", err)
	}
	if err := out.Write(content.SwFile, src); err != nil {
		return fmt.Errorf("write %s: %w", content.SwFile, err)
	}
	return nil
}

// servedSize is the size of the file rel of out as a server sends it: its
// Brotli sibling's when there is one, else its own (0 if neither is there).
func servedSize(out *assets.Output, rel string) int64 {
	for _, name := range []string{rel + ".br", rel} {
		if fi, err := os.Stat(out.Path(name)); err == nil {
			return fi.Size()
		}
	}
	return 0
}
