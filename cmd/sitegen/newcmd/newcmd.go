// Package newcmd implements `sitegen new site DIR` (like `hugo new site`):
// a starter site with a site.toml, two pages, a calculator block, a dice
// block and a rules table, that builds and serves as it is.
package newcmd

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"d6codex/calc/systems"

	"github.com/BurntSushi/toml"
)

// Usage is the help text of `sitegen new`.
const Usage = `usage: sitegen new site DIR

Create a starter site in DIR (which must not exist, or be empty): a
site.toml, content/ with two pages that show a calculator, a dice block and
a rules table. Files you add under static/ are published as they are (the
default theme is inside sitegen). Then: cd DIR && sitegen serve
`

// Files are the starter site's files, by slash path. calcID and tableID
// name a calculator and a rules table of the registry to show.
func Files(title, calcID, tableID string) map[string]string {
	return map[string]string{
		"site.toml": `# Site configuration (key names follow Hugo's).
` + tomlLine("title", title) + `
# Where the site will be published; canonical links and sitemap.xml use it.
baseURL = "https://example.org/"
languageCode = "en"

[markup.goldmark.renderer]
# Raw HTML in Markdown is dropped unless this is true.
unsafe = false

# Files in static/ are published as they are, and replace the default
# theme's file of the same path (static/css/site.css, say).
`,
		"content/_index.md": `---
title: ` + yamlString(title) + `
description: Rules for my game, with the odds beside them.
---

Welcome. Write your rules as Markdown files in content/; every folder is a
section, and [the combat page](combat.md) shows what a page can hold.
`,
		"content/combat.md": `---
title: Combat
description: How an attack works, with a calculator and a table.
weight: 10
---

## Rolling to hit

Roll 3d6 and add your skill; meet the target's defence to hit. The exact
odds of the roll itself:

` + "```dice\nPlain: 3d6\nWith an edge: 4d6kh3\n```" + `

## A calculator from one of the bundled games

Any calculator of sitegen goes in a page with one block (` + "`sitegen calc list`" + `
lists them); "field = value" lines inside it preset its fields:

` + "```calc " + calcID + "\n```" + `

## A rules table

` + "```table " + tableID + "\n```" + `
`,
	}
}

func yamlString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`, "\t", `\t`).Replace(s) + `"`
}

// Run runs `sitegen new` with the arguments after "new".
func Run(args []string, stdout, stderr io.Writer) int {
	if len(args) != 2 || args[0] != "site" {
		fmt.Fprint(stderr, Usage)
		return 2
	}
	dir := args[1]
	if err := create(dir); err != nil {
		fmt.Fprintln(stderr, "sitegen new site:", err)
		return 1
	}
	fmt.Fprintf(stdout, "Created a site in %s. Next:\n  cd %s\n  sitegen serve\n", dir, dir)
	return 0
}

func create(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return err
	case len(entries) > 0:
		return fmt.Errorf("%s is not empty: choose a new folder", dir)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	calcID, tableID := examples()
	files := Files(titleFrom(filepath.Base(abs)), calcID, tableID)
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range files {
			if !yield(k) {
				return
			}
		}
	}) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(files[name]), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// examples picks the first game's first calculator and table from the
// registry, so the starter shows what sitegen carries.
func examples() (calcID, tableID string) {
	for _, s := range systems.All() {
		if !s.IsGame() || len(s.Calculators) == 0 || s.Tables == nil || len(s.Tables()) == 0 {
			continue
		}
		return s.Calculators[0].ID, s.ID + "/" + s.Tables()[0].ID
	}
	return "", ""
}

// tomlLine is the TOML line key = value, the value quoted by the TOML
// encoder (quotes, backslashes, newlines escaped), so it reads back as it
// was.
func tomlLine(key, value string) string {
	b, err := toml.Marshal(map[string]string{key: value})
	if err != nil { // a map of strings always encodes; a plain title if not
		return key + ` = "My rules"`
	}
	return strings.TrimSpace(string(b))
}

// titleFrom makes a title of a folder name ("my-rules" -> "My rules").
func titleFrom(name string) string {
	t := strings.NewReplacer("-", " ", "_", " ").Replace(name)
	if t == "" || t == "." || t == "/" {
		return "My rules"
	}
	return strings.ToUpper(t[:1]) + t[1:]
}
