// Package layout describes where a site's pages, static files and settings
// are in a source folder, whichever tool it was written for. A Layout is
// what one format's package (layout/obsidian, layout/jekyll, layout/hugo,
// layout/mkdocs) recognises in a folder: the content root, the folders
// published as they are, the names never published and the settings read
// from the tool's own configuration. Package layout/detect tries them in
// turn; this package also holds the two layouts that need no tool: sitegen's
// own (content/, static/, site.toml) and a plain folder of Markdown.
//
// Paths are slash-separated and relative to the source folder; "." is the
// source folder itself.
package layout

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Kinds of layout.
const (
	Sitegen  = "sitegen layout"
	Obsidian = "Obsidian vault"
	Jekyll   = "Jekyll site"
	Hugo     = "Hugo site"
	MkDocs   = "MkDocs project"
	Markdown = "folder of Markdown"
)

// Layout is a recognised source folder.
type Layout struct {
	// Kind is one of the constants above.
	Kind string
	// File is the settings file the layout was recognised by and read
	// ("_config.yml", ".obsidian/app.json"); "" when there is none.
	File string
	// Content is the folder of the Markdown pages (the content root: links
	// written from the root, and wikilinks, resolve from here).
	Content string
	// Static lists the folders whose files are published at the site's
	// root as they are (Hugo's static/).
	Static []string
	// Excluded are the folders and files under Content that are not part
	// of the site, as content-relative paths; a folder excludes all it
	// holds. ExcludeNames are names excluded at any depth; ExcludePrefix
	// excludes every name starting with it (Jekyll's "_") unless Include
	// lists the name.
	Excluded      []string
	ExcludeNames  []string
	ExcludeGlobs  []string // path.Match patterns on a name or content-relative path
	ExcludePrefix string
	Include       []string
	// Settings are the site settings read from the tool's configuration.
	Settings Settings
	// Read names, in order, what was read from File ("title", "baseURL",
	// "nav: 12 entries"), for the build's first line.
	Read []string
	// Nav is the navigation the tool's settings give (MkDocs nav:), in
	// order; empty when the order comes from the pages.
	Nav []NavEntry
	// Attachments is where the vault's settings put new attachments
	// (Obsidian's attachmentFolderPath), "" when not set.
	Attachments string
	// Redirects says which front matter key lists a page's old URLs
	// ("redirect_from" for Jekyll, "aliases" for Hugo and sitegen, "" for
	// an Obsidian vault, whose aliases are names).
	Redirects string
}

// Settings are the site settings a tool's configuration can give; empty
// strings are unset. site.toml, when present, wins key by key.
type Settings struct {
	Title        string
	BaseURL      string
	LanguageCode string
	Copyright    string
	Permalink    string // Jekyll's default permalink style
}

// NavEntry is one page of a configured navigation.
type NavEntry struct {
	// Path is the page's content-relative path ("rules/combat.md"); "" for
	// a heading that only groups entries.
	Path string
	// Title is the title the navigation gives the page ("" to keep the
	// page's own).
	Title string
	// Depth is 0 for a top entry.
	Depth int
}

// Skip reports whether the content-relative path rel (a folder when dir)
// is left out of the site.
func (l *Layout) Skip(rel string, dir bool) bool {
	name := path.Base(rel)
	if slices.Contains(l.Include, name) || slices.Contains(l.Include, rel) {
		return false
	}
	if l.ExcludePrefix != "" && strings.HasPrefix(name, l.ExcludePrefix) {
		return true
	}
	if slices.Contains(l.ExcludeNames, name) {
		return true
	}
	for _, e := range l.Excluded {
		if rel == e || strings.HasPrefix(rel, e+"/") {
			return true
		}
	}
	for _, g := range l.ExcludeGlobs {
		g = strings.Trim(g, "/")
		if ok, _ := path.Match(g, name); ok {
			return true
		}
		for p := rel; p != "." && p != ""; p = path.Dir(p) { // the path or a folder on it
			if ok, _ := path.Match(g, p); ok {
				return true
			}
		}
	}
	return false
}

// Describe is the build's first line: which layout was recognised and what
// was read from it.
func (l *Layout) Describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s", l.Kind)
	if l.File != "" {
		fmt.Fprintf(&b, " (%s)", l.File)
	}
	if l.Content == "." {
		b.WriteString(": pages from the folder itself")
	} else {
		fmt.Fprintf(&b, ": pages from %s/", l.Content)
	}
	if len(l.Static) > 0 {
		fmt.Fprintf(&b, ", static files from %s/", strings.Join(l.Static, "/, "))
	}
	if len(l.Read) > 0 {
		fmt.Fprintf(&b, "; read %s", strings.Join(l.Read, ", "))
	}
	return b.String()
}

// Default is sitegen's own layout: content/, static/ and site.toml.
func Default() *Layout {
	return &Layout{Kind: Sitegen, File: "site.toml", Content: "content", Static: []string{"static"}, Redirects: "aliases"}
}

// Folder is the layout of a plain folder of Markdown (a GitHub repository's
// docs): the folder is the content, its README.md the home page.
func Folder() *Layout {
	return &Layout{Kind: Markdown, Content: ".", Redirects: "aliases",
		ExcludeNames: []string{"node_modules"}}
}

// FirstFile returns the first of names that is a file in dir, or "" when
// none is: how each tool's settings file is found.
func FirstFile(dir string, names []string) string {
	for _, f := range names {
		if Exists(dir, f, false) {
			return f
		}
	}
	return ""
}

// Exists reports whether the slash path rel exists under dir (a folder
// when wantDir).
func Exists(dir, rel string, wantDir bool) bool {
	info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel)))
	return err == nil && info.IsDir() == wantDir
}

// CleanRel turns a folder named in a tool's settings into a clean
// source-relative slash path, or "" when it leaves the source folder.
func CleanRel(p string) string {
	if strings.TrimSpace(p) == "" {
		return ""
	}
	p = path.Clean(strings.ReplaceAll(strings.TrimSpace(p), "\\", "/"))
	p = strings.TrimPrefix(p, "./")
	if p == ".." || strings.HasPrefix(p, "../") || strings.HasPrefix(p, "/") {
		return ""
	}
	return p
}
