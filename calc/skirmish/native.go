//go:build !(js && wasm)

package skirmish

import (
	"d6codex/calc"
	"d6codex/rules"
	game "d6codex/rules/skirmish"
)

// The form texts and the data tables serve the pages sitegen builds; the
// WebAssembly module, which only validates and computes, leaves them out
// (see native_wasm.go).

// formDocs are the form texts of the calculators.
func formDocs() map[string]calc.Doc { return docs() }

// tables are the system's data tables, which sitegen renders into pages.
func tables() []rules.Table { return game.Tables() }
