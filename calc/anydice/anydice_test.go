package anydice

import (
	"errors"
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
