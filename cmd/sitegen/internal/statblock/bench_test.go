package statblock

import (
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
)

// BenchmarkStatBlock renders one stat block of each bundled layout in a
// page, as a build does: the PF2e SRD vault's form (twenty fields, a
// dozen rolls), 13th Age's, 5e's.
func BenchmarkStatBlock(b *testing.B) {
	for _, bc := range []struct{ name, yaml string }{
		{"pf2e", pf2eBench}, {"13th-age", thirteenthBench}, {"5e", fiveEBench},
	} {
		b.Run(bc.name, func(b *testing.B) {
			md := markup.New(markup.Options{Obsidian: true, Handlers: map[string]markup.BlockHandler{Info: New()}})
			src := []byte("# Creature\n\n" + fence(bc.yaml))
			page := &markup.Page{File: "content/m.md", Links: links{}, Assets: map[string]string{StyleAsset: "/css/statblock.css"}}
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := md.Convert(src, page); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

const pf2eBench = "columns: 2\nforcecolumns: true\nlayout: Basic Pathfinder 2e Layout\nsource: \"X1\"\nname: \"Lantern Warden\"\nlevel: \"Creature 6\"\n" +
	"rare_02: \"Uncommon\"\nalignment: \"LN\"\nsize: \"Large\"\ntrait_03: \"Construct\"\ntrait_04: \"Mindless\"\nmodifier: 13\n" +
	"perception:\n  - name: \"Perception\"\n    desc: \"Perception +13; __darkvision__, [[telepathy]] 30 feet\"\nlanguages: \"understands its maker\"\n" +
	"skills:\n  - name: \"Skills\"\n    desc: \"__Athletics__: +15 (1d20+15), __Stealth__: +11 (1d20+11), __Intimidation__: +12 (1d20+12)\"\n" +
	"abilityMods: [5, 1, 4, -5, 2, -5]\n" +
	"abilities_top:\n  - name: Items\n    desc: \"a brass lantern that never goes out, an iron key ring\"\n" +
	"speed: 25 feet, climb 15 feet\nac: 24\narmorclass:\n  - name: AC\n    desc: \"24; __Fort__: +16 (1d20+16), __Ref__: +11 (1d20+11), __Will__: +12 (1d20+12)\"\n" +
	"hp: 110\nhealth:\n  - name: HP\n    desc: \"110; __Hardness__ 8; __Immunities__ bleed, death effects, disease, mental, poison\"\n" +
	"abilities_mid:\n  - name: \"Guiding Glow\"\n    desc: \"⬲ __Trigger__ A creature within 30 feet Strides. __Effect__ The creature is [[dazzled]].\"\n" +
	"attacks:\n  - name: Melee\n    desc: \"⬻ lantern chain +17 ([[reach]] 15 feet, [[trip]]) __Damage__ 2d10+9 (2d10+9) bludgeoning\"\n" +
	"  - name: Ranged\n    desc: \"⬻ hurled key +13 ([[range-increment|range increment 20 feet]]) __Damage__ 1d6+5 (1d6+5) piercing\"\n" +
	"abilities_bot:\n  - name: \"Light the Way\"\n    desc: \"⬻⬻ Allies within 30 feet gain a +1 status bonus to Perception checks for 1 minute.\"\n" +
	"sourcebook: \"_An invented bestiary_, page 1.\"\n"

const thirteenthBench = "layout: Basic 13th Age Monster Layout\ncolumns: 1\nname: \"Horned Devil\"\nsize: \"large\"\nlevel: \"12\"\nlevelOrdinal: \"12th\"\n" +
	"role: \"troop\"\ntype: \"devil\"\ninitiative: \"15\"\n" +
	"actions:\n    - name: \"Barbed fork +17 vs. AC\"\n      desc: \"150 damage, and until the end of the battle the devil gains a +1 bonus\"\n      traits:\n" +
	"          - name: \"Natural even hit\"\n            desc: \"A _slicing tail_ attack as a free action.\"\n" +
	"traits:\n    - name: \"Flight\"\n      desc: \"Clumsy fliers, see [[Devil|devil abilities]].\"\n" +
	"ac: \"28\"\npd: \"26\"\nmd: \"26\"\nhp: \"700\"\n"

const fiveEBench = "name: Goblin\nsize: Small\ntype: humanoid\nsubtype: goblinoid\nalignment: neutral evil\nac: 15\nhp: 7\nhit_dice: 2d6\n" +
	"speed: 30 ft.\nstats: [8, 14, 10, 10, 8, 8]\nskillsaves:\n  - stealth: 6\nsenses: darkvision 60 ft.\nlanguages: Common, Goblin\ncr: 1/4\n" +
	"traits:\n  - name: Nimble Escape\n    desc: The goblin can take the Disengage or Hide action as a bonus action.\n" +
	"actions:\n  - name: Scimitar\n    desc: \"Melee Weapon Attack: +4 to hit, reach 5 ft. Hit: 5 (1d6 + 2) slashing damage.\"\n"
