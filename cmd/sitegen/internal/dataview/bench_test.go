package dataview

import (
	"fmt"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/dataview/query"
)

// BenchmarkBaseEmbed is the Pokérole vault's learnset view embedded in
// a Pokémon's note: nine this.XMoves.contains(name) filters over a
// folder of 900 moves, each embed one iteration.
func BenchmarkBaseEmbed(b *testing.B) {
	ranks := []string{"Starter", "Beginner", "Amateur", "Ace", "Pro", "Rookie", "Standard", "Advanced", "Expert"}
	v := &vault{}
	for i := range 900 {
		v.notes = append(v.notes, page(fmt.Sprintf("Moves/Move %03d.md", i), map[string]any{"name": fmt.Sprintf("Move %03d", i), "Power": i % 5}))
	}
	for i := range 100 {
		fm := map[string]any{"Name": fmt.Sprintf("Mon %d", i)}
		for r, rank := range ranks {
			moves := []any{}
			for j := range 3 {
				moves = append(moves, fmt.Sprintf("Move %03d", (i*31+r*7+j*101)%900))
			}
			fm[rank+"Moves"] = moves
		}
		v.notes = append(v.notes, page(fmt.Sprintf("Dex/Mon %d.md", i), fm))
	}
	var learned, order, or string
	for i, rank := range ranks {
		learned += fmt.Sprintf("if(this.%sMoves.contains(name), %q, ", rank, rank)
		order += fmt.Sprintf("if(this.%sMoves.contains(name), %d, ", rank, i)
		or += fmt.Sprintf("            - this.%sMoves.contains(name)\n", rank)
	}
	for range ranks {
		learned, order = learned+")", order+")"
	}
	learned = learned[:len(learned)-len(ranks)] + `"Unknown"` + learned[len(learned)-len(ranks):]
	order = order[:len(order)-len(ranks)] + "99" + order[len(order)-len(ranks):]
	src := fmt.Sprintf("formulas:\n  Move: link(file.path, name)\n  Learned: '%s'\n  LearnOrder: '%s'\nviews:\n  - type: table\n    name: Learnsets\n    filters:\n      and:\n        - or:\n%s        - and:\n            - file.inFolder(\"Moves\")\n    order: [formula.Learned, formula.Move]\n    sort:\n      - property: formula.LearnOrder\n        direction: ASC\n      - property: file.name\n        direction: ASC\n", learned, order, or)
	base, err := ParseBase("Embedded Views.base", []byte(src))
	if err != nil || len(base.Problems) > 0 {
		b.Fatal(err, base.Problems)
	}
	e := New(v, DefaultSettings, time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC))
	mons := make([]*query.Page, 100)
	for i := range mons {
		mons[i] = e.ix.Resolve(fmt.Sprintf("Mon %d", i), nil)
	}
	if out := e.Base(Context{Page: mons[0], Link: linker{}, Markdown: markdown}, base, "Learnsets"); len(out.Problems) > 0 || len(cells(out.HTML)) != 28 {
		b.Fatalf("%d rows %+v\n%s", len(cells(out.HTML)), out.Problems, out.HTML)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		e.Base(Context{Page: mons[i%len(mons)], Link: linker{}, Markdown: markdown}, base, "Learnsets")
	}
}
