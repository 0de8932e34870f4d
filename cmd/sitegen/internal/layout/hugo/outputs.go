package hugo

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// listKinds are Hugo's kinds of list page, each with RSS among its
// default output formats: "home: [html, rss]; section: [html, rss];
// taxonomy: [html, rss]; term: [html, rss]"
// (https://gohugo.io/templates/output-formats/#default-output-formats).
var listKinds = []string{"home", "section", "taxonomy", "term"}

// formats are the output formats named by v, an outputs: value (a list
// of names, YAML's or TOML's), in lower case; ok false when v is none.
func formats(v any) (names []string, ok bool) {
	switch v := v.(type) {
	case []any:
		for _, f := range v {
			if s, ok := f.(string); ok {
				names = append(names, strings.ToLower(s))
			}
		}
		return names, true
	case []string:
		for _, s := range v {
			names = append(names, strings.ToLower(s))
		}
		return names, true
	case string: // outputs: rss, one name
		return []string{strings.ToLower(v)}, true
	}
	return nil, false
}

// listFeed is the RSS feed Hugo writes beside each list page by default
// (index.xml, "the default output formats": home, section, taxonomy and
// term [html, rss], https://gohugo.io/templates/output-formats/), with the
// embedded RSS template, unless the settings low (keys in lower case)
// turn it off: "disableKinds: Disable rendering of the specified page
// kinds" ("RSS" all feeds, a kind its pages and feeds,
// https://gohugo.io/configuration/all/#disablekinds), an outputs: list
// for the kind without RSS, in the settings or in a list page's front
// matter ("outputs: home: [html]": only HTML). Its items are at most
// rssLimit (services.rss.limit in later versions; "-1 means unlimited",
// https://gohugo.io/configuration/all/#rsslimit). Hugo 0.111 measured:
// /index.xml, /rules/index.xml, /tags/index.xml, /tags/arcane/index.xml,
// /categories/index.xml.
func listFeed(low map[string]any) *layout.ListFeed {
	disabled := map[string]bool{}
	for _, k := range layout.Strings(low, "disablekinds") {
		disabled[strings.ToLower(k)] = true
	}
	if disabled["rss"] {
		return nil
	}
	outs, _ := low["outputs"].(map[string]any)
	want := map[string]bool{}
	for _, kind := range listKinds {
		want[kind] = true
		for k, v := range outs {
			if f, ok := formats(v); ok && strings.EqualFold(k, kind) {
				want[kind] = want[kind] && slices.Contains(f, "rss")
			}
		}
	}
	lf := &layout.ListFeed{Name: "index.xml", Want: func(kind string, meta map[string]any) bool {
		if disabled[kind] {
			return false
		}
		if f, ok := formats(meta["outputs"]); ok {
			return slices.Contains(f, "rss") // the page's own outputs
		}
		return want[kind]
	}}
	limit := low["rsslimit"]
	if svc, ok := low["services"].(map[string]any); ok {
		if rss, ok := lower(svc)["rss"].(map[string]any); ok {
			if v, ok := lower(rss)["limit"]; ok {
				limit = v
			}
		}
	}
	switch n := limit.(type) {
	case int64:
		lf.Limit = max(int(n), 0)
	case int:
		lf.Limit = max(n, 0)
	case float64:
		lf.Limit = max(int(n), 0)
	}
	return lf
}

// outputsNote says which output formats other than HTML and RSS the
// settings' outputs ask Hugo to write for each page kind, which sitegen
// does not write: "Hugo can output content in multiple formats,
// including calendar events, e-book formats, Google AMP, and JSON search
// indexes, or any custom text format"
// (https://gohugo.io/templates/output-formats/). Measured with hugo
// 0.111 (outputs home = HTML, JSON, RSS and section = HTML, print, a
// format of outputFormats with path print): /index.json from
// layouts/index.json, /index.xml from Hugo's own RSS template,
// /rules/print/index.html from the section's list template, no warning.
// sitegen writes each page's HTML, the lists' RSS (listFeed) and its own
// search index and sitemap; "" when the settings low (keys in lower
// case) ask for nothing else. file names the settings file.
func outputsNote(file string, low map[string]any) string {
	outs, _ := low["outputs"].(map[string]any)
	var parts []string
	for _, kind := range slices.Sorted(maps.Keys(outs)) {
		var other []string
		switch v := outs[kind].(type) {
		case []any:
			for _, f := range v {
				if s, ok := f.(string); ok && !strings.EqualFold(s, "html") && !strings.EqualFold(s, "rss") {
					other = append(other, s)
				}
			}
		case []string:
			for _, s := range v {
				if !strings.EqualFold(s, "html") && !strings.EqualFold(s, "rss") {
					other = append(other, s)
				}
			}
		}
		if len(other) > 0 {
			parts = append(parts, kind+" "+strings.Join(other, ", "))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("%s: outputs: %s: Hugo also writes these formats from the site's templates (index.json, a custom format's folder), which sitegen does not run: not written (each page's HTML and the lists' RSS are)", file, strings.Join(parts, "; "))
}
