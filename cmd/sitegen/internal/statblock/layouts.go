package statblock

import (
	"html"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"d6codex/templates"
)

// The bundled layouts, after the plugin's layout definitions
// (github.com/javalent/fantasy-statblocks, src/layouts: basic 5e/basic5e.ts,
// 13th age/monster/13th-age-monster.ts, pathfinder 2e/pf2e.ts): the same
// blocks in the same order, the same fields, labels and sections, their
// JavaScript callbacks written in Go. The plugin's editor-only blocks
// (the buttons that start an encounter) have no place on a page.

// layouts are the bundled layouts by lower-cased name.
var layouts = map[string]*layout{}

func init() {
	for _, l := range []*layout{layout5e, layout13thAge, layoutPF2e, layoutPF2eCreature} {
		layouts[strings.ToLower(l.name)] = l
	}
}

// defaultLayout is the plugin's default, for a block without `layout:`.
var defaultLayout = layout5e

// genericLayout lays out a block whose `layout:` names a layout sitegen
// does not have (the user's own, made in the plugin's settings): its name,
// then every field as generic reads it.
var genericLayout = &layout{class: "statblock-generic", blocks: []block{
	{kind: kHeading, props: []string{"name"}, fallback: "Creature"},
}, dice: genericDice}

// findLayout is the layout a block's `layout:` (or `statblock:`) names,
// compared without case; the default without either. With the vault's
// plugin settings s, a name that is none of the plugin's layouts is the
// default too, as the plugin draws it (settings); without them, a name
// sitegen does not have may be one of the vault's own: generic.
func findLayout(m *monster, s *settings) *layout {
	def := defaultLayout
	if s != nil {
		def = s.def
	}
	for _, k := range []string{"layout", "statblock"} {
		name := strings.TrimSpace(m.str(k))
		if name == "" || (k == "statblock" && (name == "true" || name == "inline")) {
			continue
		}
		if l, ok := layouts[strings.ToLower(name)]; ok {
			return l
		}
		if s != nil {
			if l := s.own[strings.ToLower(name)]; l != nil {
				return l
			}
			return def
		}
		return genericLayout
	}
	return def
}

// layout5e is the Basic 5e Layout (basic5e.ts, version 9).
var layout5e = &layout{name: "Basic 5e Layout", class: "statblock-5e", tracker: []string{"modifier"}, blocks: []block{
	inline(
		group(heading("name"), block{kind: kSubheading, props: []string{"size", "type", "subtype", "alignment"}, sep: ", ", conditioned: true}),
		image("image"),
	).withRule(),
	group(
		block{kind: kProperty, props: []string{"ac"}, label: "Armor Class", conditioned: true, reads: []string{"ac_class"}, text: armorClass},
		block{kind: kProperty, props: []string{"hp"}, label: "Hit Points", conditioned: true, dice: true, reads: []string{"hit_dice"}, text: hitPoints},
		property("speed", "Speed"),
	).withRule(),
	block{kind: kTable, props: []string{"stats"}, headers: []string{"Str", "Dex", "Con", "Int", "Wis", "Cha"}, calculate: true, conditioned: true, rule: true},
	block{kind: kTable, props: []string{"fage_stats"}, headers: []string{"Accuracy", "Communication", "Constitution", "Dexterity", "Fighting", "Intelligence", "Perception", "Strength", "Willpower"}, conditioned: true, rule: true},
	group(
		saves("saves", "Saves"),
		saves("skillsaves", "Skills"),
		property("damage_resistances", "Damage Resistances"),
		property("damage_immunities", "Damage Immunities"),
		property("condition_immunities", "Condition Immunities"),
		property("damage_vulnerabilities", "Damage Vulnerabilities"),
		property("senses", "Senses"),
		property("languages", "Languages").always("-"),
		inline(
			block{kind: kProperty, props: []string{"cr"}, label: "Challenge", conditioned: true, text: challenge},
			block{kind: kProperty, props: []string{"cr"}, label: "Proficiency Bonus", conditioned: true, text: proficiency},
		),
	).withRule(),
	traits("traits", "").withDice(),
	block{kind: kSpells, props: []string{"spells"}, conditioned: true, dice: true},
	text("spellsNotes"),
	traits("actions", "Actions").withDice(),
	traits("bonus_actions", "Bonus Actions").withDice(),
	block{kind: kGroup, heading: "Legendary Actions", conditioned: true, nested: []block{text("legendary_description"), traits("legendary_actions", "").withDice()}},
	block{kind: kGroup, heading: "Mythic Actions", conditioned: true, nested: []block{text("mythic_description"), traits("mythic_actions", "").withDice()}},
	traits("reactions", "Reactions").withDice(),
	traits("lair_actions", "Lair Actions").withDice(),
	traits("regional_effects", "Regional Effects").withDice(),
}}

// armorClass is the 5e layout's Armor Class callback: "15 (natural
// armor)".
func armorClass(m *monster) (string, bool) {
	ac := []string{m.str("ac")}
	if m.has("ac_class") {
		ac = append(ac, "("+m.str("ac_class")+")")
	}
	return strings.Join(ac, " "), m.has("ac")
}

// hitPoints is the 5e layout's Hit Points callback: "68 (8d10 + 24)".
func hitPoints(m *monster) (string, bool) {
	hp := []string{m.str("hp")}
	if m.has("hit_dice") {
		hp = append(hp, "("+m.str("hit_dice")+")")
	}
	return strings.Join(hp, " "), m.has("hp")
}

// challengeRatings are the 5e layout's table of challenge ratings: each
// rating's value and experience points.
var challengeRatings = map[string]struct {
	value float64
	xp    int
}{
	"0": {0, 10}, "1/8": {0.125, 25}, "1/4": {0.25, 50}, "1/2": {0.5, 100}, "1": {1, 200}, "2": {2, 450},
	"3": {3, 700}, "4": {4, 1100}, "5": {5, 1800}, "6": {6, 2300}, "7": {7, 2900}, "8": {8, 3900},
	"9": {9, 5000}, "10": {10, 5900}, "11": {11, 7200}, "12": {12, 8400}, "13": {13, 10000}, "14": {14, 11500},
	"15": {15, 13000}, "16": {16, 15000}, "17": {17, 18000}, "18": {18, 20000}, "19": {19, 22000}, "20": {20, 25000},
	"21": {21, 33000}, "22": {22, 41000}, "23": {23, 50000}, "24": {24, 62000}, "25": {25, 75000}, "26": {26, 90000},
	"27": {27, 105000}, "28": {28, 120000}, "29": {29, 135000}, "30": {30, 155000},
}

// crKey finds a challenge rating in the table, written as a fraction or a
// decimal ("1/4", "0.25").
func crKey(m *monster) (string, bool) {
	cr := strings.TrimSpace(m.str("cr"))
	if _, ok := challengeRatings[cr]; ok {
		return cr, true
	}
	if f, err := strconv.ParseFloat(cr, 64); err == nil {
		for k, v := range challengeRatings {
			if v.value == f {
				return k, true
			}
		}
	}
	return cr, false
}

// challenge is the 5e layout's Challenge callback: "1/4 (50 XP)". A rating
// the table lacks is shown as written (the plugin shows "-").
func challenge(m *monster) (string, bool) {
	cr, ok := crKey(m)
	if !ok {
		return cr, cr != ""
	}
	return cr + " (" + thousands(challengeRatings[cr].xp) + " XP)", true
}

// proficiency is the 5e layout's Proficiency Bonus callback: +2 up to
// challenge 4, one more every four ratings.
func proficiency(m *monster) (string, bool) {
	cr, ok := crKey(m)
	if !ok {
		return "", false
	}
	v := challengeRatings[cr].value
	return "+" + strconv.Itoa(max(int(2+(v-1)/4), 2)), true
}

// thousands writes n with commas ("155,000"), as toLocaleString does in
// English.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// layout13thAge is the Basic 13th Age Monster Layout
// (13th-age-monster.ts).
var layout13thAge = &layout{name: "Basic 13th Age Monster Layout", class: "statblock-13th-age", tracker: []string{"modifier"}, blocks: []block{
	inline(block{kind: kHeading, props: []string{"name"}, fallback: "Creature"}, image("image")).withRule(),
	group(text("flavor_text")).withRule().withClass("statblock-flavor"),
	group(
		block{kind: kCustom, props: []string{"level", "role"}, custom: levelLine13thAge},
		property("initiative", "Initiative:").always("+0"),
		property("vulnerability", "Vulnerability:"),
	).withRule(),
	block{kind: kGroup, class: "statblock-abilities", nested: []block{
		{kind: kTraits, props: []string{"actions"}},
		traits("traits", ""),
		traits("triggered_actions", "Triggered Abilities"),
		traits("nastier_traits", "Nastier Specials"),
	}},
	block{kind: kGroup, class: "statblock-monster-stats", nested: []block{
		{kind: kCustom, props: []string{"ac", "pd", "md", "hp"}, custom: defences13thAge},
		{kind: kProperty, props: []string{"mook"}, label: "Mook", conditioned: true, reads: []string{"name", "hp"}, text: func(m *monster) (string, bool) {
			if n := resolve(m.node("mook")); n == nil || n.Tag == "!!bool" {
				return "", false // the plugin's condition counts text and numbers, not true
			}
			return "Kill one _" + m.str("name") + "_ for every " + m.str("hp") + " damage dealt to the mob", true
		}},
	}},
	group(text("description")).withClass("statblock-description"),
}}

// levelLine13thAge is the 13th Age layout's level line: "large 12th level
// troop [devil]". The layout writes `level` as it is ("9th" in the
// plugin's examples); a block that keeps the ordinal apart, as the 13th
// Age SRD vault does (`level: 12`, `levelOrdinal: 12th`), shows it.
func levelLine13thAge(r *renderer) []templates.StatPart {
	level := r.m.str("level")
	if lo := r.m.str("levelOrdinal"); lo != "" {
		level = lo
		r.use("levelOrdinal")
	}
	var parts []string
	if s := r.m.str("size"); s != "" {
		parts = append(parts, s)
	}
	if level != "" {
		parts = append(parts, level+" level")
	}
	if s := r.m.str("role"); s != "" {
		parts = append(parts, s)
	}
	if len(parts) == 0 && !r.m.has("type") {
		return nil
	}
	line := strings.Join(parts, " ")
	r.use("size", "level", "role")
	h := html.EscapeString(capitalize(line))
	if r.m.has("type") {
		r.use("type")
		h += ` <span class="statblock-type">[` + html.EscapeString(r.m.str("type")) + `]</span>`
	}
	return []templates.StatPart{{Kind: templates.StatSub, HTML: strings.TrimSpace(h)}}
}

// defences13thAge is the 13th Age layout's defence block: AC, PD, MD and
// HP in a column beside the abilities, HP marked "(mook)" for a mook.
func defences13thAge(r *renderer) []templates.StatPart {
	var lines []templates.StatPart
	for _, d := range []struct{ key, label string }{{"ac", "AC"}, {"pd", "PD"}, {"md", "MD"}, {"hp", "HP"}} {
		if !r.m.has(d.key) {
			continue
		}
		s := r.m.str(d.key)
		if d.key == "hp" && r.m.has("mook") {
			s += " (mook)"
			r.use("mook")
		}
		r.use(d.key)
		lines = append(lines, templates.StatPart{Kind: templates.StatLine, Class: "statblock-defence", Label: d.label, HTML: r.md(s, r.m.line(d.key), false)})
	}
	if len(lines) == 0 {
		return nil
	}
	return []templates.StatPart{{Kind: templates.StatGroup, Class: "statblock-defences", Parts: lines}}
}

// pf2eTraitSlots are the Basic Pathfinder 2e Layout's trait row: rarity,
// alignment, size and up to seven traits, each a field, drawn as tags by
// the layout's stylesheet.
var pf2eTraitSlots = []string{"rare_01", "rare_02", "rare_03", "rare_04", "alignment", "size",
	"trait_01", "trait_02", "trait_03", "trait_04", "trait_05", "trait_06", "trait_07"}

// layoutPF2e is the Basic Pathfinder 2e Layout (pf2e.ts, version 2). Its
// `ac`, `hp` and `modifier` are for Initiative Tracker ("Modifier is for
// use for Initiative Tracker", the plugin's documentation): the layout
// shows AC and HP through `armorclass` and `health`.
var layoutPF2e = &layout{name: "Basic Pathfinder 2e Layout", class: "statblock-pf2e", tracker: []string{"modifier", "ac", "hp"}, dice: pf2eBasicDice, glyphs: pf2eActions, glyphChars: pf2eActionChars, blocks: []block{
	inline(heading("name"), property("level", "")).withRule().withClass("statblock-title"),
	group(pf2eTags(pf2eTraitSlots)).withRule(),
	group(
		block{kind: kTraits, props: []string{"perception"}, heading: " ", headingProp: true, conditioned: true, dice: true},
		property("languages", "Language"),
		traits("skills", "").withDice(),
		block{kind: kTable, props: []string{"abilityMods"}, headers: []string{"Str", "Dex", "Con", "Int", "Wis", "Cha"}, conditioned: true, dice: true},
		traits("abilities_top", "").withDice(),
	).withRule(),
	group(
		traits("armorclass", "").withDice(),
		traits("health", "").withDice(),
		traits("abilities_mid", "").withDice(),
	).withRule(),
	group(
		property("speed", "Speed"),
		traits("attacks", "").withDice(),
		traits("spellcasting", "").withDice(),
		traits("abilities_bot", "").withDice(),
	).withRule(),
	image("token").withRule(),
	property("sourcebook", "Source:"),
}}

// pf2eActions shows the action icons Pathfinder vaults write as the
// characters of the layout's icon font (its stylesheet's .glyph-1action
// "\2b3b", .glyph-2actions "\2b3a", .glyph-3actions "\2b3d", .glyph-free
// "\2b53", .glyph-reaction "\2b32"), which no page has: as marks every
// font draws, named for screen readers.
var pf2eActions = strings.NewReplacer(
	"\u2b3b", actionMark("one action", "◆"),
	"\u2b3a", actionMark("two actions", "◆◆"),
	"\u2b3d", actionMark("three actions", "◆◆◆"),
	"\u2b53", actionMark("free action", "◇"),
	"\u2b32", actionMark("reaction", "↺"),
)

// pf2eActionChars are the icon font's characters, as pf2eActions reads them.
const pf2eActionChars = "\u2b3b\u2b3a\u2b3d\u2b53\u2b32"

func actionMark(name, mark string) string {
	return `<span class="statblock-action" role="img" aria-label="` + name + `" title="` + name + `">` + mark + `</span>`
}

// pf2eTags is a row of tags, one a field.
func pf2eTags(keys []string) block {
	b := block{kind: kTags, conditioned: true}
	for _, k := range keys {
		b.nested = append(b.nested, property(k, ""))
	}
	return b
}

// layoutPF2eCreature is the Pathfinder 2e Creature Layout (pf2e.ts).
var layoutPF2eCreature = &layout{name: "Pathfinder 2e Creature Layout", class: "statblock-pf2e", dice: pf2eCreatureDice, glyphs: pf2eActions, glyphChars: pf2eActionChars, blocks: []block{
	inline(heading("name"), property("level", "")).withRule().withClass("statblock-title"),
	group(block{kind: kCustom, props: []string{"rarity", "alignment", "size", "traits"}, custom: pf2eCreatureTraits}).withRule(),
	group(
		inline(
			block{kind: kProperty, props: []string{"modifier"}, label: "Perception", dice: true, text: func(m *monster) (string, bool) {
				return signed(m.str("modifier")), m.has("modifier")
			}}.always("-"),
			property("senses", ""),
		).withClass("statblock-oneline"),
		property("languages", "Language"),
		block{kind: kSaves, props: []string{"skills"}, label: "Skills", conditioned: true, dice: true, saveFn: pf2eSave},
		saves("attributes", ""),
		property("items", "Items"),
		traits("abilities_top", "").withDice(),
	).withRule(),
	group(
		inline(
			inline(block{kind: kProperty, props: []string{"ac"}, label: "AC"}.always("-"), property("acNote", "")),
			block{kind: kSaves, props: []string{"saves"}, conditioned: true, dice: true, saveFn: pf2eSave},
		).withClass("statblock-oneline"),
		inline(
			inline(block{kind: kProperty, props: []string{"hp"}, label: "HP"}.always("-"), property("hpNote", "")),
			property("hardness", "Hardness"),
			property("immunities", "Immunities"),
			property("weaknesses", "Weaknesses"),
			property("resistances", "Resistances"),
		).withClass("statblock-oneline"),
		traits("abilities_mid", "").withDice(),
	).withRule(),
	group(
		property("speed", "Speed"),
		block{kind: kTraits, props: []string{"attacks"}, conditioned: true, dice: true, each: pf2eAttack},
		traits("spellcasting", "").withDice(),
		traits("abilities_bot", "").withDice(),
	).withRule(),
	image("token").withRule(),
	property("sourcebook", "Source:"),
}}

// pf2eCreatureTraits is the Creature Layout's trait row: rarity (unless
// common), alignment, size, then the `traits` list.
func pf2eCreatureTraits(r *renderer) []templates.StatPart {
	var cells []templates.StatCell
	add := func(key string, s string) {
		cells = append(cells, templates.StatCell{Label: tagKind(key), HTML: r.md(s, r.m.line(key), false)})
	}
	if s := r.m.str("rarity"); s != "" {
		r.use("rarity")
		if !strings.EqualFold(s, "common") {
			add("rarity", s)
		}
	}
	for _, k := range []string{"alignment", "size"} {
		if s := r.m.str(k); s != "" {
			r.use(k)
			add(k, s)
		}
	}
	if n := resolve(r.m.node("traits")); n != nil && present(n) {
		r.use("traits")
		if n.Kind == yaml.SequenceNode {
			for _, c := range n.Content {
				if s := r.m.text(c); s != "" {
					cells = append(cells, templates.StatCell{Label: "trait", HTML: r.md(s, c.Line, false)})
				}
			}
		} else {
			add("traits", r.readable(n))
		}
	}
	if len(cells) == 0 {
		return nil
	}
	return []templates.StatPart{{Kind: templates.StatTags, Cells: cells}}
}

// pf2eSave is the Creature Layout's callback for skills and saves: the
// first key is the name and its bonus; other keys are bonuses in
// situations, "(+14 to Escape)", and a note follows: "Athletics +12 (+14 to
// Escape), note"; a lone `note` is the list's note.
func pf2eSave(m *monster, e *yaml.Node) (string, string) {
	if len(e.Content) < 2 {
		return "", ""
	}
	name := e.Content[0].Value
	if name == "note" {
		return "", m.text(e.Content[1])
	}
	stats := []string{signed(m.text(e.Content[1]))}
	note := ""
	for i := 2; i+1 < len(e.Content); i += 2 {
		k, v := e.Content[i].Value, m.text(e.Content[i+1])
		if k == "note" {
			note = v
			continue
		}
		stats = append(stats, "("+signed(v)+" "+k+")")
	}
	s := strings.Join(stats, " ")
	if note != "" {
		s += ", " + note
	}
	return titleCase(name), s
}

// pf2eAttack is the Creature Layout's callback for attacks: "+12 (agile),
// __Damage__ 2d4+3 bludgeoning".
func pf2eAttack(m *monster, e *yaml.Node) *yaml.Node {
	if e.Kind != yaml.MappingNode {
		return nil
	}
	var s string
	if b := mapGet(e, "bonus"); b != nil {
		s += signed(m.text(b))
	}
	if d := mapGet(e, "desc"); d != nil {
		s += " " + m.text(d)
	}
	if d := mapGet(e, "damage"); d != nil {
		s += ", __Damage__ " + m.text(d)
	}
	out := &yaml.Node{Kind: yaml.MappingNode, Line: e.Line, Column: e.Column}
	for i := 0; i+1 < len(e.Content); i += 2 {
		switch e.Content[i].Value {
		case "bonus", "desc", "damage":
			continue
		}
		out.Content = append(out.Content, e.Content[i], e.Content[i+1])
	}
	out.Content = append(out.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: "desc"},
		&yaml.Node{Kind: yaml.ScalarNode, Value: strings.TrimSpace(s), Line: e.Line})
	return out
}
