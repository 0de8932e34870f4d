package dice

import (
	"strings"
	"testing"

	"d6codex/calc"
)

func registry(t *testing.T) *calc.Calculator {
	t.Helper()
	c, err := calc.MustRegistry(System()).Get(ID)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestRolledDiceOfAnySize is issue 24: the dice a player rolled may be of
// any size the expression has (2d20kh1 with 15 20 was refused: "faces from
// 1 to 6"); each die is checked against its own size.
func TestRolledDiceOfAnySize(t *testing.T) {
	c := registry(t)
	tests := []struct {
		expr, dice string
		value      int    // the roll's value when it is accepted
		err        string // else part of the error
	}{
		{"2d20kh1", "15 20", 20, ""},
		{"2d20kl1", "15 20", 15, ""},
		{"d100+d6", "97 6", 103, ""},
		{"d10000", "10000", 10000, ""},
		{"4dF", "1 2 3 3", 1, ""}, // Fudge dice typed 1 (-), 2 (blank), 3 (+)
		{"2d20kh1", "15 21", 0, "die 2 (2d20kh1) is 21, must be 1..20"},
		{"d20+d6", "20 7", 0, "is 7, must be 1..6"},
		{"d6", "0", 0, "faces from 1 to 10000"},
		{"d6", "10001", 0, "faces from 1 to 10000"},
	}
	for _, tc := range tests {
		t.Run(tc.expr+" "+tc.dice, func(t *testing.T) {
			res, err := c.Run(map[string]string{"expr": tc.expr, "dice": tc.dice})
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want one with %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Roll == nil || len(res.Roll.Values) != 1 || res.Roll.Values[0].Value != tc.value {
				t.Errorf("roll %+v, want the value %d", res.Roll, tc.value)
			}
		})
	}
	if d, _ := c.Field("dice"); d.Max != 10000 {
		t.Errorf("dice/roll's dice field: max %d, want 10000", d.Max)
	}
}
