package layout

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"regexp"
	"slices"
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
	// LenientWarning, in Layout.Tolerated: the tool stops its build on
	// it too; an error, a warning in lenient mode, which builds on as
	// Msg says.
	LenientWarning bool
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
// extension) into a map. A YAML key set twice keeps its last value, as the
// tools read it (see DecodeYAMLMap); DecodeSettings reports it.
func Decode(dir, rel string) (map[string]any, error) {
	m, _, err := decode(dir, rel, false)
	return m, err
}

// DecodeSettings is Decode for the layout's own settings file: what the
// file holds that its tool reads through (a key set twice; for Jekyll an
// alias with no anchor, read as null) is added to l.Tolerated, for the
// build to report.
func (l *Layout) DecodeSettings(dir, rel string) (map[string]any, error) {
	m, tolerated, err := decode(dir, rel, l.Kind == Jekyll)
	l.Tolerated = append(l.Tolerated, tolerated...)
	return m, err
}

func decode(dir, rel string, nullAliases bool) (m map[string]any, tolerated []*ConfigError, err error) {
	raw, err := ReadSetting(dir, rel)
	if err != nil {
		return nil, nil, err
	}
	m = map[string]any{}
	switch path.Ext(rel) {
	case ".toml":
		if line, col, ok := TOMLDepth(raw); !ok {
			return nil, nil, &ConfigError{File: rel, Line: line, Col: col, Msg: TOMLDepthMsg}
		}
		if _, err := toml.Decode(string(raw), &m); err != nil {
			var pe toml.ParseError
			if errors.As(err, &pe) {
				return nil, nil, &ConfigError{File: rel, Line: pe.Position.Line, Col: pe.Position.Col, Msg: pe.Message}
			}
			return nil, nil, &ConfigError{File: rel, Msg: err.Error()}
		}
	case ".json":
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, nil, &ConfigError{File: rel, Msg: err.Error()}
		}
	default:
		var dups []DuplicateKey
		if nullAliases {
			m, dups, tolerated, err = decodeNullAliases(raw, rel)
		} else {
			m, dups, err = DecodeYAMLMap(raw)
		}
		if err != nil {
			return nil, nil, YAMLError(rel, err)
		}
		if m == nil {
			m = map[string]any{}
		}
		for _, d := range dups {
			tolerated = append(tolerated, d.Error(rel))
		}
	}
	return m, tolerated, nil
}

// Error is the key set more than once in the settings file rel, placed
// at its last line.
func (d DuplicateKey) Error(rel string) *ConfigError {
	return &ConfigError{File: rel, Line: d.Lines[len(d.Lines)-1], Col: 1, Key: d.Key,
		Msg: fmt.Sprintf("set %s (lines %s): the last is read", times(len(d.Lines)), joinInts(d.Lines))}
}

// joinInts is "2, 5 and 9".
func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// YAMLError places a YAML parser's error in the settings file rel.
func YAMLError(rel string, err error) *ConfigError {
	var nf *NotFieldsError
	if errors.As(err, &nf) {
		return &ConfigError{File: rel, Line: nf.Line, Col: nf.Col, Msg: "the file " + nf.Error()}
	}
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

// The bounds of the keys of YAML mappings: yaml.v3 looks for a key set
// twice by comparing each key of a mapping with every later one, so its
// time grows with the square of a mapping's keys (200,000 keys: over a
// minute). No front matter or settings file comes near them.
const (
	MaxYAMLKeys      = 5000  // in one mapping
	MaxYAMLKeysTotal = 50000 // in all the mappings of a document
)

// checkYAMLKeys refuses a document with a mapping of more than
// MaxYAMLKeys keys, or more than MaxYAMLKeysTotal in all, in yaml.v3's
// words ("yaml: line 2: …"), before it is decoded. A document with fewer
// ":", "," and "?" than MaxYAMLKeys (each key but a flow mapping's last
// has one) is not parsed for it.
func checkYAMLKeys(raw []byte) error {
	if bytes.Count(raw, []byte(":"))+bytes.Count(raw, []byte(","))+bytes.Count(raw, []byte("?")) < MaxYAMLKeys {
		return nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil // the decode says what is wrong
	}
	total := 0
	seen := map[*yaml.Node]bool{}
	var walk func(n *yaml.Node) error
	walk = func(n *yaml.Node) error {
		if n == nil || seen[n] {
			return nil
		}
		seen[n] = true
		if n.Kind == yaml.MappingNode {
			keys := len(n.Content) / 2
			if keys > MaxYAMLKeys {
				return fmt.Errorf("yaml: line %d: a mapping of %d keys: sitegen reads at most %d in one", n.Line, keys, MaxYAMLKeys)
			}
			if total += keys; total > MaxYAMLKeysTotal {
				return fmt.Errorf("yaml: line %d: more than %d keys in mappings: sitegen reads at most %d keys in all", n.Line, MaxYAMLKeysTotal, MaxYAMLKeysTotal)
			}
		}
		for _, c := range n.Content {
			if err := walk(c); err != nil {
				return err
			}
		}
		return walk(n.Alias)
	}
	return walk(&doc)
}

// DuplicateKey is a key a YAML mapping sets more than once: Lines are
// the lines of each, in order; the last is the value read.
type DuplicateKey struct {
	Key   string
	Lines []int
}

// DecodeYAMLMap decodes a YAML mapping as the tools' own YAML readers do
// (Ruby's Psych for Jekyll, PyYAML for MkDocs, Hugo's and Obsidian's):
// a key set twice in one mapping keeps its last value, where
// gopkg.in/yaml.v3 refuses the document. Each such key is returned, with
// the lines (of raw) that set it, for the caller to report. The common
// case costs one yaml.v3 decode; the tree is read again only when that
// decode finds a key set twice.
//
// A document that is not a mapping (a list, a string, a number) is a
// *NotFieldsError, which says so in an editor's words, not Go's.
func DecodeYAMLMap(raw []byte) (map[string]any, []DuplicateKey, error) {
	if err := checkYAMLKeys(raw); err != nil {
		return nil, nil, err
	}
	m := map[string]any{}
	err := yaml.Unmarshal(raw, &m)
	if err != nil {
		err = placeAlias(raw, err)
	}
	var te *yaml.TypeError
	if errors.As(err, &te) {
		if nf := notFields(raw); nf != nil {
			return nil, nil, nf
		}
	}
	if err == nil || !strings.Contains(err.Error(), "already defined at line") {
		return m, nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil, nil, err
	}
	var dups []DuplicateKey
	dedupe(&doc, &dups, map[*yaml.Node]bool{})
	m = map[string]any{}
	if err := doc.Decode(&m); err != nil {
		return nil, nil, err
	}
	return m, dups, nil
}

// unknownAnchor reads yaml.v3's error for an alias with no anchor, which
// names no line.
var unknownAnchor = regexp.MustCompile(`^yaml: unknown anchor '(.*)' referenced$`)

// AliasError is an alias with no anchor before it (yaml.v3: "unknown
// anchor … referenced", with no line): Name, the line of its first use,
// and the offsets of its "*name" in the document.
type AliasError struct {
	Name       string
	Line       int
	Start, End int
}

func (e *AliasError) Error() string {
	return fmt.Sprintf("yaml: line %d: the alias *%s has no anchor &%s before it", e.Line, e.Name, e.Name)
}

// placeAlias gives yaml.v3's "unknown anchor" error the place of the
// first use of the alias in raw (where the parser stopped), an
// *AliasError; other errors are returned as they are.
func placeAlias(raw []byte, err error) error {
	g := unknownAnchor.FindStringSubmatch(err.Error())
	if g == nil {
		return err
	}
	use := regexp.MustCompile(`(?m)(?:^|[\s,\[{:?-])(\*` + regexp.QuoteMeta(g[1]) + `)(?:$|[\s,\]}])`)
	loc := use.FindSubmatchIndex(raw)
	if loc == nil {
		return err
	}
	start, end := loc[2], loc[3]
	return &AliasError{Name: g[1], Line: 1 + bytes.Count(raw[:start], []byte("\n")), Start: start, End: end}
}

// maxNullAliases bounds the aliases read as null in one settings file.
const maxNullAliases = 100

// decodeNullAliases is DecodeYAMLMap reading each alias with no anchor
// as null, as Jekyll's SafeYAML does (its resolve_alias resolves the
// anchor's node, nil when there is none: dtao/safe_yaml
// lib/safe_yaml/psych_resolver.rb), each a tolerance placed in rel.
func decodeNullAliases(raw []byte, rel string) (map[string]any, []DuplicateKey, []*ConfigError, error) {
	var tolerated []*ConfigError
	for range maxNullAliases {
		m, dups, err := DecodeYAMLMap(raw)
		var ae *AliasError
		if !errors.As(err, &ae) {
			return m, dups, tolerated, err
		}
		tolerated = append(tolerated, &ConfigError{File: rel, Line: ae.Line, Col: 1 + ae.Start - (bytes.LastIndexByte(raw[:ae.Start], '\n') + 1),
			Msg: fmt.Sprintf("the alias *%s has no anchor &%s before it: read as empty (null), as Jekyll's SafeYAML reads it", ae.Name, ae.Name)})
		raw = slices.Concat(raw[:ae.Start], []byte("null"), raw[ae.End:])
	}
	return nil, nil, nil, fmt.Errorf("yaml: more than %d aliases with no anchor", maxNullAliases)
}

// dedupe removes, in every mapping under n, each key's earlier settings,
// keeping its last, and appends to dups the keys it found twice.
func dedupe(n *yaml.Node, dups *[]DuplicateKey, seen map[*yaml.Node]bool) {
	if n == nil || seen[n] {
		return
	}
	seen[n] = true
	if n.Kind == yaml.MappingNode {
		last := map[string]int{}
		lines := map[string][]int{}
		var order []string
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i].Value
			if _, ok := lines[k]; !ok {
				order = append(order, k)
			}
			last[k] = i
			lines[k] = append(lines[k], n.Content[i].Line)
		}
		if len(last) < len(n.Content)/2 {
			kept := make([]*yaml.Node, 0, 2*len(last))
			for i := 0; i+1 < len(n.Content); i += 2 {
				if last[n.Content[i].Value] == i {
					kept = append(kept, n.Content[i], n.Content[i+1])
				}
			}
			n.Content = kept
			for _, k := range order {
				if len(lines[k]) > 1 {
					*dups = append(*dups, DuplicateKey{Key: k, Lines: lines[k]})
				}
			}
		}
	}
	for _, c := range n.Content {
		dedupe(c, dups, seen)
	}
	dedupe(n.Alias, dups, seen)
}

// times is "twice", "3 times".
func times(n int) string {
	if n == 2 {
		return "twice"
	}
	return strconv.Itoa(n) + " times"
}

// NotFieldsError is a YAML document whose top level is not fields (key:
// value) but a list, a text or a number, placed at its first line (a line
// of the YAML text given, from 1).
type NotFieldsError struct {
	Line, Col int
	Kind      string // "a list", "a text", "a number", "a true/false value"
	Example   string // the start of the value, as written: "- place …"
}

func (e *NotFieldsError) Error() string {
	return fmt.Sprintf("is %s (%s), not fields (key: value)", e.Kind, e.Example)
}

// notFields returns the NotFieldsError of raw when its top level is a
// list or a scalar, nil otherwise.
func notFields(raw []byte) *NotFieldsError {
	var doc yaml.Node
	if yaml.Unmarshal(raw, &doc) != nil || len(doc.Content) == 0 {
		return nil
	}
	n := doc.Content[0]
	e := &NotFieldsError{Line: n.Line, Col: n.Column}
	switch n.Kind {
	case yaml.SequenceNode:
		e.Kind = "a list"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!int", "!!float":
			e.Kind = "a number"
		case "!!bool":
			e.Kind = "a true/false value"
		default:
			e.Kind = "a text"
		}
	default:
		return nil
	}
	first := raw
	for i := 1; i < e.Line; i++ {
		_, first, _ = bytes.Cut(first, []byte("\n"))
	}
	first, _, _ = bytes.Cut(first, []byte("\n"))
	e.Col = 1 + len(first) - len(bytes.TrimLeft(first, " \t")) // where the value starts on its line
	ex := strings.TrimSpace(string(first))
	if r := []rune(ex); len(r) > 30 {
		ex = string(r[:30])
	}
	e.Example = ex + " …"
	return e
}

// Text is a decoded setting's value as text: a string as it is, nothing
// as "", any other value (a number, a boolean) as fmt.Sprint writes it.
func Text(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}
