package anydice

import (
	"unicode/utf8"

	"d6codex/rules/text"
)

// tokKind is the kind of a token.
type tokKind int

const (
	tEOF    tokKind = iota
	tNum            // 12
	tVar            // SKILL (upper-case letters and underscores)
	tWord           // highest (lower-case letters), a word of a function's name or a keyword
	tString         // "text" (the quotes removed)
	tOp             // + - * / ^ = != < > <= >= ! & | @ # d .. : , { } ( ) [ ]
)

// token is one lexical item with its position (1-based line and column,
// the column counted in characters).
type token struct {
	_    noEq
	kind tokKind
	text string
	pos
}

// pos is a place in the source text.
type pos struct{ line, col int }

// lexer turns a program into tokens. It reads bytes; src is valid UTF-8
// (lex replaces each invalid byte by U+FFFD, as a conversion to []rune
// would), and a column counts characters: the bytes that continue a
// character do not move it. Comments (\ ... \) are skipped, but
// those that declare a field (\ field NAME: "Label" 1..10 = 3 \) are kept
// in fields.
type lexer struct {
	src       string
	i         int
	line, col int
	fields    []token // the comments: their text and where it starts, after the backslash
	end       pos     // just after the last token, where the end of the program is reported
}

func isUpper(r byte) bool { return r >= 'A' && r <= 'Z' || r == '_' }
func isLower(r byte) bool { return r >= 'a' && r <= 'z' }
func isDigit(r byte) bool { return r >= '0' && r <= '9' }

func notQuote(r byte) bool { return r != '"' }

// while advances over the characters that satisfy ok and returns the text
// from begin to there.
func (l *lexer) while(begin int, ok func(byte) bool) string {
	for l.i < len(l.src) && ok(l.src[l.i]) {
		l.advance()
	}
	return l.src[begin:l.i]
}

// advance moves past one byte; the column moves at the first byte of a
// character.
func (l *lexer) advance() {
	switch c := l.src[l.i]; {
	case c == '\n':
		l.line++
		l.col = 1
	case c&0xc0 != 0x80:
		l.col++
	}
	l.i++
}

// validUTF8 is s with each byte that does not belong to a character
// replaced by U+FFFD (a copy: utf8.ValidString would cost more code).
func validUTF8(s string) string {
	b := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, "\uFFFD"...)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return string(b)
}

// lex reads the whole program.
func lex(src string) ([]token, []token, error) {
	l := &lexer{src: validUTF8(src), line: 1, col: 1, end: pos{1, 1}}
	var toks []token
	for {
		t, err := l.next()
		if err != nil {
			return nil, nil, err
		}
		if t.kind == tEOF {
			t.line, t.col = l.end.line, l.end.col
		} else {
			l.end = pos{l.line, l.col}
		}
		toks = append(toks, t)
		if t.kind == tEOF {
			return toks, l.fields, nil
		}
	}
}

func (l *lexer) next() (token, error) {
	for l.i < len(l.src) {
		r := l.src[l.i]
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			l.advance()
			continue
		}
		if r == '\\' {
			start := pos{l.line, l.col}
			l.advance()
			textAt := pos{l.line, l.col}
			begin := l.i
			for l.i < len(l.src) && l.src[l.i] != '\\' {
				l.advance()
			}
			if l.i >= len(l.src) {
				return token{}, errAt(start, "this comment is never closed: end it with another \\")
			}
			l.fields = append(l.fields, token{kind: tString, text: l.src[begin:l.i], pos: textAt})
			l.advance()
			continue
		}
		break
	}
	t := token{pos: pos{l.line, l.col}}
	if l.i >= len(l.src) {
		t.kind = tEOF
		return t, nil
	}
	r := l.src[l.i]
	begin := l.i
	var n byte // the byte after r, 0 at the end
	if begin+1 < len(l.src) {
		n = l.src[begin+1]
	}
	switch {
	case isDigit(r):
		t.kind, t.text = tNum, l.while(begin, isDigit)
		if v, ok := text.Atoi(t.text); !ok || v > MaxValue {
			return token{}, errAt(t.pos, "the number "+t.text+" is larger than "+maxValueText)
		}
	case isUpper(r):
		t.kind, t.text = tVar, l.while(begin, isUpper)
	case r == 'd' && !isLower(n):
		l.advance()
		t.kind, t.text = tOp, "d"
	case isLower(r):
		t.kind, t.text = tWord, l.while(begin, isLower)
	case r == '"':
		l.advance()
		t.kind, t.text = tString, l.while(begin+1, notQuote)
		if l.i >= len(l.src) {
			return token{}, errAt(t.pos, "this string is never closed: end it with another \"")
		}
		l.advance()
	default:
		t.kind = tOp
		if n == '=' && (r == '!' || r == '<' || r == '>') || r == '.' && n == '.' {
			l.advance()
			l.advance()
			t.text = l.src[begin:l.i]
			return t, nil
		}
		const ops = "+-*/^=<>!&|@#:,{}()[]?"
		for k := 0; k < len(ops); k++ {
			if ops[k] == r {
				l.advance()
				t.text = ops[k : k+1]
				return t, nil
			}
		}
		_, n := utf8.DecodeRuneInString(l.src[l.i:])
		return token{}, errAt(t.pos, "unexpected character "+quote(l.src[l.i:l.i+n]))
	}
	return t, nil
}
