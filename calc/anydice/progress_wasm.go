//go:build js && wasm

package anydice

import (
	"syscall/js"

	"d6codex/rules/dice/anydice"
)

// limits are a run's limits in the calculators' WebAssembly module: its
// progress goes, about every anydice.ProgressEvery steps, to the function
// the worker sets as the global d6progress (the share of the step budget
// spent, 0 to 1), so that the page can show how far a long program has
// got. Stopping is the page's (it ends the worker), so it never asks to
// stop; a host without d6progress gets no reports.
func limits() anydice.Limits {
	return anydice.Limits{Progress: func(done, budget float64) bool {
		if f := js.Global().Get("d6progress"); f.Type() == js.TypeFunction {
			f.Invoke(done / budget)
		}
		return true
	}}
}
