// Package mkdocs recognises an MkDocs project (mkdocs.yml at its root):
// docs_dir (default docs/) holds the pages; site_name, site_url and
// copyright are the site's settings; nav: gives the navigation's order and
// titles; the files exclude_docs names (and docs/templates/) are not
// published, nor those draft_docs names (shown with --drafts, as mkdocs
// serve shows them).
package mkdocs

import (
	"fmt"
	"path"
	"strings"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
)

// ConfigFiles are the names MkDocs reads its settings from.
var ConfigFiles = []string{"mkdocs.yml", "mkdocs.yaml"}

// Recognise returns the layout of the MkDocs project at dir, or nil when
// dir has no mkdocs.yml.
func Recognise(dir string) (*layout.Layout, error) {
	file := layout.FirstFile(dir, ConfigFiles)
	if file == "" {
		return nil, nil
	}
	raw, err := layout.ReadSetting(dir, file)
	if err != nil {
		return nil, err
	}
	// mkdocs.yml carries Python tags (!!python/name:…, !ENV) that only
	// MkDocs can read: the file is read as a tree of nodes, tags ignored.
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil, layout.YAMLError(file, err)
	}
	l := &layout.Layout{Kind: layout.MkDocs, File: file, Content: "docs", Redirects: "aliases", BadFrontMatter: true, DuplicateURL: layout.KeepLastWalked,
		ReadmeBesideIndex: layout.SkipReadme, FirstLineTitle: true, FilesFirst: true, KeepCase: true,
		UnpublishedPaths: []layout.PathRule{{Reason: ExcludeReason, Patterns: layout.ParseIgnore(defaultExcludes)}}}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return l, nil
	}
	root := doc.Content[0]
	// A key set twice keeps its last value, as PyYAML reads it (5thSRD's
	// mkdocs.yml ends with an empty plugins:, so MkDocs runs the default
	// plugins only); the build reports it.
	var lines = map[string][]int{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k := root.Content[i].Value
		lines[k] = append(lines[k], root.Content[i].Line)
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if ls := lines[root.Content[i].Value]; len(ls) > 1 && ls[0] == root.Content[i].Line {
			l.Tolerated = append(l.Tolerated, layout.DuplicateKey{Key: root.Content[i].Value, Lines: ls}.Error(file))
		}
	}
	get := func(key string) *yaml.Node {
		var last *yaml.Node
		for i := 0; i+1 < len(root.Content); i += 2 {
			if root.Content[i].Value == key {
				last = root.Content[i+1]
			}
		}
		return last
	}
	str := func(key string) string {
		if n := get(key); n != nil && n.Kind == yaml.ScalarNode && n.Value != "" {
			l.Read = append(l.Read, key)
			return n.Value
		}
		return ""
	}
	if d, err := l.Folder(dir, "docs_dir", str("docs_dir")); err != nil {
		return nil, err
	} else if d != "" {
		l.Content = d
	}
	l.Settings.Title = str("site_name")
	l.Settings.BaseURL = str("site_url")
	l.Settings.Copyright = str("copyright")
	// exclude_docs and draft_docs: .gitignore patterns under docs_dir.
	// MkDocs always puts ".*" (hidden names, which sitegen never
	// publishes) and "/templates/" before exclude_docs.
	l.UnpublishedPaths[0].Patterns = layout.ParseIgnore(append([]string{defaultExcludes}, patterns(get("exclude_docs"))...)...)
	if p := patterns(get("draft_docs")); len(p) > 0 {
		l.UnpublishedPaths = append(l.UnpublishedPaths, layout.PathRule{Reason: DraftReason, Patterns: layout.ParseIgnore(p...), Preview: true})
	}
	for _, key := range []string{"exclude_docs", "draft_docs"} {
		if get(key) != nil {
			l.Read = append(l.Read, key)
		}
	}
	if n := get("nav"); n != nil {
		l.Nav = navEntries(n, 0, nil)
		l.Read = append(l.Read, fmt.Sprintf("nav (%d entries)", len(l.Nav)))
	}
	return l, nil
}

// What the build's report says of what MkDocs does not publish.
const (
	ExcludeReason = "exclude_docs (MkDocs)"
	DraftReason   = "draft_docs (MkDocs)"
)

// defaultExcludes is what MkDocs puts before exclude_docs, but for ".*"
// (hidden names, which sitegen never publishes, whatever a "!" says).
const defaultExcludes = "/templates/"

// patterns reads exclude_docs or draft_docs: a block of lines (as MkDocs
// documents it) or a list of them.
func patterns(n *yaml.Node) []string {
	switch {
	case n == nil:
		return nil
	case n.Kind == yaml.ScalarNode:
		return []string{n.Value}
	case n.Kind == yaml.SequenceNode:
		var out []string
		for _, c := range n.Content {
			if c.Kind == yaml.ScalarNode {
				out = append(out, c.Value)
			}
		}
		return out
	}
	return nil
}

// navEntries flattens MkDocs' nav: (a list whose items are "page.md",
// {Title: page.md}, {Title: [items]} or {Title: https://…}) in order.
func navEntries(n *yaml.Node, depth int, out []layout.NavEntry) []layout.NavEntry {
	if n.Kind != yaml.SequenceNode {
		return out
	}
	for _, item := range n.Content {
		switch item.Kind {
		case yaml.ScalarNode:
			if p := pagePath(item.Value); p != "" {
				out = append(out, layout.NavEntry{Path: p, Depth: depth})
			}
		case yaml.MappingNode:
			for i := 0; i+1 < len(item.Content); i += 2 {
				title, v := item.Content[i].Value, item.Content[i+1]
				switch v.Kind {
				case yaml.ScalarNode:
					if p := pagePath(v.Value); p != "" {
						out = append(out, layout.NavEntry{Path: p, Title: title, Depth: depth})
					}
				case yaml.SequenceNode:
					out = append(out, layout.NavEntry{Title: title, Depth: depth})
					out = navEntries(v, depth+1, out)
				}
			}
		}
	}
	return out
}

// pagePath is a nav item's docs-relative Markdown path, or "" for a link
// elsewhere.
func pagePath(v string) string {
	if strings.Contains(v, "://") || !strings.HasSuffix(v, ".md") {
		return ""
	}
	return path.Clean(strings.TrimPrefix(v, "/"))
}
