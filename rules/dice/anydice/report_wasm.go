//go:build js && wasm

package anydice

import "syscall/js"

// report is how a run in the calculators' WebAssembly module reports its
// progress when Limits give no Progress: it calls the function the worker
// sets as the global d6progress with the share of the budget spent (0 to
// 1), every ProgressEvery steps, so that the page can show how far a long
// program has got. Stopping is the page's (it ends the worker), so report
// never asks to stop.
func report(share float64) { js.Global().Call("d6progress", share) }
