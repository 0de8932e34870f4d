// Package diceblock renders ```dice blocks: one dice expression a line,
// with an optional label ("Advantage: 2d20kh1"), shown as the dice
// calculator of the registry (calc/dice) preset to those expressions, so a
// page gets the same chart, table, form and module as every calculator.
// A bad expression fails the build at its line and column.
package diceblock

import (
	"errors"
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

// RenderBlock implements markup.BlockHandler.
func (h *Handler) RenderBlock(b *markup.Block) (string, error) {
	if len(b.Args) > 0 {
		return "", errors.New("```dice takes no arguments: write the expressions inside the block, one a line")
	}
	var lines []string
	var bad []error // every bad line, each at its own position
	for i, line := range strings.Split(strings.TrimRight(b.Body, "\n"), "\n") {
		if j := strings.Index(line, "#"); j >= 0 {
			line = line[:j]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		if strings.Contains(line, ";") {
			bad = append(bad, &markup.BlockError{Line: i + 1, Col: strings.Index(line, ";") + 1,
				Err: errors.New("one expression a line in a ```dice block; ; separates them only on the command line")})
			continue
		}
		if _, err := expr.Eval(line); err != nil { // parse errors and work limits alike
			var e *expr.Error
			if errors.As(err, &e) {
				bad = append(bad, &markup.BlockError{Line: i + 1, Col: e.Col, Err: errors.New(e.Msg)})
			} else {
				bad = append(bad, &markup.BlockError{Line: i + 1, Err: err})
			}
			continue
		}
		lines = append(lines, strings.TrimSpace(line))
	}
	if len(bad) > 0 {
		return "", errors.Join(bad...)
	}
	if len(lines) == 0 {
		return "", errors.New("an empty ```dice block: write a dice expression such as 3d6 inside it")
	}
	if len(lines) > expr.MaxItems {
		return "", errors.New("at most 20 expressions in one ```dice block")
	}
	as := *b
	as.Info, as.Args, as.Body = "calc", []string{dice.ID}, "expr = "+strings.Join(lines, "; ")+"\n"
	return h.calc.RenderBlock(&as)
}
