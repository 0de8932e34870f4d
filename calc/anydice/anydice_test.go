package anydice

import (
	"errors"
	"strings"
	"testing"

	"d6codex/rules"
)

// TestSlotErrors: a bad slot is reported by name with what it allows;
// unused slots are checked before the program's fields.
func TestSlotErrors(t *testing.T) {
	const prog = "\\ field A: \"A\" 1..10 = 3 \\\n\\ field B: \"B\" -5..5 = 0 \\\noutput A+B"
	tests := []struct {
		name        string
		raw         map[string]string
		field, want string
	}{
		{"declared above", map[string]string{"f1": "11"}, "f1", "1 to 10"},
		{"second declared below", map[string]string{"f1": "3", "f2": "-6"}, "f2", "-5 to 5"},
		{"unused slot first", map[string]string{"f1": "11", "f5": "2000000000"}, "f5", "a whole number of at most 10 digits"},
		{"both declared: first", map[string]string{"f1": "0", "f2": "9"}, "f1", "1 to 10"},
	}
	c := Calculators()[0]
	for _, tt := range tests {
		raw := map[string]string{"program": prog}
		for k, v := range tt.raw {
			raw[k] = v
		}
		v, err := c.ParseUnchecked(raw)
		if err != nil {
			t.Fatalf("%s: parse: %v", tt.name, err)
		}
		_, err = c.Odds(v)
		var fe *rules.FieldError
		if !errors.As(err, &fe) || fe.Field != tt.field || fe.Allowed != tt.want {
			t.Errorf("%s: got %v, want field %s allowing %q", tt.name, err, tt.field, tt.want)
		}
	}
	v, err := c.ParseUnchecked(map[string]string{"program": prog, "f1": "10", "f2": "-5"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Odds(v); err != nil {
		t.Errorf("values at the ends of the ranges: %v", err)
	}
}

// TestProgramErrors (issue 31 item 15): a program that fails to parse or
// to run is reported with the line at fault as the value, never as an
// empty program ("needs a value" on the page, `program: ""` in the
// message), with the line and column in what is allowed.
func TestProgramErrors(t *testing.T) {
	tests := []struct{ prog, value, allowed string }{
		{"X: 3\noutput X ^ -1 named \"x\"", `output X ^ -1 named "x"`, "a program that runs: line 2, column 10: a negative exponent"},
		{"output 1\n  output 2 +  \n", "output 2 +", "an AnyDice program: line 2, column 13: expected a number"},
		{"output [f " + strings.Repeat("1 + ", 40) + "1]", "output [f 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1…", "no function is named [f …]"},
	}
	c := Calculators()[0]
	for _, tt := range tests {
		v, err := c.ParseUnchecked(map[string]string{"program": tt.prog})
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Odds(v)
		var fe *rules.FieldError
		if !errors.As(err, &fe) || fe.Field != "program" || fe.Value != tt.value || !strings.Contains(fe.Allowed, tt.allowed) {
			t.Errorf("%q: got %#v, want the value %q allowing …%q…", tt.prog, err, tt.value, tt.allowed)
		}
	}
}
