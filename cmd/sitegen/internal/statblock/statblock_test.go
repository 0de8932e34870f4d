package statblock

import (
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/testing/rolltext"
)

// The plugin's documentation and sources the tests quote.
const (
	docCodeblock = "https://plugins.javalent.com/statblocks/readme/code-block"
	docCore      = "https://plugins.javalent.com/statblocks/layouts/core"
	docPF2e      = "https://plugins.javalent.com/statblock/layouts/integrated/pf2e"
	src5e        = "https://github.com/javalent/fantasy-statblocks/blob/main/src/layouts/basic%205e/basic5e.ts"
	src13A       = "https://github.com/javalent/fantasy-statblocks/blob/main/src/layouts/13th%20age/monster/13th-age-monster.ts"
	srcPF2e      = "https://github.com/javalent/fantasy-statblocks/blob/main/src/layouts/pathfinder%202e/pf2e.ts"
	srcDice      = "https://github.com/javalent/fantasy-statblocks/blob/main/src/parser/dice-parsing.ts"
	srcLinks     = "https://github.com/javalent/fantasy-statblocks/blob/main/src/parser/stringifier.ts"
)

// links resolves every Markdown link and wikilink to /NAME/.
type links struct{}

func (links) ResolveLink(dest string) (string, string) { return "/" + dest + "/", "" }
func (links) ResolveWiki(target, frag string, _ bool) markup.WikiTarget {
	if target == "Gone" {
		return markup.WikiTarget{Problem: "no note named Gone"}
	}
	return markup.WikiTarget{URL: "/" + strings.ToLower(target) + "/"}
}

func convert(t *testing.T, src string) (string, []string) {
	t.Helper()
	md := markup.New(markup.Options{Obsidian: true, Handlers: map[string]markup.BlockHandler{Info: New()}, StaticDir: "static"})
	var problems []string
	page := &markup.Page{File: "content/m.md", Links: links{}, Assets: map[string]string{StyleAsset: "/css/statblock.x.css"},
		Report: func(p markup.Problem) {
			w := ""
			if p.Warning {
				w = "warning: "
			}
			problems = append(problems, fmt.Sprintf("%s%d:%d: %s", w, p.Line, p.Col, p.Msg))
		}}
	out, res, err := md.Convert([]byte(src), page)
	if err != nil {
		t.Fatal(err)
	}
	out = rolltext.Normalize(out)
	if strings.Contains(out, `class="statblock `) && !slices.Contains(res.Styles, "/css/statblock.x.css") {
		t.Errorf("the stylesheet was not asked for: %v", res.Styles)
	}
	return out, problems
}

// fence wraps YAML in a ```statblock fence.
func fence(yaml string) string { return "```statblock\n" + yaml + "```\n" }

// roll is an inline roll with its odds, as rolltext writes it.
func roll(expr, label string) string { return "{roll " + expr + "|" + label + "}" }

// action is a Pathfinder action icon's mark.
func action(name, mark string) string {
	return `<span class="statblock-action" role="img" aria-label="` + name + `" title="` + name + `">` + mark + `</span>`
}

// layoutCase is a fixture: a block and what its rendering holds, in order.
type layoutCase struct {
	name, doc, yaml string
	// want are fragments of the output that must appear in this order.
	want []string
	// not must not appear.
	not []string
}

func runLayoutCases(t *testing.T, cases []layoutCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, problems := convert(t, fence(tc.yaml))
			if len(problems) > 0 {
				t.Errorf("problems: %q", problems)
			}
			at := 0
			for _, w := range tc.want {
				i := strings.Index(out[at:], w)
				if i < 0 {
					if strings.Contains(out, w) {
						t.Errorf("%s\n%q is out of order:\n%s", tc.doc, w, out)
					} else {
						t.Errorf("%s\noutput lacks %q:\n%s", tc.doc, w, out)
					}
					continue
				}
				at += i + len(w)
			}
			for _, w := range tc.not {
				if strings.Contains(out, w) {
					t.Errorf("%s\noutput holds %q:\n%s", tc.doc, w, out)
				}
			}
			checkEveryLeaf(t, tc.yaml, out)
		})
	}
}

// TestLayout5e: the Basic 5e Layout, the plugin's default.
func TestLayout5e(t *testing.T) {
	goblin := "layout: Basic 5e Layout\nname: Goblin\nsize: Small\ntype: humanoid\nsubtype: goblinoid\nalignment: neutral evil\n" +
		"ac: 15\nac_class: leather armor, shield\nhp: 7\nhit_dice: 2d6\nspeed: 30 ft.\nstats: [8, 14, 10, 10, 8, 8]\n" +
		"saves:\n  - dexterity: 4\nskillsaves:\n  - stealth: 6\nsenses: darkvision 60 ft.\ncr: 1/4\n" +
		"traits:\n  - name: Nimble Escape\n    desc: Can *Disengage* or Hide as a bonus action.\n" +
		"actions:\n  - name: Scimitar\n    desc: \"Melee Weapon Attack: +4 to hit, reach 5 ft. Hit: 5 (1d6 + 2) slashing damage, see [[Weapons|weapons]].\"\n" +
		"reactions:\n  - name: Parry\n    desc: Adds 2 to its AC.\n"
	runLayoutCases(t, []layoutCase{
		{name: "the basic 5e layout's blocks in order", doc: src5e + `: heading "name"; subheading ["size", "type", "subtype", "alignment"], separator ", "; property "ac" display "Armor Class", callback ac + "(ac_class)"; property "hp" display "Hit Points", "(hit_dice)"; "Speed"; table "stats" headers Str..Cha calculate: true; saves "Saves"; saves "Skills"; property "languages" fallback "-"; "Challenge" (cr, XP); "Proficiency Bonus"; traits; actions heading "Actions"; reactions heading "Reactions"`,
			yaml: goblin, want: []string{
				`<section class="statblock statblock-5e" aria-label="Stat block: Goblin">`,
				`<p class="statblock-name">Goblin</p>`,
				`<p class="statblock-sub">Small, humanoid, goblinoid, neutral evil</p>`,
				`<strong class="statblock-label">Armor Class</strong> 15 (leather armor, shield)`,
				`<strong class="statblock-label">Hit Points</strong> 7 (` + roll("2d6", "2d6") + `)`,
				`<strong class="statblock-label">Speed</strong> 30 ft.`,
				`<dt>Str</dt> <dd>8 <span class="statblock-mod">(−1)</span></dd>`, `<dt>Dex</dt> <dd>14 <span class="statblock-mod">(+2)</span></dd>`,
				`<strong class="statblock-label">Saves</strong> Dexterity +4`,
				`<strong class="statblock-label">Skills</strong> Stealth +6`,
				`<strong class="statblock-label">Senses</strong> darkvision 60 ft.`,
				`<strong class="statblock-label">Languages</strong> -`,
				`<strong class="statblock-label">Challenge</strong> 1/4 (50 XP)`,
				`<strong class="statblock-label">Proficiency Bonus</strong> +2`,
				`<strong class="statblock-item-name">Nimble Escape</strong> Can <em>Disengage</em> or Hide`,
				`<p class="statblock-section-title">Actions</p>`,
				`Melee Weapon Attack: ` + roll("1d20+4", "+4 to hit") + `, reach 5 ft. Hit: 5 (` + roll("1d6 + 2", "1d6 + 2") + `) slashing damage, see <a class="wikilink" href="/weapons/">weapons</a>.`,
				`<p class="statblock-section-title">Reactions</p>`,
			}, not: []string{"Basic 5e Layout", "statblock-more", "statblock-tracker"}},
		{name: "no layout key: the default layout", doc: docCodeblock + `: "The layout key tells the Statblock which layout within your Statblock settings you should use, assuming you want to use something different than the default."`,
			yaml: "name: Bandit\nac: 12\ncr: 1/8\nlanguages: Common\n", want: []string{`statblock-5e`, `Armor Class</strong> 12`, `Languages</strong> Common`, `Challenge</strong> 1/8 (25 XP)`}},
		{name: "challenge 0 is 10 XP, challenge 17 proficiency +6", doc: src5e + `: "0": { cr: "0", value: 0, xp: 10 } ... Math.floor(2 + ((CR[monster.cr]?.value ?? 0) - 1) / 4)`,
			yaml: "name: Rat\ncr: 0\n", want: []string{`Challenge</strong> 0 (10 XP)`, `Proficiency Bonus</strong> +2`}},
		{name: "XP with thousands", doc: src5e + `: "17": { cr: "17", value: 17, xp: 18000 } shown with toLocaleString`,
			yaml: "name: Dragon\ncr: 17\n", want: []string{`Challenge</strong> 17 (18,000 XP)`, `Proficiency Bonus</strong> +6`}},
		{name: "a rating the table lacks is kept", doc: "the plugin shows its fallback \"-\"; sitegen shows the field as written rather than lose it",
			yaml: "name: Odd\ncr: 1/3\n", want: []string{`Challenge</strong> 1/3`}, not: []string{"Proficiency"}},
		{name: "spells", doc: docCore + `: "The spellcasting trait requires a special spells field ... - The archmage is an 18th-level spellcaster ... - Cantrips (at will): fire bolt, light"`,
			yaml: "name: Archmage\nspells:\n  - The archmage is an 18th-level spellcaster.\n  - \"Cantrips (at will): fire bolt, light\"\n  - 1st level (4 slots): detect magic\n",
			want: []string{`<strong class="statblock-item-name">Spellcasting</strong> The archmage is an 18th-level spellcaster.`,
				`<div class="statblock-triggers"><div class="statblock-item">Cantrips (at will): fire bolt, light</div>`,
				`<strong class="statblock-item-name">1st level (4 slots)</strong> detect magic`}},
		{name: "legendary actions under their heading", doc: src5e + `: group heading "Legendary Actions": text "legendary_description", traits "legendary_actions"`,
			yaml: "name: Lich\nlegendary_description: The lich can take 3 legendary actions.\nlegendary_actions:\n  - name: Cantrip\n    desc: The lich casts a cantrip.\n",
			want: []string{`<p class="statblock-section-title">Legendary Actions</p>`, `The lich can take 3 legendary actions.`, `<strong class="statblock-item-name">Cantrip</strong>`}},
		{name: "a trait as a [name, desc] pair and as text", doc: "the 5e SRD vaults write traits both ways",
			yaml: "name: Kobold\ntraits:\n  - [Pack Tactics, \"Advantage when an ally is near.\"]\n  - Sunlight hurts.\n",
			want: []string{`<strong class="statblock-item-name">Pack Tactics</strong> Advantage when an ally is near.`, `<div class="statblock-item">Sunlight hurts.</div>`}},
	})
}

// TestLayout13thAge: the Basic 13th Age Monster Layout, as the 13th Age
// SRD vault uses it.
func TestLayout13thAge(t *testing.T) {
	devil := "layout: Basic 13th Age Monster Layout\ncolumns: 1\nname: \"Horned Devil\"\nsize: \"large\"\nlevel: \"12\"\nlevelOrdinal: \"12th\"\n" +
		"role: \"troop\"\ntype: \"devil\"\ninitiative: \"15\"\nvulnerability: holy\n" +
		"actions:\n    - name: \"Barbed fork +17 vs. AC\"\n      desc: \"150 damage\"\n      traits:\n" +
		"          - name: \"Natural even hit\"\n            desc: \"A _slicing tail_ attack as a free action.\"\n" +
		"traits:\n    - name: \"Flight\"\n      desc: \"Clumsy fliers, see [devils](Devil.md) and [[telepathy]].\"\n" +
		"triggered_actions:\n    - name: Hellfire\n      desc: When hit, 10 fire damage.\n" +
		"nastier_traits:\n    - name: \"Fear aura\"\n      desc: \"Enemies engaged are dazed.\"\n" +
		"ac: \"28\"\npd: \"26\"\nmd: \"26\"\nhp: \"700\"\ndescription: Devils keep their bargains.\n"
	runLayoutCases(t, []layoutCase{
		{name: "the 13th Age layout's blocks in order", doc: src13A + `: heading "name"; text "flavor_text"; the level line "${monster.size} ${monster.level} level ${monster.role}" and "[${monster.type}]"; property "initiative" display "Initiative: " fallback "+0"; "Vulnerability: "; traits "actions", "traits", "triggered_actions" heading "Triggered Abilities", "nastier_traits" heading "Nastier Specials"; the defence block AC, PD, MD, HP; text "description"`,
			yaml: devil, want: []string{
				`<section class="statblock statblock-13th-age" aria-label="Stat block: Horned Devil">`,
				`<p class="statblock-name">Horned Devil</p>`,
				`<p class="statblock-sub">Large 12th level troop <span class="statblock-type">[devil]</span></p>`,
				`<strong class="statblock-label">Initiative:</strong> 15`,
				`<strong class="statblock-label">Vulnerability:</strong> holy`,
				`<div class="statblock-section statblock-actions"><div class="statblock-item"><strong class="statblock-item-name">Barbed fork +17 vs. AC</strong> 150 damage<div class="statblock-triggers">`,
				`<strong class="statblock-item-name">Natural even hit</strong> A <em>slicing tail</em> attack`,
				`<div class="statblock-section statblock-traits">`, `see <a href="/Devil.md/">devils</a> and <a class="wikilink" href="/telepathy/">telepathy</a>.`,
				`<p class="statblock-section-title">Triggered Abilities</p>`,
				`<p class="statblock-section-title">Nastier Specials</p>`,
				`<div class="statblock-group statblock-defences"><div class="statblock-line statblock-defence"><strong class="statblock-label">AC</strong> 28</div>`,
				`<strong class="statblock-label">PD</strong> 26`, `<strong class="statblock-label">MD</strong> 26`, `<strong class="statblock-label">HP</strong> 700`,
				`Devils keep their bargains.`,
			}, not: []string{"Columns", "levelOrdinal", "statblock-more", "Basic 13th Age"}},
		{name: "initiative falls back to +0", doc: src13A + `: "properties": ["initiative"], "fallback": "+0" (not conditioned)`,
			yaml: "layout: Basic 13th Age Monster Layout\nname: Rat\nlevel: 0\nrole: mook\n", want: []string{`Initiative:</strong> +0`}},
		{name: "a mook", doc: src13A + `: HP shown "(mook)" when monster.mook is set; property "mook" callback "Kill one _${monster.name}_ for every ${monster.hp} damage dealt to the mob"`,
			yaml: "layout: Basic 13th Age Monster Layout\nname: Kobold\nlevel: 1\nrole: mook\nhp: 5\nmook: \"yes\"\n",
			want: []string{`HP</strong> 5 (mook)`, `<strong class="statblock-label">Mook</strong> Kill one <em>Kobold</em> for every 5 damage dealt to the mob`}},
		{name: "a mook: true shows on HP only", doc: src13A + `: the plugin's condition counts text and numbers, not true, for the Mook line`,
			yaml: "layout: Basic 13th Age Monster Layout\nname: Kobold\nhp: 5\nmook: true\n",
			want: []string{`HP</strong> 5 (mook)`}, not: []string{"Kill one"}},
		{name: "a name that starts like a list is text", doc: "the 13th Age SRD vault's flux elementals: `- name: \"1. Shift to air\"`, a name in its line, not an ordered list",
			yaml: "layout: Basic 13th Age Monster Layout\nname: Flux\ntraits:\n  - name: Flux\n    desc: Roll a d4.\n    traits:\n      - name: \"1. Shift to air\"\n        desc: \"- flies\"\n",
			want: []string{`<strong class="statblock-item-name">1. Shift to air</strong> <ul>`}},
		{name: "level as the plugin's examples write it", doc: "https://plugins.javalent.com/statblock/layouts/integrated/13th-age: `level: 9th`",
			yaml: "layout: Basic 13th Age Monster Layout\nname: Chimera\nsize: large\nlevel: 9th\nrole: wrecker\n",
			want: []string{`<p class="statblock-sub">Large 9th level wrecker</p>`}},
	})
}

// TestLayoutPF2e: the Basic Pathfinder 2e Layout, as the Pathfinder 2e
// SRD vault writes its 1,173 creatures.
func TestLayoutPF2e(t *testing.T) {
	redeemer := "columns: 2\nforcecolumns: true\nlayout: Basic Pathfinder 2e Layout\nsource: \"B1\"\nname: \"Aasimar Redeemer\"\nlevel: \"Creature 5\"\n" +
		"alignment: \"NG\"\nsize: \"Medium\"\ntrait_03: \"Aasimar\"\ntrait_04: \"Human\"\nmodifier: 11\n" +
		"perception:\n  - name: \"Perception\"\n    desc: \"Perception +11; __darkvision__\"\nlanguages: \"Celestial, Common \"\n" +
		"skills:\n  - name: \"Skills\"\n    desc: \"__Athletics__: +11 (1d20+11), __Diplomacy__: +12 (1d20+12)\"\n" +
		"abilityMods: [4, 1, 3, 0, 2, 3]\n" +
		"abilities_mid:\n  - name: \"Shield Block\"\n    desc: \"⬲ \"\n" +
		"abilities_top:\n  - name: Items\n    desc: \"crossbow (10 bolts), half plate\"\n" +
		"speed: 20 feet\nac: 23\narmorclass:\n  - name: AC\n    desc: \"23; __Fort__: +12 (1d20+12)\"\nhp: 73\nhealth:\n  - name: HP\n    desc: \"73\"\n" +
		"attacks:\n  - name: Melee\n    desc: \"⬻ longsword +15 ([[versatile|versatile p]]) __Damage__ 1d8+7 (1d8+7) slashing\"\n" +
		"spellcasting:\n  - name: \"Divine Innate Spells\"\n    desc: \"DC 20; __Cantrips (3rd)__ [[light]]\"\n" +
		"sourcebook: \"_Bestiary_, page 263.\"\n"
	runLayoutCases(t, []layoutCase{
		{name: "the basic PF2e layout's blocks in order", doc: srcPF2e + ` (LayoutPF2e): "name", "level"; rare_01..04, alignment, size, trait_01..07; traits "perception"; "languages" display "Language"; traits "skills"; table "abilityMods" headers Str..Cha; traits "abilities_top"; "armorclass"; "health"; "abilities_mid"; "speed" display "Speed"; "attacks"; "spellcasting"; "abilities_bot"; image "token"; "sourcebook" display " Source:". ` + docCodeblock + `: "Modifier is for use for Initiative Tracker"`,
			yaml: redeemer, want: []string{
				`<section class="statblock statblock-pf2e" aria-label="Stat block: Aasimar Redeemer">`,
				`<p class="statblock-name">Aasimar Redeemer</p><div class="statblock-line statblock-level">Creature 5</div>`,
				`<ul class="statblock-tags"><li class="statblock-tag-alignment">NG</li><li class="statblock-tag-size">Medium</li><li class="statblock-tag-trait">Aasimar</li><li class="statblock-tag-trait">Human</li></ul>`,
				`<strong class="statblock-item-name">Perception</strong> Perception ` + roll("1d20+11", "+11") + `; <strong>darkvision</strong>`,
				`<strong class="statblock-label">Language</strong> Celestial, Common`,
				`<strong>Athletics</strong>: +11 (` + roll("1d20+11", "1d20+11") + `), <strong>Diplomacy</strong>: +12 (` + roll("1d20+12", "1d20+12") + `)`,
				`<dt>Str</dt> <dd>4</dd>`, `<dt>Cha</dt> <dd>3</dd>`,
				`<strong class="statblock-item-name">Items</strong> crossbow (10 bolts), half plate`,
				`<strong class="statblock-item-name">AC</strong> 23; <strong>Fort</strong>: +12 (` + roll("1d20+12", "1d20+12") + `)`,
				`<strong class="statblock-item-name">HP</strong> 73`,
				`<strong class="statblock-item-name">Shield Block</strong> ` + action("reaction", "↺"),
				`<strong class="statblock-label">Speed</strong> 20 feet`,
				`<strong class="statblock-item-name">Melee</strong> ` + action("one action", "◆") + ` longsword ` + roll("1d20+15", "+15") + ` (<a class="wikilink" href="/versatile/">versatile p</a>) <strong>Damage</strong> 1d8+7 (` + roll("1d8+7", "1d8+7") + `) slashing`,
				`<strong class="statblock-item-name">Divine Innate Spells</strong> DC 20; <strong>Cantrips (3rd)</strong> <a class="wikilink" href="/light/">light</a>`,
				`<strong class="statblock-label">Source:</strong> <em>Bestiary</em>, page 263.`,
				`<div class="statblock-inline statblock-tracker"><div class="statblock-line"><strong class="statblock-label">Initiative</strong> +11</div><div class="statblock-line"><strong class="statblock-label">AC</strong> 23</div><div class="statblock-line"><strong class="statblock-label">HP</strong> 73</div></div>`,
			}, not: []string{"Forcecolumns", "Columns", "B1", "statblock-more"}},
		{name: "action icons", doc: srcPF2e + ` and its stylesheet pf2e.css: .glyph-1action:before { content: "\\2b3b" } .glyph-2actions "\\2b3a" .glyph-3actions "\\2b3d" .glyph-free "\\2b53" .glyph-reaction "\\2b32"`,
			yaml: "layout: Basic Pathfinder 2e Layout\nname: Imp\nabilities_bot:\n  - name: A\n    desc: \"⬻ ⬺ ⬽ ⭓ ⬲\"\n",
			want: []string{action("one action", "◆") + " " + action("two actions", "◆◆") + " " + action("three actions", "◆◆◆") + " " + action("free action", "◇") + " " + action("reaction", "↺")}},
		{name: "a layout name in another case", doc: "the PF2e vault writes `layout: Basic Pathfinder 2E Layout` once; the plugin matches names exactly, sitegen without case",
			yaml: "layout: Basic Pathfinder 2E Layout\nname: Imp\nlevel: Creature 1\n", want: []string{`statblock-pf2e`, `Creature 1`}},
		{name: "a token image", doc: docCodeblock + `: "Token is an Image Block" — token: [[apple-touch-icon.png|Show to Players]], unquoted, read as the plugin reads links in YAML (` + srcLinks + `)`,
			yaml: "layout: Basic Pathfinder 2e Layout\nname: Imp\ntoken: [[imp.png|Show to Players]]\n",
			want: []string{`<div class="statblock-image statblock-rule">`, `<img`, `imp.png`}},
	})
}

// TestLayoutPF2eCreature: the Pathfinder 2e Creature Layout, from the
// plugin's documented example.
func TestLayoutPF2eCreature(t *testing.T) {
	snake := "layout: Pathfinder 2e Creature Layout\nsource: B1\nsourcebook: Bestiary p. 1\nname: Viper\nlevel: Creature 1\n" +
		"alignment: N\nsize: Small\nrarity: uncommon\ntraits:\n  - animal\n  - \"[[Traits can be links]]\"\n" +
		"modifier: 7\nsenses: low-light vision\nlanguages: none\n" +
		"skills:\n  - Athletics: 12\n    to Escape: 14\n    note: in water\n  - \"Lore: Snakes\": 3\n  - note: also +2 to climb\n" +
		"attributes:\n  - str: 1\n  - dex: -2\nitems: fangs\n" +
		"ac: 17\nacNote: (19 in water)\nsaves:\n  - fort: 9\n  - ref: 7\n    vs traps: 9\n  - will: 5\n" +
		"hp: 20\nhpNote: regeneration 2\nhardness: 3\nimmunities: poison\nresistances: cold 5\nweaknesses: fire 5\n" +
		"speed: 25 feet, swim 25 feet\n" +
		"attacks:\n  - name: __Melee__ ⬻ fangs\n    bonus: 9\n    damage: 1d6+2 piercing\n    desc: (agile)\n" +
		"spellcasting:\n  - name: Innate Spells\n    dc: 17\n    desc: \"**1st** fear\"\n"
	runLayoutCases(t, []layoutCase{
		{name: "the PF2e creature layout", doc: srcPF2e + ` (LayoutPF2eCreature): the trait row callback (rarity unless common, alignment, size, traits); "modifier" display "Perception" signed; saves "skills" display "Skills" with the callback "(${sign}${num} ${key})" and the note; saves "attributes"; "items" display "Items"; "ac" display "AC" with "acNote"; saves "saves"; "hp" display "HP" with "hpNote"; "Hardness", "Immunities", "Weaknesses", "Resistances"; "speed"; attacks callback "${bonus} ${desc}, __Damage__ ${damage}". ` + docPF2e + `: "A pattern like +N or NdN will be turned into Dice Roller blocks"`,
			yaml: snake, want: []string{
				`<p class="statblock-name">Viper</p>`,
				`<ul class="statblock-tags"><li class="statblock-tag-rarity">uncommon</li><li class="statblock-tag-alignment">N</li><li class="statblock-tag-size">Small</li><li class="statblock-tag-trait">animal</li><li class="statblock-tag-trait"><a class="wikilink" href="/traits%20can%20be%20links/">Traits can be links</a></li></ul>`,
				`<strong class="statblock-label">Perception</strong> ` + roll("1d20+7", "+7"),
				`low-light vision`,
				`<strong class="statblock-label">Language</strong> none`,
				`<strong class="statblock-label">Skills</strong> Athletics ` + roll("1d20+12", "+12") + ` (+14 to Escape), in water, Lore: Snakes ` + roll("1d20+3", "+3") + `, also ` + roll("1d20+2", "+2") + ` to climb`,
				`Str +1, Dex -2`,
				`<strong class="statblock-label">Items</strong> fangs`,
				`<strong class="statblock-label">AC</strong> 17`, `(19 in water)`,
				`Fort ` + roll("1d20+9", "+9") + `, Ref ` + roll("1d20+7", "+7") + ` (+9 vs traps), Will ` + roll("1d20+5", "+5"),
				`<strong class="statblock-label">HP</strong> 20`, `regeneration 2`, `Hardness</strong> 3`, `Immunities</strong> poison`, `Weaknesses</strong> fire 5`, `Resistances</strong> cold 5`,
				`<strong class="statblock-label">Speed</strong> 25 feet, swim 25 feet`,
				`<strong class="statblock-item-name"><strong>Melee</strong> ` + action("one action", "◆") + ` fangs</strong> ` + roll("1d20+9", "+9") + ` (agile), <strong>Damage</strong> ` + roll("1d6+2", "1d6+2") + ` piercing`,
				`<strong class="statblock-item-name">Innate Spells</strong> <strong>1st</strong> fear<div class="statblock-triggers"><div class="statblock-item"><strong class="statblock-item-name">Dc</strong> 17</div>`,
				`Source:</strong> Bestiary p. 1`,
			}, not: []string{"statblock-tracker", "statblock-more"}},
		{name: "a common creature's rarity is not a tag", doc: srcPF2e + `: if (monster.rarity && monster.rarity.toLowerCase() !== "common")`,
			yaml: "layout: Pathfinder 2e Creature Layout\nname: Rat\nrarity: Common\nsize: Tiny\n", want: []string{`<ul class="statblock-tags"><li class="statblock-tag-size">Tiny</li></ul>`}},
		{name: "+2 status bonus is no roll", doc: srcPF2e + `: regex "(^|\\s)([+-]\\d+)(\\W|$)(?!status|bonus)"`,
			yaml: "layout: Pathfinder 2e Creature Layout\nname: Rat\nabilities_mid:\n  - name: Nimble\n    desc: gains a +2 status bonus and +3 to Reflex\n",
			want: []string{`gains a +2 status bonus and ` + roll("1d20+3", "+3") + ` to Reflex`}},
	})
}

// TestGeneric: a layout sitegen does not have shows every field.
func TestGeneric(t *testing.T) {
	runLayoutCases(t, []layoutCase{
		{name: "every field of an unknown layout", doc: "issue 33: for any other YAML every field renders (lists of {name, desc} as entries, scalars as rows, nested maps readable)",
			yaml: "layout: My Homebrew Layout\nname: Clockwork Hound\nthreat: Elite\nhit: 2d8+5\nbite: \"{{ dice: 1d20+7 }} to bite\"\n" +
				"senses: [scent, \"[[telepathy]] 30 ft.\"]\n" +
				"defenses:\n  armor: 4\n  ward:\n    arcane: 2\n" +
				"skills:\n  - athletics: 5\n  - stealth: -1\n" +
				"moves:\n  - name: Pounce\n    desc: Leaps on a foe, Strength +3.\n  - [Howl, Allies gain +1.]\n  - Stands guard.\n",
			want: []string{
				`<section class="statblock statblock-generic" aria-label="Stat block: Clockwork Hound"><p class="statblock-name">Clockwork Hound</p>`,
				`<strong class="statblock-label">Threat</strong> Elite`,
				`<strong class="statblock-label">Hit</strong> ` + roll("2d8+5", "2d8+5"),
				`<strong class="statblock-label">Bite</strong> ` + roll("1d20+7", "1d20+7") + ` to bite`,
				`<strong class="statblock-label">Senses</strong> scent, <a class="wikilink" href="/telepathy/">telepathy</a> 30 ft.`,
				`<div class="statblock-group statblock-defenses"><p class="statblock-section-title">Defenses</p><div class="statblock-line statblock-armor"><strong class="statblock-label">Armor</strong> 4</div><div class="statblock-group statblock-ward"><p class="statblock-section-title">Ward</p><div class="statblock-line statblock-arcane"><strong class="statblock-label">Arcane</strong> 2</div>`,
				`<strong class="statblock-label">Skills</strong> Athletics +5, Stealth -1`,
				`<p class="statblock-section-title">Moves</p><div class="statblock-item"><strong class="statblock-item-name">Pounce</strong> Leaps on a foe, Strength ` + roll("1d20+3", "+3") + `.</div>`,
				`<strong class="statblock-item-name">Howl</strong> Allies gain ` + roll("1d20+1", "+1") + `.`,
				`<div class="statblock-item">Stands guard.</div>`,
			}, not: []string{"My Homebrew Layout"}},
		{name: "fields the layout does not place follow it", doc: "issue 33: no field is ever dropped silently",
			yaml: "layout: Basic 5e Layout\nname: Goblin\nac: 15\nloot:\n  - name: Purse\n    desc: 3 sp\nhabitat: forest\nmodifier: 2\n",
			want: []string{`Armor Class</strong> 15`, `<div class="statblock-inline statblock-tracker"><div class="statblock-line"><strong class="statblock-label">Initiative</strong> +2</div></div>`,
				`<div class="statblock-group statblock-more"><div class="statblock-section statblock-loot"><p class="statblock-section-title">Loot</p><div class="statblock-item"><strong class="statblock-item-name">Purse</strong> 3 sp</div></div><div class="statblock-line statblock-habitat"><strong class="statblock-label">Habitat</strong> forest</div>`}},
		{name: "an entry's other fields are kept", doc: docCore + `: "you can specify a name and a description (desc)"; other keys of an entry follow it`,
			yaml: "name: X\nactions:\n  - name: Bite\n    desc: Ouch.\n    range: 5 ft.\n",
			want: []string{`<strong class="statblock-item-name">Bite</strong> Ouch.<div class="statblock-triggers"><div class="statblock-item"><strong class="statblock-item-name">Range</strong> 5 ft.</div>`}},
		{name: "the layout keys are not content", doc: docCodeblock + ": layout, dice, render, columns, forceColumns, columnHeight, columnWidth, source, bestiary, player are the block's configuration",
			yaml: "layout: Something Else\ndice: true\nrender: true\ncolumns: 2\nforceColumns: true\ncolumnHeight: 750px\ncolumnWidth: 550px\nsource: Pie\nbestiary: false\nplayer: false\nname: Shápsín\n",
			want: []string{`<p class="statblock-name">Shápsín</p></section>`}, not: []string{"750px", "Pie", "Columns"}},
		{name: "dice: false turns dice parsing off", doc: docCodeblock + `: "the integration requires that ... The dice: true Key-Value pair is added"; dice: false keeps the text as it is`,
			yaml: "name: Y\ndice: false\nactions:\n  - name: Hit\n    desc: +4 to hit, 5 (1d6 + 2)\n", want: []string{`+4 to hit, 5 (1d6 + 2)`}, not: []string{"{roll"}},
	})
}

// TestDiceParsing: each layout's dice-parsing rules, as the plugin's
// documentation and sources give them.
func TestDiceParsing(t *testing.T) {
	type piecesCase struct {
		doc   string
		rules []diceRule
		in    string
		want  string // pieces written: rolls as {expr|label}
	}
	show := func(ps []piece) string {
		var sb strings.Builder
		for _, p := range ps {
			if p.roll != nil {
				fmt.Fprintf(&sb, "{%s|%s}", p.roll.Expr, p.roll.Label)
			} else {
				sb.WriteString(p.text)
			}
		}
		return sb.String()
	}
	for _, tc := range []piecesCase{
		{docCodeblock + ` "Rolling to hit: +15 to hit"`, defaultDice, "Melee: +15 to hit, reach 5 ft.", "Melee: {1d20+15|+15 to hit}, reach 5 ft."},
		{srcDice + ` /([\+\-])(\d+) to hit/ with sign -1`, defaultDice, "-2 to hit", "{1d20-2|-2 to hit}"},
		{docCodeblock + ` "Damage / Healing: 19 (2d10 + 8)"`, defaultDice, "takes 19 (2d10 + 8) fire damage", "takes 19 ({2d10 + 8|2d10 + 8}) fire damage"},
		{docCodeblock + ` "A Save: Strength +5"`, defaultDice, "Strength +5, Wisdom -1", "Strength {1d20+5|+5}, Wisdom {1d20-1|-1}"},
		{srcDice + ": a plain dice expression is no default rule", defaultDice, "2d6 fire", "2d6 fire"},
		{srcPF2e + ` /\((\d+d\d+(?:\s*[+-]\s*\d+)?)\)/ "(1d8+3)"`, pf2eBasicDice, "Damage 1d8+3 (1d8+3) piercing", "Damage 1d8+3 ({1d8+3|1d8+3}) piercing"},
		{srcPF2e + ` /(\w+?) ([+-])(\d+)/ "longsword +15"`, pf2eBasicDice, "longsword +15 (agile)", "longsword {1d20+15|+15} (agile)"},
		{srcPF2e + `: "__Athletics__: +11" (a colon before the sign) is no match`, pf2eBasicDice, "__Athletics__: +11 (1d20+11)", "__Athletics__: +11 ({1d20+11|1d20+11})"},
		{srcPF2e + ` "(\\s|^)(\\d+d\\d+(?:\\s*[+-]\\s*\\d+)?)(\\W|$)" "1d6+10"`, pf2eCreatureDice, "2d8+4 bludgeoning", "{2d8+4|2d8+4} bludgeoning"},
		{srcPF2e + ` "(^|\\s)([+-]\\d+)(\\W|$)(?!status|bonus)" "+15"`, pf2eCreatureDice, "+15 (agile), a +1 status bonus, +2 bonus", "{1d20+15|+15} (agile), a +1 status bonus, +2 bonus"},
		{"links, code and HTML are left alone", defaultDice, "see [[Goblin +2]] and `dice: 1d20+2` and <span data-x=\"a +2\">b +3</span>", "see [[Goblin +2]] and `dice: 1d20+2` and <span data-x=\"a +2\">b {1d20+3|+3}</span>"},
		{"issue 33: {{ dice: 1d20+7 }} in a field (not a syntax the plugin documents; shown as a roll rather than as braces)", nil, "roll {{ dice: 1d20+7 }} now", "roll {1d20+7|1d20+7} now"},
	} {
		if got := show(parseDice(tc.in, tc.rules)); got != tc.want {
			t.Errorf("%s\n%q: got %q, want %q", tc.doc, tc.in, got, tc.want)
		}
	}
}

// TestProblems: what the handler cannot read is an error at its line.
func TestProblems(t *testing.T) {
	for _, tc := range []struct{ name, src string }{
		{"invalid YAML at its line", "Text.\n\n```statblock\nname: Goblin\nhp: a: b\n```\n"},
		{"YAML with a tab", "```statblock\nname: Goblin\n\thp: 7\n```\n"},
		{"a bestiary reference", "```statblock\nlayout: Basic 5e Layout\nmonster: Goblin\n```\n"},
		{"a bestiary reference with fields", "```statblock\nmonster: Goblin\nname: Big Goblin\nhp: 20\n```\n"},
		{"a broken wikilink in a description", "```statblock\nname: X\nactions:\n  - name: A\n    desc: \"see [[Gone]]\"\n```\n"},
		{"a broken wikilink on the next line of a folded text", "```statblock\nname: X\ntraits:\n  - name: A\n    desc: >\n      a long text, then\n      see [[Gone]]\n```\n"},
		{"not a map", "```statblock\n- a\n```\n"},
		{"empty", "```statblock\n```\n"},
		{"arguments", "```statblock goblin\nname: X\n```\n"},
	} {
		_, problems := convert(t, tc.src)
		want := map[string][]string{
			"invalid YAML at its line":                            {"5:1: statblock block: invalid YAML: mapping values are not allowed in this context"},
			"YAML with a tab":                                     {"3:1: statblock block: invalid YAML: found a tab character that violates indentation"},
			"a bestiary reference":                                {`warning: 3:1: statblock block: monster: "Goblin" names a creature of the plugin's bestiary, which sitegen does not have: only its name and the fields written here are shown`},
			"a bestiary reference with fields":                    {`warning: 2:1: statblock block: monster: "Goblin": sitegen has no bestiary to take that creature's fields from; only the fields written here are shown`},
			"a broken wikilink in a description":                  {"5:16: broken wikilink [[Gone]]: no note named Gone"},
			"a broken wikilink on the next line of a folded text": {"7:11: broken wikilink [[Gone]]: no note named Gone"},
			"not a map": {"2:1: statblock block: a stat block is a list of fields (name: Goblin), not a single value"},
			"empty":     {"1:1: statblock block: an empty ```statblock: write the creature's fields (name: ..., hp: ...) inside it"},
			"arguments": {"1:1: statblock block: ```statblock takes no arguments: write the creature's fields inside the block"},
		}[tc.name]
		if !slices.Equal(problems, want) {
			t.Errorf("%s: problems %q, want %q", tc.name, problems, want)
		}
	}
}

// TestBestiaryReference: a block that names a creature of the plugin's
// bestiary (` + "```statblock\nmonster: <SRD/Homebrew Monster Name>\n```" + `, the
// plugin's README, https://www.npmjs.com/package/fantasy-statblocks) is
// not an error: "All fields are optional—if not provided, that Statblock
// will simply not render them", so sitegen, which has no bestiary, shows
// the creature's name and the fields written, with a warning at the line
// (the Starfinder SRD vault's 435 `creature:` blocks stopped the build).
func TestBestiaryReference(t *testing.T) {
	for _, tc := range []struct{ name, body, before, warn, shown string }{
		{"creature:", "creature: Starmetal Eater, Horacalcum Eater\n", "Text.\n\n",
			`warning: 4:1: statblock block: creature: "Starmetal Eater, Horacalcum Eater" names a creature of the plugin's bestiary`, "Starmetal Eater, Horacalcum Eater"},
		{"monster: with fields but a name", "monster: Goblin\nhp: 20\n", "",
			`warning: 2:1: statblock block: monster: "Goblin" names a creature of the plugin's bestiary`, "Goblin"},
	} {
		out, problems := convert(t, tc.before+"```statblock\n"+tc.body+"```\n")
		if len(problems) != 1 || !strings.HasPrefix(problems[0], tc.warn) {
			t.Errorf("%s: problems %q, want one warning %q", tc.name, problems, tc.warn)
		}
		if !strings.Contains(out, ">"+tc.shown+"<") {
			t.Errorf("%s: the creature's name is not shown:\n%s", tc.name, out)
		}
		checkEveryLeaf(t, tc.body, out)
	}
}

// checkEveryLeaf checks, independently of the package's reading of the
// YAML, that every value a block holds is shown: each scalar of the YAML
// (read with a plain yaml.Unmarshal), but the layout keys' values, must
// appear in the output's text (and images' alt text), its Markdown and
// links reduced to their words (a number may show as its ordinal, 12 as
// "12th"). Two values are the layouts' flags, shown
// otherwise: 13th Age's `mook` ("(mook)" after the hit points) and a PF2e
// creature's rarity "common", which its layout leaves out.
func checkEveryLeaf(t *testing.T, src, out string) {
	t.Helper()
	if missing := missingLeaves(src, out); len(missing) > 0 {
		t.Errorf("values not shown: %q\n%s", missing, out)
	}
}

var (
	tagRE     = regexp.MustCompile(`<[^>]*>`)
	altRE     = regexp.MustCompile(`<img[^>]* alt="([^"]*)"[^>]*>`)
	rollRE    = regexp.MustCompile(`\{(?:roll [^|}]*\||plain )([^}]*)\}`)
	wikiRE    = regexp.MustCompile(`\[\[([^\]|]*\|)?([^\]]*)\]\]`)
	mdLinkRE  = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	markRE    = regexp.MustCompile("[_*`]|\\{\\{\\s*dice:|\\}\\}")
	spaceRE   = regexp.MustCompile(`\s+`)
	nonWordRE = regexp.MustCompile(`[^\pL\pN]+`)
	numberRE  = regexp.MustCompile(`^[0-9]+$`)
)

// ordinalRE finds a number as an ordinal: 13th Age's "12th" for level 12.
func ordinalRE(n string) *regexp.Regexp { return regexp.MustCompile(` ` + n + `(st|nd|rd|th) `) }

// words reduces text to its words, lower-cased, one space apart.
func words(s string) string {
	return strings.TrimSpace(nonWordRE.ReplaceAllString(strings.ToLower(s), " "))
}

func missingLeaves(src, out string) []string {
	protected := wikiRE.ReplaceAllString(src, `$2`) // the link's words, as they show
	var doc map[string]any
	if err := yaml.Unmarshal([]byte(protected), &doc); err != nil {
		return []string{"YAML: " + err.Error()}
	}
	shown := altRE.ReplaceAllString(rollRE.ReplaceAllString(out, "$1"), " $1 ") // a roll shows its label
	text := " " + words(html.UnescapeString(tagRE.ReplaceAllString(shown, " "))) + " "
	var missing []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, c := range v {
				walk(c)
			}
		case []any:
			for _, c := range v {
				walk(c)
			}
		case nil, bool:
		default:
			s := fmt.Sprint(v)
			s = mdLinkRE.ReplaceAllString(s, "$1")
			s = markRE.ReplaceAllString(s, " ")
			w := words(spaceRE.ReplaceAllString(s, " "))
			if w != "" && !strings.Contains(text, " "+w+" ") && !(numberRE.MatchString(w) && ordinalRE(w).MatchString(text)) {
				missing = append(missing, s)
			}
		}
	}
	for k, v := range doc {
		switch {
		case isConfig(k), k == "mook", k == "rarity" && strings.EqualFold(fmt.Sprint(v), "common"):
		default:
			walk(v)
		}
	}
	slices.Sort(missing)
	return missing
}

// docAdding is the plugin's rule for a field written with a "+", and the
// source that applies it (its view/statblock.ts build(): traits are
// "additive (+) or subtractive (-)", modified by name with "~"; util.ts
// append() for the other fields).
const (
	docAdding = "https://github.com/javalent/fantasy-statblocks/blob/7529eb0ed358b3fb4ab84b4c6d6b9175550aad08/README.md#adding-to-fields"
	srcBuild  = "https://github.com/javalent/fantasy-statblocks/blob/main/src/view/statblock.ts"
)

// TestAddingToFields: "Any field that is a plain string or an array can
// be added to, by specifying the name of the field followed by a `+`
// ... This trait will be appended to the existing traits list, instead
// of overwriting all of them" (docAdding). sitegen has no bestiary, so a
// field written only with its "+" shows what the block adds; none is
// shown as its raw key ("Traits+"). Found on the Servilia vault (eval6A
// KA9: `extends: Cat` then `traits+:`).
func TestAddingToFields(t *testing.T) {
	for _, c := range []struct {
		rule, body string
		want       []string // in this order
		not        []string
	}{
		{docAdding + ": traits+ appended to the traits written",
			"name: Cat\ntraits:\n  - name: Keen Smell\n    desc: Smells well.\ntraits+:\n  - name: Undead\n    desc: It does not die.\n",
			[]string{"Keen Smell", "Smells well.", "Undead", "It does not die."}, []string{"Traits+", "traits+"}},
		{docAdding + ": traits+ with the base creature's traits in a bestiary sitegen does not have: what the block adds is shown",
			"name: Undead Cat\nextends: Cat\ntraits+:\n  - name: Undead\n    desc: It does not die.\n",
			[]string{"Undead", "It does not die."}, []string{"Traits+", "traits+"}},
		{srcBuild + ": a trait written as a list [name, desc] in traits+",
			"name: King Grol\nmonster: Bugbear\ntraits+:\n  - [Snarl!, Grol fights with his wolf.]\n",
			[]string{"Snarl!", "Grol fights with his wolf."}, []string{"Traits+"}},
		{docAdding + ": a plain string added to (util.ts append: the two joined by a space)",
			"name: Cat\nlanguages: Common\nlanguages+: Feline\n",
			[]string{"Common Feline"}, []string{"Languages+", "languages+"}},
		{srcBuild + `: "Subtractive traits are *always* removed": traits- removes a trait by name`,
			"name: Cat\ntraits:\n  - name: Keen Smell\n    desc: Smells well.\n  - name: Nine Lives\n    desc: Lives again.\ntraits-:\n  - name: Keen Smell\n",
			[]string{"Nine Lives"}, []string{"Keen Smell", "Traits-"}},
		{srcBuild + `: "Modifiable traits ... modify existing traits by name": traits~`,
			"name: Cat\ntraits:\n  - name: Nine Lives\n    desc: Lives again.\ntraits~:\n  - name: Nine Lives\n    desc: Lives twice.\n",
			[]string{"Nine Lives", "Lives twice."}, []string{"Lives again.", "Traits~"}},
	} {
		out, problems := convert(t, "```statblock\n"+c.body+"```\n")
		text := html.UnescapeString(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(out, " "))
		text = strings.Join(strings.Fields(text), " ")
		at := 0
		for _, w := range c.want {
			i := strings.Index(text[at:], w)
			if i < 0 {
				t.Errorf("%s: %q not shown (in order) in %q (problems %v)", c.rule, w, text, problems)
				break
			}
			at += i + len(w)
		}
		for _, n := range c.not {
			if strings.Contains(text, n) {
				t.Errorf("%s: %q shown in %q", c.rule, n, text)
			}
		}
	}
}
