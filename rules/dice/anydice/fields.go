package anydice

import (
	"strings"

	"d6codex/rules/text"
)

// parseFields reads the field declarations among the comments:
// field NAME: "Label" LO..HI = DEFAULT. Other comments are ignored.
func parseFields(comments []token) ([]Field, error) {
	var out []Field
	for _, c := range comments {
		text := text.TrimSpace(c.text)
		if !strings.HasPrefix(text, "field ") && text != "field" {
			continue
		}
		// Column of the declaration's first non-space character.
		ws := leadingSpace(c.text)
		at := pos{c.line, c.col + ws} // the spaces are single bytes
		if strings.IndexByte(c.text[:ws], '\n') >= 0 {
			at = c.pos // a declaration that starts on a later line: point at the comment
		}
		f, msg := parseField(text)
		if msg != "" {
			return nil, errAt(at, msg+` (a field is declared as \ field NAME: "Label" 1..10 = 3 \)`)
		}
		f.Line, f.Col = at.line, at.col
		for _, g := range out {
			if g.Name == f.Name {
				return nil, errAt(at, "the field "+f.Name+" is declared twice")
			}
		}
		if len(out) == MaxFields {
			return nil, errAt(at, "at most "+maxFieldsText+" fields in one program")
		}
		out = append(out, f)
	}
	return out, nil
}

// parseField reads one declaration, in the tokens of the language; the
// message says what is wrong with it ("" when nothing is).
func parseField(decl string) (Field, string) {
	var f Field
	toks, _, err := lex(decl)
	if err != nil {
		return f, err.(*Error).Msg
	}
	r := &parser{toks: toks, i: 1} // after the word field
	v := r.next()
	if v.kind != tVar || !r.isOp(":") {
		return f, "a field needs a VARIABLE and a colon"
	}
	r.next()
	f.Name = v.text
	l := r.next()
	if l.kind != tString {
		return f, "a field needs a \"Label\" in quotes after its VARIABLE"
	}
	f.Label = text.TrimSpace(l.text)
	if f.Label == "" {
		f.Label = f.Name
	}
	var ok [4]bool
	f.Min, ok[0] = r.int()
	ok[1] = r.next().text == ".."
	f.Max, ok[2] = r.int()
	if ok != [4]bool{true, true, true} {
		return f, "a field needs a range of values: 1..10"
	}
	if r.next().text != "=" {
		return f, "a field needs a default: = 3"
	}
	if f.Def, ok[3] = r.int(); !ok[3] || r.next().kind != tEOF {
		return f, "a field's default is a whole number"
	}
	if f.Min > f.Max {
		return f, "the field's range ends below its start"
	}
	if f.Def < f.Min || f.Def > f.Max {
		return f, "the field's default is outside its range"
	}
	return f, ""
}

// int reads a whole number of a field declaration, perhaps negative.
func (p *parser) int() (int, bool) {
	sign := 1
	if p.isOp("-") {
		p.next()
		sign = -1
	}
	t := p.next()
	v, _ := text.Atoi(t.text)
	return sign * v, t.kind == tNum
}

// leadingSpace is the length of s's leading spaces, tabs and line breaks.
func leadingSpace(s string) int {
	n := 0
	for n < len(s) && (s[n] == ' ' || s[n] == '\t' || s[n] == '\r' || s[n] == '\n') {
		n++
	}
	return n
}
