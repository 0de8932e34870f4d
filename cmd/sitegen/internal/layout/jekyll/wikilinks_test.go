package jekyll

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestTypedWikilinks checks jekyll-wikilinks' typed wikilinks
// (https://github.com/manunamz/jekyll-wikilinks#syntax, "Typed
// wikilinks: `link_type::[[filename]]`"): "Block level typed wikilinks
// […] are the only text on a single line. […] They are removed from the
// file entirely and are saved as metadata in each jekyll document";
// "Inline level typed wikilinks are rendered in-place like other
// wikilinks"; "Embedded Typed wikilinks: `!link_type::[[filename]]`
// […] Same as embed HTML format above". Code keeps them as written.
func TestTypedWikilinks(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"author::[[Other]]\n\nText.\n", "\n\nText.\n"},
		{"  see-also::[[a b|label]]  \n", "\n"},
		{"See rel::[[other|labelled]] here.\n", "See [[other|labelled]] here.\n"},
		{"!quote::[[other]]\n", "![[other]]\n"},
		{"x !quote::[[other]] y\n", "x ![[other]] y\n"},
		{"```\nauthor::[[Other]]\n```\n", "```\nauthor::[[Other]]\n```\n"},
		{"Code `a::[[b]]` stays.\n", "Code `a::[[b]]` stays.\n"},
		{"a::b [[c]]\n", "a::b [[c]]\n"},
	} {
		if got := string(typedWikilinks([]byte(tc.in))); got != tc.want {
			t.Errorf("typedWikilinks(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestTypedWikilinksSite checks that a site that runs jekyll-wikilinks
// (its Gemfile or plugins: names it) has its typed wikilinks read so,
// and that one without it keeps them as written.
func TestTypedWikilinksSite(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"Gemfile", map[string]string{"Gemfile": "source \"https://rubygems.org\"\ngem \"jekyll\"\ngroup :jekyll_plugins do\n  gem \"jekyll-wikilinks\"\nend\n"}, "See [[b]]."},
		{"plugins", map[string]string{"_config.yml": "title: J\nplugins:\n  - jekyll-wikilinks\n"}, "See [[b]]."},
		{"none", map[string]string{}, "a::[[b]]\n\nSee rel::[[b]]."},
	} {
		files := map[string]string{"_config.yml": "title: J\n", "Gemfile": "source \"https://rubygems.org\"\ngem \"jekyll\"\n"}
		for k, v := range tc.files {
			files[k] = v
		}
		dir := layouttest.Write(t, files)
		l, err := Recognise(dir)
		if err != nil || l == nil {
			t.Fatalf("Recognise: %v, %v", l, err)
		}
		x := l.Expand("p.md", []byte("---\ntitle: P\n---\na::[[b]]\n\nSee rel::[[b]].\n"), nil)
		if got := strings.TrimSpace(string(x.Src[frontMatterEnd(x.Src):])); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestWikiLabel checks the text jekyll-wikilinks gives a wikilink
// without a label (https://github.com/manunamz/jekyll-wikilinks, README:
// "[[filename]] […] The file's `title` frontmatter attribute is what
// gets rendered a the `a` tag's inner text", "<a class="wiki-link"
// href="url">lower-cased frontmatter title attribute</a>", "lower-cased
// frontmatter title > header", "lower-cased title > ^block_id"), and in
// its parser.rb's order: the front matter's title, a collection
// document's title made from its slug (Jekyll's populate_title), a
// page's slugified file name. A site without the plugin has none.
func TestWikiLabel(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		"_config.yml": "title: J\nplugins:\n  - jekyll-wikilinks\ncollections:\n  notes:\n    output: true\n",
	})
	l, err := Recognise(dir)
	if err != nil || l == nil || l.WikiLabel == nil {
		t.Fatalf("Recognise: %v, %v (WikiLabel not set)", l, err)
	}
	for _, tc := range []struct {
		rel  string
		fm   map[string]any
		frag string
		want string
	}{
		{"_notes/a.md", map[string]any{"title": "The Grey Wizard"}, "", "the grey wizard"},
		{"_notes/a.md", map[string]any{"title": "Élan Vital"}, "", "élan vital"},
		{"_notes/a.md", map[string]any{"title": "Spells"}, "Fire Ball", "spells > fire ball"},
		{"_notes/a.md", map[string]any{"title": "Spells"}, "^Block-1", "spells > ^Block-1"},
		{"_notes/magic-missile.md", map[string]any{}, "", "magic missile"},
		{"_notes/2024-01-05-first-session.md", nil, "", "first session"},
		{"_posts/2024-01-05-Session_Two.md", nil, "", "session_two"},
		{"rules/Combat Rules.md", map[string]any{}, "", "combat-rules"},
		{"rules/Combat Rules.md", map[string]any{"title": 1984}, "", "1984"},
	} {
		if got := l.WikiLabel(tc.rel, tc.fm, tc.frag); got != tc.want {
			t.Errorf("WikiLabel(%q, %v, %q) = %q, want %q", tc.rel, tc.fm, tc.frag, got, tc.want)
		}
	}
	dir = layouttest.Write(t, map[string]string{"_config.yml": "title: J\n"})
	if l, err := Recognise(dir); err != nil || l.WikiLabel != nil {
		t.Errorf("without jekyll-wikilinks: WikiLabel set (%v)", err)
	}
}
