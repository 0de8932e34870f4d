//go:build js && wasm

package calc

// document leaves the texts of forms (titles, labels, help) out of the
// WebAssembly module: the page renders its form on the server, and the
// module only validates inputs and computes results. See docs.go.
func document(*Calculator) {}
