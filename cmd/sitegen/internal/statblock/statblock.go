// Package statblock renders ```statblock blocks, the YAML of Obsidian's
// Fantasy Statblocks plugin that TTRPG vaults keep their creatures in, as
// a stat block readable on a phone and kept whole in print.
//
// A block is laid out by the layout its `layout:` names, as the plugin
// lays it out: the bundled Basic 5e, Basic 13th Age Monster, Basic
// Pathfinder 2e and Pathfinder 2e Creature layouts are written here as Go
// data after the plugin's own definitions (layouts.go), with their fields,
// order, labels and sections. A block without `layout:` takes the 5e
// layout, the plugin's default; one naming a layout sitegen does not have
// shows its name and then every field (generic.go). In a vault whose
// plugin settings are read (Handler.ForVault, settings.go), the default is
// the one they set, and a name that is none of the plugin's layouts takes
// it, as the plugin does; only the vault's own layouts are generic.
//
// No field is dropped: the fields a layout does not place are shown after
// it, each in a readable form (a row, a list of entries, a group), and the
// fields only Initiative Tracker reads (hp, ac, modifier), when the layout
// does not show them, in one line. The keys that tell the plugin how to
// draw the block (layout, columns, forceColumns, dice, source, ...) are
// not shown. Every field's text is Markdown rendered with the page's
// links and wikilinks (the plugin lets wikilinks stand unquoted in the
// YAML); dice in it become rolls, by the layout's dice-parsing rules
// ("+15 to hit", "19 (2d10 + 8)", "Strength +5") and wherever written
// `{{ dice: 1d20+7 }}`: the plugin writes them as the Dice Roller's
// inline rolls (`dice: 1d20+15`), and so does this package, for the
// page's inline rolls (markup/inlinedice) to render with their odds.
//
// A field written with a "+" adds to the field ("traits+:" appends to
// traits), one with "-" or "~" removes or replaces entries of it by name,
// as the plugin applies them (monster.go applyEdits); none is shown as its
// own key.
//
// A block naming a creature (`monster:`, `creature:`, `extends:`) takes
// its fields from the note that defines it, as the plugin's bestiary has
// it (notes.go): a note whose front matter says `statblock: true` (its
// front matter is the creature) or `statblock: inline` (its first
// ```statblock block is), by the creature's name; else from the creatures
// the plugin's settings keep (data.json "monsters": saved.go).
//
// Stats reads what Initiative Tracker reads of a creature (its hit
// points, armour class and initiative modifier), for encounters; so does
// Bestiary.VaultCreatures, for the creatures of a vault's notes.
//
// Invalid YAML is an error at its line inside the page.
package statblock

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/templates"
)

// namedKeys are the fields by which a block names the creature it shows:
// the plugin's `monster:`, `creature:` and `extends:`.
var namedKeys = []string{"monster", "creature", "extends"}

// namedKey is the first of namedKeys block m writes a name in, "" for none.
func namedKey(m *monster) string {
	for _, k := range namedKeys {
		if m.str(k) != "" {
			return k
		}
	}
	return ""
}

// named is block m with the fields of the creature it names (namedKey)
// under its own, when the vault has that creature: a note's creature
// (notes.noteCreature, the plugin's watcher adds them last), else one the
// plugin's settings keep (savedCreatures). "The monster field may be
// combined with other fields to override the field" (the plugin's
// README). found is false, and m returned as it is, when it names none
// or none the vault has.
func (h *Handler) named(b *markup.Block, m *monster) (*monster, bool) {
	k := namedKey(m)
	if k == "" {
		return m, false
	}
	var saved *savedCreatures
	if h.settings != nil {
		saved = h.settings.saved
	}
	return namedIn(b, b.Body, m, h.notes.get(), saved, m.str(k))
}

// namedIn is named for the block of YAML body, read as m, written in the
// page of block b, with the vault's creatures: its notes' n and its
// plugin settings' saved.
func namedIn(b *markup.Block, body string, m *monster, n notes, saved *savedCreatures, name string) (*monster, bool) {
	c, ok := n.noteCreature(b, name)
	if !ok {
		c, ok = saved.get(name)
	}
	if !ok {
		return m, false
	}
	merged, err := parseMonster(c + "\n" + body)
	if err != nil {
		return m, false
	}
	merged.shiftLines(strings.Count(c, "\n") + 1)
	return merged, true
}

// likeHint is savedCreatures.likeHint of the vault's saved creatures.
func (h *Handler) likeHint(name string) string {
	if h.settings == nil {
		return ""
	}
	return h.settings.saved.likeHint(name)
}

// Info is the fence info word this package handles.
const Info = "statblock"

// StyleAsset is the stylesheet pages with a stat block load.
const StyleAsset = "css/statblock.css"

// Handler renders ```statblock blocks.
type Handler struct {
	bestiary *Bestiary
	settings *settings  // the vault's plugin settings (ForVault); nil: the plugin's defaults
	notes    *noteIndex // the vault's creatures written as notes (ForVault, readNotes), read on first use
}

// New returns the handler; the stats of the blocks it renders go to
// bestiary, when not nil, for the encounters that name them.
func New(bestiary ...*Bestiary) *Handler {
	h := &Handler{}
	if len(bestiary) > 0 {
		h.bestiary = bestiary[0]
	}
	return h
}

// RenderBlock implements markup.BlockHandler.
func (h *Handler) RenderBlock(b *markup.Block) (string, error) {
	if len(b.Args) > 0 {
		return "", errors.New("```statblock takes no arguments: write the creature's fields inside the block")
	}
	m, err := parseMonster(b.Body)
	if err != nil {
		return "", err
	}
	m, found := h.named(b, m)
	switch {
	case found:
	case !m.has("name"):
		// A block that only names a creature of the plugin's bestiary
		// (an SRD vault's `creature: Goblin`): its name and the fields
		// written are shown, as the plugin shows what a block gives ("All
		// fields are optional—if not provided, that Statblock will simply
		// not render them"), with a warning at the line.
		if k := namedKey(m); k != "" {
			s := m.str(k)
			b.Warn(m.line(k), 1, fmt.Sprintf("%s: %q names a creature of the plugin's bestiary, which sitegen does not have: only its name and the fields written here are shown%s", k, s, h.likeHint(s)))
			m.setName(s)
		}
	default:
		for _, k := range namedKeys {
			if s := m.str(k); s != "" {
				b.Warn(m.line(k), 1, fmt.Sprintf("%s: %q: sitegen has no bestiary to take that creature's fields from; only the fields written here are shown%s", k, s, h.likeHint(s)))
			}
		}
	}
	if namedKey(m) == "" {
		h.bestiary.put(b.Body, statsOf(m)) // a named creature's stats depend on more than the block: BlockStats
	}
	r := &renderer{b: b, m: m, lay: findLayout(m, h.settings), dice: !strings.EqualFold(m.str("dice"), "false"), used: map[string]bool{}}
	v := r.view()
	b.AddStyle(StyleAsset)
	var out strings.Builder
	if err := templates.StatBlock(v).Render(context.Background(), &out); err != nil {
		return "", fmt.Errorf("render stat block: %w", err)
	}
	return out.String(), nil
}
