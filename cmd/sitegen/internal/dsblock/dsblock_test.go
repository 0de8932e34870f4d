package dsblock

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/obsidian"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/statblock"
)

// The plugin's documentation the tests quote.
const (
	docFeatures  = "https://github.com/SteelCompendium/draw-steel-elements/blob/main/docs/Features.md"
	docAbility   = "https://github.com/SteelCompendium/draw-steel-elements/blob/main/docs/ability.md"
	docPowerRoll = "https://github.com/SteelCompendium/draw-steel-elements/blob/main/docs/power-roll.md"
	docStatblock = "https://github.com/SteelCompendium/draw-steel-elements/blob/main/docs/statblock.md"
	docFeatblock = "https://github.com/SteelCompendium/draw-steel-elements/blob/main/docs/featureblock.md"
)

// triangle is the number of the 100 rolls of 2d10 whose dice sum to s,
// by the closed form of two uniform dice (s-1 rising to 11, 21-s after),
// independent of chances' enumeration.
func triangle(s int) int {
	switch {
	case s < 2 || s > 20:
		return 0
	case s <= 11:
		return s - 1
	}
	return 21 - s
}

// TestChancesAgainstClosedForm checks each tier's count against sums of
// the closed form over the tier's documented range ("tier-1 (11 or
// lower)", "tier-2 (12-16)", "tier-3 (17+)", "crit (nat 19-20)": docs/Features.md).
func TestChancesAgainstClosedForm(t *testing.T) {
	sumOver := func(lo, hi, bonus int, dropNat19 bool) int {
		n := 0
		for s := 2; s <= 20; s++ {
			if s+bonus >= lo && s+bonus <= hi && !(dropNat19 && s >= 19) {
				n += triangle(s)
			}
		}
		return n
	}
	for bonus := -12; bonus <= 20; bonus++ {
		for _, withCrit := range []bool{false, true} {
			got := chances(bonus, withCrit)
			want := [nTiers]int{
				sumOver(-100, 11, bonus, withCrit),
				sumOver(12, 16, bonus, withCrit),
				sumOver(17, 200, bonus, withCrit),
			}
			if withCrit {
				want[crit] = triangle(19) + triangle(20) // 2 + 1 of 100
			}
			if got != want {
				t.Errorf("bonus %+d, crit %v: %v, want %v", bonus, withCrit, got, want)
			}
			if got[0]+got[1]+got[2]+got[3] != outcomes {
				t.Errorf("bonus %+d: %v does not add up to %d", bonus, got, outcomes)
			}
		}
	}
	// Hand-counted: 2d10 + 5 reaches 17 with 12 or more (45 of 100) and
	// stays at 11 or lower with 6 or less (15 of 100).
	if got := chances(5, false); got != [nTiers]int{15, 40, 45, 0} {
		t.Errorf("2d10 + 5: %v", got)
	}
}

// links resolves every Markdown link and wikilink to /NAME/.
type links struct{}

func (links) ResolveLink(dest string) (string, string) { return "/" + dest + "/", "" }
func (links) ResolveWiki(target, frag string, _ bool) markup.WikiTarget {
	return markup.WikiTarget{URL: "/" + strings.ToLower(target) + "/"}
}

// convert renders src as a vault note with this package's handlers.
func convert(t *testing.T, src string) (string, []string) {
	t.Helper()
	h := map[string]markup.BlockHandler{}
	for _, n := range Names {
		h[n] = New()
	}
	md := markup.New(markup.Options{Obsidian: true, Handlers: h, StaticDir: "static"})
	var problems []string
	page := &markup.Page{File: "content/m.md", Links: links{}, Assets: map[string]string{statblock.StyleAsset: "/css/statblock.x.css"},
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
	if strings.Contains(out, `class="statblock `) && !slices.Contains(res.Styles, "/css/statblock.x.css") {
		t.Errorf("the stylesheet was not asked for: %v", res.Styles)
	}
	return out, problems
}

// tags drops the HTML tags of s and folds its spaces, to check the text a
// reader sees.
func tags(s string) string {
	s = regexp.MustCompile(`<[^>]*>`).ReplaceAllString(s, " ")
	return strings.Join(strings.Fields(s), " ")
}

// TestDocumentedExamples renders the plugin's own examples and checks what
// a reader sees of each: the fields the docs list, Markdown rendered, each
// tier with its chance where the bonus is a number, and a table by score
// where it is a characteristic.
func TestDocumentedExamples(t *testing.T) {
	for _, c := range []struct {
		name, doc, block string
		want, notWant    []string
	}{{
		name: "custom power roll", doc: docFeatures + " (Custom Power Rolls)",
		block: "~~~ds-feature\nname: A simple power roll\neffects:\n  - roll: 2d10 + 5\n    tier1: 2 damage\n    tier2: 4 damage\n    tier3: 7 damage\n~~~\n",
		// Drawn as a random table (markup/randtable): a Roll button, each
		// tier a range of totals with its chance.
		want:    []string{"A simple power roll", "2d10 + 5", "Roll 2d10+5", "2d10+5 Result Chance", "7–11 2 damage 15.00%", "12–16 4 damage 40.00%", "17–25 7 damage 45.00%"},
		notWant: []string{"~~~", "tier1", "Chances by"},
	}, {
		name: "feature with a characteristic roll", doc: docFeatures + " (Example)",
		block: "~~~ds-feature\ntype: feature\nfeature_type: ability\nname: Magma Titan\ncost: 9 Essence\nflavor: Their body swells with lava, mud, and might, towering over their enemies.\nkeywords:\n  - Earth\n  - Fire\n  - Magic\nusage: Main action\ndistance: Ranged 10\ntarget: One creature or object\neffects:\n  - name: Effect\n    effect: >-\n      Until the start of your next turn, the target has **fire immunity 10**.\n  - roll: Power Roll + Reason\n    tier1: You teleport the target up to 4 squares.\n    tier2: You teleport the target up to 6 squares.\n    tier3: You teleport the target up to 8 squares.\n  - name: Persistent 2\n    effect: The effect lasts until the start of your next turn.\n~~~\n",
		want: []string{"Magma Titan", "9 Essence", "Their body swells", "Earth Fire Magic", "Usage Main action", "Distance Ranged 10",
			"Target One creature or object", "Effect: Until the start", "Power Roll + Reason", "≤ 11 You teleport the target up to 4 squares.",
			"Chances by Reason score", "Score ≤ 11 12–16 17+", "0 55% 35% 10%", "+2 36% 43% 21%", "+5 15% 40% 45%", "Persistent 2: The effect lasts"},
		notWant: []string{"feature_type", "ability Magma", "Roll Result Chance"},
	}, {
		name: "ability with range keys and a Name: text effect", doc: docAbility,
		block: "```ds-ab\nname: Open the Earth++\ncost: 5 Essence\nkeywords: Magic, Earth, Persistent, Ranged\ntype: Maneuver\ndistance: Ranged 5\ntarget: Special\neffects:\n- Effect: You open four holes.\n- roll: Power Roll + Reason\n  11 or lower: The target can shift up to 1 square.\n  12-16: The target falls into the hole.\n  17+: The target falls into the hole and can’t reduce the height of the fall.\n- name: Persistent\n  cost: 1\n  effect: At the start of your turn, you open another hole.\n```\n",
		want: []string{"Open the Earth++", "5 Essence", "Magic Earth Persistent Ranged", "Usage Maneuver", "Effect: You open four holes.",
			"≤ 11 The target can shift", "12–16 The target falls into the hole.", "Persistent (1): At the start"},
	}, {
		name: "power roll with a crit row", doc: docPowerRoll,
		block: "```ds-pr\nname: Draconian Pride\nflavor: You let loose a mighty roar\nkeywords: Area, Magic\ntype: Action\ndistance: 2 burst\ntarget: All enemies\nroll: Power Roll + 2\nt1: \"2 damage; push 1\"\nt2: \"4 damage; push 3\"\nt3: 7 damage; push 5; frightened (EoT)\ncrit: 9 damage; push 5\neffect: You have a bane on the power roll for this ability when you use it in consecutive rounds.\nnotes: Grant Edge if creature is bracing\n```\n",
		// 2d10 + 2 with a crit row: a natural 19 or 20 (3 of 100) is the
		// crit; of the rest, 9 or less is tier 1 (36), 10-14 tier 2 (43),
		// 15-18 tier 3 (21 - 3 = 18).
		want: []string{"Draconian Pride", "Area Magic", "Usage Action", "≤ 11 2 damage; push 1 36%", "12–16 4 damage; push 3 43%",
			"17+ 7 damage; push 5; frightened (EoT) 18%", "Nat 19–20 9 damage; push 5 3%", "Effect: You have a bane", "Note: Grant Edge"},
	}, {
		name: "stat block", doc: docStatblock + " (Example statblock)",
		block: "~~~ds-statblock\ntype: statblock\nname: Human Bandit Chief\nlevel: 3\nroles:\n  - Leader\nancestry:\n  - Human\n  - Humanoid\nev: \"20\"\nstamina: \"120\"\nimmunities:\n  - Corruption 4\n  - psychic 4\nspeed: 5\nsize: 1M\nstability: 2\nfree_strike: 5\nmight: 2\nagility: 3\nreason: 2\nintuition: 3\npresence: -1\n" +
			"features:\n  - type: feature\n    feature_type: ability\n    name: Whip and Magic Longsword\n    icon: 🗡\n    ability_type: Signature Ability\n    keywords:\n      - Magic\n      - Melee\n    usage: Main action\n    distance: Melee 2\n    target: Two enemies or objects\n    effects:\n      - roll: Power Roll + 2\n        tier1: 8 damage; pull 1\n        tier2: 12 damage; pull 2\n        tier3: 15 damage; pull 3\n      - cost: 2 Malice\n        effect: This ability targets one additional target.\n" +
			"  - type: feature\n    feature_type: trait\n    name: End Effect\n    icon: ⭐️\n    effects:\n      - effect: At the end of each of their turns, the bandit chief can take 5 damage.\n~~~\n",
		want: []string{"Human Bandit Chief", "Level 3 · Leader · EV 20", "Human Humanoid", "Stamina 120", "Speed 5", "Size 1M", "Stability 2",
			"Free Strike 5", "Immunities Corruption 4, psychic 4", "Might +2", "Agility +3", "Presence -1",
			"🗡 Whip and Magic Longsword Signature Ability", "Magic Melee", "Usage Main action", "4–11 8 damage; pull 1 36.00%", "17–22 15 damage; pull 3 21.00%",
			"2 Malice: This ability targets one additional target.", "⭐️ End Effect", "At the end of each of their turns"},
		notWant: []string{"statblock Human", "free_strike", "feature_type"},
	}, {
		name: "feature block, a test's text before its tiers", doc: docFeatblock + " (Example)",
		block: "~~~ds-featureblock\ntype: featureblock\nfeatureblock_type: Malice Features\nname: Angulotl Malice\nflavor: At the start of any angulotl's turn, you can spend Malice.\nfeatures:\n  - type: feature\n    feature_type: trait\n    name: Resonating Croak\n    icon: ❇️\n    cost: 5 Malice\n    effects:\n      - effect: Any non-angulotl adjacent to an angulotl makes an **Intuition test.**\n        tier1: 5 sonic damage; slowed (EoT)\n        tier2: 4 sonic damage\n        tier3: No effect.\n~~~\n",
		want: []string{"Angulotl Malice", "Malice Features", "At the start of any angulotl", "❇️ Resonating Croak 5 Malice",
			"makes an Intuition test. ≤ 11 5 sonic damage; slowed (EoT) 12–16 4 sonic damage 17+ No effect."},
		notWant: []string{"Chance", "featureblock_type"},
	}} {
		t.Run(c.name, func(t *testing.T) {
			out, problems := convert(t, c.block)
			if len(problems) > 0 {
				t.Errorf("%s: problems %q", c.doc, problems)
			}
			seen := tags(out)
			for _, w := range c.want {
				if !strings.Contains(seen, w) {
					t.Errorf("%s: %q not shown in\n%s", c.doc, w, seen)
				}
			}
			for _, w := range c.notWant {
				if strings.Contains(seen, w) {
					t.Errorf("%s: %q shown in\n%s", c.doc, w, seen)
				}
			}
			if c.name == "feature with a characteristic roll" && !strings.Contains(out, "<strong>fire immunity 10</strong>") {
				t.Errorf("Markdown in an effect not rendered: %s", out)
			}
		})
	}
}

// TestBadBlocks: invalid YAML is an error at its line in the page; a block
// that is not fields says so; a roll sitegen cannot read keeps its tiers
// and warns; nothing is printed as code when drawn.
func TestBadBlocks(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"invalid YAML", "# N\n\n```ds-feature\nname: X\neffects: [\n```\n", "5:1: ds-feature block: invalid YAML"},
		{"a list", "```ds-pr\n- a\n- b\n```\n", "2:1: ds-pr block: the block holds fields (name: …, effects: …), not a list"},
		{"empty", "```ds-ft\n```\n", "1:1: ds-ft block: the block is empty"},
		{"a lone dash is text, not a list", "```ds-ft\nname: Dissipate\nkeywords:\n  - \"-\"\nusage: \"-\"\neffects:\n  - effect: \"1. Shift\"\n```\n", ""},
		{"unreadable roll", "```ds-pr\nroll: 3d6 + luck\nt1: a\nt2: b\nt3: c\n```\n", `warning: 2:1: ds-pr block: roll: "3d6 + luck" is not a power roll`},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, problems := convert(t, c.src)
			if c.want == "" {
				if len(problems) > 0 || strings.Contains(out, "<ul") || strings.Contains(out, "<ol") || !strings.Contains(tags(out), "Usage - 1. Shift") {
					t.Errorf("problems %q; out %s", problems, out)
				}
				return
			}
			if len(problems) != 1 || !strings.Contains(problems[0], c.want) {
				t.Fatalf("problems %q, want one with %q", problems, c.want)
			}
			if c.name == "unreadable roll" && !strings.Contains(tags(out), "17+ c") {
				t.Errorf("the tiers of an unreadable roll are lost: %s", out)
			}
		})
	}
}

// TestNestedFeaturesBounded: features granted inside effects are drawn,
// nested, and a nesting past maxDepth is cut with a warning, not followed.
func TestNestedFeaturesBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("```ds-feature\nname: L0\n")
	indent := ""
	for i := 1; i <= maxDepth+3; i++ {
		fmt.Fprintf(&b, "%seffects:\n%s  - features:\n%s      - name: L%d\n", indent, indent, indent, i)
		indent += "        "
	}
	b.WriteString("```\n")
	out, problems := convert(t, b.String())
	seen := tags(out)
	for i := 0; i <= maxDepth; i++ {
		if !strings.Contains(seen, fmt.Sprintf("L%d", i)) {
			t.Errorf("L%d not drawn: %s", i, seen)
		}
	}
	if strings.Contains(seen, fmt.Sprintf("L%d", maxDepth+1)) {
		t.Errorf("nesting past %d followed: %s", maxDepth, seen)
	}
	if len(problems) != 1 || !strings.Contains(problems[0], "nested more than") {
		t.Errorf("problems %q", problems)
	}
}

// TestVaultToleratesBadBlocks: in a vault, a block this package cannot
// read is shown as code with a warning, as the plugin shows its error and
// the rest of the note (layout.Layout.PluginBlocks), for every name the
// package draws.
func TestVaultToleratesBadBlocks(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, obsidian.Dir), 0o755); err != nil {
		t.Fatal(err)
	}
	lay, err := obsidian.Recognise(dir)
	if err != nil || lay == nil {
		t.Fatalf("Recognise: %v, %v", lay, err)
	}
	for _, n := range Names {
		if !slices.Contains(lay.PluginBlocks, n) {
			t.Errorf("%s: not among the vault's plugin blocks %q", n, lay.PluginBlocks)
		}
		if _, undrawn := lay.Markup.PluginBlocks[n]; undrawn {
			t.Errorf("%s: still warned about as a block nothing draws", n)
		}
	}
}
