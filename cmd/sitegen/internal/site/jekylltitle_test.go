package site

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllPostTitle checks the title of a post without a title: of its
// own. Jekyll gives it its file name's slug, each word capitalized
// (Document#populate_title: `data["title"] ||= Utils.titleize_slug(slug)`,
// the slug being the name after the date: "To create a post, add a file
// to your _posts directory with the following format:
// YEAR-MONTH-DAY-title.MARKUP", https://jekyllrb.com/docs/posts/), never
// a heading of its text; front matter keys are case-sensitive ("Title:"
// is not "title:"). eval24A (rytrasmi/dccrpg.github.io): sitegen titled
// the posts "2020 01 21 the swinging blade" and "How it all began" where
// jekyll build 4.3 writes "The Swinging Blade" and "The Start".
func TestJekyllPostTitle(t *testing.T) {
	for _, tc := range []struct {
		name, file, text, out, title string
	}{
		{"no front matter title", "_posts/2020-01-21-the-swinging-blade.md", "---\ntags: [a]\n---\nText.\n",
			"2020/01/21/the-swinging-blade.html", "The Swinging Blade"},
		{"a # heading is not the title", "seeking revenge/_posts/2022-08-28-the-start.md", "---\nTitle: The Start\n---\n# How it all began\n\nText.\n",
			"seeking revenge/2022/08/28/the-start.html", "The Start"},
		{"its own title wins", "_posts/2022-08-28-x-y.md", "---\ntitle: Own\n---\n# Heading\n",
			"2022/08/28/x-y.html", "Own"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := t.TempDir()
			sitetest.WriteFiles(t, src, map[string]string{"_config.yml": "title: J\n", "index.md": "# Home\n", tc.file: tc.text})
			dest := filepath.Join(t.TempDir(), "public")
			if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
				t.Fatalf("build: %v", err)
			}
			b, err := os.ReadFile(filepath.Join(dest, filepath.FromSlash(tc.out)))
			if err != nil {
				t.Fatal(err)
			}
			if want := "<title>" + tc.title + " · "; !strings.Contains(string(b), want) {
				i := strings.Index(string(b), "<title>")
				t.Errorf("%s: want %q, got %.80s", tc.out, want, string(b)[max(i, 0):])
			}
		})
	}
}

// TestJekyllSpecialNames checks the files Jekyll leaves out by name:
// "Reject current entry if it is special or a backup file"
// (Jekyll::EntryFilter#filter, 4.3.1: SPECIAL_LEADING_CHAR_REGEX is
// ".", "_", "#" or "~" at the start of the name, backup? a name that ends
// with "~"), unless the site's include: names it. eval24A
// (ash-cache/5eDocs): sitegen published "docs/Spells/## Spell Lists.md"
// and six more such notes that jekyll build leaves out.
func TestJekyllSpecialNames(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":            "title: J\ninclude: ['#kept.md']\n",
		"index.md":               "---\ntitle: Home\n---\nHOME\n",
		"docs/a.md":              "---\ntitle: A\n---\nA\n",
		"docs/## Spell Lists.md": "# Spell Lists\n",
		"docs/#draft.md":         "---\ntitle: D\n---\nD\n",
		"docs/~scratch.md":       "---\ntitle: S\n---\nS\n",
		"docs/notes.md~":         "old\n",
		"#kept.md":               "---\ntitle: Kept\n---\nKEPT\n",
		"docs/#old/inside.md":    "---\ntitle: I\n---\nI\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dest)
	var got []string
	for f := range out {
		if strings.HasPrefix(f, "docs/") || strings.Contains(f, "kept") {
			got = append(got, f)
		}
	}
	slices.Sort(got)
	if want := []string{"#kept.html", "docs/a.html"}; !slices.Equal(got, want) {
		t.Errorf("published %q, want %q (Jekyll leaves out names starting with # or ~ and backups ending with ~)", got, want)
	}
}
