package vitepress

import (
	"fmt"
	"strings"

	"d6codex/cmd/sitegen/internal/layout/jsconfig"
)

// docTitle is VitePress's <title> rule (createTitle, shared.ts) with the
// settings' titleTemplate tmpl (nil when unset) as its default
// (https://vitepress.dev/reference/site-config#titletemplate: "Allows
// customizing each page's title suffix or the entire title", "The title
// will be injected into the :title symbol", false for none;
// https://vitepress.dev/reference/frontmatter-config#titletemplate: "The
// suffix for the title", a page's own): the page's title, else the
// site's, then " | " and the site's title (or the template's text), or
// the template with :title replaced; the title alone where it is what
// would follow it.
func docTitle(tmpl any) func(title, site string, meta map[string]any) string {
	return func(title, site string, meta map[string]any) string {
		if title == "" {
			title = site
		}
		t := tmpl
		if v, ok := meta["titleTemplate"]; ok && v != nil { // pageData.titleTemplate ?? siteData.titleTemplate
			t = v
		}
		if s, ok := t.(string); ok && strings.Contains(s, ":title") {
			return strings.ReplaceAll(s, ":title", title)
		}
		suffix := ""
		switch v := t.(type) {
		case bool:
			if v {
				suffix = " | " + site
			}
		case nil:
			suffix = " | " + site
		case string:
			if v != site {
				suffix = " | " + v
			}
		default: // a number or an object: its text, as JavaScript's template literal writes it
			if s := fmt.Sprint(v); s != site {
				suffix = " | " + s
			}
		}
		if suffix != "" && title == suffix[3:] {
			return title
		}
		return title + suffix
	}
}

// titleTemplate is o's titleTemplate (a string or a boolean), nil when
// o sets none or computes it; set says whether o has one.
func titleTemplate(o *jsconfig.Object) (tmpl any, set bool) {
	if o == nil {
		return nil, false
	}
	switch v := o.Get("titleTemplate").(type) {
	case string, bool:
		return v, true
	}
	return nil, false
}
