package conformance

import (
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// quartzSecret marks the text of every note Quartz does not publish:
// neither build may carry it in any file.
const quartzSecret = "SECRET-TWIST"

// quartzFixture is a small Quartz v4 site: titles from front matter and
// file names, slugs of awkward names, the Explorer's order (folders
// first, numbers, case, accents, punctuation), folder names, both
// filters, ignore patterns, and links of every strategy's cases (a unique
// name, an ambiguous one, a path, ./ and ../, an alias, a folder, a
// heading, a missing note). Quartz's default layout and its plugins
// (ExplicitPublish and RemoveDrafts as the filters, shortest-path link
// resolution).
func quartzFixture() map[string]string {
	pub := func(body string) string { return "---\npublish: true\n---\n" + body }
	secret := "\n" + quartzSecret + "\n"
	return map[string]string{
		"quartz.config.ts": layouttest.QuartzConfig("[Plugin.RemoveDrafts(), Plugin.ExplicitPublish()]", "shortest"),
		"content/index.md": "---\ntitle: Six Sides\npublish: true\n---\n" +
			"[[Combat Basics]] [[Dice]] [[Rules/Dice|rules dice]] [[Magic/Dice]] [[Gobbo]] [[Bestiary/]] [[Rules]] " +
			"[[Combat Basics#Rounds]] [[Nowhere]] [[Scene 1]] [md](Combat%20Basics.md) [md2](Rules/Hit%20&%20Run.md) [md3](./Appendix.md)\n",
		"content/Appendix.md":               pub("# Appendix\n\n[back](../index.md) [up](index.md)\n"),
		"content/zeta notes.md":             pub("Z.\n"),
		"content/Éclair.md":                 pub("E.\n"),
		"content/_underscored.md":           pub("U.\n"),
		"content/Rules/index.md":            "---\ntitle: The Rules\npublish: true\n---\nAll the rules. [[2 Dice]] [[../Appendix]]\n",
		"content/Rules/Combat Basics.md":    pub("# Combat, the basics\n\n## Rounds\n\nSee [[Hit & Run]] and [[Dice]].\n"),
		"content/Rules/Hit & Run.md":        pub("Hit and run.\n"),
		"content/Rules/100% Sure?.md":       pub("Sure.\n"),
		"content/Rules/2 Dice.md":           pub("Two.\n"),
		"content/Rules/10 Dice.md":          pub("Ten.\n"),
		"content/Rules/Dice.md":             pub("Rules dice. [[./Combat Basics]]\n"),
		"content/Rules/apple.md":            pub("Apple.\n"),
		"content/Rules/Banana.md":           "---\ntitle: banana split\npublish: true\n---\n",
		"content/Rules/Chapter 1.10.md":     pub("1.10\n"),
		"content/Rules/Chapter 1.9.md":      pub("1.9\n"),
		"content/Magic/Dice.md":             pub("Magic dice.\n"),
		"content/Magic/Schools/Fire.md":     pub("Fire.\n"),
		"content/Magic/Schools/frost.md":    pub("Frost.\n"),
		"content/Bestiary/index.md":         pub("The beasts.\n"),
		"content/Bestiary/Goblin.md":        "---\npublish: \"true\"\naliases: [Gobbo]\n---\nA goblin.\n",
		"content/Bestiary/Orc Chief.md":     pub("An orc.\n"),
		"content/bestiary notes/Rat.md":     pub("A rat.\n"),
		"content/Campaign/Scene 1.md":       "# Scene 1" + secret,
		"content/Campaign/Scene 2.md":       "---\npublish: false\n---\n" + secret,
		"content/Campaign/Session/Night.md": "---\ndraft: true\npublish: true\n---\n" + secret,
		"content/Draft.md":                  "---\npublish: true\ndraft: \"true\"\n---\n" + secret,
		"content/private/gm.md":             pub(secret),
		"content/templates/Monster.md":      pub(secret),
		"content/Rules/gm-plans.md":         pub(secret),
		"content/.obsidian/app.json":        "{}",
	}
}

// TestQuartz builds quartzFixture with Quartz itself and with sitegen and
// compares what a reader sees: the pages and their URLs (slugs), their
// titles, the Explorer's entries in order with their labels, which links
// lead to a page, and that no note Quartz keeps private is published,
// in any file.
func TestQuartz(t *testing.T) {
	Run(t, Quartz, Sitegen, Fixture{
		Name: "slugs, titles, folder pages, the Explorer, filters, ignorePatterns, shortest-path links",
		Rule: `"title: Title of the page. If it isn't provided, Quartz will use the name of the file as the title." ` +
			`(https://quartz.jzhao.xyz/authoring-content); "Sort order: folders first, then files. Sort folders and files ` +
			`alphabetically"; "Display names for folders get determined by the title frontmatter field in folder/index.md ... If ` +
			`this file does not exist or does not contain frontmatter, the local folder name will be used instead." ` +
			`(https://quartz.jzhao.xyz/features/explorer); ExplicitPublish: "filter out all notes except for any that have ` +
			`publish: true in the frontmatter"; ignorePatterns: "**/private: exclude any files or folders named private at any ` +
			`level of nesting" (https://quartz.jzhao.xyz/features/private-pages); RemoveDrafts "filters out all pages with ` +
			`draft: true in the frontmatter" (https://quartz.jzhao.xyz/plugins/RemoveDrafts); "shortest: Name of the file. If ` +
			`this isn't enough to identify the file, use the full absolute path." (https://quartz.jzhao.xyz/plugins/CrawlLinks)`,
		Files:      quartzFixture(),
		Secret:     quartzSecret,
		NavEntries: 25,
		// Quartz writes a note at its slug + ".html" (ContentPage) and a
		// folder's page at folder/index.html (FolderPage), served at
		// /Rules/Dice and /Rules/: sitegen writes the same files.
		SameFiles: true,
		Unpublished: []string{"Campaign/Scene-1.html", "Campaign/Scene-2.html", "Campaign/Session/Night.html", "Draft.html",
			"private/gm.html", "templates/Monster.html", "Rules/gm-plans.html", ".obsidian/app.json", "quartz.config.ts"},
	})
}

// TestQuartzHTMLHome: a content/index.html and no content/index.md
// (evaluate2 F7, vestpocketdev/quartz-dnd-wiki). Quartz builds it with a
// warning ("you seem to be missing an `index.md` home page file",
// quartz/plugins/emitters/contentPage.tsx), copies every file that is not
// Markdown ("glob all non MD files in content folder and copy it over",
// assets.ts), and makes no page for the root (folderPage.tsx: folderName
// !== "."). Both builds publish the notes; the hand-written file is the
// home (sitegen's site.TestQuartzHTMLHome checks it is published as it is).
func TestQuartzHTMLHome(t *testing.T) {
	Run(t, Quartz, Sitegen, Fixture{
		Name: "content/index.html without index.md",
		Rule: `ContentPage: "you seem to be missing an index.md home page file"; Assets: "glob all non MD files in content ` +
			`folder and copy it over"; FolderPage skips the root (https://github.com/jackyzha0/quartz, quartz/plugins/emitters)`,
		Files: map[string]string{
			"quartz.config.ts":   layouttest.QuartzConfig("[Plugin.RemoveDrafts()]", "shortest"),
			"content/index.html": "<!doctype html><title>Hand-made</title><p>My own home</p>\n",
			"content/a.md":       "---\ntitle: A\n---\nText of a. [[b]]\n",
			"content/b.md":       "---\ntitle: B\n---\nText of b.\n",
		},
		Known: []string{
			// Quartz copies the file to /index (slugifyFilePath drops
			// ".html"), a name a static host does not serve at the site's
			// root; sitegen keeps index.html, so the author's home page
			// is what / shows (decision).
			`page: / ("Hand-made") is published by sitegen, not by the tool`,
		},
	})
}
