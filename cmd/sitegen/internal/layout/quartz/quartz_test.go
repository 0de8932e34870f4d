package quartz

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// config is a quartz.config.ts written the way Quartz's own is, with the
// parts the tests change.
func config(configuration, filters, transformers string) string {
	return `import { QuartzConfig } from "./quartz/cfg"
import * as Plugin from "./quartz/plugins"

/**
 * Quartz 4 Configuration { not a brace that counts }
 */
const config: QuartzConfig = {
  configuration: {` + configuration + `
    theme: {
      fontOrigin: "googleFonts",
      colors: { lightMode: { light: "#faf8f8" } },
    },
  },
  plugins: {
    transformers: [` + transformers + `],
    filters: ` + filters + `,
    emitters: [Plugin.ContentPage(), Plugin.FolderPage()],
  },
}

export default config
`
}

const stdConfiguration = `
    pageTitle: "🎲 Six Sides",
    enableSPA: true,
    analytics: { provider: "plausible" },
    locale: "en-US",
    baseUrl: "rules.example.org/six",
    ignorePatterns: ["private", "templates", ".obsidian", "**/*.excalidraw.md"],
    defaultDateType: "modified",`

const stdTransformers = `
      Plugin.FrontMatter(),
      Plugin.SyntaxHighlighting({ theme: { light: "github-light", dark: "github-dark" }, keepBackground: false }),
      Plugin.ObsidianFlavoredMarkdown({ enableInHtmlEmbed: false }),
      Plugin.CrawlLinks({ markdownLinkResolution: "shortest" }),
    `

// The settings of https://quartz.jzhao.xyz/configuration and the plugins'
// options read from quartz.config.ts.
func TestReadConfig(t *testing.T) {
	tests := []struct {
		name             string
		src              string
		title, base      string
		ignore           []string
		drafts, explicit bool
		links            string
		note             string // in the notes, "" for none
	}{
		{
			name:  `"pageTitle: title of the site" "baseUrl: ... Do not include the protocol" "ignorePatterns: a list of glob patterns that Quartz should ignore"`,
			src:   config(stdConfiguration, "[Plugin.RemoveDrafts()]", stdTransformers),
			title: "🎲 Six Sides", base: "rules.example.org/six",
			ignore: []string{"private", "templates", ".obsidian", "**/*.excalidraw.md"}, drafts: true, links: "shortest",
		},
		{
			name:  `"you can instead use ExplicitPublish which will filter out all notes except for any that have publish: true"`,
			src:   config(stdConfiguration, "[Plugin.ExplicitPublish()]", stdTransformers),
			title: "🎲 Six Sides", base: "rules.example.org/six",
			ignore: []string{"private", "templates", ".obsidian", "**/*.excalidraw.md"}, explicit: true, links: "shortest",
		},
		{
			name:  "both filters, comments between, trailing commas",
			src:   config(stdConfiguration, "[\n      Plugin.RemoveDrafts(), // drafts stay home\n      Plugin.ExplicitPublish(), /* and only what is marked */\n    ]", stdTransformers),
			title: "🎲 Six Sides", base: "rules.example.org/six",
			ignore: []string{"private", "templates", ".obsidian", "**/*.excalidraw.md"}, drafts: true, explicit: true, links: "shortest",
		},
		{
			name:  "a commented-out ExplicitPublish is not a filter",
			src:   config(stdConfiguration, "[\n      Plugin.RemoveDrafts(),\n      // Plugin.ExplicitPublish(),\n    ]", stdTransformers),
			title: "🎲 Six Sides", base: "rules.example.org/six",
			ignore: []string{"private", "templates", ".obsidian", "**/*.excalidraw.md"}, drafts: true, links: "shortest",
		},
		{
			name:  `CrawlLinks without options: "markdownLinkResolution: ... can be "absolute" (default)"`,
			src:   config(stdConfiguration, "[Plugin.RemoveDrafts()]", "Plugin.FrontMatter(), Plugin.CrawlLinks()"),
			title: "🎲 Six Sides", base: "rules.example.org/six",
			ignore: []string{"private", "templates", ".obsidian", "**/*.excalidraw.md"}, drafts: true, links: "absolute",
		},
		{
			name: "relative links, a template title, single quotes, no semicolons",
			src: config("\n    pageTitle: `The Wild Die`,\n    baseUrl: 'dice.example.net',\n", "[Plugin.RemoveDrafts()]",
				`Plugin.CrawlLinks({ markdownLinkResolution: "relative", prettyLinks: true })`),
			title: "The Wild Die", base: "dice.example.net", ignore: DefaultIgnore, drafts: true, links: "relative",
		},
		{
			name: "the configuration in a const of its own, named by shorthand",
			src: `import { GlobalConfiguration, QuartzConfig } from "./quartz/cfg"
import * as Plugin from "./quartz/plugins"
const configuration: GlobalConfiguration = {
  pageTitle: "Split",
  ignorePatterns: ["private", "gm"],
}
const config: QuartzConfig = {
  configuration,
  plugins: { transformers: [Plugin.CrawlLinks({ markdownLinkResolution: "absolute" })], filters: [Plugin.ExplicitPublish()], emitters: [] },
}
export default config`,
			title: "Split", ignore: []string{"private", "gm"}, explicit: true, links: "absolute",
		},
		{
			name:   "computed values fall back to Quartz's defaults, with a note",
			src:    config("\n    pageTitle: siteTitle(),\n    ignorePatterns: [...shared, \"gm\"],\n", "[Plugin.RemoveDrafts()]", stdTransformers),
			ignore: DefaultIgnore, drafts: true, links: "shortest", note: "ignorePatterns is computed, not read: Quartz's default",
		},
		// evaluate3 G1 (Requiae/quartz-module): Quartz's own template
		// writes pageTitle: process.env.npm_package_config_title ?? "🪴
		// Quartz 4.0"; built without that variable set, Quartz titles the
		// site with the literal after ?? (JavaScript's nullish
		// coalescing). The config is read as text, never run.
		{
			name:  `process.env.X ?? "literal": the literal`,
			src:   config("\n    pageTitle: process.env.npm_package_config_title ?? \"🪴 Quartz 4.0\", // the template's\n    baseUrl: process.env.BASE ?? 'wiki.example.org',\n", "[Plugin.RemoveDrafts()]", stdTransformers),
			title: "🪴 Quartz 4.0", base: "wiki.example.org",
			ignore: DefaultIgnore, drafts: true, links: "shortest", note: `pageTitle is process.env.npm_package_config_title ?? "🪴 Quartz 4.0": the environment is not read`,
		},
		{
			name:   "process.env.X || f(): not a literal fallback, not read",
			src:    config("\n    pageTitle: process.env.T || pick(\"a\"),\n", "[Plugin.RemoveDrafts()]", stdTransformers),
			ignore: DefaultIgnore, drafts: true, links: "shortest", note: "pageTitle is computed, not read: not set",
		},
		{
			name:  "a filters value sitegen cannot follow that names ExplicitPublish: ExplicitPublish too, never a private note published",
			src:   config(stdConfiguration, "process.env.CI ? [Plugin.ExplicitPublish()] : []", stdTransformers),
			title: "🎲 Six Sides", base: "rules.example.org/six",
			ignore: []string{"private", "templates", ".obsidian", "**/*.excalidraw.md"}, drafts: true, explicit: true, links: "shortest",
			note: "filters is computed, not read: RemoveDrafts and ExplicitPublish",
		},
		{
			name:  "a filter of the site's own is named as not run",
			src:   config(stdConfiguration, "[Plugin.RemoveDrafts(), HideSpoilers()]", stdTransformers),
			title: "🎲 Six Sides", base: "rules.example.org/six",
			ignore: []string{"private", "templates", ".obsidian", "**/*.excalidraw.md"}, drafts: true, links: "shortest",
			note: "filter HideSpoilers(…) is not run by sitegen",
		},
		{
			name:   "an export sitegen cannot read: Quartz's defaults, with a note",
			src:    "export default makeConfig({ title: 1 })\n",
			ignore: DefaultIgnore, drafts: true, links: "shortest", note: "not a literal sitegen reads",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := ReadConfig([]byte(tt.src))
			notes := strings.Join(c.Notes, "; ")
			if c.PageTitle != tt.title || c.BaseURL != tt.base || !slices.Equal(c.Ignore, tt.ignore) ||
				c.RemoveDrafts != tt.drafts || c.ExplicitPublish != tt.explicit || c.Links != tt.links {
				t.Errorf("got %q %q %q drafts %v explicit %v links %q", c.PageTitle, c.BaseURL, c.Ignore, c.RemoveDrafts, c.ExplicitPublish, c.Links)
			}
			if tt.note == "" && notes != "" || !strings.Contains(notes, tt.note) {
				t.Errorf("notes = %q, want %q", notes, tt.note)
			}
		})
	}
}

// A real Quartz site published 413 notes its author kept private because
// its ExplicitPublish filter was not read: with it, only notes with
// publish: true are published ("filter out all notes except for any that
// have publish: true in the frontmatter",
// https://quartz.jzhao.xyz/features/private-pages). Quartz's own test is
// `frontmatter?.publish === true || frontmatter?.publish === "true"`
// (quartz/plugins/filters/explicit.ts), and RemoveDrafts' the same of
// draft ("filters out all pages with draft: true in the frontmatter",
// https://quartz.jzhao.xyz/plugins/RemoveDrafts).
func TestPublish(t *testing.T) {
	fm := func(kv ...any) map[string]any {
		m := map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	tests := []struct {
		name             string
		drafts, explicit bool
		fm               map[string]any
		published        bool
	}{
		{"RemoveDrafts: draft: true", true, false, fm("draft", true), false},
		{"RemoveDrafts: draft: \"true\"", true, false, fm("draft", "true"), false},
		{"RemoveDrafts: draft: false", true, false, fm("draft", false), true},
		{"RemoveDrafts: no front matter", true, false, nil, true},
		{"RemoveDrafts: draft: yes is a string, not true", true, false, fm("draft", "yes"), true},
		{"ExplicitPublish: publish: true", false, true, fm("publish", true), true},
		{"ExplicitPublish: publish: \"true\"", false, true, fm("publish", "true"), true},
		{"ExplicitPublish: no front matter", false, true, nil, false},
		{"ExplicitPublish: no publish key", false, true, fm("title", "GM notes"), false},
		{"ExplicitPublish: publish: false", false, true, fm("publish", false), false},
		{"ExplicitPublish: publish: yes", false, true, fm("publish", "yes"), false},
		{"ExplicitPublish: publish: 1", false, true, fm("publish", 1), false},
		{"both: published and a draft", true, true, fm("publish", true, "draft", true), false},
		{"no filter at all", false, false, fm("draft", true), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			why := Config{RemoveDrafts: tt.drafts, ExplicitPublish: tt.explicit}.Publish(tt.fm)
			if (why == "") != tt.published {
				t.Errorf("Publish = %q, want published %v", why, tt.published)
			}
		})
	}
}

// The site that published 413 private notes, in small: a Quartz site
// whose quartz.config.ts filters with ExplicitPublish; Recognise's layout
// publishes the marked notes and no other.
func TestRecogniseExplicitPublish(t *testing.T) {
	files := map[string]string{
		ConfigFile:               config(stdConfiguration, "[Plugin.RemoveDrafts(), Plugin.ExplicitPublish()]", stdTransformers),
		"content/index.md":       "---\ntitle: Home\npublish: true\n---\n",
		"content/Rules/Dice.md":  "---\npublish: true\n---\n",
		"content/private/gm.md":  "---\npublish: true\n---\n",
		"content/.obsidian/x.md": "",
	}
	secret := 0
	for i := range 413 {
		files[fmt.Sprintf("content/Campaign/Scene %03d.md", i)] = "---\ntags: [gm]\n---\nThe twist.\n"
		secret++
	}
	l, err := Recognise(layouttest.Write(t, files))
	if err != nil || l == nil || l.Kind != layout.Quartz {
		t.Fatalf("Recognise = %+v, %v", l, err)
	}
	published := 0
	for rel := range files {
		c, ok := strings.CutPrefix(rel, "content/")
		if !ok || skipped(l, c) {
			continue
		}
		var fm map[string]any
		if strings.Contains(files[rel], "publish: true") {
			fm = map[string]any{"publish": true}
		}
		if l.Unpublished(fm, c) == "" {
			published++
		}
	}
	if published != 2 {
		t.Errorf("%d notes published, want 2 (index.md and Rules/Dice.md); %d are private", published, secret)
	}
}

// skipped reports whether the layout leaves out rel or a folder on its
// way.
func skipped(l *layout.Layout, rel string) bool {
	parts := strings.Split(rel, "/")
	for i := 1; i < len(parts); i++ {
		if l.Skip(strings.Join(parts[:i], "/"), true) {
			return true
		}
	}
	// What a .gitignore names is read, left out and counted
	// (layout.GitignoreReason).
	if r := l.UnpublishedPath(rel, false); r != nil && r.Reason == layout.GitignoreReason {
		return true
	}
	return l.Skip(rel, false)
}

func TestRecognise(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		ConfigFile:         config(stdConfiguration, "[Plugin.RemoveDrafts()]", stdTransformers),
		"content/index.md": "",
	})
	l, err := Recognise(dir)
	if err != nil || l == nil {
		t.Fatal(l, err)
	}
	want := layout.Settings{Title: "🎲 Six Sides", BaseURL: "https://rules.example.org/six/", BaseURLKey: "baseUrl", LanguageCode: "en-US"}
	if l.Content != "content" || l.Settings != want || l.Links == nil || l.Pages == nil {
		t.Errorf("got %q %+v", l.Content, l.Settings)
	}
	// quartz.config.ts without content/ is not a Quartz site.
	if l, _ := Recognise(layouttest.Write(t, map[string]string{ConfigFile: "", "notes/a.md": ""})); l != nil {
		t.Errorf("Recognise without content/ = %+v", l)
	}
}

// Quartz finds its notes with globby and `gitignore: true`
// (https://github.com/jackyzha0/quartz/blob/v4/quartz/util/glob.ts:
// `globby(pattern, {cwd, ignore: ignorePatterns, gitignore: true})`, cwd
// the content folder): every .gitignore under content/ leaves out what it
// names, its patterns taken from its own folder (globby's parseIgnoreFile
// joins the folder to each pattern), and a file in a folder it leaves
// out stays out. A .gitignore outside content/ is not read by Quartz, nor
// here. Found by the fourth probe: a note content/.gitignore names was
// published.
func TestRecogniseGitignore(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		ConfigFile:                config(stdConfiguration, "[Plugin.RemoveDrafts()]", stdTransformers),
		".gitignore":              "content/outer.md\n",
		"content/.gitignore":      "# GM notes\ngm/\n*.secret.md\n!keep.secret.md\n!gm/open.md\n",
		"content/lore/.gitignore": "/spoiler.md\nnpc\n",
		"content/index.md":        "",
	})
	l, err := Recognise(dir)
	if err != nil || l == nil {
		t.Fatal(l, err)
	}
	for rel, want := range map[string]bool{
		"index.md":          false,
		"outer.md":          false, // the repository's .gitignore: not Quartz's
		"gm/scene.md":       true,
		"gm/open.md":        true, // its folder is left out: a "!" cannot bring it back
		"rules/gm/x.md":     true, // "gm/" has no "/" but its last: any depth
		"a.secret.md":       true,
		"rules/b.secret.md": true,
		"keep.secret.md":    false,
		"lore/spoiler.md":   true,
		"spoiler.md":        false, // lore/.gitignore speaks of lore/ only
		"lore/npc":          true,
		"lore/town.md":      false,
		"npc":               false, // globby: "lore/npc", from lore/ only
	} {
		if got := skipped(l, rel); got != want {
			t.Errorf("%s left out = %v, want %v", rel, got, want)
		}
	}
}

// A .gitignore under content/ that is a link out of the site folder is a
// settings file like any: refused unread.
func TestRecogniseGitignoreLinkOut(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		ConfigFile:         config(stdConfiguration, "[Plugin.RemoveDrafts()]", stdTransformers),
		"content/index.md": "",
	})
	out := t.TempDir()
	if err := os.WriteFile(filepath.Join(out, "secret"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(out, "secret"), filepath.Join(dir, "content", ".gitignore")); err != nil {
		t.Fatal(err)
	}
	if _, err := Recognise(dir); err == nil || !strings.Contains(err.Error(), "content/.gitignore") || !strings.Contains(err.Error(), "outside the site folder") {
		t.Errorf("Recognise = %v, want an error naming content/.gitignore, a link out", err)
	}
}

// TestRecogniseNestedConfig: a repository of notes whose Quartz settings
// sit one folder down (eval5A JA5: customisations/quartz.config.ts, which
// its Dockerfile copies over a checkout of Quartz, beside content/ at the
// root) is a Quartz site with those settings, not sitegen's own layout
// titled "Untitled". Quartz reads "quartz.config.ts … at the root of your
// Quartz" (https://quartz.jzhao.xyz/configuration): the folder the build
// copies it into; two candidate folders are ambiguous, and neither is read.
func TestRecogniseNestedConfig(t *testing.T) {
	cfg := config(stdConfiguration, "[Plugin.RemoveDrafts()]", stdTransformers)
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string // the settings file read, "" for no Quartz site
	}{
		{"one folder down", map[string]string{"customisations/" + ConfigFile: cfg, "content/index.md": ""}, "customisations/" + ConfigFile},
		{"the root's wins", map[string]string{ConfigFile: cfg, "customisations/" + ConfigFile: "", "content/index.md": ""}, ConfigFile},
		{"two folders", map[string]string{"a/" + ConfigFile: cfg, "b/" + ConfigFile: cfg, "content/index.md": ""}, ""},
		{"hidden folder", map[string]string{".quartz/" + ConfigFile: cfg, "content/index.md": ""}, ""},
		{"two down", map[string]string{"a/b/" + ConfigFile: cfg, "content/index.md": ""}, ""},
		{"no content", map[string]string{"customisations/" + ConfigFile: cfg, "notes/a.md": ""}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, tc.files))
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if l != nil {
				got = l.File
			}
			if got != tc.want {
				t.Fatalf("settings read from %q, want %q", got, tc.want)
			}
			if l != nil && l.Settings.Title != "🎲 Six Sides" {
				t.Errorf("title %q, want the settings' pageTitle", l.Settings.Title)
			}
		})
	}
}

// A site built with `quartz build -d DIR` keeps its notes in DIR: "`-d`
// or `--directory`: the content folder. This is normally just `content`"
// (https://quartz.jzhao.xyz/build). Without content/, the folder the
// repository's GitHub Actions workflow, else a package.json script, names
// is the content folder; one that does not exist, is hidden or leaves the
// repository is not. Found on the Morrowind Modding Wiki (eval6A KA1:
// `npx quartz build -d mmw-content` in .github/workflows/deploy.yaml).
func TestRecogniseBuildDirectory(t *testing.T) {
	cfg := config(stdConfiguration, "[Plugin.RemoveDrafts()]", stdTransformers)
	workflow := func(cmd string) string {
		return "name: Deploy\non: push\njobs:\n  build:\n    steps:\n      - run: npm ci\n      - name: Build Quartz\n        run: " + cmd + "\n"
	}
	// Quartz's own package.json: its docs script builds Quartz's docs/.
	pkg := `{"name": "@jackyzha0/quartz", "scripts": {"docs": "npx quartz build --serve -d docs", "check": "tsc --noEmit"}}`
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string // the content folder, "" for no Quartz site
	}{
		{"workflow -d", map[string]string{ConfigFile: cfg, ".github/workflows/deploy.yaml": workflow("npx quartz build -d mmw-content"), "mmw-content/index.md": "", "package.json": pkg}, "mmw-content"},
		{"workflow --directory=", map[string]string{ConfigFile: cfg, ".github/workflows/ci.yml": workflow("npx quartz build --directory=notes --verbose"), "notes/index.md": ""}, "notes"},
		{"quoted, after --serve", map[string]string{ConfigFile: cfg, ".github/workflows/ci.yml": workflow(`npx quartz build --serve -d "my notes"`), "my notes/index.md": ""}, "my notes"},
		{"Quartz 5 settings", map[string]string{YAMLConfigFile: "configuration:\n  pageTitle: \"🎲 Six Sides\"\n", ".github/workflows/ci.yml": workflow("npx quartz build -d notes"), "notes/index.md": ""}, "notes"},
		{"package.json script", map[string]string{ConfigFile: cfg, "package.json": pkg, "docs/index.md": ""}, "docs"},
		{"the workflow's before package.json's", map[string]string{ConfigFile: cfg, "package.json": pkg, "docs/index.md": "", ".github/workflows/ci.yml": workflow("npx quartz build -d vault"), "vault/index.md": ""}, "vault"},
		{"a folder that does not exist", map[string]string{ConfigFile: cfg, ".github/workflows/ci.yml": workflow("npx quartz build -d vault"), "notes/index.md": ""}, ""},
		{"outside the repository", map[string]string{ConfigFile: cfg, ".github/workflows/ci.yml": workflow("npx quartz build -d ../vault"), "notes/index.md": ""}, ""},
		{"hidden", map[string]string{ConfigFile: cfg, ".github/workflows/ci.yml": workflow("npx quartz build -d .vault"), ".vault/index.md": ""}, ""},
		{"another command's -d", map[string]string{ConfigFile: cfg, ".github/workflows/ci.yml": workflow("docker run -d notes && npx quartz build"), "notes/index.md": ""}, ""},
		{"content/ wins", map[string]string{ConfigFile: cfg, ".github/workflows/ci.yml": workflow("npx quartz build -d notes"), "notes/index.md": "", "content/index.md": ""}, "content"},
		// markbrockettrobson/Grand-Arcadian-Archipelago-dnd-website: the
		// workflow clones Quartz into .quartz, copies the settings there
		// and builds the repository's root from it; -d is read from the
		// folder the command runs in (cd in the same run block).
		{"cd into a clone, --directory ..", map[string]string{ConfigFile: cfg, ".github/workflows/deploy.yml": "jobs:\n  b:\n    steps:\n      - run: |\n          git clone https://github.com/jackyzha0/quartz.git .quartz\n          cd .quartz\n          npm ci\n      - run: |\n          cd .quartz\n          npx quartz build --directory .. --output ../public\n", "index.md": "", "NPCs/a.md": ""}, "."},
		{"cd in another run block", map[string]string{ConfigFile: cfg, ".github/workflows/deploy.yml": "jobs:\n  b:\n    steps:\n      - run: cd site\n      - run: npx quartz build -d notes\n", "notes/index.md": "", "site/notes/index.md": ""}, "notes"},
		{"cd, then a folder in it", map[string]string{ConfigFile: cfg, ".github/workflows/deploy.yml": "jobs:\n  b:\n    steps:\n      - run: |\n          cd site && npx quartz build -d notes\n", "site/notes/index.md": ""}, "site/notes"},
		{"no settings file", map[string]string{".github/workflows/ci.yml": workflow("npx quartz build -d notes"), "notes/index.md": ""}, ""},
		// Zuljita/DFRPGArdenVul-Obsidian (eval11B NB6), built from quartz/.
		{"the root, quartz/ publishes vault/", map[string]string{"quartz/" + ConfigFile: cfg, ".github/workflows/deploy-pages.yml": workflow("node ./quartz/bootstrap-cli.mjs build -d ../vault -o public"), "vault/index.md": "", "README.md": ""}, "vault"},
		{"the root, quartz/'s package.json", map[string]string{"quartz/" + ConfigFile: cfg, "quartz/package.json": `{"scripts": {"build": "quartz build -d ../vault"}}`, "vault/index.md": ""}, "vault"},
		{"the root, quartz/'s own workflow and docs script", map[string]string{"quartz/" + ConfigFile: cfg, "quartz/package.json": pkg, "quartz/.github/workflows/build-preview.yaml": workflow("npx quartz build -d docs"), "quartz/docs/index.md": "", ".github/workflows/deploy-pages.yml": workflow("node ./quartz/bootstrap-cli.mjs build -d ../vault"), "vault/index.md": ""}, "vault"},
		{"the root, cd quartz && … -d ../vault", map[string]string{"quartz/" + ConfigFile: cfg, ".github/workflows/deploy-pages.yml": workflow("cd quartz && npx quartz build -d ../vault"), "vault/index.md": ""}, "vault"},
		{"the root, a folder out of it", map[string]string{"quartz/" + ConfigFile: cfg, "quartz/package.json": `{"scripts": {"build": "quartz build -d ../../vault"}}`, "vault/index.md": ""}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, tc.files))
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if l != nil {
				got = l.Content
			}
			if got != tc.want {
				t.Fatalf("content folder %q, want %q", got, tc.want)
			}
			if l != nil && l.Settings.Title != "🎲 Six Sides" {
				t.Errorf("title %q, want the settings' pageTitle", l.Settings.Title)
			}
			if l != nil && tc.want != "content" && !slices.ContainsFunc(l.Read, func(s string) bool { return strings.HasPrefix(s, "content folder "+tc.want+" (quartz build -d") }) {
				t.Errorf("the build's first line does not say where the content folder was read: %q", l.Read)
			}
		})
	}
}

// AliasRedirect is the slug Quartz's AliasRedirects emitter writes at
// (quartz/plugins/emitters/aliases.ts: a relative alias "path.join(ogSlug,
// "..", aliasTarget)", else the alias's slug from the root; frontmatter.ts
// getAliasSlugs: slugifyFilePath(alias + ".md")), a file "joinSegments(
// ctx.argv.output, slug + ".html")" as a note's is.
func TestAliasRedirect(t *testing.T) {
	for _, c := range []struct{ rel, alias, want string }{
		{"TTRPGs/TTRPGs.md", "games", "/games.html"},
		{"notes/a.md", "Old Name & More", "/Old-Name--and--More.html"},
		{"notes/a.md", "./old", "/notes/old.html"},
		{"notes/a.md", "../up", "/up.html"},
		{"notes/a.md", "../../out", ""},
		{"notes/a.md", "sub/index", "/sub/"},
		{"notes/a.md", "b.md", "/b.html"},
	} {
		if got := AliasRedirect(c.rel, c.alias); got != c.want {
			t.Errorf("AliasRedirect(%q, %q) = %q, want %q", c.rel, c.alias, got, c.want)
		}
	}
}

// TestRecogniseOuterProject: a folder of notes published by a Quartz
// project beside it or above it (`quartz build -d ../vault`) is built with
// that project's configuration, so its ignorePatterns leave out what the
// author's Quartz site leaves out. Quartz: ignorePatterns "is a field in
// quartz.config.ts under the main configuration which allows you to
// specify a list of patterns to effectively exclude from parsing all
// together" (https://quartz.jzhao.xyz/features/private-pages, linked from
// https://quartz.jzhao.xyz/configuration); the filter plugins (RemoveDrafts,
// ExplicitPublish) are the page's other mechanism, applied too. Found on
// Zuljita/DFRPGArdenVul-Obsidian (eval11B NB6): vault/ beside quartz/,
// built by `node ./quartz/bootstrap-cli.mjs build -d ../vault` with
// working-directory quartz in .github/workflows/deploy-pages.yml; `sitegen
// build --source vault` published vault/templates/ (9 note templates).
func TestRecogniseOuterProject(t *testing.T) {
	cfg := config(stdConfiguration, "[Plugin.ExplicitPublish()]", stdTransformers)
	workflow := func(cmd string) string {
		return "name: Deploy\non: push\njobs:\n  build:\n    steps:\n      - name: Build Quartz\n        working-directory: quartz\n        run: " + cmd + "\n"
	}
	notes := map[string]string{"vault/.obsidian/app.json": "{}", "vault/Index.md": "", "vault/templates/NPC.md": ""}
	with := func(m map[string]string) map[string]string {
		out := maps.Clone(notes)
		maps.Copy(out, m)
		return out
	}
	for _, tc := range []struct {
		name  string
		files map[string]string
		file  string // the configuration read, "" for no Quartz site
	}{
		{"beside, the root's workflow (bootstrap-cli.mjs)", with(map[string]string{"quartz/" + ConfigFile: cfg, ".github/workflows/deploy-pages.yml": workflow("node ./quartz/bootstrap-cli.mjs build -d ../vault -o public")}), "../quartz/" + ConfigFile},
		{"beside, its package.json", with(map[string]string{"quartz/" + ConfigFile: cfg, "quartz/package.json": `{"scripts": {"build": "npx quartz build -d ../vault"}}`}), "../quartz/" + ConfigFile},
		{"above", with(map[string]string{ConfigFile: cfg, ".github/workflows/ci.yml": workflow("npx quartz build -d vault")}), "../" + ConfigFile},
		{"another folder named", with(map[string]string{"quartz/" + ConfigFile: cfg, ".github/workflows/ci.yml": workflow("npx quartz build -d ../notes"), "notes/a.md": ""}), ""},
		{"no build names it", with(map[string]string{"quartz/" + ConfigFile: cfg}), ""},
		{"two projects name it", with(map[string]string{"quartz/" + ConfigFile: cfg, "quartz/package.json": `{"scripts": {"b": "quartz build -d ../vault"}}`, "site/" + ConfigFile: cfg, "site/package.json": `{"scripts": {"b": "quartz build -d ../vault"}}`}), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Recognise(filepath.Join(layouttest.Write(t, tc.files), "vault"))
			if err != nil {
				t.Fatal(err)
			}
			if tc.file == "" {
				if l != nil {
					t.Fatalf("read %s, want no Quartz site", l.File)
				}
				return
			}
			if l == nil {
				t.Fatalf("no Quartz site, want %s read", tc.file)
			}
			if l.File != tc.file || l.Content != "." {
				t.Errorf("read %s with content %q, want %s with the source as content", l.File, l.Content, tc.file)
			}
			if !l.Ignore("templates", true) || !l.Ignore("private", true) || l.Ignore("npcs", true) {
				t.Errorf("ignorePatterns not applied: templates %v, private %v, npcs %v", l.Ignore("templates", true), l.Ignore("private", true), l.Ignore("npcs", true))
			}
			if l.Unpublished(map[string]any{}, "Index.md") == "" {
				t.Error("the filters (ExplicitPublish) not applied")
			}
			if !slices.ContainsFunc(l.Read, func(s string) bool {
				return strings.Contains(s, tc.file) && strings.Contains(s, "ignorePatterns and filters applied")
			}) {
				t.Errorf("the build's first line does not name the configuration applied: %q", l.Read)
			}
		})
	}
}

// TestReadConfigHardLineBreaks: "This plugin automatically converts
// single line breaks in Markdown text into hard line breaks in the HTML
// output. This plugin is not enabled by default as this doesn't follow
// the semantics of actual Markdown but you may enable it if you'd like
// parity with Obsidian" (https://quartz.jzhao.xyz/plugins/HardLineBreaks;
// eval14A NA1): listed, a paragraph's line breaks are breaks
// (Markup.HardWraps); not listed, or transformers sitegen cannot read
// (Quartz's own configuration does not list it), they are not.
func TestReadConfigHardLineBreaks(t *testing.T) {
	for _, tt := range []struct {
		name, transformers string
		hard               bool
	}{
		{"listed", stdTransformers + `Plugin.HardLineBreaks(),`, true},
		{"not listed", stdTransformers, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := ReadConfig([]byte(config(stdConfiguration, "[Plugin.RemoveDrafts()]", tt.transformers)))
			if c.HardLineBreaks != tt.hard {
				t.Errorf("HardLineBreaks = %v, want %v", c.HardLineBreaks, tt.hard)
			}
			l := recogniseSite(t, config(stdConfiguration, "[Plugin.RemoveDrafts()]", tt.transformers))
			if l.Markup.HardWraps != tt.hard {
				t.Errorf("Markup.HardWraps = %v, want %v", l.Markup.HardWraps, tt.hard)
			}
		})
	}
	if c := ReadConfig([]byte("export default makeConfig({ title: 1 })\n")); c.HardLineBreaks {
		t.Error("an export sitegen cannot read: HardLineBreaks = true, want Quartz's default (false)")
	}
}

// TestReadConfigLatex: the Latex transformer turns math on: "This plugin
// adds LaTeX support to Quartz" (https://quartz.jzhao.xyz/plugins/Latex;
// quartz/plugins/transformers/latex.ts runs remark-math, whose $…$ and
// $$…$$ are the formulas). Without it the dollars are text; with
// transformers sitegen cannot read, Quartz's own configuration, which
// lists Plugin.Latex, is assumed.
func TestReadConfigLatex(t *testing.T) {
	for _, tt := range []struct {
		name, transformers string
		latex              bool
	}{
		{"Plugin.Latex listed", stdTransformers + `Plugin.Latex({ renderEngine: "katex" }),`, true},
		{"Plugin.Latex without options", "Plugin.FrontMatter(), Plugin.Latex()", true},
		{"no Latex transformer", stdTransformers, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := ReadConfig([]byte(config(stdConfiguration, "[Plugin.RemoveDrafts()]", tt.transformers)))
			if c.Latex != tt.latex {
				t.Errorf("Latex = %v, want %v", c.Latex, tt.latex)
			}
		})
	}
	if c := ReadConfig([]byte("export default makeConfig({ title: 1 })\n")); !c.Latex {
		t.Error("an export sitegen cannot read: Latex = false, want Quartz's default (true)")
	}
	l := recogniseSite(t, config(stdConfiguration, "[Plugin.RemoveDrafts()]", "Plugin.FrontMatter(), Plugin.Latex()"))
	if !l.Markup.Math {
		t.Error("a site with Plugin.Latex: Markup.Math = false")
	}
}

// recogniseSite recognises a Quartz site of one note whose
// quartz.config.ts is config.
func recogniseSite(t *testing.T, config string) *layout.Layout {
	t.Helper()
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{ConfigFile: config, "content/index.md": "# Home\n"})
	l, err := Recognise(dir)
	if err != nil || l == nil {
		t.Fatalf("Recognise: %v, %v", l, err)
	}
	return l
}

// "Quartz's plugins are a series of transformations over content"
// (https://quartz.jzhao.xyz/advanced/making-plugins): a transformer a site
// writes itself (hennogous/CivSupplyChains' Plugin.YieldIcons turns
// {{food}} into an icon) changes what its notes show, and sitegen does not
// run it; the build says so, naming the line, instead of showing the
// shorthand without a word. Quartz's own transformers are not named.
func TestReadConfigOwnTransformers(t *testing.T) {
	own := `
      Plugin.FrontMatter(),
      Plugin.CreatedModifiedDate({ priority: ["frontmatter", "git", "filesystem"] }),
      Plugin.SyntaxHighlighting({ theme: { light: "github-light", dark: "github-dark" } }),
      Plugin.ObsidianFlavoredMarkdown({ enableInHtmlEmbed: false }),
      Plugin.GitHubFlavoredMarkdown(),
      Plugin.TableOfContents(),
      Plugin.CrawlLinks({ markdownLinkResolution: "shortest" }),
      Plugin.Description(),
      Plugin.Latex({ renderEngine: "katex" }),
      Plugin.HardLineBreaks(),
      Plugin.Citations(),
      Plugin.OxHugoFlavoredMarkdown(),
      Plugin.RoamFlavoredMarkdown(),
    `
	for _, tt := range []struct {
		name, transformers string
		want               []string
	}{
		{"Quartz's own transformers", own, nil},
		{"a transformer of the site's own", "\n      Plugin.FrontMatter(),\n      Plugin.YieldIcons(),\n      Plugin.CrawlLinks(),", []string{"quartz.config.ts:24: transformer Plugin.YieldIcons(…) is not one of Quartz's own: sitegen does not run it, so what it changes in the notes shows as written"}},
		{"two of them, one with options", "Plugin.FrontMatter(), Spoilers({ tag: \"x\" }), Plugin.Emoji()", []string{
			"quartz.config.ts:22: transformer Spoilers(…) is not one of Quartz's own: sitegen does not run it, so what it changes in the notes shows as written",
			"quartz.config.ts:22: transformer Plugin.Emoji(…) is not one of Quartz's own: sitegen does not run it, so what it changes in the notes shows as written",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l := recogniseSite(t, config(stdConfiguration, "[Plugin.RemoveDrafts()]", tt.transformers))
			var got []string
			for _, n := range l.Notes {
				if strings.Contains(n, "transformer") {
					got = append(got, n)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("notes = %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestReadConfigPageTitleSuffix: "pageTitleSuffix: a string added to the
// end of the page title. This only applies to the browser tab title"
// (https://quartz.jzhao.xyz/configuration), read as written (its leading
// space is part of the title Head.tsx writes), in quartz.config.ts and in
// Quartz 5's quartz.config.yaml; one sitegen cannot read is none, with a
// note.
func TestReadConfigPageTitleSuffix(t *testing.T) {
	for _, tt := range []struct {
		name, src, want, note string
		yaml                  bool
	}{
		{"set", config(stdConfiguration+"\n    pageTitleSuffix: \" · natsuki.uk\",", "[Plugin.RemoveDrafts()]", stdTransformers), " · natsuki.uk", "", false},
		{"unset", config(stdConfiguration, "[Plugin.RemoveDrafts()]", stdTransformers), "", "", false},
		{"computed", config(stdConfiguration+"\n    pageTitleSuffix: suffix(),", "[Plugin.RemoveDrafts()]", stdTransformers), "", "pageTitleSuffix is computed", false},
		{"Quartz 5, empty", yamlConfig(stdYAMLPlugins), "", "", true},
		{"Quartz 5, set", strings.Replace(yamlConfig(stdYAMLPlugins), `pageTitleSuffix: ""`, `pageTitleSuffix: " | Static Veil"`, 1), " | Static Veil", "", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			file := ConfigFile
			if tt.yaml {
				file = YAMLConfigFile
			}
			l, err := Recognise(layouttest.Write(t, map[string]string{file: tt.src, "content/index.md": "# Home\n"}))
			if err != nil {
				t.Fatal(err)
			}
			if l.TitleSuffix == nil || *l.TitleSuffix != tt.want {
				t.Errorf("TitleSuffix %v, want %q", l.TitleSuffix, tt.want)
			}
			if notes := strings.Join(append(l.Notes, l.Read...), "\n"); tt.note != "" && !strings.Contains(notes, tt.note) {
				t.Errorf("notes %q lack %q", notes, tt.note)
			}
		})
	}
}

// TestRecogniseSubfolderProject: a vault whose Quartz project lives in a
// folder of it (Koreji-Yamisora/Qxartia: source/ holds quartz.config.ts,
// quartz/ and content/, its workflow runs `npx quartz build` with
// working-directory ./source) publishes what that project's content/
// holds: "`-d` or `--directory`: the content folder. This is normally
// just `content`" (https://quartz.jzhao.xyz/build), the content folder
// being the project's own. The rest of the vault (the repository's
// .obsidian, compendium/, scripts) is not the site. A project whose
// content/ holds no note (a checkout whose CI fills it) is not taken.
func TestRecogniseSubfolderProject(t *testing.T) {
	cfg := config(stdConfiguration, "[Plugin.RemoveDrafts()]", stdTransformers)
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string // the content folder, "" for no Quartz site
	}{
		{"source/ holds the project", map[string]string{".obsidian/app.json": "{}", "compendium/orc.md": "", "source/" + ConfigFile: cfg, "source/quartz/build.ts": "", "source/content/index.md": "", "source/docs/index.md": ""}, "source/content"},
		{"notes deeper in content/", map[string]string{"site/" + ConfigFile: cfg, "site/content/lore/a.md": "", "README.md": ""}, "site/content"},
		{"an empty content/", map[string]string{"source/" + ConfigFile: cfg, "source/content/.gitkeep": "", "notes/a.md": ""}, ""},
		{"no content/", map[string]string{"source/" + ConfigFile: cfg, "notes/a.md": ""}, ""},
		{"a build -d wins", map[string]string{"quartz/" + ConfigFile: cfg, "quartz/content/index.md": "", "quartz/package.json": `{"scripts": {"build": "quartz build -d ../vault"}}`, "vault/index.md": ""}, "vault"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, tc.files))
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if l != nil {
				got = l.Content
			}
			if got != tc.want {
				t.Fatalf("content folder %q, want %q", got, tc.want)
			}
			if l == nil {
				return
			}
			if l.Settings.Title != "🎲 Six Sides" {
				t.Errorf("title %q, want the settings' pageTitle", l.Settings.Title)
			}
			if tc.want != "vault" && !slices.ContainsFunc(l.Read, func(s string) bool { return strings.HasPrefix(s, "content folder "+tc.want+" (the Quartz project in ") }) {
				t.Errorf("the build's first line does not say where the content folder was read: %q", l.Read)
			}
		})
	}
}
