package inlinedice

import "testing"

// TestFields: a roll reads a page's inline fields by Dataview's own rules
// (package dataview/fields, the rules its queries read), keyed as written
// and as Dataview sanitizes a name
// (https://blacksmithgu.github.io/obsidian-dataview/annotation/add-metadata/:
// "Basic Field:: Some random Value", "[Bracket Field:: value]", fields in
// list items; "if you are using spaces or capitalized letters in your
// metadata key name, dataview will provide you with a sanitized version of
// the key": basic-field, query.Canonical).
func TestFields(t *testing.T) {
	tests := []struct {
		src  string
		key  string
		want string
	}{
		{"Basic Field:: 3\n", "basic-field", "3"},
		{"Basic Field:: 3\n", "Basic Field", "3"},
		{"**Bold Key**:: 4\n", "bold-key", "4"},
		{"- STR:: 2\n", "str", "2"},
		{"1. Bonus:: 2\n", "bonus", "2"}, // a numbered list item is a list item
		{"Text [Hit Dice:: 5] more (speed:: 30)\n", "hit-dice", "5"},
		{"Text [Hit Dice:: 5] more (speed:: 30)\n", "speed", "30"},
		{"Two  Spaces:: 6\n", "two-spaces", "6"}, // a run of spaces is one dash
		{"a:: 1\na:: 2\n", "a", "2"},             // a later field of a name wins
	}
	for _, tt := range tests {
		if got, ok := Fields([]byte(tt.src))[tt.key]; !ok || got != tt.want {
			t.Errorf("Fields(%q)[%q] = %q, %v; want %q", tt.src, tt.key, got, ok, tt.want)
		}
	}
}
