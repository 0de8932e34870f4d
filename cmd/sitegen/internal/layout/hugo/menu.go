package hugo

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// MainMenu is the menu sitegen shows as the site's navigation: "main",
// the menu Hugo's themes show at the top of every page
// (https://gohugo.io/content-management/menus/).
const MainMenu = "main"

// readMenu returns the entries of the main menu the settings m define:
// "menus" (or "menu") holds a list of entries per menu, each with name,
// url or pageRef, weight, identifier and parent
// (https://gohugo.io/content-management/menus/#define-in-site-configuration).
func readMenu(m map[string]any) []layout.MenuEntry {
	var out []layout.MenuEntry
	for k, v := range m {
		if !strings.EqualFold(k, "menus") && !strings.EqualFold(k, "menu") {
			continue
		}
		menus, _ := v.(map[string]any)
		for name, list := range menus {
			if !strings.EqualFold(name, MainMenu) {
				continue
			}
			switch list := list.(type) {
			case []any:
				for _, e := range list {
					if em, ok := e.(map[string]any); ok {
						out = append(out, menuEntry(em))
					}
				}
			case []map[string]any:
				for _, em := range list {
					out = append(out, menuEntry(em))
				}
			case map[string]any:
				out = append(out, menuEntry(list))
			}
		}
	}
	return lastOfKey(out)
}

// lastOfKey keeps, of the settings' entries of one key (identifier, else
// name), the last: Hugo 0.111's assembleMenus puts each in a map by its
// key, a later one over an earlier (measured: two [[menus.main]] named
// "Dup", /one/ then /two/, show /two/ alone).
func lastOfKey(entries []layout.MenuEntry) []layout.MenuEntry {
	last := map[string]int{}
	for i, e := range entries {
		last[cmp.Or(e.Identifier, e.Name)] = i
	}
	var out []layout.MenuEntry
	for i, e := range entries {
		if k := cmp.Or(e.Identifier, e.Name); k == "" || last[k] == i {
			out = append(out, e)
		}
	}
	return out
}

// menuEntry reads one entry's keys, whatever their case (Hugo's keys
// are case-insensitive).
func menuEntry(m map[string]any) layout.MenuEntry {
	var e layout.MenuEntry
	for k, v := range m {
		switch strings.ToLower(k) {
		case "name":
			e.Name = layout.Text(v)
		case "url":
			e.URL = layout.Text(v)
		case "pageref":
			e.PageRef = layout.Text(v)
		case "weight":
			e.Weight = number(v)
		case "identifier":
			e.Identifier = layout.Text(v)
		case "parent":
			e.Parent = layout.Text(v)
		}
	}
	return e
}

// PageMenu is the main menu's entry a page's front matter adds
// (https://gohugo.io/content-management/menus/#define-in-front-matter):
// "menus: main", a list of menu names with main in it, or a map whose
// main key holds the entry's name, weight, identifier and parent. The
// entry's page is the page (rel), its weight the page's unless the map
// gives one (hugo 0.111's pageMenus: an entry starts with the page's
// LinkTitle and Weight; measured: "menu: main" on a page of weight 2
// puts it at weight 2).
func PageMenu(rel string, meta map[string]any) (layout.MenuEntry, bool) {
	weight := 0
	for k, v := range meta {
		if strings.EqualFold(k, "weight") {
			weight = number(v)
		}
	}
	for k, v := range meta {
		if !strings.EqualFold(k, "menus") && !strings.EqualFold(k, "menu") {
			continue
		}
		e := layout.MenuEntry{Page: rel, Weight: weight}
		switch v := v.(type) {
		case string:
			return e, strings.EqualFold(v, MainMenu)
		case []any:
			for _, name := range v {
				if s, ok := name.(string); ok && strings.EqualFold(s, MainMenu) {
					return e, true
				}
			}
		case map[string]any:
			for name, mv := range v {
				if !strings.EqualFold(name, MainMenu) {
					continue
				}
				if em, ok := mv.(map[string]any); ok {
					e = menuEntry(em)
					e.URL, e.PageRef, e.Page = "", "", rel
					if !slices.ContainsFunc(slices.Collect(maps.Keys(em)), func(k string) bool { return strings.EqualFold(k, "weight") }) {
						e.Weight = weight
					}
				}
				return e, true
			}
		}
	}
	return layout.MenuEntry{}, false
}

// SectionMenu adds to the main menu's entries one entry per top-level
// section (sections: Identifier its folder's name, Page its page, Weight
// its weight; its name is the page's LinkTitle), as Hugo's
// sectionPagesMenu = "main" does: "Hugo automatically defines menu
// entries for top-level sections" (https://gohugo.io/content-management/menus/#define-automatically),
// each with "identifier: the section name", its LinkTitle as name and its
// weight, except where the menu already has an entry of that key: an
// entry's identifier, else its name (hugo 0.111's site.go,
// assembleMenus; measured: a [[menu.main]] entry identifier = "lore", or
// one name = "gear" without an identifier, keeps section lore's, gear's
// out of the menu).
func SectionMenu(entries, sections []layout.MenuEntry) []layout.MenuEntry {
	keys := map[string]bool{}
	for _, e := range entries {
		keys[cmp.Or(e.Identifier, e.Name)] = true
	}
	for _, sec := range sections {
		if sec.Identifier == "" || keys[sec.Identifier] {
			continue
		}
		keys[sec.Identifier] = true
		entries = append(entries, sec)
	}
	return entries
}

// MenuTree orders and nests the menu's entries as Hugo does: an entry
// whose parent names another entry's identifier (else its name) is that
// entry's child; siblings by weight, those without one (0) last, then by
// name, then by identifier (menus.go, defaultMenuEntrySort). An entry
// whose parent is no entry of the menu is left out, as Hugo leaves it.
// Of entries of one key (identifier, else name: a page's name is its
// LinkTitle) the first is kept, the settings' before the pages': Hugo
// 0.111's assembleMenus skips a page's entry whose key the menu has,
// "duplicate menu entry with identifier "Rules" in menu "main"" (measured:
// [[menus.main]] name = "Rules" with pageRef = "/rules" and the page's
// own menu: main show one Rules, the settings' of weight 1; a page with
// menu: {main: {identifier: same}} beside a settings' entry identifier
// = "same" shows the settings').
func MenuTree(entries []layout.MenuEntry) []layout.MenuEntry {
	byKey := map[string]int{} // the first entry of each identifier (else name)
	kept := entries[:0:0]
	for _, e := range entries {
		if k := cmp.Or(e.Identifier, e.Name); k != "" {
			if _, ok := byKey[k]; ok {
				continue // a duplicate: Hugo keeps the first
			}
			byKey[k] = len(kept)
		}
		kept = append(kept, e)
	}
	entries = kept
	children := make([][]int, len(entries))
	var roots []int
	for i, e := range entries {
		if e.Parent == "" {
			roots = append(roots, i)
		} else if p, ok := byKey[e.Parent]; ok && p != i {
			children[p] = append(children[p], i)
		}
	}
	seen := make([]bool, len(entries)) // each entry once: a loop of parents ends
	var build func(idx []int) []layout.MenuEntry
	build = func(idx []int) []layout.MenuEntry {
		var out []layout.MenuEntry
		for _, i := range idx {
			if seen[i] {
				continue
			}
			seen[i] = true
			e := entries[i]
			e.Children = build(children[i])
			out = append(out, e)
		}
		slices.SortStableFunc(out, menuOrder)
		return out
	}
	return build(roots)
}

// menuOrder is Hugo's order of a menu's entries.
func menuOrder(a, b layout.MenuEntry) int {
	switch {
	case a.Weight == b.Weight:
		if c := compareNames(a.Name, b.Name); c != 0 {
			return c
		}
		return cmp.Compare(a.Identifier, b.Identifier)
	case b.Weight == 0:
		return -1
	case a.Weight == 0:
		return 1
	}
	return cmp.Compare(a.Weight, b.Weight)
}

// compareNames compares as Hugo's compare.Strings: without case first,
// then with it.
func compareNames(a, b string) int {
	if c := strings.Compare(strings.ToLower(a), strings.ToLower(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

func number(v any) int {
	switch v := v.(type) {
	case int:
		return v
	case int64:
		return int(max(min(v, math.MaxInt32), math.MinInt32))
	case uint64:
		return int(min(v, math.MaxInt32))
	case float64:
		return int(max(min(v, math.MaxInt32), math.MinInt32))
	case string:
		n, _ := strconv.Atoi(strings.TrimSpace(v))
		return n
	}
	return 0
}
