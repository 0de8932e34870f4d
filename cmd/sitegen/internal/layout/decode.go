package layout

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/srcpath"
)

// ConfigError is a settings file that could not be read, placed at a line
// when the parser says where.
type ConfigError struct {
	File      string // slash path relative to the source folder
	Line, Col int
	Key       string // the setting at fault, "" for the file as a whole
	Msg       string
	Err       error // the cause, when the file could not be read
}

// Unwrap returns the cause: errors.Is(err, fs.ErrNotExist) tells a
// missing file.
func (e *ConfigError) Unwrap() error { return e.Err }

func (e *ConfigError) Error() string {
	msg := e.Msg
	if e.Key != "" {
		msg = e.Key + ": " + msg
	}
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, max(e.Col, 1), msg)
	}
	return e.File + ": " + msg
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): `)

// MaxSettingBytes is the longest settings file sitegen reads, 4 MB (a
// 5,000-page MkDocs nav is 200 KB).
const MaxSettingBytes = 4 << 20

// ReadSetting reads the settings file rel (a slash path) of the source
// folder dir: every settings file sitegen reads (site.toml, hugo.toml,
// _config.yml, mkdocs.yml, .obsidian/*.json, and any a layout adds) is
// read through it, so it obeys the rule of pages (package srcpath): a
// file reached through a symbolic link out of the source folder, or
// through a link to a hidden name in it (site.toml -> .env), is refused
// unread, so that no parse error can quote it; so are a file that is not
// a regular file (a named pipe would never end) and one longer than
// MaxSettingBytes. The error is a *ConfigError naming rel; a missing file
// is one that wraps fs.ErrNotExist.
func ReadSetting(dir, rel string) ([]byte, error) {
	_, err := srcpath.Check(dir, rel)
	var raw []byte
	if err == nil {
		raw, err = srcpath.ReadFile(dir, rel, MaxSettingBytes)
	}
	if err == nil {
		return raw, nil
	}
	ce := &ConfigError{File: rel, Err: err}
	var le *srcpath.Error
	switch {
	case errors.As(err, &le):
		msg := strings.Replace(le.Error(), "sitegen reads only files inside it", "sitegen reads settings only from files inside it", 1)
		if le.Link != path.Clean(rel) {
			msg = le.Link + " is a " + msg
		}
		ce.Msg = msg
	case errors.Is(err, srcpath.ErrTooLong):
		ce.Msg = fmt.Sprintf("longer than %d MB, the most sitegen reads of a settings file", MaxSettingBytes>>20)
	default:
		ce.Msg = fmt.Sprintf("read: %v", unwrap(err))
	}
	return nil, ce
}

// Decode reads the settings file rel under dir (YAML, TOML or JSON by its
// extension) into a map.
func Decode(dir, rel string) (map[string]any, error) {
	raw, err := ReadSetting(dir, rel)
	if err != nil {
		return nil, err
	}
	m := map[string]any{}
	switch path.Ext(rel) {
	case ".toml":
		if line, col, ok := TOMLDepth(raw); !ok {
			return nil, &ConfigError{File: rel, Line: line, Col: col, Msg: TOMLDepthMsg}
		}
		if _, err := toml.Decode(string(raw), &m); err != nil {
			var pe toml.ParseError
			if errors.As(err, &pe) {
				return nil, &ConfigError{File: rel, Line: pe.Position.Line, Col: pe.Position.Col, Msg: pe.Message}
			}
			return nil, &ConfigError{File: rel, Msg: err.Error()}
		}
	case ".json":
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, &ConfigError{File: rel, Msg: err.Error()}
		}
	default:
		if err := yaml.Unmarshal(raw, &m); err != nil {
			return nil, YAMLError(rel, err)
		}
		if m == nil {
			m = map[string]any{}
		}
	}
	return m, nil
}

// YAMLError places a YAML parser's error in the settings file rel.
func YAMLError(rel string, err error) *ConfigError {
	msg := err.Error()
	line := 0
	if g := yamlLine.FindStringSubmatch(msg); g != nil {
		line, _ = strconv.Atoi(g[1])
		msg = msg[len(g[0]):]
	}
	return &ConfigError{File: rel, Line: line, Msg: strings.TrimPrefix(msg, "yaml: ")}
}

func unwrap(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Str returns m[key] when it is a string ("" otherwise) and notes the key
// in l.Read when it is set.
func (l *Layout) Str(m map[string]any, key string) string {
	s, _ := m[key].(string)
	if s != "" {
		l.Read = append(l.Read, key)
	}
	return s
}

// Strings returns m[key] as a list of strings: a string alone, or the
// strings of a list.
func Strings(m map[string]any, key string) []string {
	switch v := m[key].(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, x := range v {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}
