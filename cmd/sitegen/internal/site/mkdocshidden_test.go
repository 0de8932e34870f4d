package site

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
)

// TestMkDocsHiddenDocsDir: "docs_dir: The directory containing the
// documentation source markdown files. This can either be a relative
// directory, in which case it is resolved relative to the directory
// containing your configuration file" (https://www.mkdocs.org/user-guide/configuration/#docs_dir);
// MkDocs builds from a folder whose name starts with "." when the settings
// name it (samsturtevant/dnd-compendium: docs_dir: .site_content, a folder
// its scripts generate; eval9A NA4), and leaves out the dot-files inside
// it ("files and directories starting with a dot are ignored",
// https://www.mkdocs.org/user-guide/configuration/#exclude_docs, ".*" in
// its default exclude_docs). sitegen refused the build. The user named the
// folder, so it is the source; hidden names inside it stay unpublished,
// and docs_dir: .git stays refused (TestPrivateHidden).
func TestMkDocsHiddenDocsDir(t *testing.T) {
	src := privateProject(t, map[string]string{
		"mkdocs.yml":                       "site_name: Compendium\ndocs_dir: .site_content\n",
		".site_content/index.md":           "# Compendium\n\nSee [spells](spells/fireball.md).\n",
		".site_content/spells/fireball.md": "# Fireball\n\nBoom.\n",
		".site_content/.secret.md":         "# Secret\n\n" + secretHidden + "\n",
		".site_content/.drafts/idea.md":    "# Idea\n\n" + secretHidden + "\n",
		".site_content/spells/.notes.txt":  secretHidden,
		".scripts/build.sh":                "echo " + secretHidden + "\n",
	}, nil)
	dest := filepath.Join(t.TempDir(), "public")
	res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
	assertNothingLeaked(t, dest, err, res.Warnings...)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dest)
	for _, want := range []string{"index.html", "spells/fireball/index.html"} {
		if _, ok := out[want]; !ok {
			t.Errorf("%s is not published", want)
		}
	}
	if !strings.Contains(out["index.html"], `href="spells/fireball/"`) && !strings.Contains(out["index.html"], `href="/spells/fireball/"`) {
		t.Errorf("the link to spells/fireball.md does not lead to its page:\n%.600s", out["index.html"])
	}
	for name := range out {
		if name == content.OutputMarker {
			continue // sitegen's mark on its output folder
		}
		if slices.ContainsFunc(strings.Split(name, "/"), func(s string) bool { return strings.HasPrefix(s, ".") }) || strings.Contains(name, "site_content") {
			t.Errorf("%s is published", name)
		}
	}
}
