package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllSass: "Jekyll allows you to use Sass … Sass/SCSS files must
// contain front matter" and Jekyll processes them into CSS
// (https://jekyllrb.com/docs/assets/): assets/css/style.scss with front
// matter is published as style.css, never as its source (eval5B JB3: the
// source, `@import "{{ site.theme }}";`, was published). sitegen compiles
// no Sass: the file is not published, with one warning naming it; a .scss
// without front matter is a static file to Jekyll, published as it is.
func TestJekyllSass(t *testing.T) {
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
	for _, f := range []string{"assets/css/style.scss", "assets/css/theme.sass"} {
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
		!strings.Contains(sass[0], "sitegen does not compile Sass") {
		t.Errorf("warnings %q, want one for each Sass file, naming it", sass)
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
// sitegen publishes such a file only as Jekyll writes it; otherwise not at
// all, with a warning naming the file and why.
func TestJekyllFrontMatterFiles(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"_config.yml": "title: T\n",
		"index.md":    "---\ntitle: Home\n---\nhi\n",
		"all.json":    "---\n---\n[{\"a\": \"{{ site.title }}\"}]\n",
		"note.txt":    "---\n---\nplain\n",
		"data.json":   "{\"b\": 1}\n",
	})
	dest := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	jekyll := map[string]string{"all.json": "[{\"a\": \"T\"}]\n", "note.txt": "plain\n"} // Jekyll 4.3.1's output
	for f, want := range jekyll {
		got, err := os.ReadFile(filepath.Join(dest, f))
		if err == nil {
			if string(got) != want {
				t.Errorf("%s published as %q, Jekyll writes %q", f, got, want)
			}
			continue
		}
		found := false
		for _, w := range res.WarningList {
			if s := w.String(); strings.Contains(s, f) && strings.Contains(s, "front matter") {
				found = true
			}
		}
		if !found {
			t.Errorf("%s not published and no warning names it: %q", f, res.WarningList)
		}
	}
	if got, err := os.ReadFile(filepath.Join(dest, "data.json")); err != nil || string(got) != "{\"b\": 1}\n" {
		t.Errorf("a file without front matter is not published as it is: %q, %v", got, err)
	}
}
