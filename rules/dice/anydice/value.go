package anydice

import (
	"slices"
	"strconv"
	"strings"

	"d6codex/rules/dice"
	"d6codex/rules/text"
)

// A value is a number (num), a sequence (seq) or a die (*die).
type value interface{}

type num int

type seq []int

// die is a distribution that remembers how it was rolled: a mixture of
// collections of identical dice (alts), so that positions (1@3d6) and
// sequence parameters see the individual dice. pmf is the distribution of
// the collection's sum.
type die struct {
	pmf  dice.PMF
	alts []alt
}

// alt is n dice each distributed as base, taken with weight w.
type alt struct {
	w    float64
	n    int
	base dice.PMF
}

// single is a die that is one die (its collection has one member).
func single(d dice.PMF) *die {
	if d.Empty() {
		return &die{}
	}
	return &die{pmf: d, alts: []alt{{w: 1, n: 1, base: d}}}
}

// length is the number of dice in a collection (#): -1 when it varies.
func (d *die) length() int {
	if len(d.alts) == 0 {
		return 1
	}
	n := d.alts[0].n
	for _, a := range d.alts[1:] {
		if a.n != n {
			return -1
		}
	}
	return n
}

// toSeq is a die's values in increasing order ({d6} is {1..6}).
func (d *die) values() seq { return seq(d.pmf.Values()) }

func sum(s seq) int {
	t := 0
	for _, v := range s {
		t += v
	}
	return t
}

// String forms used in output names ("[X]").
func valueString(v value) string {
	switch v := v.(type) {
	case num:
		return strconv.Itoa(int(v))
	case seq:
		return "{" + joinInts(v) + "}"
	case *die:
		return "d{" + joinInts(v.values()) + "}"
	}
	return "?"
}

func joinInts(s []int) string {
	parts := make([]string, len(s))
	for i, v := range s {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, ", ")
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
