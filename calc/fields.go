package calc

import (
	"strconv"
	"strings"

	"d6codex/rules/dice"
	"d6codex/rules/text"
)

// The field builders set what the calculators need to validate inputs; the
// texts of forms (labels and help) come from a System's Docs.

// IntField is an int input from lo to hi.
func IntField(name string, lo, hi, def int) Field {
	return Field{Name: name, Kind: Int, Min: lo, Max: hi, Default: strconv.Itoa(def)}
}

// BoolField is a true/false input.
func BoolField(name string, def bool) Field {
	return Field{Name: name, Kind: Bool, Default: strconv.FormatBool(def)}
}

// CodeField is an OpenD6 die-code input from lo to hi pips (3 pips = 1D).
func CodeField(name string, lo, hi int, def dice.Code) Field {
	return Field{Name: name, Kind: DieCode, Min: lo, Max: hi, Default: def.String(), parseCode: dice.ParseCode}
}

// ChoiceField is a choice among options given as "value" or "value=Label"
// (a bare value is labelled by capitalising it and replacing _ by spaces).
func ChoiceField(name, def string, options ...string) Field {
	opts := make([]Option, len(options))
	for i, o := range options {
		// IndexByte, not strings.Cut, whose substring search every module
		// would carry for this one use.
		v, l := o, ""
		if i := strings.IndexByte(o, '='); i >= 0 {
			v, l = o[:i], o[i+1:]
		} else {
			l = text.Human(o)
		}
		opts[i] = Option{Value: v, Label: l}
	}
	return Field{Name: name, Kind: Choice, Options: opts, Default: def}
}

// ListField is a list of whole numbers from lo to hi (e.g. a damage table);
// empty by default.
func ListField(name string, lo, hi int) Field {
	return Field{Name: name, Kind: IntList, Min: lo, Max: hi}
}

// TextField is free text of at most maxLen characters (its meaning is the
// calculator's to check, e.g. a dice expression).
func TextField(name string, maxLen int, def string) Field {
	return Field{Name: name, Kind: Text, Max: maxLen, Default: def}
}
