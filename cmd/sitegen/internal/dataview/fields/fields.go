// Package fields finds Dataview's inline fields in a note's text, as
// Dataview's own importer does (data-import/inline-field.ts): Key:: value
// on a line of its own, and [key:: value] or (key:: value) anywhere in a
// line. The same rules serve the data queries read (Scan) and the page's
// rendering (package markup/inlinefield), so the two cannot disagree.
//
// https://blacksmithgu.github.io/obsidian-dataview/annotation/add-metadata/
package fields

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Field is an inline field in a line of text.
type Field struct {
	// Key is the field's name as written, without the Markdown around a
	// line's key ("**Rating**:: 6" is Rating).
	Key string
	// Value is the text after "::", trimmed.
	Value string
	// Start and End are the byte offsets of the whole field in its line
	// (from '[' to past ']'; the whole line for a line's field);
	// ValueStart is the offset just after "::".
	Start, End, ValueStart int
	// Wrap is '[' or '(' for a field in brackets, 0 for a line's field.
	// Dataview shows a field in parentheses without its key.
	Wrap byte
}

// closers are the brackets a field may be wrapped in.
var closers = map[byte]byte{'[': ']', '(': ')'}

// findClosing finds the bracket that closes one opened before start,
// counting nested pairs and skipping escaped characters; it returns the
// trimmed text inside and the offset after the bracket.
func findClosing(line string, start int, open, close byte) (string, int, bool) {
	nesting, escaped := 0, false
	for i := start; i < len(line); i++ {
		c := line[i]
		if c == '\\' {
			escaped = !escaped
			continue
		}
		if escaped {
			escaped = false
			continue
		}
		switch c {
		case open:
			nesting++
		case close:
			nesting--
		}
		if nesting < 0 {
			return strings.TrimSpace(line[start:i]), i + 1, true
		}
	}
	return "", 0, false
}

// bracketed reads a field that starts with the bracket at start.
func bracketed(line string, start int) (Field, bool) {
	open := line[start]
	sep := strings.Index(line[start+1:], "::")
	if sep < 0 {
		return Field{}, false
	}
	sep += start + 1
	key := strings.TrimSpace(line[start+1 : sep])
	if strings.ContainsAny(key, "[]()") || key == "" {
		return Field{}, false
	}
	value, end, ok := findClosing(line, sep+2, open, closers[open])
	if !ok {
		return Field{}, false
	}
	return Field{Key: key, Value: value, Start: start, End: end, ValueStart: sep + 2, Wrap: open}, true
}

// maxAttempts bounds the fields tried in one line: a line of brackets and
// "::" costs at most this many scans of it.
const maxAttempts = 256

// Bracketed finds the [key:: value] and (key:: value) fields of a line,
// in order, none overlapping (Dataview's extractInlineFields). A bracket
// starts a field only when no other bracket comes before the "::" after
// it (a key holds none), so each "::" is tried from one bracket of each
// kind at most; lines longer than Dataview reads (maxLine) have none.
//
// https://blacksmithgu.github.io/obsidian-dataview/annotation/add-metadata/
// "If you want to embed metadata inside sentences, or multiple fields on
// the same line, you can use the bracket syntax and wrap your field in
// square brackets".
func Bracketed(line string) []Field {
	if len(line) > maxLine || !strings.Contains(line, "::") {
		return nil
	}
	// From the right: where the next "::" and the next bracket are.
	nextSep, nextBracket := make([]int, len(line)+1), make([]int, len(line)+1)
	nextSep[len(line)], nextBracket[len(line)] = -1, -1
	for i := len(line) - 1; i >= 0; i-- {
		nextSep[i], nextBracket[i] = nextSep[i+1], nextBracket[i+1]
		if i+1 < len(line) && line[i] == ':' && line[i+1] == ':' {
			nextSep[i] = i
		}
		switch line[i] {
		case '[', ']', '(', ')':
			nextBracket[i] = i
		}
	}
	var found []Field
	attempts := 0
	for _, open := range []byte{'[', '('} {
		for i := 0; i < len(line) && attempts < maxAttempts; i++ {
			if line[i] != open {
				continue
			}
			sep := nextSep[i+1]
			if sep < 0 || (nextBracket[i+1] >= 0 && nextBracket[i+1] < sep) {
				continue // no "::" after it, or a bracket in the key
			}
			attempts++
			if f, ok := bracketed(line, i); ok {
				found = append(found, f)
				i = f.End - 1
			}
		}
	}
	slices.SortStableFunc(found, func(a, b Field) int { return a.Start - b.Start })
	var out []Field
	for _, f := range found {
		if len(out) == 0 || out[len(out)-1].End < f.Start {
			out = append(out, f)
		}
	}
	return out
}

// keySuffix is the Markdown a line's key may end with (**Key**::).
const keySuffix = "_*~`"

// FullLine reads a line that is one field, "Key:: value"; the key may be
// wrapped in Markdown ("**Rating**:: 6"), which is not part of its name
// (Dataview's extractFullLineField).
//
// https://blacksmithgu.github.io/obsidian-dataview/annotation/add-metadata/
// "If your inline field has an own line, without any content beforehand,
// you can write it like this: Basic Field:: Some random Value" and "the
// bold field key is missing its formatting tokens".
func FullLine(text string) (Field, bool) {
	sep := strings.Index(text, "::")
	if sep < 0 {
		return Field{}, false
	}
	raw := strings.TrimSpace(text[:sep])
	// Leading characters that are not word characters are dropped (the
	// Markdown and quote markers before the key).
	i := 0
	for i < len(raw) {
		r, n := utf8.DecodeRuneInString(raw[i:])
		if isWord(r) {
			break
		}
		i += n
	}
	j := i
	for j < len(raw) {
		r, n := utf8.DecodeRuneInString(raw[j:])
		if !(isWord(r) || unicode.IsSpace(r) || r == '/' || r == '-' || isEmoji(r)) {
			break
		}
		j += n
	}
	key := raw[i:j]
	if strings.Trim(raw[j:], keySuffix) != "" || strings.TrimSpace(key) == "" {
		return Field{}, false
	}
	return Field{Key: key, Value: strings.TrimSpace(text[sep+2:]), Start: 0, End: len(text), ValueStart: sep + 2}, true
}

func isWord(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }

func isEmoji(r rune) bool {
	return r >= 0x1F000 && r <= 0x1FAFF || r >= 0x2600 && r <= 0x27BF || unicode.Is(unicode.So, r)
}

// Line finds the fields of one line of a note: its bracketed fields,
// else the line as one field.
func Line(text string) []Field {
	if fs := Bracketed(text); len(fs) > 0 {
		return fs
	}
	if f, ok := FullLine(text); ok {
		return []Field{f}
	}
	return nil
}

// listItem is a list item's line: its marker, an optional task box and
// its text (Dataview's LIST_ITEM_REGEX, with the space a Markdown list
// marker needs after it).
var listItem = regexp.MustCompile(`^[\s>]*(\d+\.|\d+\)|\*|-|\+)(?:\s+|$)(\[.?\])?\s*(.*)$`)

// maxLine is the longest line Dataview reads fields in.
const maxLine = 32768

// Scan finds the inline fields of a note's text, line by line, as
// Dataview reads them: a list item's text without its marker (a task's
// line only in brackets), other lines trimmed. skip(off) leaves out the
// line that starts at byte offset off: front matter, code blocks.
func Scan(src []byte, skip func(off int) bool) []Field {
	var out []Field
	off := 0
	for len(src) > 0 {
		end := 0
		for end < len(src) && src[end] != '\n' {
			end++
		}
		raw := src[:end]
		if end < len(src) {
			src = src[end+1:]
		} else {
			src = nil
		}
		start := off
		off += end + 1
		if len(raw) > maxLine || !strings.Contains(string(raw), "::") || skip != nil && skip(start) {
			continue
		}
		text := strings.TrimSpace(strings.TrimRight(string(raw), "\r"))
		if m := listItem.FindStringSubmatch(text); m != nil {
			fs := Bracketed(m[3])
			if len(fs) == 0 && m[2] == "" {
				if f, ok := FullLine(m[3]); ok {
					fs = []Field{f}
				}
			}
			out = append(out, fs...)
			continue
		}
		out = append(out, Line(text)...)
	}
	return out
}
