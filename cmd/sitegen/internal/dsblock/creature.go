package dsblock

import (
	"strings"

	"gopkg.in/yaml.v3"

	"d6codex/templates"
)

// The plugin's stat block (docs/statblock.md) and feature block
// (docs/featureblock.md): a creature's, or a group's (Malice, a hazard),
// head and stats, then its features, each drawn as a ds-feature block is.

// characteristics are a creature's five, in the order the game lists them.
var characteristics = []struct{ key, label string }{
	{"might", "Might"}, {"agility", "Agility"}, {"reason", "Reason"}, {"intuition", "Intuition"}, {"presence", "Presence"},
}

// statblock lays out a ds-statblock: name, level and roles, ancestry,
// EV; stamina, speed and movement, size, stability, free strike,
// immunities, weaknesses, with captain; the characteristics; the
// features; any other key.
func (r *renderer) statblock(m *yaml.Node) []templates.StatPart {
	used := map[string]bool{"name": true}
	take := taker(m, used)
	parts := []templates.StatPart{{Kind: templates.StatHeading, HTML: r.md(text(get(m, "name")), line(get(m, "name")))}}
	var sub []string
	if l := text(take("level")); l != "" {
		sub = append(sub, "Level "+l)
	}
	sub = append(sub, texts(take("roles"))...)
	if ev := text(take("ev")); ev != "" {
		sub = append(sub, "EV "+ev)
	}
	if len(sub) > 0 {
		parts = append(parts, templates.StatPart{Kind: templates.StatSub, HTML: r.md(strings.Join(sub, " · "), line(get(m, "level")))})
	}
	if n := take("ancestry"); n != nil {
		if tags := r.keywords(n); len(tags) > 0 {
			parts = append(parts, templates.StatPart{Kind: templates.StatTags, Cells: tags})
		}
	}
	speed := text(take("speed"))
	if mv := text(take("movement")); mv != "" && speed != "" {
		speed += " (" + mv + ")"
	}
	var stats []templates.StatPart
	for _, f := range []struct{ label, key, value string }{
		{"Stamina", "stamina", ""}, {"Speed", "", speed}, {"Size", "size", ""}, {"Stability", "stability", ""},
		{"Free Strike", "free_strike", ""}, {"Immunities", "immunities", ""}, {"Weaknesses", "weaknesses", ""},
		{"With Captain", "with_captain", ""},
	} {
		v := f.value
		if f.key != "" {
			v = strings.Join(texts(take(f.key)), ", ")
		}
		if v != "" && v != "-" {
			stats = append(stats, templates.StatPart{Kind: templates.StatLine, Label: f.label, HTML: r.md(v, line(get(m, f.key)))})
		}
	}
	if len(stats) > 0 {
		parts = append(parts, templates.StatPart{Kind: templates.StatInline, Class: "statblock-ds-stats", Parts: stats, Rule: true})
	}
	var cells []templates.StatCell
	for _, c := range characteristics {
		if n := take(c.key); n != nil {
			v := strings.TrimSpace(text(n))
			if v != "" && v[0] != '+' && v[0] != '-' && v != "0" {
				v = "+" + v
			}
			cells = append(cells, templates.StatCell{Label: c.label, HTML: r.md(v, n.Line)})
		}
	}
	if len(cells) > 0 {
		parts = append(parts, templates.StatPart{Kind: templates.StatTable, Class: "statblock-ds-characteristics", Cells: cells, Rule: true})
	}
	parts = append(parts, r.features(take("features"))...)
	return append(parts, r.rest(m, used)...)
}

// featureblock lays out a ds-featureblock: name, its kind and level,
// EV, flavor, stamina, size and its other stats, then its features.
func (r *renderer) featureblock(m *yaml.Node) []templates.StatPart {
	used := map[string]bool{"name": true}
	take := taker(m, used)
	parts := []templates.StatPart{{Kind: templates.StatHeading, HTML: r.md(text(get(m, "name")), line(get(m, "name")))}}
	var sub []string
	if k := text(get(m, "featureblock_type")); k != "" {
		sub = append(sub, k)
	}
	if l := text(take("level")); l != "" {
		sub = append(sub, "Level "+l)
	}
	if ev := text(take("ev")); ev != "" {
		sub = append(sub, "EV "+ev)
	}
	if len(sub) > 0 {
		parts = append(parts, templates.StatPart{Kind: templates.StatSub, HTML: r.md(strings.Join(sub, " · "), line(get(m, "featureblock_type")))})
	}
	if n := take("flavor"); n != nil {
		parts = append(parts, templates.StatPart{Kind: templates.StatSub, Class: "statblock-flavor", HTML: r.md(text(n), n.Line)})
	}
	var stats []templates.StatPart
	for _, f := range []struct{ label, key string }{{"Stamina", "stamina"}, {"Size", "size"}} {
		if n := take(f.key); n != nil && text(n) != "" {
			stats = append(stats, templates.StatPart{Kind: templates.StatLine, Label: f.label, HTML: r.md(text(n), n.Line)})
		}
	}
	if n := take("stats"); n != nil && n.Kind == yaml.SequenceNode {
		for _, st := range n.Content {
			stats = append(stats, templates.StatPart{Kind: templates.StatLine, Label: text(get(st, "name")), HTML: r.value(orEmpty(get(st, "value")))})
		}
	}
	if len(stats) > 0 {
		parts = append(parts, templates.StatPart{Kind: templates.StatInline, Class: "statblock-ds-stats", Parts: stats, Rule: true})
	}
	parts = append(parts, r.features(take("features"))...)
	return append(parts, r.rest(m, used)...)
}

// features draws a list of features, each as a ds-feature block is.
func (r *renderer) features(n *yaml.Node) []templates.StatPart {
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	var parts []templates.StatPart
	for _, f := range n.Content {
		if f.Kind == yaml.MappingNode {
			parts = append(parts, templates.StatPart{Kind: templates.StatGroup, Class: "statblock-ds-feature", Parts: r.feature(f, 1)})
		}
	}
	return parts
}

// taker returns a function that reads the first of keys m has, marking it
// in used.
func taker(m *yaml.Node, used map[string]bool) func(keys ...string) *yaml.Node {
	return func(keys ...string) *yaml.Node {
		for _, k := range keys {
			if n := get(m, k); n != nil {
				used[k] = true
				return n
			}
		}
		return nil
	}
}

// texts are a value's texts: a list's items, or a text alone.
func texts(n *yaml.Node) []string {
	if n == nil {
		return nil
	}
	if n.Kind == yaml.SequenceNode {
		var out []string
		for _, c := range n.Content {
			if s := strings.TrimSpace(text(c)); s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	if s := strings.TrimSpace(text(n)); s != "" {
		return []string{s}
	}
	return nil
}
