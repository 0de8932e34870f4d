package layout

import (
	"path"
	"strings"
	"time"
)

// What a tool does not publish
//
// Every tool has its "do not publish" flags: Hugo's draft: true, a future
// publishDate, Jekyll's published: false, Obsidian Publish's
// publish: false, MkDocs' exclude_docs patterns. A layout states its
// tool's rules through four fields of Layout, and the content model
// (package site) applies them, for every layout the same way:
//
//   - Unpublished(meta, rel) string: the reason the tool would not publish
//     the page at content-relative path rel whose front matter is meta
//     (never nil; with the values its sections pass down, see Inherit), in
//     the tool's own words ("publish: false (Obsidian Publish)",
//     "published: false (Jekyll)"), or "" when it would. sitegen's own
//     draft: true applies in every layout besides it.
//   - Unlisted(meta, rel) string: the reason a page the tool publishes is
//     kept out of the navigation, the section lists, the reading order,
//     the tag pages, the search index and sitemap.xml (Hugo's
//     build: {list: never}, Docusaurus' unlisted: true), or "". Its URL
//     works; links to it are made.
//   - UnpublishedPaths: content-relative paths whose pages and files are
//     not published (MkDocs' exclude_docs and draft_docs, Jekyll's
//     _drafts/), as gitignore-style patterns (ParseIgnore) with a reason,
//     or of pages only (VitePress' srcExclude and Docusaurus' exclude,
//     globs: ParseGlobs); they are read
//     (so that the report counts them and links to them are recognised)
//     even where the layout's Skip would leave the folder out.
//   - Inherit(rel, sections) map[string]any: the front matter values a
//     page gets from the section pages above it (Hugo's cascade), given
//     their front matter nearest first (a section page is its own first);
//     the page's own values win. Nil: none.
//
// A page or file that is not published reaches nothing of the output: no
// page, search index entry, sitemap.xml line, redirect, tag page, embed
// or wikilink name; a published page that links to it gets a warning at
// the link, which is shown as its text. The build's report counts them by
// reason (--all lists them). `--drafts` includes them for a local preview,
// all but the rules whose Preview is false (MkDocs' exclude_docs: not
// even `mkdocs serve` shows those).
//
// A layout written for another tool (Quartz's ExplicitPublish and
// RemoveDrafts filters, Docusaurus' draft: true and unlisted: true)
// supplies its own Unpublished and Unlisted; the helpers below read the
// values tools write loosely (publish: "false", dates as text).

// The flags of Obsidian Publish and Jekyll, as the build's report names
// them.
const (
	PublishFalse   = "publish: false (Obsidian Publish)"
	PublishedFalse = "published: false (Jekyll)"
)

// NotesFlags is the Unpublished of the layouts that belong to no tool
// (sitegen's own and a plain folder of Markdown): notes written in
// Obsidian or for Jekyll keep their flag wherever they are built, since a
// page that says not to publish it must not be published by accident
// (Obsidian Publish's publish: false, Jekyll's published: false).
func NotesFlags(meta map[string]any, _ string) string {
	switch {
	case False(meta["publish"]):
		return PublishFalse
	case False(meta["published"]):
		return PublishedFalse
	}
	return ""
}

// The Obsidian Digital Garden plugin (https://github.com/oleeskild/obsidian-digital-garden)
// publishes a note only on request: "Only notes you explicitly mark with
// dg-publish: true ever leave your vault" (its README), and the note whose
// front matter says dg-home: true is the garden's home page (the plugin's
// key IS_HOME = "dg-home"). Its notes are kept in a vault or a folder of
// Markdown (Layout.Garden); when the plugin is in use there (the vault's
// community plugins list it, or any note sets dg-publish), a note without
// dg-publish: true is not published, and the one published note with
// dg-home: true is the home page where no other page is.
const (
	GardenPublishKey = "dg-publish"
	GardenHomeKey    = "dg-home"
	// GardenPlugin is the plugin's id in .obsidian/community-plugins.json.
	GardenPlugin = "digitalgarden"
	// GardenPluginsFile is where a vault lists the plugins it enables.
	GardenPluginsFile = ".obsidian/community-plugins.json"
	// The reasons the build's report gives.
	GardenFalse   = "dg-publish: false (Digital Garden)"
	GardenMissing = "no dg-publish: true (Digital Garden)"
)

// GardenUnpublished is the Digital Garden plugin's rule for one note, in a
// source where the plugin is in use: the reason it is not published, or
// "" when its front matter says dg-publish: true (or "true").
func GardenUnpublished(meta map[string]any) string {
	switch v := meta[GardenPublishKey]; {
	case True(v):
		return ""
	case False(v):
		return GardenFalse
	}
	return GardenMissing
}

// SetsGarden reports whether a note's front matter sets one of the
// Digital Garden plugin's flags (dg-publish or dg-home), whatever its
// value: a note that does is written for the plugin.
func SetsGarden(meta map[string]any) bool {
	_, p := meta[GardenPublishKey]
	_, h := meta[GardenHomeKey]
	return p || h
}

// PathRule is a set of paths a tool does not publish.
type PathRule struct {
	// Reason is what the build's report says ("exclude_docs (MkDocs)").
	Reason string
	// Patterns are in the .gitignore pattern format (see Ignore), matched
	// against content-relative paths.
	Patterns *Ignore
	// Preview is set when --drafts shows them, as the tool's own preview
	// does (MkDocs' draft_docs under mkdocs serve, Jekyll's _drafts/ with
	// jekyll build --drafts).
	Preview bool
	// Pages is set when the rule names pages only (VitePress' srcExclude
	// and Docusaurus' exclude match "markdown files"): the other files it
	// matches are published as any others (a picture a page shows).
	Pages bool
	// Under is the folder the patterns are relative to where the layout
	// reads a part of it: a VitePress locale's site, whose paths are
	// relative to srcDir/fr while srcExclude's are to srcDir ("fr"); ""
	// for the layout's own folder.
	Under string
}

// Match reports whether the rule names the content-relative path rel (a
// folder when dir).
func (r *PathRule) Match(rel string, dir bool) bool {
	if r.Under != "" {
		rel = path.Join(r.Under, rel)
	}
	return r.Patterns.Match(rel, dir)
}

// UnpublishedPath returns the first rule of UnpublishedPaths that matches
// the content-relative path rel (a folder when dir), or nil.
func (l *Layout) UnpublishedPath(rel string, dir bool) *PathRule {
	for i := range l.UnpublishedPaths {
		if l.UnpublishedPaths[i].Match(rel, dir) {
			return &l.UnpublishedPaths[i]
		}
	}
	return nil
}

// UnpublishedFile is UnpublishedPath for a file that is not a page: the
// rules for pages only (PathRule.Pages) do not apply to it.
func (l *Layout) UnpublishedFile(rel string) *PathRule {
	for i := range l.UnpublishedPaths {
		if r := &l.UnpublishedPaths[i]; !r.Pages && r.Match(rel, false) {
			return r
		}
	}
	return nil
}

// True reports whether v is true as tools read a flag: the boolean, or
// the text "true" in any case (Obsidian's property editor writes
// publish: "true").
func True(v any) bool {
	switch v := v.(type) {
	case bool:
		return v
	case string:
		return strings.EqualFold(strings.TrimSpace(v), "true")
	}
	return false
}

// False reports whether v is false as tools read a flag: the boolean, or
// the text "false" in any case.
func False(v any) bool {
	switch v := v.(type) {
	case bool:
		return !v
	case string:
		return strings.EqualFold(strings.TrimSpace(v), "false")
	}
	return false
}

// dateLayouts are the forms of a date in front matter that Hugo and
// Jekyll read (a TOML or YAML date is decoded already).
var dateLayouts = []string{
	time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05 -0700", "2006-01-02 15:04:05 -07:00",
	"2006-01-02 15:04:05Z07:00", "2006-01-02 15:04:05", "2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02",
}

// Time reads a date of front matter: a decoded YAML or TOML date, or text
// in one of the usual forms; a date without a zone is UTC (Hugo's default
// timeZone). ok is false for a value that is not a date; a missing one is
// the zero time and ok.
func Time(v any) (t time.Time, ok bool) {
	switch v := v.(type) {
	case nil:
		return time.Time{}, true
	case time.Time: // a TOML local date is at offset 0 (UTC) already
		return v, true
	case string:
		s := strings.TrimSpace(v)
		if s == "" {
			return time.Time{}, true
		}
		for _, l := range dateLayouts {
			if t, err := time.Parse(l, s); err == nil {
				return t, true
			}
		}
	}
	return time.Time{}, false
}
