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

// parseField reads one declaration; the message says what is wrong with
// it ("" when nothing is).
func parseField(decl string) (Field, string) {
	var f Field
	rest := text.TrimSpace(strings.TrimPrefix(decl, "field"))
	colon := strings.IndexByte(rest, ':')
	if colon < 0 {
		return f, "a field needs a VARIABLE and a colon"
	}
	f.Name = text.TrimSpace(rest[:colon])
	if f.Name == "" {
		return f, "a field needs a VARIABLE"
	}
	for i := 0; i < len(f.Name); i++ {
		if !isUpper(f.Name[i]) {
			return f, "a field's VARIABLE is upper-case letters and underscores, not " + quote(f.Name)
		}
	}
	rest = text.TrimSpace(rest[colon+1:])
	if !strings.HasPrefix(rest, `"`) {
		return f, "a field needs a \"Label\" in quotes after its VARIABLE"
	}
	end := strings.IndexByte(rest[1:], '"')
	if end < 0 {
		return f, "the field's label is never closed"
	}
	f.Label = text.TrimSpace(rest[1 : end+1])
	if f.Label == "" {
		f.Label = f.Name
	}
	rest = text.TrimSpace(rest[end+2:])
	eq := strings.IndexByte(rest, '=')
	if eq < 0 {
		return f, "a field needs a default: = 3"
	}
	rng, def := text.TrimSpace(rest[:eq]), rest[eq+1:]
	dots := 0
	for dots+1 < len(rng) && rng[dots:dots+2] != ".." {
		dots++
	}
	if dots+1 >= len(rng) {
		return f, "a field needs a range of values: 1..10"
	}
	lo, hi := rng[:dots], rng[dots+2:]
	var msg string
	if f.Min, msg = fieldInt(lo); msg != "" {
		return f, msg
	}
	if f.Max, msg = fieldInt(hi); msg != "" {
		return f, msg
	}
	if f.Def, msg = fieldInt(def); msg != "" {
		return f, msg
	}
	if f.Min > f.Max {
		return f, "the field's range ends below its start"
	}
	if f.Def < f.Min || f.Def > f.Max {
		return f, "the field's default is outside its range"
	}
	return f, ""
}

func fieldInt(s string) (int, string) {
	s = text.TrimSpace(s)
	v, ok := text.Atoi(s)
	if !ok || v > MaxValue || v < -MaxValue {
		return 0, "expected a whole number, found " + quote(s)
	}
	return v, ""
}

// leadingSpace is the length of s's leading spaces, tabs and line breaks.
func leadingSpace(s string) int {
	n := 0
	for n < len(s) && (s[n] == ' ' || s[n] == '\t' || s[n] == '\r' || s[n] == '\n') {
		n++
	}
	return n
}
