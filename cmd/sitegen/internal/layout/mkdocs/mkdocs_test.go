package mkdocs

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

func TestRecognise(t *testing.T) {
	tests := []struct {
		name     string
		config   string
		content  string
		settings layout.Settings
		nav      []layout.NavEntry
	}{
		{name: "defaults", config: "site_name: SRD\n", content: "docs", settings: layout.Settings{Title: "SRD"}},
		{name: "python tags do not stop it", config: "site_name: S\nsite_url: https://s.test/\ndocs_dir: src\ncopyright: © me\n" +
			"markdown_extensions:\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n" +
			"extra:\n  key: !ENV [KEY, x]\n",
			content: "src", settings: layout.Settings{Title: "S", BaseURL: "https://s.test/", Copyright: "© me"}},
		// A titled value that is no page is a link ("nav: ... - 'Bug
		// Tracker': 'https://example.com/'", https://www.mkdocs.org/user-guide/configuration/#nav),
		// printed as the themes print it ("nav_item.url|url": one that
		// starts with "/" as written, a relative one from the site's
		// root; MkDocs 1.4 writes "../other/x/" from any page as the site's
		// other/x/).
		{name: "nav", config: "nav:\n  - index.md\n  - Combat: rules/combat.md\n  - Magic:\n    - Spells: magic/spells.md\n    - magic/items.md\n    - Elsewhere: https://x.test/\n  - /abs.md\n" +
			"  - Blog: /atg/blog\n  - News: ../news/\n",
			content: "docs", nav: []layout.NavEntry{
				{Path: "index.md"}, {Path: "rules/combat.md", Title: "Combat"}, {Title: "Magic"},
				{Path: "magic/spells.md", Title: "Spells", Depth: 1}, {Path: "magic/items.md", Depth: 1},
				{Title: "Elsewhere", Link: "https://x.test/", Depth: 1}, {Path: "abs.md"},
				{Title: "Blog", Link: "/atg/blog", LinkAsWritten: true}, {Title: "News", Link: "/news/"},
			}},
		// MkDocs' themes print a nav title as written ({{ nav_item.title }}
		// in a Jinja environment without autoescape), so a character
		// reference in it shows as its character: mkdocs build 1.4 writes
		// "Kräfte &amp; Völker" for the label `Kräfte &amp; Völker`
		// (hoochicken/nand-rpg, eval4B), which the browser shows as
		// "Kräfte & Völker". The title is the text shown.
		{name: "nav title with a character reference", config: "nav:\n  - \"Kräfte &amp; Völker\":\n    - \"KI &#38; Co\": ki.md\n",
			content: "docs", nav: []layout.NavEntry{{Title: "Kräfte & Völker"}, {Path: "ki.md", Title: "KI & Co", Depth: 1}}},
		// The same without autoescape prints a tag in a title as markup:
		// mkdocs build 1.4 writes `<b>Higurashi</b>` into the nav for the
		// section `<b>Higurashi</b>` (07th-mod/wiki, eval11A), which the
		// browser shows as the word in bold; sitegen showed the tags. The
		// title is the text shown, TitleHTML the markup the nav shows
		// (the inline elements sitegen's raw-HTML policy keeps; a link in
		// a link's label is its text).
		{name: "nav title with a tag", config: "nav:\n  - <b>Higurashi</b>:\n    - \"1. <i>Intro</i> &amp; more\": intro.md\n    - \"<a href='x'>Out</a> <span onclick='x()'>side</span>\": out.md\n",
			content: "docs", nav: []layout.NavEntry{{Title: "Higurashi", TitleHTML: "<b>Higurashi</b>"},
				{Path: "intro.md", Title: "1. Intro & more", TitleHTML: "1. <i>Intro</i> &amp; more", Depth: 1},
				{Path: "out.md", Title: "Out side", TitleHTML: "Out <span>side</span>", Depth: 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{"mkdocs.yml": tt.config}))
			if err != nil || l == nil {
				t.Fatalf("Recognise = %v, %v", l, err)
			}
			// "site_url: Set the canonical URL of the site"
			// (https://www.mkdocs.org/user-guide/configuration/#site_url).
			tt.settings.BaseURLKey = "site_url"
			if l.Content != tt.content || l.Settings != tt.settings || !slices.Equal(l.Nav, tt.nav) {
				t.Errorf("got %q %+v %+v, want %q %+v %+v", l.Content, l.Settings, l.Nav, tt.content, tt.settings, tt.nav)
			}
		})
	}
}

func TestBadConfig(t *testing.T) {
	_, err := Recognise(layouttest.Write(t, map[string]string{"mkdocs.yml": "site_name: x\nnav:\n  - a.md\n   - b: [\n"}))
	var ce *layout.ConfigError
	if !errors.As(err, &ce) || ce.File != "mkdocs.yml" || ce.Line != 4 || strings.HasPrefix(ce.Msg, "line") {
		t.Fatalf("err = %#v, want a ConfigError at line 4 of mkdocs.yml", err)
	}
}

// TestUnpublishedPaths checks MkDocs' documented rules
// (https://www.mkdocs.org/user-guide/configuration/#exclude_docs):
// exclude_docs "defines patterns of files (under docs_dir) to not be
// picked up into the built site ... This follows the .gitignore pattern
// format ... The following defaults are always implicitly prepended - to
// exclude dot-files (and directories) as well as the top-level templates
// directory: .* /templates/"; draft_docs "defines patterns of files
// (under docs_dir) to be treated as a draft. Draft files are available
// during mkdocs serve and include a "DRAFT" mark but will not be included
// in the build" (shown with sitegen's --drafts).
func TestUnpublishedPaths(t *testing.T) {
	l, err := Recognise(layouttest.Write(t, map[string]string{"mkdocs.yml": "site_name: M\n" +
		"exclude_docs: |\n  # A file with this name anywhere.\n  api-config.json\n  /requirements.txt\n  *.py\n  !/foo/example.py\n" +
		"draft_docs:\n  - drafts/\n  - \"*_unpublished.md\"\n  - \"!/foo_unpublished.md\"\n"}))
	if err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]string{
		"templates/base.md": ExcludeReason, "x/templates/a.md": "",
		"api-config.json": ExcludeReason, "a/api-config.json": ExcludeReason, "requirements.txt": ExcludeReason, "a/requirements.txt": "",
		"x.py": ExcludeReason, "foo/example.py": "", "drafts/a.md": DraftReason, "a/drafts/b.md": DraftReason,
		"x_unpublished.md": DraftReason, "foo_unpublished.md": "", "index.md": "",
	} {
		got := ""
		if rule := l.UnpublishedPath(rel, false); rule != nil {
			got = rule.Reason
			if rule.Preview != (got == DraftReason) {
				t.Errorf("%s: Preview = %v", rel, rule.Preview)
			}
		}
		if got != want {
			t.Errorf("UnpublishedPath(%s) = %q, want %q", rel, got, want)
		}
	}
	// Without exclude_docs, MkDocs' default still holds.
	l, err = Recognise(layouttest.Write(t, map[string]string{"mkdocs.yml": ""}))
	if err != nil {
		t.Fatal(err)
	}
	if rule := l.UnpublishedPath("templates/x.md", false); rule == nil || rule.Reason != ExcludeReason {
		t.Errorf("templates/ is published by default: %+v", rule)
	}
}

// TestPluginsNotImplemented checks that the build names the plugins of
// mkdocs.yml that sitegen does not implement, so that what they change
// (mkdocs-static-i18n's per-language links, evaluate2's
// Nemo-Illusionist/ttrpg_srd_markdown) is not a silent difference.
// MkDocs 1.4's config/defaults.py: "plugins = c.Plugins(theme_key='theme',
// default=['search']) — A list of plugins. Each item may contain a string
// name or a key value pair. A key value pair should be the string name (as
// the key) and a dict of config options (as the value)."; its
// config/config_options.py, class Plugins: "A list or dict of plugins."
// (https://www.mkdocs.org/user-guide/configuration/#plugins). search is
// MkDocs' own plugin, and sitegen builds its own search: not named.
func TestPluginsNotImplemented(t *testing.T) {
	tests := []struct {
		name, config string
		want         string // "" for no note
	}{
		{name: "no plugins", config: "site_name: S\n"},
		{name: "search only", config: "plugins:\n  - search\n"},
		{name: "search with options", config: "plugins:\n  - search:\n      lang: en\n"},
		{name: "list of names and key value pairs", config: "plugins:\n  - macros:\n      module_name: main\n  - search\n  - minify:\n      minify_html: true\n  - awesome-pages\n",
			// awesome-pages is implemented (its .pages files: TestMkDocsAwesomePages in package site).
			want: "mkdocs.yml: plugins macros, minify not implemented: the pages are built as MkDocs builds them without these plugins"},
		{name: "dict of plugins", config: "plugins:\n  search: {}\n  tags:\n    tags_file: tags.md\n",
			want: "mkdocs.yml: plugin tags not implemented: the pages are built as MkDocs builds them without this plugin"},
		{name: "empty plugins", config: "plugins:\n"},
		// mkdocs-static-i18n's suffix and folder structures are implemented (i18n.go), no other.
		{name: "i18n unknown structure", config: "plugins:\n  - i18n:\n      docs_structure: tree\n      languages:\n        - locale: en\n          default: true\n",
			want: "mkdocs.yml: plugin i18n (docs_structure tree) not implemented: the pages are built as MkDocs builds them without this plugin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{"mkdocs.yml": tt.config}))
			if err != nil || l == nil {
				t.Fatalf("Recognise = %v, %v", l, err)
			}
			var got []string
			for _, n := range l.Notes {
				if strings.Contains(n, "plugin") {
					got = append(got, n)
				}
			}
			var want []string
			if tt.want != "" {
				want = []string{tt.want}
			}
			if !slices.Equal(got, want) {
				t.Errorf("notes = %q, want %q", got, want)
			}
		})
	}
}

// TestExtraAssetsNoted checks that extra_css and extra_javascript are named
// in a note, as they are not applied. MkDocs: "extra_css: Set a list of CSS
// files (relative to docs_dir) to be included by the theme, typically as
// <link> tags", "extra_javascript: Set a list of JavaScript files in your
// docs_dir to be included by the theme, as <script> tags"
// (https://www.mkdocs.org/user-guide/configuration/#extra_css). sitegen's
// pages carry no author CSS or script (raw HTML <script> is removed); a
// remote URL is never fetched (the build is offline).
func TestExtraAssetsNoted(t *testing.T) {
	tests := []struct {
		name, config string
		want         []string
	}{
		{name: "none", config: "site_name: S\n"},
		{name: "empty lists", config: "extra_css: []\nextra_javascript: []\n"},
		{name: "css", config: "extra_css:\n  - styles/extra.css\n",
			want: []string{"mkdocs.yml: extra_css styles/extra.css not applied: the pages use sitegen's own style sheet (the local files are published; a remote URL is never fetched or linked)"}},
		{name: "js local and remote, mapping form", config: "extra_javascript:\n  - js/a.js\n  - path: js/b.mjs\n    type: module\n  - https://unpkg.com/mermaid/dist/mermaid.min.js\n",
			want: []string{"mkdocs.yml: extra_javascript js/a.js, js/b.mjs, https://unpkg.com/mermaid/dist/mermaid.min.js not applied: sitegen's pages carry no author script (the local files are published; a remote URL is never fetched or linked; sitegen draws mermaid diagrams itself)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{"mkdocs.yml": tt.config}))
			if err != nil || l == nil {
				t.Fatalf("Recognise = %v, %v", l, err)
			}
			var got []string
			for _, n := range l.Notes {
				if strings.Contains(n, "extra_") {
					got = append(got, n)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("notes = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestNavMissingPage: a nav entry naming a Markdown file the docs folder
// lacks is built by MkDocs 1.4 with "WARNING - A relative path to
// 'missing/index.md' is included in the 'nav' configuration, which is not
// found in the documentation files" (measured: mkdocs build, the entry a
// link to the path as written); sitegen warns at the entry's line.
func TestNavMissingPage(t *testing.T) {
	const warn = "nav names %s, which is not in docs/: shown as text, not a link (MkDocs links it as written, a dead link)"
	i18n := "plugins:\n  - i18n:\n      docs_structure: %s\n      languages:\n        - locale: en\n          default: true\n        - locale: fr\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"docs folder", map[string]string{
			"mkdocs.yml":    "site_name: S\nnav:\n  - Home: index.md\n  - Part:\n    - Gone: missing/index.md\n  - lost.md\n",
			"docs/index.md": "# Home\n",
		}, []string{"mkdocs.yml:5: " + fmt.Sprintf(warn, "missing/index.md"), "mkdocs.yml:6: " + fmt.Sprintf(warn, "lost.md")}},
		// mkdocs-static-i18n: a nav: path names the default language's
		// file ("folder.I18nFiles looks up LANG/path, then DEFAULT/path,
		// then path"; suffix: page.en.md). Noaaan/MythicWiki's 80 nav
		// entries (docs/en/…) were each warned.
		{"i18n folder", map[string]string{
			"mkdocs.yml":       "site_name: S\n" + fmt.Sprintf(i18n, "folder") + "nav:\n  - Home: index.md\n  - Rules: rules/combat.md\n  - lost.md\n",
			"docs/en/index.md": "# Home\n", "docs/en/rules/combat.md": "# Combat\n", "docs/fr/index.md": "# Accueil\n",
		}, []string{"mkdocs.yml:12: " + fmt.Sprintf(warn, "lost.md")}},
		{"i18n suffix", map[string]string{
			"mkdocs.yml":    "site_name: S\n" + fmt.Sprintf(i18n, "suffix") + "nav:\n  - Home: index.md\n  - Rules: rules/combat.md\n  - lost.md\n",
			"docs/index.md": "# Home\n", "docs/rules/combat.en.md": "# Combat\n", "docs/index.fr.md": "# Accueil\n",
		}, []string{"mkdocs.yml:12: " + fmt.Sprintf(warn, "lost.md")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, tc.files))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, n := range l.Notes {
				if strings.Contains(n, "nav names") {
					got = append(got, n)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("notes %q, want %q", got, tc.want)
			}
		})
	}
}

// TestNavSectionIndexes: Material for MkDocs' navigation.indexes ("When
// section index pages are enabled, documents can be directly attached to
// sections, which is particularly useful for providing overview pages",
// https://squidfunk.github.io/mkdocs-material/setup/setting-up-navigation/#section-index-pages)
// applies to a nav: of mkdocs.yml too: mkdocs 1.4 with Material 8.2.5
// built Casys-AI/casys-rpg's "Concepts: [Overview: …/concepts/index.md,
// …]" as the section "Concepts" linking to that page, "Overview" not
// listed. A first entry that is no index page, or whose file is not
// there (a link for MkDocs), leaves the section as it is.
func TestNavSectionIndexes(t *testing.T) {
	files := map[string]string{
		"docs/index.md": "", "docs/concepts/index.md": "", "docs/concepts/core.md": "", "docs/api/routes.md": "",
	}
	nav := "nav:\n  - Home: index.md\n  - Concepts:\n    - Overview: concepts/index.md\n    - Core: concepts/core.md\n" +
		"  - API:\n    - Routes: api/routes.md\n  - Parts:\n    - Overview: parts/index.md\n"
	for _, tc := range []struct{ name, theme, want string }{
		{"navigation.indexes", "theme:\n  name: material\n  features:\n    - navigation.indexes\n",
			"0 index.md Home|0 concepts/index.md Concepts|1 concepts/core.md Core|0  API|1 api/routes.md Routes|0  Parts|1 parts/index.md Overview"},
		{"without the feature", "theme:\n  name: material\n",
			"0 index.md Home|0  Concepts|1 concepts/index.md Overview|1 concepts/core.md Core|0  API|1 api/routes.md Routes|0  Parts|1 parts/index.md Overview"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := maps.Clone(files)
			fs["mkdocs.yml"] = "site_name: S\n" + tc.theme + nav
			l, err := Recognise(layouttest.Write(t, fs))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range l.Nav {
				got = append(got, fmt.Sprintf("%d %s %s", e.Depth, e.Path, e.Title))
			}
			if strings.Join(got, "|") != tc.want {
				t.Errorf("nav\n%s\nwant\n%s", strings.Join(got, "|"), tc.want)
			}
		})
	}
}

// TestNavSections: Material for MkDocs' navigation.sections, "When
// sections are enabled, top-level sections are rendered as groups in the
// sidebar" (https://squidfunk.github.io/mkdocs-material/setup/setting-up-navigation/#navigation-sections):
// a top entry's entries show whatever page is open (layout.Layout.NavUnfold 1).
func TestNavSections(t *testing.T) {
	for theme, want := range map[string]int{
		"theme:\n  name: material\n  features:\n    - navigation.sections\n": 1,
		"theme:\n  name: material\n":                                         0,
		"theme: readthedocs\n":                                               0,
	} {
		l, err := Recognise(layouttest.Write(t, map[string]string{"mkdocs.yml": "site_name: S\n" + theme}))
		if err != nil {
			t.Fatal(err)
		}
		if l.NavUnfold != want {
			t.Errorf("%q: NavUnfold %d, want %d", theme, l.NavUnfold, want)
		}
	}
}
