package docusaurus

import (
	"cmp"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
)

// Locales (https://docusaurus.io/docs/i18n/tutorial,
// https://docusaurus.io/docs/api/docusaurus-config#i18n): "i18n.locales:
// List of locales deployed on your site"; "npm run build ... builds all
// locales", each a site of its own under /LOCALE/ (the default locale's
// at the root), its docs the default locale's with each translated doc
// read from i18n/LOCALE/docusaurus-plugin-content-docs/current (the blog's
// from .../docusaurus-plugin-content-blog, the pages' from
// .../docusaurus-plugin-content-pages; "path: The root folder that all
// plugin localization folders of this locale are relative to", default
// the locale's name under i18n.path, default "i18n").
//
// sitegen builds the default locale only: a further locale is a second
// copy of the site, every page's URL under /LOCALE/, with a locale
// switcher and the untranslated docs repeated, which sitegen's one
// navigation and one search index have no place for. The build says so
// for each such locale (a warning naming its folder and how many
// translated docs Docusaurus would publish from it), never silently.

// maxLocaleFiles bounds the count of a locale's translated docs.
const maxLocaleFiles = 100000

// localesNotBuilt notes each locale of i18n.locales other than the
// default: what Docusaurus builds from it, and that sitegen does not.
func localesNotBuilt(l *layout.Layout, i18n *jsconfig.Object, dir, file string) {
	if i18n == nil {
		return
	}
	def, _ := i18n.String("defaultLocale")
	locales, _ := i18n.Get("locales").([]any)
	base := "i18n"
	if s, ok := i18n.String("path"); ok && layout.CleanRel(s) != "" {
		base = layout.CleanRel(s)
	}
	for _, v := range locales {
		loc, ok := v.(string)
		if !ok || loc == "" || loc == def {
			continue
		}
		folder := path.Join(base, loc)
		if s, ok := i18n.Object("localeConfigs").Object(loc).String("path"); ok && layout.CleanRel(s) != "" {
			folder = path.Join(base, layout.CleanRel(s))
		}
		docs := path.Join(folder, "docusaurus-plugin-content-docs", "current")
		n := countPages(dir, docs)
		l.Notes = append(l.Notes, fmt.Sprintf("%s: i18n.locales %q is not published: Docusaurus builds it as a second site at /%s/ (%s/ translates %d of its docs, the others shown in the default locale's words); sitegen builds the default locale (%s) only",
			file, loc, loc, docs, n, cmp.Or(def, "en")))
	}
}

// countPages counts the .md and .mdx files under the source-relative
// folder rel (0 when it is not there), as far as maxLocaleFiles; links
// are not followed.
func countPages(dir, rel string) int {
	n := 0
	root := filepath.Join(dir, filepath.FromSlash(rel))
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || n >= maxLocaleFiles {
			return filepath.SkipDir
		}
		if !d.IsDir() && d.Type().IsRegular() && (strings.HasSuffix(d.Name(), ".md") || strings.HasSuffix(d.Name(), ".mdx")) {
			n++
		}
		return nil
	})
	return n
}
