//go:build !(js && wasm)

package anydice

import "d6codex/rules/dice/anydice"

// limits are a native run's limits: the interpreter's own, no progress
// reports (progress_wasm.go has the module's).
func limits() anydice.Limits { return anydice.Limits{} }
