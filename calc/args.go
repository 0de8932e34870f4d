package calc

import (
	"d6codex/rules"
	"d6codex/rules/text"
)

// GivenTwice is what a field named twice in field=value pairs allows (the
// command line's, a share link's): one value.
const GivenTwice = "one value: the field is given twice"

// ReadArgs is the one reading of field=value pairs, as `sitegen calc run
// ID field=value ...` and a calculator's share link (?KEY.field=value,
// KEY. taken off) give them; pairs alternate a field's name and its value.
// Into raw (the fields set already), each pair sets its field, named as
// written less the spaces around it, its value kept as written for Parse,
// which reads it ("TRUE" and "yes" as true, " +3" as 3) or refuses it on
// its field. A field given twice is an error on that field (GivenTwice),
// and its first value stays: neither wins. A page reads a link's pairs by
// these rules in its script (js/calc.js, which takes GivenTwice from the
// page), and its values with Parse in the calculator's module: the module
// stays small, and TestLinksReadAsCalcRun holds the two readings equal.
func ReadArgs(raw map[string]string, pairs []string) error {
	for i := 0; i+1 < len(pairs); i += 2 {
		name := text.TrimSpace(pairs[i])
		for j := 0; j < i; j += 2 {
			if text.TrimSpace(pairs[j]) == name {
				return &rules.FieldError{Field: name, Value: pairs[i+1], Allowed: GivenTwice}
			}
		}
		raw[name] = pairs[i+1]
	}
	return nil
}
