//go:build js && wasm

package skirmish

import (
	"d6codex/calc"
	"d6codex/rules"
)

// In the WebAssembly module the system has no form texts and no data
// tables: pages render both when the site is built, and the module only
// validates and computes (as calc/opend6 does). This keeps the texts and
// the code that builds them out of the module, whose brotli size is held
// under 500 KB.

// formDocs has no texts in the module.
func formDocs() map[string]calc.Doc { return nil }

// tables has no tables in the module; a non-nil Tables and the comparison
// still make the system a game.
func tables() []rules.Table { return nil }
