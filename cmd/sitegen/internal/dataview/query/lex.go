package query

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Dialect is the expression language: Dataview's (DQL) or Obsidian
// Bases' (JavaScript-like).
type Dialect int

// The dialects.
const (
	DQL Dialect = iota
	Bases
)

type tokKind int

const (
	tEOF tokKind = iota
	tIdent
	tNumber
	tString
	tLink // [[...]] or ![[...]]
	tTag  // #tag
	tOp   // punctuation and operators
)

type token struct {
	kind tokKind
	text string // the token as written (an identifier, an operator)
	val  Value  // a number, string or link's value
	pos  int
}

// SyntaxError is a problem in a query's or formula's text.
type SyntaxError struct {
	Pos int // byte offset in the text
	Msg string
}

func (e *SyntaxError) Error() string { return e.Msg }

// lexer reads tokens on demand from src.
type lexer struct {
	src     string
	off     int
	dialect Dialect
}

// jsNumberRE is a JavaScript number literal (Bases).
var jsNumberRE = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?`)

// ops are the operators, longest first.
var ops = []string{"=>", "==", "!=", "<=", ">=", "&&", "||", "(", ")", "[", "]", "{", "}", ",", ".", ":", "+", "-", "*", "/", "%", "=", "<", ">", "!", "&", "|"}

func (l *lexer) skipSpace() {
	for l.off < len(l.src) {
		r, n := utf8.DecodeRuneInString(l.src[l.off:])
		if !unicode.IsSpace(r) {
			// A // comment runs to the end of its line (DQL's comments
			// stand on their own lines; one inside an expression ends it).
			if l.dialect == DQL && strings.HasPrefix(l.src[l.off:], "//") && l.lineStart() {
				for l.off < len(l.src) && l.src[l.off] != '\n' {
					l.off++
				}
				continue
			}
			return
		}
		l.off += n
	}
}

// lineStart reports whether only spaces precede off on its line.
func (l *lexer) lineStart() bool {
	for i := l.off - 1; i >= 0; i-- {
		switch l.src[i] {
		case '\n':
			return true
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return true
}

func isIdentStart(r rune, d Dialect) bool {
	if d == Bases {
		return unicode.IsLetter(r) || r == '_' || r == '$'
	}
	return unicode.IsLetter(r) || isEmoji(r)
}

func isIdentPart(r rune, d Dialect) bool {
	if d == Bases {
		return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '$'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || isEmoji(r)
}

// next reads the next token.
func (l *lexer) next() (token, error) {
	l.skipSpace()
	start := l.off
	if l.off >= len(l.src) {
		return token{kind: tEOF, pos: start}, nil
	}
	rest := l.src[l.off:]
	r, n := utf8.DecodeRuneInString(rest)
	switch {
	case r == '"' || r == '\'' && l.dialect == Bases:
		s, after, ok := l.scanQuoted(rest)
		if !ok {
			return token{}, &SyntaxError{start, "a text in quotes is not closed"}
		}
		l.off += len(rest) - len(after)
		return token{kind: tString, text: rest[:len(rest)-len(after)], val: s, pos: start}, nil
	case r == '[' || r == '!' && strings.HasPrefix(rest, "![["):
		if link, after, ok := scanLink(rest); ok {
			l.off += len(rest) - len(after)
			return token{kind: tLink, text: rest[:len(rest)-len(after)], val: link, pos: start}, nil
		}
	case r == '#' && l.dialect == DQL:
		if m := tagRE.FindString(rest); len(m) > 1 {
			l.off += len(m)
			return token{kind: tTag, text: m, pos: start}, nil
		}
	case r >= '0' && r <= '9':
		m := numberRE.FindString(rest)
		if l.dialect == Bases { // JavaScript's 1.5, 2e3
			m = jsNumberRE.FindString(rest)
		}
		f, err := strconv.ParseFloat(m, 64)
		if err != nil {
			return token{}, &SyntaxError{start, fmt.Sprintf("%q is not a number", m)}
		}
		l.off += len(m)
		return token{kind: tNumber, text: m, val: f, pos: start}, nil
	case isIdentStart(r, l.dialect):
		end := n
		for end < len(rest) {
			r2, n2 := utf8.DecodeRuneInString(rest[end:])
			if !isIdentPart(r2, l.dialect) {
				break
			}
			end += n2
		}
		l.off += end
		return token{kind: tIdent, text: rest[:end], pos: start}, nil
	}
	for _, op := range ops {
		if strings.HasPrefix(rest, op) {
			if op == "=>" && l.dialect == Bases {
				continue
			}
			l.off += len(op)
			return token{kind: tOp, text: op, pos: start}, nil
		}
	}
	return token{}, &SyntaxError{start, fmt.Sprintf("unexpected %q", string(r))}
}

// scanQuoted reads a quoted text: DQL's (scanString) or, in Bases, a
// JavaScript string in ' or ".
func (l *lexer) scanQuoted(s string) (string, string, bool) {
	if l.dialect == DQL {
		return scanString(s)
	}
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == q:
			return b.String(), s[i+1:], true
		case c == '\\' && i+1 < len(s):
			i++
			switch s[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(s[i])
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", s, false
}
