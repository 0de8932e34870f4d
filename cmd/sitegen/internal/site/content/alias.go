package content

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/markup"
)

// aliasTarget is the page an alias of mkdocs-alias-plugin names, and the
// link text the alias gives ("" for the page's title).
type aliasTarget struct {
	page *Page
	text string
}

// buildAliases indexes the aliases the pages' front matter declares, as
// mkdocs-alias-plugin reads them (https://github.com/EddyLuten/mkdocs-alias-plugin#usage):
// "alias: wuthering-heights"; "alias: {name: wuthering-heights, text: …}"
// (the link text); or a list of names ("these aliases cannot define a
// per-alias title and instead will use the page title"). "Aliases must
// be unique": a second page declaring one is a warning, and the alias
// stays the first page's (by path, the order MkDocs reads the files in).
func (s *Site) buildAliases(pages []*Page) {
	s.aliases = map[string]aliasTarget{}
	sorted := slices.Clone(pages)
	slices.SortFunc(sorted, func(a, b *Page) int { return cmp.Compare(a.Rel, b.Rel) })
	for _, p := range sorted {
		if p.File == "" || p.Meta == nil {
			continue
		}
		for _, a := range pageAliases(p.Meta["alias"]) {
			if prev, ok := s.aliases[a.name]; ok && prev.page != p {
				s.Warn.Addf(p.File, 0, 0, "alias", "alias %s already defined in %s, skipping (mkdocs-alias-plugin: aliases must be unique)", a.name, prev.page.File)
				continue
			}
			s.aliases[a.name] = aliasTarget{page: p, text: a.text}
		}
	}
}

// pageAlias is one alias a page declares.
type pageAlias struct{ name, text string }

// pageAliases reads the alias: front matter value v.
func pageAliases(v any) []pageAlias {
	switch v := v.(type) {
	case string:
		if v = strings.TrimSpace(v); v != "" {
			return []pageAlias{{name: v}}
		}
	case map[string]any:
		name, _ := v["name"].(string)
		text, _ := v["text"].(string)
		if name = strings.TrimSpace(name); name != "" {
			return []pageAlias{{name: name, text: text}}
		}
	case []any:
		var out []pageAlias
		for _, e := range v {
			if n, ok := e.(string); ok && strings.TrimSpace(n) != "" {
				out = append(out, pageAlias{name: strings.TrimSpace(n)})
			}
		}
		return out
	}
	return nil
}

// wikiByAlias is the target of [[alias]] (or [[alias#anchor]]) as
// mkdocs-alias-plugin writes it: "renders as a regular link to your
// page", its text the alias's text, else the page's title; an alias no
// page declares is the plugin's warning ("Alias 'my-alias' not found")
// and the text stays as written.
func (s *Site) wikiByAlias(target, frag string) markup.WikiTarget {
	a, ok := s.aliases[strings.TrimSpace(target)]
	if !ok {
		return markup.WikiTarget{AsText: true, Warning: fmt.Sprintf("Alias '%s' not found (mkdocs-alias-plugin): shown as written", target)}
	}
	// The plugin writes the anchor into the URL as it is ("url =
	// f"{url}#{tag_bits[1]}"", alias/plugin.py): an id works there, a
	// heading's text leads nowhere. sitegen gives the id of the heading
	// either names (the toc extension's slug of its text, which is
	// MkDocs' id), else the anchor as written.
	u := fragPart(frag)
	if id, problem := s.fragment(a.page, frag, a.page.File); problem == "" {
		u = id
	}
	return markup.WikiTarget{URL: s.Cfg.RelURL(a.page.SitePath) + u, Label: cmp.Or(a.text, a.page.Title)}
}
