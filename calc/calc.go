// Package calc is the registry of combat calculators: for each one an id, a
// title, help text, an input schema, and Run(inputs) → Result. It turns text
// inputs (from a form, a URL, the command line or a Markdown preset) into the
// typed inputs of a rules/ package, runs the exact odds and, when dice or a
// seed are given, resolves that one roll.
//
// Each game registers once, as a System in its own package calc/<id>
// (calc/systems lists them all); the registry built from those systems is
// the only thing wasm/, `sitegen calc` and the site's blocks know about, and
// none of them holds rules logic or names a game. Like rules/, this package avoids fmt, reflection and
// encoding/json so that it compiles into a small WebAssembly module.
package calc

import (
	"errors"
	"strings"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// Kind is the type of an input field.
type Kind string

// The field kinds.
const (
	Int      Kind = "int"       // a whole number within Min..Max
	Bool     Kind = "bool"      // true or false
	Choice   Kind = "choice"    // one of Options
	DiceList Kind = "dice-list" // faces of rolled dice, e.g. "6, 5, 3"
	DieCode  Kind = "die-code"  // an OpenD6 die code within Min..Max pips
	IntList  Kind = "int-list"  // whole numbers within Min..Max, e.g. a damage table
	Text     Kind = "text"      // free text of at most Max characters, e.g. a dice expression
)

// Option is one allowed value of a choice field.
type Option struct {
	_     [0]func() // not comparable: the modules carry no equality code for it
	Value string    `json:"value"`
	Label string    `json:"label"`
}

// Field describes one input: its name (the public contract), label and help
// for forms, kind, limits and default. Min and Max bound ints, and for die
// codes they are pips (3 pips = 1D). Default is text in the field's syntax.
// Label and Help, like a Calculator's Title and Help, are empty in the
// WebAssembly module, which needs none of them (see docs.go).
type Field struct {
	Name    string   `json:"name"`
	Label   string   `json:"label"`
	Kind    Kind     `json:"kind"`
	Min     int      `json:"min"`
	Max     int      `json:"max"`
	Options []Option `json:"options,omitempty"`
	Default string   `json:"default"`
	Help    string   `json:"help,omitempty"`

	// parseCode reads a die code (CodeField sets it): through this field,
	// only the modules of games with die-code fields carry the parser.
	parseCode func(string) (dice.Code, error)
}

// Calculator is one calculator of the registry.
type Calculator struct {
	ID     string  `json:"id"`
	System string  `json:"system"`
	Title  string  `json:"title"`
	Help   string  `json:"help"`
	Fields []Field `json:"fields"`

	// MaxFace is the largest face a die of the "dice" field (the dice the
	// player rolled) may show; 0 means 6, the dice of the bundled games.
	// The resolver checks each die against its own size.
	MaxFace int `json:"-"`

	// Largest are the inputs that cost the most to compute (the benchmarks
	// run them; every calculator's exact odds must stay fast there).
	Largest map[string]string `json:"-"`

	// Odds computes the exact report; Resolve resolves one roll from a tape.
	Odds    func(v Values) (rules.Report, error)             `json:"-"`
	Resolve func(v Values, t *dice.Tape) (rules.Roll, error) `json:"-"`

	// OddsOnly marks a calculator that gives odds and no single rolls (an
	// AnyDice program): it gets no dice or seed fields, needs no Resolve,
	// and its report may have distributions without outcomes.
	OddsOnly bool `json:"oddsOnly,omitempty"`

	// Overlay, when set, charts the report's distributions all together
	// (render.Overlay): for a calculator whose distributions are alike,
	// such as the expressions of one dice block or the outputs of one
	// AnyDice program.
	Overlay Overlay `json:"-"`

	// Heading, when set, titles a block by its inputs (a dice block by its
	// rolls, "Odds of 4d6kh3"), the same on the page and after each change
	// in the browser; nil keeps Title.
	Heading func(v Values) string `json:"-"`
}

// Overlay draws the named distributions of r in one chart, its controls'
// ids under key, in mode ("exact", "atleast" or "atmost") first.
// render.Overlay is the one there is. It is a calculator's field, not a
// flag, so that only the modules of the calculators that set it carry its
// code.
type Overlay func(b *strings.Builder, r rules.Report, names []string, key, mode string)

// Field returns the named field and whether it exists.
func (c *Calculator) Field(name string) (Field, bool) {
	for _, f := range c.Fields {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

// FieldNames lists the calculator's field names in schema order.
func (c *Calculator) FieldNames() []string {
	out := make([]string, len(c.Fields))
	for i, f := range c.Fields {
		out[i] = f.Name
	}
	return out
}

// Registry holds the systems and their calculators.
type Registry struct {
	systems []System
	list    []*Calculator
}

// NewRegistry registers the given systems, in order: each calculator gets
// the system's id, the dice and seed fields every calculator takes, and
// its form texts. A duplicate system or calculator id, a calculator whose
// id is not under its system's, or one without Odds or Resolve is a
// programming error, returned so a test can name it.
func NewRegistry(systems ...System) (*Registry, error) {
	return register(systems, document)
}

// MustModule is MustRegistry for a WebAssembly module's one system: its
// calculators get no form texts (the module shows none), so the module
// carries neither those texts nor the code that sets them.
func MustModule(s System) *Registry {
	r, err := register([]System{s}, nil)
	if err != nil {
		panic(err)
	}
	return r
}

// register is NewRegistry, documenting each calculator with doc unless it
// is nil.
func register(systems []System, doc func(*Calculator, Doc)) (*Registry, error) {
	r := &Registry{}
	seen := map[string]bool{}
	for _, s := range systems {
		if s.ID == "" || seen["system "+s.ID] {
			return nil, errors.New("calc: system id " + quote(s.ID) + " is empty or registered twice")
		}
		seen["system "+s.ID] = true
		for _, c := range s.Calculators {
			if !strings.HasPrefix(c.ID, s.ID+"/") || seen[c.ID] || c.Odds == nil || (c.Resolve == nil && !c.OddsOnly) {
				return nil, errors.New("calc: calculator " + quote(c.ID) + " of system " + s.ID +
					": its id must be unique and start with " + quote(s.ID+"/") + ", and it needs Odds and Resolve")
			}
			seen[c.ID] = true
			c.System = s.ID
			if !c.OddsOnly {
				withRollFields(c)
			}
			if doc != nil {
				doc(c, s.Docs[c.ID])
			}
			if l, ok := s.Largest[c.ID]; ok {
				c.Largest = l
			}
			r.list = append(r.list, c)
		}
		r.systems = append(r.systems, s)
	}
	return r, nil
}

// MustRegistry is NewRegistry for a fixed list of systems known to be
// valid (its tests prove it); it panics otherwise.
func MustRegistry(systems ...System) *Registry {
	r, err := NewRegistry(systems...)
	if err != nil {
		panic(err)
	}
	return r
}

// List returns the calculators in registration order (by system, then as
// each system lists them).
func (r *Registry) List() []*Calculator { return r.list }

// Systems returns the registered systems in order.
func (r *Registry) Systems() []System { return r.systems }

// Get returns the calculator with the given id.
func (r *Registry) Get(id string) (*Calculator, error) {
	for _, c := range r.list {
		if c.ID == id {
			return c, nil
		}
	}
	ids := make([]string, len(r.list))
	for i, c := range r.list {
		ids[i] = c.ID
	}
	return nil, errors.New("unknown calculator " + quote(id) + " (known: " + strings.Join(ids, ", ") + ")")
}

// Run validates raw text inputs against the calculator's schema, fills in
// defaults, computes the exact odds and, when "dice" or "seed" is given,
// resolves that roll. Errors about inputs are *rules.FieldError.
func (r *Registry) Run(id string, raw map[string]string) (Result, error) {
	c, err := r.Get(id)
	if err != nil {
		return Result{}, err
	}
	return c.Run(raw)
}

// Run is Registry.Run for one calculator.
func (c *Calculator) Run(raw map[string]string) (res Result, err error) {
	defer func() {
		// A bug in a rules package must not kill the caller (the WebAssembly
		// module serves a whole page); report it as an error instead.
		if p := recover(); p != nil {
			res, err = Result{}, errors.New(c.ID+": internal error: "+panicText(p))
		}
	}()
	v, err := c.Parse(raw)
	if err != nil {
		return Result{}, err
	}
	rep, err := c.Odds(v)
	if err != nil {
		return Result{}, err
	}
	res = Result{ID: c.ID, calc: c, Inputs: v, Report: rep, Overlay: c.Overlay}
	if t, ok := v.tape(); ok {
		roll, err := c.Resolve(v, t)
		if err == nil {
			err = t.Done() // typed dice the roll did not use are not dropped silently
		}
		if err != nil {
			if v.given["dice"] {
				// The typed dice do not fit these inputs; the odds do not
				// depend on them, so callers can show the odds alone.
				return Result{}, &DiceError{Err: err}
			}
			return Result{}, err
		}
		res.Roll = &roll
	} else if c.Resolve != nil {
		res.Dice, res.MoreDice = c.diceNeeded(v)
	}
	return res, nil
}

// diceNeeded is how many dice one roll of these inputs takes, from three
// seeded rolls: the fewest, and whether a roll may take more (exploding or
// rerolled dice). 0 when a roll cannot be resolved.
func (c *Calculator) diceNeeded(v Values) (n int, more bool) {
	for seed := uint64(1); seed <= 3; seed++ {
		t := dice.NewSeeded(seed)
		if _, err := c.Resolve(v, t); err != nil {
			return 0, false
		}
		k := len(t.Values())
		if seed > 1 && k != n {
			more = true
		}
		if seed == 1 || k < n {
			n = k
		}
	}
	return n, more
}

// DiceError is the error of a run whose typed-in dice do not fit the
// inputs (too few dice, or a face the roll cannot use). The odds do not
// depend on the dice: running again without them gives them.
type DiceError struct{ Err error }

func (e *DiceError) Error() string { return e.Err.Error() }

// Unwrap returns the resolver's error.
func (e *DiceError) Unwrap() error { return e.Err }

func panicText(p any) string {
	switch x := p.(type) {
	case error:
		return x.Error()
	case string:
		return x
	}
	return "unexpected failure"
}

func quote(s string) string { return `"` + s + `"` }
