package site

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// bestiary is a vault that uses Dataview and Obsidian Bases.
func bestiary(plugins string) map[string]string {
	return map[string]string{
		".obsidian/app.json":               "{}",
		".obsidian/community-plugins.json": plugins,
		"Monsters/Goblin.md":               "---\nlevel: 1\ntags: [monster]\n---\n# Goblin\n\nHP:: 7\nA small one [AC:: 15] that hides (Habitat:: caves).\n",
		"Monsters/Orc.md":                  "---\nlevel: 3\ntags: [monster]\n---\n# Orc\n\nHP:: 15\n",
		"Spells/fireball.md":               "---\nname: Fire Ball\nlevel: 3\n---\n# `=this.name`\n\nLevel `= this.level`.\n",
		"Monsters/Lich.md":                 "---\nlevel: 20\npublish: false\ntags: [monster]\n---\n# Lich\n\nHP:: 135\nSECRET-LICH\n",
		"Bestiary.base": "filters: file.hasTag(\"monster\")\nviews:\n  - type: table\n    name: By level\n    order: [file.name, level]\n" +
			"    sort:\n      - property: level\n        direction: DESC\n  - type: cards\n    name: Cards\n",
		"Index.md": "# Index\n\n```dataview\nTABLE level, HP AS \"Hit points\"\nFROM #monster\nSORT level\n```\n\n" +
			"Goblin HP: `= [[Goblin]].HP`; this is `= this.file.name`; the lich: `= [[Lich]].level`.\n\n" +
			"```dataviewjs\ndv.list(dv.pages())\n```\n\n```dataview\nCALENDAR file.mtime\n```\n\n![[Bestiary.base#By level]]\n\n![[Bestiary.base#Cards]]\n\nSee [[Bestiary.base]].\n",
	}
}

func buildVault(t *testing.T, files map[string]string) (*Site, Result, error, map[string]string) {
	t.Helper()
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, files)
	dest := filepath.Join(t.TempDir(), "out")
	s, res, err := BuildSite(context.Background(), content.Options{Source: dir, Dest: dest, CacheDir: t.TempDir(), Theme: theme})
	if res.Cleanup != nil {
		res.Cleanup()
	}
	if err != nil {
		return s, res, err, nil
	}
	return s, res, err, outputText(t, dest)
}

func TestDataviewVault(t *testing.T) {
	s, res, err, out := buildVault(t, bestiary(`["dataview"]`))
	if err != nil {
		t.Fatal(err)
	}
	index := out["index/index.html"]
	goblin := out["monsters/goblin/index.html"]
	for _, want := range []string{
		// The query block: a table of links, sorted, the unpublished lich left out.
		`<th>File <span class="dv-count">2</span></th><th>level</th><th>Hit points</th>`,
		`<tr><td><a class="wikilink" href="/monsters/goblin/">Goblin</a></td><td>1</td><td>7</td></tr>`,
		`<tr><td><a class="wikilink" href="/monsters/orc/">Orc</a></td><td>3</td><td>15</td></tr>`,
		// Inline queries; a note that is not published is not read.
		"Goblin HP: 7; this is Index; the lich: -.",
		// The base's view, this vault's notes by level.
		`<thead><tr><th>file.name</th><th>level</th></tr></thead>`,
		`<tr><td><a class="wikilink" href="/monsters/orc/">Orc</a></td><td>3</td></tr>` + "\n" + `<tr><td><a class="wikilink" href="/monsters/goblin/">Goblin</a></td><td>1</td></tr>`,
		// What is not evaluated is a notice.
		"This DataviewJS block runs JavaScript in Obsidian; sitegen does not run it.",
		"This Dataview CALENDAR query is not shown",
		"This cards view of a base is not shown",
		`<span class="wikilink-missing">Bestiary.base</span>`,
	} {
		if !strings.Contains(index, want) {
			t.Errorf("index page lacks %q", want)
		}
	}
	for _, want := range []string{
		`<span class="dv-field"><span class="dv-key">HP</span> <span class="dv-value">7</span></span>`,
		`A small one <span class="dv-field"><span class="dv-key">AC</span> <span class="dv-value">15</span></span> that hides <span class="dv-field dv-bare"><span class="dv-value">caves</span></span>.`,
	} {
		if !strings.Contains(goblin, want) {
			t.Errorf("goblin page lacks %q", want)
		}
	}
	// A note whose heading is its one inline query is titled by its value.
	if fb := out["spells/fireball/index.html"]; !strings.Contains(fb, "<title>Fire Ball") || !strings.Contains(fb, "Level 3.") {
		t.Errorf("a note titled by its query: %s", fb)
	}
	for name, body := range out {
		if strings.Contains(body, "SECRET-LICH") || strings.Contains(body, "Lich") && name != "index/index.html" {
			t.Errorf("%s shows the unpublished note", name)
		}
		if strings.Contains(body, "dataviewjs") || strings.Contains(body, "<code>= ") || strings.Contains(body, `class="language-dataview`) {
			t.Errorf("%s shows Dataview's syntax as code", name)
		}
		if strings.HasSuffix(name, ".base") {
			t.Errorf("%s: a base is published as a file", name)
		}
	}
	if strings.Contains(index, "monsters/lich") {
		t.Error("the index links to the unpublished lich")
	}
	var warnings []string
	for _, w := range res.WarningList {
		warnings = append(warnings, w.String())
	}
	for _, want := range []string{
		"Index.md:11:1: dataviewjs block: sitegen does not run DataviewJS",
		"Index.md:15:1: dataview block: CALENDAR queries are not evaluated",
		"Index.md:21:1: base Bestiary.base view \"Cards\": cards views are not shown",
		"Index.md:23:5: unpublished wikilink [[Bestiary.base]]: Bestiary.base is an Obsidian base",
	} {
		if !slices.ContainsFunc(warnings, func(w string) bool { return strings.Contains(w, want) }) {
			t.Errorf("no warning %q in\n%s", want, strings.Join(warnings, "\n"))
		}
	}
	// What the queries read, for serve.
	deps := s.QueryDeps()["Index.md"]
	if deps == nil || !slices.Contains(deps.Sources, "#monster") || !deps.Pages["Monsters/Goblin.md"] || !deps.Fields["HP"] || deps.Pages["Monsters/Lich.md"] {
		t.Errorf("query deps of Index.md: %+v", deps)
	}
}

// TestDataviewUpdate: under serve, a page whose queries read a note is
// written again when the note's data changes (a field, a new note of the
// set a query scans, the base a view shows), and only the pages whose
// output changes are (updateRun.update compares each with a build).
func TestDataviewUpdate(t *testing.T) {
	for _, keep := range []bool{false, true} {
		dir := t.TempDir()
		sitetest.WriteFiles(t, dir, bestiary(`["dataview"]`))
		r := startUpdates(t, content.Options{Source: dir, Theme: theme}, keep)
		u := r.update(t, map[string]string{"Monsters/Goblin.md": "---\nlevel: 1\ntags: [monster]\n---\n# Goblin\n\nHP:: 9\nA small one [AC:: 15] that hides (Habitat:: caves).\n"})
		if !slices.Contains(u.Pages, "/index/") {
			t.Errorf("a field a query reads changed: wrote %v, want /index/", u.Pages)
		}
		u = r.update(t, map[string]string{"Monsters/Kobold.md": "---\nlevel: 2\ntags: [monster]\n---\n# Kobold\n\nHP:: 5\n"})
		if !slices.Contains(u.Pages, "/index/") {
			t.Errorf("a new note of the set a query scans: wrote %v, want /index/", u.Pages)
		}
		r.update(t, map[string]string{"Bestiary.base": "filters: file.hasTag(\"monster\")\nviews:\n  - type: table\n    name: By level\n    order: [file.name]\n"})
		u = r.update(t, map[string]string{"Spells/fireball.md": "---\nname: Fire Ball\nlevel: 4\n---\n# `=this.name`\n\nLevel `= this.level`.\n"})
		if slices.Contains(u.Pages, "/index/") {
			t.Errorf("a note no query reads: wrote %v", u.Pages)
		}
	}
}

// TestVaultWithoutDataview checks that a vault whose plugins leave
// Dataview out keeps its code and text, and still shows its bases.
func TestVaultWithoutDataview(t *testing.T) {
	_, _, err, out := buildVault(t, bestiary(`["obsidian-admonition"]`))
	if err != nil {
		t.Fatal(err)
	}
	index, goblin := out["index/index.html"], out["monsters/goblin/index.html"]
	if !strings.Contains(index, "<code>= this.file.name</code>") || !strings.Contains(goblin, "HP:: 7") {
		t.Error("a vault without Dataview has its syntax evaluated")
	}
	if !strings.Contains(index, `<tr><td><a class="wikilink" href="/monsters/orc/">Orc</a></td><td>3</td></tr>`) {
		t.Error("a vault without Dataview lost its base's view")
	}
}

// TestQueryBudget checks that a query past its bounds fails the build at
// its line.
func TestQueryBudget(t *testing.T) {
	files := bestiary(`["dataview"]`)
	files["Big.md"] = "# Big\n\nText `= length(\"x\" * 100000000)` here.\n"
	_, res, err, _ := buildVault(t, files)
	if err == nil || !strings.Contains(res.Errors.Error(), "Big.md:3:7: inline query = length(\"x\" * 100000000): a text of more than") {
		t.Errorf("err %v", err)
	}
}
