package diceblock

import (
	"fmt"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/rules/dice/expr"
)

// notes resolves wikilinks to notes of these sources, for embeds.
type notes map[string]string

func (n notes) ResolveLink(dest string) (string, string) { return dest, "" }

func (n notes) ResolveWiki(target, _ string, embed bool) markup.WikiTarget {
	tg := markup.WikiTarget{URL: "/" + target + "/"}
	if embed {
		tg.Note, tg.Src = &markup.Page{File: target + ".md", Links: n}, []byte(n[target])
	}
	return tg
}

// convert renders a page whose ```dice blocks render through a calc
// handler that only counts its calls, against the dice budget page.Dice;
// it returns the problems and the calls.
func convert(t *testing.T, src string, budget *expr.Budget) (problems []string, calls int) {
	t.Helper()
	return convertWith(t, src, budget, notes{})
}

// convertWith is convert with notes to embed.
func convertWith(t *testing.T, src string, budget *expr.Budget, vault notes) (problems []string, calls int) {
	t.Helper()
	calc := markup.BlockHandlerFunc(func(b *markup.Block) (string, error) {
		calls++
		return "<div>calc</div>", nil
	})
	m := markup.New(markup.Options{Obsidian: true, Handlers: map[string]markup.BlockHandler{Info: New(calc)}})
	page := &markup.Page{File: "page.md", Dice: budget, Links: vault, Report: func(p markup.Problem) {
		problems = append(problems, fmt.Sprintf("%d:%d: %s", p.Line, p.Col, p.Msg))
	}}
	if _, _, err := m.Convert([]byte(src), page); err != nil {
		t.Fatal(err)
	}
	return problems, calls
}

// block is a ```dice block of the expressions.
func block(exprs ...string) string { return "```dice\n" + strings.Join(exprs, "\n") + "\n```\n\n" }

// TestPageBudget is issue 31: a page's ```dice blocks share one budget
// (markup.Page.Dice, markup.MaxPageDiceWork by default): 15 blocks of 20
// expressions of 100d100 took 40 s, each within the bound of one
// expression; now the expression past the budget is an error at its line
// and column, and no later one of the page is computed. The work is
// counted by the budget, not timed.
func TestPageBudget(t *testing.T) {
	hundred := make([]string, 20)
	for i := range hundred {
		hundred[i] = fmt.Sprintf("100d100+%d", i)
	}
	probe := expr.NewBudget(expr.MaxWork)
	items, _ := expr.Parse(hundred[0])
	if _, err := probe.EvalItem(items[0]); err != nil {
		t.Fatal(err)
	}
	cost := expr.MaxWork - probe.Left() // of one 100d100+k

	t.Run("the bomb", func(t *testing.T) {
		budget := expr.NewBudget(markup.MaxPageDiceWork)
		problems, calls := convert(t, strings.Repeat(block(hundred...), 15), budget)
		fits := int(markup.MaxPageDiceWork / cost) // expressions within the budget
		line := 2 + fits%20 + 23*(fits/20)         // the first past it: body line, blocks of 23 lines
		if len(problems) != 15-fits/20 || !strings.HasPrefix(problems[0], fmt.Sprintf("%d:1: dice block: the dice of this page need more computation", line)) {
			t.Errorf("problems %q, want one at %d:1, then one at each later block", problems, line)
		}
		if calls != fits/20 {
			t.Errorf("%d blocks rendered, want the %d within the budget", calls, fits/20)
		}
		if budget.Left() != 0 {
			t.Errorf("left %g", budget.Left())
		}
	})
	t.Run("counts before computing", func(t *testing.T) {
		budget := expr.NewBudget(markup.MaxPageDiceWork)
		many := make([]string, 100)
		for i := range many {
			many[i] = "100d100"
		}
		problems, calls := convert(t, "x\n\n"+block(many...), budget)
		if len(problems) != 1 || !strings.HasPrefix(problems[0], "24:1: dice block: at most 20 expressions in one ```dice block (this is the 21st)") || calls != 0 {
			t.Errorf("problems %q, %d calls; want one at the 21st expression", problems, calls)
		}
		if budget.Left() != markup.MaxPageDiceWork {
			t.Errorf("%g of the budget spent before the count was checked", markup.MaxPageDiceWork-budget.Left())
		}
	})
	t.Run("shared by many small blocks", func(t *testing.T) {
		budget := expr.NewBudget(3.5 * cost)
		src := strings.Repeat(block("3d6", "4d6kh3"), 50) + block(hundred[:3]...) + block(hundred[3]) + block("d20")
		problems, calls := convert(t, src, budget)
		// 50 blocks of 5 lines, one of 7, then the fourth 100d100 at
		// line 258 and the d20 at 262.
		if len(problems) != 2 || !strings.HasPrefix(problems[0], "258:1: dice block: the dice of this page need more computation") ||
			!strings.HasPrefix(problems[1], "262:1:") || calls != 51 {
			t.Errorf("problems %q, %d calls; want the fourth 100d100 past the budget, then the d20", problems, calls)
		}
	})
	t.Run("shared with embedded notes", func(t *testing.T) {
		budget := expr.NewBudget(3.5 * cost)
		notes := notes{"N": block(hundred[:2]...)}
		problems, calls := convertWith(t, block(hundred[0])+"![[N]]\n\n"+block(hundred[0]), budget, notes)
		// The page's blocks are computed first (lines 1 and 8), then the
		// note's: its second 100d100 goes past the budget, an error at
		// the page's embed (line 5).
		if len(problems) != 1 || !strings.HasPrefix(problems[0], "5:1: embed ![[N]]: dice block: the dice of this page need more computation") || calls != 2 {
			t.Errorf("problems %q, %d calls; want the embedded note's second expression past the budget, at the embed", problems, calls)
		}
	})
	t.Run("shared with inline rolls", func(t *testing.T) {
		// Inline rolls are computed as the page's text is parsed, before
		// its blocks: three 100d100 leave half of one, and a fourth roll
		// is past it.
		budget := expr.NewBudget(3.5 * cost)
		src := "`dice: 100d100` `dice: 100d100+1` `dice: 100d100+2`\n\n" + block(hundred[0]) + "`dice: 100d100+9`\n"
		problems, calls := convert(t, src, budget)
		if len(problems) != 2 || !strings.Contains(problems[0], `inline roll "dice: 100d100+9": the dice of this page need more computation`) ||
			!strings.HasPrefix(problems[1], "4:1: dice block: the dice of this page need more computation") || calls != 0 {
			t.Errorf("problems %q, %d calls; want the fourth roll and the block past the budget", problems, calls)
		}
	})
	t.Run("a nil budget is the default", func(t *testing.T) {
		problems, calls := convert(t, block("2d6", "d20"), nil)
		if len(problems) != 0 || calls != 1 {
			t.Errorf("problems %q, %d calls", problems, calls)
		}
	})
}
