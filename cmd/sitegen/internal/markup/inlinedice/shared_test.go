package inlinedice

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"

	"d6codex/rules/dice/expr"
)

// TestSharedOdds checks that a page whose rolls' odds another page of
// the build computed first renders exactly as it does alone, its budget
// spent as if it had computed them: with a budget that pays for its
// first roll and not its second, the second is refused either way.
func TestSharedOdds(t *testing.T) {
	work := func(f string) float64 {
		items, err := expr.ParseNotation(f, expr.DiceRoller)
		if err != nil {
			t.Fatal(err)
		}
		_, w, err := expr.NewBudget(MaxPageWork).EvalItemWork(items[0])
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	first, second := "12d10", "12d10+1"
	budget := 1.5 * work(first)
	if w := work(second); w < budget/3 {
		t.Fatalf("%s costs %v, too little to be refused after %s (%v)", second, w, first, work(first))
	}
	newMD := func(warns *[]string) goldmark.Markdown {
		return goldmark.New(goldmark.WithExtensions(Extension{
			Warn:   func(pc parser.Context, off int, msg string) { *warns = append(*warns, msg) },
			Budget: func(parser.Context) *expr.Budget { return expr.NewBudget(budget) },
		}))
	}
	render := func(md goldmark.Markdown, src string) string {
		var b strings.Builder
		if err := md.Convert([]byte(src), &b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	page := "Hit `dice: " + first + "` then `dice: " + second + "`.\n"
	var aloneWarns, sharedWarns []string
	alone := render(newMD(&aloneWarns), page)
	md := newMD(&sharedWarns)
	render(md, "Another page rolls `dice: "+first+"` and `dice: "+second+"`.\n") // its budget pays for the first only
	render(md, "A third rolls `dice: "+first+"`.\n")
	sharedWarns = nil
	shared := render(md, page)
	if shared != alone || strings.Join(sharedWarns, "\n") != strings.Join(aloneWarns, "\n") {
		t.Errorf("after other pages:\n%s%v\nalone:\n%s%v", shared, sharedWarns, alone, aloneWarns)
	}
	if len(aloneWarns) != 1 || !strings.Contains(aloneWarns[0], spent) || !strings.Contains(alone, "roll-odds") {
		t.Errorf("the page's second roll is not refused, or its first has no odds: %v\n%s", aloneWarns, alone)
	}
}
