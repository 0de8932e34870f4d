package jsstring

import (
	"strings"
	"testing"
)

// unquote reads a whole literal's body as the readers do: each backslash
// starts an escape sequence read by Unescape.
func unquote(body string) string {
	var b strings.Builder
	for i := 0; i < len(body); {
		if body[i] == '\\' && i+1 < len(body) {
			i++
			i += Unescape(&b, body[i:])
			continue
		}
		b.WriteByte(body[i])
		i++
	}
	return b.String()
}

// TestUnescape checks each of ECMAScript's escape sequences (ECMA-262
// §12.9.4 "String Literals", Annex B.1.2): the expected values are the ones
// node gives for the same literal ("…" with the body as written), except
// where node reports a SyntaxError (marked "the letter"): there the escape
// is read as an unknown one, so a reader never fails.
func TestUnescape(t *testing.T) {
	for _, c := range []struct{ name, body, want string }{
		// "SingleEscapeCharacter :: one of ' \" \\ b f n r t v"
		{"single escapes", `\b\f\n\r\t\v`, "\b\f\n\r\t\v"},
		{"quotes and backslash", `\'\"\\`, `'"\`},
		// "EscapeSequence :: 0 [lookahead ∉ DecimalDigit]"
		{"NUL", `a\0b`, "a\x00b"},
		// "HexEscapeSequence :: x HexDigit HexDigit"
		{"hex", `\x41\xe9\xFF`, "Aé\u00ff"},
		{"hex, one digit: the letter", `\x4g`, "x4g"},
		// "UnicodeEscapeSequence :: u Hex4Digits | u{ CodePoint }"
		{"u four digits", `\u0041\u00e9\u2014`, "Aé—"},
		{"u braces", `\u{41}\u{1F600}\u{0000000041}`, "A😀A"},
		{"u braces above 10FFFF: the letter", `\u{110000}`, "u{110000}"},
		{"u braces empty: the letter", `\u{}`, "u{}"},
		{"u three digits: the letter", `\u041`, "u041"},
		{"surrogate pair is one code point", `\uD83D\uDE00`, "😀"},
		{"lone high surrogate", `\uD83Dx`, "\uFFFDx"},
		{"lone low surrogate", `\uDE00`, "\uFFFD"},
		// "LineContinuation :: \\ LineTerminatorSequence": the empty String
		{"continuation LF", "a\\\nb", "ab"},
		{"continuation CR LF", "a\\\r\nb", "ab"},
		{"continuation CR", "a\\\rb", "ab"},
		{"continuation LS", "a\\\u2028b", "ab"},
		{"continuation PS", "a\\\u2029b", "ab"},
		// "NonEscapeCharacter :: SourceCharacter but not one of EscapeCharacter or LineTerminator"
		{"unknown escape is the character", `\q\-\ `, "q- "},
		{"unknown non-ASCII escape", `\é\😀`, "é😀"},
		// Annex B.1.2 LegacyOctalEscapeSequence, NonOctalDecimalEscapeSequence
		{"legacy octal", `\1\101\377\400\08`, "\x01A\u00ff\x200\x008"},
		{"non-octal decimal", `\8\9`, "89"},
		{"trailing backslash kept", `a\`, `a\`},
	} {
		if got := unquote(c.body); got != c.want {
			t.Errorf("%s: %q reads %q, want %q", c.name, c.body, got, c.want)
		}
	}
}

// TestUnescapeLength checks the length returned: what a reader skips.
func TestUnescapeLength(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
	}{
		{"", 0}, {"n", 1}, {"nx", 1}, {"x41", 3}, {"xg", 1}, {"u0041", 5}, {"u{1F600}z", 8},
		{`uD83D\uDE00`, 11}, {`uD83D\u0041`, 5}, {"\r\n", 2}, {"\r", 1}, {"\u2028", 3},
		{"é", 2}, {"377", 3}, {"400", 2}, {"08", 1},
	} {
		var b strings.Builder
		if got := Unescape(&b, c.s); got != c.want {
			t.Errorf("Unescape(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}
