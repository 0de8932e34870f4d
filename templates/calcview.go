package templates

import (
	"strconv"
	"strings"
)

// CalcView is the view model of one calculator embedded in a page: the
// form rendered from the calculator's schema with the page's presets, and
// the URLs the script needs to run it.
type CalcView struct {
	// DOMID is the calculator's element id, unique in the page; it also
	// prefixes the calculator's inputs in the page URL.
	DOMID string
	// CalcID is the registry id ("opend6/attack").
	CalcID string
	// Title and Help describe the calculator.
	Title, Help string
	// Fields are the main set-up inputs, in schema order: those the page
	// presets and the calculator's first few.
	Fields []CalcField
	// More are the other set-up inputs, shown on request.
	More []CalcField
	// RollFields are the inputs that resolve one roll (dice, seed); a
	// calculator of odds only has none, and no roll buttons.
	RollFields []CalcField
	// Fixed are inputs the page fixes (an AnyDice block's program): sent
	// with every run as hidden inputs, never shown or put in the address.
	Fixed []CalcField
	// Source is the block's own text (an AnyDice block's program), shown
	// under "Show the program" as a text area the reader may edit.
	Source []CalcField
	// Worker, Exec and Wasm are the published URLs of the worker script,
	// Go's wasm_exec.js and the calculators' module.
	Worker, Exec, Wasm string
	// CLI is the equivalent `sitegen calc run` command line.
	CLI string
	// Twice is what a field a share link names twice allows
	// (calc.GivenTwice): the page reads links as `calc run` reads pairs.
	Twice string
	// Result is the preset's result, pre-rendered as HTML (calc/render).
	Result string
}

// CalcField is one form control.
type CalcField struct {
	// Name is the field name (the public contract).
	Name string
	// ID is the control's element id.
	ID string
	// Label and Help are shown with the control.
	Label, Help string
	// Control is "number", "checkbox", "select", "text" or "textarea".
	Control string
	// Value is the preset or default value; Default is the schema default
	// (the reset value, and what the URL leaves out).
	Value, Default string
	// Min and Max bound number controls.
	Min, Max string
	// Pattern, InputMode and Placeholder shape text controls.
	Pattern, InputMode, Placeholder string
	// Options are the choices of a select.
	Options []CalcOption
	// Allowed describes the allowed values in words.
	Allowed string
	// Editor makes a text area an editor (an AnyDice playground): shown
	// open, monospace, unwrapped, with a gutter of line numbers.
	Editor bool
}

// LineNumbers are the numbers of the lines of s as a text area shows
// them ("1", "2", …): one more than its newlines.
func LineNumbers(s string) []string {
	n := strings.Count(s, "\n") + 1
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	return out
}

// CalcOption is one choice of a select control.
type CalcOption struct {
	Value, Label string
}
