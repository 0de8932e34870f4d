package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/jekyll"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllSass: "Jekyll allows you to use Sass … Sass/SCSS files must
// contain front matter" and Jekyll processes them into CSS
// (https://jekyllrb.com/docs/assets/): assets/css/style.scss with front
// matter is published as style.css, never as its source (eval5B JB3: the
// source, `@import "{{ site.theme }}";`, was published). With no Sass
// compiler on PATH (PATH emptied here) sitegen compiles none: the file
// is not published, with one warning naming it and a compiler to
// install; a .scss without front matter is a static file to Jekyll,
// published as it is.
func TestJekyllSass(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no sass, no sassc
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"_config.yml":           "title: Sheets\n",
		"index.md":              "---\n---\n# Home\n",
		"assets/css/style.scss": "---\n---\n\n@import \"{{ site.theme }}\";\n",
		"assets/css/theme.sass": "---\n---\nbody\n  color: red\n",
		"assets/css/plain.scss": "a { color: red; }\n",
	})
	dest := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"assets/css/style.scss", "assets/css/theme.sass", "assets/css/style.css", "assets/css/theme.css"} {
		if _, err := os.Stat(filepath.Join(dest, f)); err == nil {
			t.Errorf("%s is published", f)
		}
	}
	if _, err := os.Stat(filepath.Join(dest, "assets/css/plain.scss")); err != nil {
		t.Errorf("a .scss without front matter is not published: %v", err)
	}
	var sass []string
	for _, w := range res.WarningList {
		if strings.Contains(w.String(), "Sass") {
			sass = append(sass, w.String())
		}
	}
	if len(sass) != 2 || !strings.Contains(sass[0]+sass[1], "assets/css/style.scss") || !strings.Contains(sass[0]+sass[1], "style.css") ||
		!strings.Contains(sass[0], "sassc") || !strings.Contains(sass[0], "none is") {
		t.Errorf("warnings %q, want one for each Sass file, naming it and a compiler to install", sass)
	}
}

// sassOnPath skips the test when no Sass compiler is on PATH (CI's
// .ci/run installs sassc, so it runs there).
func sassOnPath(t *testing.T) {
	t.Helper()
	if name, _ := jekyll.SassCompiler(); name != "" {
		return
	}
	t.Skip("no Sass compiler on PATH (sass or sassc: apt-get install sassc); CI installs sassc")
}

// TestJekyllSassCompiled: "Jekyll allows you to use Sass … Sass/SCSS
// files must contain front matter … Jekyll will process" them, the CSS
// at the same path; "you can import sass partials from the _sass
// folder" by default (sass_dir), and Liquid runs first
// (https://jekyllrb.com/docs/assets/). With a compiler on PATH,
// style.scss, importing _sass/_base.scss, is published as style.css with
// its rules compiled (nesting unrolled, the variable and the Liquid
// value written), theme.sass (the indented syntax) as theme.css; the
// sources are not published, nor the partial. A file
// the compiler refuses is not published, with a warning naming it, its
// line and the compiler's message: Jekyll stops its build there
// ("Conversion error: Jekyll::Converters::Scss encountered an error"),
// sitegen goes on (lenient). carnevale-companion: assets/css/main.scss.
func TestJekyllSassCompiled(t *testing.T) {
	sassOnPath(t)
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"_config.yml":           "title: Sheets\naccent: teal\n",
		"index.md":              "---\n---\n# Home\n",
		"_sass/_base.scss":      "$ink: #1e1a11;\n.card {\n  .icon { max-width: 3rem; color: $ink; }\n}\n",
		"assets/css/style.scss": "---\n---\n@import \"base\";\nh1 { color: {{ site.accent }}; }\n",
		"assets/css/bad.scss":   "---\n---\na {\n  color: red;\n  b { c: $missing; }\n}\n",
		"assets/css/theme.sass": "---\n---\n$c: red\nbody\n  .nav\n    color: $c\n",
		"assets/css/plain.scss": "a { color: red; }\n",
	})
	dest := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	css, err := os.ReadFile(filepath.Join(dest, "assets/css/style.css"))
	if err != nil {
		t.Fatalf("style.scss not published as style.css: %v", err)
	}
	flat := strings.Join(strings.Fields(string(css)), " ")
	for _, want := range []string{".card .icon {", "max-width: 3rem;", "color: #1e1a11;", "h1 {", "color: teal;"} {
		if !strings.Contains(flat, want) {
			t.Errorf("style.css lacks %q: %s", want, css)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dest, "assets/css/theme.css")); err != nil || !strings.Contains(strings.Join(strings.Fields(string(b)), " "), "body .nav { color: red; }") {
		t.Errorf("theme.sass (indented syntax) published as theme.css %q, %v", b, err)
	}
	for _, f := range []string{"assets/css/style.scss", "assets/css/theme.sass", "assets/css/bad.scss", "assets/css/bad.css", "_sass/_base.scss"} {
		if _, err := os.Stat(filepath.Join(dest, f)); err == nil {
			t.Errorf("%s is published", f)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dest, "assets/css/plain.scss")); err != nil || string(b) != "a { color: red; }\n" {
		t.Errorf("a .scss without front matter is not published as it is: %q, %v", b, err)
	}
	var bad []string
	for _, w := range res.WarningList {
		if s := w.String(); strings.Contains(s, "bad.scss") {
			bad = append(bad, s)
		}
	}
	if len(bad) != 1 || !strings.Contains(bad[0], "assets/css/bad.scss:5:") || !strings.Contains(bad[0], "Undefined variable") ||
		!strings.Contains(bad[0], "not published") {
		t.Errorf("warnings %q, want one naming assets/css/bad.scss:5 and the compiler's message", bad)
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "assets/css")); len(entries) != 4 {
		t.Errorf("the compiler wrote in the source: %v", entries)
	}
}

// TestJekyllFrontMatterFiles: "Any file that contains a YAML front matter
// block will be processed by Jekyll as a special file"
// (https://jekyllrb.com/docs/front-matter/): a file that is not a page
// (all.json, note.txt) is run through Liquid and published without its
// front matter; "A static file is a file that does not contain any front
// matter" (https://jekyllrb.com/docs/static-files/) is published as it is.
// Jekyll 4.3.1 writes all.json = `---\n---\n[{"a": "{{ site.title }}"}]`
// as `[{"a": "T"}]` and note.txt as `plain` (eval6B KB1b: sitegen published
// the template source, the site's search script then read invalid JSON).
// sitegen publishes such a file as Jekyll writes it: a feed.xml looping
// over site.posts with absolute_url and date_to_xmlschema is what Jekyll
// 4.3.1 writes for the fixture below (jekyll build, checked). A file whose
// Liquid the engine cannot run ({% gist %}, a plugin's tag: Jekyll without
// the plugin stops with "Liquid Exception: Liquid syntax error (line 1):
// Unknown tag 'gist'", checked with {% seo %}) is not published, with a
// warning naming the file and line.
func TestJekyllFrontMatterFiles(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"_config.yml":             "title: T\nurl: https://t.test\nbaseurl: /b\n",
		"index.md":                "---\ntitle: Home\n---\nhi\n",
		"_posts/2020-01-02-p1.md": "---\ntitle: P1\n---\nx\n",
		"all.json":                "---\n---\n[{\"a\": \"{{ site.title }}\"}]\n",
		"note.txt":                "---\n---\nplain\n",
		"feed.xml": "---\nlayout: null\n---\n<feed><title>{{ site.title | xml_escape }}</title>{% for p in site.posts %}<entry><link href=\"{{ p.url | absolute_url }}\"/>" +
			"<updated>{{ p.date | date_to_xmlschema }}</updated></entry>{% endfor %}</feed>\n",
		"bad.txt":   "---\n---\n{% gist 1234 %}x\n",
		"data.json": "{\"b\": 1}\n",
	})
	dest := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	jekyll := map[string]string{ // Jekyll 4.3.1's output
		"all.json": "[{\"a\": \"T\"}]\n",
		"note.txt": "plain\n",
		"feed.xml": "<feed><title>T</title><entry><link href=\"https://t.test/b/2020/01/02/p1.html\"/><updated>2020-01-02T00:00:00+00:00</updated></entry></feed>\n",
	}
	for f, want := range jekyll {
		if got, err := os.ReadFile(filepath.Join(dest, f)); err != nil || string(got) != want {
			t.Errorf("%s published as %q (%v), Jekyll writes %q", f, got, err, want)
		}
	}
	if _, err := os.Stat(filepath.Join(dest, "bad.txt")); err == nil {
		t.Error("bad.txt published: its template is not what Jekyll writes")
	}
	found := false
	for _, w := range res.WarningList {
		if s := w.String(); strings.Contains(s, "bad.txt:3:1") && strings.Contains(s, "gist") && strings.Contains(s, "not published") {
			found = true
		}
	}
	if !found {
		t.Errorf("no warning names bad.txt:3:1 and its tag: %q", res.WarningList)
	}
	if got, err := os.ReadFile(filepath.Join(dest, "data.json")); err != nil || string(got) != "{\"b\": 1}\n" {
		t.Errorf("a file without front matter is not published as it is: %q, %v", got, err)
	}
}

// TestJekyllSassClimbsIntoLoadPath: a stylesheet at the root that loads
// "../_sass/vars" reaches _sass/_vars.scss through the sass_dir load
// path, and jekyll build 4.3 compiles it so (Evannessa/Wiki-Public's
// styles.scss, `@import "../_sass/variables"`); sitegen refused it as
// climbing out of the repository. It is compiled from the load path,
// never from the folder above the repository, where a _sass/_vars.scss
// of its own waits (the brief: nothing through a path out of the source).
func TestJekyllSassClimbsIntoLoadPath(t *testing.T) {
	sassOnPath(t)
	parent := t.TempDir()
	dir := filepath.Join(parent, "site")
	sitetest.WriteFiles(t, parent, map[string]string{"_sass/_vars.scss": "$c: blue; .secret { a: b; }\n"})
	sitetest.WriteFiles(t, dir, map[string]string{
		"_config.yml":      "title: Sheets\n",
		"index.md":         "---\n---\n# Home\n",
		"styles.scss":      "---\n---\n@import \"../_sass/vars\";\nbody { color: $c; }\n",
		"_sass/_vars.scss": "$c: red;\n",
	})
	dest := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range res.WarningList {
		if strings.Contains(w.String(), "Sass") {
			t.Errorf("warning: %s", w)
		}
	}
	css, err := os.ReadFile(filepath.Join(dest, "styles.css"))
	if got := strings.Join(strings.Fields(string(css)), " "); err != nil || !strings.Contains(got, "body { color: red; }") || strings.Contains(got, "secret") {
		t.Errorf("styles.css = %q (%v), want the load path's red and nothing from the folder above", got, err)
	}
}
