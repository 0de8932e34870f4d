package layout

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// MaxTOMLDepth is the deepest nesting a TOML text may have (settings files,
// front matter): inline tables and arrays inside one another, each part of
// a dotted key or table header after the first counting as one more level
// ("a.b.c = 1" is 2 deep, "x = {a = [1]}" too). The TOML parser's time
// grows faster than the square of the depth (60 KB of nested inline tables
// took 55 s and 4.5 GB); settings use a handful of levels. YAML texts are
// bounded by their parser, which stops at 10,000 levels in milliseconds.
const MaxTOMLDepth = 100

// TOMLDepthMsg is the message of a TOML text nesting too deep.
var TOMLDepthMsg = fmt.Sprintf("tables and arrays nested deeper than %d levels (inline tables, arrays and dotted keys inside one another): sitegen reads at most %d", MaxTOMLDepth, MaxTOMLDepth)

// TOMLDepth reports whether a TOML text nests at most MaxTOMLDepth deep,
// and else the line and column (1-based, in characters) of the bracket or
// dot that goes past. It reads only what a depth needs (brackets, braces,
// dots, separators) and skips comments and strings of every kind, so it
// runs before the parser, in time linear in the text.
func TOMLDepth(raw []byte) (line, col int, ok bool) {
	depth := 0 // open brackets and braces
	dots := 0  // dots in the key being read: since the last separator
	line, start := 1, 0
	at := func(i int) (int, int, bool) { return line, 1 + utf8.RuneCount(raw[start:i]), false }
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; c {
		case '\n':
			line, start, dots = line+1, i+1, 0
		case '#':
			if j := bytes.IndexByte(raw[i:], '\n'); j >= 0 {
				i += j - 1 // the newline is read next
			} else {
				i = len(raw)
			}
		case '"', '\'':
			end, lines, last := skipTOMLString(raw, i)
			if lines > 0 {
				line, start = line+lines, last
			}
			i = end - 1
		case '[', '{':
			if depth++; depth+dots > MaxTOMLDepth {
				return at(i)
			}
			dots = 0
		case ']', '}':
			depth = max(depth-1, 0)
			dots = 0
		case '=', ',':
			dots = 0
		case '.':
			if dots++; depth+dots > MaxTOMLDepth {
				return at(i)
			}
		}
	}
	return 0, 0, true
}

// skipTOMLString returns the offset just past the string starting at
// raw[i] (a quote): basic "…" with backslash escapes, literal '…', and
// their multi-line forms between three quotes of their kind (which may end
// in up to two more quotes); an unclosed one runs to the end of its line (single-line)
// or of the text. It also returns how many newlines the string holds and
// the offset after the last of them.
func skipTOMLString(raw []byte, i int) (end, lines, last int) {
	q := raw[i]
	basic := q == '"'
	if bytes.HasPrefix(raw[i:], []byte{q, q, q}) { // multi-line
		for j := i + 3; j < len(raw); j++ {
			switch {
			case raw[j] == '\n':
				lines, last = lines+1, j+1
			case basic && raw[j] == '\\':
				if j+1 < len(raw) && raw[j+1] == '\n' {
					lines, last = lines+1, j+2
				}
				j++
			case raw[j] == q && bytes.HasPrefix(raw[j:], []byte{q, q, q}):
				k := j + 3
				for n := 0; n < 2 && k < len(raw) && raw[k] == q; n++ {
					k++
				}
				return k, lines, last
			}
		}
		return len(raw), lines, last
	}
	for j := i + 1; j < len(raw); j++ {
		switch {
		case raw[j] == '\n':
			return j, 0, 0 // unclosed: the parser says so
		case basic && raw[j] == '\\':
			j++
		case raw[j] == q:
			return j + 1, 0, 0
		}
	}
	return len(raw), 0, 0
}
