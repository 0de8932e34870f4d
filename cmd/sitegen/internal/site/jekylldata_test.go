package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllUnreadableData: a data file Jekyll's YAML reader refuses
// stops Jekyll's build (jekyll 4.3.1: "Psych::SyntaxError … did not find
// expected ',' or ']' while parsing a flow sequence at line 2 column 4",
// nothing written; "Jekyll supports loading data from YAML, JSON, CSV, and
// TSV files located in the _data directory",
// https://jekyllrb.com/docs/datafiles/). sitegen's default build fails
// naming the file and line; its lenient build (--broken-links warn)
// publishes the site with a warning at the same place and the data empty.
func TestJekyllUnreadableData(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"_config.yml":  "title: Data\n",
		"_data/x.yml":  "a: 1\nb: [2\nc: 3\n",
		"_data/ok.yml": "k: fine\n",
		"index.md":     "---\ntitle: Home\n---\nA is [{{ site.data.x.a }}], k is {{ site.data.ok.k }}.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	_, err := build(t, dir, content.Options{Theme: theme, Dest: out})
	if err == nil || !strings.Contains(err.Error(), "_data/x.yml:2:1: ") {
		t.Fatalf("default build: err = %v, want an error at _data/x.yml:2:1", err)
	}
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out, BrokenLinks: "warn"})
	if err != nil {
		t.Fatalf("lenient build: %v", err)
	}
	warned := false
	for _, w := range res.WarningList {
		warned = warned || strings.HasPrefix(w.String(), "_data/x.yml:2:1: ")
	}
	if !warned {
		t.Errorf("no warning at _data/x.yml:2:1: %v", res.WarningList)
	}
	files := readTree(t, out)
	if home := files["index.html"]; !strings.Contains(home, "A is [], k is fine.") {
		t.Errorf("home page does not show the data left empty and the other file read: %.300q", home)
	}
}

// TestJekyllListSettingAsText: `include:\n    -js` (a text, for want of a
// space after the dash) stops Jekyll 4.3.1's build ("'include' should be
// set as an array, but was: "-js"."; byodinsbeardrpg/byodinsbeardrpg.github.io).
// sitegen's default build fails at the key's line; its lenient build
// reads the text as a list of one, with a warning there.
func TestJekyllListSettingAsText(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"_config.yml": "title: T\ninclude:\n    -js\n",
		"index.md":    "---\ntitle: Home\n---\nHello.\n",
		"-js/a.js":    "var a;\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	_, err := build(t, dir, content.Options{Theme: theme, Dest: out})
	if err == nil || !strings.Contains(err.Error(), "_config.yml:2:1: include: ") || strings.Contains(err.Error(), "builds it so") {
		t.Fatalf("default build: err = %v, want an error at _config.yml:2:1 for include, not saying Jekyll builds it", err)
	}
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out, BrokenLinks: "warn"})
	if err != nil {
		t.Fatalf("lenient build: %v", err)
	}
	warned := false
	for _, w := range res.WarningList {
		warned = warned || strings.HasPrefix(w.String(), "_config.yml:2:1: include: ")
	}
	if !warned {
		t.Errorf("no warning at _config.yml:2:1: %v", res.WarningList)
	}
	if _, ok := readTree(t, out)["-js/a.js"]; !ok {
		t.Errorf("-js/a.js, included, not published")
	}
}
