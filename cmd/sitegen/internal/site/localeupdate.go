package site

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"

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
// comes or goes there needs a full build, with the settings read again.

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
// translationKey: every page's language switcher may change) needs a
// full build. When the update of one language's site fails, those
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
		if f := s.cameOrWent(files); f != "" {
			return Update{Full: true, Reason: fmt.Sprintf("%s came or went in a site whose locales fall back on the default's pages (each locale's translations are read with the settings)", f)}, nil
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
	for _, t := range targets {
		if t.files == nil {
			continue
		}
		u, err := t.site.update(ctx, t.files)
		if err != nil {
			return Update{}, fmt.Errorf("language %s: %w", t.name, err)
		}
		if u.Full {
			u.Reason = fmt.Sprintf("language %s: %s", t.name, u.Reason)
			return u, nil
		}
		if len(u.Errors) > 0 {
			if t.site != s && t.name != s.Lay.Markup.Language {
				u.Errors = localeDiagnostics(nil, u.Errors, t.name, t.translation)
			}
			return Update{Errors: u.Errors}, nil
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
	sites := map[string]*Site{}
	for _, t := range targets {
		sites[t.name] = t.site
	}
	if ownContent(s.Lay) && !maps.EqualFunc(translationIndex(sites), s.index, maps.Equal) {
		return Update{Full: true, Reason: "the translations of the pages changed (every page's language switcher)"}, nil
	}
	slices.Sort(all.Outputs)
	slices.Sort(all.Deleted)
	return all, nil
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

// cameOrWent is the first of the source-relative files that one of the
// languages' sites had (its last walk found it) or read and that is gone
// now, or that none had or read and that is there now; "" for none.
func (s *Site) cameOrWent(files []string) string {
	sites := []*Site{s}
	for _, k := range s.kept {
		sites = append(sites, k.site)
	}
	for _, f := range files {
		known := slices.ContainsFunc(sites, func(ls *Site) bool {
			rel, ok := ls.ContentRel(f)
			return ok && ls.has(rel) || ls.reads(f)
		})
		_, err := os.Lstat(filepath.Join(s.Opts.Source, filepath.FromSlash(f)))
		if known != (err == nil) {
			return f
		}
	}
	return ""
}
