package anydice

import (
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

// lexer turns a program into tokens. Comments (\ ... \) are skipped, but
// those that declare a field (\ field NAME: "Label" 1..10 = 3 \) are kept
// as fieldComments.
type lexer struct {
	src       []rune
	i         int
	line, col int
	fields    []fieldComment
	end       pos // just after the last token, where the end of the program is reported
}

// fieldComment is the text of a field declaration comment and where it
// starts (the position of its text, after the backslash).
type fieldComment struct {
	_    noEq
	text string
	at   pos
}

func isUpper(r rune) bool { return r >= 'A' && r <= 'Z' || r == '_' }
func isLower(r rune) bool { return r >= 'a' && r <= 'z' }
func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func (l *lexer) peekRune(k int) rune {
	if l.i+k < len(l.src) {
		return l.src[l.i+k]
	}
	return 0
}

func notQuote(r rune) bool { return r != '"' }

// while advances over the characters that satisfy ok and returns the text
// from begin to there.
func (l *lexer) while(begin int, ok func(rune) bool) string {
	for l.i < len(l.src) && ok(l.src[l.i]) {
		l.advance()
	}
	return string(l.src[begin:l.i])
}

func (l *lexer) advance() {
	if l.src[l.i] == '\n' {
		l.line++
		l.col = 1
	} else {
		l.col++
	}
	l.i++
}

// lex reads the whole program.
func lex(src string) ([]token, []fieldComment, error) {
	l := &lexer{src: []rune(src), line: 1, col: 1, end: pos{1, 1}}
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
			l.fields = append(l.fields, fieldComment{text: string(l.src[begin:l.i]), at: textAt})
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
	switch {
	case isDigit(r):
		t.kind, t.text = tNum, l.while(begin, isDigit)
		if v, ok := text.Atoi(t.text); !ok || v > MaxValue {
			return token{}, errAt(t.pos, "the number "+t.text+" is larger than "+maxValueText)
		}
	case isUpper(r):
		t.kind, t.text = tVar, l.while(begin, isUpper)
	case r == 'd' && !isLower(l.peekRune(1)):
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
		if n := l.peekRune(1); n == '=' && (r == '!' || r == '<' || r == '>') || r == '.' && n == '.' {
			l.advance()
			l.advance()
			t.text = string(l.src[begin:l.i])
			return t, nil
		}
		const ops = "+-*/^=<>!&|@#:,{}()[]"
		for k := 0; k < len(ops); k++ {
			if rune(ops[k]) == r {
				l.advance()
				t.text = ops[k : k+1]
				return t, nil
			}
		}
		return token{}, errAt(t.pos, "unexpected character "+quote(string(r)))
	}
	return t, nil
}
