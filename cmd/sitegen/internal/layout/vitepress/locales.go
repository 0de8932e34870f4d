package vitepress

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
)

// RootLocale is the key of the locale whose pages are at the site's root
// (https://vitepress.dev/guide/i18n: "locales: { root: { label:
// 'English', lang: 'en' }, fr: { … } }").
const RootLocale = "root"

// maxLocales bounds the locales built: each is a whole site.
const maxLocales = 64

// readLocales applies VitePress's i18n (https://vitepress.dev/guide/i18n)
// to l, the layout of the site at dir whose settings are obj, its
// top-level settings and themeConfig already read:
//
//   - "The following properties can be overridden for each locale
//     (including root): lang, dir, title, … themeConfig // will be
//     shallow merged, common stuff can be put in top-level themeConfig
//     entry": locales.root's are the site's at its root, each other
//     key's are its locale's, over the top level's; a themeConfig key
//     (sidebar, nav) a locale sets replaces the top level's.
//   - "docs/ ├─ es/ │ ├─ foo.md ├─ fr/ │ ├─ foo.md ├─ foo.md": each
//     other key KEY is a locale whose pages are those of srcDir/KEY/,
//     published under /KEY/ (file-based routing), and not the root's;
//     its links are written with its folder ("/fr/guide/a").
//   - label is what the language switcher shows (its key when unset).
//
// A locale VitePress has no folder for is not built (a note says so).
func readLocales(l *layout.Layout, obj *jsconfig.Object, dir string) {
	locs, ok := obj.Get("locales").(*jsconfig.Object)
	if !ok || len(locs.Keys) < 2 {
		return // one locale is no i18n
	}
	top := obj.Object("themeConfig")
	var out []layout.Locale
	// A locale's settings are the top level's with its own over them
	// (resolveSiteDataByRoute), not the root locale's.
	topSettings, topTitle := l.Settings, l.DocTitle
	rootLoc := layout.Locale{Name: RootLocale, Label: RootLocale}
	links := map[string]string{} // each locale's link as written
	if root := locs.Object(RootLocale); root != nil {
		override(l, root)
		rootLoc.Label = cmp.Or(str(root, "label"), RootLocale)
		links[""] = str(root, "link")
		if th := root.Object("themeConfig"); th != nil {
			l.Nav, l.NavAsWritten, l.NavRest, l.SidebarKeys = nil, false, false, nil
			readTheme(l, merge(top, th), nil, dir, l.File, "")
			setPager(l, l, dir, merge(top, th))
		}
	}
	rootLoc.Lang, rootLoc.Dir = l.Settings.LanguageCode, l.Settings.Direction
	out = append(out, rootLoc)
	for _, k := range locs.Keys {
		o := locs.Object(k)
		if k == RootLocale || o == nil {
			continue
		}
		if k == "" || strings.ContainsAny(k, `/\.`) || strings.HasPrefix(k, "_") || !layout.Exists(dir, path.Join(l.Content, k), true) {
			l.Notes = append(l.Notes, fmt.Sprintf("%s: locale %q has no folder %s/%s: not built", l.File, k, l.Content, k))
			continue
		}
		if len(out) >= maxLocales {
			l.Notes = append(l.Notes, fmt.Sprintf("%s: locale %q is not built: sitegen builds at most %d locales", l.File, k, maxLocales))
			continue
		}
		c := localeLayout(l, k)
		c.Settings.Title, c.Settings.LanguageCode, c.Settings.Direction = topSettings.Title, topSettings.LanguageCode, topSettings.Direction
		c.DocTitle = topTitle
		override(c, o)
		if th := merge(top, o.Object("themeConfig")); th != nil {
			readTheme(c, th, nil, dir, l.File, k+"/")
			setPager(c, l, dir, th)
		}
		l.Notes = append(l.Notes, c.Notes...)
		c.Notes = nil
		l.Excluded = append(l.Excluded, k) // not the root's pages
		links[k] = str(o, "link")
		out = append(out, layout.Locale{Name: k, Label: cmp.Or(str(o, "label"), k), Lang: c.Settings.LanguageCode, Dir: c.Settings.Direction,
			Path: k, Layout: c})
	}
	if len(out) < 2 {
		return
	}
	// A link is read from the whole site's root, whose pages are every
	// locale's: one to another locale's page leads there.
	for i := range out {
		c := out[i].Layout
		if c == nil {
			c = l
		} else {
			c.ToolRouteUp = out[i].Path + "/"
		}
		c.LocaleRoute = localeRoute(l, out, out[i].Path, dir)
	}
	for i := range out {
		out[i].Link = localeLink(links[out[i].Path])
	}
	// public/ is published once, at the site's root, which every
	// locale's pages link ("/logo.png" on a page of fr/).
	l.StaticAtRoot = true
	l.Read = append(l.Read, fmt.Sprintf("locales (%d)", len(out)))
	l.Locales = out
}

// localeLayout is the layout of locale k's site: l's, its pages those of
// its folder, its links written with it, its navigation its own.
func localeLayout(l *layout.Layout, k string) *layout.Layout {
	cp := *l
	c := &cp
	c.Locales, c.Notes = nil, nil // the root's build reports them
	c.Read = slices.Clone(l.Read)
	c.Content = path.Join(l.Content, k)
	c.Excluded = []string{}
	c.Ignore = nil          // public/ is srcDir's, not the locale folder's
	c.NoNotFoundPage = true // VitePress writes one 404.html, at the root
	// srcExclude's globs are relative to srcDir, its pages' to srcDir/k.
	c.UnpublishedPaths = slices.Clone(l.UnpublishedPaths)
	for i := range c.UnpublishedPaths {
		c.UnpublishedPaths[i].Under = path.Join(c.UnpublishedPaths[i].Under, k)
	}
	c.Nav, c.NavAsWritten, c.NavRest, c.SidebarKeys = nil, false, false, nil // its own sidebar's keys
	c.LinkBase = path.Join("/", l.LinkBase, k) + "/"
	return c
}

// override sets the title, lang, dir and titleTemplate locale o gives l.
func override(l *layout.Layout, o *jsconfig.Object) {
	if s := str(o, "title"); s != "" {
		l.Settings.Title = s
	}
	if s := str(o, "lang"); s != "" {
		l.Settings.LanguageCode = s
	}
	if s := str(o, "dir"); s == "rtl" || s == "ltr" {
		l.Settings.Direction = s
	}
	if tmpl, set := titleTemplate(o); set { // "titleTemplate?: string | boolean"
		l.DocTitle = docTitle(tmpl)
	}
}

// merge is themeConfig top with the keys over sets in place of its own
// ("will be shallow merged"); nil when both are.
func merge(top, over *jsconfig.Object) *jsconfig.Object {
	switch {
	case over == nil:
		return top
	case top == nil:
		return over
	}
	m := &jsconfig.Object{Values: map[string]any{}, Lines: map[string]int{}, Cols: map[string]int{}}
	for _, o := range []*jsconfig.Object{top, over} {
		for _, k := range o.Keys {
			if _, ok := m.Values[k]; !ok {
				m.Keys = append(m.Keys, k)
			}
			m.Values[k], m.Lines[k], m.Cols[k] = o.Values[k], o.Lines[k], o.Cols[k]
		}
	}
	return m
}

// str is o's string key, "" when o is nil or it is not one.
func str(o *jsconfig.Object, key string) string {
	if o == nil {
		return ""
	}
	s, _ := o.String(key)
	return s
}

// localeRoute is the LocaleRoute of the site of locale self (its Path,
// "" for the root's), one of locales of l: the site path of the page
// another locale's folder has at sp, from the whole site's root
// ("/fr/guide/a" or "/fr/guide/a.md": fr/guide/a.md's URL under /fr/),
// "" for none.
func localeRoute(l *layout.Layout, locales []layout.Locale, self, dir string) func(sp string) string {
	return func(sp string) string {
		p := strings.TrimPrefix(path.Clean("/"+sp), "/")
		var root layout.Locale
		for _, loc := range locales {
			if loc.Path == "" {
				root = loc
				continue
			}
			rest, ok := strings.CutPrefix(p+"/", loc.Path+"/")
			if !ok {
				continue
			}
			if loc.Path == self {
				return "" // this site's own: not another's
			}
			if rel := pageAt(dir, loc.Layout.Content, strings.TrimSuffix(rest, "/")); rel != "" {
				return "/" + loc.Path + loc.Layout.Rules.Page(rel, nil).URL
			}
			return ""
		}
		if self == "" || root.Path != "" {
			return ""
		}
		if rel := pageAt(dir, l.Content, p); rel != "" {
			return l.Rules.Page(rel, nil).URL
		}
		return ""
	}
}

// pageAt is the content-relative page file (of folder content) a link's
// path p names, as VitePress resolves it: "guide/a", "guide/a.md" and
// "guide/a.html" are guide/a.md, "" and "guide" guide/index.md too; ""
// for none.
func pageAt(dir, content, p string) string {
	p = strings.TrimSuffix(strings.TrimSuffix(p, ".html"), ".md")
	for _, rel := range []string{p + ".md", path.Join(p, "index.md")} {
		rel = path.Clean(rel)
		if rel != ".." && !strings.HasPrefix(rel, "../") && !strings.HasPrefix(rel, "/") && layout.Exists(dir, path.Join(content, rel), false) {
			return rel
		}
	}
	return ""
}

// localeLink is what the language switcher's links to a locale start
// with, from its link as written: VitePress's "link: '/fr/guide' //
// default /fr/ -- shows on navbar translations menu, can be external"
// (https://vitepress.dev/guide/i18n), to which the switcher adds the
// page's path (link.replace(/\/$/, "") + ensureStartingSlash(path),
// useLangs): with one slash at its end; "" when unset.
func localeLink(link string) string {
	if link == "" {
		return ""
	}
	if !strings.Contains(link, "://") && !strings.HasPrefix(link, "/") {
		link = "/" + link
	}
	return strings.TrimRight(link, "/") + "/"
}
