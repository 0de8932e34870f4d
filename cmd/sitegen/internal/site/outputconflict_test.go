package site

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestFileOverPageFolder: a file whose output path is a folder a page
// needs (content/rules beside content/rules.md, the page /rules/) is an
// error naming the file, in the words of the site (its site path, never
// the build's staging folder), and the count line names the whole kind;
// lenient, a warning, and the page is published, the file not (eval6B
// KB1a: such a file replaced the page's folder, or the site's root, and
// the page was silently lost).
func TestFileOverPageFolder(t *testing.T) {
	files := map[string]string{
		"site.toml":           "title = \"K\"\n",
		"content/_index.md":   "# Home\n\n[r](rules.md) [d](rules)\n",
		"content/rules.md":    "# Rules\n",
		"content/rules":       "data\n",
		"static/css/site.css": "body{}\n",
	}
	const want = "content/rules: conflicts with a page of the site: /rules/ is the page's folder"
	for _, lenient := range []bool{false, true} {
		src := t.TempDir()
		sitetest.WriteFiles(t, src, files)
		dest := filepath.Join(t.TempDir(), "out")
		opts := content.Options{Theme: theme, Dest: dest}
		if lenient {
			opts.BrokenLinks = "warn"
		}
		res, err := build(t, src, opts)
		if !lenient {
			var ds content.Diagnostics
			if !errors.As(err, &ds) || len(ds) != 1 || !strings.Contains(ds[0].String(), want) || strings.Contains(ds[0].String(), "staging") {
				t.Fatalf("strict: errors %v, want one with %q", err, want)
			}
			if k := content.CountKinds(ds); k != "1 conflicts with a page of the site" {
				t.Errorf("count %q, want the kind whole", k)
			}
			continue
		}
		if err != nil {
			t.Fatalf("lenient: %v", err)
		}
		found := false
		for _, w := range res.WarningList {
			found = found || strings.Contains(w.String(), want)
		}
		if !found {
			t.Errorf("lenient: warnings %v lack %q", res.WarningList, want)
		}
		if b, err := os.ReadFile(filepath.Join(dest, "rules", "index.html")); err != nil || !strings.Contains(string(b), "Rules") {
			t.Errorf("lenient: the page /rules/ is not published: %v", err)
		}
	}
}

// TestFileConflict: the output paths a file of the content cannot take,
// each named by its site path.
func TestFileConflict(t *testing.T) {
	reserved := map[string]bool{"index.html": true, "rules/index.html": true, "a.png": true}
	folders := map[string]string{"rules": "rules/index.html", "img": "img/b.png"}
	for _, tc := range []struct {
		out   string
		taken bool
		want  string // "" for none
	}{
		{"", false, "its site path is /, a folder, not a file"},
		{"x/", false, "its site path is /x/, a folder"},
		{"rules", false, "conflicts with a page of the site: /rules/ is the page's folder (/rules/index.html)"},
		{"img", false, "conflicts with a folder of the site: /img/ holds /img/b.png"},
		{"a.png", false, "both are published at /a.png"},
		{"c.png", true, "both are published at /c.png"},
		{"rules.pdf", false, ""},
	} {
		got := fileConflict(tc.out, reserved, folders, tc.taken)
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.out, got, tc.want)
		}
	}
}
