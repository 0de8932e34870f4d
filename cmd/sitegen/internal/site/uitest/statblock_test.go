package uitest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"d6codex/cmd/sitegen/internal/encounter"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/statblock"
	"d6codex/cmd/sitegen/internal/testing/browser"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestStatBlockOnPhone opens a 13th Age stat block with long attack names
// and nested triggers on a phone: nothing is wider than the screen, the
// six ability scores of a 5e block sit in rows of three, and the stat
// block's stylesheet is loaded.
func TestStatBlockOnPhone(t *testing.T) {
	root, err := browser.FindRepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	if err := os.CopyFS(filepath.Join(src, "static"), os.DirFS(filepath.Join(root, "static"))); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"site.toml":         "title = \"Bestiary\"\nbaseURL = \"https://rules.test/\"\n",
		"content/_index.md": "# Bestiary\n",
		"content/devil.md": "# Devil\n\n```statblock\nname: Pit Fiend\nsize: huge\nlevel: 14\nlevelOrdinal: 14th\nrole: wrecker\ntype: devil\ninitiative: 19\n" +
			"actions:\n  - name: \"R: Burst of hellfire +19 vs. PD (up to 3 nearby or far away enemies in a group)\"\n    desc: \"120 fire damage\"\n    traits:\n" +
			"      - name: Miss\n        desc: Half damage, and the targets are hampered until the end of their next turn.\n" +
			"ac: 30\npd: 28\nmd: 28\nhp: 2100\n```\n\n```statblock\nname: Goblin\nsize: Small\ntype: humanoid\nac: 15\nhp: 7\nstats: [8, 14, 10, 10, 8, 8]\n```\n",
	}
	for name, body := range files {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dest := filepath.Join(t.TempDir(), "public")
	opts := content.Options{Source: src, Dest: dest, CacheDir: "-", Handlers: map[string]markup.BlockHandler{statblock.Info: statblock.New()}}
	if _, err := site.Build(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	ctx := newTab(t, phoneW, phoneH)
	open(t, ctx, browser.Serve(t, dest), "/devil/")
	type geo struct {
		Blocks               int
		ViewW, ScrollW       float64
		WidestRight          float64
		ScoreRows, ScoreCols int
		Border               string
	}
	g := eval[geo](t, ctx, `(() => {
		const blocks = [...document.querySelectorAll(".statblock")];
		const right = Math.max(...[...document.querySelectorAll(".statblock *")].map(e => e.getBoundingClientRect().right));
		const scores = [...document.querySelectorAll(".statblock-scores > div")].map(d => d.getBoundingClientRect());
		const tops = new Set(scores.map(r => Math.round(r.top)));
		const lefts = new Set(scores.map(r => Math.round(r.left)));
		return {Blocks: blocks.length, ViewW: innerWidth, ScrollW: document.documentElement.scrollWidth, WidestRight: right,
			ScoreRows: tops.size, ScoreCols: lefts.size, Border: getComputedStyle(blocks[0]).borderTopStyle};
	})()`)
	if g.Blocks != 2 || g.Border != "solid" {
		t.Fatalf("stat blocks %d, top border %q: want 2, styled by css/statblock.css", g.Blocks, g.Border)
	}
	if g.ScrollW > g.ViewW || g.WidestRight > g.ViewW {
		t.Errorf("wider than the phone: page %v px, widest element ends at %v px, screen %v px", g.ScrollW, g.WidestRight, g.ViewW)
	}
	if g.ScoreRows != 2 || g.ScoreCols != 3 {
		t.Errorf("ability scores in %d rows of %d columns, want 2 of 3 on a phone", g.ScoreRows, g.ScoreCols)
	}
}

// wardenNote is a Pathfinder 2e creature written as the PF2e SRD vault
// writes its 1,173 (an invented one), with its encounter below it, and a
// page of encounters naming it.
const wardenNote = "---\naliases: [\"Lantern Warden\"]\n---\n# Lantern Warden\n\n```statblock\ncolumns: 2\nforcecolumns: true\nlayout: Basic Pathfinder 2e Layout\n" +
	"source: \"X1\"\nname: \"Lantern Warden\"\nlevel: \"Creature 6\"\nrare_02: \"Uncommon\"\nalignment: \"LN\"\nsize: \"Large\"\n" +
	"trait_03: \"Construct\"\ntrait_04: \"Mindless\"\ntrait_05: \"Light\"\nmodifier: 13\n" +
	"perception:\n  - name: \"Perception\"\n    desc: \"Perception +13; __darkvision__, [[telepathy]] 30 feet\"\nlanguages: \"understands its maker\"\n" +
	"skills:\n  - name: \"Skills\"\n    desc: \"__Athletics__: +15 (1d20+15), __Stealth__: +11 (1d20+11), __Intimidation__: +12 (1d20+12)\"\n" +
	"abilityMods: [5, 1, 4, -5, 2, -5]\n" +
	"abilities_top:\n  - name: Items\n    desc: \"a brass lantern that never goes out, an iron key ring of ninety-nine keys\"\n" +
	"speed: 25 feet, climb 15 feet\nac: 24\narmorclass:\n  - name: AC\n    desc: \"24; __Fort__: +16 (1d20+16), __Ref__: +11 (1d20+11), __Will__: +12 (1d20+12)\"\n" +
	"hp: 110\nhealth:\n  - name: HP\n    desc: \"110; __Hardness__ 8; __Immunities__ bleed, death effects, disease, doomed, mental, poison\"\n" +
	"abilities_mid:\n  - name: \"Guiding Glow\"\n    desc: \"⬲ __Trigger__ A creature within 30 feet Strides. __Effect__ The warden swings its lantern; the creature is [[dazzled]] until the end of its turn.\"\n" +
	"attacks:\n  - name: Melee\n    desc: \"⬻ lantern chain +17 ([[reach]] 15 feet, [[trip]]) __Damage__ 2d10+9 (2d10+9) bludgeoning\"\n" +
	"  - name: Ranged\n    desc: \"⬻ hurled key +13 ([[range-increment|range increment 20 feet]]) __Damage__ 1d6+5 (1d6+5) piercing\"\n" +
	"abilities_bot:\n  - name: \"Light the Way\"\n    desc: \"⬻⬻ The warden raises its lantern; allies within 30 feet gain a +1 status bonus to Perception checks for 1 minute.\"\n" +
	"sourcebook: \"_An invented bestiary_, page 1.\"\n```\n\n```encounter-table\nname: Lantern Warden\ncreatures:\n  - 1: Lantern Warden\n```\n"

const encounterPage = "# Night watch\n\n```encounter\nname: The Bridge Toll\nplayers:\n  - Aria\n  - Bram Oakenshield-Underhill\ncreatures:\n" +
	"  - 2: Lantern Warden\n  - 1d4: Bandit, 11, 15, 1\n  - [[Bandit, Mara the Red-Handed Quartermaster], 27, 17, 4]\n  - Stray Dog, ally\n\n---\n\nname: Empty road\nplayers: none\ncreatures:\n  - Lantern Warden\n```\n"

// TestPF2eStatBlockAndEncounter opens a Pathfinder 2e stat block and an
// encounter at desktop and phone width: nothing wider than the screen,
// the trait tags wrapping, the encounter's creatures linked, and in print
// the stat block and the encounter kept whole. Screenshots for review go
// to the artifacts folder (statblocks-*.png).
func TestPF2eStatBlockAndEncounter(t *testing.T) {
	root, err := browser.FindRepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	if err := os.CopyFS(filepath.Join(src, "static"), os.DirFS(filepath.Join(root, "static"))); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"site.toml":                  "title = \"Bestiary\"\nbaseURL = \"https://rules.test/\"\n",
		"content/_index.md":          "# Bestiary\n",
		"content/lantern-warden.md":  wardenNote,
		"content/night-watch.md":     encounterPage,
		"content/telepathy.md":       "# Telepathy\n\nSpeaking mind to mind.\n",
		"content/dazzled.md":         "# Dazzled\n\nHard to see.\n",
		"content/reach.md":           "# Reach\n\nLong arms.\n",
		"content/trip.md":            "# Trip\n\nDown you go.\n",
		"content/range-increment.md": "# Range increment\n\nFarther is harder.\n",
	}
	for name, body := range files {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dest := filepath.Join(t.TempDir(), "public")
	opts := content.Options{Source: src, Dest: dest, CacheDir: "-", BrokenLinks: "warn", Handlers: map[string]markup.BlockHandler{
		statblock.Info: statblock.New(), encounter.Info: encounter.New(nil), encounter.TableInfo: encounter.NewTable(nil)}}
	res, err := site.Build(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 2 { // the two creatures the site has no note of
		t.Errorf("warnings: %v", res.Warnings)
	}
	base := browser.Serve(t, dest)
	for _, size := range []struct {
		name string
		w, h int
	}{{"1280", desktopW, desktopH}, {"390", phoneW, phoneH}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			type geo struct {
				ViewW, ScrollW, WidestRight float64
				Tags, TagRows               int
				Links                       []string
			}
			measure := `(sel) => { const els = [...document.querySelectorAll(sel + " *")];
				return Math.max(...els.map(e => e.getBoundingClientRect().right)) }`
			open(t, ctx, base, "/lantern-warden/")
			g := eval[geo](t, ctx, `(() => { const widest = `+measure+`;
				const tags = [...document.querySelectorAll(".statblock-tags li")].map(l => Math.round(l.getBoundingClientRect().top));
				return {ViewW: innerWidth, ScrollW: document.documentElement.scrollWidth, WidestRight: Math.max(widest(".statblock"), widest(".encounters")),
					Tags: tags.length, TagRows: new Set(tags).size,
					Links: [...document.querySelectorAll(".statblock a, .encounters a")].map(a => a.getAttribute("href"))};
			})()`)
			if g.ScrollW > g.ViewW || g.WidestRight > g.ViewW {
				t.Errorf("wider than the screen: page %v px, widest element ends at %v px, screen %v px", g.ScrollW, g.WidestRight, g.ViewW)
			}
			if g.Tags != 6 {
				t.Errorf("%d trait tags, want 6", g.Tags)
			}
			for _, want := range []string{"/telepathy/", "/dazzled/", "/range-increment/", "/lantern-warden/"} {
				if !slices.Contains(g.Links, want) {
					t.Errorf("links %v lack %s", g.Links, want)
				}
			}
			// Each roll of the stat block shows its odds on keyboard focus,
			// inside the screen (the dice script and stylesheet are loaded).
			waitFor(t, ctx, `!!document.querySelector(".statblock .roll[data-wired]")`, "dice.js to run")
			rolls := eval[int](t, ctx, `document.querySelectorAll(".statblock .roll-do").length`)
			if rolls != 12 {
				t.Errorf("%d rolls in the stat block, want 12", rolls)
			}
			if err := chromedp.Do(ctx, chromedp.KeyEvent("\t")); err != nil { // the keyboard in use: focus shows
				t.Fatal(err)
			}
			for i := range rolls {
				eval[bool](t, ctx, fmt.Sprintf(`(document.querySelectorAll(".statblock .roll-do")[%d].focus(), true)`, i))
				waitFor(t, ctx, fmt.Sprintf(`(() => { const o = document.querySelectorAll(".statblock .roll-odds")[%d]; const r = o.getBoundingClientRect();
					return getComputedStyle(o).display !== "none" && r.width > 0 && r.left >= 0 && r.right <= innerWidth + 0.5 && o.textContent.includes("Average"); })()`, i),
					fmt.Sprintf("roll %d's odds inside the screen on focus", i))
			}
			eval[bool](t, ctx, `(document.activeElement.blur(), true)`)
			browser.ScreenshotElement(t, ctx, ".statblock", "statblocks-pf2e-"+size.name)
			open(t, ctx, base, "/night-watch/")
			g = eval[geo](t, ctx, `(() => { const widest = `+measure+`;
				return {ViewW: innerWidth, ScrollW: document.documentElement.scrollWidth, WidestRight: widest(".encounters"),
					Links: [...document.querySelectorAll(".encounters a")].map(a => a.getAttribute("href"))};
			})()`)
			if g.ScrollW > g.ViewW || g.WidestRight > g.ViewW {
				t.Errorf("encounter wider than the screen: page %v px, widest element ends at %v px, screen %v px", g.ScrollW, g.WidestRight, g.ViewW)
			}
			if !slices.Equal(g.Links, []string{"/lantern-warden/", "/lantern-warden/"}) {
				t.Errorf("encounter links %v, want the warden's note twice", g.Links)
			}
			browser.ScreenshotElement(t, ctx, ".encounters", "statblocks-encounter-"+size.name)
			if size.name != "1280" {
				return
			}
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
				t.Fatal(err)
			}
			for _, sel := range []string{".encounter"} {
				if got := eval[string](t, ctx, fmt.Sprintf(`getComputedStyle(document.querySelector(%q)).breakInside`, sel)); got != "avoid" {
					t.Errorf("in print, %s break-inside %q, want avoid (kept whole)", sel, got)
				}
			}
			open(t, ctx, base, "/lantern-warden/")
			if got := eval[string](t, ctx, `getComputedStyle(document.querySelector(".statblock")).breakInside`); got != "avoid" {
				t.Errorf("in print, the stat block's break-inside is %q, want avoid (kept whole)", got)
			}
			browser.ScreenshotElement(t, ctx, ".statblock", "statblocks-pf2e-print")
		})
	}
}
