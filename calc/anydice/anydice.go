// Package anydice registers the AnyDice-program calculator, a tool that
// belongs to no game: a program in AnyDice's language (package
// rules/dice/anydice) with up to eight fields it declares, every output's
// exact distribution charted together. Pages embed it with an ```anydice
// block. It is a system of its own so that its WebAssembly module, not the
// dice expressions' one, carries the interpreter.
package anydice

import (
	"strconv"

	"d6codex/calc"
	"d6codex/calc/render"
	"d6codex/rules"
	"d6codex/rules/dice/anydice"
	"d6codex/rules/text"
)

// ID is the id of the calculator that runs AnyDice programs (```anydice
// blocks).
const ID = "anydice/program"

// Slots is how many form fields an AnyDice program may declare: field
// i of the program is the calculator's field "f<i+1>".
const Slots = 8

// SlotName is the calculator field that holds a program's i-th field.
func SlotName(i int) string { return "f" + strconv.Itoa(i+1) }

// Calculators returns the tool's calculator alone: what its WebAssembly
// module needs (no form texts).
func Calculators() []*calc.Calculator {
	fields := []calc.Field{calc.TextField("program", anydice.MaxLength, "output 3d6")}
	for i := range Slots {
		fields = append(fields, calc.IntField(SlotName(i), -anydice.MaxValue, anydice.MaxValue, 0))
	}
	return []*calc.Calculator{{
		ID:       ID,
		Fields:   fields,
		Odds:     anyDiceOdds,
		OddsOnly: true,
		Overlay:  render.Overlay, // the outputs of one program are alike
	}}
}

// System returns the registration of the AnyDice-program tool: one
// calculator that runs a program (the field "program", fixed by the page)
// with the values of its declared fields (f1 … f8).
func System() calc.System {
	docs := map[string]calc.FieldDoc{"program": calc.Label("Program", "The AnyDice program the page runs.")}
	for i := range Slots {
		docs[SlotName(i)] = calc.Label("Field "+strconv.Itoa(i+1), "A value the program reads (declared in a field comment).")
	}
	return calc.System{
		ID: "anydice", Name: "AnyDice programs", Credit: "the language of AnyDice (anydice.com) by Jasper Flick",
		Calculators: Calculators(),
		Largest:     largest(),
		Docs: map[string]calc.Doc{ID: {
			Title:  "AnyDice program",
			Help:   "The exact odds of each output of a program in AnyDice's language; change a field or the program to recompute.",
			Fields: docs,
		}},
	}
}

// ProgramValues maps a program's declared fields to the calculator's
// slots, with their values as the slots hold them.
func ProgramValues(p *anydice.Program, v calc.Values) map[string]int {
	out := map[string]int{}
	for i, f := range p.Fields() {
		if i < Slots {
			out[f.Name] = v.Int(SlotName(i))
		}
	}
	return out
}

func anyDiceOdds(v calc.Values) (rules.Report, error) {
	src := v.Text("program")
	p, err := anydice.Parse(src)
	if err != nil {
		return rules.Report{}, &rules.FieldError{Field: "program", Value: lineAt(src, err), Allowed: "an AnyDice program: " + err.Error()}
	}
	fs := p.Fields()
	if len(fs) > Slots {
		return rules.Report{}, &rules.FieldError{Field: "program", Allowed: "at most " + strconv.Itoa(Slots) + " fields"}
	}
	// The unused slots first (they still hold a bounded number), then the
	// program's fields in order.
	for k := range Slots {
		i := (k + len(fs)) % Slots
		x := v.Int(SlotName(i))
		lo, hi, declared := -anydice.MaxValue, anydice.MaxValue, i < len(fs)
		if declared {
			lo, hi = max(lo, fs[i].Min), min(hi, fs[i].Max)
		}
		if x < lo || x > hi {
			allowed := "a whole number of at most 10 digits"
			if declared {
				allowed = strconv.Itoa(fs[i].Min) + " to " + strconv.Itoa(fs[i].Max)
			}
			return rules.Report{}, &rules.FieldError{Field: SlotName(i), Value: strconv.Itoa(x), Allowed: allowed}
		}
	}
	res, err := p.RunLimits(ProgramValues(p, v), limits())
	if err != nil {
		return rules.Report{}, &rules.FieldError{Field: "program", Value: lineAt(src, err), Allowed: "a program that runs: " + err.Error()}
	}
	var rep rules.Report
	seen := map[string]bool{}
	for i, o := range res.Outputs {
		name := text.Snake(o.Name)
		if name == "" || seen[name] {
			name = "output_" + strconv.Itoa(i+1)
		}
		seen[name] = true
		rep.Distributions = append(rep.Distributions, rules.Dist{Name: name, Words: o.Name, PMF: o.Dist})
		rep.Means = append(rep.Means, rules.Mean{Name: name, Words: o.Name, Value: o.Mean})
	}
	return rep, nil
}

// largest are the inputs that cost the most to compute, by calculator: the
// benchmarks and tests run them; the module, which registers Calculators
// alone, does not carry them.
func largest() map[string]map[string]string {
	return map[string]map[string]string{
		ID: {"program": "set \"explode depth\" to 4\noutput [highest 3 of 6d[explode d10]]"},
	}
}

// lineAt is the line of src where err is, trimmed and cut to 60
// characters: what a program's error shows as the value at fault (an
// error without a line is the first).
func lineAt(src string, err error) string {
	n := 1
	if e, ok := err.(*anydice.Error); ok {
		n = e.Line
	}
	var b []byte
	chars := 0
	for i := 0; i < len(src) && n > 0; i++ {
		c := src[i]
		switch {
		case c == '\n':
			n--
		case n == 1 && chars <= 60:
			if c&0xc0 != 0x80 { // the first byte of a character
				chars++
			}
			if chars <= 60 {
				b = append(b, c)
			}
		}
	}
	out := text.TrimSpace(string(b))
	if chars > 60 {
		out += "…"
	}
	return out
}
