// Package systems lists the games the site knows, in site order: the one
// place that names them all. The site, the command line and the comparison
// read this list; each WebAssembly module registers only its own system
// (see cmd/sitegen/internal/wasmbuild).
package systems

import (
	"d6codex/calc"
	"d6codex/calc/anydice"
	"d6codex/calc/d6xd6"
	"d6codex/calc/dice"
	"d6codex/calc/opend6"
	"d6codex/calc/rollunder"
	"d6codex/calc/skirmish"
	"d6codex/calc/spacedoor"
)

// All returns every system's registration, in site order.
func All() []calc.System {
	return []calc.System{
		d6xd6.System(),
		spacedoor.System(),
		skirmish.System(),
		rollunder.System(),
		opend6.System(),
		dice.System(),    // a tool of no game: any dice expression
		anydice.System(), // nor this: programs in AnyDice's language, in a module of their own
	}
}

// New returns the registry of every system.
func New() *calc.Registry { return calc.MustRegistry(All()...) }
