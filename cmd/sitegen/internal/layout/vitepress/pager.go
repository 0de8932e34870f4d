package vitepress

import (
	"path"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
)

// pager is VitePress's previous and next links (usePrevNext,
// https://vitepress.dev/reference/default-theme-prev-next-links): the
// sidebar's links flattened, before and after the page's, each by its
// text, no section before it; a page's front matter prev/next "false"
// hides one, a string relabels it, "{ text, link }" relabels it and
// leads elsewhere (a link to a page written as the sidebar writes it:
// "/guide/a" is its URL); themeConfig.docFooter.prev/next false hides
// each where the page's front matter does not set it. l is the layout
// of the site at dir whose links it reads; theme its themeConfig, nil
// for none.
func pager(l *layout.Layout, dir string, theme *jsconfig.Object) func(meta map[string]any) (prev, next layout.PagerLink) {
	footer := theme.Object("docFooter")
	hidden := func(key string) bool {
		v, ok := footer.Get(key).(bool)
		return ok && !v
	}
	hidePrev, hideNext := hidden("prev"), hidden("next")
	read := func(v any, hide bool) layout.PagerLink {
		switch v := v.(type) {
		case nil:
			return layout.PagerLink{Hide: hide}
		case bool: // "frontmatter.prev === false"; true keeps it, docFooter's false or not
			return layout.PagerLink{Hide: !v}
		case string:
			return layout.PagerLink{Label: v, Hide: v == "" && hide}
		case map[string]any:
			return layout.PagerLink{Label: layout.Text(v["text"]), Link: pagerURL(l, dir, layout.Text(v["link"]))}
		}
		return layout.PagerLink{}
	}
	return func(meta map[string]any) (prev, next layout.PagerLink) {
		return read(meta["prev"], hidePrev), read(meta["next"], hideNext)
	}
}

// pagerURL is the URL of a front matter prev/next link: a page's ("/guide/a",
// "/guide/a.md", "/fr/guide/"), from the site's root, as the sidebar
// names it; any other as written.
func pagerURL(l *layout.Layout, dir, link string) string {
	if !strings.HasPrefix(link, "/") {
		return link
	}
	p, frag, _ := strings.Cut(link, "#")
	if rel := pageAt(dir, l.Content, strings.TrimPrefix(path.Clean(p), "/")); rel != "" {
		u := l.Rules.Page(rel, nil).URL
		if frag != "" {
			u += "#" + frag
		}
		return u
	}
	return link
}
