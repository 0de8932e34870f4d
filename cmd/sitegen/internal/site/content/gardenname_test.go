package content

import "testing"

// TestGardenName checks the wikilink-to-file-name match of the digital
// garden Jekyll template
// (https://github.com/maximevaillancourt/digital-garden-jekyll-template,
// _plugins/bidirectional_links_generator.rb): "Regexp.escape(
// File.basename(…)).gsub('\_', '[ _]').gsub('\-', '[ -]').capitalize",
// matched with /\[\[(#{note_title_regexp_pattern})\]\]/i. The expected
// answers are Ruby 3.1's for that regexp (Regexp.escape leaves "_" as
// it is, so an underscore matches only itself).
func TestGardenName(t *testing.T) {
	for _, tc := range []struct {
		stem, text string
		want       bool
	}{
		{"your-first-note", "your-first-note", true},
		{"your-first-note", "Your first note", true},
		{"your-first-note", "yOuR-FiRsT Note", true}, // mixed: each "-" is [ -]
		{"your-first-note", "your first-note", true},
		{"your-first-note", "your first  note", false}, // one character each
		{"your-first-note", "your_first_note", false},
		{"your-first-note", "your first", false},
		{"my_other_note", "my_other_note", true},
		{"my_other_note", "My_Other_Note", true},
		{"my_other_note", "my other note", false}, // gsub('\_', …) replaces nothing
		{"a b-c", "A b c", true},
		{"a b-c", "a-b c", false},    // a space in the name is "\ ": only a space
		{"Été-ünd", "éTÉ ÜND", true}, // /i folds non-ASCII letters too
		{"2024-01-05", "2024 01 05", true},
		{"x", "", false},
	} {
		if got := gardenName(tc.stem, tc.text); got != tc.want {
			t.Errorf("gardenName(%q, %q) = %v, want %v", tc.stem, tc.text, got, tc.want)
		}
	}
}
