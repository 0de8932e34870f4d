package dice

import (
	"d6codex/rules/text"
	"errors"
	"strconv"
)

// MaxCodeDice is the largest number of dice a die code may name.
const MaxCodeDice = 99

// Code is an OpenD6 die code "ND+p": N six-sided dice plus p pips, with
// 0 <= p <= 2 (three pips make a die).
type Code struct {
	Dice int
	Pips int
}

// ParseCode reads a die code such as "3D", "3D+2", "0D+1" or "4d+1".
// Spaces around the parts are allowed. Pips must be 0..2 and dice 0..99;
// anything else ("3D+5", "-1D", "D6", "3D6") is an error that says what is
// allowed.
func ParseCode(s string) (Code, error) {
	// Byte loops, not strings.ReplaceAll and strings.IndexAny: the
	// OpenD6 module would carry their machinery for these two uses.
	var nospace []byte
	for _, c := range []byte(text.TrimSpace(s)) {
		if c != ' ' {
			nospace = append(nospace, c)
		}
	}
	t := string(nospace)
	bad := func(why string) (Code, error) {
		return Code{}, errors.New("die code " + text.Quote(s) + ": " + why + " (write it like 3D or 3D+2, pips 0 to 2)")
	}
	i := -1
	for k := 0; k < len(t) && i < 0; k++ {
		if t[k] == 'D' || t[k] == 'd' {
			i = k
		}
	}
	if i < 0 {
		return bad("no D")
	}
	if i == 0 {
		return bad("the number of dice is missing")
	}
	n, ok := text.Atoi(t[:i])
	if !ok || t[0] == '+' || t[0] == '-' {
		return bad("the number of dice must be a whole number 0 to 99")
	}
	if n > MaxCodeDice {
		return bad("at most 99 dice")
	}
	rest := t[i+1:]
	if rest == "" {
		return Code{Dice: n}, nil
	}
	if rest[0] != '+' {
		return bad("only +1 or +2 may follow the D")
	}
	p, ok := text.Atoi(rest[1:])
	if !ok || rest[1] == '+' || rest[1] == '-' {
		return bad("the pips must be 0, 1 or 2")
	}
	if p > 2 {
		return bad(strconv.Itoa(p) + " pips: three pips make a die, so pips run 0 to 2")
	}
	return Code{Dice: n, Pips: p}, nil
}

// MustCode parses a die code known to be valid, for data tables written in
// the source; it panics on a bad one, which the tables' tests would catch.
// Never call it on user input.
func MustCode(s string) Code {
	c, err := ParseCode(s)
	if err != nil {
		panic(err)
	}
	return c
}

// FromPips is the die code worth n pips (3 pips = 1D); 10 is 3D+1.
// Negative n gives 0D.
func FromPips(n int) Code {
	if n < 0 {
		n = 0
	}
	return Code{Dice: n / 3, Pips: n % 3}
}

// TotalPips is the code's worth in pips: 3D+2 is 11.
func (c Code) TotalPips() int { return c.Dice*3 + c.Pips }

// Plus adds two codes pip-wise: 2D+2 plus 1D+1 is 4D.
func (c Code) Plus(d Code) Code { return FromPips(c.TotalPips() + d.TotalPips()) }

// String prints the code as "3D" or "3D+2".
func (c Code) String() string {
	if c.Pips == 0 {
		return strconv.Itoa(c.Dice) + "D"
	}
	return strconv.Itoa(c.Dice) + "D+" + strconv.Itoa(c.Pips)
}

// PMF is the plain sum of the code's dice plus its pips (no Wild Die).
func (c Code) PMF() PMF { return NdS(c.Dice, 6).Shift(c.Pips) }
