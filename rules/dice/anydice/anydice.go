// Package anydice runs programs written in AnyDice's language
// (anydice.com) and gives each output's exact distribution, as the
// dice.PMF the rest of package dice uses.
//
// The language: numbers, sequences ({1, 2..4, 6:3}), dice (NdS, dS, d{…},
// DdD), the operators + - * / ^ (integer division rounds toward zero),
// = != < > <= >=, !, &, |, unary -, # (length) and @ (positions), variables,
// functions with typed parameters (:n, :s, :d), if/else, loop, result:,
// output … named "… [VAR] …", set "explode depth" / "position order" /
// "maximum function depth", and AnyDice's function library (absolute,
// contains, count VALUES in SEQUENCE, explode, highest/lowest/middle N of,
// highest/lowest of A and B, maximum of, reverse, sort).
//
// Decisions where AnyDice's documentation is silent, each chosen to match
// what AnyDice itself does as far as its published examples show:
//   - Precedence, lowest first: |, &, comparisons, + -, * /, ^, @, binary
//     d, then the unary operators (- ! # d), so #3d6 is (#3)d6 and 1@3d6+1
//     is (1@3d6)+1.
//   - A function whose result is the empty die (d{}) for some outcome of a
//     die passed to :n or :s drops that outcome: the rest are rescaled to a
//     total of 1 (the "reroll by discarding" idiom).
//   - A call past the maximum function depth (10 unless set) is the empty
//     die, as AnyDice's documentation says.
//   - A range whose end is below its start ({3..1}) is empty; dS with S < 1
//     is the empty die.
//   - A die used as an if condition is an error (AnyDice refuses it too):
//     pass the die to a function's :n parameter instead.
//   - [highest N of DICE] and [lowest N of DICE] mean the highest and the
//     lowest whatever the "position order"; @, [sort], [middle N of] and
//     sequence parameters follow it.
//   - A sequence parameter given a die gets each sorted roll of its dice
//     (a die made by arithmetic, 3d6+1, is one die); {DIE} lists a die's
//     values in increasing order; an output of a sequence is d{sequence}.
//   - Not implemented: the 2025 library functions [highest N of SA and SB]
//     and [lowest N of SA and SB].
//
// Field comments: a comment of the form \ field NAME: "Label" LO..HI = DEFAULT \
// declares that the top-level variable NAME is set from a form; AnyDice
// itself ignores it. Run takes the field values; a top-level assignment to
// a field's variable is replaced by the field's value.
//
// Work is bounded (MaxWork steps, values within ±MaxValue, a die spans at
// most MaxSpan values, MaxDice dice in a collection), so no program hangs.
// The package is pure Go without fmt or reflection, for the calculators'
// WebAssembly module.
package anydice

import (
	"math"
	"strconv"

	"d6codex/rules/dice"
)

// Limits on the work one program may ask for.
const (
	MaxWork     = 2e8           // evaluation steps (a step is about one multiply-add)
	MaxValue    = 1_000_000_000 // largest absolute value a number may hold
	MaxSpan     = 100_000       // distinct values one die may span (its max - min)
	MaxDice     = 1000          // dice in one collection
	MaxSeq      = 100_000       // numbers in one sequence
	MaxOutputs  = 200           // outputs of one program
	MaxLength   = 100_000       // characters of source text
	MaxFields   = 20            // fields of one program
	maxCallDeep = 1000          // a "maximum function depth" past this is refused
)

// The limits as the messages write them: constants, so that a message is
// one string, not a conversion and a concatenation at run time
// (TestLimitTexts holds them to the limits).
const (
	maxValueText    = "1000000000"
	maxSpanText     = "100000"
	maxDiceText     = "1000"
	maxSeqText      = "100000"
	maxOutputsText  = "200"
	maxLengthText   = "100000"
	maxFieldsText   = "20"
	maxCallDeepText = "1000"
)

// Error is a parse or run-time error at a line and column of the program
// (both 1-based; the column counts characters).
type Error struct {
	_         noEq
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	return "line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Col) + ": " + e.Msg
}

func errAt(p pos, msg string) *Error { return &Error{Line: p.line, Col: p.col, Msg: msg} }

// Output is one output of a program: its name and exact distribution.
type Output struct {
	Name     string
	Dist     dice.PMF // total 1, or empty for the empty die
	Mean, SD float64
	Min, Max int
}

// Field is a top-level variable set from a form, declared by a comment
// \ field NAME: "Label" LO..HI = DEFAULT \.
type Field struct {
	_             noEq
	Name          string // the VARIABLE
	Label         string
	Min, Max, Def int
	Line, Col     int // where the declaration is
}

// Program is a parsed program, ready to run any number of times.
type Program struct {
	stmts  []stmt
	fields []Field
}

// Parse parses a program and its field declarations.
func Parse(src string) (*Program, error) {
	if len([]rune(src)) > MaxLength {
		return nil, &Error{Line: 1, Col: 1, Msg: "the program is longer than " + maxLengthText + " characters"}
	}
	stmts, comments, err := parseProgram(src)
	if err != nil {
		return nil, err
	}
	fields, err := parseFields(comments)
	if err != nil {
		return nil, err
	}
	return &Program{stmts: stmts, fields: fields}, nil
}

// Fields lists the program's field declarations in the order written.
func (p *Program) Fields() []Field { return append([]Field(nil), p.fields...) }

// Run runs a program with the fields' defaults.
func Run(src string) ([]Output, error) {
	p, err := Parse(src)
	if err != nil {
		return nil, err
	}
	return p.Run(nil)
}

// Run runs the program. values sets fields by name (a field not in values
// takes its default); a value outside a field's range is an error naming
// the field's label.
func (p *Program) Run(values map[string]int) ([]Output, error) {
	in := newInterp()
	for _, f := range p.fields {
		v, ok := values[f.Name]
		if !ok {
			v = f.Def
		}
		if v < f.Min || v > f.Max {
			return nil, &Error{Line: f.Line, Col: f.Col, Msg: f.Label + " must be from " + strconv.Itoa(f.Min) + " to " + strconv.Itoa(f.Max)}
		}
		in.fields[f.Name] = v
		in.global()[f.Name] = num(v)
	}
	if err := in.run(p.stmts); err != nil {
		return nil, err
	}
	return in.outputs, nil
}

// newOutput summarises a distribution.
func newOutput(name string, d dice.PMF) Output {
	o := Output{Name: name, Dist: d, Min: d.Min(), Max: d.Max()}
	if d.Empty() {
		o.Min, o.Max = 0, 0
		return o
	}
	var m, m2 float64
	d.Each(func(v int, p float64) {
		m += float64(v) * p
		m2 += float64(v) * float64(v) * p
	})
	o.Mean = m
	o.SD = math.Sqrt(max(0, m2-m*m))
	return o
}
