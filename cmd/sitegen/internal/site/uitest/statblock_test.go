package uitest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/statblock"
	"d6codex/cmd/sitegen/internal/testing/browser"
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
	opts := site.Options{Source: src, Dest: dest, CacheDir: "-", Handlers: map[string]markup.BlockHandler{statblock.Info: statblock.New()}}
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
