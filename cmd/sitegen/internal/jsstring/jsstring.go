// Package jsstring reads the escape sequences of JavaScript string and
// template literals, as ECMAScript defines them (ECMA-262, "String
// Literals" and "Template Literal Lexical Components",
// https://tc39.es/ecma262/#sec-literals-string-literals), for the readers
// of JavaScript source: the settings files of layout/jsconfig and the JSX
// attributes of markup/mdx.
package jsstring

import (
	"strings"
	"unicode/utf8"
)

// Unescape writes to b the string value of the escape sequence at the
// start of s (s starts after the backslash) and returns its length in
// bytes (at least 1 when s is not empty, 0 when it is). The rules are
// ECMAScript's:
//
//   - SingleEscapeCharacter: \b \f \n \r \t \v are U+0008, U+000C, U+000A,
//     U+000D, U+0009, U+000B; \' \" \\ are the character.
//   - \0 not followed by a decimal digit is U+0000.
//   - HexEscapeSequence: \xHH is the code unit HH.
//   - UnicodeEscapeSequence: \uHHHH is the code unit HHHH, \u{H…} the code
//     point (at most 10FFFF). A high surrogate written as \uHHHH followed
//     by a low one (\uD83D\uDE00) is one code point, as the string's
//     UTF-16 reads it; a lone surrogate, which UTF-8 cannot hold, is
//     U+FFFD.
//   - LineContinuation: a backslash before a LineTerminatorSequence (LF,
//     CR, CR LF, U+2028, U+2029) is nothing ("the SV of LineContinuation
//     is the empty String").
//   - Annex B's LegacyOctalEscapeSequence (\1, \07, \377: up to three
//     octal digits, value at most 377) and NonOctalDecimalEscapeSequence
//     (\8 \9: the digit), as a script outside strict mode reads them.
//   - NonEscapeCharacter: any other character is itself (\q is q).
//
// Where ECMAScript reports a SyntaxError (\x or \u without their hex
// digits, \u{} above 10FFFF) the letter is kept as an unknown escape, so a
// reader never fails on a string.
func Unescape(b *strings.Builder, s string) int {
	if s == "" {
		return 0
	}
	switch c := s[0]; c {
	case 'b':
		b.WriteByte('\b')
	case 'f':
		b.WriteByte('\f')
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case 'v':
		b.WriteByte('\v')
	case '\n':
		// a line continuation: nothing
	case '\r':
		if len(s) > 1 && s[1] == '\n' {
			return 2
		}
	case 'x':
		if len(s) >= 3 {
			if v, ok := hex(s[1:3]); ok {
				b.WriteRune(v)
				return 3
			}
		}
		b.WriteByte(c)
	case 'u':
		r, n := unicodeEscape(s)
		if n == 0 {
			b.WriteByte(c)
			return 1
		}
		if r >= 0xD800 && r < 0xDC00 && strings.HasPrefix(s[n:], `\u`) {
			if lo, m := unicodeEscape(s[n+1:]); m > 0 && lo >= 0xDC00 && lo < 0xE000 {
				b.WriteRune(0x10000 + (r-0xD800)<<10 + (lo - 0xDC00))
				return n + 1 + m
			}
		}
		b.WriteRune(r) // a lone surrogate is written as U+FFFD
		return n
	case '0', '1', '2', '3', '4', '5', '6', '7':
		// \0 alone, or Annex B's legacy octal: a ZeroToThree starts up to
		// three digits, a FourToSeven up to two.
		max := 3
		if c >= '4' {
			max = 2
		}
		v, n := rune(0), 0
		for n < max && n < len(s) && s[n] >= '0' && s[n] <= '7' {
			v = v*8 + rune(s[n]-'0')
			n++
		}
		b.WriteRune(v)
		return n
	default:
		r, size := utf8.DecodeRuneInString(s)
		if r == '\u2028' || r == '\u2029' {
			return size // a line continuation
		}
		b.WriteString(s[:size])
		return size
	}
	return 1
}

// unicodeEscape reads \u's sequence at the start of s (s starts at the u):
// its code unit or code point and its length, 0 when it is not one.
func unicodeEscape(s string) (rune, int) {
	if strings.HasPrefix(s, "u{") {
		end := strings.IndexByte(s, '}')
		if end < 3 {
			return 0, 0
		}
		var v rune
		for _, c := range s[2:end] {
			d, ok := hexDigit(c)
			if !ok {
				return 0, 0
			}
			v = v*16 + d
			if v > utf8.MaxRune {
				return 0, 0
			}
		}
		return v, end + 1
	}
	if len(s) >= 5 {
		if v, ok := hex(s[1:5]); ok {
			return v, 5
		}
	}
	return 0, 0
}

// hex is the value of the hexadecimal digits s.
func hex(s string) (rune, bool) {
	var v rune
	for _, c := range s {
		d, ok := hexDigit(c)
		if !ok {
			return 0, false
		}
		v = v*16 + d
	}
	return v, true
}

func hexDigit(c rune) (rune, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
