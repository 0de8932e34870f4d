package statblock

import (
	"strconv"

	"gopkg.in/yaml.v3"

	"d6codex/templates"
)

// generic lays out a field no layout block places, whatever its shape:
// a scalar or a list of scalars as a labelled row; a list of entries
// ({name, desc} maps, [name, desc] pairs) as a titled section; a list of
// one-key maps ("- dexterity: 5") as a labelled list of pairs; a map as a
// titled group of its own fields. Dice in it are rolls (the layout's
// rules).
func (r *renderer) generic(key string, n *yaml.Node, depth int) []templates.StatPart {
	n = resolve(n)
	if n == nil || !present(n) {
		return nil
	}
	label := labelOf(key)
	if depth >= maxDepth {
		return []templates.StatPart{{Kind: templates.StatLine, Label: label, HTML: r.md(r.readable(n), n.Line, true)}}
	}
	switch n.Kind {
	case yaml.ScalarNode:
		return []templates.StatPart{{Kind: templates.StatLine, Class: classOf(key), Label: label, HTML: r.md(r.m.text(n), n.Line, true)}}
	case yaml.MappingNode:
		var parts []templates.StatPart
		for i := 0; i+1 < len(n.Content); i += 2 {
			parts = append(parts, r.generic(n.Content[i].Value, n.Content[i+1], depth+1)...)
		}
		return []templates.StatPart{{Kind: templates.StatGroup, Class: classOf(key), Label: label, Parts: parts}}
	}
	// A list.
	allScalars, allPairs := true, true
	for _, c := range n.Content {
		c = resolve(c)
		if c.Kind != yaml.ScalarNode {
			allScalars = false
		}
		if !(c.Kind == yaml.MappingNode && len(c.Content) == 2 && resolve(c.Content[1]).Kind == yaml.ScalarNode &&
			c.Content[0].Value != "name" && c.Content[0].Value != "desc") {
			allPairs = false
		}
	}
	switch {
	case allScalars:
		return []templates.StatPart{{Kind: templates.StatLine, Class: classOf(key), Label: label, HTML: r.md(r.readable(n), n.Line, true)}}
	case allPairs: // saves and skills: "Dexterity +5, Stealth +6"
		var cells []templates.StatCell
		for _, c := range n.Content {
			c = resolve(c)
			v := r.m.text(c.Content[1])
			if _, err := strconv.ParseFloat(v, 64); err == nil {
				v = signed(v)
			}
			cells = append(cells, templates.StatCell{Label: titleCase(c.Content[0].Value), HTML: r.md(v, c.Line, true)})
		}
		return []templates.StatPart{pairs(classOf(key), label, cells)}
	}
	return []templates.StatPart{{Kind: templates.StatTraits, Class: classOf(key), Label: label, Items: r.items(n, true, nil)}}
}
