package content

import (
	"bytes"
	"strings"
)

// tomlKeyPos returns the line and column (1-based) where the dotted key
// path is defined in a TOML document: a `key = value` line under its
// table header, a dotted key (`goldmark.renderer.unsafe = true`), or the
// header of the table itself (`[markup.goldmark]`). It understands table
// headers and quoted keys and skips the inside of multi-line strings, which
// is what a position needs; the values themselves were decoded by the TOML
// library already. ok is false when the key is not found (an inline table).
func tomlKeyPos(raw []byte, path []string) (line, col int, ok bool) {
	want := strings.Join(path, "\x00")
	var table []string
	inString := "" // the delimiter of the multi-line string being skipped
	for i, l := range bytes.Split(raw, []byte("\n")) {
		s := string(l)
		if inString != "" {
			if strings.Count(s, inString)%2 == 1 {
				inString = ""
			}
			continue
		}
		trimmed := strings.TrimLeft(s, " \t")
		indent := len(s) - len(trimmed)
		switch {
		case trimmed == "" || trimmed[0] == '#':
			continue
		case trimmed[0] == '[':
			header := strings.TrimLeft(trimmed, "[")
			end := strings.IndexByte(header, ']')
			if end < 0 {
				continue
			}
			table = splitTOMLKey(header[:end])
			if strings.Join(table, "\x00") == want {
				return i + 1, indent + 1, true
			}
			continue
		}
		eq := keyEnd(trimmed)
		if eq < 0 {
			continue
		}
		key := append(append([]string{}, table...), splitTOMLKey(trimmed[:eq])...)
		// A dotted key defines its parents too.
		for n := len(table) + 1; n <= len(key); n++ {
			if strings.Join(key[:n], "\x00") == want {
				return i + 1, indent + 1, true
			}
		}
		for _, d := range []string{`"""`, `'''`} {
			if strings.Count(trimmed[eq:], d)%2 == 1 {
				inString = d
			}
		}
	}
	return 0, 0, false
}

// keyEnd returns the index of the `=` that ends the key of a key/value
// line, outside quotes, or -1.
func keyEnd(s string) int {
	quote := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '=':
			return i
		case c == '#':
			return -1
		}
	}
	return -1
}

// splitTOMLKey splits a dotted TOML key into its parts, unquoting quoted
// parts.
func splitTOMLKey(s string) []string {
	var parts []string
	var cur strings.Builder
	quote := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '.':
			parts = append(parts, strings.TrimSpace(cur.String()))
			cur.Reset()
		case c == ' ' || c == '\t':
		default:
			cur.WriteByte(c)
		}
	}
	return append(parts, strings.TrimSpace(cur.String()))
}
