package site

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/detect"
	"d6codex/cmd/sitegen/internal/site/content"
)

// A site in several languages is, as the tools build it, one site per
// language: "Hugo builds each language as its own site"
// (https://gohugo.io/content-management/multilingual/); "npm run build
// ... builds all locales", each a site of its own under /LOCALE/
// (https://docusaurus.io/docs/i18n/tutorial#build-your-localized-site);
// VitePress's locales are folders of pages, each with its own config
// (https://vitepress.dev/guide/i18n); Starlight's "a directory for each
// language in src/content/docs/" (https://starlight.astro.build/guides/i18n/).
// serve keeps each language's site with its dependency graph, and a save
// updates the sites of the languages it is in (Site.Update on each)
// instead of building them all again: a page of one language's content
// folder (contentDir, VitePress's fr/), its site; a translation
// (Docusaurus's i18n/fr/…, Starlight's src/content/docs/fr/…), the site
// that reads it; a page of the default language that the others fall
// back on (Docusaurus, Starlight), every site that shows it; a file in
// no language's content (a data file a shortcode reads) or one a page of
// several languages read, each site that reads it.
//
// Where the locales fall back on the default's pages (no
// layout.Layout.TranslationKey), which pages each locale reads from
// where is its layout's, worked out when the settings are read (the
// translations a locale has, the slugs links resolve to): a file that
// comes or goes there reads the settings again (Site.relayout).

// keptLocale is a further locale's site kept for Updates (Site.kept).
type keptLocale struct {
	name, path  string
	site        *Site
	translation func(file string) string
}

// keepLocales keeps the sites of the locales a build of s rendered
// (renderedLocale.site) and their translations index, when every one of
// them kept its graph; none otherwise (an Update then asks for a full
// build). index is nil for a site whose locales fall back on the
// default's pages (ownContent).
func (s *Site) keepLocales(locales []renderedLocale, index map[string]map[string]string) {
	s.kept, s.index = nil, nil
	if s.Graph == nil || index == nil && ownContent(s.Lay) {
		return
	}
	var kept []keptLocale
	for _, l := range locales {
		if l.site == nil {
			return
		}
		l.site.bc, l.site.Sums = nil, nil // an Update renders without them
		l.site.setLoadCache()
		kept = append(kept, keptLocale{name: l.name, path: l.path, site: l.site, translation: l.translation})
	}
	s.kept, s.index = kept, index
}

// updateLocales is Update for a site in several languages: each
// language's site a change is in (reads) is updated, and what they did
// is reported as a build reports its locales (their problems named with
// their locale, their outputs in their folders). A change of the
// translations (a page of a language came, went or changed its
// translationKey) then writes again the pages whose language switcher
// changed, in each language (Site.relink). When the update of one
// language's site fails, those
// before it have published theirs (each is a site of its own); the
// failed one and those after it are as they were.
func (s *Site) updateLocales(ctx context.Context, files []string) (Update, error) {
	if s.kept == nil {
		return Update{Full: true, Reason: "a site in several languages whose languages' sites are not kept"}, nil
	}
	type target struct {
		keptLocale
		files []string
	}
	var targets []*target
	if s.Lay.RootRedirect == "" { // else its own site only redirects (renderRootRedirect)
		targets = append(targets, &target{keptLocale: keptLocale{name: defaultLocale(s.Lay), site: s}})
	}
	for _, k := range s.kept {
		targets = append(targets, &target{keptLocale: k})
	}
	if !ownContent(s.Lay) {
		if came := s.cameOrWent(files); came != nil {
			tell, pages, reason := s.relayout(came)
			if reason != "" {
				return Update{Full: true, Reason: reason}, nil
			}
			for _, t := range targets {
				t.files = append(t.files, tell[t.name]...)
				t.site.askAll = pages
				if i := slices.IndexFunc(s.kept, func(k keptLocale) bool { return k.site == t.site }); i >= 0 {
					t.translation = s.kept[i].translation
				}
			}
			defer func() {
				for _, t := range targets {
					t.site.askAll = false
				}
			}()
		}
	}
	for _, f := range files {
		// The languages that have the file (a page, a picture) or read
		// it; a file none has (a new one) goes to every language whose
		// content folder it is in, one in no language's content to all
		// (any page may read it). Translation by file name shares one
		// folder: combat.fr.md is French only.
		var in, folder []*target
		for _, t := range targets {
			rel, ok := t.site.ContentRel(f)
			if ok && t.site.has(rel) || t.site.reads(f) {
				in = append(in, t)
			}
			if ok {
				folder = append(folder, t)
			}
		}
		if in == nil {
			in = folder
		}
		if in == nil {
			in = targets
		}
		for _, t := range in {
			t.files = append(t.files, f)
		}
	}
	all := Update{Moved: map[string]string{}}
	var errs, warns content.Diagnostics
	// done adds what the update u of t's site did to all; stop, when
	// set, is what updateLocales returns now (a full build, errors).
	done := func(t *target, u Update) (stop *Update) {
		if u.Full {
			u.Reason = fmt.Sprintf("language %s: %s", t.name, u.Reason)
			return &u
		}
		if len(u.Errors) > 0 {
			if t.site != s && t.name != s.Lay.Markup.Language {
				u.Errors = localeDiagnostics(nil, u.Errors, t.name, t.translation)
			}
			return &Update{Errors: u.Errors}
		}
		all.Pages = append(all.Pages, u.Pages...)
		all.Removed = append(all.Removed, u.Removed...)
		all.Files = append(all.Files, u.Files...)
		maps.Copy(all.Moved, u.Moved)
		all.Rendered += u.Rendered
		all.Frames += u.Frames
		all.Later += u.Later
		for _, o := range u.Outputs {
			all.Outputs = append(all.Outputs, path.Join(t.path, o))
		}
		for _, o := range u.Deleted {
			all.Deleted = append(all.Deleted, path.Join(t.path, o))
		}
		return nil
	}
	for _, t := range targets {
		if t.files == nil {
			continue
		}
		u, err := t.site.update(ctx, t.files)
		if err != nil {
			return Update{}, fmt.Errorf("language %s: %w", t.name, err)
		}
		if stop := done(t, u); stop != nil {
			return *stop, nil
		}
	}
	if ownContent(s.Lay) {
		sites := map[string]*Site{}
		for _, t := range targets {
			sites[t.name] = t.site
		}
		if index := translationIndex(sites); !maps.EqualFunc(index, s.index, maps.Equal) {
			for _, t := range targets {
				u, err := t.site.relink(ctx, s.localeSites(), index, t.name)
				if err != nil {
					return Update{}, fmt.Errorf("language %s: %w", t.name, err)
				}
				if stop := done(t, u); stop != nil {
					return *stop, nil
				}
			}
			s.index = index
		}
	}
	// What every language's site reports now, gathered as a build
	// gathers its locales' (buildSite): the default language's as they
	// are (with a root redirect, the build's own load of the default
	// language's pages reports them), the others' named with their
	// language unless the default's say the same.
	first := 0
	if s.Lay.RootRedirect != "" {
		first = slices.IndexFunc(targets, func(t *target) bool { return t.name == s.Lay.Markup.Language })
	}
	if first >= 0 {
		errs, warns = targets[first].site.Diagnostics(), targets[first].site.Warn.Sorted()
	}
	for i, t := range targets {
		if i != first {
			errs = append(errs, localeDiagnostics(errs, t.site.Diagnostics(), t.name, t.translation)...)
			warns = append(warns, localeDiagnostics(warns, t.site.Warn.Sorted(), t.name, t.translation)...)
		}
	}
	all.Errors = errs
	all.Warnings, _ = foldAbsentThemes(s.Lay, warns)
	slices.Sort(all.Outputs)
	all.Outputs = slices.Compact(all.Outputs) // a page written again by relink
	slices.Sort(all.Pages)
	all.Pages = slices.Compact(all.Pages)
	slices.Sort(all.Deleted)
	return all, nil
}

// relink brings the language switcher of the pages of the site of
// language name (ownContent) up to date with the translations index
// (translationIndex) after the languages' sites were updated: a page of
// a language that came, went or moved, or changed its translationKey,
// changes the switcher of its translations in the other languages (a
// link to it, or to that language's home page: templates.LocaleURL) and
// its own. Those pages alone are written again, from their kept bodies
// (an Update of the site told of them: Site.switched), with the sitemap
// (its alternates, sitemapAlternates); a site none of whose pages'
// switcher changed does nothing. locs are the whole site's languages.
func (s *Site) relink(ctx context.Context, locs []localeSite, index map[string]map[string]string, name string) (Update, error) {
	now := translations(s.locales, locs, index, name)
	if len(now) != len(s.locales) {
		return Update{}, fmt.Errorf("the switcher has %d languages, the site %d", len(s.locales), len(now))
	}
	urls := map[string]bool{}
	for i := range now {
		was, is := s.locales[i].Pages, now[i].Pages
		for _, m := range []map[string]string{was, is} {
			for u := range m {
				if was[u] != is[u] || mapHas(was, u) != mapHas(is, u) {
					urls[u] = true
				}
			}
		}
	}
	s.locales = now
	if s.View != nil {
		s.View.Locales = now
	}
	if len(urls) == 0 {
		return Update{Moved: map[string]string{}}, nil
	}
	s.switched = map[string]bool{}
	defer func() { s.switched = nil }()
	for _, p := range s.Pages {
		if urls[s.Cfg.RelURL(p.SitePath)] {
			s.switched[p.SitePath] = true
		}
	}
	return s.update(ctx, nil)
}

// mapHas reports whether m has key k.
func mapHas(m map[string]string, k string) bool {
	_, ok := m[k]
	return ok
}

// has reports whether the site's last walk of its content found the
// content-relative file rel.
func (s *Site) has(rel string) bool {
	if s.Graph == nil || s.Graph.Scan == nil {
		return false
	}
	sc := s.Graph.Scan
	return sc.Files[rel] || slices.Contains(sc.Rels, rel) || slices.Contains(sc.Unlisted, rel)
}

// ReadFiles are the source files (slash paths) the pages of the site
// and of its kept languages read when they were last loaded: their own,
// their includes, the data files their shortcodes read (a Hugo
// readFile). serve watches those out of the folders it watches.
func (s *Site) ReadFiles() []string {
	var out []string
	for _, st := range append([]*Site{s}, keptSites(s)...) {
		if st.Graph == nil {
			continue
		}
		for _, l := range st.Graph.Loads {
			out = append(out, l.Reads...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// keptSites are the sites of s's kept languages.
func keptSites(s *Site) []*Site {
	var out []*Site
	for _, k := range s.kept {
		out = append(out, k.site)
	}
	return out
}

// reads reports whether a page of the site read the source file f when
// it was last loaded (its includes, a data file a shortcode reads).
func (s *Site) reads(f string) bool {
	if s.Graph == nil {
		return false
	}
	for _, l := range s.Graph.Loads {
		if slices.Contains(l.Reads, f) {
			return true
		}
	}
	return false
}

// cameOrWent are the source-relative files that one of the languages'
// sites had (its last walk found it) or read and that are gone now, or
// that none had or read and that are there now.
func (s *Site) cameOrWent(files []string) []string {
	sites := []*Site{s}
	for _, k := range s.kept {
		sites = append(sites, k.site)
	}
	var out []string
	for _, f := range files {
		known := slices.ContainsFunc(sites, func(ls *Site) bool {
			rel, ok := ls.ContentRel(f)
			return ok && ls.has(rel) || ls.reads(f)
		})
		_, err := os.Lstat(filepath.Join(s.Opts.Source, filepath.FromSlash(f)))
		if known != (err == nil) {
			out = append(out, f)
		}
	}
	return out
}

// relayout is the one rule for a file that comes or goes in a site
// whose locales fall back on the default's pages (Docusaurus, Starlight,
// VitePress, MkDocs's i18n plugin): what each locale's site has is its
// layout's, read with the settings (the translations it reads,
// layout.Layout.Translation; Starlight's slugs and a locale's own pages;
// the routes of links between the locales' sites), so the settings are
// read again, as a full build reads them, and the site and each kept
// locale's site take their new layouts (the layout of the files as they
// are now, whether the Update completes or not). Then:
//   - a translation that came or went (of a page its locale's site has:
//     the new layout's for one that came, the old one's for one that
//     went) is told to that locale's site with the page it translates,
//     whose text is read from elsewhere now (tell, by locale name); the
//     other locales read neither, and every locale keeps every page;
//   - any other file (a page of the default locale's, which the locales
//     that fall back show; a page of a locale's own folder) is told to
//     every locale's site, and pages is set: each asks every recorded
//     question again (Site.askAll), since a link to another locale's
//     page resolves through the layout's routes, out of its own model.
//
// Each site's Update renders only the pages whose output changes, so a
// locale whose pages, navigation and links stay as they were writes
// nothing. reason, when set, says why a full build is needed instead (the
// settings cannot be read, or name other locales).
func (s *Site) relayout(came []string) (tell map[string][]string, pages bool, reason string) {
	lay, err := detect.LayoutIn(s.Opts.Source, s.Opts.Environment)
	if err != nil {
		return nil, false, fmt.Sprintf("the settings cannot be read again: %v", err)
	}
	same := len(lay.Locales) == len(s.Lay.Locales)
	for i := 0; same && i < len(lay.Locales); i++ {
		a, b := lay.Locales[i], s.Lay.Locales[i]
		same = a.Name == b.Name && a.Path == b.Path && (a.Layout == nil) == (b.Layout == nil)
	}
	if !same {
		return nil, false, "the locales the settings name changed"
	}
	tell = map[string][]string{}
	for _, f := range came {
		found := false
		for _, k := range s.kept {
			li := slices.IndexFunc(s.Lay.Locales, func(l layout.Locale) bool { return l.Name == k.name })
			if li < 0 || lay.Locales[li].Layout == nil {
				continue
			}
			nl, ol := lay.Locales[li].Layout, k.site.Lay
			for _, p := range k.site.Pages {
				if p.File != "" && (translates(nl, p.File, f) || translates(ol, p.File, f)) {
					found = true
					tell[k.name] = append(tell[k.name], p.File, f)
				}
			}
		}
		if !found {
			// A page: every locale's site is told (its walk finds it,
			// or its links to it resolve anew).
			pages = true
			tell[defaultLocale(s.Lay)] = append(tell[defaultLocale(s.Lay)], f)
			for _, k := range s.kept {
				tell[k.name] = append(tell[k.name], f)
			}
		}
	}
	for i, k := range s.kept {
		l := lay.Locales[slices.IndexFunc(lay.Locales, func(l layout.Locale) bool { return l.Name == k.name })].Layout
		k.site.Lay, k.site.Opts.Layout = l, l
		s.kept[i].translation = l.Translation
	}
	s.Lay, s.Opts.Layout = lay, lay
	return tell, pages, ""
}

// translates reports whether layout l reads the text of the page file
// (source-relative) from the translation t.
func translates(l *layout.Layout, file, t string) bool {
	return l.Translation != nil && l.Translation(file) == t
}
