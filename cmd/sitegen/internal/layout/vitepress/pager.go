package vitepress

import (
	"cmp"
	"net/url"
	"path"
	"regexp"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
	"d6codex/cmd/sitegen/internal/markup/rawhtml"
	"d6codex/templates"
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
	// label reads a label as VPDocFooter shows it: "<span class="title"
	// v-html="control.prev.text">" (1.6.4), its inline markup kept where
	// sitegen's raw-HTML policy keeps it (layout.NavLabel).
	label := func(s string) (text, html string) {
		var z *rawhtml.Sanitizer
		if strings.Contains(s, "<") {
			z = rawhtml.New()
		}
		text, html, _ = layout.NavLabel(s, z)
		return text, html
	}
	read := func(v any, hide bool) layout.PagerLink {
		switch v := v.(type) {
		case nil:
			return layout.PagerLink{Hide: hide}
		case bool: // "frontmatter.prev === false"; true keeps it, docFooter's false or not
			return layout.PagerLink{Hide: !v}
		case string:
			text, html := label(v)
			return layout.PagerLink{Label: text, LabelHTML: html, Hide: v == "" && hide}
		case map[string]any:
			u := pagerURL(l, dir, layout.Text(v["link"]))
			text, html := label(layout.Text(v["text"]))
			return layout.PagerLink{Label: text, LabelHTML: html, Link: u, SitePath: strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//")}
		}
		return layout.PagerLink{}
	}
	return func(meta map[string]any) (prev, next layout.PagerLink) {
		if lay, ok := meta["layout"]; ok && lay != "doc" {
			// The pager is VPDoc's, shown for "layout: doc" alone, not
			// for "home", "page" or a custom layout.
			return layout.PagerLink{Hide: true}, layout.PagerLink{Hide: true}
		}
		return read(meta["prev"], hidePrev), read(meta["next"], hideNext)
	}
}

// setPager sets c's previous and next links (pager) as themeConfig
// theme says them, read from the layout l's site at dir (c is l, or one
// of its locales), and the words above them
// (https://vitepress.dev/reference/default-theme-config#docfooter:
// "customize text appearing above previous and next links",
// VPDocFooter's "theme.docFooter?.prev || 'Previous page'"), and whether
// its language switcher leads to each locale's home page
// (https://vitepress.dev/reference/default-theme-config#i18nrouting:
// "themeConfig.i18nRouting to false"; useLangs's
// "theme.value.i18nRouting !== false && correspondingLink").
func setPager(c, l *layout.Layout, dir string, theme *jsconfig.Object) {
	c.Pager = pager(l, dir, theme)
	// "uniqBy(links, …)"; "candidates[index + 1]" where the page is not
	// in the sidebar (index -1): the first, of the sidebar every page
	// shows (an array) or of its key's ("sidebar: { '/guide/': … }" is
	// none outside its keys: layout.Layout.SidebarKeys; measured with
	// VitePress 1.6.4: a page of '/rel/' whose link is 'rel/one' has
	// '/rel/' sidebar's first as its next).
	switch theme.Get("sidebar").(type) {
	case []any, *jsconfig.Object:
		c.PagerFirst = true
	}
	c.PagerOnce = true
	footer := theme.Object("docFooter")
	c.PrevText, c.NextText = layout.LabelText(str(footer, "prev")), layout.LabelText(str(footer, "next"))
	if !templates.HasWords(c.Settings.LanguageCode) {
		// VitePress's own English words; a site in a language sitegen
		// has words in gets those, as its other words around the pages.
		c.PrevText, c.NextText = cmp.Or(c.PrevText, "Previous page"), cmp.Or(c.NextText, "Next page")
	}
	c.Words = themeWords(theme)
	routing, ok := theme.Get("i18nRouting").(bool)
	c.LocaleHomes = ok && !routing
}

// pagerURL is the URL of a front matter prev/next link as VitePress's
// VPLink writes it (normalizeLink): a page's from the site's root
// ("/guide/a", "/guide/a.md", "/fr/guide/", and "guide/a", which it reads
// from the root too), as the sidebar names it; one that starts with dots
// ("./c.md", "../guide/a") relative to the page, its ".md" made ".html"
// (nothing with cleanUrls); any other as written.
func pagerURL(l *layout.Layout, dir, link string) string {
	link = normalizeLink(link, l.Rules)
	if !strings.HasPrefix(link, "/") {
		return link
	}
	p, frag, _ := strings.Cut(link, "#")
	p = strings.TrimSuffix(p, ".html")
	if rel := pageAt(dir, l.Content, strings.TrimPrefix(path.Clean(p), "/")); rel != "" {
		u := l.Rules.Page(rel, nil).URL
		if frag != "" {
			u += "#" + frag
		}
		return u
	}
	return link
}

// leadingDots is normalizeLink's "(?:(^\.+)\/)?": the dots a relative
// link starts with.
var leadingDots = regexp.MustCompile(`^(\.+)/`)

// normalizeLink is VitePress's normalizeLink
// (theme-default/support/utils.js) of a link of the site: its path read
// from the root ("new URL(url, 'http://a.com')"), ".md" or nothing made
// ".html" (nothing with cleanUrls) unless it ends with "/" or ".html",
// after the dots it starts with ("./", "../"), if any. A link elsewhere,
// a fragment alone or a file that is not a page is as written.
func normalizeLink(link string, r layout.Rules) string {
	if link == "" || external(link) || strings.HasPrefix(link, "#") || strings.Contains(link, ":") {
		return link
	}
	u, err := url.Parse(link)
	if err != nil {
		return link
	}
	pathname := (&url.URL{Scheme: "http", Host: "a.com", Path: "/"}).ResolveReference(u).Path
	if ext := path.Ext(pathname); ext != "" && ext != ".md" && ext != ".html" || strings.HasSuffix(pathname, "/") || strings.HasSuffix(pathname, ".html") {
		return link
	}
	html := ".html"
	if vr, ok := r.(rules); ok && !vr.html {
		html = ""
	}
	out := strings.TrimSuffix(pathname, ".md") + html
	if m := leadingDots.FindStringSubmatch(link); m != nil {
		out = m[1] + out
	}
	if u.RawQuery != "" {
		out += "?" + u.RawQuery
	}
	if u.Fragment != "" {
		out += "#" + u.Fragment
	}
	return out
}

// themeWords are the default theme's words a site's themeConfig sets for
// sitegen's (https://vitepress.dev/reference/default-theme-config):
// "outline.label: The title to be displayed on the outline. Default 'On
// this page'" (and the older outlineTitle), "sidebarMenuLabel: Can be
// used to customize the label of the sidebar menu. Only displayed in
// mobile view", "lastUpdated.text" (and the older lastUpdatedText).
func themeWords(theme *jsconfig.Object) templates.Words {
	var w templates.Words
	w.OnThisPage = cmp.Or(str(theme.Object("outline"), "label"), str(theme, "outlineTitle"))
	w.Menu = str(theme, "sidebarMenuLabel")
	w.LastUpdated = cmp.Or(str(theme.Object("lastUpdated"), "text"), str(theme, "lastUpdatedText"))
	return w
}
