// Package text holds the text helpers the rules packages, the calculators
// and their renderer share: ASCII casing, quoting and reading numbers
// without the Unicode tables of the standard library's versions. It sits
// below package rules (package dice, which rules imports, uses it too) and,
// like every rules package, avoids fmt and reflection to keep the
// WebAssembly module small.
package text

import (
	"cmp"
	"strings"
	"unicode/utf8"
)

// Quote returns s in double quotes, as a message shows what a player or
// an editor typed: quotes and backslashes escaped, control characters and
// bytes that are not UTF-8 written as escapes (\n, \t, \x00), other
// characters as they are. It stands in for strconv.Quote, whose tables of
// printable Unicode would grow the WebAssembly module by several
// kilobytes; unlike it, it leaves invisible Unicode characters as they are.
func Quote(s string) string {
	const hex = "0123456789abcdef"
	b := make([]byte, 0, len(s)+2)
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\t':
			b = append(b, '\\', 't')
		case c == '\r':
			b = append(b, '\\', 'r')
		case c < 0x20 || c == 0x7f:
			b = append(b, '\\', 'x', hex[c>>4], hex[c&15])
		case c < 0x80:
			b = append(b, c)
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, '\\', 'x', hex[c>>4], hex[c&15])
			} else {
				b = append(b, s[i:i+size]...)
			}
			i += size
			continue
		}
		i++
	}
	return string(append(b, '"'))
}

// Atoi reads a whole number in decimal, with an optional sign, as
// strconv.Atoi does; ok is false for anything else (spaces, other
// characters, an empty string) and for a number beyond ±(2^63 - 1). It
// stands in for strconv.Atoi, whose error type quotes its input with
// strconv.Quote and so links the Unicode tables Quote avoids.
func Atoi(s string) (n int, ok bool) {
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return 0, false
	}
	var u uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		if u > (1<<63-1-uint64(c-'0'))/10 {
			return 0, false
		}
		u = u*10 + uint64(c-'0')
	}
	if neg {
		return -int(u), true
	}
	return int(u), true
}

// LowerASCII returns s with the ASCII letters A to Z lowered and every other
// byte as is. The rules packages and the calculators use it, and UpperFirst,
// instead of strings.ToLower and strings.ToUpper: their names and ids are
// ASCII, and the Unicode case tables those functions link would grow the
// WebAssembly module by several kilobytes.
func LowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + ('a' - 'A')
		}
	}
	return string(b)
}

// UpperFirst returns s with its first byte raised when it is an ASCII letter
// a to z: "attack" → "Attack".
func UpperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	b := []byte(s)
	b[0] -= 'a' - 'A'
	return string(b)
}

// Human turns a lower_snake_case name or id into words, its first letter
// raised: "tie_first" → "Tie first" (a byte loop, not strings.ReplaceAll,
// whose machinery the WebAssembly modules then need not carry).
func Human(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c == '_' {
			b[i] = ' '
		}
	}
	return UpperFirst(string(b))
}

// Sort sorts xs in increasing order, a heap sort of O(n log n) steps. The
// rules packages and the calculators use it instead of slices.Sort and
// slices.Sorted, whose pattern-defeating quicksort adds about 16 KB of code
// to a WebAssembly module for each type it sorts.
func Sort[T cmp.Ordered](xs []T) {
	for i := len(xs)/2 - 1; i >= 0; i-- {
		siftDown(xs, i, len(xs))
	}
	for end := len(xs) - 1; end > 0; end-- {
		xs[0], xs[end] = xs[end], xs[0]
		siftDown(xs, 0, end)
	}
}

// siftDown moves xs[i] down the max-heap xs[:n] to its place.
func siftDown[T cmp.Ordered](xs []T, i, n int) {
	for {
		c := 2*i + 1
		if c >= n {
			return
		}
		if c+1 < n && xs[c+1] > xs[c] {
			c++
		}
		if xs[i] >= xs[c] {
			return
		}
		xs[i], xs[c] = xs[c], xs[i]
		i = c
	}
}

// Snake turns a name into lower_snake_case ASCII: letters and digits kept
// (lower-cased), every run of other characters one underscore between
// them ("Advantage (2d20)" -> "advantage_2d20").
func Snake(s string) string {
	// By bytes: every byte of a non-ASCII character is one of the "other"
	// characters, as the character is.
	var b []byte
	under := false
	for i := 0; i < len(s); i++ {
		r := s[i]
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if under && len(b) > 0 {
				b = append(b, '_')
			}
			b = append(b, r)
			under = false
		} else {
			under = true
		}
	}
	return string(b)
}

// IsSpace reports whether r is white space as unicode.IsSpace defines it
// (the ASCII spaces, U+0085, U+00A0 and Unicode's White_Space property),
// without the Unicode tables, which weigh on the WebAssembly module.
func IsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// TrimSpace is strings.TrimSpace with IsSpace: s without leading and
// trailing white space.
func TrimSpace(s string) string { return strings.TrimFunc(s, IsSpace) }

// Fields is strings.Fields with IsSpace: s split at runs of white space.
func Fields(s string) []string { return strings.FieldsFunc(s, IsSpace) }
