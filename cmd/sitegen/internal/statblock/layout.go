package statblock

import (
	"strings"

	"gopkg.in/yaml.v3"

	"d6codex/templates"
)

// A layout is one of Fantasy Statblocks' layouts, written as Go data: its
// blocks in order, as the plugin's layout definition lists them, and its
// dice-parsing rules.
type layout struct {
	// name is the layout's name, as `layout:` gives it; class the stat
	// block's class ("statblock-5e").
	name, class string
	blocks      []block
	// dice are the layout's dice-parsing rules (nil: the plugin's
	// defaults).
	dice []diceRule
	// tracker are the fields the layout does not show that Initiative
	// Tracker reads (hp, ac, modifier): shown in one line at the end.
	tracker []string
	// glyphs, when set, replaces the characters glyphChars of the
	// rendered text (icon fonts' characters).
	glyphs     *strings.Replacer
	glyphChars string
}

// kind is a layout block's type, after the plugin's ("property",
// "traits", ...).
type kind int

const (
	kHeading    kind = iota // the name, large
	kSubheading             // several fields on one line, joined by sep
	kProperty               // a labelled value
	kSaves                  // a labelled list of "- name: number" (Saves block)
	kTable                  // values under headers, with modifiers when calculate
	kTraits                 // a list of {name, desc} entries (Trait block)
	kSpells                 // 5e's spells list (Spells block)
	kText                   // a paragraph (Text block)
	kImage                  // a picture (Image block)
	kGroup                  // nested blocks, one under another
	kInline                 // nested blocks, side by side
	kTags                   // nested properties as a row of tags
	kCustom                 // a layout's JavaScript block, written in Go
)

// block is one block of a layout.
type block struct {
	kind  kind
	props []string // the fields it shows, the first its value
	// label is the property's "display" name ("" shows none); heading a
	// section's title.
	label, heading string
	// headingProp: heading names the field whose value is the title.
	headingProp bool
	// conditioned blocks show only when a field of theirs has a value;
	// others show fallback ("-" when "") when it has none.
	conditioned bool
	fallback    string
	dice        bool     // dice parsing applies to its text
	headers     []string // a table's headers
	calculate   bool     // a table shows each score's modifier
	sep         string   // a subheading's separator
	rule        bool     // a line under it ("hasRule")
	class       string
	nested      []block
	// text is a property's callback: the Markdown it shows, false for
	// none. reads lists the other fields it uses.
	text  func(m *monster) (string, bool)
	reads []string
	// each is a traits block's callback, run on each entry: the entry it
	// shows instead (nil: as written).
	each func(m *monster, n *yaml.Node) *yaml.Node
	// saveFn is a saves block's callback, run on each entry: its label
	// and value.
	saveFn func(m *monster, n *yaml.Node) (string, string)
	// custom is a JavaScript block: the parts it makes.
	custom func(r *renderer) []templates.StatPart
}

// The layouts' blocks, in the plugin's words.

func heading(key string) block { return block{kind: kHeading, props: []string{key}, conditioned: true} }
func property(key, label string) block {
	return block{kind: kProperty, props: []string{key}, label: label, conditioned: true}
}
func saves(key, label string) block {
	return block{kind: kSaves, props: []string{key}, label: label, conditioned: true}
}
func traits(key, heading string) block {
	return block{kind: kTraits, props: []string{key}, heading: heading, conditioned: true}
}
func text(key string) block  { return block{kind: kText, props: []string{key}, conditioned: true} }
func image(key string) block { return block{kind: kImage, props: []string{key}, conditioned: true} }
func group(nested ...block) block {
	return block{kind: kGroup, nested: nested, conditioned: true}
}
func inline(nested ...block) block {
	return block{kind: kInline, nested: nested, conditioned: true}
}

// withRule, withDice, always, withClass return a copy of b changed.
func (b block) withRule() block              { b.rule = true; return b }
func (b block) withDice() block              { b.dice = true; return b }
func (b block) withClass(c string) block     { b.class = c; return b }
func (b block) always(fallback string) block { b.conditioned, b.fallback = false, fallback; return b }

// configKeys are the keys that tell the plugin how to draw a block, not
// what the creature is: they are never shown. Compared case-insensitively
// (the PF2e vault writes `forcecolumns`).
var configKeys = map[string]bool{
	"layout": true, "statblock": true, "columns": true, "forcecolumns": true, "columnwidth": true,
	"columnheight": true, "dice": true, "render": true, "source": true, "bestiary": true, "player": true,
	"monster": true, "creature": true, "extends": true,
}

// isConfig reports whether a key is one of configKeys.
func isConfig(k string) bool { return configKeys[strings.ToLower(k)] }
