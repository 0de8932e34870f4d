package systems

import (
	"errors"
	"strings"
	"testing"

	"d6codex/calc"
	"d6codex/rules"
)

// TestParseReportsEveryBadField: a form with several bad fields learns about
// all of them at once, in schema order; one bad field stays a plain
// *rules.FieldError.
func TestParseReportsEveryBadField(t *testing.T) {
	reg := New()
	tests := []struct {
		id   string
		raw  map[string]string
		want []string
	}{
		{"skirmish/melee", map[string]string{"attack_dice": "-3"}, []string{"attack_dice"}},
		{"skirmish/melee", map[string]string{"attack_dice": "-3", "defense_dice": "99"}, []string{"attack_dice", "defense_dice"}},
		{"opend6/attack", map[string]string{"skill": "3D+5", "damage": "x", "dice": "7", "seed": "1"}, []string{"skill", "damage", "dice", "seed"}},
		{"skirmish/melee", map[string]string{"attack_dice": "4"}, nil},
	}
	for _, tt := range tests {
		c, err := reg.Get(tt.id)
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Parse(tt.raw)
		var got []string
		for _, fe := range calc.AsFieldErrors(err) {
			got = append(got, fe.Field)
		}
		if strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("%s %v: bad fields %v, want %v (err %v)", tt.id, tt.raw, got, tt.want, err)
		}
		if len(tt.want) == 1 {
			if _, ok := err.(*rules.FieldError); !ok {
				t.Errorf("%s %v: one bad field should be a *rules.FieldError, got %T", tt.id, tt.raw, err)
			}
		}
		if len(tt.want) > 1 {
			var fe *rules.FieldError
			if !errors.As(err, &fe) || fe.Field != tt.want[0] {
				t.Errorf("%s %v: errors.As finds %v, want the first bad field %s", tt.id, tt.raw, fe, tt.want[0])
			}
		}
	}
}

// TestBlankFieldIsAnError (issue 25, item 4): a field the player cleared
// is a message on that field, never its hidden default, for every field of
// every calculator that has a default; the fields without one (the roll's
// dice and seed, lists) read blank as "not given"; a field left out still
// takes its default.
func TestBlankFieldIsAnError(t *testing.T) {
	reg := New()
	for _, s := range reg.Systems() {
		for _, c := range s.Calculators {
			for _, f := range c.Fields {
				_, err := c.Parse(map[string]string{f.Name: "  "})
				fes := calc.AsFieldErrors(err)
				if f.Default == "" {
					if err != nil {
						t.Errorf("%s: blank %s (no default) should read as not given: %v", c.ID, f.Name, err)
					}
					continue
				}
				if len(fes) != 1 || fes[0].Field != f.Name || fes[0].Value != "" || fes[0].Allowed == "" {
					t.Errorf("%s: blank %s gives %v, want one message on %s saying what it takes", c.ID, f.Name, err, f.Name)
				}
			}
			if _, err := c.Parse(map[string]string{}); err != nil {
				t.Errorf("%s: fields left out should take their defaults: %v", c.ID, err)
			}
		}
	}
}
