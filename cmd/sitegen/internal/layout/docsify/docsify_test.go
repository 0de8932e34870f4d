package docsify

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestRecognise: a folder whose index.html loads docsify is a docsify
// site; its own files are not pages
// (https://github.com/docsifyjs/docsify/blob/main/docs/configuration.md:
// loadSidebar "Loads sidebar from the Markdown file _sidebar.md",
// loadNavbar "Loads navbar from the Markdown file _navbar.md"; coverpage,
// _coverpage.md), in any folder.
func TestRecognise(t *testing.T) {
	index := `<script>window.$docsify = {loadSidebar: true, loadNavbar: true, coverpage: true}</script>` +
		`<script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`
	for _, tc := range []struct {
		name  string
		files map[string]string
		is    bool
		nav   int
	}{
		{"docsify", map[string]string{"index.html": index, "README.md": "# Home\n", "_sidebar.md": "- [Home](/)\n- [Guide](guide.md)\n"}, true, 2},
		{"docsify without a sidebar", map[string]string{"index.html": index, "README.md": "# Home\n"}, true, 0},
		{"another index.html", map[string]string{"index.html": "<h1>Hello</h1>", "_sidebar.md": "- [Home](/)\n"}, false, 0},
		{"no index.html", map[string]string{"README.md": "# Home\n", "_sidebar.md": "- [Home](/)\n"}, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, tc.files))
			if err != nil {
				t.Fatal(err)
			}
			if (l != nil) != tc.is {
				t.Fatalf("Recognise = %v, want a layout %v", l, tc.is)
			}
			if l == nil {
				return
			}
			if l.Kind != layout.Markdown || len(l.Nav) != tc.nav {
				t.Errorf("Kind %v, Nav %v, want a folder of Markdown with %d entries", l.Kind, l.Nav, tc.nav)
			}
			for _, f := range []string{"_sidebar.md", "_navbar.md", "_coverpage.md", "guide/_sidebar.md"} {
				if !l.Skip(f, false) {
					t.Errorf("%s is a page", f)
				}
			}
			if l.Skip("guide.md", false) || l.Skip("README.md", false) {
				t.Error("a page is skipped")
			}
		})
	}
}

// TestParseSidebar: "Create the _sidebar.md: - [Home](/) - [Page 1](page-1.md)"
// and "To create section headers: - Section Header 1 - [Home](/) - [Page
// 1](page-1.md)" nested under it
// (https://github.com/docsifyjs/docsify/blob/main/docs/adding-pages.md);
// a link's title is its label (the page's <title> "is generated from the
// selected sidebar item name").
func TestParseSidebar(t *testing.T) {
	src := "- Section Header 1\n  - [Home](/)\n  - [Page 1](page-1.md)\n" +
		"- Section Header 2\n  + [Page 2](./pages/page-2.md \"The second\")\n    * [Deep](/pages/deep/)\n  - [Route](guide/more)\n" +
		"  - [Out](https://example.com)\n  - [Spaced](My%20Page.md)\n"
	var got []string
	for _, e := range ParseSidebar([]byte(src)) {
		got = append(got, fmt.Sprintf("%d:%s:%s:%d", e.Depth, e.Path, e.Title, e.Line))
	}
	want := []string{
		"0::Section Header 1:1", "1:README.md:Home:2", "1:page-1.md:Page 1:3",
		"0::Section Header 2:4", "1:pages/page-2.md:Page 2:5", "2:pages/deep/README.md:Deep:6", "1:guide/more.md:Route:7",
		"1:My Page.md:Spaced:9",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestReadSettings: docsify's settings are the object assigned to
// window.$docsify in index.html (https://docsify.js.org/#/configuration:
// "You can configure Docsify by defining window.$docsify as an object",
// or "as a function ... [that] should return a config object"); of them
// name ("Website name as it appears in the sidebar", HTML allowed:
// name: '<span>docsify</span>', ?id=name) and homepage ("README.md in your
// docs folder will be treated as the homepage for your website, but
// sometimes you may need to serve another file as your homepage",
// ?id=homepage) are read, as text (no script runs).
func TestReadSettings(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      Settings
	}{
		{"object", `<script>window.$docsify = { name: 'Cepheus SRD', homepage: 'intro.md', loadSidebar: true }</script>`, Settings{"Cepheus SRD", "intro.md"}},
		{"double quotes, quoted keys, comments", "<script>\nwindow.$docsify = {\n  // name: 'not this',\n  \"name\": \"A \\\"B\\\"\", /* homepage: 'x.md' */\n  repo: 'a/b',\n  homepage: `home.md`,\n}\n</script>", Settings{`A "B"`, "home.md"}},
		{"HTML in name", `window.$docsify = {name: '<span>My &amp; Rules</span>'}`, Settings{"My & Rules", ""}},
		{"nested keys are not the site's", `window.$docsify = {search: {name: 'x', homepage: 'y.md'}, alias: {'/a': '/b'}, name: 'Top'}`, Settings{"Top", ""}},
		{"a function", `window.$docsify = function (vm) { return { name: 'F', homepage: 'f.md' } }`, Settings{"F", "f.md"}},
		{"computed by the script", `window.$docsify = {name: 'Menu', homepage: '/rules/' + window.currentLang + '/README.md'}`, Settings{"Menu", ""}},
		{"not a string", `window.$docsify = {name: true, homepage: someVar}`, Settings{}},
		{"no settings", `<script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`, Settings{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ReadSettings([]byte(tc.src)); got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestRecogniseSettings: name is the site's title and homepage's file is
// the home page (README.md is docsify's default; a URL of another site,
// or a file that is not there, is not a page of this one).
func TestRecogniseSettings(t *testing.T) {
	for _, tc := range []struct {
		name, homepage, title, home string
	}{
		{"a file", "intro.md", "SRD", "intro.md"},
		{"from the root, without .md", "/guide/intro", "SRD", "guide/intro.md"},
		{"README.md", "README.md", "SRD", ""},
		{"another site", "https://raw.githubusercontent.com/a/b/main/README.md", "SRD", ""},
		{"missing", "gone.md", "SRD", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := layouttest.Write(t, map[string]string{
				"index.html":     `<script>window.$docsify = {name: 'SRD', homepage: '` + tc.homepage + `'}</script><script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`,
				"README.md":      "# Readme\n",
				"intro.md":       "# Intro\n",
				"guide/intro.md": "# Guide intro\n",
			})
			l, err := Recognise(dir)
			if err != nil || l == nil {
				t.Fatalf("Recognise = %v, %v", l, err)
			}
			if l.Settings.Title != tc.title || l.Home != tc.home {
				t.Errorf("title %q home %q, want %q %q", l.Settings.Title, l.Home, tc.title, tc.home)
			}
		})
	}
}

// TestRecogniseSettingsScript: docsify reads window.$docsify wherever a
// script of the page assigns it ("You can configure Docsify by defining
// window.$docsify as an object", https://docsify.js.org/#/configuration),
// and sites keep it in a script file of their own (<script
// src="./config.js">); sitegen reads such a file of the site's folder, as
// text, and never one of another site or outside the folder.
func TestRecogniseSettingsScript(t *testing.T) {
	const loader = `<script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`
	for _, tc := range []struct {
		name       string
		files      map[string]string
		title      string
		home, read string
	}{
		{"config.js beside index.html", map[string]string{
			"index.html": `<script src="./config.js"></script>` + loader,
			"config.js":  "const sideBar = { loadSidebar: true };\nwindow.$docsify = {\n    name: \"Wiki\",\n    homepage: 'intro.md',\n    ...sideBar,\n};\n",
		}, "Wiki", "intro.md", "name (config.js)"},
		{"in a folder, single quotes, no ./", map[string]string{
			"index.html":     `<script type="text/javascript" src='js/settings.js'></script>` + loader,
			"js/settings.js": "window.$docsify = { name: 'Rules' }\n",
		}, "Rules", "", "name (js/settings.js)"},
		{"index.html's own settings win", map[string]string{
			"index.html": `<script>window.$docsify = {name: 'Inline'}</script><script src="config.js"></script>` + loader,
			"config.js":  "window.$docsify = { name: 'Script' }\n",
		}, "Inline", "", "name"},
		{"a script of another site is not read", map[string]string{
			"index.html": `<script src="https://example.org/config.js"></script>` + loader,
		}, "", "", ""},
		{"a script outside the folder is not read", map[string]string{
			"index.html": `<script src="../config.js"></script>` + loader,
		}, "", "", ""},
		{"a script without $docsify", map[string]string{
			"index.html": `<script src="app.js"></script>` + loader,
			"app.js":     "var name = 'x'\n",
		}, "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"README.md": "# Readme\n", "intro.md": "# Intro\n"}
			for k, v := range tc.files {
				files[k] = v
			}
			dir := layouttest.Write(t, files)
			l, err := Recognise(dir)
			if err != nil || l == nil {
				t.Fatalf("Recognise = %v, %v", l, err)
			}
			if l.Settings.Title != tc.title || l.Home != tc.home {
				t.Errorf("title %q home %q, want %q %q", l.Settings.Title, l.Home, tc.title, tc.home)
			}
			if tc.read != "" && !slices.Contains(l.Read, tc.read) {
				t.Errorf("Read = %q, want it to say %q", l.Read, tc.read)
			}
		})
	}
}

// TestRecogniseDocsFolder: docsify's own instructions put the site in
// docs/ ("It is recommended that you save your files to the ./docs
// subfolder of the main branch of your repository. Then select main
// branch /docs folder as your GitHub Pages source",
// https://docsify.js.org/#/deploy; "docsify init ./docs",
// https://docsify.js.org/#/quickstart), so a repository whose docs/index.html
// loads docsify is that site: its pages, sidebar and settings come from
// docs/, and the repository's other files (its README, scripts) are not
// the site's. An index.html at the root that loads docsify wins.
func TestRecogniseDocsFolder(t *testing.T) {
	index := `<script src="./config.js"></script><script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`
	files := map[string]string{
		"README.md":                "# The repository\n",
		"_old/notes.md":            "# Old notes\n",
		"docs/index.html":          index,
		"docs/config.js":           "window.$docsify = { name: 'Wiki', homepage: 'start.md' }\n",
		"docs/README.md":           "# Home\n",
		"docs/start.md":            "# Start\n",
		"docs/_sidebar.md":         "- [Start](/start.md)\n- Development\n  - [Code](/development/code.md)\n",
		"docs/development/code.md": "# Code\n",
	}
	l, err := Recognise(layouttest.Write(t, files))
	if err != nil || l == nil {
		t.Fatalf("Recognise = %v, %v", l, err)
	}
	if l.Content != "docs" || l.Settings.Title != "Wiki" || l.Home != "start.md" || l.NavFile != "docs/_sidebar.md" || len(l.Nav) != 3 {
		t.Errorf("Content %q Title %q Home %q NavFile %q Nav %v, want docs, Wiki, start.md, docs/_sidebar.md and 3 entries",
			l.Content, l.Settings.Title, l.Home, l.NavFile, l.Nav)
	}
	if !slices.ContainsFunc(l.Read, func(s string) bool { return strings.Contains(s, "docs/index.html") }) {
		t.Errorf("Read = %q, want it to name docs/index.html", l.Read)
	}

	files["index.html"] = `<script>window.$docsify = {name: 'Root'}</script><script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`
	if l, err := Recognise(layouttest.Write(t, files)); err != nil || l == nil || l.Content != "." || l.Settings.Title != "Root" {
		t.Errorf("with a docsify index.html at the root: %+v, %v; want the root's site", l, err)
	}
	delete(files, "index.html")
	files["docs/index.html"] = "<h1>Hello</h1>"
	if l, err := Recognise(layouttest.Write(t, files)); err != nil || l != nil {
		t.Errorf("docs/index.html without docsify: %v, %v; want no docsify site", l, err)
	}
}

// A docsify site is a folder served as it is, usually from a repository
// (GitHub Pages): what its .gitignore files name is not in it, and not
// published (layout.ReadGitignore, git's rules, quoted in layout's
// TestGitignoreFiles). Found by the fourth probe (D1).
func TestRecogniseGitignore(t *testing.T) {
	l, err := Recognise(layouttest.Write(t, map[string]string{
		"index.html":       `<script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`,
		"README.md":        "# Home\n",
		".gitignore":       "gm/\nsecret.md\n",
		"guide/.gitignore": "draft.md\n",
	}))
	if err != nil || l == nil {
		t.Fatal(l, err)
	}
	for rel, want := range map[string]bool{"gm/a.md": true, "secret.md": true, "x/secret.md": true, "guide/draft.md": true, "guide/x/draft.md": true, "draft.md": false, "README.md": false} {
		r := l.UnpublishedPath(rel, false)
		if got := r != nil && r.Reason == layout.GitignoreReason; got != want {
			t.Errorf("%s left out by .gitignore = %v, want %v", rel, got, want)
		}
	}
	if !l.Gitignore {
		t.Error("Gitignore not set: serve would not watch the .gitignore files")
	}
}

// A docsify site in docs/ is part of its repository: the repository's
// .gitignore files above docs/ (and .git/info/exclude) speak of it too,
// as git reads them.
func TestRecogniseGitignoreDocsFolder(t *testing.T) {
	l, err := Recognise(layouttest.Write(t, map[string]string{
		".gitignore":        "docs/secret.md\n*.draft.md\n",
		".git/info/exclude": "docs/mine/\n",
		"docs/index.html":   `<script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`,
		"docs/README.md":    "# Home\n",
		"docs/.gitignore":   "gm/\n",
	}))
	if err != nil || l == nil || l.Content != "docs" {
		t.Fatal(l, err)
	}
	for rel, want := range map[string]bool{"secret.md": true, "a.draft.md": true, "x/b.draft.md": true, "mine/a.md": true, "gm/x.md": true, "README.md": false, "open.md": false} {
		r := l.UnpublishedPath(rel, false)
		if got := r != nil && r.Reason == layout.GitignoreReason; got != want {
			t.Errorf("%s left out by .gitignore = %v, want %v", rel, got, want)
		}
	}
}
