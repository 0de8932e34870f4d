package statblock

import (
	"strings"
)

// A vault's own layouts: the plugin lets a user copy a layout and change
// it in its settings (translate its labels, drop or add blocks), and
// keeps the result in data.json's "layouts", each block as the plugin's
// layout types describe it (src/layouts/layout.types.ts: "type",
// "properties", "nested", "hasRule", "conditioned", "display",
// "fallback", "heading", "headingProp", "separator", "headers",
// "calculate", "dice", "callback", "text"). ownLayout turns one into a
// layout sitegen draws, block for block.

// pluginLayout is a layout as data.json keeps it.
type pluginLayout struct {
	Name   string        `json:"name"`
	ID     string        `json:"id"`
	Blocks []pluginBlock `json:"blocks"`
}

// pluginBlock is one block of a pluginLayout.
type pluginBlock struct {
	Type        string        `json:"type"`
	Properties  []string      `json:"properties"`
	Nested      []pluginBlock `json:"nested"`
	HasRule     bool          `json:"hasRule"`
	Conditioned bool          `json:"conditioned"`
	Display     string        `json:"display"`
	Fallback    string        `json:"fallback"`
	Heading     string        `json:"heading"`
	HeadingProp bool          `json:"headingProp"`
	Separator   string        `json:"separator"`
	Headers     []string      `json:"headers"`
	Calculate   bool          `json:"calculate"`
	Dice        bool          `json:"dice"`
	Callback    string        `json:"callback"`
	Text        string        `json:"text"`
	Cls         string        `json:"cls"`
}

// maxLayoutDepth bounds the nesting ownLayout follows (a hand-edited
// data.json could nest without end).
const maxLayoutDepth = 16

// ownLayout is the layout pl draws. The blocks sitegen cannot draw (a
// JavaScript block, an if/else on JavaScript conditions, another layout,
// an action button) are left out, as the plugin's bundled layouts that
// sitegen has leave their buttons out.
func ownLayout(pl pluginLayout) *layout {
	return &layout{name: pl.Name, class: "statblock-own", tracker: []string{"modifier"}, blocks: ownBlocks(pl.Blocks, 0)}
}

// ownBlocks turns a list of the plugin's blocks into sitegen's.
func ownBlocks(pbs []pluginBlock, depth int) []block {
	if depth > maxLayoutDepth {
		return nil
	}
	var out []block
	for _, pb := range pbs {
		b := block{props: pb.Properties, conditioned: pb.Conditioned, fallback: pb.Fallback, rule: pb.HasRule,
			dice: pb.Dice, heading: pb.Heading, headingProp: pb.HeadingProp}
		switch pb.Type {
		case "heading":
			b.kind = kHeading
		case "subheading":
			b.kind, b.sep = kSubheading, pb.Separator
			if b.sep == "" {
				b.sep = " " // Subheading.svelte: item.separator ?? " "
			}
		case "property":
			b.kind, b.label = kProperty, pb.Display
			b.text, b.reads = knownCallback(pb)
		case "saves":
			b.kind, b.label = kSaves, pb.Display
		case "table":
			b.kind, b.headers, b.calculate = kTable, pb.Headers, pb.Calculate
		case "traits":
			b.kind = kTraits
		case "spells":
			b.kind = kSpells
		case "image":
			b.kind = kImage
		case "text":
			b.kind = kText
			if t := pb.Text; t != "" { // Text.svelte: "item.text && item.text.length ? item.text : monster[...]"
				b.text = func(*monster) (string, bool) { return t, true }
			}
		case "group", "inline", "collapse":
			b.kind = kGroup
			if pb.Type == "inline" {
				b.kind = kInline
			}
			b.nested, b.class = ownBlocks(pb.Nested, depth+1), pb.Cls
			if len(b.nested) == 0 {
				continue
			}
		default: // javascript, ifelse, layout, action: not drawn
			continue
		}
		out = append(out, b)
	}
	return out
}

// ownCallbacks are the bundled 5e layout's property callbacks, which a
// layout copied from it keeps (translated labels, the same JavaScript):
// each is told by its field and a word of its code, and drawn by the Go
// that sitegen writes for the bundled layout. The proficiency bonus comes
// before the challenge rating: its code holds the same table, with "xp".
var ownCallbacks = []struct {
	prop, word string
	text       func(*monster) (string, bool)
	reads      []string
}{
	{"ac", "ac_class", armorClass, []string{"ac_class"}},
	{"hp", "hit_dice", hitPoints, []string{"hit_dice"}},
	{"cr", "Math.floor", proficiency, nil},
	{"cr", "xp", challenge, nil},
}

// knownCallback is the Go for a property block's callback, when it is one
// of ownCallbacks; nil (the field's value as written) for none or another.
func knownCallback(pb pluginBlock) (func(*monster) (string, bool), []string) {
	if pb.Callback == "" || len(pb.Properties) == 0 {
		return nil, nil
	}
	for _, c := range ownCallbacks {
		if pb.Properties[0] == c.prop && strings.Contains(pb.Callback, c.word) {
			return c.text, c.reads
		}
	}
	return nil, nil
}
