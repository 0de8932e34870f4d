package anydice

import (
	"strconv"
	"strings"

	"d6codex/rules/text"
)

// parseFields reads the field declarations among the comments:
// field NAME: "Label" LO..HI = DEFAULT. Other comments are ignored.
func parseFields(comments []fieldComment) ([]Field, error) {
	var out []Field
	for _, c := range comments {
		text := text.TrimSpace(c.text)
		if !strings.HasPrefix(text, "field ") && text != "field" {
			continue
		}
		// Column of the declaration's first non-space character.
		lead := len([]rune(c.text)) - len([]rune(strings.TrimLeft(c.text, " \t\r\n")))
		at := pos{c.at.line, c.at.col + lead}
		if strings.ContainsRune(c.text[:len(c.text)-len(strings.TrimLeft(c.text, " \t\r\n"))], '\n') {
			at = c.at // a declaration that starts on a later line: point at the comment
		}
		f, err := parseField(text)
		if err != nil {
			return nil, errAt(at, err.Error()+` (a field is declared as \ field NAME: "Label" 1..10 = 3 \)`)
		}
		f.Line, f.Col = at.line, at.col
		for _, g := range out {
			if g.Name == f.Name {
				return nil, errAt(at, "the field "+f.Name+" is declared twice")
			}
		}
		if len(out) == MaxFields {
			return nil, errAt(at, "at most "+strconv.Itoa(MaxFields)+" fields in one program")
		}
		out = append(out, f)
	}
	return out, nil
}

type fieldErr string

func (e fieldErr) Error() string { return string(e) }

func parseField(decl string) (Field, error) {
	var f Field
	rest := text.TrimSpace(strings.TrimPrefix(decl, "field"))
	colon := strings.Index(rest, ":")
	if colon < 0 {
		return f, fieldErr("a field needs a VARIABLE and a colon")
	}
	f.Name = text.TrimSpace(rest[:colon])
	if f.Name == "" {
		return f, fieldErr("a field needs a VARIABLE")
	}
	for _, r := range f.Name {
		if !isUpper(r) {
			return f, fieldErr("a field's VARIABLE is upper-case letters and underscores, not " + quote(f.Name))
		}
	}
	rest = text.TrimSpace(rest[colon+1:])
	if !strings.HasPrefix(rest, `"`) {
		return f, fieldErr("a field needs a \"Label\" in quotes after its VARIABLE")
	}
	end := strings.Index(rest[1:], `"`)
	if end < 0 {
		return f, fieldErr("the field's label is never closed")
	}
	f.Label = text.TrimSpace(rest[1 : end+1])
	if f.Label == "" {
		f.Label = f.Name
	}
	rest = text.TrimSpace(rest[end+2:])
	rng, def, ok := strings.Cut(rest, "=")
	if !ok {
		return f, fieldErr("a field needs a default: = 3")
	}
	lo, hi, ok := strings.Cut(text.TrimSpace(rng), "..")
	if !ok {
		return f, fieldErr("a field needs a range of values: 1..10")
	}
	var err error
	if f.Min, err = fieldInt(lo); err != nil {
		return f, err
	}
	if f.Max, err = fieldInt(hi); err != nil {
		return f, err
	}
	if f.Def, err = fieldInt(def); err != nil {
		return f, err
	}
	if f.Min > f.Max {
		return f, fieldErr("the field's range ends below its start")
	}
	if f.Def < f.Min || f.Def > f.Max {
		return f, fieldErr("the field's default is outside its range")
	}
	return f, nil
}

func fieldInt(s string) (int, error) {
	s = text.TrimSpace(s)
	v, ok := text.Atoi(s)
	if !ok || v > MaxValue || v < -MaxValue {
		return 0, fieldErr("expected a whole number, found " + quote(s))
	}
	return v, nil
}
