package site

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
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
		if l.path != "" {
			b = path.Join(base, l.path) + "/"
		}
		out = append(out, templates.LocaleLink{Label: l.label, Lang: l.lang, Base: b, Current: l.name == current, Default: l.path == ""})
	}
	return out
}

// localeSite is one locale of the site, as the build needs it.
type localeSite struct {
	name, label, lang, path string
	build                   bool // a site of its own (not the default)
}

// localeSites are the layout's locales; none for a site of one language.
func (s *Site) localeSites() []localeSite {
	var out []localeSite
	for _, l := range s.Lay.Locales {
		out = append(out, localeSite{name: l.Name, label: l.Label, lang: l.Lang, path: l.Path, build: l.Layout != nil})
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
}

// renderLocales builds each further locale of the site into its folder
// of staging (dest's when in place), as render built the default one.
func (s *Site) renderLocales(ctx context.Context, staging, dest string, inPlace bool) ([]renderedLocale, error) {
	locs := s.localeSites()
	var out []renderedLocale
	for _, l := range s.Lay.Locales {
		if l.Layout == nil {
			continue
		}
		opts := s.Opts
		opts.Layout = l.Layout
		opts.BaseURL = baseWith(s.Cfg.BaseURL, l.Path)
		opts.ReuseBuild = false // the body cache knows the files, not their translations
		opts.Dest = filepath.Join(dest, filepath.FromSlash(l.Path))
		ls, err := load(ctx, opts, false)
		if err != nil {
			return nil, fmt.Errorf("locale %s: %w", l.Name, err)
		}
		if ls.Home == nil { // load said why
			for _, d := range ls.Diagnostics() {
				s.Diag.Addf(d.File, d.Line, d.Col, d.Field, "%s (locale %s)", d.Msg, l.Name)
			}
			continue
		}
		ls.locales = localeLinks(locs, s.Cfg.Base, l.Name)
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
		out = append(out, renderedLocale{name: l.Name, translation: l.Layout.Translation, out: o,
			pages: pages, errs: ls.Diagnostics(), warns: ls.Warn.Sorted(),
			info: fmt.Sprintf("locale %s (%s): %d pages at %s, %d of them read from translations", l.Name, l.Label, pages, ls.Cfg.Base, translated)})
	}
	return out, nil
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
// files), each named with its locale.
func localeDiagnostics(have content.Diagnostics, all []content.Diagnostic, name string, translation func(string) string) content.Diagnostics {
	type key struct {
		file      string
		line, col int
		msg       string
	}
	seen := make(map[key]bool, len(have))
	for _, h := range have {
		seen[key{h.File, h.Line, h.Col, h.Msg}] = true
	}
	var out content.Diagnostics
	for _, d := range all {
		if translation != nil {
			if t := translation(d.File); t != "" {
				d.File = t // the text, and so the line, is the translation's
			}
		}
		if seen[key{d.File, d.Line, d.Col, d.Msg}] {
			continue
		}
		d.Msg = fmt.Sprintf("%s (locale %s)", d.Msg, name)
		out = append(out, d)
	}
	return out
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
