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
