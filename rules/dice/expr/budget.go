package expr

import "strconv"

// Budget is work several expressions share (the dice of one page): each
// evaluation spends what it costs, in the units of MaxWork, and the one
// that would go past what is left fails with a *BudgetError before it
// costs more than that. One expression is bounded by MaxWork as well. A
// Budget is for one goroutine; a nil *Budget is no budget.
type Budget struct{ left float64 }

// NewBudget returns a budget of work multiply-adds.
func NewBudget(work float64) *Budget { return &Budget{left: work} }

// Left is the work still to spend.
func (b *Budget) Left() float64 { return b.left }

// BudgetError is an expression refused because the budget it was
// evaluated against is spent, at the column of the part that went past.
type BudgetError struct {
	Col int
}

func (e *BudgetError) Error() string {
	return "column " + strconv.Itoa(e.Col) + ": the work shared with the other expressions is spent"
}

// EvalItem evaluates one parsed expression, spending its work from b
// (EvalItemWithin what is left): an expression refused because what is
// left is less than MaxWork is a *BudgetError, and the budget is spent.
func (b *Budget) EvalItem(it Item) (Result, error) {
	r, _, err := b.EvalItemWork(it)
	return r, err
}

// EvalItemWork is EvalItem that also returns the work it spent from b.
func (b *Budget) EvalItemWork(it Item) (Result, float64, error) {
	if b == nil {
		r, err := EvalItem(it)
		return r, 0, err
	}
	left := b.left
	limit := min(left, MaxWork)
	r, work, err := EvalItemWithin(it, left)
	// A refused expression did no more than it was allowed.
	b.left = max(0, left-min(work, limit))
	if e, ok := err.(*Error); ok && work > limit && limit < MaxWork {
		b.left = 0 // the rest waits for nothing
		return r, left, &BudgetError{Col: e.Col}
	}
	return r, left - b.left, err
}

// Spend takes work from b that an evaluation spent before, for its
// result used again: evaluated against b, the same expression would
// spend the same work (evaluation is deterministic). It reports false,
// spending nothing, when less than work is left (evaluating it again
// tells what happens then).
func (b *Budget) Spend(work float64) bool {
	if b == nil {
		return true
	}
	if work > b.left {
		return false
	}
	b.left -= work
	return true
}
