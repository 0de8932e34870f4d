package detect

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

func TestLayout(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		kind  string
	}{
		{"sitegen", map[string]string{"site.toml": "", "content/a.md": ""}, layout.Sitegen},
		{"content/ alone", map[string]string{"content/a.md": ""}, layout.Sitegen},
		{"vault", map[string]string{".obsidian/": "", "a.md": ""}, layout.Obsidian},
		{"sitegen site opened in Obsidian", map[string]string{".obsidian/": "", "site.toml": "", "content/a.md": ""}, layout.Sitegen},
		{"jekyll", map[string]string{"_config.yml": "title: x\n", "index.md": ""}, layout.Jekyll},
		{"jekyll vault", map[string]string{"_config.yml": "", ".obsidian/": ""}, layout.Jekyll},
		// Jekyll builds a folder without _config.yml with its defaults
		// (GitHub Pages too: stars-and-signs/stars-and-signs keeps its
		// layouts and posts at the root, its only _config.yml in docs/):
		// a _layouts/ folder with a template, or _posts/ with a dated post.
		{"jekyll without _config.yml: _layouts/", map[string]string{"_layouts/default.html": "<main>{{ content }}</main>", "index.md": "---\ntitle: x\n---\n"}, layout.Jekyll},
		{"jekyll without _config.yml: _posts/", map[string]string{"_posts/2024-01-02-hello.md": "---\n---\nHi\n", "index.md": ""}, layout.Jekyll},
		{"_layouts/ without a template", map[string]string{"_layouts/": "", "a.md": ""}, layout.Markdown},
		{"_posts/ without a dated post", map[string]string{"_posts/notes.md": "", "a.md": ""}, layout.Markdown},
		{"sitegen's content/ beside _layouts/", map[string]string{"content/a.md": "", "_layouts/default.html": ""}, layout.Sitegen},
		{"hugo", map[string]string{"hugo.toml": "", "content/a.md": ""}, layout.Hugo},
		{"mkdocs", map[string]string{"mkdocs.yml": "site_name: x\n", "docs/index.md": ""}, layout.MkDocs},
		{"folder", map[string]string{"README.md": "", "classes/fighter.md": ""}, layout.Markdown},
		{"mdbook", map[string]string{"book.toml": "", "src/SUMMARY.md": "- [A](a.md)\n", "README.md": "# how to install mdbook"}, layout.MdBook},
		{"mdbook opened in Obsidian", map[string]string{"book.toml": "", "src/SUMMARY.md": "", ".obsidian/": ""}, layout.MdBook},
		// A Quartz repository has content/, sitegen's own sign: its
		// quartz.config.ts is the more specific one.
		{"quartz", map[string]string{"quartz.config.ts": "export default {}", "content/index.md": "", "package.json": "{}"}, layout.Quartz},
		{"quartz vault", map[string]string{"quartz.config.ts": "", "content/.obsidian/": "", "content/a.md": ""}, layout.Quartz},
		// Quartz 5 (evaluate3 G4): quartz.config.yaml, https://quartz.jzhao.xyz/configuration.
		{"quartz 5", map[string]string{"quartz.config.yaml": "configuration:\n  pageTitle: Veil\n", "quartz.ts": "", "content/index.md": ""}, layout.Quartz},
		{"quartz.config.ts without content/", map[string]string{"quartz.config.ts": "", "a.md": ""}, layout.Markdown},
		{"docusaurus", map[string]string{"docusaurus.config.js": "module.exports = {}", "docs/intro.md": ""}, layout.Docusaurus},
		{"docusaurus ts", map[string]string{"docusaurus.config.ts": "export default {}", "docs/intro.mdx": ""}, layout.Docusaurus},
		// A Docusaurus site that kept the mkdocs.yml and _config.yml of
		// its earlier tools: the Docusaurus config names the tool in use.
		{"docusaurus over mkdocs and jekyll", map[string]string{"docusaurus.config.js": "", "mkdocs.yml": "site_name: x\n",
			"_config.yml": "", "docs/intro.md": ""}, layout.Docusaurus},
		{"docusaurus opened in Obsidian", map[string]string{"docusaurus.config.js": "", ".obsidian/": "", "docs/a.md": ""}, layout.Docusaurus},
		{"vitepress", map[string]string{".vitepress/config.mts": "export default {}", "index.md": ""}, layout.VitePress},
		{"vitepress in docs", map[string]string{"docs/.vitepress/config.js": "export default {}", "docs/index.md": "", "README.md": ""}, layout.VitePress},
		{"vitepress config folder", map[string]string{".vitepress/config/index.ts": "export default {}", "index.md": ""}, layout.VitePress},
		{"vitepress over jekyll", map[string]string{".vitepress/config.js": "", "_config.yml": "", "index.md": ""}, layout.VitePress},
		{"vitepress beside hugo's content", map[string]string{".vitepress/config.ts": "", "content/a.md": "", "config.toml": ""}, layout.VitePress},
		// .vitepress/ without its settings file is not a VitePress site
		// (a cache left behind): the next signs decide.
		// Zola and Hugo both keep config.toml beside content/ (MB12,
		// session 13: two Zola campaign sites read as Hugo's): "Only the
		// base_url variable is mandatory" in Zola's
		// (https://www.getzola.org/documentation/getting-started/configuration/),
		// Hugo writes baseURL; zola.toml is Zola's alone.
		{"zola config.toml", map[string]string{"config.toml": "base_url = \"https://z.test\"\ncompile_sass = true\n", "content/_index.md": "+++\ntitle = \"Home\"\n+++\n", "templates/index.html": ""}, layout.Zola},
		{"zola.toml", map[string]string{"zola.toml": "base_url = \"https://z.test\"\n", "content/a.md": ""}, layout.Zola},
		{"hugo config.toml", map[string]string{"config.toml": "baseURL = \"https://h.test/\"\ntitle = \"H\"\n", "content/_index.md": "+++\ntitle = \"Home\"\n+++\n", "layouts/index.html": ""}, layout.Hugo},
		{"hugo config.toml, no base URL", map[string]string{"config.toml": "title = \"H\"\n", "content/a.md": ""}, layout.Hugo},
		{"hugo.toml", map[string]string{"hugo.toml": "baseURL = \"https://h.test/\"\n", "content/a.md": ""}, layout.Hugo},
		{"vitepress cache only", map[string]string{".vitepress/cache/x": "", "mkdocs.yml": "site_name: x\n"}, layout.MkDocs},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Layout(layouttest.Write(t, tt.files))
			if err != nil {
				t.Fatal(err)
			}
			if l.Kind != tt.kind {
				t.Errorf("kind = %q, want %q", l.Kind, tt.kind)
			}
		})
	}
}

// TestSettings: a layout's own settings files, its table of contents,
// Obsidian's settings in their hidden folder and the files that decide the
// layout are settings; pages and other files are not.
func TestSettings(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{"book.toml": "", "src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n"})
	lay, err := Layout(dir)
	if err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]bool{
		"book.toml": true, "src/SUMMARY.md": true, "_config.yml": true, "mkdocs.yml": true, "hugo.toml": true,
		"site.toml": true, "quartz.config.ts": true, "quartz.layout.ts": true, ".obsidian/app.json": true, ".obsidian/templates.json": true,
		"src/a.md": false, ".obsidian/workspace.json": false, "README.md": false, "src/SUMMARY.md.bak": false,
		"docusaurus.config.js": true, "sidebars.js": true, ".vitepress/config.mts": true, "docs/.vitepress/config.ts": true,
		"src/content.config.ts":      true,  // a Starlight site's docs collection: where its pages are
		"docs/rules/_category_.json": false, // only a Docusaurus site's
	} {
		if got := IsSettings(lay, rel); got != want {
			t.Errorf("IsSettings(%s) = %t, want %t", rel, got, want)
		}
	}
	dir = layouttest.Write(t, map[string]string{"docusaurus.config.js": "export default {title: 'D'}\n", "docs/rules/a.md": "# A\n"})
	if lay, err = Layout(dir); err != nil {
		t.Fatal(err)
	}
	if !IsSettings(lay, "docs/rules/_category_.json") || IsSettings(lay, "docs/rules/a.md") {
		t.Error("a Docusaurus folder's _category_.json is not its settings")
	}
}

// TestNestedBook: an mdBook book is a folder with book.toml, built with
// "mdbook build DIR" ("The build command can take a directory as an
// argument to use as the book's root instead of the current working
// directory", https://rust-lang.github.io/mdBook/cli/build.html); a
// repository that keeps its book in book/ or docs/ is not a book at its
// root, so sitegen builds the root as a folder of Markdown and says where
// the book is and how to build it.
func TestNestedBook(t *testing.T) {
	for _, sub := range []string{"book", "docs", "rules-book"} {
		t.Run(sub, func(t *testing.T) {
			l, err := Layout(layouttest.Write(t, map[string]string{
				"README.md": "# The game\n", sub + "/book.toml": "[book]\ntitle = \"Rules\"\n",
				sub + "/src/SUMMARY.md": "- [Welcome](welcome.md)\n", sub + "/src/welcome.md": "# Welcome\n",
			}))
			if err != nil {
				t.Fatal(err)
			}
			want := sub + "/book.toml: an mdBook book is in " + sub + "/; --source " + sub + " builds it as mdbook build " + sub + " does"
			if l.Kind != layout.Markdown || !slices.Contains(l.Notes, want) {
				t.Errorf("kind %q, notes %q; want a folder of Markdown noting %q", l.Kind, l.Notes, want)
			}
		})
	}
	l, err := Layout(layouttest.Write(t, map[string]string{"README.md": "# x\n", "docs/guide.md": "# Guide\n"}))
	if err != nil || len(l.Notes) != 0 {
		t.Errorf("a folder without a nested book: notes %q, %v", l.Notes, err)
	}
}

// TestNestedDocusaurus: a Docusaurus site is the folder of its
// docusaurus.config, built with "docusaurus build [siteDir]"
// (https://docusaurus.io/docs/cli#docusaurus-build-sitedir); a repository
// that keeps it in website/ or www/ (ArdaCraft/Wiki, tomheaton/mcjty-website)
// is not that site at its root: sitegen builds the root as a folder of
// Markdown and says where the site is and how to build it.
func TestNestedDocusaurus(t *testing.T) {
	// Any top folder, not only the customary names: BennyTime/BennyTime.github.io
	// keeps its site in grand-divide/.
	for _, tt := range []struct{ sub, config string }{{"website", "docusaurus.config.js"}, {"www", "docusaurus.config.ts"}, {"grand-divide", "docusaurus.config.js"}} {
		t.Run(tt.sub, func(t *testing.T) {
			l, err := Layout(layouttest.Write(t, map[string]string{
				"README.md": "# The wiki\n", tt.sub + "/" + tt.config: "module.exports = {title: 'W'};\n", tt.sub + "/docs/intro.md": "# Intro\n",
			}))
			if err != nil {
				t.Fatal(err)
			}
			want := tt.sub + "/" + tt.config + ": a Docusaurus site is in " + tt.sub + "/; --source " + tt.sub + " builds it as docusaurus build " + tt.sub + " does"
			if l.Kind != layout.Markdown || !slices.Contains(l.Notes, want) {
				t.Errorf("kind %q, notes %q; want a folder of Markdown noting %q", l.Kind, l.Notes, want)
			}
		})
	}
}

// TestDocusaurusDocsBeside: a Docusaurus site in website/ whose docs are
// beside it ("path: Path to the docs content directory on the file
// system, relative to site directory",
// https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#configuration;
// path: '../docs', dJPoida/hexbound) is built from the folder that holds
// both, as "docusaurus build website" builds it: the repository's root is
// that site, not a folder of Markdown (its README is not a page); a docs
// path that leaves the root too is refused at its file:line:col.
func TestDocusaurusDocsBeside(t *testing.T) {
	const config = "module.exports = {\n  title: 'W',\n  presets: [['classic', {\n    docs: {path: '%s'},\n  }]],\n};\n"
	l, err := Layout(layouttest.Write(t, map[string]string{
		"README.md": "# The repo\n", "website/docusaurus.config.js": fmt.Sprintf(config, "../docs"), "docs/intro.md": "# Intro\n",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if l.Kind != layout.Docusaurus || l.File != "website/docusaurus.config.js" || l.Content != "docs" || len(l.Notes) != 0 {
		t.Errorf("kind %q, file %q, content %q, notes %q; want the Docusaurus site of website/, its docs in docs/", l.Kind, l.File, l.Content, l.Notes)
	}
	_, err = Layout(layouttest.Write(t, map[string]string{
		"website/docusaurus.config.js": fmt.Sprintf(config, "../../docs"), "docs/intro.md": "# Intro\n",
	}))
	want := `website/docusaurus.config.js:4:12: presets.docs.path: "../../docs" is outside the source folder`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("err %v; want %s…", err, want)
	}
}

// TestNestedSites: a Starlight, VitePress, MkDocs or Zola site in a top
// folder (wayne930242/year-zero-engine-srd keeps its Starlight rules in
// docs/, its root holding AGENTS.md, CLAUDE.md and plans) is built by its
// tool from that folder ("astro build" in the project: "The project is
// the folder holding astro.config", Starlight's layout; "mkdocs build
// [-f config]"; "zola build" where zola.toml is): sitegen builds the root
// as a folder of Markdown, and says where the site is and how to build it.
func TestNestedSites(t *testing.T) {
	for _, tt := range []struct{ name, file, tool string }{
		{"Starlight", "docs/astro.config.mjs", "Starlight"},
		{"VitePress", "site/.vitepress/config.mts", "VitePress"},
		{"MkDocs", "handbook/mkdocs.yml", "MkDocs"},
		{"Zola", "web/zola.toml", "Zola"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sub := strings.Split(tt.file, "/")[0]
			files := map[string]string{"README.md": "# The game\n", "AGENTS.md": "# Notes for agents\n"}
			switch tt.name {
			case "Starlight":
				files[tt.file] = "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'YZE' })] };\n"
				files[sub+"/src/content/docs/index.md"] = "# Rules\n"
			case "VitePress":
				files[tt.file] = "export default { title: 'Rules' }\n"
				files[sub+"/index.md"] = "# Rules\n"
			case "MkDocs":
				files[tt.file] = "site_name: Rules\n"
				files[sub+"/docs/index.md"] = "# Rules\n"
			case "Zola":
				files[tt.file] = "base_url = \"https://z.test\"\n"
				files[sub+"/content/_index.md"] = "+++\ntitle = \"Rules\"\n+++\n"
			}
			l, err := Layout(layouttest.Write(t, files))
			if err != nil {
				t.Fatal(err)
			}
			want := ": a " + tt.tool + " site is in " + sub + "/; --source " + sub + " builds it as " + tt.tool + " does"
			found := false
			for _, n := range l.Notes {
				found = found || strings.Contains(n, want)
			}
			if l.Kind != layout.Markdown || !found {
				t.Errorf("kind %q, notes %q; want a folder of Markdown noting %q", l.Kind, l.Notes, want)
			}
		})
	}
}

// TestNestedQuartz: a Quartz project below a folder of Markdown, in a
// hidden folder or two levels down, whose content/ the folder is not
// (ggfevans/daggerheart-campaign-vault keeps .web/quartz, filled by its
// CI), is named in a note: sitegen builds the folder, everything in it,
// where Quartz publishes what its build puts in content/ (eval15A NA2).
// TestNestedVault: Obsidian's vault is the folder that holds its
// .obsidian/ settings ("A vault is a folder on your local file system
// where Obsidian stores your notes", help.obsidian.md, "How Obsidian
// stores data": the vault's settings in .obsidian/ at its root). A
// repository whose vault is one folder down (SteffenHammer/shadowDarkVault:
// shadowVault/.obsidian/) is read as a folder of Markdown from its root,
// with none of the vault's settings (its templates folder published):
// the note names the vault and the --source that builds it.
func TestNestedVault(t *testing.T) {
	l, err := Layout(layouttest.Write(t, map[string]string{
		"README.md": "# The adventure\n", "shadowVault/.obsidian/app.json": "{}\n",
		"shadowVault/.obsidian/templates.json": `{"folder": "Templates"}` + "\n",
		"shadowVault/Act 1.md":                 "# Act 1\n", "shadowVault/Templates/npc.md": "[[<statblock-file>]]\n",
	}))
	if err != nil {
		t.Fatal(err)
	}
	want := "shadowVault/.obsidian: an Obsidian vault is in shadowVault/; --source shadowVault builds it with its settings"
	if l.Kind != layout.Markdown || !slices.ContainsFunc(l.Notes, func(n string) bool { return strings.HasPrefix(n, want) }) {
		t.Errorf("kind %q, notes %q; want a folder of Markdown noting %q", l.Kind, l.Notes, want)
	}
}

func TestNestedQuartz(t *testing.T) {
	for _, sub := range []string{".web/quartz", "site/quartz"} {
		t.Run(sub, func(t *testing.T) {
			l, err := Layout(layouttest.Write(t, map[string]string{
				"README.md": "# The campaign\n", "00-CAMPAIGN/intro.md": "# Intro\n",
				sub + "/quartz.config.ts": "const config = {configuration: {pageTitle: 'C'}}\nexport default config\n", sub + "/content/index.md": "# Home\n",
			}))
			if err != nil {
				t.Fatal(err)
			}
			want := sub + "/quartz.config.ts: a Quartz project is in " + sub + "/ and its content/ is not this folder"
			if l.Kind != layout.Markdown || !slices.ContainsFunc(l.Notes, func(n string) bool { return strings.HasPrefix(n, want) }) {
				t.Errorf("kind %q, notes %q; want a folder of Markdown noting %q", l.Kind, l.Notes, want)
			}
		})
	}
}

// TestEleventy: an Eleventy project, which sitegen has no layout for, is
// built as a folder of Markdown, and the build says so, naming the input
// folder its config returns ("dir: { input: \"src\" }",
// https://www.11ty.dev/docs/config/#input-directory; "We look for the
// following configuration files: .eleventy.js, eleventy.config.js,
// eleventy.config.mjs, eleventy.config.cjs",
// https://www.11ty.dev/docs/config/#default-filenames): the pages' URLs
// start from it in Eleventy, so the site's root-relative links resolve
// only with --source naming it.
func TestEleventy(t *testing.T) {
	for _, tt := range []struct {
		name, file, src, want string
	}{
		{"input src", ".eleventy.js", "module.exports = function (eleventyConfig) {\n  eleventyConfig.addPassthroughCopy('./src/media/');\n  return { dir: { input: \"src\", output: \"_site\" } };\n};\n",
			".eleventy.js: an Eleventy project, its pages in src/: sitegen has no Eleventy layout and builds this folder as a folder of Markdown (Eleventy's templates, permalinks, collections and passthrough copies are not read); --source src starts the pages' paths where Eleventy does, so the site's links from its root resolve"},
		{"default input", "eleventy.config.mjs", "export default function (eleventyConfig) {}\n",
			"eleventy.config.mjs: an Eleventy project, its pages in this folder: sitegen has no Eleventy layout and builds this folder as a folder of Markdown (Eleventy's templates, permalinks, collections and passthrough copies are not read)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Layout(layouttest.Write(t, map[string]string{tt.file: tt.src, "src/index.md": "# Home\n"}))
			if err != nil {
				t.Fatal(err)
			}
			if l.Kind != layout.Markdown || !slices.Contains(l.Notes, tt.want) {
				t.Errorf("kind %q, notes %q; want a folder of Markdown noting %q", l.Kind, l.Notes, tt.want)
			}
		})
	}
}

// TestNoFolder: a --source that is missing or a file is said so, in the
// editor's words, before any layout is guessed for it (it was taken for
// an empty folder of Markdown).
func TestNoFolder(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.md")
	if err := os.WriteFile(file, []byte("# A\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ dir, want string }{
		{filepath.Join(dir, "missing"), "no folder " + filepath.Join(dir, "missing")},
		{file, file + " is a file, not a folder: --source names the site's folder"},
	} {
		l, err := Layout(tt.dir)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Layout(%s) = %v; want error %q (layout %v)", tt.dir, err, tt.want, l != nil)
		}
	}
}

// TestStarlightGlobDocs: a Starlight site whose docs collection a glob()
// loader reads from a folder of its own ("The glob() loader creates
// entries from directories of files from anywhere on the filesystem",
// https://docs.astro.build/en/reference/content-loader-reference/#glob-loader)
// has no src/content/docs: it is a Starlight site, its pages that folder's,
// not a folder of Markdown that publishes the repository.
func TestStarlightGlobDocs(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		"astro.config.mjs":      "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Rules' })] };\n",
		"src/content.config.ts": "export const collections = {\n  docs: defineCollection({ loader: glob({ base: './rules', pattern: '**/*.md' }), schema: docsSchema() }),\n};\n",
		"rules/index.md":        "---\ntitle: Home\n---\n",
		"package.json":          "{}\n",
	})
	lay, err := Layout(dir)
	if err != nil {
		t.Fatal(err)
	}
	if lay.Kind != layout.Starlight || lay.Content != "rules" {
		t.Errorf("layout %s, content %q; want Starlight, rules", lay.Kind, lay.Content)
	}
}
