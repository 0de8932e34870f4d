// Package anydice runs programs written in AnyDice's language
// (anydice.com) and gives each output's exact distribution, as the
// dice.PMF the rest of package dice uses.
//
// The language: numbers, sequences ({1, 2..4, 6:3}), dice (NdS, dS, d{…},
// DdD), the operators + - * / ^ (integer division rounds toward zero),
// = != < > <= >=, !, &, |, unary -, # (length) and @ (positions), variables,
// functions with typed parameters (:n, :s, :d, :?), if/else, loop, result:,
// output … named "… [VAR] …", set "explode depth" / "position order" /
// "maximum function depth", and AnyDice's function library (absolute,
// contains, count VALUES in SEQUENCE, explode, highest/lowest/middle N of,
// highest/lowest of A and B, maximum of, reverse, sort).
//
// AnyDice's own results are the specification where its documentation is
// silent: the exported results of AnyDice runs that other interpreters
// publish (testdata/anydice, anydice_results_test.go). Each point below
// is what those results show, accidents included; "(accident)" marks
// AnyDice behaviour that looks unintended but is matched all the same.
//   - Precedence, lowest first: & and | (one level, left to right),
//     comparisons, + -, * /, ^, @, binary d, then the unary operators
//     (- + ! # d), so #3d6 is (#3)d6, 1@3d6+1 is (1@3d6)+1 and -2^2 is 4.
//   - Division by zero is 0. A negative power of a number is an error; of
//     a die or a sequence it is 1 divided by the positive power, rounded
//     toward zero, and 0 to a negative power is an error here (AnyDice
//     answers with an overflowed -2^63).
//   - The empty die d{} (a function without a result, a call past the
//     maximum function depth, d{…} of an empty sequence): with + and | it
//     gives the other operand, the right one as it is and the left one
//     with a sequence summed (d{} + {1,2} is the sequence, {1,2} + d{} is
//     3: accident); d{} - X is -X and X - d{} is X; every other operator
//     gives d{}. So 1 + [f] is 1 when [f] is past the depth.
//   - A die of dice whose count or faces are empty (d{}d6, d6d{}) is the
//     null die (accident): it counts one die (#), it has no outcomes, 1@ of
//     it is itself and other positions 0, every comparison, & and | with
//     it is 1, ! of it is 1, and arithmetic with it stays null.
//   - A call past the maximum function depth (10 unless set) is d{}, and
//     the run warns, in AnyDice's words (Result.Warnings). The library
//     functions count toward the depth like any other.
//   - One call has one set of variables: a function sees the caller's
//     variables and its assignments are its own, and when a die given to a
//     :n or :s parameter runs the body once per outcome, what the body
//     assigned for one outcome is still there for the next (a counter
//     I: I + 1 counts the outcomes). Outcomes go lowest first for :n and
//     for one die given to :s; several dice given to :s go from the highest
//     roll ({6,6}, {6,5} …), or from the lowest ({1,1}, {1,2} …) with
//     "position order" set to "lowest first"; with several such parameters
//     the leftmost varies fastest. A parameter given a value that needs no
//     expansion is set afresh each time; an expanded one keeps what the
//     body assigned to it until its own outcome changes (accident).
//   - A function whose result is d{} for some outcome drops that outcome:
//     the rest are rescaled to a total of 1 (the "reroll by discarding"
//     idiom). AnyDice keeps the weight of the null die's outcomes and of
//     some others as "phantom mass", so its results can add up to less (or
//     more) than 100%; here every output adds up to 1.
//   - Dice: dS with S > 0 is 1..S, with S < 0 is S..-1, d0 always rolls 0.
//     A count of 0 is one d0, a negative count is as many dice negated
//     ((-3)d6 is 3d-6, whose # is 3), a sequence as a count is summed. A
//     die as the count ((2d2)d{1,2}) rolls that many dice for each of its
//     outcomes and sums them into one die, as a function's :n parameter
//     does: # of it is 1 and a :s parameter gets each of its totals.
//   - A die in an output's name is AnyDice's notation: d4, 2d4, -3d6,
//     3d{0..0} for a collection of standard dice, d{?} for any other die,
//     d{} for the empty die; a sequence is {?}. [NAME] of a variable without
//     a value is an error; other text in brackets stays.
//   - @ of a number takes its digits with the number's sign (1@-456 is
//     -4); positions outside a value count 0. [highest N of DICE] and
//     [lowest N of DICE] mean the highest and the lowest whatever the
//     "position order", and are 0 for N <= 0; @, [sort], [middle N of] and
//     sequence parameters follow the order. [middle N of] is the
//     "do it yourself" function of AnyDice's documentation.
//   - DIE <= SEQUENCE is answered as DIE > SEQUENCE (accident); otherwise
//     a die compared with a sequence is compared with its sum.
//   - The condition of an if must be a number (a sequence or a die is an
//     error, as in AnyDice). "explode depth" is from 1; result: is the
//     last statement of its block; output, set and function: may not
//     appear inside a function; a function's name may be any words and
//     parameters, none at all ([] calls function: {…}), keywords and d
//     included; a parameter's type may be :? (any); two parameters of one
//     name are allowed, the first being the one seen.
//   - A range whose end is below its start ({3..1}) is empty.
//   - Not implemented: the 2025 library functions [highest N of SA and SB]
//     and [lowest N of SA and SB], AnyDice's legacy notation, numbers past
//     ±MaxValue.
//
// Field comments: a comment of the form \ field NAME: "Label" LO..HI = DEFAULT \
// declares that the top-level variable NAME is set from a form; AnyDice
// itself ignores it. Run takes the field values; a top-level assignment to
// a field's variable is replaced by the field's value.
//
// Work is bounded (MaxWork steps unless Limits say otherwise, values within
// ±MaxValue, a die spans at most MaxSpan values, MaxDice dice in a
// collection, MaxValues values and names of MaxName characters in all the
// outputs), so no program hangs or makes a page of gigabytes; RunLimits
// reports progress and can be stopped, for a playground.
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
	MaxWork     = 5e8           // evaluation steps (a step is about one multiply-add)
	MaxValue    = 1_000_000_000 // largest absolute value a number may hold
	MaxSpan     = 100_000       // distinct values one die may span (its max - min)
	MaxDice     = 1000          // dice in one collection
	MaxSeq      = 100_000       // numbers in one sequence
	MaxOutputs  = 1000          // outputs of one program
	MaxValues   = 100_000       // values of all the outputs of one program together
	MaxName     = 1000          // characters of an output's name
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
	maxOutputsText  = "1000"
	maxValuesText   = "100000"
	maxNameText     = "1000"
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
	Kind      int // ErrProgram, ErrBudget or ErrStopped
}

// The kinds of Error, for a caller that acts on them (a playground may
// offer to run a program again with a larger budget).
const (
	ErrProgram = iota // the program is wrong or asks past a limit
	ErrBudget         // the program needs more steps than the run allows
	ErrStopped        // Limits.Progress asked to stop
)

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

// Run runs the program within the package's limits. values sets fields by
// name (a field not in values takes its default); a value outside a
// field's range is an error naming the field's label.
func (p *Program) Run(values map[string]int) ([]Output, error) {
	in := newInterp()
	if err := p.exec(in, values); err != nil {
		return nil, err
	}
	return in.outputs, nil
}

// Limits bound one run of a program; the zero value is the package's
// limits (MaxWork steps, no progress reports).
type Limits struct {
	// Work is the most evaluation steps the run may take (0: MaxWork).
	// Past it the run fails with an *Error of kind ErrBudget whose message
	// says what to change in the program.
	Work float64
	// Progress, when set, is called about every ProgressEvery steps with
	// the steps done so far and the budget; when it returns false the run
	// stops with an *Error of kind ErrStopped.
	Progress func(done, budget float64) bool
}

// ProgressEvery is how many steps a run takes between calls of
// Limits.Progress: a few milliseconds of work.
const ProgressEvery = 1e7

// Result is what a run gives: the outputs, AnyDice's warnings (a call
// past the maximum function depth truncates the results) and the steps
// the run took.
type Result struct {
	Outputs  []Output
	Warnings []string
	Work     float64
}

// DepthWarning is the warning of a run in which a call went past the
// maximum function depth (AnyDice's words).
const DepthWarning = "The maximum function depth was exceeded, results are truncated."

// RunLimits runs the program as Run does, within l.
func (p *Program) RunLimits(values map[string]int, l Limits) (*Result, error) {
	in := newInterp()
	in.progress = l.Progress
	if l.Work > 0 {
		in.budget = l.Work
	}
	if err := p.exec(in, values); err != nil {
		return nil, err
	}
	r := &Result{Outputs: in.outputs, Work: in.work}
	if in.truncated {
		r.Warnings = []string{DepthWarning}
	}
	return r, nil
}

// exec runs the program in in, with the fields set from values.
func (p *Program) exec(in *interp, values map[string]int) error {
	for _, f := range p.fields {
		v, ok := values[f.Name]
		if !ok {
			v = f.Def
		}
		if v < f.Min || v > f.Max {
			return &Error{Line: f.Line, Col: f.Col, Msg: f.Label + " must be from " + strconv.Itoa(f.Min) + " to " + strconv.Itoa(f.Max)}
		}
		in.fields[f.Name] = v
		in.scopes[0][f.Name] = num(v)
	}
	return in.execBlock(p.stmts)
}

// newOutput summarises a distribution.
func newOutput(name string, d dice.PMF) Output {
	o := Output{Name: name, Dist: d, Min: d.Min(), Max: d.Max()}
	if d.Empty() {
		o.Min, o.Max = 0, 0
		return o
	}
	var m, m2 float64
	for v := d.Min(); v <= d.Max(); v++ {
		p := d.P(v)
		m += float64(v) * p
		m2 += float64(v) * float64(v) * p
	}
	o.Mean = m
	o.SD = math.Sqrt(max(0, m2-m*m))
	return o
}
