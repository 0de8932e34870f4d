package statblock

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
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
		Report: func(p markup.Problem) { problems = append(problems, fmt.Sprintf("%d:%d: %s", p.Line, p.Col, p.Msg)) }}
	out, res, err := md.Convert([]byte(src), page)
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) == 0 && strings.Contains(out, "statblock") && !slices.Contains(res.Styles, "/css/statblock.x.css") {
		t.Errorf("the stylesheet was not asked for: %v", res.Styles)
	}
	return out, problems
}

func TestStatBlocks(t *testing.T) {
	fiveE := "Intro.\n\n```statblock\nlayout: Basic 5e Layout\nname: Goblin\nsize: Small\ntype: humanoid\nsubtype: goblinoid\nalignment: neutral evil\nac: 15\nhp: 7\nhit_dice: 2d6\nspeed: 30 ft.\nstats: [8, 14, 10, 10, 8, 8]\nsaves:\n  - dexterity: 4\nskillsaves:\n  - stealth: 6\nsenses: darkvision 60 ft.\nlanguages: Common, Goblin\ncr: 1/4\ntreasure: a few coins\nspells:\n  - The goblin casts spells.\n  - \"Cantrips (at will)\": \"*mage hand*\"\ntraits:\n  - [Nimble Escape, \"Can *Disengage* or Hide as a bonus action.\"]\nactions:\n  - name: Scimitar\n    desc: \"Melee attack: +4 to hit, see [[Weapons|weapons]].\"\n```\n"
	thirteenth := "```statblock\nlayout: Basic 13th Age Monster Layout\ncolumns: 1\nname: \"Horned Devil\"\nsize: \"large\"\nlevel: \"12\"\nlevelOrdinal: \"12th\"\nrole: \"troop\"\ntype: \"devil\"\ninitiative: \"15\"\nactions:\n    - name: \"Barbed fork +17 vs. AC\"\n      desc: \"150 damage\"\n      traits:\n          - name: \"Natural even hit\"\n            desc: \"A _slicing tail_ attack as a free action.\"\ntraits:\n    - name: \"Flight\"\n      desc: \"Clumsy fliers, see [devils](Devil.md).\"\nnastier_traits:\n    - name: \"Fear aura\"\n      desc: \"Enemies engaged are dazed.\"\nac: \"28\"\npd: \"26\"\nmd: \"26\"\nhp: \"700\"\n```\n"
	tests := []struct {
		name, src string
		want      []string
		not       []string
		problems  []string
	}{
		{name: "5e", src: fiveE, want: []string{
			`<p class="statblock-name">Goblin</p>`,
			`<p class="statblock-sub">Small humanoid (goblinoid), neutral evil</p>`,
			`<dt>Armor Class</dt> <dd>15</dd>`, `<dt>Hit Points</dt> <dd>7 (2d6)</dd>`, `<dt>Speed</dt> <dd>30 ft.</dd>`,
			`<dt>STR</dt> <dd>8 <span class="statblock-mod">(−1)</span>`, `<dt>DEX</dt> <dd>14 <span class="statblock-mod">(+2)</span>`,
			`<dt>Saving Throws</dt> <dd>Dexterity +4</dd>`, `<dt>Skills</dt> <dd>Stealth +6</dd>`,
			`<dt>Challenge</dt> <dd>1/4</dd>`, `<dt>Treasure</dt> <dd>a few coins</dd>`,
			`<strong class="statblock-item-name">Nimble Escape:</strong> Can <em>Disengage</em> or Hide`,
			`<p class="statblock-section-title">Actions</p>`,
			`<p class="statblock-section-title">Spellcasting</p><div class="statblock-item"><p>The goblin casts spells.</p></div><div class="statblock-item"><p><strong class="statblock-item-name">Cantrips (at will):</strong> <em>mage hand</em></p>`,
			`see <a class="wikilink" href="/weapons/">weapons</a>.`,
		}, not: []string{"layout", "Basic 5e"}},
		{name: "13th Age", src: thirteenth, want: []string{
			`<p class="statblock-sub">Large 12th level troop [devil]</p>`,
			`<dt>Initiative</dt> <dd>15</dd>`,
			`<dl class="statblock-defences"><div><dt>AC</dt> <dd>28</dd></div><div><dt>PD</dt> <dd>26</dd></div><div><dt>MD</dt> <dd>26</dd></div><div><dt>HP</dt> <dd>700</dd></div></dl>`,
			`<strong class="statblock-item-name">Barbed fork +17 vs. AC:</strong> 150 damage</p><div class="statblock-triggers">`,
			`Natural even hit:</strong> A <em>slicing tail</em> attack`,
			`<a href="/Devil.md/">devils</a>`,
			`<p class="statblock-section-title">Nastier Specials</p>`,
		}, not: []string{"Armor Class", "Columns", "12th level level"}},
		{name: "invalid YAML at its line", src: "Text.\n\n```statblock\nname: Goblin\nhp: a: b\n```\n",
			problems: []string{"5:1: statblock block: invalid YAML: mapping values are not allowed in this context"}},
		{name: "YAML with a tab", src: "```statblock\nname: Goblin\n\thp: 7\n```\n",
			problems: []string{"3:1: statblock block: invalid YAML: found a tab character that violates indentation"}},
		{name: "stats not six", src: "```statblock\nname: X\nstats: [1, 2]\n```\n",
			problems: []string{"3:8: statblock block: stats: write the six ability scores as a list, [10, 12, 14, 8, 10, 6]"}},
		{name: "stats not numbers", src: "```statblock\nname: X\nstats: [1, 2, 3, 4, 5, six]\n```\n",
			problems: []string{`3:24: statblock block: stats: "six" is not a number`}},
		{name: "a bestiary reference", src: "```statblock\nmonster: Goblin\n```\n",
			problems: []string{`1:1: statblock block: monster: "Goblin" names a creature of the plugin's own bestiary, which sitegen does not have: write its fields in the block`}},
		{name: "a broken wikilink in a description", src: "```statblock\nname: X\nactions:\n  - name: A\n    desc: \"see [[Gone]]\"\n```\n",
			problems: []string{"5:1: broken wikilink [[Gone]]: no note named Gone"}},
		{name: "not a map", src: "```statblock\n- a\n```\n",
			problems: []string{"2:1: statblock block: a stat block is a list of fields (name: Goblin), not a single value"}},
		{name: "empty", src: "```statblock\n```\n",
			problems: []string{"1:1: statblock block: an empty ```statblock: write the creature's fields (name: ..., hp: ...) inside it"}},
	}
	for _, tt := range tests {
		out, problems := convert(t, tt.src)
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q:\n%s", tt.name, w, out)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(out, w) {
				t.Errorf("%s: output holds %q:\n%s", tt.name, w, out)
			}
		}
		if !slices.Equal(problems, tt.problems) {
			t.Errorf("%s: problems %q, want %q", tt.name, problems, tt.problems)
		}
	}
}
