// Package mkdocs recognises an MkDocs project (mkdocs.yml at its root):
// docs_dir (default docs/) holds the pages; site_name, site_url and
// copyright are the site's settings; nav: gives the navigation's order and
// titles.
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
	l := &layout.Layout{Kind: layout.MkDocs, File: file, Content: "docs", Redirects: "aliases"}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return l, nil
	}
	root := doc.Content[0]
	get := func(key string) *yaml.Node {
		for i := 0; i+1 < len(root.Content); i += 2 {
			if root.Content[i].Value == key {
				return root.Content[i+1]
			}
		}
		return nil
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
	if n := get("nav"); n != nil {
		l.Nav = navEntries(n, 0, nil)
		l.Read = append(l.Read, fmt.Sprintf("nav (%d entries)", len(l.Nav)))
	}
	return l, nil
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
