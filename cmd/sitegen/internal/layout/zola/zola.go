// Package zola recognises a Zola site (zola.toml, or config.toml with
// Zola's base_url, at its root) and states the rules of Zola that sitegen
// builds it by, each from https://www.getzola.org/documentation/ (quoted
// in the tests that check them; Zola does not install here, so no build
// of Zola's is compared):
//
//   - The settings (https://www.getzola.org/documentation/getting-started/configuration/):
//     "The configuration file was previously named config.toml. Zola loads
//     config.toml as a fallback if zola.toml does not exist"; "Only the
//     base_url variable is mandatory" (Hugo writes baseURL: a config.toml
//     without base_url, or with baseURL, is not Zola's); title,
//     default_language (default "en"), taxonomies, ignored_content,
//     slugify.paths and slugify.anchors. Without a title (Zola's default
//     is ""), the site's title is the home section's (content/_index.md),
//     which a theme's templates show in its place: a choice of sitegen's,
//     templates not being run.
//   - Where pages come from (https://www.getzola.org/documentation/content/overview/):
//     content/, "Each child directory in the content directory represents a
//     section"; "All non-Markdown files you add in a page/section directory
//     will be copied alongside the generated page"; "Any files/directories
//     that you place in the static directory will be copied, without
//     modification" (static/, at the site's root). Nothing else is
//     published: templates/, sass/ (compiled by compile_sass, which sitegen
//     does not do), themes/ and the output folder are not.
//   - Sections (https://www.getzola.org/documentation/content/section/):
//     "A section is created whenever a directory (or subdirectory) in the
//     content section contains an _index.md file. If a directory does not
//     contain an _index.md file, no section will be created, but Markdown
//     files within that directory will still create pages (known as orphan
//     pages)": such a folder has no page and no place in the navigation
//     (layout.Layout.NoSection). A section's URL is its folder's path as
//     written. "When a section is drafted, its descendants ... will not be
//     processed" (Inherit; its files, plain folders below included, are
//     not published: Resources, SectionResourcesBelow); "render = false": the section page is not
//     rendered, its pages are; "redirect_to ... whether to redirect when
//     a user lands on the section": its URL is a redirect to that path, a
//     link to it goes there (redirect.go). Sections are ordered by weight
//     ("sections can only be sorted by weight"), pages by their section's
//     sort_by (order.go). "transparent = true": "the section should pass
//     its pages on to the parent section": they are listed among the
//     parent's pages, by its sort_by (order.go, passes).
//   - Pages (https://www.getzola.org/documentation/content/page/): "A page is
//     any file ending with .md in the content directory, except files named
//     _index.md"; "If a file ending with .md is named index.md, it will
//     generate a page with the name of its directory"; the last segment of
//     its URL is its slug front matter, else its file's name without a
//     leading date ("the file 2018-10-10-hello-world.md will be available at
//     [base_url]/hello-world"), slugified ("If slugify.paths is set to "on"
//     in the site's config - the default - paths are slugified"; "safe"
//     and "off" keep it); "path ... will override both slug and the
//     filename. The sections' path won't be used"; draft = true and
//     render = false are not published; aliases are redirects.
//   - Front matter: "The TOML front matter is a set of metadata embedded in
//     a file at the beginning of the file enclosed by triple pluses (+++)";
//     "YAML front matter is also supported ... enclosed by triple minuses"
//     (after blank lines too, as Zola's split.rs reads it).
//   - Markdown: pulldown-cmark's CommonMark (no wikilinks, tags, ==marks==
//     or %%comments%%: text); smart punctuation only with [markdown]
//     smart_punctuation = true.
//   - Links (https://www.getzola.org/documentation/content/linking/): "start
//     the link with @/ and point to the .md file you want to link to. The
//     path to the file starts from the content directory"
//     (layout.Layout.ContentLinks); headings get "a unique id ... by
//     converting the heading text to a slug" (Slug; "A number is appended
//     at the end if the slug already exists": -1, -2), or "manually specify
//     an id with a {#…} suffix on the heading line".
//   - Shortcodes (https://www.getzola.org/documentation/content/shortcodes/):
//     "{{ name(arg=…) }}" and "{% name(arg=…) %} body {% end %}" run a Tera
//     template of templates/shortcodes/ with the call's arguments, body,
//     nth, lang, and page or section (relative_path, colocated_path): its
//     Tera (https://keats.github.io/tera/docs/: if, for, set, set_global,
//     expressions, filters with arguments, load_data, get_url, get_page, get_section, range) is
//     run by tera*.go (shortrender.go); a template using Tera sitegen does
//     not run is warned at its file:line (and the template's), a body kept
//     as the page's Markdown, never shown as code or published raw
//     (shortcodes.go); "{{/*" and "*/}}"
//     (and "{%/*", "*/%}") are the escapes for text that looks like one.
//   - Taxonomies (https://www.getzola.org/documentation/content/taxonomies/):
//     tag pages only when the settings' taxonomies name "tags".
//   - Multilingual sites (https://www.getzola.org/documentation/content/multilingual/):
//     "content/an-article.fr.md: this will be in French", for a language of
//     the settings' [languages]; "Zola outputs the translated content with a
//     base URL of {base_url}/{code}/". sitegen builds the default language's
//     site: a translation is published at Zola's URL, out of the navigation
//     (Unlisted).
//
// Page and section templates (Tera) are not run: the navigation is the section tree, the
// page's title its front matter's (else its first heading). A page with
// text of its own shows that text in sitegen's page whatever its template
// (what the template adds around it, from [extra] or the theme's layout,
// is not shown); a page with none, whose template (its own, or its
// closest ancestor section's page_template: templates.go) writes it, is
// warned at its template line.
package zola

import (
	"cmp"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"d6codex/cmd/sitegen/internal/layout"
)

// ConfigFiles are the names Zola reads its settings from, in order
// ("Zola loads config.toml as a fallback if zola.toml does not exist").
var ConfigFiles = []string{"zola.toml", "config.toml"}

// ContentLinkPrefix starts a link to a content file by its path from
// content/ ("@/pages/about.md").
const ContentLinkPrefix = "@/"

// Recognise returns the layout of the Zola site at dir, or nil when dir has
// neither zola.toml nor a config.toml that is Zola's (base_url set, no
// Hugo baseURL).
func Recognise(dir string) (*layout.Layout, error) {
	file := layout.FirstFile(dir, ConfigFiles)
	if file == "" {
		return nil, nil
	}
	l := &layout.Layout{Kind: layout.Zola, File: file, Content: "content", Static: []string{"static"}, Redirects: "aliases",
		ContentLinks: ContentLinkPrefix, KeepCase: true}
	m, err := l.DecodeSettings(dir, file)
	if err != nil {
		if file == "config.toml" {
			return nil, nil // not ours to report: Hugo's recogniser reads it next
		}
		return nil, err
	}
	if file == "config.toml" && !IsZolaConfig(m) {
		return nil, nil
	}
	if !layout.Exists(dir, l.Content, true) {
		// "The homepage ... is a section, which is created whether or not
		// you add an _index.md file at the root of your content directory"
		// (https://www.getzola.org/documentation/content/section/): with no
		// content/ at all Zola builds the site from its templates alone.
		l.NoContent = true
		l.Notes = append(l.Notes, file+": no content/ folder: a Zola site with no content pages; Zola's templates (templates/, themes/) are not run by sitegen, so the home page is sitegen's own and only static/ is published")
	}
	l.Settings.Title = l.Str(m, "title")
	l.Settings.BaseURL, l.Settings.BaseURLKey = l.Str(m, "base_url"), "base_url"
	lang := cmp.Or(l.Str(m, "default_language"), "en")
	l.Settings.LanguageCode = lang
	langs := languages(m, lang)
	if len(langs) > 0 {
		l.Read = append(l.Read, "languages: "+strings.Join(langs, ", "))
	}
	paths := slugMode(m, "paths")
	anchors := slugMode(m, "anchors")
	if layout.True(m["compile_sass"]) {
		l.Notes = append(l.Notes, file+": compile_sass: the Sass of sass/ is not compiled by sitegen (nor published); the site's own style sheets are not applied")
	}
	for _, k := range []string{"ignored_content"} {
		if g := layout.Strings(m, k); len(g) > 0 {
			l.UnpublishedPaths = append(l.UnpublishedPaths, layout.PathRule{Reason: k + " (Zola)", Patterns: layout.ParseGlobs(g...)})
			l.Read = append(l.Read, k)
		}
	}
	r := &rules{dir: dir, content: l.Content, lang: lang, langs: langs, paths: paths, secs: &sections{dir: dir, content: l.Content}, trans: translations(m, lang), theme: l.Str(m, "theme")}
	l.Rules = r // URLs and order (order.go)
	if to, _ := r.secs.of("")["redirect_to"].(string); to != "" {
		// The home section redirects (mage-iceland's redirect_to =
		// "home"): the page it names is the home page, its own URL a
		// redirect to it (redirect.go).
		if t := r.resolve(to); t != "" && t != "_index.md" {
			l.Home, r.home = t, t
			l.Read = append(l.Read, "the home section's redirect_to")
		}
	}
	if l.Settings.Title == "" {
		// No title in the settings (title = "" is Zola's default): the
		// home section's, which a Zola theme's templates show where the
		// site's would be (shadowdark_campaign's base.html writes it);
		// sitegen's fallback (the folder's name) otherwise.
		if t, ok := r.secs.of("")["title"].(string); ok && t != "" {
			l.Settings.Title = t
			l.Read = append(l.Read, "title of content/_index.md")
		}
	}
	l.Segment = func(name string) string { return name } // a section's URL is its folder's path as written
	l.NoSection = r.noSection
	l.PassPages = r.passes
	l.Changed = r.secs.forget
	l.FileSitePath = r.assetURL
	l.Resources, l.SectionResourcesBelow = resources, true
	l.Unpublished, l.Unlisted, l.Inherit, l.Defaults = r.unpublished, r.unlisted, inherit, r.defaults
	l.Expand = r.expand
	l.Markup.Slug = func(s string) string { return Slugify(s, anchors) }
	l.Markup.AttrList = true
	// Zola's front matter regexes (components/content/src/front_matter/split.rs)
	// start "^[[:space:]]*\+\+\+": blank lines may come before it.
	l.Markup.FrontMatterLead = true
	// pulldown-cmark reads CommonMark with tables, footnotes,
	// strikethrough and task lists: none of Obsidian's syntax ([[x]],
	// #tags, ==x==, %%x%%); "smart_punctuation = false" by default
	// ([markdown] of https://www.getzola.org/documentation/getting-started/configuration/).
	l.Markup.NoObsidian, l.Markup.NoTags = true, true
	md, _ := m["markdown"].(map[string]any)
	l.Markup.StraightQuotes = !layout.True(md["smart_punctuation"])
	// "[taxonomies] tags = ["rust", "web"]" in a page's front matter, pages
	// at /tags/ and /tags/NAME/ when the settings declare the taxonomy
	// (https://www.getzola.org/documentation/content/taxonomies/).
	l.NoTagPages = !slices.Contains(taxonomies(m), "tags")
	if !l.NoTagPages {
		l.TagsOf = func(meta map[string]any) any {
			t, _ := meta["taxonomies"].(map[string]any)
			return t["tags"]
		}
		// A term's page is at its name slugified by slugify.taxonomies
		// ("on" by default: "Plane Shift" at /tags/plane-shift/).
		mode := slugMode(m, "taxonomies")
		l.TagSlug = func(tag string) string { return Slugify(tag, mode) }
		// "terms that have the same slug will get merged": the merged
		// term keeps the smallest name (Taxonomy::new sorts by slug,
		// then name, and dedup_by keeps the first).
		l.TagTitle = func(written []string) string { return slices.Min(written) }
	}
	// A translation's terms are its language's: Zola's [languages.fr]
	// "taxonomies = [{name = "tags"}, …]" (multilingual.md), a taxonomy
	// of another language than the default at /fr/tags/ (TaxonomyConfig
	// lang; taxonomies.md: "lang: only set this if you are making a
	// multilingual site"); a language that declares no tags taxonomy
	// has no tag pages.
	if len(langs) > 0 {
		groups := map[string]*layout.Tags{}
		ls, _ := m["languages"].(map[string]any)
		for _, code := range langs {
			lm, _ := ls[code].(map[string]any)
			g := &layout.Tags{}
			if slices.Contains(taxonomies(lm), "tags") {
				mode := slugMode(m, "taxonomies")
				g = &layout.Tags{URL: "/" + code + "/tags/", Slug: func(t string) string { return Slugify(t, mode) },
					Title: func(name string, _ int) string { return name }, Unlisted: true}
			}
			groups[code] = g
		}
		l.Tags = func(rel string) *layout.Tags {
			_, code := r.language(strings.TrimSuffix(path.Base(rel), ".md"))
			return groups[code]
		}
	}
	return l, nil
}

// IsZolaConfig says whether the settings m of a config.toml are Zola's:
// "Only the base_url variable is mandatory" in Zola's, where Hugo writes
// baseURL (its keys compare without case: baseurl, BaseURL).
func IsZolaConfig(m map[string]any) bool {
	if _, ok := m["base_url"]; !ok {
		return false
	}
	for k := range m {
		if strings.EqualFold(k, "baseurl") {
			return false
		}
	}
	return true
}

// languages are the codes of the settings' [languages] other than the
// default one, sorted.
func languages(m map[string]any, def string) []string {
	ls, _ := m["languages"].(map[string]any)
	var out []string
	for k := range ls {
		if k != def {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// translations are the settings' translation strings by language and
// key, as Zola's trans() reads them
// (https://www.getzola.org/documentation/content/multilingual/): "[languages.fr.translations]
// summary = "Mon blog" … translations for the default language are not
// prefixed by languages.code: [translations]". A [languages.DEFAULT]
// section's translations are merged with the base ones (Zola's
// Config::add_default_language merges both, with a warning), the base's
// kept where both give a key.
func translations(m map[string]any, def string) map[string]map[string]string {
	out := map[string]map[string]string{}
	add := func(code string, t any) {
		tm, _ := t.(map[string]any)
		for k, v := range tm {
			s, ok := v.(string)
			if !ok {
				continue
			}
			if out[code] == nil {
				out[code] = map[string]string{}
			}
			if _, had := out[code][k]; !had {
				out[code][k] = s
			}
		}
	}
	add(def, m["translations"])
	ls, _ := m["languages"].(map[string]any)
	for code, o := range ls {
		if om, ok := o.(map[string]any); ok {
			add(code, om["translations"])
		}
	}
	return out
}

// taxonomies are the names of the settings' taxonomies.
func taxonomies(m map[string]any) []string {
	var out []string
	switch ts := m["taxonomies"].(type) {
	case []map[string]any:
		for _, t := range ts {
			if n, ok := t["name"].(string); ok {
				out = append(out, n)
			}
		}
	case []any:
		for _, t := range ts {
			if tm, ok := t.(map[string]any); ok {
				if n, ok := tm["name"].(string); ok {
					out = append(out, n)
				}
			}
		}
	}
	return out
}

// Slugify modes ([slugify] paths, anchors): "on" (the default), "safe",
// "off".
const (
	SlugOn   = "on"
	SlugSafe = "safe"
	SlugOff  = "off"
)

func slugMode(m map[string]any, key string) string {
	s, _ := m["slugify"].(map[string]any)
	v, _ := s[key].(string)
	switch v {
	case SlugSafe, SlugOff:
		return v
	}
	return SlugOn
}

// Slugify is Zola's slugify_paths and slugify_anchors of s in mode: "on",
// the slug crate's slugify (letters and digits, lower case, ASCII; every
// other run of characters one "-", none at either end; every other
// character transliterated by deunicode, one at a time: "Æ" to "AE", "é"
// to "e", "日本" to "Ri Ben", a character it has no reading for to "-");
// "safe", the characters <>:/|?*#\()[] and newlines and tabs removed,
// trailing whitespace and dots removed, whitespace "_"; "off", as written.
// deunicode's readings are its own table's (deunicodeSlug), every
// character's, so a slug is Zola's whatever the script.
func Slugify(s, mode string) string {
	switch mode {
	case SlugOff:
		return s
	case SlugSafe:
		s = strings.Map(func(r rune) rune {
			if strings.ContainsRune("<>:/|?*#\\()[]\n\t", r) {
				return -1
			}
			return r
		}, s)
		s = strings.TrimRightFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '.' })
		return strings.Join(strings.Fields(s), "_")
	}
	var b strings.Builder
	dash := true // no leading "-"
	push := func(t string) {
		for i := 0; i < len(t); i++ {
			switch c := t[i]; {
			case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
				b.WriteByte(c)
				dash = false
			case c >= 'A' && c <= 'Z':
				b.WriteByte(c - 'A' + 'a')
				dash = false
			case !dash:
				b.WriteByte('-')
				dash = true
			}
		}
	}
	for _, r := range s {
		if r < utf8.RuneSelf {
			push(string(r))
		} else if t, ok := deunicodeSlug(r); ok {
			push(t)
		} else {
			push("-") // "c.to_ascii().unwrap_or("-")"
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// datedName is Zola's RFC3339_DATE: a file name that starts with a date
// (or an RFC 3339 datetime), then optionally a space, "_" or "-" and the
// page's name.
var datedName = regexp.MustCompile(`^(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?:T(?:[01]\d|2[0-3]):[0-5]\d:(?:[0-5]\d|60)(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d))?)(?:\s?[_-](.+))?$`)

// rules are a site's rules for its pages' URLs and what is published.
type rules struct {
	dir, content string
	lang         string   // default_language
	langs        []string // the other languages' codes
	paths        string   // slugify.paths
	secs         *sections
	redir        redirects
	home         string // the page the home section redirects to, the home page; "" for none
	// trans are the settings' translations, by language code and key
	// (Zola's trans()).
	trans map[string]map[string]string
	// theme is the settings' theme (its templates come after the site's).
	theme string
}

// language splits the name of a Markdown file (without .md) into its stem
// and the language its last dotted part names ("about.fr": "about", "fr"),
// "" for the default language (a suffix that names no language of the
// settings is part of the name).
func (r *rules) language(name string) (stem, lang string) {
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		if code := name[i+1:]; slices.Contains(r.langs, code) {
			return name[:i], code
		}
	}
	return name, ""
}

// pageURL is Zola's URL of the page at the content-relative path rel
// whose front matter is fm (components/content/src/page.rs and
// section.rs): a section (_index.md) at its folder's path; a page at its
// folder's path and its slug, or at path =; a translation under /CODE/.
func (r *rules) pageURL(rel string, fm map[string]any) string {
	if !strings.HasSuffix(rel, ".md") {
		return ""
	}
	dir, file := path.Split(rel)
	dir = strings.Trim(dir, "/")
	stem, lang := r.language(strings.TrimSuffix(file, ".md"))
	prefix := "/"
	if lang != "" {
		prefix = "/" + lang + "/"
	}
	if stem == "_index" {
		if dir == "" {
			return prefix
		}
		return prefix + dir + "/"
	}
	if p, ok := fm["path"].(string); ok && strings.TrimSpace(p) != "" {
		// "The sections' path won't be used. It should not start with a
		// / and the slash will be removed if it does."
		p = strings.Trim(strings.TrimSpace(p), "/")
		if p == "" {
			return "/"
		}
		return "/" + p + "/"
	}
	name := stem
	if stem == "index" {
		if dir == "" {
			return prefix // content/index.md: the home page's URL
		}
		dir, name = path.Dir(dir), path.Base(dir)
		if dir == "." {
			dir = ""
		}
	}
	if m := datedName.FindStringSubmatch(name); m != nil && m[2] != "" {
		name = m[2]
	}
	slug := Slugify(name, r.paths)
	if s, ok := fm["slug"].(string); ok && strings.TrimSpace(s) != "" {
		slug = Slugify(s, r.paths)
	}
	if dir == "" {
		return prefix + slug + "/"
	}
	return prefix + dir + "/" + slug + "/"
}

// noSection says whether the content-relative folder d has no _index.md:
// no section, its Markdown files are orphan pages.
func (r *rules) noSection(d string) bool {
	return r.secs.of(d) == nil
}

// unpublished implements layout.Layout.Unpublished: draft = true (its own
// or a section's above it, see inherit) and render = false are not
// published.
func (r *rules) unpublished(meta map[string]any, rel string) string {
	if layout.True(meta[draftedBy]) {
		return "draft = true in a section above (Zola)"
	}
	if layout.True(meta["draft"]) {
		return "draft = true (Zola)"
	}
	if layout.False(meta["render"]) {
		return "render = false (Zola)"
	}
	if rel == "_index.md" && r.home != "" {
		return "redirect_to (Zola): the home page is " + r.home + ", where the home section redirects"
	}
	if path.Base(rel) == "_index.md" {
		if t := r.redirected(path.Dir(rel)); t != "" {
			return "redirect_to (Zola): the section's URL is a redirect to " + t
		}
	}
	return ""
}

// unlisted implements layout.Layout.Unlisted: a translation is published
// at its URL, out of the default language's navigation.
func (r *rules) unlisted(_ map[string]any, rel string) string {
	if _, lang := r.language(strings.TrimSuffix(path.Base(rel), ".md")); lang != "" {
		return fmt.Sprintf("a translation (%s): Zola publishes it under /%s/; sitegen lists the default language's pages", lang, lang)
	}
	return ""
}

// draftedBy is the key inherit sets on a page below a drafted section.
const draftedBy = "zola draft section"

// inherit implements layout.Layout.Inherit: "When a section is drafted,
// its descendants (such as pages, subsections and assets) will not be
// processed".
func inherit(rel string, sections []map[string]any) map[string]any {
	for i, m := range sections {
		if i == 0 && path.Base(rel) == "_index.md" {
			continue // the section's own front matter: its draft is its own
		}
		if layout.True(m["draft"]) {
			return map[string]any{draftedBy: true}
		}
	}
	return nil
}

// resources implements layout.Layout.Resources: "When a section is
// drafted, its descendants (such as pages, subsections and assets) will
// not be processed" (https://www.getzola.org/documentation/content/section/#drafting),
// nor a drafted page's: the files of a drafted section's folder (and of
// its subsections' and pages' folders), or of a drafted page's, are not
// published.
func resources(meta map[string]any) string {
	if layout.True(meta[draftedBy]) {
		return "draft = true in a section above (Zola)"
	}
	if layout.True(meta["draft"]) {
		return "draft = true (Zola)"
	}
	return ""
}

// assetURL implements layout.Layout.FileSitePath: "All non-Markdown files
// you add in a page/section directory will be copied alongside the
// generated page" (https://www.getzola.org/documentation/content/overview/#asset-colocation):
// a file beside an index.md is published under that page's URL, which
// slugifies its folder's name (themes/DeepThought/screenshot.png is
// /themes/deepthought/screenshot.png); "" elsewhere (its path).
func (r *rules) assetURL(rel string) string {
	dir := path.Dir(rel)
	if dir == "." || !layout.Exists(r.dir, path.Join(r.content, dir, "index.md"), false) {
		return ""
	}
	page := path.Join(dir, "index.md")
	u := r.pageURL(page, frontMatterOf(r.dir, path.Join(r.content, page)))
	if u == "" {
		return ""
	}
	return u + path.Base(rel)
}
