package calc

import (
	"d6codex/rules"
	"d6codex/rules/text"
)

// Arg is one field=value pair as a person gives it: an argument of
// `sitegen calc run ID field=value`, or a field of a calculator's share
// link (?KEY.field=value, KEY. taken off).
type Arg struct{ Field, Value string }

// ReadArgs is the one reading of field=value pairs, for the command line and
// share links alike (the browser's module calls it for a link): over base
// (the fields set already: none on the command line, the page's form for a
// link), each pair sets its field, named as written less the spaces around
// it, its value kept as written for Parse, which reads it ("TRUE" and "yes"
// as true, " +3" as 3) or refuses it on its field. A field given twice is
// an error on that field: neither value wins. It returns a new map.
func ReadArgs(base map[string]string, args []Arg) (map[string]string, error) {
	raw := make(map[string]string, len(base)+len(args))
	for k, v := range base {
		raw[k] = v
	}
	seen := make(map[string]bool, len(args))
	var bad FieldErrors
	for _, a := range args {
		name := text.TrimSpace(a.Field)
		if seen[name] {
			if !hasField(bad, name) {
				bad = append(bad, &rules.FieldError{Field: name, Value: a.Value, Msg: "given twice: give it once"})
			}
			continue
		}
		seen[name] = true
		raw[name] = a.Value
	}
	switch len(bad) {
	case 0:
		return raw, nil
	case 1:
		return raw, bad[0]
	}
	return raw, bad
}

// hasField reports whether one of errs is about the field name.
func hasField(errs FieldErrors, name string) bool {
	for _, e := range errs {
		if e.Field == name {
			return true
		}
	}
	return false
}
