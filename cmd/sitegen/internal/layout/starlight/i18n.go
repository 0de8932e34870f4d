package starlight

import (
	"cmp"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
)

// RootLocale is the key of Starlight's root locale in locales: "You can
// use a “root” locale to serve a language without any i18n prefix in its
// path" (https://starlight.astro.build/guides/i18n/#use-a-root-locale).
const RootLocale = "root"

// maxLocaleFiles bounds the files of a locale's folder readLocales lists.
const maxLocaleFiles = 200_000

// maxLocales bounds the locales built: each is a whole site.
const maxLocales = 64

// starlightLocale is one entry of locales:.
type starlightLocale struct {
	key, label, lang, dir string
}

// readLocales applies Starlight's i18n
// (https://starlight.astro.build/guides/i18n/,
// https://starlight.astro.build/reference/configuration/#locales) to l,
// the layout of the site at dir whose starlight({...}) settings are obj:
//
//   - "To set a root locale, use the root key in your locales config. If
//     the root locale is also the default locale for your content, remove
//     defaultLocale or set it to 'root'": the root locale's pages are the
//     content's, at the site's root, without the other locales' folders;
//
//   - each other locale "Create a directory for each language in
//     src/content/docs/" is a site of its own under /KEY/, with its own
//     sidebar; "Use the same file name to associate pages across
//     languages": a page is read from KEY/<same path> where that file
//     exists, and "Your defaultLocale will be used for fallback content":
//     from the root locale's file otherwise;
//
//   - LocaleConfig: label "The label for this language to show in UI"
//     (the language picker's), lang "The BCP-47 tag for this language"
//     (unset: the directory name, the root's "en", as Starlight's
//     utils/i18n.ts reads it), dir "`ltr` for left-to-right (the default)
//     or `rtl` for right-to-left"; title: {LANG: …} each locale's title.
//
//   - a site without a root locale ("defaultLocale: Set the language which
//     is the default for this site. The value should match one of the keys
//     of your locales object", reference/configuration/#defaultlocale):
//     every locale's pages under its folder (/en/…, Astro's
//     prefixDefaultLocale, which Starlight's utils/i18n.ts sets for "Sites
//     with multiple languages without a root locale"); the default
//     locale's folder is the layout's content (defaultFolder), and nothing
//     is published at the root, as Starlight publishes nothing there;
//     a page of src/content/docs outside every locale's folder is the
//     default locale's site's, at its own path (outsideLocales);
//
//   - a link to another locale's page leads to that locale's site
//     (localeRoute).
//
//   - a page a locale shows in the default locale's words carries
//     Starlight's notice ("This content is not available in your language
//     yet.", in the locale's language, or the site's own
//     src/content/i18n/LANG.json i18n.untranslatedContent; notice.go).
//
//   - a root locale that is not the default one: the root's site is the
//     default locale's pages, each in the root's words where it has the
//     page, in one sidebar (rootNotDefault).
//
// Not implemented (named in the build's notes): pages only a locale's
// folder has (but the default locale's, above).
func readLocales(l *layout.Layout, dir string, obj *jsconfig.Object) {
	locs, ok := obj.Get("locales").(*jsconfig.Object)
	if !ok || len(locs.Keys) < 2 {
		return // one locale is no i18n
	}
	def, _ := obj.String("defaultLocale")
	rootKey := RootLocale
	var rootTranslation func(file string) string
	if f := defaultFolder(obj); f != "" && l.Content == path.Join(Content, f) {
		rootKey = f
		if n := len(pageFiles(filepath.Join(dir, filepath.FromSlash(Content)))) - localePages(dir, locs.Keys); n > 0 {
			outsideLocales(l, locs.Keys, f)
		}
	} else if tr, ok := rootNotDefault(l, dir, locs, def); ok {
		rootTranslation = tr // the root locale's site: the default locale's pages, the root's words where it has them
	} else if locs.Object(RootLocale) == nil || def != "" && def != RootLocale {
		why := fmt.Sprintf("locales (%s) without a root locale and without a folder %s/%s of defaultLocale %q", strings.Join(locs.Keys, ", "), Content, def, def)
		if locs.Object(RootLocale) != nil {
			why = fmt.Sprintf("a root locale that is not the default one (defaultLocale %q)", def)
		}
		l.Notes = append(l.Notes, fmt.Sprintf("%s: %s: not implemented: each locale's folder is built as a folder of one site, without Starlight's fallback pages or language picker", l.File, why))
		return
	}
	var list []starlightLocale
	for _, k := range locs.Keys {
		o := locs.Object(k)
		if o == nil || (k != RootLocale && (k == "" || strings.ContainsAny(k, `/\.`))) {
			continue
		}
		g := starlightLocale{key: k, lang: k}
		if k == RootLocale {
			g.lang = "en"
		}
		if s, ok := o.String("lang"); ok && s != "" {
			g.lang = s
		}
		g.label = cmp.Or(str(o, "label"), g.lang)
		g.dir = "ltr"
		if s := str(o, "dir"); s == "rtl" {
			g.dir = s
		}
		list = append(list, g)
	}
	root := list[slices.IndexFunc(list, func(g starlightLocale) bool { return g.key == rootKey })]
	for _, g := range list {
		if g.key != rootKey {
			if rootKey == RootLocale && rootTranslation == nil {
				l.Excluded = append(l.Excluded, g.key) // not the root's pages
			}
			// Its translations, which every locale's site reads, rebuild
			// the site when they change (serve).
			l.RebuildOn = append(l.RebuildOn, path.Join(Content, g.key))
		}
	}
	titles, _ := obj.Get("title").(*jsconfig.Object)
	if s := str(titles, root.lang); s != "" {
		l.Settings.Title = s
	}
	l.Settings.LanguageCode, l.Settings.Direction = root.lang, root.dir
	out := []layout.Locale{{Name: root.key, Label: root.label, Lang: root.lang, Dir: root.dir}}
	if rootKey != RootLocale {
		out[0].Path = rootKey // its pages are under /en/ (rules.prefix)
	}
	for _, g := range list {
		if g.key == rootKey {
			continue
		}
		if len(out) >= maxLocales {
			l.Notes = append(l.Notes, fmt.Sprintf("%s: locale %q is not built: sitegen builds at most %d locales", l.File, g.key, maxLocales))
			continue
		}
		c, only := localeLayout(l, dir, g, titles)
		if items, ok := obj.Get("sidebar").([]any); ok && l.NavAsWritten {
			// Its sidebar, labelled in its lang.
			c.Nav = nil
			n := navReader{l: c, file: l.File, folders: folders(dir, l.Content), home: homeFile(dir, l.Content), lang: g.lang, defaultLang: defaultLang(obj)}
			n.items(items, 0)
		}
		if r, ok := l.Rules.(rules); ok && r.outside != "" && r.prefix == "" && g.key == def {
			only = 0 // its own pages are the root's fallback pages too (rootNotDefault)
		}
		if only > 0 {
			l.Notes = append(l.Notes, fmt.Sprintf("%s: locale %s: %d pages of %s/%s have no page of the same path in the root locale: not built (not implemented)", l.File, g.key, only, Content, g.key))
		}
		out = append(out, layout.Locale{Name: g.key, Label: g.label, Lang: g.lang, Dir: g.dir, Path: g.key, Layout: c})
	}
	// A link to another locale's page ("/fr/rules/combat/" from the root
	// locale's, "/en/…" from a fallback copy of a page of a site without
	// a root locale) leads to that locale's site, which has every page
	// of the default locale (its own or the fallback): Astro leaves the
	// link as written.
	slugs := map[string]bool{}
	for rel := range pageFiles(filepath.Join(dir, filepath.FromSlash(l.Content))) {
		slugs[Slug(rel)] = true
	}
	for i := range out {
		var others []string
		for _, o := range out {
			if o.Name != out[i].Name && o.Name != RootLocale {
				others = append(others, o.Name)
			}
		}
		if c := out[i].Layout; c != nil {
			c.ToolRoute, c.ToolRouteLinks = localeRoute(c.ToolRoute, others, slugs), true
		} else {
			l.ToolRoute, l.ToolRouteLinks = localeRoute(l.ToolRoute, others, slugs), true
		}
	}
	if rootTranslation != nil {
		// The root's site reads the root's file of a page where there is
		// one (after the locales' layouts, which fall back on the default
		// locale's words, not the root's).
		l.Translation = rootTranslation
		l.Expand = layout.Translated(l.Expand, rootTranslation, func(t string, err error) string {
			return fmt.Sprintf("its root locale's page %s cannot be read (%v): shown in the default locale's words", t, err)
		})
	}
	l.Read = append(l.Read, fmt.Sprintf("locales (%d)", len(out)))
	l.Locales = out
}

// localeRoute is the layout.Layout.ToolRoute of a locale's site: next's,
// and the pages of the locales others, each at /KEY/<slug>/ for every
// slug of slugs (the default locale's pages, which every locale has).
func localeRoute(next func(string) string, others []string, slugs map[string]bool) func(string) string {
	return func(sp string) string {
		if next != nil {
			if why := next(sp); why != "" {
				return why
			}
		}
		for _, k := range others {
			if rest, ok := strings.CutPrefix(sp, "/"+k+"/"); ok && slugs[strings.TrimSuffix(rest, "/")] {
				return fmt.Sprintf("a page of locale %s's site", k)
			}
		}
		return ""
	}
}

// outsideLocales makes the pages of Content outside every locale's
// folder (keys) pages of the default locale's site (its folder def), at
// their own path and in no sidebar, as Astro 5.18 with Starlight 0.36.3
// builds them (measured: about.md at /about/ in the default locale's
// language; no copy in another locale): Content is one of l.Roots, its
// locales' folders left out.
func outsideLocales(l *layout.Layout, keys []string, def string) {
	up := path.Join(strings.Repeat("../", strings.Count(l.Content, "/")+1), Content)
	l.Roots = append(l.Roots, Content)
	for _, k := range keys {
		if k != RootLocale && k != "" && !strings.ContainsAny(k, `/\.`) {
			l.Excluded = append(l.Excluded, path.Join(up, k))
		}
	}
	l.Rules = rules{prefix: def, outside: up}
	l.Read = append(l.Read, "pages outside the locales' folders")
}

// rootNotDefault applies a root locale that is not the default one
// (defaultLocale names another locale, whose folder exists): "Your
// defaultLocale will be used for fallback content", so the root's site
// has every page of the default locale's folder, each read from the
// root's file of the same path where there is one, else the default
// locale's (its fallback content, with the notice), in one sidebar, as
// Astro 5.18 + Starlight 0.36.3 builds it (measured: fr/rules/magie.md
// also at /rules/magie/, listed in the root's sidebar after the root's
// Combat, with the notice in French). The layout's content is that
// folder; translation maps its files to the root's. A page only the root
// has is at its own path, in the root's sidebar with the others
// (measured: rootonly.md listed after Home; Content one of l.Roots).
// ok false: not such a site.
func rootNotDefault(l *layout.Layout, dir string, locs *jsconfig.Object, def string) (translation func(file string) string, ok bool) {
	if locs.Object(RootLocale) == nil || def == "" || def == RootLocale || locs.Object(def) == nil || strings.ContainsAny(def, `/\.`) {
		return nil, false
	}
	folder := path.Join(Content, def)
	if l.Content != Content || !layout.Exists(dir, folder, true) {
		return nil, false
	}
	defFiles := pageFiles(filepath.Join(dir, filepath.FromSlash(folder)))
	up := path.Join(strings.Repeat("../", strings.Count(folder, "/")+1), Content)
	trans := map[string]string{}
	var rootOnly []string
	for rel := range pageFiles(filepath.Join(dir, filepath.FromSlash(Content))) {
		if first, _, _ := strings.Cut(rel, "/"); first != rel && locs.Object(first) != nil {
			continue // a locale's page
		}
		if defFiles[stem(rel)+".md"] || defFiles[stem(rel)+".mdx"] {
			trans[stem(rel)] = path.Join(Content, rel)
		} else {
			rootOnly = append(rootOnly, rel)
		}
	}
	l.Content = folder
	if len(rootOnly) > 0 {
		l.Roots = append(l.Roots, Content)
		for _, k := range locs.Keys {
			if k != RootLocale && k != "" && !strings.ContainsAny(k, `/\.`) {
				l.Excluded = append(l.Excluded, path.Join(up, k))
			}
		}
		for st := range trans {
			rel := strings.TrimPrefix(trans[st], Content+"/")
			l.Excluded = append(l.Excluded, path.Join(up, rel)) // the root's translation of a page of the folder
		}
		slices.Sort(l.Excluded)
		l.Rules = rules{outside: up, listed: true}
	}
	l.Read = append(l.Read, fmt.Sprintf("fallback pages of defaultLocale %s", def))
	translation = func(file string) string {
		rel, ok := strings.CutPrefix(file, folder+"/")
		if !ok {
			return ""
		}
		return trans[stem(rel)]
	}
	// Its fallback pages carry Starlight's notice, in the default
	// locale's language (measured: French on the root's /rules/magie/).
	notice := untranslated(dir, cmp.Or(str(locs.Object(def), "lang"), def))
	l.FallbackNotice = func(file string) string {
		if strings.HasPrefix(file, folder+"/") && translation(file) == "" {
			return notice
		}
		return ""
	}
	return translation, true
}

// str is o's string value of key, "" for none (o may be nil).
func str(o *jsconfig.Object, key string) string {
	if o == nil {
		return ""
	}
	s, _ := o.String(key)
	return s
}

// localeLayout is the layout of locale g's site: l's pages, each read
// from g's file of the same path where there is one (.md or .mdx), its
// title g's (title: {LANG: …}). only counts the pages of g's folder
// without a root page of the same path.
func localeLayout(l *layout.Layout, dir string, g starlightLocale, titles *jsconfig.Object) (c *layout.Layout, only int) {
	cp := *l
	c = &cp
	c.Locales, c.Notes = nil, nil // the default locale's build reports them
	c.Read = slices.Clone(l.Read)
	// Starlight writes one 404 page, the default locale's, at the root
	// ("injectRoute({ pattern: '404', … })", index.ts; get404Route reads
	// config.defaultLocale's lang, 0.36.3).
	c.NoNotFoundPage = true
	c.Settings.LanguageCode, c.Settings.Direction = g.lang, g.dir
	if s := str(titles, g.lang); s != "" {
		c.Settings.Title = s
	}
	// Its pages' links are written with its folder ("/fr/rules/combat/"),
	// which Astro leaves as written: read from its site's root.
	c.LinkBase = path.Join("/", l.LinkBase, g.key) + "/"
	// Astro's own pages (src/pages) are at the site's root: a link to
	// /games/ stays /games/ in every locale.
	c.ToolRouteUp = g.key + "/"
	// Its pages are the default locale's, at the same paths under its
	// own folder (no prefix: the site is built in g.key's folder).
	c.Rules = rules{}
	if r, ok := l.Rules.(rules); ok && r.outside != "" && r.prefix == "" {
		c.Rules = rules{outside: r.outside} // a root locale that is not the default: its fallback pages (rootNotDefault)
	}
	c.StaticYields = true                                                                           // public/ is the root's: its index.html is not this locale's home
	c.Roots = slices.DeleteFunc(slices.Clone(l.Roots), func(r string) bool { return r == Content }) // the default locale's alone
	files := pageFiles(filepath.Join(dir, filepath.FromSlash(Content), g.key))
	// A page's stem (its path without .md/.mdx) to its translation.
	trans := map[string]string{}
	for rel := range files {
		trans[stem(rel)] = path.Join(Content, g.key, rel)
	}
	if path.Join(Content, g.key) == l.Content {
		clear(trans) // the default locale's own site (a root locale that is not the default): its pages are its own
	}
	rootFiles := pageFiles(filepath.Join(dir, filepath.FromSlash(l.Content)))
	for rel := range files {
		has := false
		for _, ext := range []string{".md", ".mdx"} {
			has = has || rootFiles[stem(rel)+ext]
		}
		if !has {
			only++
		}
	}
	if only > 0 && path.Join(Content, g.key) != l.Content {
		// Its own pages (none of the default locale's path): Starlight
		// builds them in its site, in its sidebar (measured: de/deonly.md
		// at /de/deonly/ and de/rules/regel.md in de's rules group), so
		// its folder is a further folder of pages whose paths are read
		// from it, its translations left out (read as translations).
		up := path.Join(strings.Repeat("../", strings.Count(l.Content, "/")+1), Content, g.key)
		c.Roots = append(c.Roots, path.Join(Content, g.key))
		c.Rules = rules{outside: up, listed: true}
		c.Excluded = slices.DeleteFunc(slices.Clone(l.Excluded), func(e string) bool { return e == up }) // the root's site leaves the whole folder out
		for rel := range files {
			if rootFiles[stem(rel)+".md"] || rootFiles[stem(rel)+".mdx"] {
				c.Excluded = append(c.Excluded, path.Join(up, rel))
			}
		}
		slices.Sort(c.Excluded)
		only = 0
	}
	translation := func(file string) string {
		rel, ok := strings.CutPrefix(file, l.Content+"/")
		if !ok {
			return ""
		}
		return trans[stem(rel)]
	}
	c.Translation = translation
	// A page g shows in the default locale's words carries Starlight's
	// notice, in g's language; its own pages (a root locale that is not
	// the default: those of its folder) do not.
	notice, own := untranslated(dir, g.lang), path.Join(Content, g.key)+"/"
	c.FallbackNotice = func(file string) string {
		if strings.HasPrefix(file, own) || translation(file) != "" {
			return ""
		}
		return notice
	}
	c.Expand = layout.Translated(l.Expand, translation, func(t string, err error) string {
		return fmt.Sprintf("its %s translation %s cannot be read (%v): shown in the root locale's words", g.key, t, err)
	})
	return c, only
}

// defaultFolder is the folder of the default locale of the starlight({...})
// settings obj when the site has locales and none is the root one
// (defaultLocale names one of locales' keys), "" otherwise.
func defaultFolder(obj *jsconfig.Object) string {
	locs, ok := obj.Get("locales").(*jsconfig.Object)
	if !ok || len(locs.Keys) < 2 || locs.Object(RootLocale) != nil {
		return ""
	}
	def, _ := obj.String("defaultLocale")
	if def == "" || locs.Object(def) == nil || strings.ContainsAny(def, `/\.`) {
		return ""
	}
	return def
}

// localePages counts the pages of the locales' folders (named keys) of
// the site at dir.
func localePages(dir string, keys []string) int {
	n := 0
	for _, k := range keys {
		if k != RootLocale && k != "" && !strings.ContainsAny(k, `/\.`) {
			n += len(pageFiles(filepath.Join(dir, filepath.FromSlash(Content), k)))
		}
	}
	return n
}

// stem is a page's path without its extension.
func stem(rel string) string {
	return strings.TrimSuffix(strings.TrimSuffix(rel, ".mdx"), ".md")
}

// pageFiles lists the .md and .mdx files under root (slash paths
// relative to it), hidden names left out, at most maxLocaleFiles.
func pageFiles(root string) map[string]bool {
	files := map[string]bool{}
	_ = filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil
		case p != root && (strings.HasPrefix(e.Name(), ".") || e.Name() == "node_modules"):
			if e.IsDir() {
				return filepath.SkipDir
			}
			return nil
		case len(files) >= maxLocaleFiles:
			return filepath.SkipAll
		case e.Type().IsRegular() && (strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".mdx")):
			if r, err := filepath.Rel(root, p); err == nil {
				files[filepath.ToSlash(r)] = true
			}
		}
		return nil
	})
	return files
}

// defaultLang is the lang of the default locale of the starlight({...})
// settings obj: defaultLocale's (the root locale's when unset), "en" when
// it has none ("lang" unset: the directory name, the root's "en").
func defaultLang(obj *jsconfig.Object) string {
	def := cmp.Or(str(obj, "defaultLocale"), RootLocale)
	locs, _ := obj.Get("locales").(*jsconfig.Object)
	if locs == nil {
		return "en"
	}
	if s := str(locs.Object(def), "lang"); s != "" {
		return s
	}
	if def == RootLocale {
		return "en"
	}
	return def
}
