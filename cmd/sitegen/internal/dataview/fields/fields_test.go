package fields

import (
	"slices"
	"strings"
	"testing"
)

const urlMetadata = "https://blacksmithgu.github.io/obsidian-dataview/annotation/add-metadata/"

type kv struct{ key, value string }

func keys(fs []Field) []kv {
	var out []kv
	for _, f := range fs {
		out = append(out, kv{f.Key, f.Value})
	}
	return out
}

// TestDocumented checks each documented form of an inline field.
func TestDocumented(t *testing.T) {
	for _, tc := range []struct {
		rule, line string
		want       []kv
	}{
		{"If your inline field has an own line, without any content beforehand, you can write it like this: Basic Field:: Some random Value",
			"Basic Field:: Some random Value", []kv{{"Basic Field", "Some random Value"}}},
		{"**Bold Field**:: Nice! ... the bold field key is missing its formatting tokens",
			"**Bold Field**:: Nice!", []kv{{"Bold Field", "Nice!"}}},
		{"All content after the :: is the value of the field until the next line break.",
			"Key:: a value: with [[links]] and, commas", []kv{{"Key", "a value: with [[links]] and, commas"}}},
		{"If you want to embed metadata inside sentences, or multiple fields on the same line, you can use the bracket syntax",
			"I would rate this a [rating:: 9]! It was [mood:: acceptable].", []kv{{"rating", "9"}, {"mood", "acceptable"}}},
		{"There is also the alternative parenthesis syntax, which hides the key when rendered in Reader mode",
			"This will not show the (longKeyIDontNeedWhenReading:: key).", []kv{{"longKeyIDontNeedWhenReading", "key"}}},
		{"Noël:: Un jeu de console (You are not limited to latin characters)",
			"Noël:: Un jeu de console", []kv{{"Noël", "Un jeu de console"}}},
		{"[🎅:: a console game] (When using emojis in field names, you need to put them into square brackets)",
			"[🎅:: a console game]", []kv{{"🎅", "a console game"}}},
		{"[mood:: okay] | [length:: 2 hours]",
			"[mood:: okay] | [length:: 2 hours]", []kv{{"mood", "okay"}, {"length", "2 hours"}}},
		{"a field in brackets holds brackets: its value ends at the bracket that closes it",
			"[Species:: [[SRD-Pikachu]]] and more", []kv{{"Species", "[[SRD-Pikachu]]"}}},
		{"a key holds no bracket: [a] [b:: c] is the field b",
			"[a] [b:: c]", []kv{{"b", "c"}}},
		{"a line with a bracketed field is not a line's field", "Key:: x [b:: c]", []kv{{"b", "c"}}},
		{"a key is words, not a sentence with punctuation", "5. Add moves after the `**Moves**:: x", nil},
		{"a URL is not a field", "http://example.com::x", nil},
	} {
		got := keys(Line(tc.line))
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s\n%s\nLine(%q) = %q, want %q", urlMetadata, tc.rule, tc.line, got, tc.want)
		}
	}
}

// TestScan checks which lines of a note hold fields: list items by their
// text, tasks only in brackets, and what the caller skips.
func TestScan(t *testing.T) {
	src := "---\nfm:: no\n---\nKey:: 1\n- Item:: 2\n- [ ] task [due:: 2022-04-05]\n- [ ] Task:: no\n> **Quoted**:: 3\n```\nCode:: no\n```\n"
	fm, code := strings.Index(src, "Key::"), strings.Index(src, "Code::") // the front matter ends before Key; the code block's body
	got := keys(Scan([]byte(src), func(off int) bool { return off < fm || off == code }))
	want := []kv{{"Key", "1"}, {"Item", "2"}, {"due", "2022-04-05"}, {"Quoted", "3"}}
	if !slices.Equal(got, want) {
		t.Errorf("Scan = %q, want %q", got, want)
	}
}
