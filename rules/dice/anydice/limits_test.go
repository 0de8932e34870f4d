package anydice

import (
	"errors"
	"strings"
	"testing"
)

// TestRunLimits: what a playground needs from a run. Progress is reported
// as the steps grow and can stop the run; a smaller budget stops it with a
// message that says what to change; both are errors of their own kind at
// a line and column; a call past the maximum function depth is AnyDice's
// warning.
func TestRunLimits(t *testing.T) {
	p, err := Parse("function: top S:s { result: 1@S }\noutput [top 12d10]")
	if err != nil {
		t.Fatal(err)
	}
	var calls []float64
	res, err := p.RunLimits(nil, Limits{Progress: func(done, budget float64) bool {
		if budget != MaxWork {
			t.Errorf("budget %g, want MaxWork", budget)
		}
		calls = append(calls, done)
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Outputs) != 1 || res.Work < 5*ProgressEvery {
		t.Fatalf("%d outputs, %d steps", len(res.Outputs), int(res.Work))
	}
	if len(calls) < 5 || len(calls) > int(res.Work/ProgressEvery)+1 {
		t.Errorf("%d reports for %d steps", len(calls), int(res.Work))
	}
	for i := 1; i < len(calls); i++ {
		if calls[i]-calls[i-1] < ProgressEvery {
			t.Errorf("reports %g and %g closer than ProgressEvery", calls[i-1], calls[i])
		}
	}

	n := 0
	_, err = p.RunLimits(nil, Limits{Progress: func(float64, float64) bool { n++; return n < 3 }})
	var e *Error
	if !errors.As(err, &e) || e.Kind != ErrStopped || e.Line < 1 || e.Line > 2 || n != 3 {
		t.Errorf("stopped: %v (after %d reports)", err, n)
	}

	_, err = p.RunLimits(nil, Limits{Work: 1e6})
	if !errors.As(err, &e) || e.Kind != ErrBudget || e.Line < 1 || e.Line > 2 || !strings.Contains(e.Msg, "use fewer or smaller dice") {
		t.Errorf("over budget: %v", err)
	}
	_, err = Run("output 1 +")
	if !errors.As(err, &e) || e.Kind != ErrProgram {
		t.Errorf("a wrong program: %v", err)
	}

	for src, warned := range map[string]bool{
		"function: f { result: 1 + [f] }\noutput [f]":              true,
		"function: f N:n { result: N }\noutput [f d6]":             false,
		"set \"maximum function depth\" to 3\noutput [explode d6]": false,
	} {
		p, err := Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		res, err := p.RunLimits(nil, Limits{})
		if err != nil || (len(res.Warnings) == 1 && res.Warnings[0] == DepthWarning) != warned || len(res.Warnings) > 1 {
			t.Errorf("%q: warnings %q, %v", src, res.Warnings, err)
		}
	}
}
