package content

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// fieldReader validates the fields of a decoded TOML or YAML table and
// reports type errors at the line of the offending key.
type fieldReader struct {
	file string
	m    map[string]any
	raw  []byte // the text the table was decoded from
	line int    // file line of the first line of raw
	diag *Collector
	bad  bool // a field had the wrong type

	// toml is set when raw is a whole TOML document and m the table at
	// path in it: keys are then located by their table, not by name alone.
	toml bool
	path []string
}

// sub returns a reader for the table at key, or nil when there is none (or
// it is not a table, which is reported).
func (r *fieldReader) sub(key string) *fieldReader {
	t := r.table(key)
	if t == nil {
		return nil
	}
	return &fieldReader{file: r.file, m: t, raw: r.raw, line: r.line, diag: r.diag,
		toml: r.toml, path: append(append([]string{}, r.path...), key)}
}

// name is the dotted name of key as the editor wrote it
// ("markup.goldmark.renderer.unsafe").
func (r *fieldReader) name(key string) string {
	return strings.Join(append(append([]string{}, r.path...), key), ".")
}

// unknown reports every key of the table that is not one of known.
func (r *fieldReader) unknown(known ...string) {
	for _, k := range slices.Sorted(maps.Keys(r.m)) {
		if !slices.Contains(known, k) {
			where := "here"
			if len(r.path) > 0 {
				where = "in [" + strings.Join(r.path, ".") + "]"
			}
			r.fail(k, "unknown setting (known %s: %s)", where, strings.Join(known, ", "))
		}
	}
}

// locate returns the file position of key's first definition in raw,
// or the start of raw when the key is not found.
func (r *fieldReader) locate(key string) (line, col int) {
	if r.toml {
		if l, c, ok := tomlKeyPos(r.raw, append(append([]string{}, r.path...), key)); ok {
			return r.line + l - 1, c
		}
	}
	for i, l := range bytes.Split(r.raw, []byte("\n")) {
		trimmed := bytes.TrimLeft(l, " \t")
		indent := len(l) - len(trimmed)
		for _, k := range [][]byte{[]byte(key), []byte(`"` + key + `"`), []byte(`'` + key + `'`)} {
			rest, ok := bytes.CutPrefix(trimmed, k)
			if !ok {
				continue
			}
			rest = bytes.TrimLeft(rest, " \t")
			if len(rest) > 0 && (rest[0] == ':' || rest[0] == '=') {
				return r.line + i, indent + 1
			}
		}
	}
	return r.line, 1
}

func (r *fieldReader) fail(key, format string, args ...any) {
	r.bad = true
	line, col := r.locate(key)
	r.diag.Addf(r.file, line, col, r.name(key), format, args...)
}

func (r *fieldReader) str(key string) string {
	v, ok := r.m[key]
	if !ok || v == nil { // "description:" with nothing after it
		return ""
	}
	s, ok := v.(string)
	if !ok {
		r.fail(key, "must be a string, not %s", typeName(v))
	}
	return s
}

func (r *fieldReader) int(key string) int {
	switch v := r.m[key].(type) {
	case nil:
		return 0
	case int:
		return v
	case int64:
		return int(v)
	case uint64:
		return int(v)
	default:
		r.fail(key, "must be an integer, not %s", typeName(v))
		return 0
	}
}

func (r *fieldReader) bool(key string) bool {
	switch v := r.m[key].(type) {
	case nil:
		return false
	case bool:
		return v
	default:
		r.fail(key, "must be true or false, not %s", typeName(v))
		return false
	}
}

func (r *fieldReader) strings(key string) []string {
	switch v := r.m[key].(type) {
	case nil:
		return nil
	case []any:
		out := make([]string, 0, len(v))
		for i, e := range v {
			s, ok := e.(string)
			if !ok {
				r.fail(key, "item %d must be a string, not %s", i+1, typeName(e))
				return nil
			}
			out = append(out, s)
		}
		return out
	case []string:
		return v
	default:
		r.fail(key, "must be a list of strings, not %s", typeName(v))
		return nil
	}
}

// table returns the nested table at key, or nil.
func (r *fieldReader) table(key string) map[string]any {
	switch v := r.m[key].(type) {
	case nil:
		return nil
	case map[string]any:
		return v
	default:
		r.fail(key, "must be a table, not %s", typeName(v))
		return nil
	}
}

func typeName(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int, int64, uint64:
		return "an integer"
	case float64, float32:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "a list"
	case map[string]any:
		return "a table"
	case nil:
		return "null"
	default:
		return fmt.Sprintf("%T", v)
	}
}

// errorLine extracts the first "line N" from a YAML error message, or 0.
func errorLine(msg string) int {
	_, after, ok := strings.Cut(msg, "line ")
	if !ok {
		return 0
	}
	end := 0
	for end < len(after) && after[end] >= '0' && after[end] <= '9' {
		end++
	}
	n, err := strconv.Atoi(after[:end])
	if err != nil {
		return 0
	}
	return n
}
