package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestObsidianSlashLinks: a Markdown link written from the vault's root
// with a leading "/" ("[Perception](/compendium/rules/skills.md#Perception)",
// as ttrpg-convert-cli writes every rule link) resolves as the same link
// without it does: from the vault's root, else by its path's end as a
// wikilink to that path finds the note (the obsidian package's rule:
// "Markdown links relative to the note, from the vault's root ("absolute
// path in vault"), or by the note's name as a wikilink finds it"). The
// Light of Xaryxis vault keeps the compendium in dm/compendium/: 4,212
// such links were broken while [[/compendium/rules/skills]] resolved.
func TestObsidianSlashLinks(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".obsidian/app.json":               "{}\n",
		"dm/compendium/rules/skills.md":    "# Skills\n\n## Perception\n\nLook.\n",
		"dm/compendium/traps/pit.md":       "# Pit\n\nA DC 15 Wisdom ([Perception](/compendium/rules/skills.md#Perception)) check.\n",
		"dm/compendium/traps/rolling.md":   "# Rolling\n\nSee [skills](/dm/compendium/rules/skills.md).\n",
		"dm/compendium/traps/elsewhere.md": "# Elsewhere\n\nA [gone](/compendium/rules/nothing.md) rule.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out, BrokenLinks: "warn"})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	files := readTree(t, out)
	if !strings.Contains(files["dm/compendium/traps/pit/index.html"], `href="/dm/compendium/rules/skills/#perception"`) {
		t.Errorf("the /compendium/… link does not reach dm/compendium/rules/skills.md:\n%s", files["dm/compendium/traps/pit/index.html"])
	}
	if !strings.Contains(files["dm/compendium/traps/rolling/index.html"], `href="/dm/compendium/rules/skills/"`) {
		t.Errorf("a link from the vault's root no longer resolves")
	}
	warnings := strings.Join(res.Warnings, "\n")
	if strings.Contains(warnings, "skills.md") {
		t.Errorf("a warning for a link that resolves:\n%s", warnings)
	}
	if !strings.Contains(warnings, "/compendium/rules/nothing.md") {
		t.Errorf("a link to no note is not a warning:\n%s", warnings)
	}
}
