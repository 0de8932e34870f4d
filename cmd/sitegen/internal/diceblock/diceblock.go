// Package diceblock renders ```dice blocks: one dice expression a line,
// with an optional label ("Advantage: 2d20kh1"), shown as the dice
// calculator of the registry (calc/dice) preset to those expressions, so a
// page gets the same chart, table, form and module as every calculator.
// A bad expression fails the build at its line and column.
package diceblock

import (
	"errors"
	"fmt"
	"strings"

	"d6codex/calc/dice"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/rules/dice/expr"
)

// Info is the fence info word this package handles.
const Info = "dice"

// Handler renders ```dice blocks through the calculator block handler.
type Handler struct {
	calc markup.BlockHandler
}

// New returns a handler that renders through calc, the ```calc handler.
func New(calc markup.BlockHandler) *Handler { return &Handler{calc: calc} }

// RenderBlock implements markup.BlockHandler. The block's expressions are
// counted before any is computed, and computed against the page's dice
// budget (markup.Block.DiceBudget), which they share with the page's other
// blocks: the expression that goes past it is an error, and no later one
// of the page is computed.
func (h *Handler) RenderBlock(b *markup.Block) (string, error) {
	if len(b.Args) > 0 {
		return "", errors.New("```dice takes no arguments: write the expressions inside the block, one a line")
	}
	type line struct {
		n    int // 1-based in the body
		text string
	}
	var lines []line
	var bad []error // every bad line, each at its own position
	var all []int   // the body line of every expression, good or bad
	for i, text := range strings.Split(strings.TrimRight(b.Body, "\n"), "\n") {
		if j := strings.Index(text, "#"); j >= 0 {
			text = text[:j]
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		all = append(all, i+1)
		if strings.Contains(text, ";") {
			bad = append(bad, &markup.BlockError{Line: i + 1, Col: strings.Index(text, ";") + 1,
				Err: errors.New("one expression a line in a ```dice block; ; separates them only on the command line")})
			continue
		}
		lines = append(lines, line{i + 1, text})
	}
	switch {
	case len(lines) == 0 && len(bad) == 0:
		return "", errors.New("an empty ```dice block: write a dice expression such as 3d6 inside it")
	case len(all) > expr.MaxItems: // counted before any is computed
		return "", errors.Join(append(bad, &markup.BlockError{Line: all[expr.MaxItems], Col: 1,
			Err: fmt.Errorf("at most %d expressions in one ```dice block (this is the %s): split it into several blocks", expr.MaxItems, ordinal(expr.MaxItems+1))})...)
	}
	budget := b.DiceBudget()
	texts := make([]string, 0, len(lines))
	for _, l := range lines {
		err := check(budget, l.text)
		var be *expr.BudgetError
		var e *expr.Error
		switch {
		case errors.As(err, &be):
			// The page's budget is spent: the rest of its dice wait for
			// nothing (its other blocks fail at once).
			bad = append(bad, &markup.BlockError{Line: l.n, Col: be.Col, Err: markup.ErrDiceBudget})
			return "", errors.Join(bad...)
		case errors.As(err, &e): // parse errors and the bounds of one expression
			bad = append(bad, &markup.BlockError{Line: l.n, Col: e.Col, Err: errors.New(e.Msg)})
		case err != nil:
			bad = append(bad, &markup.BlockError{Line: l.n, Err: err})
		}
		texts = append(texts, strings.TrimSpace(l.text))
	}
	if len(bad) > 0 {
		return "", errors.Join(bad...)
	}
	as := *b
	// Info stays "dice": the calc handler computes a ```calc dice/roll
	// block against the page's budget, and these are spent already.
	as.Args, as.Body = []string{dice.ID}, "expr = "+strings.Join(texts, "; ")+"\n"
	return h.calc.RenderBlock(&as)
}

// check parses one line's expression and computes it against budget.
func check(budget *expr.Budget, text string) error {
	items, err := expr.Parse(text)
	if err != nil {
		return err
	}
	for _, it := range items {
		if _, err := budget.EvalItem(it); err != nil {
			return err
		}
	}
	return nil
}

// ordinal is n written as "21st".
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprint(n) + suffix
}
