package site

import (
	"context"
	"fmt"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/templates"
)

// A site in more than one language (layout.Layout.Locales: Docusaurus's
// i18n.locales) is built as the tool builds it: the default locale's
// site at the root, each other one a whole site of its own (its pages,
// navigation, search index, sitemap and 404 page) in its folder of the
// output, from its own layout, and every page's header links to the page
// in the others. The locales render into the staging directory of the
// build, so a problem in any of them publishes none.

// localeLinks are the locale switcher's entries of a site whose default
// locale is at the base path base, the locale named current marked.
func localeLinks(locs []localeSite, base, current string) []templates.LocaleLink {
	var out []templates.LocaleLink
	for _, l := range locs {
		b := base
		switch {
		case l.host != "" && l.name == current:
			b = hostPath(l.host) // its site's own base path
		case l.host != "":
			b = strings.TrimSuffix(l.host, "/") + "/" // another host: absolute
		case l.path != "":
			b = path.Join(base, l.path) + "/"
		}
		link := l.link
		if link != "" && !strings.Contains(link, "://") { // a URL of the site: under its base path
			link = strings.TrimSuffix(base, "/") + link
		}
		out = append(out, templates.LocaleLink{Label: l.label, Lang: l.lang, Base: b, Current: l.name == current, Default: l.path == "", Link: link})
	}
	return out
}

// localeSite is one locale of the site, as the build needs it.
type localeSite struct {
	name, label, lang, path string
	host                    string // its own base URL (layout.Locale.BaseURL), "" for none
	link                    string // where the switcher leads from a page it has no translation of (layout.Locale.Link)
	build                   bool   // a site of its own (not the default)
}

// localeSites are the layout's locales; none for a site of one language.
func (s *Site) localeSites() []localeSite {
	var out []localeSite
	for _, l := range s.Lay.Locales {
		out = append(out, localeSite{name: l.Name, label: l.Label, lang: l.Lang, path: l.Path, host: l.BaseURL, build: l.Layout != nil, link: l.Link})
	}
	return out
}

// renderedLocale is a locale's site, rendered into the staging
// directory.
//
// What its build reported is kept, not its Site: a locale's pages are
// let go before the next locale loads.
type renderedLocale struct {
	name        string
	translation func(file string) string
	out         *assets.Output
	pages       int
	errs, warns content.Diagnostics
	info        string // what was built, for the build's report
	// site is the locale's site when it keeps its dependency graph
	// (preloadLocales' updatable), for the Updates of serve; nil
	// otherwise.
	site *Site
	path string // its folder of the output
}

// localeOpts are the options of locale l's site, published in dest's
// folder l.Path.
func (s *Site) localeOpts(l layout.Locale, dest string) content.Options {
	opts := s.Opts
	opts.Layout = l.Layout
	opts.BaseURL = baseWith(s.Cfg.BaseURL, l.Path)
	if l.BaseURL != "" {
		opts.BaseURL = l.BaseURL // served at its own host, not under the site's
	}
	opts.ReuseBuild = false // the body cache knows the files, not their translations
	opts.Dest = filepath.Join(dest, filepath.FromSlash(l.Path))
	return opts
}

// ownContent reports whether the site's locales have pages of their own,
// no page of the default locale standing in for a missing translation
// (layout.Layout.TranslationKey: Hugo's languages). Its switcher then links
// a page to its translations only, which every locale's pages must be
// loaded to know.
func ownContent(lay *layout.Layout) bool {
	return lay.TranslationKey != nil
}

// preloadLocales loads the further locales of a site whose locales have
// pages of their own (ownContent) before the default one renders, so that
// every page's switcher knows which translations there are: the sites by
// locale name, nil when the locales fall back on the default's pages.
//
// With updatable, each keeps its dependency graph (see load), for the
// Updates of serve (localeupdate.go).
func (s *Site) preloadLocales(ctx context.Context, dest string, updatable bool) (map[string]*Site, error) {
	if !ownContent(s.Lay) {
		return nil, nil
	}
	out := map[string]*Site{}
	for _, l := range s.Lay.Locales {
		if l.Layout == nil {
			continue
		}
		ls, err := load(ctx, s.localeOpts(l, dest), updatable)
		if err != nil {
			return nil, fmt.Errorf("locale %s: %w", l.Name, err)
		}
		ls.parent = s
		out[l.Name] = ls
	}
	return out, nil
}

// with is sites and site s of locale name.
func with(sites map[string]*Site, name string, s *Site) map[string]*Site {
	out := maps.Clone(sites)
	out[name] = s
	return out
}

// translationIndex is, for each locale of sites (ownContent, by
// locale name), the URL of its page of each translation key
// (layout.Layout.TranslationKey).
func translationIndex(sites map[string]*Site) map[string]map[string]string {
	out := map[string]map[string]string{}
	for name, ls := range sites {
		if ls.Lay.TranslationKey == nil {
			continue // no page of it is a translation: links lead to its home page
		}
		m := make(map[string]string, len(ls.Pages))
		for _, p := range ls.Pages {
			if p.RedirectTo == "" {
				m[ls.Lay.TranslationKey(p.Rel, p.Meta)] = ls.Cfg.RelURL(p.SitePath)
			}
		}
		out[name] = m
	}
	return out
}

// translations are the locale switcher's entries links for the pages of
// locale cur (ownContent): each other locale's link to a page of cur
// leads to its translation there (index, translationIndex, which holds
// cur's pages too), or to that locale's home page when it has none, as
// Hugo's .Translations lists only the translations there are: never a
// link to a page the locale does not have.
func translations(links []templates.LocaleLink, locs []localeSite, index map[string]map[string]string, cur string) []templates.LocaleLink {
	out := slices.Clone(links)
	for i := range out {
		if out[i].Current {
			continue
		}
		to := index[locs[i].name]
		pages := map[string]string{}
		for key, from := range index[cur] {
			if u, ok := to[key]; ok {
				pages[from] = hostOrigin(locs[i].host) + u
			}
		}
		out[i].Pages = pages
	}
	return out
}

// renderLocales builds each further locale of the site into its folder
// of staging (dest's when in place), as render built the default one;
// pre are their sites when preloadLocales loaded them, index their
// translations (translationIndex). With updatable, each locale's site
// keeps its dependency graph (see load), for the Updates of serve
// (localeupdate.go).
func (s *Site) renderLocales(ctx context.Context, staging, dest string, inPlace bool, pre map[string]*Site, index map[string]map[string]string, updatable bool) ([]renderedLocale, error) {
	locs := s.localeSites()
	var out []renderedLocale
	for _, l := range s.Lay.Locales {
		if l.Layout == nil {
			continue
		}
		opts := s.localeOpts(l, dest)
		ls := pre[l.Name]
		delete(pre, l.Name) // let its pages go once rendered
		if ls == nil {
			var err error
			if ls, err = load(ctx, opts, updatable); err != nil {
				return nil, fmt.Errorf("locale %s: %w", l.Name, err)
			}
			ls.parent = s
		}
		if ls.Home == nil { // load said why
			for _, d := range ls.Diagnostics() {
				s.Diag.Addf(d.File, d.Line, d.Col, d.Field, "%s (locale %s)", d.Msg, l.Name)
			}
			continue
		}
		ls.locales = localeLinks(locs, s.Cfg.Base, l.Name)
		if s.Lay.StaticAtRoot {
			ls.rootStatic = s.ownStatic
			if ls.rootStatic == nil {
				ls.rootStatic = map[string]string{}
			}
		}
		if index != nil {
			ls.locales = translations(ls.locales, locs, index, l.Name)
		}
		dir := filepath.Join(staging, filepath.FromSlash(l.Path))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("locale %s: %w", l.Name, err)
		}
		o := &assets.Output{Dir: dir, InPlace: inPlace}
		if info, err := os.Stat(opts.Dest); err == nil && info.IsDir() {
			o.Prev = opts.Dest
		}
		if err := ls.render(ctx, o); err != nil {
			return nil, fmt.Errorf("locale %s: %w", l.Name, err)
		}
		translated := 0
		if t := l.Layout.Translation; t != nil {
			for _, p := range ls.Pages {
				if t(p.File) != "" {
					translated++
				}
			}
		}
		pages := int(ls.rendered.Load())
		info := fmt.Sprintf("locale %s (%s): %d pages at %s, %d of them read from translations", l.Name, l.Label, pages, ls.Cfg.Base, translated)
		if l.Layout.Translation == nil && l.Layout.Content != s.Lay.Content {
			// Its pages are its own folder's (VitePress's fr/), none a translation of the default's.
			info = fmt.Sprintf("locale %s (%s): %d pages at %s, from %s/", l.Name, l.Label, pages, ls.Cfg.Base, l.Layout.Content)
		}
		rl := renderedLocale{name: l.Name, translation: l.Layout.Translation, out: o,
			pages: pages, errs: ls.Diagnostics(), warns: ls.Warn.Sorted(), info: info, path: l.Path}
		if ls.Graph != nil {
			rl.site = ls
		}
		out = append(out, rl)
	}
	return out, nil
}

// hostConfigs are the configurations whose base URL the site is served
// at: its own, or where its locales have their own hosts
// (layout.Locale.BaseURL), theirs.
func (s *Site) hostConfigs() []*content.Config {
	var out []*content.Config
	for _, l := range s.Lay.Locales {
		if l.BaseURL != "" {
			out = append(out, &content.Config{BaseURL: l.BaseURL})
		}
	}
	if out == nil {
		out = append(out, s.Cfg)
	}
	return out
}

// hostPath is the path of the base URL u ("/" for https://fr.x.test).
func hostPath(u string) string {
	if p, err := url.Parse(u); err == nil && p.Path != "" {
		return strings.TrimSuffix(p.Path, "/") + "/"
	}
	return "/"
}

// hostOrigin is the scheme and host of the base URL u, "" for none:
// what makes a root-relative URL of its site absolute.
func hostOrigin(u string) string {
	if p, err := url.Parse(u); err == nil && p.Host != "" {
		return p.Scheme + "://" + p.Host
	}
	return ""
}

// baseWith is the base URL base with the folder p added.
func baseWith(base, p string) string {
	if base == "" {
		base = "/"
	}
	if base[len(base)-1] != '/' {
		base += "/"
	}
	return base + p + "/"
}

// localeDiagnostics are the problems of the locales' builds that the
// default locale's did not report (the untranslated pages are the same
// files), each named with its locale. A problem is the same when its
// position and its head are (diagHead: a broken link's reason names the
// URL it is read from, which is the locale's).
func localeDiagnostics(have content.Diagnostics, all []content.Diagnostic, name string, translation func(string) string) content.Diagnostics {
	type key struct {
		file      string
		line, col int
		msg       string
	}
	seen := make(map[key]bool, len(have))
	for _, h := range have {
		seen[key{h.File, h.Line, h.Col, diagHead(h)}] = true
	}
	var out content.Diagnostics
	for _, d := range all {
		if translation != nil {
			if t := translation(d.File); t != "" {
				d.File = t // the text, and so the line, is the translation's
			}
		}
		if seen[key{d.File, d.Line, d.Col, diagHead(d)}] {
			continue
		}
		d.Msg = fmt.Sprintf("%s (locale %s)", d.Msg, name)
		out = append(out, d)
	}
	return out
}

// diagHead is a diagnostic's message without its reason: `broken link
// "missing/"` of `broken link "missing/": no page … at /fr/missing`
// (its Link's Head); another message is itself.
func diagHead(d content.Diagnostic) string {
	if d.Link.Broken() {
		return d.Link.Head()
	}
	return d.Msg
}

// localeFolders are the top-level output names the locales' sites are
// written to (kept when the default locale's output is pruned).
func (s *Site) localeFolders() map[string]bool {
	out := map[string]bool{}
	for _, l := range s.Lay.Locales {
		if l.Layout != nil && l.Path != "" {
			first, _, _ := strings.Cut(l.Path, "/")
			out[first] = true
		}
	}
	return out
}

// localeClash is the first file the default locale's output has in a
// further locale's folder (a page at /fr/ on a site that has the locale
// fr), "" for none: two sites would be written there.
func (s *Site) localeClash(out *assets.Output) (file, locale string) {
	folders := s.localeFolders()
	if len(folders) == 0 {
		return "", ""
	}
	for _, f := range out.Files() {
		first, _, _ := strings.Cut(f.Rel, "/")
		if folders[first] && first != f.Rel {
			return f.Rel, first
		}
	}
	return "", ""
}

// defaultLocale is the name of the layout's own locale (the one built
// at the root).
func defaultLocale(lay *layout.Layout) string {
	for _, l := range lay.Locales {
		if l.Layout == nil {
			return l.Name
		}
	}
	return ""
}

// renderRootRedirect is the build of a site whose root is a redirect to
// the folder its default locale is built in (layout.Layout.RootRedirect,
// Hugo's defaultContentLanguageInSubdir): the static files, and at the
// root an alias page to that folder, as Hugo writes it (a meta refresh, a
// canonical link, a link). Its pages are the locale's build's.
func (s *Site) renderRootRedirect(ctx context.Context, out *assets.Output) error {
	for _, l := range s.Lay.Locales {
		if l.BaseURL != "" {
			return nil // each locale at its own host: nothing at the root (Hugo's multihost)
		}
	}
	if _, err := s.copyStatic(ctx, out, map[string]bool{"index.html": true}, nil); err != nil {
		return err
	}
	sp := "/" + s.Lay.RootRedirect
	// Hugo writes it with its first language's site (the locales are in
	// its order): that language's code (TestHugoRootRedirectLang).
	lang := s.Cfg.LanguageCode
	if l := s.Lay.Locales; len(l) > 0 && l[0].Layout != nil && l[0].Layout.Settings.LanguageCode != "" {
		lang = l[0].Layout.Settings.LanguageCode
	}
	if s.Lay.SitemapIndex && !s.Lay.OwnSitemap {
		if err := s.writeSitemapIndex(out); err != nil {
			return err
		}
	}
	return s.writePage(ctx, out, "index.html", templates.Alias(lang, s.Cfg.AbsURL(sp), s.Cfg.RelURL(sp)))
}

// alternate is a translation of a page as a sitemap names it.
type alternate struct{ lang, href string }

// sitemapAlternates is, for a site whose languages have pages of their
// own (ownContent: Hugo's), the translations of each page its sitemap
// lists, as Hugo's embedded sitemap template does: "{{ if .IsTranslated
// }}", each translation ("{{ range .Translations }}", in the languages'
// order) then the page itself, hreflang the language's name ("{{
// .Language.Lang }}", not its languageCode), href the absolute URL; none
// for an untranslated page (https://gohugo.io/templates/sitemap/;
// TestHugoSitemapAlternates). nil for any other site.
func (s *Site) sitemapAlternates() func(p *content.Page) []alternate {
	if !ownContent(s.Lay) || s.locales == nil {
		return nil
	}
	root := s // a language's site: the whole site's languages (preloadLocales)
	if s.parent != nil {
		root = s.parent
	}
	locs := root.localeSites()
	if len(locs) != len(s.locales) {
		return nil
	}
	origin := hostOrigin(s.Cfg.BaseURL)
	return func(p *content.Page) []alternate {
		u := s.Cfg.RelURL(p.SitePath)
		var out []alternate
		self := ""
		for i, l := range s.locales {
			if l.Current {
				self = locs[i].name
				continue
			}
			to, ok := l.Pages[u]
			if !ok {
				continue
			}
			if !strings.Contains(to, "://") {
				to = origin + to
			}
			out = append(out, alternate{lang: locs[i].name, href: to})
		}
		if out == nil {
			return nil
		}
		return append(out, alternate{lang: self, href: s.Cfg.AbsURL(p.SitePath)})
	}
}
