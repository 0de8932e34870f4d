package calc

import (
	"strconv"
	"strings"

	"d6codex/rules/dice"
)

// intField is an int input from lo to hi.
func intField(name, label string, lo, hi, def int, help string) Field {
	return Field{Name: name, Label: label, Kind: Int, Min: lo, Max: hi, Default: strconv.Itoa(def), Help: help}
}

// boolField is a true/false input.
func boolField(name, label string, def bool, help string) Field {
	return Field{Name: name, Label: label, Kind: Bool, Default: strconv.FormatBool(def), Help: help}
}

// codeField is an OpenD6 die-code input from lo to hi pips (3 pips = 1D).
func codeField(name, label string, lo, hi int, def dice.Code, help string) Field {
	return Field{Name: name, Label: label, Kind: DieCode, Min: lo, Max: hi, Default: def.String(), Help: help}
}

// choiceField is a choice among options given as "value" or "value=Label"
// (a bare value is labelled by capitalising it and replacing _ by spaces).
func choiceField(name, label, def, help string, options ...string) Field {
	opts := make([]Option, len(options))
	for i, o := range options {
		v, l, ok := strings.Cut(o, "=")
		if !ok {
			l = humanize(v)
		}
		opts[i] = Option{Value: v, Label: l}
	}
	return Field{Name: name, Label: label, Kind: Choice, Options: opts, Default: def, Help: help}
}

// humanize turns an id like "point_blank" into "Point blank".
func humanize(id string) string {
	s := strings.ReplaceAll(id, "_", " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
