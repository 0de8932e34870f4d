package obsidian

import (
	"maps"
	"regexp"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// registers finds the languages a community plugin's main.js registers a
// fenced-block processor for: Obsidian's
// registerMarkdownCodeBlockProcessor(language, handler) ("Register a
// special post processor that handles fenced code given a language",
// https://docs.obsidian.md/Reference/TypeScript+API/Plugin/registerMarkdownCodeBlockProcessor).
// A bundled, minified main.js keeps the language a string literal; one
// built from a variable is not found (its blocks stay code, unwarned, as
// before).
var registers = regexp.MustCompile("registerMarkdownCodeBlockProcessor\\(\\s*[\"'`]([A-Za-z0-9_-]+)[\"'`]")

// registeredBlocks returns the fenced blocks the vault's plugins draw and
// neither Publish nor sitegen does, each with its plugin's name for the
// build's warning (layout.Markup.PluginBlocks): the hand-written undrawn
// list and what each enabled community plugin's main.js registers (the
// plugin named by its manifest.json, else its id), but for the blocks
// sitegen draws (pluginBlocks: Fantasy Statblocks', Draw Steel's
// abilities). A main.js that is
// missing, longer than layout.MaxSettingBytes or a link out of the vault
// is not read, and not an error: a plugin's author often links their
// build into their vault, and the blocks are only told about.
func registeredBlocks(dir string, plugins []string) map[string]string {
	blocks := maps.Clone(undrawn)
	for _, id := range plugins {
		if id == "" || id == "." || id == ".." || strings.ContainsAny(id, `/\`) {
			continue
		}
		base := Dir + "/plugins/" + id + "/"
		js, err := layout.ReadSetting(dir, base+"main.js")
		if err != nil {
			continue
		}
		who := "the " + id + " plugin's"
		if m, _ := layout.Decode(dir, base+"manifest.json"); str(m["name"]) != "" {
			who = "the " + str(m["name"]) + " plugin's"
			if name := str(m["name"]); len(name) > 4 && strings.EqualFold(name[:4], "the ") {
				who = name + " plugin's" // "The One Ring 2E Statblocks plugin's"
			}
		}
		for _, sm := range registers.FindAllSubmatch(js, -1) {
			if lang := string(sm[1]); blocks[lang] == "" && !slices.Contains(pluginBlocks, lang) {
				blocks[lang] = who
			}
		}
	}
	return blocks
}
