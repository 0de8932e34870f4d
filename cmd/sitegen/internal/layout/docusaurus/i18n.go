package docusaurus

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
	"d6codex/templates"
)

// Locales (https://docusaurus.io/docs/i18n/introduction,
// https://docusaurus.io/docs/i18n/tutorial,
// https://docusaurus.io/docs/api/docusaurus-config#i18n):
//
//   - "locales: List of locales deployed on your site"; "npm run build
//     ... builds all locales": the default locale's site at the root,
//     each other one a site of its own at /LOCALE/ (its baseUrl is the
//     site's with the locale's name added, unless localeConfigs.baseUrl
//     sets it), with its own navigation and search.
//   - Its pages are the default locale's: a doc, blog post or page is
//     read from its translation where one is (the docs' from
//     i18n/LOCALE/docusaurus-plugin-content-docs/current/, the blog's
//     from .../docusaurus-plugin-content-blog/, the pages' from
//     .../docusaurus-plugin-content-pages/, a plugin instance's folder
//     named with "-ID"), else in the default locale's words ("untranslated
//     docs fall back": core's getContentPathList reads the localized
//     folder first, then the docs folder; only the docs folder's files
//     are pages, so a file only in the translation is not one).
//   - localeConfigs: label ("Display label for this locale in the locale
//     dropdown", default the language's own name, capitalised), htmlLang
//     (default the locale's name), direction (default the language's),
//     path ("Root folder that all plugin localization folders of this
//     locale are relative to", under i18n.path, default i18n; default
//     the locale's name), translate (default: whether that folder
//     exists; false reads no translation).
//   - i18n/LOCALE/docusaurus-plugin-content-docs/current.json translates
//     the sidebar's labels ("sidebar.SIDEBAR.category.LABEL",
//     "sidebar.SIDEBAR.doc.LABEL", "sidebar.SIDEBAR.link.LABEL"), and
//     i18n/LOCALE/docusaurus-theme-classic/navbar.json the navbar's
//     title ("title") and items ("item.label.LABEL": the navbar's
//     labels, and those of the docs instances' sections and the blogs'
//     lists);
//     i18n/LOCALE/docusaurus-plugin-content-blog/options.json the
//     blog's title ("title").
//   - At most maxLocales locales are built, each a whole site.
//
// sitegen reads a translation's text in place of the page's: its front
// matter and links are the translation's, and its relative links resolve
// from the default locale's file (Docusaurus resolves them from the
// translation's, where translators copy the files they link to).

// maxLocaleFiles bounds the count of a locale's translated files.
const maxLocaleFiles = 100000

// maxLocales bounds the locales built: each is a whole site.
const maxLocales = 64

// locales sets l.Locales from the site's i18n settings: the default
// locale, then each other with the layout its site is built from.
func locales(l *layout.Layout, r *rules, obj *jsconfig.Object, dir string) {
	i18n := obj.Object("i18n")
	if i18n == nil {
		return
	}
	list, _ := i18n.Get("locales").([]any)
	def, _ := i18n.String("defaultLocale")
	if len(list) < 2 || def == "" {
		return
	}
	base := siteRel(r.site, "i18n")
	if s, ok := i18n.String("path"); ok && layout.CleanRel(siteRel(r.site, s)) != "" {
		base = layout.CleanRel(siteRel(r.site, s))
	}
	l.Read = append(l.Read, fmt.Sprintf("i18n.locales (%d)", len(list)))
	var out []layout.Locale
	for _, v := range list {
		name, ok := v.(string)
		if !ok || name == "" || slices.ContainsFunc(out, func(o layout.Locale) bool { return o.Name == name }) {
			continue
		}
		cfg := i18n.Object("localeConfigs").Object(name)
		lang := cmp.Or(str(cfg, "htmlLang"), name)
		loc := layout.Locale{Name: name, Lang: lang, Label: cmp.Or(str(cfg, "label"), LocaleLabel(lang)), Dir: cmp.Or(str(cfg, "direction"), Direction(lang))}
		if name == def {
			l.Settings.Direction = loc.Dir
			out = append(out, loc)
			continue
		}
		if built := len(out); built >= maxLocales {
			l.Notes = append(l.Notes, fmt.Sprintf("%s: i18n.locales %q is not built: sitegen builds at most %d locales", l.File, name, maxLocales))
			continue
		}
		loc.Path = name
		if b := str(cfg, "baseUrl"); b != "" {
			loc.Path = strings.Trim(path.Clean("/"+b), "/")
			if lb := strings.Trim(l.LinkBase, "/"); lb != "" && strings.HasPrefix(loc.Path+"/", lb+"/") {
				loc.Path = strings.TrimPrefix(strings.TrimPrefix(loc.Path, lb), "/")
			}
		}
		if loc.Path == "" || strings.HasPrefix(loc.Path, ".") {
			l.Notes = append(l.Notes, fmt.Sprintf("%s: i18n.localeConfigs.%s.baseUrl %q puts the locale at the default locale's root: not built", l.File, name, str(cfg, "baseUrl")))
			continue
		}
		folder := path.Join(base, cmp.Or(layout.CleanRel(str(cfg, "path")), name))
		translate := layout.Exists(dir, folder, true)
		if b, ok := cfg.Get("translate").(bool); ok {
			translate = b && translate
		}
		loc.Layout = localeLayout(l, r, dir, folder, translate, loc, str(obj.Object("themeConfig").Object("navbar"), "title"))
		out = append(out, loc)
	}
	l.Locales = out
	if len(out) > 1 {
		l.RebuildOn = append(l.RebuildOn, base) // the translations
	}
}

// str is o's string value of key, "" for none (o may be nil).
func str(o *jsconfig.Object, key string) string {
	s, _ := o.String(key)
	return s
}

// localeLayout is the layout of the locale loc's site: l, each page read
// from its translation under folder (when translate), its sidebar's
// labels and navbar title from the translation files: the site's title
// where it is the navbar's (navbarTitle), which navbar.json translates.
func localeLayout(l *layout.Layout, r *rules, dir, folder string, translate bool, loc layout.Locale, navbarTitle string) *layout.Layout {
	c := *l
	c.Locales = nil
	c.Notes = nil // the default locale's build reports them
	c.Read = slices.Clone(l.Read)
	c.Settings.LanguageCode, c.Settings.Direction = loc.Lang, loc.Dir
	c.Words = codeWords(filepath.Join(dir, filepath.FromSlash(r.site)), loc.Name)
	if !translate {
		return &c
	}
	trans := map[string]string{}
	add := func(content, plugin string) {
		if content == "" {
			return
		}
		collect(dir, path.Join(folder, plugin), content, trans)
	}
	add(r.content, pluginFolder("docusaurus-plugin-content-docs", r.id)+"/current")
	for _, in := range r.instances {
		add(in.content, pluginFolder("docusaurus-plugin-content-docs", in.id)+"/current")
	}
	// A version's translations: "i18n/LOCALE/docusaurus-plugin-content-docs/version-X"
	// (plugin-content-docs' getDocsDirPathLocalized).
	for _, v := range r.versions {
		add(v.content, pluginFolder("docusaurus-plugin-content-docs", v.plugin)+"/version-"+v.versionName)
	}
	for _, b := range r.blogs {
		add(b.dir, pluginFolder("docusaurus-plugin-content-blog", b.id))
	}
	add(r.pagesDir, "docusaurus-plugin-content-pages")
	if len(trans) > 0 {
		c.Translation = func(file string) string { return trans[file] }
		c.Expand = layout.Translated(l.Expand, c.Translation, func(t string, err error) string {
			return fmt.Sprintf("its %s translation %s cannot be read (%v): shown in the default locale's words", loc.Name, t, err)
		})
	}
	labels := messages(dir, path.Join(folder, pluginFolder("docusaurus-plugin-content-docs", r.id), "current.json"))
	navbar := messages(dir, path.Join(folder, "docusaurus-theme-classic", "navbar.json"))
	// The navbar's items that label a docs instance's section or a
	// blog's list ("item.label.LABEL").
	items := map[string]string{}
	for _, lb := range navbarItems(r) {
		if m := navbar["item.label."+lb]; m != "" {
			items[lb] = m
		}
	}
	// A blog's options.json translates its title ("title": blogTitle).
	titles := map[string]string{}
	for _, b := range r.blogs {
		if m := messages(dir, path.Join(folder, pluginFolder("docusaurus-plugin-content-blog", b.id), "options.json"))["title"]; m != "" {
			titles[b.title] = m
		}
	}
	if len(labels) > 0 || len(items) > 0 || len(titles) > 0 {
		c.Rules = localeRules{Rules: l.Rules, labels: labels, items: items, titles: titles}
		c.Nav = slices.Clone(l.Nav)
		for i, e := range c.Nav {
			c.Nav[i].Title = translated(labels, e.Title, e.Path == "" && e.ID == "")
		}
	}
	if len(l.Navbar) > 0 && (len(navbar) > 0 || len(labels) > 0) {
		// The navbar's items as navbar.json translates them
		// ("item.label.LABEL"), the sidebars' entries under them as
		// current.json does.
		c.Navbar = slices.Clone(l.Navbar)
		for i, e := range c.Navbar {
			if e.Depth == 0 {
				c.Navbar[i].Title = cmp.Or(navbar["item.label."+e.Title], e.Title)
			} else {
				c.Navbar[i].Title = translated(labels, e.Title, e.Path == "" && e.ID == "")
			}
		}
	}
	if t := navbar["title"]; t != "" && navbarTitle != "" && l.Settings.Title == navbarTitle {
		c.Settings.Title = t
	}
	return &c
}

// pluginFolder is the localization folder of the plugin kind's instance
// id: its name, with "-ID" for an instance that is not the default.
func pluginFolder(kind, id string) string {
	if id == "" || id == "default" {
		return kind
	}
	return kind + "-" + id
}

// collect records, in trans, the translation of each .md and .mdx file
// of the source-relative folder from (its source-relative path) by the
// page file it translates (content + its path under from). Links and
// hidden names are not followed; at most maxLocaleFiles are read.
func collect(dir, from, content string, trans map[string]string) {
	root := filepath.Join(dir, filepath.FromSlash(from))
	n := 0
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || n >= maxLocaleFiles {
			return filepath.SkipDir
		}
		if p != root && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() || (path.Ext(d.Name()) != ".md" && path.Ext(d.Name()) != ".mdx") {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return nil
		}
		rel = filepath.ToSlash(rel)
		trans[path.Join(content, rel)] = path.Join(from, rel)
		n++
		return nil
	})
}

// maxMessagesBytes bounds a translation file's size.
const maxMessagesBytes = 8 << 20

// messages reads a Docusaurus translation file (current.json,
// navbar.json: {"key": {"message": "...", "description": "..."}}) at the
// source-relative path rel: the message of each key. A file that is not
// there, or not such JSON, gives none.
func messages(dir, rel string) map[string]string {
	raw, err := layout.ReadSetting(dir, rel)
	if err != nil || len(raw) > maxMessagesBytes {
		return nil
	}
	var m map[string]struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		if v.Message != "" {
			out[k] = v.Message
		}
	}
	return out
}

// translated is label's translation in labels, a sidebar's key of any
// sidebar ("sidebar.SIDEBAR.category.LABEL" for a category, else
// ".doc." or ".link."), else label.
func translated(labels map[string]string, label string, category bool) string {
	if label == "" {
		return label
	}
	kinds := []string{".doc.", ".link."}
	if category {
		kinds = []string{".category."}
	}
	keys := make([]string, 0, len(labels))
	for k := range labels {
		keys = append(keys, k)
	}
	slices.Sort(keys) // the first sidebar's, when two translate one label
	for _, k := range keys {
		if !strings.HasPrefix(k, "sidebar.") {
			continue
		}
		for _, kind := range kinds {
			if i := strings.Index(k, kind); i > 0 && k[i+len(kind):] == label {
				return labels[k]
			}
		}
	}
	return label
}

// navbarItems are the navbar's labels of the docs instances' sections
// and of the blogs' lists (navbarLabels), and the labels of folders
// (folderLabels: a docSidebar item's, where it names the folder).
func navbarItems(r *rules) []string {
	var out []string
	for _, dir := range slices.Sorted(maps.Keys(r.labels)) {
		out = append(out, r.labels[dir])
	}
	for _, in := range r.instances {
		if in.label != "" {
			out = append(out, in.label)
		}
	}
	for _, b := range r.blogs {
		if b.label != "" {
			out = append(out, b.label)
		}
	}
	return out
}

// localeRules are a locale's rules: the default locale's, the
// categories' labels translated (labels, current.json's), and the
// labels the navbar's items give (items: each label's translation,
// navbar.json's), and the blogs' titles (titles, their options.json's).
type localeRules struct {
	layout.Rules
	labels, items map[string]string
	titles        map[string]string // the blogs' titles translated (options.json)
}

// Folder implements layout.Rules.
func (r localeRules) Folder(dir string) (layout.Page, error) {
	p, err := r.Rules.Folder(dir)
	p.Title = cmp.Or(r.items[p.Title], translated(r.labels, p.Title, true))
	p.NavLabel = cmp.Or(r.items[p.NavLabel], translated(r.labels, p.NavLabel, true))
	if m := r.titles[cmp.Or(p.PageTitle, p.Title)]; m != "" && dir != "" {
		if p.PageTitle != "" {
			p.PageTitle = m
		} else {
			p.Title = m
		}
	}
	return p, err
}

// Page implements layout.Rules: a page the navbar labels (a docs
// instance's own page) takes the navbar's translated label.
func (r localeRules) Page(rel string, fm map[string]any) layout.Page {
	p := r.Rules.Page(rel, fm)
	if m := r.items[p.NavLabel]; m != "" {
		p.NavLabel = m
	}
	return p
}

// LocaleLabel is Docusaurus's default label of a locale (core's
// getDefaultLocaleLabel: Intl.DisplayNames of the locale in itself, its
// first letter capitalised: "fr" is "Français"), for the languages of
// autonyms (CLDR's names of each language in itself), else the locale's
// name, which is also Docusaurus's when Intl has no name. A region or
// script subtag keeps the language's name ("pt-BR" is "Português"; Intl
// adds the region, "Português (Brasil)", which a site sets as its label).
//
// A table, not golang.org/x/text/language/display: that package's
// dictionaries add 2.6 MB to the binary for this one label.
func LocaleLabel(lang string) string {
	base, _ := splitLang(lang)
	if name, ok := autonyms[base]; ok {
		return name
	}
	return lang
}

// autonyms are the names of common languages in themselves (CLDR),
// capitalised as Docusaurus's label shows them.
var autonyms = map[string]string{
	"ar": "العربية", "bg": "Български", "bn": "বাংলা", "ca": "Català", "cs": "Čeština", "da": "Dansk",
	"de": "Deutsch", "el": "Ελληνικά", "en": "English", "eo": "Esperanto", "es": "Español", "et": "Eesti",
	"eu": "Euskara", "fa": "فارسی", "fi": "Suomi", "fr": "Français", "ga": "Gaeilge", "gl": "Galego",
	"he": "עברית", "hi": "हिन्दी", "hr": "Hrvatski", "hu": "Magyar", "hy": "Հայերեն", "id": "Indonesia",
	"is": "Íslenska", "it": "Italiano", "ja": "日本語", "ka": "Ქართული", "kk": "Қазақ тілі", "ko": "한국어",
	"la": "Latina", "lt": "Lietuvių", "lv": "Latviešu", "mn": "Монгол", "ms": "Melayu", "nb": "Norsk bokmål",
	"nl": "Nederlands", "nn": "Norsk nynorsk", "no": "Norsk", "pl": "Polski", "pt": "Português", "ro": "Română",
	"ru": "Русский", "sk": "Slovenčina", "sl": "Slovenščina", "sr": "Српски", "sv": "Svenska", "sw": "Kiswahili",
	"ta": "தமிழ்", "th": "ไทย", "tr": "Türkçe", "uk": "Українська", "ur": "اردو", "vi": "Tiếng Việt",
	"zh": "中文",
}

// rtlLanguages and rtlScripts are the languages and scripts written right
// to left (CLDR's characterOrder, which Intl.Locale's getTextInfo()
// reads).
var (
	rtlLanguages = []string{"ar", "arc", "ckb", "dv", "fa", "ha", "he", "iw", "khw", "ks", "ku", "ps", "sd", "syr", "ug", "ur", "yi"}
	rtlScripts   = []string{"arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "mand", "samr"}
)

// Direction is Docusaurus's default direction of a locale (core's
// getDefaultDirection: Intl.Locale's text direction): "rtl" for a
// language written right to left (ar, he, fa, ur) or a locale naming a
// right-to-left script, else "ltr".
func Direction(lang string) string {
	base, script := splitLang(lang)
	if script != "" {
		if slices.Contains(rtlScripts, script) {
			return "rtl"
		}
		return "ltr"
	}
	if slices.Contains(rtlLanguages, base) {
		return "rtl"
	}
	return "ltr"
}

// splitLang is a BCP 47 tag's language and script subtags, lower case
// ("zh-Hant-TW": "zh", "hant").
func splitLang(tag string) (base, script string) {
	parts := strings.FieldsFunc(strings.ToLower(tag), func(r rune) bool { return r == '-' || r == '_' })
	if len(parts) == 0 {
		return "", ""
	}
	if len(parts) > 1 && len(parts[1]) == 4 {
		script = parts[1]
	}
	return parts[0], script
}

// codeWords are the words the site at dir translates for sitegen's in
// locale: the theme's keys of its i18n/<locale>/code.json ("the JSON
// translation files ... code.json: translations of the React code, theme
// labels included", https://docusaurus.io/docs/i18n/tutorial#translate-your-react-code,
// each key's {"message": …}) that name one of sitegen's words.
func codeWords(dir, locale string) templates.Words {
	file := path.Join("i18n", locale, "code.json")
	if locale == "" || strings.Contains(locale, "..") || !layout.Exists(dir, file, false) {
		return templates.Words{}
	}
	b, err := layout.ReadSetting(dir, file)
	if err != nil {
		return templates.Words{}
	}
	var m map[string]struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(b, &m) != nil {
		return templates.Words{}
	}
	w := func(key string) string { return strings.TrimSpace(m[key].Message) }
	return templates.Words{
		SkipToContent: w("theme.common.skipToMainContent"),
		Search:        w("theme.SearchBar.label"),
		SiteNav:       w("theme.docs.sidebar.navAriaLabel"),
		Languages:     w("theme.navbar.mobileLanguageDropdown.label"),
		Breadcrumb:    w("theme.docs.breadcrumbs.navAriaLabel"),
		OnThisPage:    w("theme.TOCCollapsible.toggleButtonLabel"),
		PagerLabel:    w("theme.docs.paginator.navAriaLabel"),
		Previous:      w("theme.docs.paginator.previous"),
		Next:          w("theme.docs.paginator.next"),
		EditPage:      w("theme.common.editThisPage"),
		NotFoundTitle: w("theme.NotFound.title"),
		Tags:          w("theme.tags.tagsPageTitle"),
	}
}
