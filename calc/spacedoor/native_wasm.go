//go:build js && wasm

package spacedoor

import (
	"d6codex/calc"
	"d6codex/rules"
)

// In the WebAssembly module the system has no form texts and no data
// tables: pages render both when the site is built, and the module only
// validates and computes (nothing in it reads a label, a help text or a
// table; see calc.document). Leaving them out keeps the module's brotli
// size under 500 KB with the luck calculator.

// formDocs has no texts in the module.
func formDocs() map[string]calc.Doc { return nil }

// tables has no tables in the module; a non-nil Tables and the
// comparison still make the system a game.
func tables() []rules.Table { return nil }
