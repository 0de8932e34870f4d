package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllWikilinkFileName checks that a Jekyll wikilink names a note
// by its file name read with its dashes and underscores as spaces, as the
// digital garden template's _plugins/bidirectional_links_generator.rb
// does (https://github.com/maximevaillancourt/digital-garden-jekyll-template:
// the file name's pattern is "Regexp.escape(File.basename(…)).gsub('\_',
// '[ _]').gsub('\-', '[ -]')", matched case-insensitively, beside the
// note's title): its own notes write [[Your first note]] and
// [[your first note]] for _notes/your-first-note.md, titled "Your first
// seed"; each "-" is "[ -]", so [[yOuR-FiRsT Note]] mixes both. Its "_"
// is not a space: Regexp.escape leaves "_" alone, so gsub('\_', '[ _]')
// replaces nothing, and [[my other note]] is the plugin's invalid link
// (Ruby 3.1), a broken wikilink here.
func TestJekyllWikilinkFileName(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_plugins/bidirectional_links_generator.rb": gardenPluginLine,
		"_config.yml":               "title: G\ncollections:\n  notes:\n    output: true\n    permalink: /:slug\n",
		"_notes/your-first-note.md": "---\ntitle: Your first seed\n---\nHello.\n",
		"_notes/my_other_note.md":   "---\ntitle: Other\n---\nHi.\n",
		"index.md":                  "---\ntitle: Home\n---\nSee [[Your first note]], [[your first note|this]], [[Your first seed]] [[yOuR-FiRsT Note]], [[my_Other_note]] and [[my other note]].\n",
	})
	dest := filepath.Join(t.TempDir(), "out")
	_, err := build(t, src, content.Options{Theme: theme, Dest: dest, BrokenLinks: "warn"})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(raw)
	if n := strings.Count(html, `class="wikilink" href="/your-first-note.html"`); n != 4 {
		t.Errorf("%d links to /your-first-note.html, want 4:\n%s", n, html)
	}
	if n := strings.Count(html, `class="wikilink" href="/my-other-note.html"`); n != 1 {
		t.Errorf("%d links to /my-other-note.html, want 1 ([[my_Other_note]], not [[my other note]]):\n%s", n, html)
	}
	if !strings.Contains(html, `<span class="wikilink-missing">my other note</span>`) {
		t.Errorf("[[my other note]] is not a missing wikilink:\n%s", html)
	}
}

// gardenPluginLine is the line of the digital garden template's
// _plugins/bidirectional_links_generator.rb that reads a file name's "-"
// as a space.
const gardenPluginLine = `note_title_regexp_pattern = Regexp.escape(
  File.basename(
    note_potentially_linked_to.basename,
    File.extname(note_potentially_linked_to.basename)
  )
).gsub('\_', '[ _]').gsub('\-', '[ -]').capitalize
`

// TestJekyllWikilinkNoGarden: on a Jekyll site without the digital
// garden template's plugin (gardenPluginLine), a wikilink names a note by
// its file name or its title as written (jekyll-wikilinks: "[[a-file]]
// … the filename", https://github.com/manunamz/jekyll-wikilinks): the
// template's "-" as a space is its plugin's rule, not Jekyll's, so
// [[Your first note]] is a missing note there.
func TestJekyllWikilinkNoGarden(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":               "title: G\ncollections:\n  notes:\n    output: true\n    permalink: /:slug\n",
		"_notes/your-first-note.md": "---\ntitle: Your first seed\n---\nHello.\n",
		"index.md":                  "---\ntitle: Home\n---\nSee [[Your first note]], [[your-first-note]] and [[Your first seed]].\n",
	})
	dest := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest, BrokenLinks: "warn"}); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(raw)
	if n := strings.Count(html, `class="wikilink" href="/your-first-note.html"`); n != 2 {
		t.Errorf("%d links to /your-first-note.html, want 2 (the file name and the title):\n%s", n, html)
	}
	if !strings.Contains(html, `<span class="wikilink-missing">Your first note</span>`) {
		t.Errorf("[[Your first note]] is not a missing wikilink:\n%s", html)
	}
}

// TestJekyllWikilinksLabel checks that on a site running jekyll-wikilinks
// a wikilink without a label shows its note's title lower-cased
// (https://github.com/manunamz/jekyll-wikilinks, README: "The file's
// `title` frontmatter attribute is what gets rendered a the `a` tag's
// inner text", "lower-cased frontmatter title attribute", "lower-cased
// frontmatter title > header"), a labelled one its label ("the text that
// appears after the `|` will be rendered in the `a` tag's inner text
// instead of the document's `title` frontmatter").
func TestJekyllWikilinksLabel(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":           "title: G\nplugins:\n  - jekyll-wikilinks\ncollections:\n  notes:\n    output: true\n    permalink: /:slug\n",
		"_notes/grey-wizard.md": "---\ntitle: The Grey Wizard\n---\nHello.\n\n## Spells\n\nFire.\n",
		"index.md":              "---\ntitle: Home\n---\nSee [[grey-wizard]], [[grey-wizard|Gandalf]] and [[grey-wizard#Spells]].\n",
	})
	dest := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`href="/grey-wizard.html">the grey wizard</a>`,
		`href="/grey-wizard.html">Gandalf</a>`,
		`href="/grey-wizard.html#spells">the grey wizard &gt; spells</a>`,
	} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("no %s in:\n%s", want, raw)
		}
	}
}
