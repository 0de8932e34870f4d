package content

import (
	"strconv"
	"time"
	"unicode/utf8"
)

// simpleYAML decodes the commonest front matter without a YAML parser:
// one `key: value` a line, where the value is nothing, a "double-quoted"
// text, a plain word or words, a decimal integer, a date, or a one-line
// flow list of such values (`tags: [a, "b c", 3]`), as generated sites,
// scripted corpora and Obsidian vaults write them. Its map is the one
// yaml.v3 decodes from the same bytes (TestSimpleYAML holds it to that,
// on hand-made cases and random blocks); ok is false for anything else,
// which goes to yaml.v3: single quotes, escapes, comments, trailing
// spaces, tabs, CRLF, nesting, anchors and tags, repeated keys, an empty
// block, and any plain value that yaml.v3 could read as other than a
// text, an integer or a date (1.5, 0x10, -1, ~, true, .inf, 2023-02-07
// 10:00). Loading spent a tenth of its time in yaml.v3 on such blocks
// (the 13th Age vault: a third of its 1,000 notes' loading).
//
// A key is a letter or '_' then letters, digits, '_' or '-', and none of
// yaml.v3's true, false and null spellings.
func simpleYAML(raw []byte) (map[string]any, bool) {
	if len(raw) == 0 {
		return nil, false
	}
	m := make(map[string]any, 8)
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
		for k < len(line) && (isLetter(line[k]) || line[k] == '_' || k > 0 && (line[k] >= '0' && line[k] <= '9' || line[k] == '-')) {
			k++
		}
		if k == 0 || k == len(line) || line[k] != ':' {
			return nil, false
		}
		key := string(line[:k])
		if _, special := yamlWords[key]; special {
			return nil, false
		}
		if _, dup := m[key]; dup {
			return nil, false
		}
		var v []byte
		switch {
		case k+1 == len(line): // "key:"
		case line[k+1] != ' ':
			return nil, false
		default:
			v = line[k+2:]
		}
		if len(v) > 0 && v[0] == '[' {
			list, ok := simpleFlowList(v)
			if !ok {
				return nil, false
			}
			m[key] = list
			continue
		}
		val, ok := simpleScalar(v, false)
		if !ok {
			return nil, false
		}
		m[key] = val
	}
	return m, true
}

// yamlWords are the plain scalars yaml.v3 reads as other than a text
// from their first letter (its resolve table): true, false, null, NaN,
// the infinities and the merge key.
var yamlWords = map[string]struct{}{
	"true": {}, "True": {}, "TRUE": {}, "false": {}, "False": {}, "FALSE": {},
	"": {}, "~": {}, "null": {}, "Null": {}, "NULL": {},
	".nan": {}, ".NaN": {}, ".NAN": {}, ".inf": {}, ".Inf": {}, ".INF": {},
	"+.inf": {}, "+.Inf": {}, "+.INF": {}, "-.inf": {}, "-.Inf": {}, "-.INF": {}, "<<": {},
}

// yamlTimestamps are yaml.v3's timestamp layouts, in its order.
var yamlTimestamps = []string{
	"2006-1-2T15:4:5.999999999Z07:00",
	"2006-1-2t15:4:5.999999999Z07:00",
	"2006-1-2 15:4:5.999999999",
	"2006-1-2",
}

// simpleFlowList decodes v, "[a, b]" on one line, as yaml.v3 does: a
// []any of its items, each a scalar simpleScalar reads in a flow.
func simpleFlowList(v []byte) ([]any, bool) {
	if len(v) < 2 || v[len(v)-1] != ']' {
		return nil, false
	}
	in := v[1 : len(v)-1]
	list := []any{}
	if len(in) == 0 {
		return list, true
	}
	for {
		i := 0
		for i < len(in) && in[i] != ',' {
			i++
		}
		item := in[:i]
		for len(item) > 0 && item[0] == ' ' {
			item = item[1:]
		}
		for len(item) > 0 && item[len(item)-1] == ' ' {
			item = item[:len(item)-1]
		}
		if len(item) == 0 {
			return nil, false // "[a, , b]", "[a,]", "[ ]"
		}
		val, ok := simpleScalar(item, true)
		if !ok || val == nil {
			return nil, false
		}
		list = append(list, val)
		if i == len(in) {
			return list, true
		}
		in = in[i+1:]
	}
}

// simpleScalar decodes a value as yaml.v3 does when it is nothing (nil),
// a double-quoted text of printable ASCII without '"' or '\', a decimal
// integer of at most 18 digits without a sign or leading zero, a date
// (time.Time, as yaml.v3 reads one), or a plain text that yaml.v3 can
// only read as a text; ok is false for anything else. In a flow list
// (inFlow) a plain text holds none of ",[]{}:?".
func simpleScalar(v []byte, inFlow bool) (any, bool) {
	if len(v) == 0 {
		return nil, true
	}
	if v[0] == '"' {
		if len(v) < 2 || v[len(v)-1] != '"' {
			return nil, false
		}
		for _, c := range v[1 : len(v)-1] {
			if c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
				return nil, false
			}
		}
		return string(v[1 : len(v)-1]), true
	}
	if !plainText(v, inFlow) {
		return nil, false
	}
	s := string(v)
	if _, special := yamlWords[s]; special {
		return nil, false
	}
	switch c := v[0]; {
	case c >= '0' && c <= '9':
		if n, ok := decimal(v); ok {
			return n, true
		}
	case c == '+' || c == '.': // '-' is not plainText's first
	default:
		return s, true // a letter or a mark first: yaml.v3 resolves no more
	}
	// A digit, sign or '.' first: yaml.v3 tries a timestamp, then an
	// integer (any base, '_' allowed) and a float, of letters, digits and
	// "+-._" only.
	if len(s) > 4 && s[4] == '-' && isDigits(v[:4]) {
		for _, layout := range yamlTimestamps {
			if t, err := time.Parse(layout, s); err == nil {
				return t, true
			}
		}
		if len(s) != len("2006-01-02") {
			return nil, false // a time of day perhaps: yaml.v3 decides
		}
	}
	for _, c := range v {
		if !isLetter(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.' && c != '_' {
			return s, true // no number has it
		}
	}
	if len(s) == len("2006-01-02") && isDigits(v[:4]) && v[4] == '-' && isDigits(v[5:7]) && v[7] == '-' && isDigits(v[8:]) {
		return s, true // no date (2023-02-30), no number
	}
	return nil, false
}

// plainText reports whether v is a YAML plain scalar simpleScalar
// reads: it starts with none of YAML's indicators, holds no ": " or " #"
// and no tab or control character, does not end with ':' or a space, and
// its other bytes are printable UTF-8 without YAML's line breaks or byte
// order mark; in a flow, none of ",[]{}:?".
func plainText(v []byte, inFlow bool) bool {
	switch v[0] {
	case '-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`', ' ', '<', '=':
		return false
	}
	if v[len(v)-1] == ':' || v[len(v)-1] == ' ' {
		return false
	}
	for i := 0; i < len(v); {
		c := v[i]
		if c < 0x80 {
			switch {
			case c < 0x20 || c == 0x7f:
				return false
			case c == ':' && i+1 < len(v) && v[i+1] == ' ', c == '#' && v[i-1] == ' ':
				return false
			case inFlow && (c == ',' || c == '[' || c == ']' || c == '{' || c == '}' || c == ':' || c == '?'):
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(v[i:])
		if r == utf8.RuneError || r < 0xa0 || r == 0x2028 || r == 0x2029 || r == 0xfeff || r >= 0xfffe && r <= 0xffff {
			return false
		}
		i += n
	}
	return true
}

// decimal reads v, a decimal integer of at most 18 digits without a
// sign or a leading zero.
func decimal(v []byte) (int, bool) {
	if len(v) > 18 || !isDigits(v) || len(v) > 1 && v[0] == '0' {
		return 0, false
	}
	n, err := strconv.Atoi(string(v))
	return n, err == nil
}

func isDigits(v []byte) bool {
	for _, c := range v {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(v) > 0
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
