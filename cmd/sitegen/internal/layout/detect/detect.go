// Package detect recognises a source folder's layout: the first of
// mdBook (book.toml), Quartz (quartz.config.ts or .yaml beside content/, or
// the folder its build's quartz build -d names),
// Docusaurus, VitePress, Astro Starlight, MkDocs, Zola, Hugo, Jekyll (their
// settings files),
// sitegen's own (site.toml or content/), a Jekyll site without settings
// (_layouts/ or _posts/, jekyll.RecogniseDefaults), an Obsidian vault (.obsidian/),
// else a plain folder of Markdown (a docsify site when its index.html, or
// docs/index.html, loads docsify). A tool's settings file is the most
// specific sign, so it comes before the content/ folder a Quartz site
// shares with sitegen's own layout and before a .obsidian/ folder that
// opening any folder in Obsidian leaves. Docusaurus, VitePress and Starlight come
// before MkDocs, Hugo and Jekyll: their settings files name the tool,
// while a Docusaurus site also has docs/ (and may keep an mkdocs.yml or a
// Jekyll _config.yml from before it moved), and config.toml or config.yml
// are names other tools use too. Zola comes before Hugo: both may keep a
// config.toml beside content/, which is Zola's when it sets Zola's
// base_url and not Hugo's baseURL (zola.IsZolaConfig). Each recogniser is a stat call or two
// until one matches, then a read of that tool's settings.
package detect

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/docsify"
	"d6codex/cmd/sitegen/internal/layout/docusaurus"
	"d6codex/cmd/sitegen/internal/layout/hugo"
	"d6codex/cmd/sitegen/internal/layout/jekyll"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
	"d6codex/cmd/sitegen/internal/layout/mdbook"
	"d6codex/cmd/sitegen/internal/layout/mkdocs"
	"d6codex/cmd/sitegen/internal/layout/obsidian"
	"d6codex/cmd/sitegen/internal/layout/quartz"
	"d6codex/cmd/sitegen/internal/layout/starlight"
	"d6codex/cmd/sitegen/internal/layout/vitepress"
	"d6codex/cmd/sitegen/internal/layout/zola"
)

// SiteFile is sitegen's own settings file.
const SiteFile = "site.toml"

// Layout recognises the layout of dir. An error is a tool's settings file
// that could not be read (a *layout.ConfigError).
func Layout(dir string) (*layout.Layout, error) { return LayoutIn(dir, "") }

// LayoutIn is Layout for the tool's environment env (Hugo's
// --environment: which folder of config/ is read over config/_default/);
// "" is the tool's default for a build (Hugo's production).
func LayoutIn(dir, env string) (*layout.Layout, error) {
	if fi, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no folder %s", dir)
	} else if err == nil && !fi.IsDir() {
		return nil, fmt.Errorf("%s is a file, not a folder: --source names the site's folder", dir)
	}
	hugoIn := func(dir string) (*layout.Layout, error) { return hugo.RecogniseIn(dir, env) }
	for _, recognise := range []func(string) (*layout.Layout, error){
		mdbook.Recognise, quartz.Recognise, docusaurus.Recognise, vitepress.Recognise, starlight.Recognise, mkdocs.Recognise, zola.Recognise, hugoIn, jekyll.Recognise,
	} {
		l, err := recognise(dir)
		if err != nil || l != nil {
			return l, err
		}
	}
	if hasSite := layout.Exists(dir, SiteFile, false); hasSite || layout.Exists(dir, "content", true) {
		l := layout.Default()
		if !hasSite {
			l.File = ""
		}
		return l, nil
	}
	if l, err := jekyll.RecogniseDefaults(dir); err != nil || l != nil {
		return l, err
	}
	if l, err := obsidian.Recognise(dir); err != nil || l != nil {
		return l, err
	}
	if l, err := docsify.Recognise(dir); err != nil || l != nil {
		return l, err
	}
	if l, err := docusaurusBelow(dir); err != nil || l != nil {
		return l, err
	}
	l := layout.Folder()
	l.Notes = append(l.Notes, nested(dir)...)
	l.Notes = append(l.Notes, eleventy(dir)...)
	if err := l.ReadGitignore(dir, layout.GitBase); err != nil {
		return nil, err
	}
	return l, nil
}

// docusaurusBelow is the layout of a Docusaurus site in a top folder of
// dir whose docs are outside that folder (website/docusaurus.config.js
// with "path: '../docs'", the docs at the repository's root): Docusaurus
// builds it with "docusaurus build website"
// (https://docusaurus.io/docs/cli#docusaurus-build-sitedir), its docs
// path "relative to site directory"
// (https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#configuration),
// so the folder that holds both is the one sitegen builds it from
// (docusaurus.RecogniseSite): its pages, blog and static files, nothing
// else of dir. nil when there is none; a site whose docs are in its own
// folder is noted by nested (--source names that folder).
func docusaurusBelow(dir string) (*layout.Layout, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, nil
	}
	entries, _ := f.ReadDir(maxNestedEntries)
	f.Close()
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") || e.Name() == "node_modules" {
			continue
		}
		if docusaurus.DocsOutside(dir, e.Name()) {
			return docusaurus.RecogniseSite(dir, e.Name())
		}
	}
	return nil, nil
}

// maxNestedEntries bounds the entries of a folder nestedQuartz reads.
const maxNestedEntries = 1000

// nested notes a project of another tool below a folder of Markdown,
// which its tool builds from that folder, not from the root, and says how
// to build it:
//   - an mdBook book or a Docusaurus site in any top folder: mdBook builds
//     a book from its own folder ("mdbook build book"), Docusaurus a site
//     ("docusaurus build [siteDir]",
//     https://docusaurus.io/docs/cli#docusaurus-build-sitedir; book/,
//     docs/, website/, www/, BennyTime/BennyTime.github.io's grand-divide/)
//     whose docs are in that folder (one whose docs are beside it,
//     path: '../docs', is built from dir: docusaurusBelow);
//   - a Starlight, VitePress, MkDocs or Zola site in a top folder
//     (nestedSite; wayne930242/year-zero-engine-srd's docs/): its tool
//     builds it from there;
//   - an Obsidian vault in a top folder (its .obsidian/ there, as in
//     SteffenHammer/shadowDarkVault): the vault is that folder, and its
//     settings (excluded files, the templates folder) are read only when
//     --source names it;
//   - a Quartz project one or two folders down, hidden ones included,
//     that Quartz's own recognition (quartz.Recognise: a quartz/ folder
//     whose build names its content) did not take: a repository whose CI
//     fills such a project's content/ (ggfevans/daggerheart-campaign-vault:
//     .web/quartz, its workflow symlinking six of the root's folders into
//     it) publishes only what that build puts there, while sitegen, which
//     cannot run the CI, builds the whole folder.
func nested(dir string) []string {
	var notes []string
	var look func(rel string, depth int)
	look = func(rel string, depth int) {
		f, err := os.Open(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			return
		}
		entries, _ := f.ReadDir(maxNestedEntries)
		f.Close()
		for _, e := range entries {
			if !e.IsDir() || e.Name() == ".git" || e.Name() == "node_modules" {
				continue
			}
			sub := path.Join(rel, e.Name())
			if depth == 1 {
				if f := path.Join(sub, mdbook.ConfigFile); layout.Exists(dir, f, false) {
					notes = append(notes, fmt.Sprintf("%s: an mdBook book is in %s/; --source %s builds it as mdbook build %s does", f, sub, sub, sub))
					continue
				}
				if f := layout.FirstFile(filepath.Join(dir, sub), docusaurus.ConfigFiles); f != "" {
					notes = append(notes, fmt.Sprintf("%s/%s: a Docusaurus site is in %s/; --source %s builds it as docusaurus build %s does", sub, f, sub, sub, sub))
					continue
				}
				if l := nestedSite(filepath.Join(dir, filepath.FromSlash(sub))); l != nil {
					notes = append(notes, fmt.Sprintf("%s/%s: a %s site is in %s/; --source %s builds it as %s does", sub, l.File, l.Tool(), sub, sub, l.Tool()))
					continue
				}
			}
			if f := path.Join(sub, obsidian.Dir); depth == 1 && layout.Exists(dir, f, true) {
				notes = append(notes, fmt.Sprintf("%s: an Obsidian vault is in %s/; --source %s builds it with its settings (excluded files, the templates folder), as Obsidian opens it", f, sub, sub))
			}
			if f := path.Join(sub, quartz.ConfigFile); layout.Exists(dir, f, false) {
				notes = append(notes, fmt.Sprintf("%s: a Quartz project is in %s/ and its content/ is not this folder: sitegen builds this folder as a folder of Markdown, every note in it published, where Quartz publishes what its build puts in %s/content/ and its ignorePatterns and filters allow", f, sub, sub))
				continue
			}
			if depth < 2 {
				look(sub, depth+1)
			}
		}
	}
	look(".", 1)
	return notes
}

// nestedSite is the layout of a Starlight, VitePress, MkDocs or Zola site
// at dir, nil for none (or one whose settings cannot be read: the folder
// around it still builds). Each is the folder its tool builds from:
// Starlight's astro.config beside src/content/docs, VitePress's
// .vitepress/, mkdocs.yml, Zola's zola.toml or config.toml with base_url.
func nestedSite(dir string) *layout.Layout {
	for _, recognise := range []func(string) (*layout.Layout, error){starlight.Recognise, vitepress.Recognise, mkdocs.Recognise, zola.Recognise} {
		if l, err := recognise(dir); err == nil && l != nil {
			return l
		}
	}
	return nil
}

// eleventyFiles are Eleventy's configuration files, in the order it
// looks for them ("We look for the following configuration files:
// .eleventy.js, eleventy.config.js, eleventy.config.mjs,
// eleventy.config.cjs", https://www.11ty.dev/docs/config/#default-filenames).
var eleventyFiles = []string{".eleventy.js", "eleventy.config.js", "eleventy.config.mjs", "eleventy.config.cjs"}

// eleventy notes an Eleventy project, which sitegen has no layout for and
// builds as a folder of Markdown: what is not read, and, when its config
// returns an input folder (`return { dir: { input: "src" } }`,
// https://www.11ty.dev/docs/config/#input-directory), that --source
// naming it starts the pages' paths where Eleventy does, so that the
// site's links from its root resolve.
func eleventy(dir string) []string {
	file := layout.FirstFile(dir, eleventyFiles)
	if file == "" {
		return nil
	}
	input := "."
	if raw, err := layout.ReadSetting(dir, file); err == nil {
		cfg := jsconfig.Parse(raw)
		if obj, ok := cfg.Root.(*jsconfig.Object); ok {
			if d := obj.Object("dir"); d != nil {
				if in, ok := d.String("input"); ok && in != "" {
					input = path.Clean(strings.TrimPrefix(filepath.ToSlash(in), "./"))
				}
			}
		}
	}
	const what = "sitegen has no Eleventy layout and builds this folder as a folder of Markdown (Eleventy's templates, permalinks, collections and passthrough copies are not read)"
	if input == "." || strings.HasPrefix(input, "..") || path.IsAbs(input) {
		return []string{fmt.Sprintf("%s: an Eleventy project, its pages in this folder: %s", file, what)}
	}
	return []string{fmt.Sprintf("%s: an Eleventy project, its pages in %s/: %s; --source %s starts the pages' paths where Eleventy does, so the site's links from its root resolve", file, input, what, input)}
}

// Settings lists the settings files of the layout lay (nil: sitegen's
// own): the one it was recognised by, its table of contents, the other
// files its recogniser reads, and every file whose appearance would make
// the folder another layout. A change to one needs the settings read
// again, and a full build.
func Settings(lay *layout.Layout) []string {
	files := []string{SiteFile, mdbook.ConfigFile, quartz.ConfigFile, quartz.LayoutFile, quartz.YAMLConfigFile, quartz.OverrideFile}
	files = append(files, hugo.ConfigFiles...)
	files = append(files, zola.ConfigFiles...)
	files = append(files, mkdocs.ConfigFiles...)
	files = append(files, jekyll.ConfigFiles...)
	files = append(files, obsidian.Settings...)
	files = append(files, docusaurus.ConfigFiles...)
	files = append(files, docusaurus.SidebarFiles...)
	files = append(files, starlight.ConfigNames...)
	// where a Starlight docs collection is read from (a glob() loader's base and pattern)
	files = append(files, starlight.ContentConfigNames...)
	for _, r := range []string{".", "docs"} { // where VitePress projects are (vitepress.Recognise)
		for _, n := range vitepress.ConfigNames {
			files = append(files, path.Join(r, n))
		}
	}
	if lay != nil {
		if lay.File != "" && !strings.HasSuffix(lay.File, "/") {
			files = append(files, lay.File)
		}
		if lay.NavFile != "" {
			files = append(files, lay.NavFile)
		}
	}
	slices.Sort(files)
	return slices.Compact(files)
}

// IsSettings reports whether the source-relative path rel is one of
// Settings(lay), or in a Docusaurus site a folder's category settings
// (_category_.json), which its layout reads, or in a docsify site a
// folder's _sidebar.md.
func IsSettings(lay *layout.Layout, rel string) bool { return NewSettingsSet(lay).Has(rel) }

// A SettingsSet answers IsSettings for one layout from its settings files
// listed once: `serve` asks it of every file its pages read after each
// save, and Settings makes and sorts its list anew on each call.
type SettingsSet struct {
	lay   *layout.Layout
	files map[string]bool
}

// NewSettingsSet returns the settings files of the layout lay.
func NewSettingsSet(lay *layout.Layout) *SettingsSet {
	list := Settings(lay)
	set := &SettingsSet{lay: lay, files: make(map[string]bool, len(list))}
	for _, f := range list {
		set.files[f] = true
	}
	return set
}

// For reports whether the set is of the layout lay.
func (set *SettingsSet) For(lay *layout.Layout) bool { return set != nil && set.lay == lay }

// Has is IsSettings(lay, rel) for the set's layout.
func (set *SettingsSet) Has(rel string) bool {
	lay := set.lay
	if lay != nil && lay.Kind == layout.Docusaurus && slices.Contains(docusaurus.CategoryFiles, path.Base(rel)) {
		return true
	}
	if lay != nil && lay.FolderNav != nil && path.Base(rel) == docsify.Files[0] {
		return true // a folder's own sidebar (docsify's nested _sidebar.md)
	}
	return set.files[rel]
}
