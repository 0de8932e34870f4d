package jsconfig

import (
	"strings"

	"d6codex/cmd/sitegen/internal/jsstring"
)

// Token kinds.
const (
	tokPunct    = iota // one punctuation token: { } [ ] ( ) , : ; = . ... => ? and operators
	tokIdent           // an identifier or keyword
	tokString          // a string literal, Text holds its value
	tokNumber          // a number literal
	tokTemplate        // a template literal without ${}: Text holds its value
	tokComputed        // a template literal with ${} or a regular expression: a value not read
)

// token is one lexical token of the file.
type token struct {
	kind int
	text string // the punctuation, identifier, number or the string's value
	off  int    // byte offset in the file
}

// lex splits src into tokens, skipping comments, whose spans [from, to)
// it returns too. It never fails: an unterminated string or comment runs
// to the end of the file.
func lex(src string) (toks []token, comments [][2]int) {
	i := 0
	// regexOK reports whether a '/' at this point starts a regular
	// expression rather than a division: after an operator, an opening
	// bracket, a comma, or at the start.
	regexOK := func() bool {
		if len(toks) == 0 {
			return true
		}
		t := toks[len(toks)-1]
		switch t.kind {
		case tokPunct:
			return t.text != ")" && t.text != "]" && t.text != "}"
		case tokIdent:
			return t.text == "return" || t.text == "typeof" || t.text == "in" || t.text == "of"
		}
		return false
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
		case strings.HasPrefix(src[i:], "//"):
			from := i
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				i = len(src)
			} else {
				i += j
			}
			comments = append(comments, [2]int{from, i})
		case strings.HasPrefix(src[i:], "/*"):
			from := i
			j := strings.Index(src[i+2:], "*/")
			if j < 0 {
				i = len(src)
			} else {
				i += j + 4
			}
			comments = append(comments, [2]int{from, i})
		case c == '"' || c == '\'':
			s, n := readString(src[i:], c)
			toks = append(toks, token{kind: tokString, text: s, off: i})
			i += n
		case c == '`':
			s, n, plain := readTemplate(src[i:])
			kind := tokTemplate
			if !plain {
				kind = tokComputed
			}
			toks = append(toks, token{kind: kind, text: s, off: i})
			i += n
		case c == '/' && regexOK():
			n := readRegex(src[i:])
			toks = append(toks, token{kind: tokComputed, text: src[i : i+n], off: i})
			i += n
		case isDigit(c) || c == '.' && i+1 < len(src) && isDigit(src[i+1]):
			j := i + 1
			for j < len(src) && (isIdentByte(src[j]) || src[j] == '.' ||
				(src[j] == '+' || src[j] == '-') && (src[j-1] == 'e' || src[j-1] == 'E') && !strings.HasPrefix(src[i:], "0x")) {
				j++
			}
			toks = append(toks, token{kind: tokNumber, text: src[i:j], off: i})
			i = j
		case isIdentStart(c):
			j := i + 1
			for j < len(src) && isIdentByte(src[j]) {
				j++
			}
			toks = append(toks, token{kind: tokIdent, text: src[i:j], off: i})
			i = j
		default:
			n := 1
			for _, op := range []string{"...", "=>", "===", "!==", "==", "!=", "&&", "||", "??", "?.", "<=", ">="} {
				if strings.HasPrefix(src[i:], op) {
					n = len(op)
					break
				}
			}
			toks = append(toks, token{kind: tokPunct, text: src[i : i+n], off: i})
			i += n
		}
	}
	return toks, comments
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
func isIdentByte(c byte) bool { return isIdentStart(c) || isDigit(c) }

// readString reads a quoted string at the start of s: its value and its
// length in bytes.
func readString(s string, q byte) (string, int) {
	var b strings.Builder
	i := 1
	for i < len(s) {
		c := s[i]
		switch {
		case c == q:
			return b.String(), i + 1
		case c == '\n':
			return b.String(), i // an unterminated string ends at its line
		case c == '\\' && i+1 < len(s):
			i++
			i += jsstring.Unescape(&b, s[i:])
			continue
		}
		b.WriteByte(c)
		i++
	}
	return b.String(), i
}

// readTemplate reads a template literal at the start of s: its value when
// it has no ${} substitution (plain), its length in bytes.
func readTemplate(s string) (string, int, bool) {
	var b strings.Builder
	plain := true
	depth := 0
	i := 1
	for i < len(s) {
		c := s[i]
		switch {
		case depth == 0 && c == '`':
			return b.String(), i + 1, plain
		case depth == 0 && c == '\\' && i+1 < len(s):
			i++
			i += jsstring.Unescape(&b, s[i:])
			continue
		case depth == 0 && strings.HasPrefix(s[i:], "${"):
			plain = false
			depth = 1
			i += 2
			continue
		case depth > 0 && c == '{':
			depth++
		case depth > 0 && c == '}':
			depth--
		case depth > 0 && (c == '"' || c == '\''):
			_, n := readString(s[i:], c)
			i += n
			continue
		case depth > 0 && c == '`':
			_, n, _ := readTemplate(s[i:])
			i += n
			continue
		}
		if depth == 0 {
			b.WriteByte(c)
		}
		i++
	}
	return b.String(), i, plain
}

// readRegex returns the length of the regular expression literal at the
// start of s (its flags included).
func readRegex(s string) int {
	inClass := false
	i := 1
	for i < len(s) {
		switch c := s[i]; {
		case c == '\\':
			i += 2
			continue
		case c == '\n':
			return i
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case c == '/' && !inClass:
			i++
			for i < len(s) && isIdentByte(s[i]) {
				i++
			}
			return i
		}
		i++
	}
	return len(s)
}
