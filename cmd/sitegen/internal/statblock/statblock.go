// Package statblock renders ```statblock blocks, the YAML of Obsidian's
// Fantasy Statblocks plugin that TTRPG vaults keep their monsters in, as a
// stat block readable on a phone and in print. It reads D&D 5e's fields
// (size, type, alignment, ac, hp, speed, stats, saves, skillsaves,
// damage_*, senses, languages, cr, traits, actions, reactions,
// legendary_actions, ...) and 13th Age's (level, role, initiative, ac, pd,
// md, hp, actions with nested triggers, nastier_traits, ...); fields it does
// not know are shown as labelled lines, never dropped. Descriptions are
// inline Markdown rendered with the page's links and wikilinks.
//
// Invalid YAML is an error at its line inside the page.
package statblock

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/templates"
)

// Info is the fence info word this package handles.
const Info = "statblock"

// StyleAsset is the stylesheet pages with a stat block load.
const StyleAsset = "css/statblock.css"

// Handler renders ```statblock blocks.
type Handler struct{}

// New returns the handler.
func New() *Handler { return &Handler{} }

// sections are the lists of traits and actions, in the order shown, with
// their titles ("" for traits, shown first without a heading).
var sections = []struct{ key, title string }{
	{"traits", ""},
	{"nastier_traits", "Nastier Specials"},
	{"spells", "Spellcasting"},
	{"actions", "Actions"},
	{"bonus_actions", "Bonus Actions"},
	{"triggered_actions", "Triggered Actions"},
	{"reactions", "Reactions"},
	{"legendary_actions", "Legendary Actions"},
	{"mythic_actions", "Mythic Actions"},
	{"lair_actions", "Lair Actions"},
	{"regional_effects", "Regional Effects"},
}

// top and props are the labelled lines above and below the scores.
var (
	top = []struct{ key, label string }{
		{"initiative", "Initiative"}, {"ac", "Armor Class"}, {"hp", "Hit Points"}, {"speed", "Speed"},
	}
	props = []struct{ key, label string }{
		{"saves", "Saving Throws"}, {"skillsaves", "Skills"},
		{"damage_vulnerabilities", "Damage Vulnerabilities"}, {"damage_resistances", "Damage Resistances"},
		{"damage_immunities", "Damage Immunities"}, {"condition_immunities", "Condition Immunities"},
		{"vulnerability", "Vulnerability"}, {"senses", "Senses"}, {"languages", "Languages"}, {"cr", "Challenge"},
	}
	// layout keys: how the plugin draws the block, not what it says.
	ignored = []string{"layout", "columns", "forceColumns", "statblock", "levelOrdinal", "image", "source", "mook", "dice", "render"}
	// subtitle keys, read into the line under the name.
	subtitleKeys = []string{"name", "size", "type", "subtype", "alignment", "level", "role"}
	abilities    = []string{"STR", "DEX", "CON", "INT", "WIS", "CHA"}
)

// RenderBlock implements markup.BlockHandler.
func (h *Handler) RenderBlock(b *markup.Block) (string, error) {
	if len(b.Args) > 0 {
		return "", errors.New("```statblock takes no arguments: write the creature's fields inside the block")
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(b.Body), &doc); err != nil {
		return "", yamlError(err)
	}
	if len(doc.Content) == 0 {
		return "", errors.New("an empty ```statblock: write the creature's fields (name: ..., hp: ...) inside it")
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return "", &markup.BlockError{Line: root.Line, Col: root.Column, Err: errors.New("a stat block is a list of fields (name: Goblin), not a single value")}
	}
	fields := map[string]*yaml.Node{}
	var order []string
	for i := 0; i+1 < len(root.Content); i += 2 {
		k := root.Content[i].Value
		fields[k] = root.Content[i+1]
		order = append(order, k)
	}
	v, err := view(b, fields, order)
	if err != nil {
		return "", err
	}
	b.AddStyle(StyleAsset)
	var out strings.Builder
	if err := templates.StatBlock(v).Render(context.Background(), &out); err != nil {
		return "", fmt.Errorf("render stat block: %w", err)
	}
	return out.String(), nil
}

// yamlLineRE finds the line in a yaml.v3 error ("yaml: line 3: ...").
var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// yamlError points a YAML error at its line in the block.
func yamlError(err error) error {
	msg := err.Error()
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &markup.BlockError{Line: line, Err: fmt.Errorf("invalid YAML: %s", m[2])}
	}
	var te *yaml.TypeError
	if errors.As(err, &te) {
		return fmt.Errorf("invalid YAML: %s", strings.Join(te.Errors, "; "))
	}
	return fmt.Errorf("invalid YAML: %s", strings.TrimPrefix(msg, "yaml: "))
}

// view builds the stat block's view from its fields.
func view(b *markup.Block, f map[string]*yaml.Node, order []string) (templates.StatBlockView, error) {
	var v templates.StatBlockView
	str := func(k string) string {
		if n := f[k]; n != nil {
			return scalarText(n)
		}
		return ""
	}
	v.Name = str("name")
	if v.Name == "" {
		if m := str("monster"); m != "" {
			return v, fmt.Errorf("monster: %q names a creature of the plugin's own bestiary, which sitegen does not have: write its fields in the block", m)
		}
		v.Name = "Creature"
	}
	v.Subtitle = subtitle(str)
	for _, t := range top {
		if t.key == "ac" && f["pd"] != nil {
			continue // 13th Age: AC with PD and MD as defences below
		}
		if t.key == "hp" && f["pd"] != nil {
			continue
		}
		if s := str(t.key); s != "" {
			if t.key == "hp" && str("hit_dice") != "" {
				s += " (" + str("hit_dice") + ")"
			}
			v.Top = append(v.Top, templates.StatLine{Label: t.label, Value: s})
		}
	}
	if f["pd"] != nil {
		for _, d := range []struct{ key, label string }{{"ac", "AC"}, {"pd", "PD"}, {"md", "MD"}, {"hp", "HP"}} {
			if s := str(d.key); s != "" {
				v.Defences = append(v.Defences, templates.StatLine{Label: d.label, Value: s})
			}
		}
	}
	if n := f["stats"]; n != nil {
		scores, err := stats(n)
		if err != nil {
			return v, err
		}
		v.Scores = scores
	}
	for _, p := range props {
		n := f[p.key]
		if n == nil {
			continue
		}
		if s := propText(n); s != "" {
			v.Props = append(v.Props, templates.StatLine{Label: p.label, Value: s})
		}
	}
	// Fields this package does not know: shown, not lost.
	for _, k := range order {
		if known(k) || f[k].Kind != yaml.ScalarNode || f[k].Value == "" {
			continue
		}
		v.Props = append(v.Props, templates.StatLine{Label: labelOf(k), Value: f[k].Value})
	}
	for _, sec := range sections {
		n := f[sec.key]
		if n == nil {
			continue
		}
		items, err := itemList(b, n, sec.key)
		if err != nil {
			return v, err
		}
		if len(items) > 0 {
			v.Sections = append(v.Sections, templates.StatSection{Title: sec.title, Items: items})
		}
	}
	return v, nil
}

// subtitle is the line under the name: "Large 12th level troop [devil]"
// (13th Age) or "Medium humanoid (goblinoid), neutral evil" (5e).
func subtitle(str func(string) string) string {
	size, typ, sub, align, level, role := str("size"), str("type"), str("subtype"), str("alignment"), str("level"), str("role")
	if level != "" || role != "" {
		parts := []string{capitalize(size)}
		if lo := str("levelOrdinal"); lo != "" {
			parts = append(parts, lo+" level")
		} else if level != "" {
			parts = append(parts, "level "+level)
		}
		parts = append(parts, role)
		s := strings.Join(slices.DeleteFunc(parts, func(p string) bool { return p == "" }), " ")
		if typ != "" {
			s += " [" + typ + "]"
		}
		return strings.TrimSpace(s)
	}
	s := strings.TrimSpace(capitalize(size) + " " + typ)
	if sub != "" {
		s += " (" + sub + ")"
	}
	if align != "" {
		s += ", " + align
	}
	return strings.TrimSpace(s)
}

func known(k string) bool {
	if slices.Contains(ignored, k) || slices.Contains(subtitleKeys, k) || k == "stats" || k == "hit_dice" || k == "pd" || k == "md" || k == "monster" {
		return true
	}
	for _, t := range top {
		if t.key == k {
			return true
		}
	}
	for _, p := range props {
		if p.key == k {
			return true
		}
	}
	for _, s := range sections {
		if s.key == k {
			return true
		}
	}
	return false
}

// labelOf makes a label of a field name ("fly_speed" -> "Fly speed").
func labelOf(k string) string { return capitalize(strings.ReplaceAll(k, "_", " ")) }

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// scalarText is a scalar's text, or a sequence of scalars joined.
func scalarText(n *yaml.Node) string {
	switch n.Kind {
	case yaml.ScalarNode:
		return strings.TrimSpace(n.Value)
	case yaml.SequenceNode:
		var parts []string
		for _, c := range n.Content {
			if s := scalarText(c); s != "" {
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, ", ")
	}
	return ""
}

// propText reads saves and skills as the plugin writes them (a list of
// one-key maps, "- dexterity: 5", or a map) as "Dexterity +5"; other
// fields as text.
func propText(n *yaml.Node) string {
	var pairs []string
	addMap := func(m *yaml.Node) {
		for i := 0; i+1 < len(m.Content); i += 2 {
			val := m.Content[i+1].Value
			if num, err := strconv.Atoi(val); err == nil && num >= 0 {
				val = "+" + val
			}
			pairs = append(pairs, capitalize(m.Content[i].Value)+" "+val)
		}
	}
	switch n.Kind {
	case yaml.MappingNode:
		addMap(n)
	case yaml.SequenceNode:
		for _, c := range n.Content {
			if c.Kind == yaml.MappingNode {
				addMap(c)
			} else if s := scalarText(c); s != "" {
				pairs = append(pairs, s)
			}
		}
	default:
		return scalarText(n)
	}
	return strings.Join(pairs, ", ")
}

// stats reads the six ability scores.
func stats(n *yaml.Node) ([]templates.StatScore, error) {
	if n.Kind != yaml.SequenceNode || len(n.Content) != 6 {
		return nil, &markup.BlockError{Line: n.Line, Col: n.Column, Err: errors.New("stats: write the six ability scores as a list, [10, 12, 14, 8, 10, 6]")}
	}
	out := make([]templates.StatScore, 6)
	for i, c := range n.Content {
		score, err := strconv.Atoi(strings.TrimSpace(c.Value))
		if err != nil {
			return nil, &markup.BlockError{Line: c.Line, Col: c.Column, Err: fmt.Errorf("stats: %q is not a number", c.Value)}
		}
		mod := score - 10 // floor((score-10)/2), rounding down below 10 too
		if mod < 0 {
			mod = (mod - 1) / 2
		} else {
			mod /= 2
		}
		m := "+" + strconv.Itoa(mod)
		if mod < 0 {
			m = "−" + strconv.Itoa(-mod) // a minus sign, not a hyphen
		}
		out[i] = templates.StatScore{Label: abilities[i], Score: strconv.Itoa(score), Mod: m}
	}
	return out, nil
}

// itemList reads a list of traits or actions: {name, desc} maps (with
// nested traits or triggers) or [name, desc] pairs, or plain strings.
func itemList(b *markup.Block, n *yaml.Node, key string) ([]templates.StatItem, error) {
	if n.Kind != yaml.SequenceNode {
		if n.Kind == yaml.ScalarNode && n.Value == "" {
			return nil, nil
		}
		return nil, &markup.BlockError{Line: n.Line, Col: n.Column, Err: fmt.Errorf("%s: write a list of entries (- name: ...\\n  desc: ...)", key)}
	}
	var items []templates.StatItem
	for _, c := range n.Content {
		it, err := item(b, c, key)
		if err != nil {
			return nil, err
		}
		items = append(items, it)
	}
	return items, nil
}

func item(b *markup.Block, c *yaml.Node, key string) (templates.StatItem, error) {
	var it templates.StatItem
	switch c.Kind {
	case yaml.ScalarNode:
		it.Desc = b.Markdown(c.Value, c.Line)
	case yaml.SequenceNode: // [name, desc]
		if len(c.Content) > 0 {
			it.Name = scalarText(c.Content[0])
		}
		if len(c.Content) > 1 {
			it.Desc = b.Markdown(scalarText(c.Content[1]), c.Content[1].Line)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(c.Content); i += 2 {
			k, val := c.Content[i].Value, c.Content[i+1]
			switch k {
			case "name":
				it.Name = scalarText(val)
			case "desc", "description", "text":
				it.Desc = b.Markdown(scalarText(val), val.Line)
			case "traits", "triggers":
				subs, err := itemList(b, val, key+" "+k)
				if err != nil {
					return it, err
				}
				it.Sub = append(it.Sub, subs...)
			default: // a spell level ("1st level (4 slots)": list)
				if it.Name == "" && len(c.Content) == 2 {
					it.Name, it.Desc = k, b.Markdown(scalarText(val), val.Line)
				}
			}
		}
	default:
		return it, &markup.BlockError{Line: c.Line, Col: c.Column, Err: fmt.Errorf("%s: an entry is a name and a description", key)}
	}
	if it.Name != "" && it.Desc != "" && !strings.ContainsAny(it.Name[len(it.Name)-1:], ".:!?") {
		it.Name += ":"
	}
	return it, nil
}
