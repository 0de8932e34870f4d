package jekyll

import (
	"cmp"
	"maps"
	"path"
	"slices"
	"strings"
)

// Front matter defaults (https://jekyllrb.com/docs/configuration/front-matter-defaults/):
// "Using the defaults key in the _config.yml file you can set default
// values for front matter": each entry has a scope (a path, "" for every
// file, a glob with *; a type: pages, posts, drafts or a collection's
// label) and the values it gives. "Jekyll will apply all the defaults
// from the matching scopes, and the more specific scope wins": a longer
// path before a shorter, a scope with a type before one without, a later
// entry before an earlier one; "front matter ... set on a page takes
// precedence over any defaults".

// defaultsRule is one entry of defaults:.
type defaultsRule struct {
	path, typ string
	values    map[string]any
	order     int
}

// readDefaults reads the defaults: setting; entries it cannot read (not
// a mapping, no values) are skipped, as Jekyll skips them.
func readDefaults(m map[string]any) []defaultsRule {
	list, _ := m["defaults"].([]any)
	var out []defaultsRule
	for i, x := range list {
		e, _ := x.(map[string]any)
		values, _ := e["values"].(map[string]any)
		if len(values) == 0 {
			continue
		}
		scope, _ := e["scope"].(map[string]any)
		out = append(out, defaultsRule{path: strings.Trim(str(scope["path"]), "/"), typ: str(scope["type"]), values: values, order: i})
	}
	// Least specific first, so that merging in order lets the more
	// specific win.
	slices.SortStableFunc(out, func(a, b defaultsRule) int {
		return cmp.Or(cmp.Compare(len(a.path), len(b.path)), cmp.Compare(boolInt(a.typ != ""), boolInt(b.typ != "")), cmp.Compare(a.order, b.order))
	})
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// applies reports whether the rule's scope holds the file at rel (a
// path of the site's source) of type typ.
func (r defaultsRule) applies(rel, typ string) bool {
	if r.typ != "" && r.typ != typ {
		return false
	}
	switch {
	case r.path == "":
		return true
	case strings.Contains(r.path, "*"):
		ok, err := path.Match(r.path, rel)
		if !ok && err == nil {
			ok, err = path.Match(r.path, path.Dir(rel))
		}
		return ok && err == nil
	}
	return rel == r.path || strings.HasPrefix(rel, r.path+"/")
}

// defaultsFunc is layout.Layout.Defaults for the rules: the values of
// every rule whose scope holds the page, the more specific winning. The
// type of a page is its collection's label (posts, or a collection's),
// drafts under _drafts/, else pages.
func defaultsFunc(rules []defaultsRule, cs []collection) func(rel string) map[string]any {
	if len(rules) == 0 {
		return nil
	}
	return func(rel string) map[string]any {
		typ := "pages"
		if c, _, _ := find(cs, rel); c != nil {
			typ = c.label
		} else if strings.HasPrefix(rel, "_drafts/") || strings.Contains(rel, "/_drafts/") {
			typ = "drafts"
		}
		var out map[string]any
		for _, r := range rules {
			if r.applies(rel, typ) {
				if out == nil {
					out = map[string]any{}
				}
				maps.Copy(out, r.values)
			}
		}
		return out
	}
}
