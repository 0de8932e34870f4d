package expr

import (
	"errors"
	"testing"
)

// TestBudget is issue 31: expressions evaluated against one Budget (the
// dice of one page) share its work: each spends what it costs, and the one
// that would go past what is left fails with a *BudgetError at its column,
// before it has cost more than what was left, while the bound of one
// expression (MaxWork) still holds on its own.
func TestBudget(t *testing.T) {
	items, err := Parse("100d100+1")
	if err != nil {
		t.Fatal(err)
	}
	probe := NewBudget(MaxWork)
	if _, err := probe.EvalItem(items[0]); err != nil {
		t.Fatal(err)
	}
	cost := MaxWork - probe.Left() // what one costs
	if cost <= 0 {
		t.Fatalf("cost %g", cost)
	}
	b := NewBudget(2.5 * cost)
	for i := range 2 {
		r, err := b.EvalItem(items[0])
		if err != nil || r.Min != 101 || r.Max != 10001 {
			t.Fatalf("expression %d: %v, %d..%d", i+1, err, r.Min, r.Max)
		}
	}
	if left := b.Left(); left < 0.49*cost || left > 0.51*cost {
		t.Errorf("left %g after two, want half of %g", left, cost)
	}
	_, err = b.EvalItem(items[0])
	var be *BudgetError
	if !errors.As(err, &be) || be.Col != 1 {
		t.Fatalf("third: err %v, want a *BudgetError at column 1", err)
	}
	if b.Left() != 0 {
		t.Errorf("left %g after the failure, want 0", b.Left())
	}
	// Spent: nothing more runs.
	if _, err := b.EvalItem(items[0]); !errors.As(err, &be) {
		t.Errorf("after: err %v, want a *BudgetError", err)
	}
	// An expression past MaxWork is its own error, whatever the budget.
	big, _ := Parse("1000d6kh500")
	_, err = NewBudget(100 * MaxWork).EvalItem(big[0])
	var e *Error
	if !errors.As(err, &e) || errors.As(err, &be) {
		t.Errorf("1000d6kh500: err %v, want the *Error of one expression", err)
	}
	// A nil budget is no budget.
	var none *Budget
	if _, err := none.EvalItem(items[0]); err != nil {
		t.Errorf("nil budget: %v", err)
	}
}
