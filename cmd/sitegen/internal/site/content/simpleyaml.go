package content

import (
	"strconv"
)

// simpleYAML decodes the commonest front matter without a YAML parser:
// lines of `key: "text"` or `key: 123` only, as generated sites and
// scripted corpora write them (a page's title and weight). Its map is the
// one yaml.v3 decodes from the same bytes (TestSimpleYAML holds it to
// that); ok is false for anything else, which goes to yaml.v3: other
// scalars, quotes with escapes, comments, trailing spaces, CRLF, nesting,
// repeated keys, an empty block. Loading spent a tenth of its time in
// yaml.v3 on such two-line blocks.
//
// A key is lower-case letters and underscores, not "true", "false" or
// "null"; a quoted text is printable ASCII without '"' or '\'; a number is
// a decimal integer of at most 18 digits without a sign or leading zero.
func simpleYAML(raw []byte) (map[string]any, bool) {
	if len(raw) == 0 {
		return nil, false
	}
	m := make(map[string]any, 4)
	for len(raw) > 0 {
		nl := 0
		for nl < len(raw) && raw[nl] != '\n' {
			nl++
		}
		if nl == len(raw) {
			return nil, false // the block's last line ends with a newline
		}
		line := raw[:nl]
		raw = raw[nl+1:]
		k := 0
		for k < len(line) && (line[k] >= 'a' && line[k] <= 'z' || line[k] == '_') {
			k++
		}
		if k == 0 || k+2 >= len(line) || line[k] != ':' || line[k+1] != ' ' {
			return nil, false
		}
		key := string(line[:k])
		if key == "true" || key == "false" || key == "null" {
			return nil, false
		}
		if _, dup := m[key]; dup {
			return nil, false
		}
		v := line[k+2:]
		switch {
		case v[0] == '"':
			if len(v) < 2 || v[len(v)-1] != '"' {
				return nil, false
			}
			for _, c := range v[1 : len(v)-1] {
				if c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
					return nil, false
				}
			}
			m[key] = string(v[1 : len(v)-1])
		case v[0] >= '1' && v[0] <= '9' || len(v) == 1 && v[0] == '0':
			if len(v) > 18 {
				return nil, false
			}
			n, err := strconv.Atoi(string(v))
			if err != nil {
				return nil, false
			}
			m[key] = n
		default:
			return nil, false
		}
	}
	return m, true
}
