package rules

import (
	"errors"
	"testing"
)

func TestFieldErrors(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{IntRange("attack_dice", 13, 1, 12), `attack_dice: "13" is not allowed (allowed: 1 to 12)`},
		{IntRange("attack_dice", 12, 1, 12), ""},
		{OneOf("armor", "mithril", "none", "light"), `armor: "mithril" is not allowed (allowed: one of none, light)`},
		{OneOf("armor", "light", "none", "light"), ""},
		{FirstError(nil, IntRange("a", 0, 1, 2), IntRange("b", 0, 1, 2)), `a: "0" is not allowed (allowed: 1 to 2)`},
	}
	for _, tc := range tests {
		got := ""
		if tc.err != nil {
			got = tc.err.Error()
			var fe *FieldError
			if !errors.As(tc.err, &fe) {
				t.Errorf("%v is not a *FieldError", tc.err)
			}
		}
		if got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}
