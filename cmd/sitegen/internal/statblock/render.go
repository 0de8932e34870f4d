package statblock

import (
	"html"
	"math"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/templates"
)

// renderer lays out one stat block.
type renderer struct {
	b    *markup.Block
	m    *monster
	lay  *layout
	dice bool            // the block's dice parsing is on (its `dice:` key, default on)
	used map[string]bool // fields a part shows
}

// view lays the block out: its layout's blocks in order, then the fields
// Initiative Tracker reads that the layout does not show, then every
// other field it does not place, each readable (see generic).
func (r *renderer) view() templates.StatBlockView {
	v := templates.StatBlockView{Name: r.m.str("name"), Class: r.lay.class}
	if v.Name == "" {
		v.Name = "Creature"
	}
	v.Parts = r.blocks(r.lay.blocks)
	if t := r.tracker(); len(t.Parts) > 0 {
		v.Parts = append(v.Parts, t)
	}
	var rest []templates.StatPart
	for _, k := range r.m.keys {
		if r.used[k] || isConfig(k) || !r.m.has(k) {
			continue
		}
		r.used[k] = true
		rest = append(rest, r.generic(k, r.m.node(k), 0)...)
	}
	if len(rest) > 0 {
		v.Parts = append(v.Parts, templates.StatPart{Kind: templates.StatGroup, Class: "statblock-more", Parts: rest})
	}
	return v
}

// trackerLabels name the fields Initiative Tracker reads.
var trackerLabels = map[string]string{"modifier": "Initiative", "ac": "AC", "hp": "HP"}

// tracker is the line of the fields Initiative Tracker reads that the
// layout did not show.
func (r *renderer) tracker() templates.StatPart {
	p := templates.StatPart{Kind: templates.StatInline, Class: "statblock-tracker"}
	for _, k := range r.lay.tracker {
		if r.used[k] || !r.m.has(k) {
			continue
		}
		r.used[k] = true
		s := r.m.str(k)
		if k == "modifier" {
			s = signed(s)
		}
		p.Parts = append(p.Parts, templates.StatPart{Kind: templates.StatLine, Label: trackerLabels[k], HTML: r.md(s, r.m.line(k), false)})
	}
	return p
}

// shows reports whether a block has something to show (the plugin's
// checkConditioned): an unconditioned block always, a group when one of
// its blocks does, another when one of its fields has a value.
func (r *renderer) shows(b block) bool {
	if !b.conditioned {
		return true
	}
	if len(b.nested) > 0 {
		for _, n := range b.nested {
			if r.shows(n) {
				return true
			}
		}
		return false
	}
	if b.custom != nil || len(b.props) == 0 {
		return true
	}
	for _, p := range b.props {
		if r.m.has(p) {
			return true
		}
	}
	return false
}

// blocks lays out a list of blocks.
func (r *renderer) blocks(bs []block) []templates.StatPart {
	var out []templates.StatPart
	for _, b := range bs {
		if !r.shows(b) {
			continue
		}
		for _, p := range r.one(b) {
			if b.rule {
				p.Rule = true
			}
			if b.class != "" && p.Class == "" {
				p.Class = b.class
			}
			out = append(out, p)
		}
	}
	return out
}

// use marks fields as shown.
func (r *renderer) use(keys ...string) {
	for _, k := range keys {
		if r.m.has(k) {
			r.used[k] = true
		}
	}
}

// one lays out a block.
func (r *renderer) one(b block) []templates.StatPart {
	key := ""
	if len(b.props) > 0 {
		key = b.props[0]
	}
	switch b.kind {
	case kHeading:
		s := r.m.str(key)
		if s == "" {
			s = b.fallback
		}
		r.use(key)
		return []templates.StatPart{{Kind: templates.StatHeading, HTML: r.md(s, r.m.line(key), false)}}
	case kSubheading:
		var parts []string
		for _, p := range b.props {
			if s := r.m.str(p); s != "" {
				parts = append(parts, s)
				r.use(p)
			}
		}
		if len(parts) == 0 {
			return nil
		}
		return []templates.StatPart{{Kind: templates.StatSub, HTML: r.md(strings.Join(parts, b.sep), r.m.line(key), false)}}
	case kProperty, kText:
		s, ok := r.readable(r.m.node(key)), r.m.has(key)
		if b.text != nil {
			s, ok = b.text(r.m)
		}
		if !ok || s == "" {
			if b.conditioned {
				return nil
			}
			s = b.fallback
			if s == "" {
				s = "-"
			}
		} else {
			r.use(b.props...)
			r.use(b.reads...)
		}
		k := templates.StatLine
		if b.kind == kText {
			k = templates.StatText
		}
		label := strings.TrimSpace(b.label)
		if b.kind == kText {
			label = r.heading(b)
		}
		h := r.md(s, r.m.line(key), b.dice)
		if b.kind == kText {
			h = r.mdBlock(s, r.m.line(key), b.dice)
		}
		return []templates.StatPart{{Kind: k, Class: classOf(key), Label: label, HTML: h}}
	case kSaves:
		cells, ok := r.saves(r.m.node(key), b)
		if !ok {
			return nil
		}
		r.use(key)
		return []templates.StatPart{pairs(classOf(key), strings.TrimSpace(b.label), cells)}
	case kTable:
		cells, ok := r.table(r.m.node(key), b)
		if !ok {
			return nil
		}
		r.use(key)
		return []templates.StatPart{{Kind: templates.StatTable, Class: classOf(key), Cells: cells}}
	case kTraits:
		n := r.m.node(key)
		if n == nil || n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
			return nil // not a list: shown with the fields no block places
		}
		r.use(key)
		return []templates.StatPart{{Kind: templates.StatTraits, Class: classOf(key), Label: r.heading(b), Items: r.items(n, b.dice, b.each)}}
	case kSpells:
		n := r.m.node(key)
		if n == nil || n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
			return nil
		}
		r.use(key)
		return []templates.StatPart{{Kind: templates.StatTraits, Class: classOf(key), Items: r.spells(n, b)}}
	case kImage:
		if !r.m.has(key) {
			return nil
		}
		h := r.image(r.m.str(key), r.m.line(key))
		if h == "" {
			return nil
		}
		r.use(key)
		return []templates.StatPart{{Kind: templates.StatImage, HTML: h}}
	case kGroup, kInline:
		parts := r.blocks(b.nested)
		if len(parts) == 0 {
			return nil
		}
		k := templates.StatGroup
		if b.kind == kInline {
			k = templates.StatInline
		}
		return []templates.StatPart{{Kind: k, Label: r.heading(b), Parts: parts}}
	case kTags:
		var cells []templates.StatCell
		for _, n := range b.nested {
			for _, p := range n.props {
				if r.m.has(p) {
					cells = append(cells, templates.StatCell{Label: tagKind(p), HTML: r.md(r.m.str(p), r.m.line(p), false)})
					r.use(p)
				}
			}
		}
		if len(cells) == 0 {
			return nil
		}
		return []templates.StatPart{{Kind: templates.StatTags, Cells: cells}}
	case kCustom:
		return b.custom(r)
	}
	return nil
}

// tagKind is the kind of tag a field makes: Pathfinder's rare_01..04 are
// its rarity, trait_01..07 its traits.
func tagKind(key string) string {
	switch {
	case strings.HasPrefix(key, "rare"):
		return "rarity"
	case strings.HasPrefix(key, "trait"):
		return "trait"
	}
	return key
}

// heading is a block's section title: its heading, or the value of the
// field it names (headingProp); none when blank.
func (r *renderer) heading(b block) string {
	if b.headingProp {
		if h := strings.TrimSpace(b.heading); h != "" && r.m.has(h) {
			return r.m.str(h)
		}
		return ""
	}
	return strings.TrimSpace(b.heading)
}

// classOf is a field's class: "statblock-" and its name.
func classOf(key string) string {
	if key == "" {
		return ""
	}
	return "statblock-" + strings.ToLower(strings.ReplaceAll(key, "_", "-"))
}

// readable is a property's text: a scalar as written, a list's items
// joined, a map as "Key value" pairs (the plugin joins a map's values
// alone; the keys are kept here so that none is lost).
func (r *renderer) readable(n *yaml.Node) string {
	n = resolve(n)
	if n == nil {
		return ""
	}
	switch n.Kind {
	case yaml.MappingNode:
		var parts []string
		for i := 0; i+1 < len(n.Content); i += 2 {
			if s := r.readable(n.Content[i+1]); s != "" {
				parts = append(parts, labelOf(n.Content[i].Value)+" "+s)
			}
		}
		return strings.Join(parts, ", ")
	case yaml.SequenceNode:
		var parts []string
		for _, c := range n.Content {
			if s := r.readable(c); s != "" {
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, ", ")
	}
	return r.m.text(n)
}

// saves reads a Saves block's field: a list of one-key maps ("-
// dexterity: 5", shown "Dexterity +5"), entries with a desc, or a map.
func (r *renderer) saves(n *yaml.Node, b block) ([]templates.StatCell, bool) {
	n = resolve(n)
	if n == nil {
		return nil, false
	}
	var elems []*yaml.Node
	switch n.Kind {
	case yaml.SequenceNode:
		elems = n.Content
	case yaml.MappingNode: // a map of saves: each pair an entry
		for i := 0; i+1 < len(n.Content); i += 2 {
			elems = append(elems, &yaml.Node{Kind: yaml.MappingNode, Content: n.Content[i : i+2], Line: n.Content[i].Line})
		}
	default:
		return nil, false
	}
	var cells []templates.StatCell
	for _, e := range elems {
		e = resolve(e)
		var label, value string
		switch {
		case b.saveFn != nil && e.Kind == yaml.MappingNode:
			label, value = b.saveFn(r.m, e)
		case e.Kind == yaml.MappingNode:
			label, value = r.save(e)
		default:
			value = r.readable(e)
		}
		if label == "" && value == "" {
			continue
		}
		cells = append(cells, templates.StatCell{Label: label, HTML: r.md(value, e.Line, b.dice)})
	}
	return cells, len(cells) > 0
}

// pairs is a labelled line of name and value pairs: "Saves Dexterity +5,
// Wisdom +2".
func pairs(class, label string, cells []templates.StatCell) templates.StatPart {
	var sb strings.Builder
	for i, c := range cells {
		if i > 0 {
			sb.WriteString(", ")
		}
		if c.Label != "" {
			sb.WriteString(html.EscapeString(c.Label))
			sb.WriteString(" ")
		}
		sb.WriteString(c.HTML)
	}
	return templates.StatPart{Kind: templates.StatLine, Class: strings.TrimSpace("statblock-pairs " + class), Label: label, HTML: sb.String()}
}

// save reads one saves entry as the plugin's Saves block does: with a
// desc, its name and desc; else its first key, title-cased, and its value
// (a number signed: "+5"). Further keys follow, so that none is lost.
func (r *renderer) save(e *yaml.Node) (string, string) {
	if d := mapGet(e, "desc"); d != nil {
		name := r.m.text(mapGet(e, "name"))
		return name, r.m.text(d)
	}
	if len(e.Content) < 2 {
		return "", ""
	}
	label := titleCase(e.Content[0].Value)
	value := r.readable(e.Content[1])
	if _, err := strconv.ParseFloat(value, 64); err == nil {
		value = signed(value)
	}
	for i := 2; i+1 < len(e.Content); i += 2 {
		if s := r.readable(e.Content[i+1]); s != "" {
			value += ", " + e.Content[i].Value + " " + s
		}
	}
	return label, value
}

// table reads a Table block's field: a list of values under the block's
// headers, each with its modifier when the block calculates them. Values
// beyond the headers are shown without one (the plugin drops them).
func (r *renderer) table(n *yaml.Node, b block) ([]templates.StatCell, bool) {
	n = resolve(n)
	if n == nil || n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
		return nil, false
	}
	var cells []templates.StatCell
	for i, c := range n.Content {
		c = resolve(c)
		s := r.readable(c)
		cell := templates.StatCell{HTML: r.md(s, c.Line, false)}
		if i < len(b.headers) {
			cell.Label = b.headers[i]
		}
		if v, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil && b.calculate {
			cell.Mod = minusSign(signedInt(int(math.Floor((v - 10) / 2))))
		}
		cells = append(cells, cell)
	}
	return cells, true
}

// items reads a list of traits or actions (see item).
func (r *renderer) items(n *yaml.Node, dice bool, each func(*monster, *yaml.Node) *yaml.Node) []templates.StatItem {
	var items []templates.StatItem
	for _, c := range n.Content {
		c = resolve(c)
		if each != nil {
			if d := each(r.m, c); d != nil {
				c = d
			}
		}
		if it, ok := r.item(c, dice, 0); ok {
			items = append(items, it)
		}
	}
	return items
}

// item reads one entry: {name, desc} with nested `traits:` (13th Age's
// triggers), [name, desc], or text. An entry's other fields follow it as
// nested entries, so that none is lost.
func (r *renderer) item(c *yaml.Node, dice bool, depth int) (templates.StatItem, bool) {
	var it templates.StatItem
	if c == nil || depth > maxDepth {
		return it, false
	}
	switch c.Kind {
	case yaml.ScalarNode:
		s := r.m.text(c)
		if s == "" {
			return it, false
		}
		it.Desc = r.mdBlock(s, c.Line, dice)
	case yaml.SequenceNode: // [name, desc, ...]
		if len(c.Content) == 0 {
			return it, false
		}
		it.Name = r.md(r.readable(c.Content[0]), c.Line, false)
		var rest []string
		for _, d := range c.Content[1:] {
			if s := r.readable(d); s != "" {
				rest = append(rest, s)
			}
		}
		it.Desc = r.mdBlock(strings.Join(rest, ", "), c.Line, dice)
	case yaml.MappingNode:
		if len(c.Content) == 2 && mapGet(c, "name") == nil && mapGet(c, "desc") == nil && resolve(c.Content[1]).Kind == yaml.ScalarNode {
			// "1st level (4 slots)": spells
			it.Name = r.md(c.Content[0].Value, c.Line, false)
			it.Desc = r.mdBlock(r.m.text(c.Content[1]), c.Content[1].Line, dice)
			break
		}
		for i := 0; i+1 < len(c.Content); i += 2 {
			k, v := c.Content[i].Value, resolve(c.Content[i+1])
			switch k {
			case "name":
				it.Name = r.md(r.m.text(v), v.Line, false)
			case "desc":
				it.Desc = r.mdBlock(r.m.text(v), v.Line, dice)
			case "traits":
				if v.Kind == yaml.SequenceNode {
					for _, s := range v.Content {
						if sub, ok := r.item(resolve(s), dice, depth+1); ok {
							it.Sub = append(it.Sub, sub)
						}
					}
					continue
				}
				fallthrough
			default:
				if !present(v) {
					continue
				}
				sub := templates.StatItem{Name: html.EscapeString(labelOf(k))}
				if v.Kind == yaml.SequenceNode || v.Kind == yaml.MappingNode {
					sub.Desc = r.mdBlock(r.readable(v), v.Line, dice)
				} else {
					sub.Desc = r.mdBlock(r.m.text(v), v.Line, dice)
				}
				it.Sub = append(it.Sub, sub)
			}
		}
	default:
		return it, false
	}
	return it, it.Name != "" || it.Desc != "" || len(it.Sub) > 0
}

// spells reads 5e's spells list as the plugin's Spells block does: a text
// without a colon (or ending in one) opens a list, under "Spellcasting"
// for the first; "Cantrips (at will): fire bolt" and {level: spells} are
// its lines.
func (r *renderer) spells(n *yaml.Node, b block) []templates.StatItem {
	var items []templates.StatItem
	var cur *templates.StatItem
	first := true
	for _, c := range n.Content {
		c = resolve(c)
		if c.Kind == yaml.ScalarNode {
			s := r.m.text(c)
			if s == "" {
				continue
			}
			if strings.HasSuffix(s, ":") || !strings.Contains(s, ":") {
				name := ""
				if first {
					name = "Spellcasting"
					if h := strings.TrimSpace(b.heading); h != "" {
						name = h
					}
				}
				first = false
				items = append(items, templates.StatItem{Name: html.EscapeString(name), Desc: r.mdBlock(s, c.Line, b.dice)})
				cur = &items[len(items)-1]
				continue
			}
		}
		it, ok := r.item(c, b.dice, 0)
		if !ok {
			continue
		}
		if cur == nil {
			name := r.m.str("name")
			if name == "" {
				name = "The creature"
			}
			items = append(items, templates.StatItem{Name: "Spellcasting", Desc: r.md(name+" knows the following spells:", c.Line, false)})
			cur = &items[len(items)-1]
			first = false
		}
		cur.Sub = append(cur.Sub, it)
	}
	return items
}

// image is the picture a field names: a [[wikilink]] (or ![[embed]]), a
// Markdown link or image, or a path or URL.
func (r *renderer) image(s string, line int) string {
	s = strings.TrimSpace(s)
	switch {
	case strings.HasPrefix(s, "!["):
	case strings.HasPrefix(s, "[["), strings.HasPrefix(s, "["):
		s = "!" + s
	default:
		s = "![](" + s + ")"
	}
	return r.md(s, line, false)
}

// mapGet is the value of key in a YAML map, nil when absent.
func mapGet(n *yaml.Node, key string) *yaml.Node {
	n = resolve(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return resolve(n.Content[i+1])
		}
	}
	return nil
}

// labelOf makes a label of a field name ("fly_speed" -> "Fly speed").
func labelOf(k string) string { return capitalize(strings.ReplaceAll(k, "_", " ")) }

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// titleCase capitalises each word ("sleight of hand" -> "Sleight Of
// Hand"), as the plugin's toTitleCase.
func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		words[i] = capitalize(strings.ToLower(w))
	}
	return strings.Join(words, " ")
}

// signed writes a number with its sign ("5" -> "+5"); other text as is.
func signed(s string) string {
	s = strings.TrimSpace(s)
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-") {
		return s
	}
	if f >= 0 {
		return "+" + s
	}
	return s
}

func signedInt(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// minusSign writes a negative number with a minus sign, not a hyphen.
func minusSign(s string) string {
	if strings.HasPrefix(s, "-") {
		return "−" + s[1:]
	}
	return s
}
