package site

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/statblock"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestTolerated: what a layout's tool builds through (issue 32) is, in
// lenient mode (--broken-links warn), a warning and the site built as the
// tool builds it; in strict mode an error that says the tool builds it;
// in sitegen's own layout, which has no other tool, an error. Each case
// says what the tool does; the conformance tests (package testing/conformance) check
// several of the same inputs against the tools.
func TestTolerated(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		// msg is part of the one problem the build reports, at its
		// file:line:col; has is an output file and a part of it that a
		// lenient build writes (the tool's reading).
		msg      string
		has      [2]string
		sitegen  bool // sitegen's own layout: an error in both modes
		tool     string
		notBuilt string // an output file the lenient build does not write
		// links are symbolic links made in the source (name -> target);
		// a target "OUT/x" is x in a folder outside the source.
		links map[string]string
	}{
		{
			// Ruby's Psych keeps the last value of a key set twice:
			// `jekyll build` makes the redirect /b/ only.
			name: "jekyll: a key set twice",
			files: map[string]string{
				"_config.yml": "title: J\n",
				"index.md":    "---\ntitle: Home\n---\n",
				"fever.md":    "---\ntitle: Fever\nredirect_from: /a/\nredirect_from: /b/\n---\n",
			},
			msg: "fever.md:4:1: redirect_from: set twice (lines 3 and 4): the last is read", tool: "Jekyll",
			has: [2]string{"b/index.html", "/fever.html"}, notBuilt: "a/index.html",
		},
		{
			// PyYAML keeps the last value too: 5thSRD's mkdocs.yml ends
			// with an empty plugins:.
			name: "mkdocs: a setting set twice",
			files: map[string]string{
				"mkdocs.yml":    "site_name: First\nplugins:\n  - search\nsite_name: Second\n",
				"docs/index.md": "# Home\n",
			},
			msg: "mkdocs.yml:4:1: site_name: set twice (lines 1 and 4): the last is read", tool: "MkDocs",
			has: [2]string{"index.html", "<title>Second</title>"},
		},
		{
			// Hugo reads `title: ""` as no title: hugo 0.111 writes the
			// section and the page with an empty .Title (pycom/pydocs,
			// eval4B, sets it on 8 pages). sitegen titles the page from
			// its heading, else its name.
			name: "hugo: an empty title",
			files: map[string]string{
				"config.toml":             "title = \"S\"\n",
				"content/_index.md":       "---\ntitle: Home\n---\n",
				"content/rules/_index.md": "---\ntitle: \"\"\n---\nRULES\n",
				"content/rules/dice.md":   "---\ntitle: Dice\n---\n",
			},
			msg: `content/rules/_index.md:2:1: title: empty: Hugo shows the page without a title; sitegen takes its first heading or its name`, tool: "Hugo",
			has: [2]string{"rules/index.html", "<title>Rules · S</title>"},
		},
		{
			// Hugo reads weight with cast.ToInt: "200" is 200 and 1.2
			// is 1 (hugo-pnp-rules and gloryforthefist, eval8B MB10,
			// build with Hugo 0.111; TestHugo's "weights Hugo casts"
			// checks the order against Hugo).
			name: "hugo: a weight as a text",
			files: map[string]string{
				"config.toml":       "title = \"S\"\n",
				"content/_index.md": "---\ntitle: Home\n---\n",
				"content/b.md":      "---\ntitle: B\nweight: \"200\"\n---\n",
			},
			msg: `content/b.md:3:1: weight: the text "200", not an integer: read as 200, as Hugo reads it`, tool: "Hugo",
			has: [2]string{"b/index.html", "<title>B · S</title>"},
		},
		{
			name: "hugo: a fractional weight",
			files: map[string]string{
				"config.toml":       "title = \"S\"\n",
				"content/_index.md": "---\ntitle: Home\n---\n",
				"content/b.md":      "---\ntitle: B\nweight: 1.2\n---\n",
			},
			msg: `content/b.md:3:1: weight: the number 1.2, not an integer: read as 1, as Hugo reads it`, tool: "Hugo",
			has: [2]string{"b/index.html", "<title>B · S</title>"},
		},
		{
			name: "sitegen: a weight as a text",
			files: map[string]string{
				"site.toml":         "title = \"T\"\n",
				"content/_index.md": "---\ntitle: Home\n---\n",
				"content/a.md":      "---\ntitle: A\nweight: \"2\"\n---\n",
			},
			msg: "content/a.md:3:1: weight: must be an integer, not a string", sitegen: true,
		},
		{
			// Hugo writes each alias's redirect file: two to one URL
			// leave one of them (pycom/pydocs, eval4B: the home page and
			// a section both list pybytes/introduction).
			name: "hugo: two aliases to one URL",
			files: map[string]string{
				"config.toml":       "title = \"S\"\n",
				"content/_index.md": "---\ntitle: Home\naliases: [/old/]\n---\n",
				"content/b.md":      "---\ntitle: B\naliases: [/old/]\n---\n",
			},
			msg: "content/b.md:3:1: aliases: duplicate URL /old/: also a redirect to content/_index.md, which is kept", tool: "Hugo",
			has: [2]string{"old/index.html", `content="0; url=/"`},
		},
		{
			name: "sitegen: an empty title",
			files: map[string]string{
				"site.toml":         "title = \"T\"\n",
				"content/_index.md": "---\ntitle: Home\n---\n",
				"content/a.md":      "---\ntitle: \"\"\n---\n",
			},
			msg: "content/a.md:2:1: title: must not be empty", sitegen: true,
		},
		{
			name: "sitegen: a key set twice",
			files: map[string]string{
				"site.toml":         "title = \"T\"\n",
				"content/_index.md": "---\ntitle: Home\n---\n",
				"content/a.md":      "---\ntitle: A\ntitle: B\n---\n",
			},
			msg: "content/a.md:3:1: title: set twice (lines 2 and 3): the last is read", sitegen: true,
		},
		{
			// "Aliases should always be formatted as a list in YAML"
			// (https://help.obsidian.md/aliases), yet Obsidian reads one
			// text as the one alias.
			name: "obsidian: one alias as a text",
			files: map[string]string{
				".obsidian/app.json": "{}",
				"index.md":           "Go to [[Red Dragon]].\n",
				"dragon.md":          "---\naliases: \"Red Dragon\"\n---\n# Dragon\n",
			},
			msg: `dragon.md:2:1: aliases: one text, not a list: read as the list ["Red Dragon"], as Obsidian reads it`, tool: "Obsidian",
			has: [2]string{"index.html", `href="/dragon/"`},
		},
		{
			// Hugo reads aliases with cast.ToStringSlice, which splits a
			// text at its spaces.
			name: "hugo: aliases as a text",
			files: map[string]string{
				"hugo.toml":         "title = \"H\"\n",
				"content/_index.md": "---\ntitle: Home\n---\n",
				"content/a.md":      "---\ntitle: A\naliases: /old/ /older/\n---\n",
			},
			msg: `content/a.md:3:1: aliases: one text, not a list: read as the list ["/old/", "/older/"], as Hugo reads it`, tool: "Hugo",
			has: [2]string{"older/index.html", "/a/"},
		},
		{
			name: "sitegen: aliases as a text",
			files: map[string]string{
				"site.toml":         "title = \"T\"\n",
				"content/_index.md": "---\ntitle: Home\n---\n",
				"content/a.md":      "---\ntitle: A\naliases: /old/\n---\n",
			},
			msg: "content/a.md:3:1: aliases: must be a list of strings, not a string", sitegen: true,
		},
		{
			// Jekyll: "YAML Exception reading …" and the page is built
			// without its front matter (strict_front_matter is false).
			name: "jekyll: front matter that cannot be read",
			files: map[string]string{
				"_config.yml": "title: J\n",
				"index.md":    "---\ntitle: Home\n---\n",
				"bad.md":      "---\ntitle: [\n---\n\n# Bad\n\ntext\n",
			},
			msg: "bad.md:2:1: front matter: did not find expected node content: the page is built without it", tool: "Jekyll",
			has: [2]string{"bad.html", "<p>text</p>"},
		},
		{
			// A template's `aliases:\n  - ` leaves an empty item, which
			// Obsidian skips (obsidian-icewind: four notes).
			name: "obsidian: an empty alias",
			files: map[string]string{
				".obsidian/app.json": "{}",
				"index.md":           "Go to [[Red Dragon]].\n",
				"dragon.md":          "---\naliases:\n  - \n  - Red Dragon\n---\n# Dragon\n",
			},
			msg: `dragon.md:2:1: aliases: item 1 is empty: left out, as Obsidian reads it`, tool: "Obsidian",
			has: [2]string{"index.html", `href="/dragon/"`},
		},
		{
			// An unquoted wikilink in a list property is a YAML list
			// inside the list ("Internal links in Text and List properties
			// must be surrounded with quotes",
			// https://help.obsidian.md/properties); the vault still opens,
			// and Quartz's FrontMatter plugin leaves such an item out
			// ("filter((tag: unknown) => typeof tag === "string" || typeof
			// tag === "number")"). Zuljita/DFRPGArdenVul-Obsidian: 6 NPCs'
			// aliases failed even a lenient build.
			name: "obsidian: an alias that is a list",
			files: map[string]string{
				".obsidian/app.json": "{}",
				"index.md":           "Go to [[Craas]].\n",
				"dragon.md":          "---\naliases:\n  - Huge Green Dragon\n  - [[npcs/dragon.md|Dragon]]\n  - Craas\n---\n# Dragon\n",
			},
			msg: `dragon.md:2:1: aliases: item 2 is a list, not a text (an unquoted [[link]]?): left out, as Obsidian reads it`, tool: "Obsidian",
			has: [2]string{"index.html", `href="/dragon/"`},
		},
		{
			// A number where texts are listed is read as its text: Quartz's
			// coerceToArray keeps "typeof tag === "string" || typeof tag
			// === "number"" and maps each through toString(), a lone
			// value made a list of one; Hugo's cast.ToStringSliceE turns
			// each item, or a lone value, into its string. A vault's
			// `aliases: [1984]` failed even a lenient build.
			name: "obsidian: an alias that is a number",
			files: map[string]string{
				".obsidian/app.json": "{}",
				"index.md":           "Read [[1984]].\n",
				"book.md":            "---\naliases:\n  - Nineteen\n  - 1984\n---\n# Book\n",
			},
			msg: `book.md:2:1: aliases: item 2 is a number, not a text: read as "1984", as Obsidian reads it`, tool: "Obsidian",
			has: [2]string{"index.html", `href="/book/"`},
		},
		{
			name: "hugo: one alias as a number",
			files: map[string]string{
				"hugo.toml":         "title = \"H\"\n",
				"content/_index.md": "---\ntitle: Home\n---\n",
				"content/a.md":      "---\ntitle: A\naliases: 2024\n---\n",
			},
			msg: `content/a.md:3:1: aliases: a number, not a list: read as the list ["2024"], as Hugo reads it`, tool: "Hugo",
			has: [2]string{"2024/index.html", "/a/"},
		},
		{
			// GitHub shows A-B.md and A B.md at two addresses; sitegen's
			// URLs fold them into one (Starfinder SRD: 58 pairs). The
			// first by path is kept, the other reported.
			name: "folder: two files of one URL",
			files: map[string]string{
				"README.md": "# Home\n",
				"A B.md":    "# Spaced\n",
				"A-B.md":    "# Hyphen\n",
			},
			msg: "duplicate URL", tool: "GitHub",
			has: [2]string{"a-b/index.html", "Spaced"},
		},
		{
			// Obsidian shows any property, a list as a list ("Properties
			// ... can be of the following types: Text, List, Number,
			// Checkbox, Date, Date & time", https://help.obsidian.md/properties);
			// a flow list of one sentence with commas in it (Bunkers n
			// Badasses: 9 notes) reads as its parts, joined back.
			name: "obsidian: a description given as a list",
			files: map[string]string{
				".obsidian/app.json": "{}",
				"index.md":           "# Home\n",
				"snapper.md":         "---\ndescription: [You dreamt of one, battered by the seas.]\n---\n# Snapper\n",
			},
			msg: `snapper.md:2:1: description: a list, not one text: read as "You dreamt of one, battered by the seas.", as Obsidian shows it`, tool: "Obsidian",
			has: [2]string{"snapper/index.html", `content="You dreamt of one, battered by the seas."`},
		},
		{
			// Fantasy Statblocks shows its error inside the note.
			name: "obsidian: a statblock that cannot be read",
			files: map[string]string{
				".obsidian/app.json": "{}",
				"index.md":           "# Home\n",
				"beast.md":           "# Beast\n\n```statblock\nname: [\n```\n",
			},
			msg: "beast.md:4:1: statblock block: invalid YAML", tool: "Obsidian",
			has: [2]string{"beast/index.html", "<h1>Beast</h1>"},
		},
		{
			// GitHub shows every fenced block as code ("You can create
			// fenced code blocks by placing triple backticks ``` before
			// and after the code block",
			// https://docs.github.com/en/get-started/writing-on-github/working-with-advanced-formatting/creating-and-highlighting-code-blocks):
			// a statblock sitegen cannot read is shown so (Pathfinder 1e
			// SRD: 1,066 of them, eval6A KA7).
			name: "folder: a statblock that cannot be read",
			files: map[string]string{
				"README.md": "# Home\n",
				"beast.md":  "# Beast\n\n```statblock\nstats: [- 1, 2]\n```\n",
			},
			msg: "beast.md:3:1: statblock block: invalid YAML", tool: "GitHub",
			has: [2]string{"beast/index.html", "stats: [- 1, 2]"},
		},
		{
			// mdBook renders with pulldown-cmark, which bounds no
			// paragraph ("A sequence of non-blank lines that cannot be
			// interpreted as other kinds of blocks forms a paragraph",
			// https://spec.commonmark.org/0.31.2/#paragraphs): a
			// reference definition holding a 66 KB data: URI builds
			// (eval4A HA8). sitegen's bound on a block holds: the block
			// is shown as written, in a <pre>, and the text after it is
			// Markdown again.
			name: "mdbook: a block longer than 64 KB",
			files: map[string]string{
				"book.toml":      "[book]\ntitle = \"B\"\n",
				"src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n",
				"src/a.md":       "# A\n\nSee ![x][image19].\n\n[image19]: <data:image/png;base64," + strings.Repeat("iVBORw0KGgo", 7000) + ">\n\n## After <b>\n",
			},
			msg: "src/a.md:5:1: long paragraph: the text from this line to line 5 has no blank line in it and is longer than 64 KB", tool: "mdBook",
			has: [2]string{"index.html", "<pre><code>[image19]: &lt;data:image/png;base64,iVBORw0KGgo"},
		},
		{
			// The same bound after an include (eval5A JA2): mdBook pastes
			// the file in ("{{#include file.rs}} ... The path to the file
			// has to be relative from the current source file",
			// https://rust-lang.github.io/mdBook/format/mdbook.html#including-files)
			// and pulldown-cmark reads the block whole; sitegen shows it
			// as written, at the include's line.
			name: "mdbook: a block longer than 64 KB through an include",
			files: map[string]string{
				"book.toml":      "[book]\ntitle = \"B\"\n",
				"src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n",
				"src/a.md":       "# A\n\n{{#include long.txt}}\n\n## After <b>\n",
				"src/long.txt":   "one\n" + strings.Repeat("word ", 14000) + "\n",
			},
			msg: "src/a.md:3:1: long paragraph: the text from this line to line 3 has no blank line in it and is longer than 64 KB", tool: "mdBook",
			has: [2]string{"index.html", "<pre><code>one\nword word"},
		},
		{
			// Two includes of 40 KB each, one block once pasted in.
			name: "mdbook: two includes make a block longer than 64 KB",
			files: map[string]string{
				"book.toml":      "[book]\ntitle = \"B\"\n",
				"src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n",
				"src/a.md":       "# A\n\n{{#include half.txt}}\n{{#include half.txt}}\n\n## After <b>\n",
				"src/half.txt":   "one\n" + strings.Repeat("word ", 8000) + "\n",
			},
			msg: "src/a.md:3:1: long paragraph: the text from this line to line 4 has no blank line in it and is longer than 64 KB", tool: "mdBook",
			has: [2]string{"index.html", "<pre><code>one\nword word"},
		},
		{
			// VitePress (markdown-it) builds a 2,500-line block too
			// (eval4B H6: LoM-wiki's docs/system/training/index.md); in a
			// quote, the block is shown with its markers.
			name: "vitepress: a block longer than 64 KB",
			files: map[string]string{
				".vitepress/config.mts": "export default {title: 'V'}\n",
				"index.md":              "# Home\n\n> " + strings.Repeat("<td>a & b</td>\n", 5000) + "\n## Next\n",
			},
			msg: "index.md:3:1: long paragraph: the text from this line to line 5002 has no blank line", tool: "VitePress",
			has: [2]string{"index.html", "<pre><code>&gt; &lt;td&gt;a &amp; b&lt;/td&gt;\n&lt;td&gt;"},
		},
		{
			// GitHub renders with cmark-gfm, whose spec nests block
			// quotes and lists with no bound (its block quote examples
			// write "> > > foo", https://github.github.com/gfm/#block-quotes):
			// a page of quotes or lists past sitegen's 100
			// levels (markup.MaxNesting) is shown up to the deep part,
			// which is left out with the rest of the page.
			name: "folder: nesting deeper than 100 levels",
			files: map[string]string{
				"README.md": "# Home\n",
				"deep.md":   "# Deep\n\nkept before\n\n" + strings.Repeat("> ", markup.MaxNesting+1) + "q\n\nafter\n",
			},
			msg: "deep.md:5:201: nesting deeper than 100 levels", tool: "GitHub",
			has: [2]string{"deep/index.html", "kept before"},
		},
		{
			// Obsidian's reading view nests callouts and quotes without a
			// bound ("You can nest callouts in multiple levels",
			// https://help.obsidian.md/callouts).
			name: "obsidian: nesting deeper than 100 levels",
			files: map[string]string{
				".obsidian/app.json": "{}",
				"index.md":           "# Home\n",
				"deep.md":            "kept before\n\n" + strings.Repeat("- ", markup.MaxNesting+1) + "x\n",
			},
			msg: "deep.md:3:201: nesting deeper than 100 levels", tool: "Obsidian",
			has: [2]string{"deep/index.html", "kept before"},
		},
		{
			name: "sitegen: nesting deeper than 100 levels",
			files: map[string]string{
				"site.toml":         "title = \"T\"\n",
				"content/_index.md": "---\ntitle: Home\n---\n",
				"content/a.md":      "---\ntitle: A\n---\n" + strings.Repeat("> ", markup.MaxNesting+1) + "q\n",
			},
			msg: "content/a.md:4:201: nesting deeper than 100 levels", sitegen: true,
		},
		{
			// A folder linked out of the source: sitegen never reads
			// through it; lenient mode leaves it out and builds the rest.
			name: "folder: a folder linked out of the source",
			files: map[string]string{
				"README.md": "# Home\n",
			},
			links: map[string]string{"etc": "OUT"},
			msg:   "etc: symbolic link to ", tool: "GitHub",
			has: [2]string{"index.html", "Home"}, notBuilt: "etc/secret/index.html",
		},
		{
			name: "obsidian: a note linked out of the vault",
			files: map[string]string{
				".obsidian/app.json": "{}",
				"index.md":           "# Home\n",
			},
			links: map[string]string{"notes/leak.md": "OUT/secret.md"},
			msg:   "notes/leak.md: symbolic link to ", tool: "Obsidian",
			has: [2]string{"index.html", "Home"}, notBuilt: "notes/leak/index.html",
		},
		{
			name: "jekyll: an image linked out of the source",
			files: map[string]string{
				"_config.yml": "title: J\n",
				"index.md":    "---\ntitle: Home\n---\n",
			},
			links: map[string]string{"assets/key.png": "OUT/secret.md"},
			msg:   "assets/key.png: symbolic link to ", tool: "Jekyll",
			has: [2]string{"index.html", "Home"}, notBuilt: "assets/key.png",
		},
		{
			name: "sitegen: a folder linked out of the source",
			files: map[string]string{
				"site.toml":         "title = \"T\"\n",
				"content/_index.md": "---\ntitle: Home\n---\n",
			},
			links: map[string]string{"content/etc": "OUT"},
			msg:   "content/etc: symbolic link to ", sitegen: true,
		},
		{
			name: "sitegen: a block longer than 64 KB",
			files: map[string]string{
				"site.toml":         "title = \"T\"\n",
				"content/_index.md": "---\ntitle: Home\n---\n" + strings.Repeat("word ", 14000) + "\n",
			},
			msg: "content/_index.md:4:1: long paragraph: the text from this line to line 4 has no blank line in it and is longer than 64 KB, the most sitegen reads in one paragraph: split it with blank lines", sitegen: true,
		},
	}
	for _, tt := range tests {
		for _, lenient := range []bool{false, true} {
			name := tt.name + ", strict"
			if lenient {
				name = tt.name + ", lenient"
			}
			t.Run(name, func(t *testing.T) {
				src := t.TempDir()
				sitetest.WriteFiles(t, src, tt.files)
				if tt.links != nil {
					out := t.TempDir()
					sitetest.WriteFiles(t, out, map[string]string{"secret.md": "# SECRET\n"})
					for name, target := range tt.links {
						p := filepath.Join(src, filepath.FromSlash(name))
						if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
							t.Fatal(err)
						}
						if err := os.Symlink(filepath.Join(out, strings.TrimPrefix(strings.TrimPrefix(target, "OUT"), "/")), p); err != nil {
							t.Fatal(err)
						}
					}
				}
				dest := filepath.Join(t.TempDir(), "out")
				opts := content.Options{Theme: theme, Dest: dest, Handlers: map[string]markup.BlockHandler{statblock.Info: statblock.New()}}
				if lenient {
					opts.BrokenLinks = "warn"
				}
				res, err := build(t, src, opts)
				var ds content.Diagnostics
				errors.As(err, &ds)
				if tt.sitegen || !lenient {
					if len(ds) != 1 || !strings.Contains(ds[0].String(), tt.msg) {
						t.Fatalf("errors %v, want one with %q", ds, tt.msg)
					}
					if want := "(" + tt.tool + " builds it so; --broken-links warn builds it as " + tt.tool + " does, with a warning)"; !tt.sitegen && !strings.Contains(ds[0].Msg, want) {
						t.Errorf("error %q does not say %q", ds[0], want)
					}
					if tt.sitegen && strings.Contains(ds[0].Msg, "builds it so") {
						t.Errorf("sitegen's own layout names a tool: %q", ds[0])
					}
					return
				}
				if err != nil {
					t.Fatalf("lenient build: %v", err)
				}
				found := false
				for _, w := range res.WarningList {
					found = found || strings.Contains(w.String(), tt.msg)
				}
				if !found {
					t.Errorf("warnings %v lack %q", res.WarningList, tt.msg)
				}
				got, err := os.ReadFile(filepath.Join(dest, tt.has[0]))
				if err != nil || !strings.Contains(string(got), tt.has[1]) {
					t.Errorf("%s lacks %q (%v):\n%s", tt.has[0], tt.has[1], err, got)
				}
				if tt.notBuilt != "" {
					if _, err := os.Stat(filepath.Join(dest, tt.notBuilt)); err == nil {
						t.Errorf("%s is written: the tool reads the last value only", tt.notBuilt)
					}
				}
				if tt.links != nil {
					// Nothing through a link out of the source is published.
					filepath.WalkDir(dest, func(p string, d os.DirEntry, err error) error {
						if err == nil && !d.IsDir() {
							if b, _ := os.ReadFile(p); strings.Contains(string(b), "SECRET") {
								t.Errorf("%s publishes what a link out of the source leads to", p)
							}
						}
						return nil
					})
				}
			})
		}
	}
}

// TestJekyllWeightText: Jekyll reads no weight ("you can also set your
// own front matter variables", https://jekyllrb.com/docs/front-matter/):
// a weight that is no integer is the page's own data, which Jekyll 4.3.1
// builds (rooneg/5srd.github.io's equipment: "1/4", "---", "varies"
// pounds, eval9B NB7), so a warning in either mode, not an order.
func TestJekyllWeightText(t *testing.T) {
	files := map[string]string{
		"_config.yml": "title: J\n",
		"index.md":    "---\ntitle: Home\n---\n",
		"a-rope.md":   "---\ntitle: Rope\nweight: 10\n---\n",
		"b-vial.md":   "---\ntitle: Vial\nweight: 1/4\n---\n",
		"c-arrows.md": "---\ntitle: Arrows\nweight: varies\n---\n",
	}
	for _, lenient := range []bool{false, true} {
		src := t.TempDir()
		sitetest.WriteFiles(t, src, files)
		opts := content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "out")}
		if lenient {
			opts.BrokenLinks = "warn"
		}
		res, err := build(t, src, opts)
		if err != nil {
			t.Fatalf("lenient %v: %v", lenient, err)
		}
		for _, want := range []string{`b-vial.md:3:1: weight: the text "1/4", not an integer: Jekyll reads no weight`, `c-arrows.md:3:1: weight: the text "varies"`} {
			found := false
			for _, w := range res.WarningList {
				found = found || strings.Contains(w.String(), want)
			}
			if !found {
				t.Errorf("lenient %v: warnings %v lack %q", lenient, res.WarningList, want)
			}
		}
	}
}

// TestObsidianWeightNumber: Obsidian reads no weight either: its
// default properties are tags, aliases and cssclasses ("Properties",
// https://help.obsidian.md/properties); any other is the note's own data,
// and the file explorer sorts by name. QuantumRaccon/dnd-vault's 666
// magic items write their weight in pounds ("weight: 1.0"), which failed
// the default build (eval13B NB1): a warning in either mode, not an order.
func TestObsidianWeightNumber(t *testing.T) {
	files := map[string]string{
		".obsidian/app.json": "{}",
		"Amulet.md":          "---\nweight: 1.0\n---\nAn amulet.\n",
		"Plate.md":           "---\nweight: 65.0\n---\nPlate armour.\n",
		"Cloak.md":           "---\nweight: 3\n---\nA cloak.\n",
		"Dagger.md":          "---\nweight: 1\n---\nA dagger.\n",
	}
	for _, lenient := range []bool{false, true} {
		src := t.TempDir()
		sitetest.WriteFiles(t, src, files)
		opts := content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "out")}
		if lenient {
			opts.BrokenLinks = "warn"
		}
		res, err := build(t, src, opts)
		if err != nil {
			t.Fatalf("lenient %v: %v", lenient, err)
		}
		for _, want := range []string{"Amulet.md:2:1: weight: the number 1, not an integer: Obsidian reads no weight", "Plate.md:2:1: weight: the number 65"} {
			found := false
			for _, w := range res.WarningList {
				found = found || strings.Contains(w.String(), want)
			}
			if !found {
				t.Errorf("lenient %v: warnings %v lack %q", lenient, res.WarningList, want)
			}
		}
		// A whole number is no order either: the notes stand by name, as
		// Obsidian's file explorer has them.
		b, err := os.ReadFile(filepath.Join(opts.Dest, "amulet", "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		nav := regexp.MustCompile(`(?s)<nav class="site-nav".*?</nav>`).FindString(string(b))
		at := func(s string) int { return strings.Index(nav, ">"+s+"<") }
		if a, c, d, p := at("Amulet"), at("Cloak"), at("Dagger"), at("Plate"); a < 0 || !(a < c && c < d && d < p) {
			t.Errorf("lenient %v: navigation order Amulet %d, Cloak %d, Dagger %d, Plate %d; want by name", lenient, a, c, d, p)
		}
	}
}

// TestDotsClose: Jekyll's YAML_FRONT_MATTER_REGEXP closes front matter
// with "---" or "..." ("^((---|\.\.\.)\s*$\n?)"; TestJekyll's "front
// matter closed by dots" checks Jekyll 4.3): a closing "..." is written
// "---", the text keeps its length; a "..." elsewhere stays.
func TestDotsClose(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"---\ntitle: A\n...\nBody\n", "---\ntitle: A\n---\nBody\n"},
		{"---\r\ntitle: A\r\n...  \r\nB\r\n", "---\r\ntitle: A\r\n---  \r\nB\r\n"},
		{"---\ntitle: A\n---\n...\n", "---\ntitle: A\n---\n...\n"},
		{"Text\n...\n", "Text\n...\n"},
		{"+++\ntitle = 'A'\n...\n", "+++\ntitle = 'A'\n...\n"},
	} {
		src := []byte(tt.in)
		content.DotsClose(src)
		if string(src) != tt.want {
			t.Errorf("DotsClose(%q) = %q, want %q", tt.in, src, tt.want)
		}
	}
}

// TestDelimiterSpaces: a front matter delimiter line with spaces after it
// ("--- ") is a delimiter, as Hugo, Jekyll and MkDocs read it (TestHugo,
// TestJekyll and TestMkDocs check the tools); the text keeps its length
// and lines.
func TestDelimiterSpaces(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"---\ntitle: A\n--- \n\nBody\n", "---\ntitle: A\n---\n \nBody\n"},
		{"---  \ntitle: A\nweight: 2\n---\t\n\nBody\n", "---\ntitle: A  \nweight: 2\n---\n\t\nBody\n"},
		{"---\r\ntitle: A\r\n--- \r\n\r\nB\r\n", "---\r\ntitle: A\r\n---\r\n \r\nB\r\n"},
		{"+++ \ntitle = 'A'\n+++\n", "+++\ntitle = 'A' \n+++\n"},
		{"---\ntitle: A\n---      \n# Heading\n", "---\ntitle: A\n---\n# Heading      \n"},
		{"---\ntitle: A\n---\n\n--- \n", "---\ntitle: A\n---\n\n--- \n"}, // a rule after the front matter stays
		{"-- \ntext\n", "-- \ntext\n"},
		{"Text\n--- \n", "Text\n--- \n"},
		{"\ufeff--- \ntitle: A\n--- \nB\n", "\ufeff--- \ntitle: A\n--- \nB\n"}, // after a byte order mark: left as it is
		{"---x\ntitle: A\n--- \nB\n", "---x\ntitle: A\n--- \nB\n"},             // no delimiter line first (package frontspan)
		{"----\ntitle: A\n---- \nB\n", "----\ntitle: A\n----\n B\n"},           // a longer run, as the Markdown parser reads it
	} {
		src := []byte(tt.in)
		content.DelimiterSpaces(src)
		if string(src) != tt.want {
			t.Errorf("delimiterSpaces(%q) = %q, want %q", tt.in, src, tt.want)
		}
	}
}

// TestJustTheDocsNav: a Jekyll site's navigation follows just-the-docs'
// documented rules.
//   - "If two parents have the same title, but different grandparents, you
//     can set their grand_parent titles to distinguish between their
//     parents" (https://just-the-docs.com/docs/navigation/main/ancestry/); a
//     child without grand_parent whose parent is the title of a top-level
//     page is that page's (its nav/children.html "rejects nav_child as
//     3rd-level when include.node is 2nd-level and nav_child can also be
//     2nd-level"): Cairn SRD's Player's Guide is under the top Second
//     Edition, not Localization's.
//   - "By default, all Capital letters come before all lowercase letters;
//     you can add nav_sort: case_insensitive in the configuration file to
//     ignore the case"; "Pages with numerical nav_order parameters always
//     come before those with strings or default nav_order parameters"
//     (https://just-the-docs.com/docs/navigation/main/order/): nav_order: 0
//     too (a handbook of world-of-naevis.net was last).
func TestJustTheDocsNav(t *testing.T) {
	pages := map[string]string{
		"index.md":                "---\ntitle: Home\n---\n",
		"second-edition.md":       "---\ntitle: Second Edition\nnav_order: 2\n---\n",
		"localization.md":         "---\ntitle: Localization\nnav_order: 3\n---\n",
		"localization/second.md":  "---\ntitle: Second Edition\nparent: Localization\n---\n",
		"localization/spanish.md": "---\ntitle: Spanish\nparent: Second Edition\ngrand_parent: Localization\n---\n",
		"guide.md":                "---\ntitle: Player's Guide\nparent: Second Edition\nnav_order: 1\n---\n",
		"npc.md":                  "---\ntitle: NPC Tables\nparent: Second Edition\n---\n",
		"naming.md":               "---\ntitle: Naming\nparent: Second Edition\n---\n",
		"zero.md":                 "---\ntitle: Zero\nparent: Second Edition\nnav_order: 0\n---\n",
	}
	for _, tt := range []struct {
		config string
		order  []string // the children of /second-edition/ in its sidebar
	}{
		{"title: J\n", []string{"/zero.html", "/guide.html", "/npc.html", "/naming.html"}},
		{"title: J\nnav_sort: case_insensitive\n", []string{"/zero.html", "/guide.html", "/naming.html", "/npc.html"}},
	} {
		src := t.TempDir()
		files := maps.Clone(pages)
		files["_config.yml"] = tt.config
		sitetest.WriteFiles(t, src, files)
		dest := filepath.Join(t.TempDir(), "out")
		if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
			t.Fatal(err)
		}
		raw, err := os.ReadFile(filepath.Join(dest, "second-edition.html"))
		if err != nil {
			t.Fatal(err)
		}
		html := string(raw)
		last := -1
		for _, u := range tt.order {
			i := strings.Index(html, `<a href="`+u+`"`)
			if i < 0 || i < last {
				t.Errorf("%q: the sidebar of /second-edition/ does not list %v in that order:\n%s", tt.config, tt.order, html)
				break
			}
			last = i
		}
		if strings.Contains(html, `href="/localization/spanish.html"`) {
			t.Errorf("Spanish (grand_parent: Localization) is under the top Second Edition")
		}
	}
}

// TestJSONFrontMatter: Hugo reads "JSON: a single JSON object surrounded
// by '{' and '}', followed by a new line"
// (https://gohugo.io/content-management/front-matter/), after blank lines
// as it does "---" (measured with Hugo 0.111: a page starting with blank
// lines then a JSON object is titled from it; text after its closing
// brace on that line is the page's first line of text). The object is read as
// front matter, not printed, a brace inside one of its strings does not
// end it, and a problem in it is reported at the file's own line.
func TestJSONFrontMatter(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		lines    []int
		open     int
	}{
		{"{\n\t\"title\": \"A\"\n}\nBody\n", "---\n{\n \"title\": \"A\"\n}\n---\nBody\n", []int{1, 1, 2, 3, 3, 4, 5}, 0},
		{"\n\n{ \"title\": \"a } b\", \"t\": \"\\\"}\" }\nB", "---\n{ \"title\": \"a } b\", \"t\": \"\\\"}\" }\n---\nB", []int{3, 3, 3, 4}, 0},
		{"{\"title\": \"A\"} text\n", "---\n{\"title\": \"A\"}\n---\ntext\n", []int{1, 1, 1, 1, 2}, 0}, // text after it: the page's (Hugo 0.111)
		{"\n{\"title\": \"A\"\n", "\n{\"title\": \"A\"\n", nil, 2},                                     // not closed: an error (Hugo 0.111: "unexpected EOF parsing JSON front matter")
		{"---\ntitle: A\n---\n", "---\ntitle: A\n---\n", nil, 0},
	} {
		got, lines, bad, _ := content.JSONFrontMatter([]byte(tt.in))
		if string(got) != tt.want || !slices.Equal(lines, tt.lines) || bad != tt.open {
			t.Errorf("JSONFrontMatter(%q) = %q %v %d, want %q %v %d", tt.in, got, lines, bad, tt.want, tt.lines, tt.open)
		}
	}
	src := writeTree(t, map[string]string{
		"hugo.toml":         "title = \"H\"\nbaseURL = \"https://h.test/\"\n",
		"content/_index.md": "---\ntitle: Home\n---\n",
		"content/drinks.md": "{\n\t\"title\": \"Drinks {of} the inn\",\n\t\"weight\": 2,\n\t\"tags\": [\"ale\"]\n}\n\nBody.\n",
		"content/blank.md":  "\n\n{ \"title\": \"Blank\" }\nBody.\n",
		"content/bad.md":    "{\n  \"title\": \"Bad\",\n  \"weight\": \"heavy\"\n}\nBody.\n",
		"content/open.md":   "\n{ \"title\": \"Open\"\nBody.\n",
		// Hugo 0.111: "unmarshal failed: invalid character '{' looking for
		// beginning of object key string".
		"content/shortcode.md": "{{< hint >}}\nIn\n{{< /hint >}}\n",
	})
	_, err := build(t, src, content.Options{})
	if err == nil || !strings.Contains(err.Error(), "content/bad.md:3:") || !strings.Contains(err.Error(), "content/open.md:2:1: front matter is not closed") ||
		!strings.Contains(err.Error(), "content/shortcode.md:1:1: front matter: the page starts with") {
		t.Fatalf("want the errors at content/bad.md:3 (its own line) and content/open.md:2:1, got %v", err)
	}
	for _, f := range []string{"content/bad.md", "content/open.md", "content/shortcode.md"} {
		if err := os.Remove(filepath.Join(src, f)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(src, "public"))
	for file, title := range map[string]string{"drinks/index.html": "<title>Drinks {of} the inn ·", "blank/index.html": "<title>Blank ·"} {
		if !strings.Contains(out[file], title) {
			t.Errorf("%s: no %q: the front matter is not read", file, title)
		}
		if strings.Contains(out[file], `&#34;title&#34;`) || strings.Contains(out[file], `"title":`) {
			t.Errorf("%s: the front matter is printed", file)
		}
	}
}

// TestFrontMatterLead is eval5B JB19: Hugo reads front matter after blank
// lines, spaces and tabs (its page lexer, lexIntroSection in
// https://github.com/gohugoio/hugo/blob/v0.111.0/parser/pageparser/pagelexer_intro.go,
// skips spaces, tabs, line ends and byte order marks before the opening
// "---" or "+++"; checked with Hugo 0.111: TestHugo "front matter after
// blank lines"), where Jekyll takes it only on the first line ("any file
// that contains a YAML front matter block ... The front matter must be the
// first thing in the file", https://jekyllrb.com/docs/front-matter/;
// Jekyll 4.3 copies a file that starts with a blank line as it is). The
// front matter is read, not printed, and a problem in it is reported at
// the file's own line.
func TestFrontMatterLead(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		lines    []int
	}{
		{"\n\n---\ntitle: A\n---\nBody\n", "---\ntitle: A\n---\n\n\nBody\n", []int{3, 4, 5, 1, 2, 6, 7}},
		{"  \t\n+++\ntitle = 'A'\n+++\n", "+++\ntitle = 'A'\n+++\n\n", []int{2, 3, 4, 1, 5}},
		{"  ---\ntitle: A\n---", "---\ntitle: A\n---\n", []int{1, 2, 3, 4}},
		{"\r\n---\r\ntitle: A\r\n---\r\nB\r\n", "---\r\ntitle: A\r\n---\r\n\nB\r\n", []int{2, 3, 4, 1, 5, 6}},
		{"---\ntitle: A\n---\n", "---\ntitle: A\n---\n", nil},                                          // nothing to lift
		{"\n\n---\ntitle: A\n", "\n\n---\ntitle: A\n", nil},                                            // not closed: a rule and text, as written
		{"\n\nText\n---\n", "\n\nText\n---\n", nil},                                                    // a heading
		{"\n\n--- \ntitle: A\n--- \nB\n", "--- \ntitle: A\n--- \n\n\nB\n", []int{3, 4, 5, 1, 2, 6, 7}}, // DelimiterSpaces then applies
		{"\ufeff\n---\ntitle: A\n---\nB\n", "\ufeff\n---\ntitle: A\n---\nB\n", nil},                    // a byte order mark first: left as it is
		{"\n\n+++\ntitle = 'A'\n---\n", "\n\n+++\ntitle = 'A'\n---\n", nil},                            // closed by another delimiter: none
	} {
		got, lines := content.LiftFrontMatter([]byte(tt.in))
		if string(got) != tt.want || !slices.Equal(lines, tt.lines) {
			t.Errorf("LiftFrontMatter(%q) = %q %v, want %q %v", tt.in, got, lines, tt.want, tt.lines)
		}
	}
	src := writeTree(t, map[string]string{
		"hugo.toml":         "title = \"H\"\nbaseURL = \"https://h.test/\"\n",
		"content/_index.md": "---\ntitle: Home\n---\n",
		"content/blank.md":  "\n\n---\ntitle: 凉粉\nauthor: someone\n---\n\n# 凉粉的做法\n\nBody.\n",
		"content/spaces.md": " \t\n  ---\ntitle: Spaces\n---\nBody.\n",
		"content/bad.md":    "\n\n---\ntitle: Bad\nweight: heavy\n---\nBody.\n",
	})
	_, err := build(t, src, content.Options{})
	if err == nil || !strings.Contains(err.Error(), "content/bad.md:5:") {
		t.Fatalf("want the YAML error at content/bad.md:5 (its own line), got %v", err)
	}
	if err := os.Remove(filepath.Join(src, "content/bad.md")); err != nil {
		t.Fatal(err)
	}
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(src, "public"))
	for file, title := range map[string]string{"blank/index.html": "<title>凉粉 ·", "spaces/index.html": "<title>Spaces ·"} {
		if !strings.Contains(out[file], title) {
			t.Errorf("%s: no %q: the front matter is not read", file, title)
		}
		if strings.Contains(out[file], "<hr") || strings.Contains(out[file], "title: ") {
			t.Errorf("%s: the front matter is printed", file)
		}
	}
	jk := writeTree(t, map[string]string{
		"Gemfile":     "source 'https://rubygems.org'\ngem 'jekyll', '~> 4.3'\n", // plain Jekyll, not GitHub Pages' optional front matter
		"_config.yml": "title: J\n",
		"index.md":    "---\ntitle: Home\n---\n",
		"blank.md":    "\n\n---\ntitle: Blank\n---\nBody.\n",
	})
	if _, err := build(t, jk, content.Options{Theme: theme}); err != nil {
		t.Fatal(err)
	}
	if out := readTree(t, filepath.Join(jk, "public")); out["blank.md"] == "" || out["blank/index.html"] != "" {
		t.Errorf("Jekyll: blank.md starts with a blank line: a file published as it is, not a page; got files %v", keys(out))
	}
}

// TestTitleRequired: Starlight's build stops on a page without a title
// ("title (required) type: string: You must provide a title for every
// page", https://starlight.astro.build/reference/frontmatter/): a strict
// build says so at the page, a lenient one titles the page from its
// first heading, with a warning. An empty title is a string, which
// Starlight builds; the other tools title a page without one.
func TestTitleRequired(t *testing.T) {
	starlight := map[string]string{
		"astro.config.mjs":          "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'S' })] };\n",
		"src/content/docs/index.md": "---\ntitle: Home\n---\nHi\n",
	}
	with := func(files map[string]string, name, text string) map[string]string {
		m := maps.Clone(files)
		m[name] = text
		return m
	}
	tests := []struct {
		name  string
		files map[string]string
		msg   string // the one problem reported, "" for none
		title string // the lenient build's <title> of page
		page  string
	}{
		{"starlight: no front matter", with(starlight, "src/content/docs/dice.md", "# Dice Pools\n\nText\n"),
			"src/content/docs/dice.md:1:1: title: missing: Starlight's build stops on a page without a title", "Dice Pools", "dice/index.html"},
		{"starlight: front matter without a title", with(starlight, "src/content/docs/dice.md", "---\ndescription: d\n---\n# Dice Pools\n"),
			"src/content/docs/dice.md:1:1: title: missing: Starlight's build stops on a page without a title", "Dice Pools", "dice/index.html"},
		{"starlight: a partial without a title (not an entry of the collection)", with(starlight, "src/content/docs/_part.md", "Text\n"),
			"", "Home", "index.html"},
		{"starlight: a title", with(starlight, "src/content/docs/dice.md", "---\ntitle: Dice\n---\n# Pools\n"),
			"", "Dice", "dice/index.html"},
		{"docusaurus: no title", map[string]string{
			"docusaurus.config.js": "module.exports = { title: 'D' };\n",
			"docs/dice.md":         "# Dice Pools\n",
		}, "", "Dice Pools", "docs/dice/index.html"},
	}
	for _, tt := range tests {
		for _, lenient := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, lenient=%v", tt.name, lenient), func(t *testing.T) {
				src := t.TempDir()
				sitetest.WriteFiles(t, src, tt.files)
				dest := filepath.Join(t.TempDir(), "out")
				opts := content.Options{Theme: theme, Dest: dest}
				if lenient {
					opts.BrokenLinks = "warn"
				}
				res, err := build(t, src, opts)
				var ds content.Diagnostics
				errors.As(err, &ds)
				if !lenient && tt.msg != "" {
					if len(ds) != 1 || !strings.Contains(ds[0].String(), tt.msg) || !strings.Contains(ds[0].Msg, "--broken-links warn") {
						t.Fatalf("errors %v, want one with %q naming --broken-links warn", ds, tt.msg)
					}
					return
				}
				if err != nil {
					t.Fatalf("build: %v", err)
				}
				var found []string
				for _, w := range res.WarningList {
					if strings.Contains(w.String(), "title") {
						found = append(found, w.String())
					}
				}
				if want := tt.msg != "" && lenient; want != (len(found) == 1 && strings.Contains(found[0], tt.msg)) || len(found) > 1 {
					t.Errorf("title warnings %q, want %q", found, tt.msg)
				}
				got, err := os.ReadFile(filepath.Join(dest, tt.page))
				if err != nil || !strings.Contains(string(got), "<title>"+tt.title) {
					t.Errorf("%s: want <title>%s… (%v)", tt.page, tt.title, err)
				}
			})
		}
	}
}
