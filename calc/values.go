package calc

import (
	"strconv"
	"strings"

	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/text"
)

// MaxSeed is the largest seed: 2^53 - 1, the largest whole number a
// JavaScript number holds exactly, so a seed survives a URL and the browser.
const MaxSeed = 1<<53 - 1

// MaxDice is how many dice a typed-in roll may list.
const MaxDice = 200

// withRollFields appends the two fields every calculator takes: the dice the
// player rolled, or a seed to roll them.
func withRollFields(c *Calculator) *Calculator {
	maxFace := c.MaxFace
	if maxFace == 0 {
		maxFace = 6
	}
	c.Fields = append(c.Fields,
		Field{Name: "dice", Kind: DiceList, Min: 1, Max: maxFace},
		Field{Name: "seed", Kind: Int, Min: 0, Max: MaxSeed},
	)
	return c
}

// Values are a calculator's inputs after validation and defaults, typed.
type Values struct {
	c     *Calculator
	ints  map[string]int
	bools map[string]bool
	texts map[string]string
	codes map[string]dice.Code
	lists map[string][]int
	given map[string]bool // fields given explicitly (for dice and seed)
}

// Int returns an int field's value.
func (v Values) Int(name string) int { return v.ints[name] }

// Bool returns a bool field's value.
func (v Values) Bool(name string) bool { return v.bools[name] }

// Text returns a choice or text field's value.
func (v Values) Text(name string) string { return v.texts[name] }

// Code returns a die-code field's value.
func (v Values) Code(name string) dice.Code { return v.codes[name] }

// List returns a dice-list field's value.
func (v Values) List(name string) []int { return v.lists[name] }

// Given reports whether the field was given rather than defaulted.
func (v Values) Given(name string) bool { return v.given[name] }

// tape returns the dice source for resolving one roll: the typed-in dice, or
// a seeded roller; ok is false when neither was given.
func (v Values) tape() (*dice.Tape, bool) {
	if v.given["dice"] {
		return dice.NewFixed(v.lists["dice"]), true
	}
	if v.given["seed"] {
		return dice.NewSeeded(uint64(v.ints["seed"])), true
	}
	return nil, false
}

// FieldErrors are several bad inputs at once, in schema order; Parse returns
// one when more than one field is bad (a single bad field is a
// *rules.FieldError as is), so a form can mark every bad field together.
type FieldErrors []*rules.FieldError

// Error joins the fields' messages with "; ".
func (es FieldErrors) Error() string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "; ")
}

// Unwrap lets errors.As find each *rules.FieldError.
func (es FieldErrors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// AsFieldErrors returns the bad fields an error from Parse or Run names:
// every field of a FieldErrors, or the one *rules.FieldError; nil for any
// other error. It uses type assertions, not errors.As, so that it stays
// cheap in the WebAssembly module.
func AsFieldErrors(err error) []*rules.FieldError {
	switch e := err.(type) {
	case FieldErrors:
		return e
	case *rules.FieldError:
		return []*rules.FieldError{e}
	}
	return nil
}

// Parse validates raw text inputs and fills in defaults. An unknown field, or
// a value outside its field's range or options, is a *rules.FieldError; when
// several fields are bad, the error is a FieldErrors listing all of them.
// A field left out uses its default; a field given as blank text is an
// error when it has a default (the blank would silently become it), and
// "not given" for the fields without one (dice, seed, lists). Giving both
// dice and seed is an error.
func (c *Calculator) Parse(raw map[string]string) (Values, error) {
	return c.parse(raw, true)
}

// ParseUnchecked is Parse without the Min/Max limits of int, die-code and
// int-list fields. It exists for tests that prove each engine enforces the
// limits the schema declares; never run a calculator on its values.
func (c *Calculator) ParseUnchecked(raw map[string]string) (Values, error) {
	return c.parse(raw, false)
}

func (c *Calculator) parse(raw map[string]string, limits bool) (Values, error) {
	v := Values{c: c, ints: map[string]int{}, bools: map[string]bool{}, texts: map[string]string{},
		codes: map[string]dice.Code{}, lists: map[string][]int{}, given: map[string]bool{}}
	var bad FieldErrors
	for _, name := range sortedKeys(raw) {
		if _, ok := c.Field(name); !ok {
			bad = append(bad, &rules.FieldError{Field: name, Value: raw[name],
				Allowed: "no such field; fields of " + c.ID + ": " + strings.Join(c.FieldNames(), ", ")})
		}
	}
	for _, f := range c.Fields {
		given, present := raw[f.Name]
		text := text.TrimSpace(given)
		if text == "" && present && f.Default != "" {
			// A field left blank is not its hidden default: the player
			// cleared it, so say that it needs a value (set it to nothing
			// by leaving it out).
			err := v.set(f, "")
			if err == nil { // free text takes "": ask for one like the default
				err = &rules.FieldError{Field: f.Name, Allowed: "a value such as " + f.Default}
			}
			bad = append(bad, err)
			continue
		}
		if text == "" {
			text = f.Default
		} else {
			v.given[f.Name] = true
		}
		if text == "" && (f.Kind == DiceList || f.Kind == IntList || f.Name == "seed") {
			continue
		}
		if !limits {
			f.Min, f.Max = -1<<40, 1<<40
		}
		if err := v.set(f, text); err != nil {
			bad = append(bad, err)
		}
	}
	if v.given["dice"] && v.given["seed"] {
		bad = append(bad, &rules.FieldError{Field: "seed", Value: raw["seed"], Allowed: "either dice or seed, not both"})
	}
	switch len(bad) {
	case 0:
		return v, nil
	case 1:
		return Values{}, bad[0]
	}
	return Values{}, bad
}

func (v Values) set(f Field, raw string) *rules.FieldError {
	bad := func(allowed string) *rules.FieldError {
		return &rules.FieldError{Field: f.Name, Value: raw, Allowed: allowed}
	}
	switch f.Kind {
	case Int:
		n, ok := text.Atoi(raw)
		if !ok || n < f.Min || n > f.Max {
			return bad("a whole number from " + strconv.Itoa(f.Min) + " to " + strconv.Itoa(f.Max))
		}
		v.ints[f.Name] = n
	case Bool:
		b, ok := parseBool(raw)
		if !ok {
			return bad("true or false")
		}
		v.bools[f.Name] = b
	case Choice:
		for _, o := range f.Options {
			if o.Value == raw {
				v.texts[f.Name] = raw
				return nil
			}
		}
		return bad("one of " + strings.Join(optionValues(f.Options), ", "))
	case DieCode:
		if f.parseCode == nil {
			return bad("a field made by CodeField")
		}
		code, err := f.parseCode(raw)
		allowed := dice.FromPips(f.Min).String() + " to " + dice.FromPips(f.Max).String()
		if err != nil {
			return bad("a die code like 3D+1, from " + allowed)
		}
		if code.TotalPips() < f.Min || code.TotalPips() > f.Max {
			return bad(allowed)
		}
		v.codes[f.Name] = code
	case Text:
		if n := len([]rune(raw)); n > f.Max {
			return bad("text of at most " + strconv.Itoa(f.Max) + " characters")
		}
		v.texts[f.Name] = raw
	case DiceList, IntList:
		list, ok := parseDice(raw, f.Min, f.Max)
		if !ok {
			what := " faces from "
			if f.Kind == IntList {
				what = " whole numbers from "
			}
			return bad("up to " + strconv.Itoa(MaxDice) + what + strconv.Itoa(f.Min) + " to " +
				strconv.Itoa(f.Max) + ", separated by spaces or commas")
		}
		v.lists[f.Name] = list
	default:
		return bad("a known field kind")
	}
	return nil
}

func parseBool(s string) (bool, bool) {
	switch text.LowerASCII(s) {
	case "true", "1", "yes", "on":
		return true, true
	case "false", "0", "no", "off":
		return false, true
	}
	return false, false
}

func parseDice(s string, lo, hi int) ([]int, bool) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == ';' })
	if len(fields) == 0 || len(fields) > MaxDice {
		return nil, false
	}
	out := make([]int, len(fields))
	for i, f := range fields {
		n, ok := text.Atoi(f)
		if !ok || n < lo || n > hi {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

func optionValues(opts []Option) []string {
	out := make([]string, len(opts))
	for i, o := range opts {
		out[i] = o.Value
	}
	return out
}

// Canonical returns the value of a field as canonical text (die codes
// printed as 3D+1, dice as "6 5 3"), or "" for dice or seed not given.
func (v Values) Canonical(f Field) string {
	switch f.Kind {
	case Int:
		if _, ok := v.ints[f.Name]; !ok {
			return ""
		}
		return strconv.Itoa(v.ints[f.Name])
	case Bool:
		return strconv.FormatBool(v.bools[f.Name])
	case Choice, Text:
		return v.texts[f.Name]
	case DieCode:
		return v.codes[f.Name].String()
	case DiceList, IntList:
		parts := make([]string, len(v.lists[f.Name]))
		for i, n := range v.lists[f.Name] {
			parts[i] = strconv.Itoa(n)
		}
		return strings.Join(parts, " ")
	}
	return ""
}

// sortedKeys lists the names in raw in increasing order, so that unknown
// fields are reported in the same order every time (text.Sort rather than
// slices.Sorted, which would add a quicksort of strings to every module).
func sortedKeys(raw map[string]string) []string {
	names := make([]string, 0, len(raw))
	for name := range raw {
		names = append(names, name)
	}
	text.Sort(names)
	return names
}
