package dataview

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

const (
	urlBases     = "https://help.obsidian.md/bases/syntax"
	urlBasesFunc = "https://help.obsidian.md/bases/functions"
	urlViews     = "https://help.obsidian.md/bases/views"
)

// cells returns a rendered view's rows, each cell's text.
func cells(html string) [][]string {
	rowRE := regexp.MustCompile(`(?s)<tr[^>]*>(.*?)</tr>`)
	cellRE := regexp.MustCompile(`(?s)<t[dh][^>]*>(.*?)</t[dh]>`)
	tagRE := regexp.MustCompile(`<[^>]*>`)
	var out [][]string
	for _, r := range rowRE.FindAllStringSubmatch(html, -1) {
		var row []string
		for _, c := range cellRE.FindAllStringSubmatch(r[1], -1) {
			row = append(row, tagRE.ReplaceAllString(c[1], ""))
		}
		out = append(out, row)
	}
	return out
}

func view(t *testing.T, yaml, this, name string) ([][]string, Output) {
	t.Helper()
	e := engine()
	b, err := ParseBase("test.base", []byte(yaml))
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Problems) > 0 {
		t.Fatalf("problems: %+v", b.Problems)
	}
	out := e.Base(ctx(e, this), b, name)
	return cells(out.HTML), out
}

// learnsets is the Pokérole vault's embedded view, cut down: the moves a
// Pokémon (the embedding note) learns, with the rank it learns each at.
const learnsets = `formulas:
  Move: link(file.path, name)
  Learned: |-
    if(this.StarterMoves.contains(name), "Starter",
    if(this.RookieMoves.contains(name), "Rookie", "Unknown"))
  LearnOrder: if(this.StarterMoves.contains(name), 1, if(this.RookieMoves.contains(name), 2, 3))
properties:
  formula.Learned:
    displayName: Rank
views:
  - type: table
    name: Other
    order: [file.name]
  - type: table
    name: Learnsets
    filters:
      and:
        - or:
            - this.StarterMoves.contains(name)
            - this.RookieMoves.contains(name)
        - and:
            - file.inFolder("Moves")
    order:
      - formula.Learned
      - formula.Move
    sort:
      - property: formula.LearnOrder
        direction: ASC
      - property: file.name
        direction: ASC
`

func TestBaseRules(t *testing.T) {
	for _, tc := range []struct {
		url, rule, yaml, this, view string
		want                        [][]string
	}{
		{urlBases, "When the base is embedded in another file, this points to properties of the embedding file.",
			learnsets, "Bulbasaur", "Learnsets",
			[][]string{{"Rank", "Move"}, {"Starter", "Growl"}, {"Starter", "Tackle"}, {"Rookie", "Vine Whip"}}},
		{urlBases, "this (another embedding note, the same view)",
			learnsets, "Charmander", "Learnsets",
			[][]string{{"Rank", "Move"}, {"Starter", "Growl"}, {"Starter", "Scratch"}}},
		{urlViews, "You can embed base files in any other file using the ![[File.base]] syntax. The first view in the list will be used.",
			"filters: 'file.inFolder(\"Moves/Old\")'\nviews:\n  - type: table\n    name: A\n    order: [file.name, Power]\n  - type: table\n    name: B\n    order: [Type]\n",
			"Bulbasaur", "", [][]string{{"file.name", "Power"}, {"Ember", "2"}}},
		{urlBases, "By default a base includes every file in the vault. (a file that is not a note has file properties)",
			"views:\n  - type: table\n    name: A\n    filters: 'file.ext == \"png\"'\n    order: [file.name, file.ext]\n",
			"Bulbasaur", "A", [][]string{{"file.name", "file.ext"}, {"sprite.png", "png"}}},
		{urlBases, "These two sections are functionally equivalent and when evaluating for a view they will be concatenated with an AND.",
			"filters: 'Power > 0'\nviews:\n  - type: table\n    name: A\n    filters: 'Type == \"Normal\"'\n    order: [Name]\n    sort: [{property: Name, direction: ASC}]\n",
			"Bulbasaur", "A", [][]string{{"Name"}, {"Scratch"}, {"Tackle"}}},
		{urlBases, "None of the following are true is a not statement — results will not be shown if any of the conditions in the filter group are met.",
			"filters:\n  and:\n    - file.hasTag(\"moves\")\n    - not:\n        - 'Type == \"Normal\"'\n        - 'Power == 0'\nviews:\n  - type: table\n    name: A\n    order: [Name]\n    sort: [{property: Name, direction: DESC}]\n",
			"Bulbasaur", "A", [][]string{{"Name"}, {"Vine Whip"}, {"Ember"}}},
		{urlBasesFunc, "file.hasTag(...values) ... It also includes any nested tags, such as #tag1/a or #tag2/b.",
			"filters: 'file.hasTag(\"moves\") && !file.hasTag(\"moves/old\") && Power == 0'\nviews:\n  - type: table\n    name: A\n    order: [Name]\n",
			"Bulbasaur", "A", [][]string{{"Name"}, {"Growl"}}},
		{urlBasesFunc, "file.inFolder(folder): Returns true if the file is in the specified folder or one of its sub-folders.",
			"filters: 'file.inFolder(\"Moves\") && Type == \"Fire\"'\nviews:\n  - type: table\n    name: A\n    order: [Name]\n",
			"Bulbasaur", "A", [][]string{{"Name"}, {"Ember"}}},
		{urlBases, "A formula can use values from other formula properties, as long as there's no circular reference. (limit: 10 and groupBy in a view)",
			"formulas:\n  double: Power * 2\n  label: 'Name + \" \" + formula.double'\nviews:\n  - type: table\n    name: A\n    limit: 2\n    filters: file.hasTag(\"moves\")\n    order: [formula.label]\n    sort: [{property: Name, direction: ASC}]\n",
			"Bulbasaur", "A", [][]string{{"label"}, {"Ember 4"}, {"Growl 0"}}},
		{urlBases, "groupBy specifies a property and sort direction. The value of the specified property for each row is used to place the row into groups.",
			"views:\n  - type: table\n    name: A\n    filters: file.hasTag(\"moves\")\n    groupBy: {property: Type, direction: DESC}\n    order: [Name]\n    sort: [{property: Name, direction: ASC}]\n",
			"Bulbasaur", "A", [][]string{{"Name"}, {"Normal"}, {"Growl"}, {"Scratch"}, {"Tackle"}, {"Grass"}, {"Vine Whip"}, {"Fire"}, {"Ember"}}},
		{urlBasesFunc, "list.map(value + 1); list.filter(value > 2): value is the value of an item in the list.",
			"formulas:\n  moves: 'StarterMoves.map(value.lower()).filter(value != \"growl\").join(\"+\")'\nviews:\n  - type: table\n    name: A\n    filters: file.inFolder(\"Dex\")\n    order: [Name, formula.moves]\n",
			"Bulbasaur", "A", [][]string{{"Name", "moves"}, {"Bulbasaur", "tackle"}, {"Charmander", "scratch"}}},
		{urlBases, "Display names are not used in filters or formulas. (properties: displayName in the table header)",
			"properties:\n  Type1:\n    displayName: Type\nviews:\n  - type: table\n    name: A\n    filters: 'Type1 == \"Fire\"'\n    order: [Name, Type1]\n",
			"Bulbasaur", "A", [][]string{{"Name", "Type"}, {"Charmander", "Fire"}}},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			got, out := view(t, tc.yaml, tc.this, tc.view)
			if !slices.EqualFunc(got, tc.want, slices.Equal) || len(out.Problems) > 0 {
				t.Errorf("%s\n%s\ngot  %q %+v\nwant %q", tc.url, tc.rule, got, out.Problems, tc.want)
			}
		})
	}
}

func TestBaseList(t *testing.T) {
	_, out := view(t, "views:\n  - type: list\n    name: L\n    filters: file.inFolder(\"Dex\")\n    order: [file.name, Type1]\n", "Bulbasaur", "L")
	want := `<li><a href="/Dex/Bulbasaur.md">Bulbasaur</a>, Grass</li>`
	if !strings.Contains(out.HTML, want) {
		t.Errorf("list view: %s", out.HTML)
	}
}

func TestBaseNotices(t *testing.T) {
	for _, tc := range []struct{ yaml, view, want string }{
		{"views:\n  - type: cards\n    name: C\n", "C", "cards views are not shown"},
		{"views:\n  - type: map\n    name: M\n", "M", "map views are not shown"},
		{"views:\n  - type: table\n    name: T\n", "Nope", `has no view "Nope"`},
	} {
		_, out := view(t, tc.yaml, "Bulbasaur", tc.view)
		if !strings.Contains(out.HTML, "dv-notice") || len(out.Problems) != 1 || !strings.Contains(out.Problems[0].Msg, tc.want) {
			t.Errorf("%q: %s %+v", tc.view, out.HTML, out.Problems)
		}
	}
	// What cannot be read in a .base is told at its line.
	b, err := ParseBase("x.base", []byte("formulas:\n  bad: 'a +'\nfilters:\n  xor: []\n"))
	if err != nil || len(b.Problems) != 2 || b.Problems[0].Line != 2 || b.Problems[1].Line != 4 {
		t.Errorf("problems %+v, %v", b.Problems, err)
	}
	if _, err := ParseBase("x.base", []byte("views: [\n")); err == nil {
		t.Error("broken YAML read without an error")
	}
}
