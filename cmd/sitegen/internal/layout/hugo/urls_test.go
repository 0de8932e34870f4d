package hugo

import "testing"

// TestSegment: "the path to the content file determines its URL"
// (https://gohugo.io/content-management/urls/), each file and folder name
// sanitised as Hugo 0.111's UnicodeSanitize does it; every want below is
// the URL Hugo 0.111 wrote for a file of that name (TestHugo "URL path
// sanitising" builds some with Hugo itself). removePathAccents and
// disablePathToLower: https://gohugo.io/configuration/all/.
func TestSegment(t *testing.T) {
	for _, tt := range []struct {
		name, want    string
		accents, keep bool
	}{
		{name: "酸梅汤（半成品加工）", want: "酸梅汤半成品加工"},
		{name: "A b  c", want: "a-b-c"},
		{name: "x!y?z", want: "xyz"},
		{name: "it's", want: "its"},
		{name: "a&b", want: "ab"},
		{name: "p+q~r@s#t", want: "p+q~r@s#t"},
		{name: "perc%41x", want: "perc%41x"},
		{name: "perc%zz", want: "perczz"},
		{name: "Ünïcödé Café", want: "ünïcödé-café"},
		{name: "under_score.v2", want: "under_score.v2"},
		{name: "tab\tx", want: "tab-x"},
		{name: "a--b", want: "a--b"},
		{name: "a - b", want: "a-b"},
		{name: "colon:x", want: "colonx"},
		{name: "brack[1]", want: "brack1"},
		{name: "paren(1)", want: "paren1"},
		{name: " lead", want: "-lead"},
		// Hugo sanitises the whole path: the extension or the "/" after a
		// name ending in spaces keeps their hyphen ("Granny W .md" is
		// granny-w-, eval8B MB13).
		{name: "Granny Whuthona Silverlode ", want: "granny-whuthona-silverlode-"},
		{name: "trail-  ", want: "trail-"},
		{name: "Dir (One)", want: "dir-one"},
		{name: "Sub, Two", want: "sub-two"},
		{name: "Ünïcödé Café", want: "unicode-cafe", accents: true},
		{name: "Big Fire", want: "Big-Fire", keep: true},
		{name: "Ünïcödé Café", want: "Unicode-Cafe", accents: true, keep: true},
	} {
		if got := Segment(tt.accents, tt.keep)(tt.name); got != tt.want {
			t.Errorf("Segment(%v, %v)(%q) = %q, want %q", tt.accents, tt.keep, tt.name, got, tt.want)
		}
	}
}

// TestSectionTitle: "pluralizeListTitles: Pluralize titles in lists.
// Default: true" (https://gohugo.io/getting-started/configuration/#pluralizelisttitles).
// Each want is Hugo 0.111's title of a section content/NAME/ without
// _index.md, measured (hugo --quiet, a list template printing .Title),
// quirks included ("box" is "boxes").
func TestSectionTitle(t *testing.T) {
	for _, tt := range []struct{ name, plural, single string }{
		{"drink", "Drinks", "Drink"},
		{"magic-item", "Magic-items", "Magic-item"},
		{"rules_of_play", "Rules_of_plays", "Rules_of_play"},
		{"dnd 5e", "Dnd 5es", "Dnd 5e"},
		{"person", "People", "Person"},
		{"ox", "Oxen", "Ox"},
		{"index", "Indices", "Index"},
		{"dwarf", "Dwarves", "Dwarf"},
		{"fungus", "Fungi", "Fungus"},
		{"bonus", "Bonus", "Bonus"},
		{"box", "boxes", "Box"},
		{"news", "News", "News"},
		{"equipment", "Equipment", "Equipment"},
		{"sheep", "Sheep", "Sheep"},
		{"mechanics", "Mechanics", "Mechanics"},
		{"Zauber", "Zaubers", "Zauber"},
		{"the-lord-of-the-rings", "The-lord-of-the-rings", "The-lord-of-the-rings"},
	} {
		if got := SectionTitle(tt.name, true); got != tt.plural {
			t.Errorf("SectionTitle(%q) = %q, want %q", tt.name, got, tt.plural)
		}
		if got := SectionTitle(tt.name, false); got != tt.single {
			t.Errorf("SectionTitle(%q, not plural) = %q, want %q", tt.name, got, tt.single)
		}
	}
}
