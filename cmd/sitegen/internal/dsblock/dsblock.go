// Package dsblock renders the blocks of the Draw Steel Elements plugin for
// Obsidian (github.com/SteelCompendium/draw-steel-elements) that hold an
// ability or a power roll — ```ds-feature (ds-ft, ds-feat), ```ds-ability
// (ds-ab) and the older ```ds-power-roll (ds-pr) — as cards, each power
// roll with the exact chance of each of its tiers.
//
// The fields are the plugin's documented ones (docs/Features.md,
// docs/ability.md, docs/power-roll.md): name, icon, cost, flavor,
// keywords (a list, or one text of commas), usage or type, distance,
// target, trigger, and effects, each a power roll (roll, tier1..tier3,
// crit — also written t1, "tier 1", "11 or lower", "12-16", "17+",
// "nat 19-20") or a named effect (name, cost, effect; or a single
// `Name: text`; or a plain text), with the features it grants nested.
// ds-power-roll's own keys (roll and its tiers, effect, fields, spend,
// persistent, notes) are read in the same way. Every text is Markdown,
// rendered with the page's links, as the plugin renders it. The keys that
// only file the block (metadata, type, feature_type, indent) are not
// shown; any other key is shown under its own name, so nothing written is
// lost.
//
// A power roll is two ten-sided dice and a bonus, its total read against
// the three tiers "11 or lower", "12-16" and "17+"; a block's crit row is
// taken on a natural 19 or 20. Where the bonus is a number ("2d10 + 3",
// "Power Roll + 2"), the tiers are written as the vault's random tables
// are (a table headed by "2d10+3", a row per range of totals) and drawn
// by package markup/randtable: each tier with its chance and a Roll
// button that marks the tier rolled (with a crit row, or a bonus that
// puts a tier out of reach, a table of this package's with each tier's
// chance). Where it is a characteristic ("Power Roll + Might or
// Agility"), an inline roll of 2d10 and a table under the roll give the
// chances for each score from -1 to +5 (a hero's range in play). Edges
// and banes, which change a roll at the table, are not counted. All
// chances are exact: whole hundredths of the 100 rolls of 2d10.
//
// Invalid YAML is an error at its line inside the page; in a vault that is
// a tolerance, the block shown as code (layout.Layout.PluginBlocks), as
// the plugin shows its own error and the rest of the note.
package dsblock

import (
	"context"
	"errors"
	"fmt"
	"html"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/statblock"
	"d6codex/templates"
)

// Names are the fence info words the plugin registers for the blocks this
// package draws.
var Names = []string{"ds-feature", "ds-ft", "ds-feat", "ds-ability", "ds-ab", "ds-power-roll", "ds-pr",
	"ds-statblock", "ds-sb", "ds-featureblock", "ds-fb"}

// maxDepth bounds how deeply features nest inside effects.
const maxDepth = 8

// Handler renders the blocks; the zero value is ready.
type Handler struct{}

// New returns the handler.
func New() Handler { return Handler{} }

var _ markup.BlockHandler = Handler{}

// RenderBlock implements markup.BlockHandler.
func (Handler) RenderBlock(b *markup.Block) (string, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(b.Body), &doc); err != nil {
		return "", statblock.YAMLError(err)
	}
	if len(doc.Content) == 0 {
		return "", errors.New("the block is empty: write the ability's fields inside it (name: …, effects: …)")
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return "", &markup.BlockError{Line: root.Line, Col: root.Column,
			Err: fmt.Errorf("the block holds fields (name: …, effects: …), not a %s", kindName(root))}
	}
	r := &renderer{b: b}
	v := templates.StatBlockView{Name: text(get(root, "name")), Class: "statblock-ds"}
	if v.Name == "" {
		v.Name = "Ability"
	}
	switch b.Info {
	case "ds-statblock", "ds-sb":
		v.Parts = r.statblock(root)
	case "ds-featureblock", "ds-fb":
		v.Parts = r.featureblock(root)
	default:
		v.Parts = r.feature(root, 0)
	}
	b.AddStyle(statblock.StyleAsset)
	var out strings.Builder
	if err := templates.StatBlock(v).Render(context.Background(), &out); err != nil {
		return "", fmt.Errorf("render %s block: %w", b.Info, err)
	}
	return out.String(), nil
}

// renderer lays out one block.
type renderer struct {
	b *markup.Block
}

// hidden are the keys that file a block rather than show in it.
var hidden = map[string]bool{"metadata": true, "type": true, "feature_type": true, "indent": true, "featureblock_type": true}

// feature lays out a feature (or a ds-power-roll block): its head, then
// its fields in the order the plugin shows them, then any other key.
func (r *renderer) feature(m *yaml.Node, depth int) []templates.StatPart {
	used := map[string]bool{}
	take := taker(m, used)
	var parts []templates.StatPart
	head := templates.StatPart{Kind: templates.StatInline, Class: "statblock-title"}
	name := text(take("name"))
	if icon := text(take("icon")); icon != "" {
		name = strings.TrimSpace(icon + " " + name)
	}
	if name != "" {
		head.Parts = append(head.Parts, templates.StatPart{Kind: templates.StatHeading, HTML: r.md(name, line(get(m, "name")))})
	}
	if n := take("cost", "ability_type"); n != nil {
		head.Parts = append(head.Parts, templates.StatPart{Kind: templates.StatLine, Class: "statblock-ds-cost", HTML: r.md(text(n), n.Line)})
	}
	if len(head.Parts) > 0 {
		parts = append(parts, head)
	}
	if n := take("flavor"); n != nil {
		parts = append(parts, templates.StatPart{Kind: templates.StatSub, Class: "statblock-flavor", HTML: r.md(text(n), n.Line)})
	}
	if n := take("keywords"); n != nil {
		if tags := r.keywords(n); len(tags) > 0 {
			parts = append(parts, templates.StatPart{Kind: templates.StatTags, Cells: tags})
		}
	}
	var stats []templates.StatPart
	for _, f := range []struct {
		label string
		keys  []string
	}{
		{"Usage", []string{"usage", "action_type"}}, {"Distance", []string{"distance"}},
		{"Target", []string{"target"}}, {"Trigger", []string{"trigger"}},
	} {
		if f.label == "Usage" && usageType(m) {
			f.keys = append(f.keys, "type") // ds-ability's and ds-power-roll's `type: Maneuver`
		}
		if n := take(f.keys...); n != nil {
			stats = append(stats, templates.StatPart{Kind: templates.StatLine, Label: f.label, HTML: r.md(text(n), n.Line)})
		}
	}
	if len(stats) > 0 {
		parts = append(parts, templates.StatPart{Kind: templates.StatInline, Class: "statblock-ds-stats", Parts: stats, Rule: true})
	}
	// ds-power-roll: the roll and its tiers at the top level.
	if roll := r.powerRoll(m, used); roll != nil {
		parts = append(parts, *roll)
	}
	if n := take("effect"); n != nil {
		parts = append(parts, r.effectLine("Effect", "", n))
	}
	if n := take("effects"); n != nil {
		items := n.Content
		if n.Kind != yaml.SequenceNode {
			items = []*yaml.Node{n}
		}
		for _, e := range items {
			parts = append(parts, r.effect(e, depth)...)
		}
	}
	for _, k := range []string{"custom_fields", "fields"} {
		if n := take(k); n != nil && n.Kind == yaml.SequenceNode {
			for _, f := range n.Content {
				parts = append(parts, r.effectLine(text(get(f, "name")), "", get(f, "value")))
			}
		}
	}
	for _, f := range []struct{ key, label string }{{"spend", "Spend"}, {"persistent", "Persistent"}} {
		if n := take(f.key); n != nil {
			if n.Kind == yaml.MappingNode {
				parts = append(parts, r.effectLine(f.label, text(get(n, "cost")), get(n, "value")))
			} else {
				parts = append(parts, r.effectLine(f.label, "", n))
			}
		}
	}
	if n := take("note", "notes"); n != nil {
		parts = append(parts, r.effectLine("Note", "", n))
	}
	parts = append(parts, r.rest(m, used)...)
	return parts
}

// usageType reports whether m's `type` is its usage, as ds-ability and
// ds-power-roll write it (`type: Action`), rather than ds-feature's
// static `type: feature` beside its feature_type.
func usageType(m *yaml.Node) bool {
	t := strings.TrimSpace(text(get(m, "type")))
	return t != "" && !strings.EqualFold(t, "feature") && get(m, "feature_type") == nil
}

// rest shows the keys no part of the card placed, each under its name.
func (r *renderer) rest(m *yaml.Node, used map[string]bool) []templates.StatPart {
	var parts []templates.StatPart
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := m.Content[i].Value
		if used[k] || hidden[k] {
			continue
		}
		parts = append(parts, r.effectLine(k, "", m.Content[i+1]))
	}
	return parts
}

// effect lays out one entry of effects: a power roll, a named effect, a
// `Name: text` entry or a plain text, then the features it grants.
func (r *renderer) effect(e *yaml.Node, depth int) []templates.StatPart {
	if e.Kind != yaml.MappingNode {
		return []templates.StatPart{r.effectLine("", "", e)}
	}
	used := map[string]bool{}
	var parts []templates.StatPart
	name, cost := text(get(e, "name")), text(get(e, "cost"))
	used["name"], used["cost"] = true, true
	// The effect's text leads ("Each target makes a Might test"), its
	// tiers follow; a power roll with no text of its own takes the
	// effect's name as its title.
	roll := r.powerRoll(e, used)
	if n := get(e, "effect"); n != nil {
		used["effect"] = true
		parts = append(parts, r.effectLine(name, cost, n))
	} else if roll == nil && (name != "" || cost != "") {
		parts = append(parts, r.effectLine(name, cost, nil))
	} else if roll != nil && roll.Label == "" {
		roll.Label = strings.TrimSpace(name + " " + cost)
	}
	if roll != nil {
		parts = append(parts, *roll)
	}
	if n := get(e, "features"); n != nil {
		used["features"] = true
		if depth >= maxDepth {
			r.b.Warn(n.Line, n.Column, fmt.Sprintf("features nested more than %d deep are not shown", maxDepth))
		} else if n.Kind == yaml.SequenceNode {
			for _, f := range n.Content {
				if f.Kind == yaml.MappingNode {
					parts = append(parts, templates.StatPart{Kind: templates.StatGroup, Class: "statblock-ds-granted", Parts: r.feature(f, depth+1)})
				}
			}
		}
	}
	// A single `Name: text` entry, or keys of the effect's own: each a
	// named line.
	return append(parts, r.rest(e, used)...)
}

// effectLine is a named effect: its name and cost in bold, then its text.
func (r *renderer) effectLine(name, cost string, n *yaml.Node) templates.StatPart {
	label := name
	if cost != "" {
		if label != "" {
			label += " (" + cost + ")"
		} else {
			label = cost
		}
	}
	p := templates.StatPart{Kind: templates.StatLine, Class: "statblock-ds-effect"}
	if label != "" {
		p.Label = label
		if !strings.HasSuffix(label, ":") {
			p.Label += ":"
		}
	}
	if n != nil {
		p.HTML = r.value(n)
	}
	return p
}

// value renders a field's value: a text as Markdown, a list as a list of
// its items, a mapping as its lines.
func (r *renderer) value(n *yaml.Node) string {
	switch n.Kind {
	case yaml.ScalarNode:
		return r.md(n.Value, n.Line)
	case yaml.SequenceNode:
		var sb strings.Builder
		sb.WriteString("<ul>")
		for _, c := range n.Content {
			sb.WriteString("<li>" + r.value(c) + "</li>")
		}
		sb.WriteString("</ul>")
		return sb.String()
	case yaml.MappingNode:
		var sb strings.Builder
		for i := 0; i+1 < len(n.Content); i += 2 {
			sb.WriteString("<div><strong>" + html.EscapeString(n.Content[i].Value) + ":</strong> " + r.value(n.Content[i+1]) + "</div>")
		}
		return sb.String()
	case yaml.AliasNode:
		if n.Alias != nil {
			return r.value(n.Alias)
		}
	}
	return ""
}

// keywords are the tags of a keywords field: a list, or one text split at
// commas.
func (r *renderer) keywords(n *yaml.Node) []templates.StatCell {
	var words []*yaml.Node
	if n.Kind == yaml.SequenceNode {
		words = n.Content
	} else if n.Kind == yaml.ScalarNode {
		for _, w := range strings.Split(n.Value, ",") {
			words = append(words, &yaml.Node{Kind: yaml.ScalarNode, Value: w, Line: n.Line})
		}
	}
	var cells []templates.StatCell
	for _, w := range words {
		if s := strings.TrimSpace(text(w)); s != "" && s != "-" { // "-": none
			cells = append(cells, templates.StatCell{Label: "keyword", HTML: r.md(s, w.Line)})
		}
	}
	return cells
}

// md renders a text of the block as Markdown, at its line in the body.
func (r *renderer) md(s string, line int) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	// A field's text is a line, not a block: "-" (no keyword) or "1. Shift"
	// is text, as the plugin shows it, not a list.
	return r.b.Markdown(statblock.InlineStart(s), line)
}

// get is the value of key in mapping m, or nil.
func get(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			v := m.Content[i+1]
			if v.Kind == yaml.AliasNode && v.Alias != nil {
				v = v.Alias
			}
			return v
		}
	}
	return nil
}

// text is a scalar's text ("" for anything else or nil).
func text(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}

// line is n's line, 0 for nil.
func line(n *yaml.Node) int {
	if n == nil {
		return 0
	}
	return n.Line
}

// kindName names a YAML node's kind for an error.
func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "list"
	case yaml.ScalarNode:
		return "text (" + strconv.Quote(n.Value) + ")"
	}
	return "value"
}
