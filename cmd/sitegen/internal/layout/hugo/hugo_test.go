package hugo

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

func TestRecognise(t *testing.T) {
	tests := []struct {
		name      string
		files     map[string]string
		hugo      bool
		noContent bool
		content   string
		static    []string
		settings  layout.Settings
	}{
		{name: "hugo.toml", hugo: true, files: map[string]string{"hugo.toml": "title = \"Wiki\"\nbaseURL = \"https://wiki.test/\"\nlanguageCode = \"en-gb\"\n", "content/a.md": ""},
			content: "content", static: []string{"static"}, settings: layout.Settings{Title: "Wiki", BaseURL: "https://wiki.test/", LanguageCode: "en-gb"}},
		{name: "yaml with dirs", hugo: true, files: map[string]string{"hugo.yaml": "title: W\ncontentDir: docs\nstaticDir: [static, assets/img]\n", "docs/a.md": ""},
			content: "docs", static: []string{"static", "assets/img"}, settings: layout.Settings{Title: "W"}},
		{name: "json", hugo: true, files: map[string]string{"hugo.json": `{"title": "J", "staticDir": "files"}`, "content/a.md": ""},
			content: "content", static: []string{"files"}, settings: layout.Settings{Title: "J"}},
		{name: "config.toml with content/", hugo: true, files: map[string]string{"config.toml": "title = \"Old\"\n", "content/_index.md": ""},
			content: "content", static: []string{"static"}, settings: layout.Settings{Title: "Old"}},
		{name: "config.toml without content/ is someone else's", files: map[string]string{"config.toml": "x = 1\n"}},
		// Issue 32, KB5 (Daggerheart_SRD): config.yaml with Hugo's own
		// signs (a layouts/, themes/ or archetypes/ folder; a key only
		// Hugo's settings have) and no content/ is a Hugo site with no
		// content pages: "contentDir ... Default: content"
		// (https://gohugo.io/getting-started/configuration/#contentdir).
		{name: "config.yaml, layouts/, no content/", hugo: true, noContent: true, files: map[string]string{"config.yaml": "title: X\n", "layouts/index.html": "<p>home</p>", "CLAUDE.md": "# agent\n"},
			content: "content", static: []string{"static"}, settings: layout.Settings{Title: "X"}},
		{name: "config.yaml with baseURL, no content/", hugo: true, noContent: true, files: map[string]string{"config.yaml": "baseURL: https://x.test/\ntitle: X\n"},
			content: "content", static: []string{"static"}, settings: layout.Settings{Title: "X", BaseURL: "https://x.test/"}},
		// "unsafe: By default, Goldmark does not render raw HTML and
		// potentially dangerous links. ... set unsafe to true"
		// (https://gohugo.io/getting-started/configuration-markup/#goldmark);
		// issue 32, KB7 (bestia-docs).
		{name: "markup.goldmark.renderer.unsafe", hugo: true, files: map[string]string{"hugo.yaml": "title: U\nmarkup:\n  goldmark:\n    renderer:\n      unsafe: true\n", "content/a.md": ""},
			content: "content", static: []string{"static"}, settings: layout.Settings{Title: "U", Unsafe: true}},
		{name: "unsafe, keys in another case", hugo: true, files: map[string]string{"hugo.toml": "title = \"U\"\n[Markup.Goldmark.Renderer]\nUnsafe = true\n", "content/a.md": ""},
			content: "content", static: []string{"static"}, settings: layout.Settings{Title: "U", Unsafe: true}},
		{name: "config.yaml without Hugo's signs is someone else's", files: map[string]string{"config.yaml": "title: X\nport: 80\n", "notes/a.md": ""}},
		{name: "hugo.toml, no content/", hugo: true, noContent: true, files: map[string]string{"hugo.toml": "title = \"H\"\n"},
			content: "content", static: []string{"static"}, settings: layout.Settings{Title: "H"}},
		{name: "no settings", files: map[string]string{"content/a.md": ""}},
		// "Instead of a single project configuration file, split your
		// configuration by environment, root configuration key, and
		// language": config/_default/hugo.toml
		// (https://gohugo.io/configuration/introduction/#configuration-directory)
		// "The default environment for hugo is production": config/production/
		// merged over config/_default/ (evaluate3 G5; Hugo 0.111 `hugo config`
		// on these fixtures agrees: TestHugo/configuration_directory in testing/conformance).
		{name: "configuration directory", hugo: true, files: map[string]string{"config/_default/hugo.toml": "title = \"Dir\"\n", "config/production/hugo.toml": "baseURL = \"https://p.test/\"\n", "content/_index.md": ""},
			content: "content", static: []string{"static"}, settings: layout.Settings{Title: "Dir", BaseURL: "https://p.test/"}},
		{name: "production over _default, a key's own file", hugo: true, files: map[string]string{
			"config/_default/hugo.toml": "title = \"Dir\"\nlanguageCode = \"en-gb\"\n", "config/production/hugo.toml": "title = \"Prod\"\n",
			"config/_default/params.toml": "copyright = \"not the root's\"\n", "content/_index.md": ""},
			content: "content", static: []string{"static"}, settings: layout.Settings{Title: "Prod", LanguageCode: "en-gb"}},
		{name: "production only", hugo: true, files: map[string]string{"config/production/hugo.toml": "title = \"OnlyProd\"\n", "content/_index.md": ""},
			content: "content", static: []string{"static"}, settings: layout.Settings{Title: "OnlyProd"}},
		// "Configuration keys ... can be set per language"
		// (https://gohugo.io/content-management/multilingual/#configure-languages):
		// the default language's title and languageCode are its site's
		// (evaluate3 G3, JavOrraca/dungeons-and-dragons). Hugo 0.111 with
		// this config.toml and {{ .Site.Title }}|{{ .Site.LanguageCode }}
		// printed: "D&D Adventures|en-us".
		{name: "languages.en over the root", hugo: true, files: map[string]string{
			"config.toml": "title = \"Root\"\n[languages.en]\ntitle = \"D&D Adventures\"\nlanguageCode = \"en-us\"\nweight = 1\n", "content/post/a.md": ""},
			content: "content", static: []string{"static"}, settings: layout.Settings{Title: "D&D Adventures", LanguageCode: "en-us"}},
		{name: "defaultContentLanguage's, not another language's", hugo: true, files: map[string]string{
			"hugo.toml": "defaultContentLanguage = \"fr\"\n[languages.en]\ntitle = \"Rules\"\n[languages.fr]\ntitle = \"Règles\"\n", "content/a.md": ""},
			// Its pages are in defaultContentLanguage, their <html lang>.
			content: "content", static: []string{"static"}, settings: layout.Settings{Title: "Règles", LanguageCode: "fr"}},
		{name: "another environment's folder of another program", files: map[string]string{"config/dev/config.yml": "x: 1\n", "notes/a.md": ""}},
		{name: "configuration directory, config.toml", hugo: true, files: map[string]string{"config/_default/config.toml": "title = \"Mordheim\"\n", "content/_index.md": ""},
			content: "content", static: []string{"static"}, settings: layout.Settings{Title: "Mordheim"}},
		{name: "a config/ folder of another program", files: map[string]string{"config/_default/settings.json": "{}", "content/a.md": ""}},
		// "target: Where it should be mounted into Hugo's virtual
		// filesystem. It must start with one of Hugo's component folders:
		// static, content, layouts, data, assets, i18n, or archetypes"; "When
		// you add a mount, the default mount for the concerned target root is
		// ignored" (https://gohugo.io/configuration/module/#mounts). eval9B
		// NB3 (gohugoio/hugoDocs: source content/en, target content; Hugo
		// 0.111 writes content/en/install/_index.md to /install/): sitegen
		// published every page under /en/ and 1,789 links were broken.
		{name: "module.mounts: content from content/en", hugo: true, files: map[string]string{
			"hugo.toml":       "title = \"M\"\n[[module.mounts]]\nsource = \"assets\"\ntarget = \"assets\"\n[[module.mounts]]\nsource = \"content/en\"\ntarget = \"content\"\n",
			"content/en/a.md": ""},
			content: "content/en", static: []string{"static"}, settings: layout.Settings{Title: "M"}},
		{name: "module.mounts in YAML", hugo: true, files: map[string]string{
			"hugo.yaml": "title: M\nmodule:\n  mounts:\n    - Source: docs/en\n      Target: content\n", "docs/en/a.md": ""},
			content: "docs/en", static: []string{"static"}, settings: layout.Settings{Title: "M"}},
		{name: "module.mounts: a content mount below content/ is not the root", hugo: true, files: map[string]string{
			"hugo.toml":    "title = \"M\"\n[[module.mounts]]\nsource = \"content\"\ntarget = \"content\"\n[[module.mounts]]\nsource = \"extra\"\ntarget = \"content/extra\"\n",
			"content/a.md": ""},
			content: "content", static: []string{"static"}, settings: layout.Settings{Title: "M"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, tt.files))
			if err != nil {
				t.Fatal(err)
			}
			if (l != nil) != tt.hugo {
				t.Fatalf("hugo = %v, want %v", l != nil, tt.hugo)
			}
			if l == nil {
				return
			}
			if l.NoContent != tt.noContent {
				t.Errorf("NoContent = %v, want %v", l.NoContent, tt.noContent)
			}
			if tt.noContent && !slices.ContainsFunc(l.Notes, func(n string) bool { return strings.Contains(n, "layouts/") && strings.Contains(n, "not run") }) {
				t.Errorf("notes %q: no warning that Hugo's templates are not run", l.Notes)
			}
			want := tt.settings
			want.BaseURLKey = "baseURL" // "baseURL: The absolute URL … of your published site" (https://gohugo.io/getting-started/configuration/#baseurl)
			// "set unsafe to true" under markup.goldmark.renderer
			// (https://gohugo.io/getting-started/configuration-markup/#goldmark), in the site's own file.
			want.UnsafeHint = "markup.goldmark.renderer.unsafe: true in " + l.File
			if l.Content != tt.content || !slices.Equal(l.Static, tt.static) || l.Settings != want || l.Redirects != "aliases" {
				t.Errorf("got %q %q %+v %q, want %q %q %+v aliases", l.Content, l.Static, l.Settings, l.Redirects, tt.content, tt.static, want)
			}
		})
	}
}

// evaluate3 G5 (herzbube/littlego-usermanual): settings only in
// config/online/ and config/offline/. Hugo 0.111's `hugo` there: "Error:
// Unable to locate config file or config directory"; it builds with
// --environment online. sitegen refuses it too, naming the folders and the
// way out, instead of building it as a folder with its shortcodes as text.
func TestRecogniseOtherEnvironment(t *testing.T) {
	l, err := Recognise(layouttest.Write(t, map[string]string{
		"config/online/hugo.toml": "title = \"Online\"\n", "config/offline/hugo.toml": "title = \"Offline\"\n", "content/a.md": "",
	}))
	var ce *layout.ConfigError
	if !errors.As(err, &ce) || l != nil {
		t.Fatalf("got %+v, %v; want a *layout.ConfigError", l, err)
	}
	for _, want := range []string{"config/offline/ and config/online/", "--environment offline", "Unable to locate config file or config directory"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
}

// TestRecogniseEnvironment: `hugo --environment NAME` reads config/NAME/
// over config/_default/; "The default environment for hugo is
// production, and for hugo server is development"
// (https://gohugo.io/getting-started/configuration/#configuration-directory).
// Issue 32: sitegen's --environment builds what Hugo builds with it.
func TestRecogniseEnvironment(t *testing.T) {
	files := map[string]string{
		"config/_default/hugo.toml":    "title = \"Default\"\nbaseURL = \"https://d.test/\"\n",
		"config/online/hugo.toml":      "title = \"Online\"\n",
		"config/production/hugo.toml":  "title = \"Production\"\n",
		"config/development/hugo.toml": "title = \"Development\"\n",
		"content/a.md":                 "",
	}
	only := map[string]string{"config/online/hugo.toml": "title = \"Online\"\n", "content/a.md": ""}
	tests := []struct {
		name, env string
		files     map[string]string
		title     string
	}{
		{"default: production", "", files, "Production"},
		{"online", "online", files, "Online"},
		{"development (hugo server's)", "development", files, "Development"},
		{"a folder that is not there: _default alone", "staging", files, "Default"},
		{"settings only in the environment's folder", "online", only, "Online"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := RecogniseIn(layouttest.Write(t, tt.files), tt.env)
			if err != nil || l == nil {
				t.Fatalf("RecogniseIn: %+v, %v", l, err)
			}
			if l.Settings.Title != tt.title {
				t.Errorf("title %q, want %q", l.Settings.Title, tt.title)
			}
		})
	}
}

// TestLanguages: a multilingual site builds each language as a site of its
// own (a locale), in Hugo's order of languages, from its contentDir or
// from the files named with its code, with its own title and menus.
// "Hugo renders each language ... under its own language prefix"
// (https://gohugo.io/content-management/multilingual/); "weight: The
// language weight. When set to a non-zero value, this is the primary sort
// criteria for this language"; "disabled: Set to true to disable the
// language" (https://gohugo.io/content-management/multilingual/#configure-languages).
// eval13A NA2, 027xiguapi/HowToCook: content/en/ was dropped.
func TestLanguages(t *testing.T) {
	for _, tt := range []struct {
		name     string
		files    map[string]string
		content  string
		want     []string // each locale: name, path, content, title
		menu     string   // the first locale's first main menu entry
		redirect string   // layout.Layout.RootRedirect
	}{
		{name: "by contentDir, default zh", content: "content/zh", files: map[string]string{
			"hugo.toml": "title = \"Root\"\ndefaultContentLanguage = \"zh\"\n[languages.zh]\ncontentDir = \"content/zh\"\nweight = 1\ntitle = \"菜谱\"\n" +
				"[languages.en]\ncontentDir = \"content/en\"\nweight = 2\ntitle = \"Recipes\"\n[[languages.en.menu.main]]\nname = \"About\"\nurl = \"/about/\"\n",
			"content/zh/a.md": "", "content/en/a.md": "",
		}, want: []string{"zh  - ", "en en content/en Recipes"}, menu: "About"},
		{name: "by weight, then name; disabled left out", content: "content", files: map[string]string{
			"hugo.toml": "[languages.en]\nweight = 1\n[languages.fr]\ncontentDir = \"fr\"\n[languages.de]\ncontentDir = \"de\"\n" +
				"[languages.it]\ncontentDir = \"it\"\nweight = 2\n[languages.es]\ncontentDir = \"es\"\ndisabled = true\n",
			"content/a.md": "", "fr/a.md": "", "de/a.md": "", "it/a.md": "", "es/a.md": "",
		}, want: []string{"en  - ", "it it it ", "de de de ", "fr fr fr "}},
		{name: "by file name", content: "content", files: map[string]string{
			"hugo.toml":    "title = \"Root\"\n[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\ntitle = \"Règles\"\n",
			"content/a.md": "", "content/a.fr.md": "",
		}, want: []string{"en  - ", "fr fr content Règles"}},
		// "defaultContentLanguageInSubdir: Render the default content
		// language in subdir, e.g. content/en/ ... will be rendered to
		// public/en/": the default is a locale in its folder too, the
		// root a redirect there.
		{name: "defaultContentLanguageInSubdir", content: "content", redirect: "en/", files: map[string]string{
			"hugo.toml":    "title = \"Root\"\ndefaultContentLanguageInSubdir = true\n[languages.en]\nweight = 1\ntitle = \"Rules\"\n[languages.fr]\nweight = 2\ntitle = \"Règles\"\n",
			"content/a.md": "", "content/a.fr.md": "",
		}, want: []string{"en en content Rules", "fr fr content Règles"}},
		// config/_default/languages.LANG.toml is that language's table
		// (northcoder-repo/hugo_i18n_demo; Hugo 0.111 measured: its de
		// site is built from content/de with its title), not a
		// languages key of the language as menus.LANG.toml's menus are.
		{name: "configuration directory, languages.LANG.toml", content: "content/fr", redirect: "fr/", files: map[string]string{
			"config/_default/hugo.toml":         "title = \"Root\"\ndefaultContentLanguage = \"fr\"\ndefaultContentLanguageInSubdir = true\n",
			"config/_default/languages.fr.toml": "title = \"Démo\"\ncontentDir = \"content/fr\"\nweight = 1\n",
			"config/_default/languages.de.toml": "title = \"Demo\"\ncontentDir = \"content/de\"\nweight = 2\n",
			"content/fr/a.md":                   "", "content/de/a.md": "",
		}, want: []string{"fr fr content/fr Démo", "de de content/de Demo"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, tt.files))
			if err != nil || l == nil {
				t.Fatalf("Recognise: %v, %v", l, err)
			}
			if l.Content != tt.content {
				t.Errorf("content %q, want %q", l.Content, tt.content)
			}
			var got []string
			for _, loc := range l.Locales {
				s := loc.Name + " " + loc.Path + " - "
				if loc.Layout != nil {
					s = loc.Name + " " + loc.Path + " " + loc.Layout.Content + " " + loc.Layout.Settings.Title
					if tt.menu != "" && (len(loc.Layout.Menu) == 0 || loc.Layout.Menu[0].Name != tt.menu) {
						t.Errorf("locale %s: menu %v, want %s first", loc.Name, loc.Layout.Menu, tt.menu)
					}
				}
				got = append(got, s)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("locales %q, want %q", got, tt.want)
			}
			if l.RootRedirect != tt.redirect {
				t.Errorf("root redirect %q, want %q", l.RootRedirect, tt.redirect)
			}
		})
	}
}
