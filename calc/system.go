package calc

import "d6codex/rules"

// System is one game's registration: everything the site, the command line
// and the WebAssembly module know about the game comes from it, and it is
// built from exported values of the game's rules/ package. A game lives in
// package d6codex/calc/<ID>, whose System function returns it (see
// calc/systems for the list of games, and the README, "Adding a game").
//
// A System with no Tables and no Compare is a tool that belongs to no game
// (a dice roller, say): it still gets its own WebAssembly module.
type System struct {
	// ID names the system in calculator ids ("skirmish/melee"), table ids
	// and module file names; Name is its display name; Credit names the
	// source the rules come from.
	ID, Name, Credit string
	// Calculators are the system's calculators, without the dice and seed
	// fields every calculator takes (the registry adds them).
	Calculators []*Calculator
	// Docs are the texts of the calculators' forms, by calculator id.
	Docs map[string]Doc
	// Largest are the inputs that cost the most to compute, by calculator
	// id; the registry sets each calculator's Largest from them. They live
	// here, not in Calculators, so that the modules leave them out.
	Largest map[string]map[string]string
	// Tables returns the system's data tables (nil: none).
	Tables func() []rules.Table
	// Compare says how the comparison page reads the system (nil: the
	// system is not compared).
	Compare *Comparison
}

// IsGame reports whether the system is a game (it has tables or a place in
// the comparison) rather than a tool that belongs to no game; a game has a
// section of the site.
func (s System) IsGame() bool { return s.Tables != nil || s.Compare != nil }

// Doc is the text of a calculator's form: its title, help and, by field
// name, each field's label and help.
type Doc struct {
	Title, Help string
	Fields      map[string]FieldDoc
}

// FieldDoc is the label and help of one field.
type FieldDoc struct {
	_           [0]func() // not comparable: the modules carry no equality code for it
	Label, Help string
}

// Comparison is what the comparison page needs of a system: which
// calculator runs an attack, who its novice and veteran fighters are, and
// how to read its report.
type Comparison struct {
	// Calc is the id of the calculator that runs the attack.
	Calc string
	// Common holds what both fighters share in every match-up (weapon,
	// armor, range). Attacker and Defender are indexed by level: 0 the
	// novice, 1 the veteran.
	Common             Profile
	Attacker, Defender [2]Profile
	// Hit lists the outcomes whose sum is the chance the attack lands;
	// HitWords, when set, says in the game's words what counts as a hit.
	Hit      []string
	HitWords string
	// HarmDist is the distribution of harm done to the target per attack
	// (0 for none); HarmExtra are outcomes that harm the target outside it
	// (instant death, the critical hits with no number).
	HarmDist  string
	HarmExtra []string
	// Mean is the mean that gives the damage per attack; Unit names its unit.
	Mean, Unit string
	// NoteMean, when set, is a mean shown in a remark after the unit:
	// NoteText with "{mean}" replaced by its value.
	NoteMean, NoteText string
	// Provisional marks figures that rest on provisional data (a table the
	// sources do not give).
	Provisional bool
}

// Profile is one side of a set-up: a description in the game's terms and
// the calculator inputs it stands for.
type Profile struct {
	Words  string
	Inputs map[string]string
}

// Label is the FieldDoc of a field: its label and help.
func Label(label, help string) FieldDoc { return FieldDoc{Label: label, Help: help} }
