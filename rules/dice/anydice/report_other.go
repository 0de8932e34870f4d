//go:build !(js && wasm)

package anydice

// report is a native run's progress when Limits give no Progress: none
// (the WebAssembly module's tells the page).
func report(float64) {}
