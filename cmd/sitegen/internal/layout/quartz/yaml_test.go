package quartz

import (
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// yamlConfig is a quartz.config.yaml written the way Quartz 5's own is
// (quartz.config.default.yaml), with the plugins the tests change.
func yamlConfig(plugins string) string {
	return `# yaml-language-server: $schema=./quartz/plugins/quartz-plugins.schema.json
configuration:
  pageTitle: Static Veil SRD
  pageTitleSuffix: ""
  enableSPA: true
  analytics:
    provider: plausible
  locale: en-US
  baseUrl: staticveil.pages.dev
  ignorePatterns:
    - private
    - templates
    - .obsidian
    - "**/sortspec.md"
  theme:
    fontOrigin: googleFonts
plugins:
` + plugins
}

const stdYAMLPlugins = `  - source: "@quartz-community/crawl-links"
    enabled: true
    options:
      markdownLinkResolution: shortest
    order: 60
  - source: github:quartz-community/remove-draft
    enabled: true
  - source: github:quartz-community/explicit-publish
    enabled: false
  - source: github:quartz-community/explorer
    enabled: true
`

// Quartz 5's configuration (https://quartz.jzhao.xyz/configuration, the
// docs/configuration.md of Quartz 5.0.0): "Most of the configuration you
// should need can be done by just editing quartz.config.yaml"; its
// configuration block holds the same pageTitle, baseUrl, locale and
// ignorePatterns as Quartz 4's; "Each plugin entry specifies its source,
// whether it's enabled, execution order, and any options"; "The string
// form github:user/repo#branch and the object form { repo, ref } are
// equivalent ways to specify a branch".
func TestReadYAMLConfig(t *testing.T) {
	tests := []struct {
		name             string
		plugins          string
		drafts, explicit bool
		links            string
		newTab           bool // crawl-links' openLinksInNewTab
	}{
		{name: "stock plugins: remove-draft enabled, explicit-publish disabled", plugins: stdYAMLPlugins, drafts: true, links: "shortest"},
		{name: `"ExplicitPublish ... filter out all notes except for any that have publish: true" enabled by its entry`,
			plugins: strings.Replace(stdYAMLPlugins, "explicit-publish\n    enabled: false", "explicit-publish\n    enabled: true", 1), drafts: true, explicit: true, links: "shortest"},
		{name: "object form {repo, ref} and a #branch", plugins: `  - source:
      repo: github:quartz-community/explicit-publish
      ref: main
    enabled: true
  - source: github:quartz-community/crawl-links#v2
    enabled: true
    options:
      markdownLinkResolution: relative
`, explicit: true, links: "relative"},
		{name: "a plugin not listed does not run: no filter", plugins: "  - source: github:quartz-community/explorer\n    enabled: true\n", links: "shortest"},
		{name: "crawl-links without options: its default, absolute", plugins: "  - source: github:quartz-community/crawl-links\n    enabled: true\n", links: "absolute"},
		{name: `"openLinksInNewTab: When true, configures external links to open in a new tab"`,
			plugins: "  - source: github:quartz-community/crawl-links\n    enabled: true\n    options:\n      markdownLinkResolution: shortest\n      openLinksInNewTab: true\n", links: "shortest", newTab: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _, err := layout.DecodeYAMLMap([]byte(yamlConfig(tt.plugins)))
			if err != nil {
				t.Fatal(err)
			}
			c := ReadYAMLConfig(m)
			if c.PageTitle != "Static Veil SRD" || c.BaseURL != "staticveil.pages.dev" || c.Locale != "en-US" {
				t.Errorf("settings %q %q %q", c.PageTitle, c.BaseURL, c.Locale)
			}
			if want := []string{"private", "templates", ".obsidian", "**/sortspec.md"}; !slices.Equal(c.Ignore, want) {
				t.Errorf("ignore %q, want %q", c.Ignore, want)
			}
			if c.NewTab != tt.newTab {
				t.Errorf("openLinksInNewTab read as %v, want %v", c.NewTab, tt.newTab)
			}
			if c.RemoveDrafts != tt.drafts || c.ExplicitPublish != tt.explicit || c.Links != tt.links {
				t.Errorf("drafts %v explicit %v links %q, want %v %v %q", c.RemoveDrafts, c.ExplicitPublish, c.Links, tt.drafts, tt.explicit, tt.links)
			}
		})
	}
}

// evaluate3 G4 (QBallStan/static-veil-srd-site): a Quartz 5 site was
// built as sitegen's own layout, titled "Untitled", and published the 11
// sortspec.md files its ignorePatterns leave out ("ignorePatterns: a list
// of glob patterns that Quartz should ignore and not search through when
// looking for files inside the content folder",
// https://quartz.jzhao.xyz/configuration). quartz.ts, the TypeScript
// override, is not run: said in a note, and its naming ExplicitPublish is
// obeyed.
func TestRecogniseYAML(t *testing.T) {
	files := map[string]string{
		YAMLConfigFile:                 yamlConfig(stdYAMLPlugins),
		"content/index.md":             "",
		"content/01 Rules/a.md":        "",
		"content/01 Rules/sortspec.md": "",
		"content/sortspec.md":          "",
		OverrideFile:                   "componentRegistry.setOptionOverrides(\"@quartz-community/explorer\", { sortFn: (a, b) => 0 })\n",
	}
	l, err := Recognise(layouttest.Write(t, files))
	if err != nil || l == nil {
		t.Fatal(l, err)
	}
	want := layout.Settings{Title: "Static Veil SRD", BaseURL: "https://staticveil.pages.dev/", BaseURLKey: "baseUrl", LanguageCode: "en-US"}
	if l.Kind != layout.Quartz || l.File != YAMLConfigFile || l.Settings != want {
		t.Errorf("got %v %q %+v", l.Kind, l.File, l.Settings)
	}
	for rel, out := range map[string]bool{"sortspec.md": true, "01 Rules/sortspec.md": true, "01 Rules/a.md": false, "index.md": false} {
		if got := skipped(l, rel); got != out {
			t.Errorf("%s left out = %v, want %v", rel, got, out)
		}
	}
	if l.Unpublished(map[string]any{"draft": true}, "a.md") == "" || l.Unpublished(map[string]any{}, "a.md") != "" {
		t.Error("remove-draft enabled: a draft is not published, another note is")
	}
	if !slices.ContainsFunc(l.Read, func(s string) bool { return strings.Contains(s, "quartz.ts: its TypeScript overrides") }) {
		t.Errorf("no note that quartz.ts is not run: %q", l.Read)
	}
	files[OverrideFile] = "ExternalPlugin.ExplicitPublish()\nconst config = await loadQuartzConfig()\n"
	l, err = Recognise(layouttest.Write(t, files))
	if err != nil || l.Unpublished(map[string]any{}, "a.md") == "" {
		t.Errorf("quartz.ts names ExplicitPublish: a note without publish: true must not be published (%v)", err)
	}
	// quartz.config.ts wins when both are there.
	files[ConfigFile] = config(stdConfiguration, "[Plugin.RemoveDrafts()]", stdTransformers)
	if l, _ := Recognise(layouttest.Write(t, files)); l == nil || l.File != ConfigFile {
		t.Errorf("with both files: %+v", l)
	}
}
