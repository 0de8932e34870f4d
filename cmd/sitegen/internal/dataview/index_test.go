package dataview

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/dataview/query"
)

// trickyVault has embedding notes whose lists hold texts, links and
// numbers, a text instead of a list, nothing, and moves whose name is a
// text, a list, a number, a link or missing: each a case where looking a
// row up by its name could differ from evaluating the filter on it.
func trickyVault() *vault {
	return &vault{
		notes: []*query.Page{
			page("Dex/Plain.md", map[string]any{"StarterMoves": []any{"Tackle", "Growl"}, "RookieMoves": []any{"Vine Whip", "Tackle"}}),
			page("Dex/Mixed.md", map[string]any{"StarterMoves": []any{"[[Tackle]]", 2, "Scratch", nil}, "RookieMoves": []any{[]any{"Growl"}}}),
			page("Dex/Text.md", map[string]any{"StarterMoves": "Tackle and Growl", "RookieMoves": []any{}}),
			page("Dex/None.md", map[string]any{"Type1": "Fire"}),
			page("Dex/Numbers.md", map[string]any{"StarterMoves": []any{2, "2"}, "RookieMoves": nil}),
			page("Moves/Tackle.md", map[string]any{"name": "Tackle", "Power": 2}),
			page("Moves/Growl.md", map[string]any{"name": "Growl", "Power": 0}),
			page("Moves/Vine Whip.md", map[string]any{"name": "Vine Whip"}),
			page("Moves/Scratch.md", map[string]any{"name": []any{"Scratch"}, "Power": 1}),
			page("Moves/Two.md", map[string]any{"name": 2}),
			page("Moves/Link.md", map[string]any{"name": "[[Tackle]]"}),
			page("Moves/Nameless.md", map[string]any{"Power": 3}),
			page("Moves/Upper.md", map[string]any{"Name": "Growl"}),
			page("Other/Tackle.md", map[string]any{"name": "Tackle"}),
		},
	}
}

// TestBaseContainsIndex checks that a view whose filters start with
// this.LIST.contains(property) statements (looked up in an index of the
// rows by their property) shows exactly what evaluating its filters on
// every row shows: the same view with a statement that is always true
// put first, which the index does not read.
func TestBaseContainsIndex(t *testing.T) {
	filters := []string{
		"this.StarterMoves.contains(name)",
		"{or: [this.StarterMoves.contains(name), this.RookieMoves.contains(name)]}",
		"{and: [{or: [this.StarterMoves.contains(name), this.RookieMoves.contains(name)]}, {and: ['file.inFolder(\"Moves\")']}]}",
		"{and: [{or: [this.StarterMoves.contains(name), this.RookieMoves.contains(Name)]}, 'file.inFolder(\"Moves\")']}",
		"{and: [this.StarterMoves.contains(name), 'Power.nothing()']}", // an error on every row that passes
		"{and: [this.StarterMoves.contains(name), 'Power > 0']}",
	}
	const view = "formulas:\n  Learned: 'if(this.StarterMoves.contains(name), \"Starter\", \"Other\")'\nviews:\n  - type: table\n    name: V\n    filters: %s\n    order: [file.path, name, formula.Learned]\n    sort: [{property: file.path, direction: ASC}]\n"
	for _, f := range filters {
		fast, err := ParseBase("fast.base", []byte(fmt.Sprintf(view, f)))
		if err != nil || len(fast.Problems) > 0 {
			t.Fatalf("%s: %v %+v", f, err, fast.Problems)
		}
		slow, err := ParseBase("slow.base", []byte(fmt.Sprintf(view, "{and: ['true', "+f+"]}")))
		if err != nil || len(slow.Problems) > 0 {
			t.Fatalf("%s: %v %+v", f, err, slow.Problems)
		}
		e := New(trickyVault(), DefaultSettings, time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC))
		for _, this := range []string{"Plain", "Mixed", "Text", "None", "Numbers"} {
			got := e.Base(ctx(e, this), fast, "V")
			want := e.Base(ctx(e, this), slow, "V")
			for i := range got.Problems { // the messages name the base file
				got.Problems[i].Msg = strings.ReplaceAll(got.Problems[i].Msg, "fast.base", "slow.base")
			}
			if got.HTML != want.HTML || !reflect.DeepEqual(got.Problems, want.Problems) {
				t.Errorf("filters %s in %s:\nindexed   %s %+v\nevaluated %s %+v", f, this, got.HTML, got.Problems, want.HTML, want.Problems)
			}
		}
		if len(e.indexes) == 0 {
			t.Errorf("filters %s: no index was used", f)
		}
	}
}
