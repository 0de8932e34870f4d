package anydice

import (
	"slices"
	"strconv"

	"d6codex/rules/dice"
	"d6codex/rules/text"
)

// A value is a number (num), a sequence (seq) or a die (*die).
type value interface{}

type num int

type seq []int

// die is a collection of n identical dice, each distributed as base, whose
// sum is pmf; positions (1@3d6), # and sequence parameters see the
// individual dice. A die made by arithmetic, a function or a die of dice
// (2d6+1, [f d6], (d4)d6) is one die (n = 1, base = pmf).
//
// The empty die (d{}, a function without a result) has n = 0 and no
// outcomes. A die of dice whose count or faces are empty (d{}d6, d6d{})
// is AnyDice's other empty die, null: it counts one die and has no
// outcomes, but every comparison with it is true (see package comment).
//
// sides keeps AnyDice's notation of the collection, which an output name
// shows ("[X]"): n dice of dSIDES (negative: the dice negated; 0: d{0..0})
// when std is set, of some other die (d{?}) when it is not.
type die struct {
	pmf   dice.PMF
	base  dice.PMF
	n     int
	sides int
	std   bool
	null  bool
}

// single is one die distributed as d (the empty die when d is).
func single(d dice.PMF) *die {
	if d.Empty() {
		return &die{}
	}
	return &die{pmf: d, base: d, n: 1}
}

// values is a die's values in increasing order ({d6} is {1..6}).
func (d *die) values() seq { return seq(d.pmf.Values()) }

func sum(s seq) int {
	t := 0
	for _, v := range s {
		t += v
	}
	return t
}

// valueString is a value as an output name shows it ("[X]"), in
// AnyDice's words: a number in digits, a sequence as {?}, a collection of
// standard dice in its notation (d4, 2d4, -3d6, 3d{0..0}) and any other
// die as d{?} (or d{} when empty).
func valueString(v value) string {
	switch v := v.(type) {
	case num:
		return strconv.Itoa(int(v))
	case seq:
		return "{?}"
	}
	d, _ := v.(*die)
	switch {
	case d.null:
		return "d{?}"
	case d.n == 0:
		return "d{}"
	}
	s, faces := "", "{?}"
	if d.std {
		faces = strconv.Itoa(max(d.sides, -d.sides))
		if d.sides < 0 {
			s = "-"
		}
		if d.sides == 0 {
			faces = "{0..0}"
		}
	}
	if d.n != 1 {
		s += strconv.Itoa(d.n)
	}
	return s + "d" + faces
}

// sortSeq sorts a copy of s, highest first unless lowest.
func sortSeq(s seq, lowest bool) seq {
	out := slices.Clone(s)
	text.Sort(out)
	if !lowest {
		reverse(out, nil)
	}
	return out
}

// reverse reverses s and, when it is not nil, ps alongside.
func reverse(s []int, ps []float64) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
		if ps != nil {
			ps[i], ps[j] = ps[j], ps[i]
		}
	}
}

// quote puts s in quotes for a message (without strconv.Quote, whose
// tables of printable characters would grow the WebAssembly module).
func quote(s string) string { return "\"" + s + "\"" }
