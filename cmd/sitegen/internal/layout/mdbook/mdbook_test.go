package mdbook

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// The settings of https://rust-lang.github.io/mdBook/format/configuration/general.html
// and .../renderers.html that a book's site takes.
func TestRecognise(t *testing.T) {
	tests := []struct {
		rule     string
		files    map[string]string
		content  string
		home     string
		settings layout.Settings
	}{
		{
			rule:    `"src: By default, the source directory is found in the directory named src directly under the root folder."`,
			files:   map[string]string{"book.toml": "[book]\ntitle = \"Old School\"\n", "src/SUMMARY.md": "- [Intro](README.md)\n"},
			content: "src", settings: layout.Settings{Title: "Old School"},
		},
		{
			rule: `"But this is configurable with the src key in the configuration file." "language: The main language of the book" ` +
				`"site-url: The url where the book will be hosted."`,
			files: map[string]string{"book.toml": "[book]\nsrc = \"my-src\"\nlanguage = \"fr\"\n[output.html]\nsite-url = \"/regles/\"\n",
				"my-src/SUMMARY.md": "[Préface](preface.md)\n- [Dés](des.md)\n"},
			content: "my-src", home: "preface.md", settings: layout.Settings{LanguageCode: "fr", BaseURL: "/regles/"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, tt.files))
			if err != nil || l == nil {
				t.Fatalf("Recognise = %v, %v", l, err)
			}
			if l.Kind != layout.MdBook || l.Content != tt.content || l.Home != tt.home || l.Settings != tt.settings || !l.NavOnly {
				t.Errorf("got %s %q home %q %+v NavOnly %v", l.Kind, l.Content, l.Home, l.Settings, l.NavOnly)
			}
		})
	}
}

// TestNoSectionLabel: "no-section-label: By default, mdBook will add
// numeric labels to the chapters in the sidebar, e.g. 1.1 Introduction.
// Set this to true to remove those labels. Defaults to false."
// (https://rust-lang.github.io/mdBook/format/configuration/renderers.html#html-renderer-options).
// The Anomaly Modding Book (Igigog/anomaly-modding-book) sets it; sitegen
// numbered its 398 chapters anyway (eval11A).
func TestNoSectionLabel(t *testing.T) {
	summary := "[Intro](intro.md)\n\n# Part\n\n- [A](a.md)\n  - [B](b.md)\n"
	for _, tt := range []struct {
		toml    string
		numbers []string
	}{
		{"", []string{"", "", "1.", "1.1."}},
		{"[output.html]\nno-section-label = false\n", []string{"", "", "1.", "1.1."}},
		{"[output.html]\nno-section-label = true\n", []string{"", "", "", ""}},
	} {
		l, err := Recognise(layouttest.Write(t, map[string]string{"book.toml": tt.toml, "src/SUMMARY.md": summary}))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range l.Nav {
			got = append(got, e.Number)
		}
		if !slices.Equal(got, tt.numbers) {
			t.Errorf("%q: numbers %q, want %q", tt.toml, got, tt.numbers)
		}
	}
}

// The first chapter is the home page: mdBook writes it as index.html
// (hbs_renderer: the chapter without a previous one "Creating index.html").
func TestHome(t *testing.T) {
	for _, tt := range []struct{ summary, home string }{
		{"# S\n\n[Introduction](intro.md)\n- [A](a.md)\n", "intro.md"},
		{"# S\n\n- [Draft]()\n- [A](rules/a.md)\n", "rules/a.md"},
		{"[Intro](README.md)\n", ""}, // README.md is index.html already
	} {
		l, err := Recognise(layouttest.Write(t, map[string]string{"book.toml": "", "src/SUMMARY.md": tt.summary}))
		if err != nil {
			t.Fatal(err)
		}
		if l.Home != tt.home {
			t.Errorf("%q: home %q, want %q", tt.summary, l.Home, tt.home)
		}
	}
}

// A book.toml or SUMMARY.md that mdBook refuses is an error at its file
// and line.
func TestRecogniseErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		file  string
		line  int
		msg   string
	}{
		{"no SUMMARY.md: \"Without this file, there is no book.\"", map[string]string{"book.toml": "[book]\n", "src/a.md": ""}, "src/SUMMARY.md", 0, "no such file"},
		{"bad book.toml", map[string]string{"book.toml": "[book\n"}, "book.toml", 2, "table name"},
		{"bad SUMMARY.md", map[string]string{"book.toml": "", "src/SUMMARY.md": "- [A](a.md)\n- words\n"}, "src/SUMMARY.md", 2, "only a link"},
		// "create-missing: By default, any missing files specified in
		// SUMMARY.md will be created when the book is built (i.e.
		// create-missing = true). If this is false then the build process
		// will instead exit with an error if any files do not exist."
		// (https://rust-lang.github.io/mdBook/format/configuration/general.html#build-options).
		{"create-missing = false and a chapter file missing", map[string]string{"book.toml": "[build]\ncreate-missing = false\n",
			"src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n    - [B](sub/b.md)\n", "src/a.md": "# A\n"}, "src/SUMMARY.md", 4, `chapter "B": src/sub/b.md does not exist`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Recognise(layouttest.Write(t, tt.files))
			var ce *layout.ConfigError
			if !errors.As(err, &ce) || ce.File != tt.file || ce.Line != tt.line || !strings.Contains(ce.Msg, tt.msg) {
				t.Fatalf("err = %#v, want %s:%d …%s…", err, tt.file, tt.line, tt.msg)
			}
		})
	}
}

// Third-party preprocessors are named as not run, but mdbook-admonish,
// whose blocks are read (markup/admonish).
func TestPreprocessorsNamed(t *testing.T) {
	l, err := Recognise(layouttest.Write(t, map[string]string{
		"book.toml":      "[preprocessor.links]\n[preprocessor.mermaid]\ncommand = \"mdbook-mermaid\"\n[preprocessor.admonish]\n",
		"src/SUMMARY.md": "- [A](a.md)\n",
	}))
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(l.Read, "; ")
	if l.Markup.Admonish == nil {
		t.Error("Markup.Admonish = nil with [preprocessor.admonish]")
	}
	for _, want := range []string{"preprocessor.admonish (its ```admonish blocks as callouts)", "preprocessor.mermaid (not run: diagrams are shown as their source)", "SUMMARY.md (1 chapters)"} {
		if !strings.Contains(got, want) {
			t.Errorf("Read = %q, want %q in it", got, want)
		}
	}
	if strings.Contains(got, "preprocessor.links") {
		t.Errorf("Read = %q names links, which sitegen applies", got)
	}
}

// TestOutput: where a build without --dest writes, as mdBook does
// (https://rust-lang.github.io/mdBook/cli/build.html: "If not specified it
// will default to the value of the build.build-dir key in book.toml, or to
// ./book."; https://rust-lang.github.io/mdBook/format/configuration/general.html:
// "build-dir: The directory to put the rendered book in. By default this is
// book/ in the book's root directory."). A build-dir outside the book's
// folder or with a hidden name is not written to: book/ is, with a note.
func TestOutput(t *testing.T) {
	tests := []struct {
		toml, want string
		note       bool
	}{
		{"", "book", false},
		{"[build]\nbuild-dir = \"site\"\n", "site", false},
		{"[build]\nbuild-dir = \"./out/html/\"\n", "out/html", false},
		{"[build]\nbuild-dir = \"../elsewhere\"\n", "book", true},
		{"[build]\nbuild-dir = \".git\"\n", "book", true},
	}
	for _, tt := range tests {
		l, err := Recognise(layouttest.Write(t, map[string]string{"book.toml": tt.toml, "src/SUMMARY.md": "- [A](a.md)\n"}))
		if err != nil {
			t.Fatalf("%q: %v", tt.toml, err)
		}
		if l.Output != tt.want || (len(l.Notes) > 0) != tt.note {
			t.Errorf("%q: Output %q, notes %q; want %q (a note: %v)", tt.toml, l.Output, l.Notes, tt.want, tt.note)
		}
	}
}

// TestAdmonishDefaults: "default.title (optional): Title to use for
// blocks. Defaults to the directive used in titlecase."; "default.collapsible
// (optional, default: false): Make blocks collapsible by default when set
// to true." (https://tommilligan.github.io/mdbook-admonish/reference.html)
func TestAdmonishDefaults(t *testing.T) {
	for _, tt := range []struct {
		toml        string
		title       string // "" for none
		collapsible bool
	}{
		{"[preprocessor.admonish]\n", "", false},
		{"[preprocessor.admonish]\n[preprocessor.admonish.default]\ntitle = \"Heads up\"\ncollapsible = true\n", "Heads up", true},
	} {
		l, err := Recognise(layouttest.Write(t, map[string]string{"book.toml": tt.toml, "src/SUMMARY.md": "- [A](a.md)\n"}))
		if err != nil {
			t.Fatal(err)
		}
		d := l.Markup.Admonish
		if d == nil {
			t.Fatalf("%q: Markup.Admonish = nil", tt.toml)
		}
		title := ""
		if d.Title != nil {
			title = *d.Title
		}
		if title != tt.title || d.Collapsible != tt.collapsible {
			t.Errorf("%q: defaults %q, %v; want %q, %v", tt.toml, title, d.Collapsible, tt.title, tt.collapsible)
		}
	}
}

// TestHeadingIDs: mdBook's heading id is normalize_id of its text: "keep
// alphanumerics, `_` and `-`" (char::is_alphanumeric, any script),
// ASCII letters lowered, whitespace "-", the rest dropped
// (rust-lang/mdBook src/utils/mod.rs normalize_id). remifabas/jdr (a
// French book) has "## Règles aventure": mdBook's id is règles-aventure,
// sitegen's was goldmark's rgles-aventure (eval15A).
func TestHeadingIDs(t *testing.T) {
	l, err := Recognise(layouttest.Write(t, map[string]string{"book.toml": "", "src/SUMMARY.md": "- [A](a.md)\n"}))
	if err != nil {
		t.Fatal(err)
	}
	if l.Markup.Slug == nil {
		t.Fatal("no Slug: goldmark's ids")
	}
	for in, want := range map[string]string{
		"Règles aventure":                    "règles-aventure",
		"A - Les 6 Caractéristiques de Base": "a---les-6-caractéristiques-de-base",
		"Hello, World!":                      "hello-world",
		"snake_case and C++":                 "snake_case-and-c",
		"Über 日本":                            "Über-日本",
	} {
		if got := l.Markup.Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestDefaultPreprocessorsOff: "use-default-preprocessors: Disable the
// default preprocessors (links & index) by setting this option to false.
// ... Adding [preprocessor.links], for example, will ensure, regardless
// of use-default-preprocessors that links it will run."
// (https://rust-lang.github.io/mdBook/format/configuration/general.html#build-options).
// Without the links preprocessor mdBook leaves {{#include}} and
// {{#title}} in the chapter's text; without index a README.md is not
// its folder's index page: README.md is README.html (ReadmePage).
func TestDefaultPreprocessorsOff(t *testing.T) {
	page := "{{#title Own}}\n# A\n\n{{#include b.txt}}\n\\{{#include b.txt}}\n"
	read := func(string) ([]byte, error) { return []byte("included\n"), nil }
	for _, tt := range []struct {
		name, toml, want, note string
		title                  string
	}{
		{"on", "[book]\n", "\n# A\n\nincluded\n{{#include b.txt}}\n", "", "Own"},
		{"off", "[build]\nuse-default-preprocessors = false\n", page, "README.md", ""},
		{"off, links declared", "[build]\nuse-default-preprocessors = false\n[preprocessor.links]\n", "\n# A\n\nincluded\n{{#include b.txt}}\n", "README.md", "Own"},
		{"off, both declared", "[build]\nuse-default-preprocessors = false\n[preprocessor.links]\n[preprocessor.index]\n", "\n# A\n\nincluded\n{{#include b.txt}}\n", "", "Own"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{"book.toml": tt.toml, "src/SUMMARY.md": "- [A](a.md)\n"}))
			if err != nil {
				t.Fatal(err)
			}
			x := l.Expand("src/a.md", []byte(page), read)
			if string(x.Src) != tt.want || x.Title != tt.title {
				t.Errorf("text %q title %q, want %q %q", x.Src, x.Title, tt.want, tt.title)
			}
			notes := strings.Join(append(l.Notes, l.Read...), "\n")
			if tt.note == "" && strings.Contains(notes, "use-default-preprocessors") || tt.note != "" && !strings.Contains(notes, tt.note) {
				t.Errorf("notes %q, want %q", notes, tt.note)
			}
		})
	}
}

// TestHTMLNotApplied: settings of [output.html] that change mdBook's own
// page, which sitegen's page does not take, are named in a note rather
// than ignored in silence (as MkDocs' extra_css is): "additional-css: …
// a set of stylesheets that will be loaded after the default ones",
// "additional-js: … a set of JavaScript files", "git-repository-url: …
// an icon link will be output in the menu bar", "edit-url-template: …
// shows a "Suggest an edit" button", "theme: … mdBook will selectively
// overwrite the theme files with the ones found in the specified folder"
// (guide/src/format/configuration/renderers.md), the folder theme/ when
// unset (HtmlConfig::theme_dir: "None => root.join("theme")").
// diwako/stalker_anomalies' wiki has additional-css and theme/index.hbs.
func TestHTMLNotApplied(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"none", map[string]string{"book.toml": "[output.html]\ndefault-theme = \"rust\"\n"}, nil},
		{"css, js, repository, edit link", map[string]string{"book.toml": "[output.html]\nadditional-css = [\"./theme/cat.css\", \"x.css\"]\nadditional-js = [\"a.js\"]\ngit-repository-url = \"https://github.com/o/r\"\nedit-url-template = \"https://github.com/o/r/edit/main/{path}\"\n"},
			[]string{
				"book.toml: output.html.additional-css ./theme/cat.css, x.css not applied: the pages use sitegen's own style sheet",
				"book.toml: output.html.additional-js a.js not applied: sitegen's pages carry no author script",
				"book.toml: output.html.git-repository-url not shown: sitegen's page has no repository link in its menu bar",
				"book.toml: output.html.edit-url-template not shown: sitegen's pages have no \"Suggest an edit\" link from mdBook's settings (site.toml's editURL makes one)",
			}},
		{"theme/ by default", map[string]string{"book.toml": "", "theme/index.hbs": "<html></html>", "theme/head.hbs": ""},
			[]string{"book.toml: the theme folder theme/ (head.hbs, index.hbs) not applied: the pages are sitegen's own"}},
		{"theme named", map[string]string{"book.toml": "[output.html]\ntheme = \"my-theme\"\n", "my-theme/css/general.css": "", "theme/index.hbs": ""},
			[]string{"book.toml: the theme folder my-theme/ (css/general.css) not applied: the pages are sitegen's own"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.files["src/SUMMARY.md"] = "- [A](a.md)\n"
			l, err := Recognise(layouttest.Write(t, tt.files))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, n := range l.Notes {
				if strings.Contains(n, "not applied") || strings.Contains(n, "not shown") {
					got = append(got, n)
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("notes %q\nwant %q", got, tt.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tt.want[i]) {
					t.Errorf("note %q\nwant %q…", got[i], tt.want[i])
				}
			}
		})
	}
}
