package hugo

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"

	"d6codex/cmd/sitegen/internal/layout"
)

// Hugo's "do not publish" rules (https://gohugo.io/content-management/front-matter/,
// https://gohugo.io/content-management/build-options/): a draft (sitegen's
// own rule, in every layout), a publishDate in the future (or, without
// one, a date in the future: Hugo reads publishDate from publishDate,
// pubDate, published or date), an expiryDate in the past, a leaf bundle
// marked headless, build options that do not render the page
// (build: {render: never} or link, the old _build: {render: false}); and
// build options that publish a page without listing it (list: never).
// Front matter keys are read in any case, as Hugo reads them, and a
// section's cascade passes its values down to its pages (Inherit).

// rules are Hugo's rules as of the time now.
type rules struct {
	now  func() time.Time
	lang string // the default language, for a cascade's target
	// cascade is the site configuration's cascade ("You can configure
	// your site to cascade front matter values to the home page and any
	// of its descendants", https://gohugo.io/configuration/cascade/):
	// farther than any section's.
	cascade any
	// docsy: the site's theme is Docsy, whose sidebar leaves out a page
	// with toc_hide: true (Unlisted).
	docsy bool
	// future and expired: the settings' buildFuture and buildExpired
	// (hugo --buildFuture, --buildExpired) publish pages dated in the
	// future and past their expiryDate.
	future, expired bool
}

// lower is meta with its keys in lower case (Hugo's keys are): meta
// itself when they are already (most front matter), which the callers
// only read; a copy else. It runs several times for each page of every
// build (PageDate, Unpublished, Unlisted), kept pages' included.
func lower(meta map[string]any) map[string]any {
	low := true
	for k := range meta {
		if strings.ToLower(k) != k {
			low = false
			break
		}
	}
	if low {
		return meta
	}
	out := make(map[string]any, len(meta))
	for k, v := range meta {
		out[strings.ToLower(k)] = v
	}
	return out
}

// buildOption returns the key ("build" or "_build") and value of one of
// the page's build options, "" when not set.
func buildOption(m map[string]any, opt string) (key string, v any) {
	for _, k := range []string{"build", "_build"} {
		if b, ok := m[k].(map[string]any); ok {
			if v, ok := lower(b)[strings.ToLower(opt)]; ok {
				return k, v
			}
		}
	}
	return "", nil
}

// Unpublished implements layout.Layout.Unpublished.
func (r rules) Unpublished(meta map[string]any, rel string) string {
	m := lower(meta)
	if key, v := buildOption(m, "render"); key != "" {
		switch s := strings.ToLower(fmt.Sprint(v)); s {
		case "never", "link", "false":
			return fmt.Sprintf("%s: {render: %s} (Hugo)", key, s)
		}
	}
	if path.Base(rel) == "index.md" && layout.True(m["headless"]) {
		return "headless: true (Hugo)"
	}
	now := r.now()
	for _, key := range []string{"publishDate", "pubDate", "published", "date"} {
		if r.future {
			break
		}
		v, ok := m[strings.ToLower(key)]
		if !ok {
			continue
		}
		t, ok := layout.Time(v)
		if !ok {
			continue // none to Hugo (BadDates), the next key decides
		}
		if t.After(now) {
			if key == "date" {
				return "date in the future, no publishDate (Hugo)"
			}
			return key + " in the future (Hugo)"
		}
		break // the first date given is the page's publishDate
	}
	for _, key := range []string{"expiryDate", "unpublishDate"} {
		if r.expired {
			break
		}
		v, ok := m[strings.ToLower(key)]
		if !ok {
			continue
		}
		t, ok := layout.Time(v)
		if !ok {
			continue // none to Hugo (BadDates)
		}
		if !t.IsZero() && !t.After(now) {
			return key + " passed (Hugo)"
		}
		break
	}
	return ""
}

// dateKeys are the front matter keys Hugo reads a page's date from, in
// order (its default "date" setting: date, publishDate, pubdate,
// published, lastmod, modified; https://gohugo.io/configuration/front-matter/#dates).
var dateKeys = []string{"date", "publishdate", "pubdate", "published", "lastmod", "modified"}

// BadDates implements layout.Layout.BadDates: the keys of meta that Hugo
// reads a date from whose values are none it can read, which Hugo takes
// as no date at all (its front matter date handlers go on to the next
// key; Hugo 0.111 measured: date: 2022-11-10T10:33:21-05F00 and
// publishDate: soon publish the page, undated, with no message; eval8B
// MB13). published: true or false is Jekyll's flag, not a date.
func BadDates(meta map[string]any) []string {
	var keys []string
	for k, v := range meta {
		lk := strings.ToLower(k)
		if !slices.Contains(dateKeys, lk) && lk != "expirydate" && lk != "unpublishdate" {
			continue
		}
		if _, flag := v.(bool); flag && lk == "published" {
			continue
		}
		if _, ok := layout.Time(v); !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// PageDate implements layout.Layout.PageDate: the first of dateKeys that
// holds a date.
func PageDate(meta map[string]any) (time.Time, bool) {
	m := lower(meta)
	for _, k := range dateKeys {
		if v, ok := m[k]; ok {
			if t, ok := layout.Time(v); ok && !t.IsZero() {
				return t, true
			}
		}
	}
	return time.Time{}, false
}

// Resources implements layout.Layout.Resources: "publishResources: If
// true, publish page resources" (https://gohugo.io/content-management/build-options/,
// default true); false publishes them "only when you invoke their
// Permalink, RelPermalink, or Publish methods", in templates, which
// sitegen has none of.
func (r rules) Resources(meta map[string]any) string {
	if key, v := buildOption(lower(meta), "publishResources"); key != "" && layout.False(v) {
		return key + ": {publishResources: false} (Hugo)"
	}
	return ""
}

// Unlisted implements layout.Layout.Unlisted: build: {list: never}
// ("Do not include the page in any page collection"; false in the old
// _build).
func (r rules) Unlisted(meta map[string]any, _ string) string {
	low := lower(meta)
	if r.docsy && layout.True(low["toc_hide"]) {
		// "To hide a page or section from the left navigation menu, set
		// toc_hide: true in the front matter"
		// (https://www.docsy.dev/docs/adding-content/navigation/#section-menu):
		// tehlastjuan/compendium's search.md, Docsy's search results page.
		return "toc_hide: true (Docsy: not in the section menu)"
	}
	if key, v := buildOption(low, "list"); key != "" {
		switch s := strings.ToLower(fmt.Sprint(v)); s {
		case "never", "false":
			return fmt.Sprintf("%s: {list: %s} (Hugo)", key, s)
		}
	}
	return ""
}

// Inherit implements layout.Layout.Inherit: Hugo's cascade, "a map of
// Front Matter keys whose values are passed down to the page's descendants
// unless overwritten by self or a closer ancestor's cascade", one map or a
// list of them, each with an optional _target (or target) of path, kind,
// lang and environment globs; sitegen builds the production environment.
func (r rules) Inherit(rel string, sections []map[string]any) map[string]any {
	out := map[string]any{}
	if r.cascade != nil {
		sections = append(sections[:len(sections):len(sections)], map[string]any{"cascade": r.cascade})
	}
	for _, sec := range sections { // nearest first: a closer value wins
		var entries []map[string]any
		switch c := lower(sec)["cascade"].(type) {
		case map[string]any:
			entries = append(entries, c)
		case []any:
			for _, e := range c {
				if m, ok := e.(map[string]any); ok {
					entries = append(entries, m)
				}
			}
		case []map[string]any:
			entries = c
		}
		for _, e := range entries {
			e = lower(e)
			if !r.targets(e, rel) {
				continue
			}
			for k, v := range e {
				if k == "_target" || k == "target" {
					continue
				}
				if _, set := out[k]; !set {
					out[k] = v
				}
			}
		}
	}
	return out
}

// targets reports whether a cascade entry's target covers the page at
// content-relative path rel.
func (r rules) targets(entry map[string]any, rel string) bool {
	t, ok := entry["_target"].(map[string]any)
	if !ok {
		if t, ok = entry["target"].(map[string]any); !ok {
			return true
		}
	}
	kind := "page"
	switch base := path.Base(rel); {
	case rel == "_index.md":
		kind = "home"
	case base == "_index.md":
		kind = "section"
	}
	noExt := strings.TrimSuffix(rel, path.Ext(rel))
	subjects := map[string][]string{
		"path":        {"/" + rel, "/" + noExt, "/" + strings.TrimSuffix(strings.TrimSuffix(noExt, "_index"), "/")},
		"kind":        {kind},
		"lang":        {r.lang},
		"environment": {"production"},
	}
	for k, v := range lower(t) {
		pattern, ok := v.(string)
		if !ok || pattern == "" {
			continue
		}
		want, known := subjects[k]
		if !known {
			continue
		}
		re := globRE(pattern)
		matched := false
		for _, w := range want {
			if re != nil && re.MatchString(w) {
				matched = true
			}
		}
		if !matched {
			return false
		}
	}
	return true
}

// globRE compiles a glob as Hugo's targets use them (gobwas/glob): "**"
// crosses "/", "*" and "?" do not, "{a,b}" is either, "[a-z]" a class.
// Nil when it does not compile.
func globRE(g string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	depth := 0
	for i := 0; i < len(g); i++ {
		switch c := g[i]; {
		case c == '*' && i+1 < len(g) && g[i+1] == '*':
			b.WriteString(".*")
			i++
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		case c == '{':
			b.WriteString("(?:")
			depth++
		case c == '}' && depth > 0:
			b.WriteString(")")
			depth--
		case c == ',' && depth > 0:
			b.WriteString("|")
		case c == '[':
			end := strings.IndexByte(g[i:], ']')
			if end < 0 {
				b.WriteString(`\[`)
				continue
			}
			class := g[i+1 : i+end]
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			}
			b.WriteString("[" + class + "]")
			i += end
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil
	}
	return re
}
