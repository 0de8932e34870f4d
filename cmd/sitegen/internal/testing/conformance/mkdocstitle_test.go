package conformance

import (
	"context"
	"path/filepath"
	"testing"
)

// TestMkDocsTitles builds one fixture with MkDocs's own themes (mkdocs and
// readthedocs, the two it ships) and with sitegen: each page's whole
// <title> is the same. Both themes' base.html write "{% if page and
// page.title and not page.is_homepage %}{{ page.title }} - {% endif %}{{
// config.site_name }}", and "if a title is defined for a page in the
// navigation, that title will be used throughout the site for that page"
// (https://www.mkdocs.org/user-guide/writing-your-docs/#meta-data,
// https://www.mkdocs.org/user-guide/configuration/#nav).
func TestMkDocsTitles(t *testing.T) {
	if why := MkDocs.Missing(); why != "" {
		t.Skipf("mkdocs: %s", why)
	}
	rule := `MkDocs themes' <title>: "{{ page.title }} - {{ config.site_name }}", the site's name alone on the home page`
	pages := map[string]string{
		"docs/index.md":        "# Welcome\n\nSee [a](a.md), [b](b.md), [c](c.md), [d](d.md), [m](magic/spells.md).\n",
		"docs/a.md":            "# Alpha\n\nText.\n",
		"docs/b.md":            "# Beta heading\n\nText.\n",
		"docs/c.md":            "Text without a heading.\n",
		"docs/d.md":            "---\ntitle: Delta Title\n---\n\n# Delta heading\n\nText.\n",
		"docs/magic/spells.md": "# Spells\n\nText.\n",
	}
	for _, theme := range []string{"mkdocs", "readthedocs"} {
		t.Run(theme, func(t *testing.T) {
			root := t.TempDir()
			dirs := [2]string{}
			for i, name := range []string{"mkdocs", "sitegen"} {
				src := filepath.Join(root, name+"-src")
				files := map[string]string{"mkdocs.yml": "site_name: Six Dice\ntheme:\n  name: " + theme + "\nnav:\n  - Home: index.md\n  - a.md\n  - Beta label: b.md\n  - c.md\n  - d.md\n  - Magic:\n    - magic/spells.md\n"}
				for k, v := range pages {
					files[k] = v
				}
				if err := writeFiles(src, files); err != nil {
					t.Fatal(err)
				}
				dirs[i] = filepath.Join(root, name+"-out")
				var err error
				if i == 0 {
					err = run(context.Background(), src, "mkdocs", "build", "--quiet", "--site-dir", dirs[i])
				} else {
					err = Sitegen.Build(context.Background(), src, dirs[i])
				}
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
			sameTitles(t, "MkDocs", dirs[0], dirs[1], []string{"index.html", "a/index.html", "b/index.html", "c/index.html", "d/index.html", "magic/spells/index.html"}, rule)
		})
	}
}
