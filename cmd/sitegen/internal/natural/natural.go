// Package natural orders names the way people number them: runs of digits
// compare by their value, so "2.10" comes after "2.9", "10" after "9" and
// "1.5 Rules" before "10.0 Appendix"; the rest compares without regard to
// case. It is the order of Obsidian's and Quartz's file explorers
// (JavaScript's localeCompare with numeric: true), and the one sitegen's
// navigation uses for a folder of Markdown (see layout.Layout.NameOrder).
//
// A folder whose numbered names are zero-padded ("00-Front", "01-Intro")
// was numbered for text order, the order GitHub and ls list it in:
// "111-Districts" (chapter 1.1.1) belongs after "10-World" and before
// "20-Factions", where reading 111 as a number would move it after "74-".
// Padded reports such a folder, and Compare's caller then sorts it as text
// (Text).
package natural

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Compare orders a and b naturally: -1 when a comes first, 1 when b does,
// 0 only when they are equal. Digit runs compare by value (a longer run of
// leading zeros first when the values are equal); everything else
// compares rune by rune, case-insensitively; names equal but for case
// fall back to byte order, so the order is total.
func Compare(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if isDigit(a[i]) && isDigit(b[j]) {
			ea, eb := digitsEnd(a, i), digitsEnd(b, j)
			if c := compareNumbers(a[i:ea], b[j:eb]); c != 0 {
				return c
			}
			i, j = ea, eb
			continue
		}
		ra, na := utf8.DecodeRuneInString(a[i:])
		rb, nb := utf8.DecodeRuneInString(b[j:])
		if la, lb := unicode.ToLower(ra), unicode.ToLower(rb); la != lb {
			if la < lb {
				return -1
			}
			return 1
		}
		i, j = i+na, j+nb
	}
	switch {
	case len(a)-i < len(b)-j:
		return -1
	case len(a)-i > len(b)-j:
		return 1
	}
	return strings.Compare(a, b)
}

// Text orders a and b as text, case-insensitively (byte order for names
// equal but for case): the order of a zero-padded folder (see Padded).
func Text(a, b string) int {
	if c := strings.Compare(strings.ToLower(a), strings.ToLower(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// Padded reports whether any of names starts with a zero-padded number
// ("00", "01-Intro", "007 Spies"): a folder numbered for text order.
func Padded(names []string) bool {
	for _, n := range names {
		if len(n) >= 2 && n[0] == '0' && isDigit(n[1]) {
			return true
		}
	}
	return false
}

// Key returns a string whose byte order is Compare's order, for a sort
// that compares names as strings (a layout's layout.Page.SortName): each
// rune lower-cased, each run of digits its value without leading zeros
// after its length (lengths 9 and more as a run of '9's and the rest, so
// that a longer number sorts later). Names Compare tells apart only by
// leading zeros or case have equal keys.
func Key(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 4)
	for i := 0; i < len(s); {
		if isDigit(s[i]) {
			e := digitsEnd(s, i)
			n := strings.TrimLeft(s[i:e], "0")
			b.WriteString(strings.Repeat("9", len(n)/9))
			b.WriteByte(byte('0' + len(n)%9))
			b.WriteString(n)
			i = e
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(unicode.ToLower(r))
		i += size
	}
	return b.String()
}

// compareNumbers compares two runs of ASCII digits by value; equal values
// put the run with more leading zeros first ("01" before "1").
func compareNumbers(a, b string) int {
	ta, tb := strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
	switch {
	case len(ta) != len(tb):
		return sign(len(ta) - len(tb))
	case ta != tb:
		return strings.Compare(ta, tb)
	}
	return sign(len(b) - len(a))
}

func digitsEnd(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}
