package layout

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestDecodeYAMLMap: a key set twice keeps its last value, as the tools'
// YAML readers take it (Ruby's Psych: Jekyll builds Cairn SRD's
// fever-swamp.md, whose redirect_from: is set on two lines, with the
// second), and is reported with its lines; a document without one is
// read as yaml.v3 reads it; other errors stay errors.
func TestDecodeYAMLMap(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want map[string]any
		dups []DuplicateKey
		err  bool
	}{
		{"plain", "title: A\nweight: 2\n", map[string]any{"title": "A", "weight": 2}, nil, false},
		{"twice", "title: A\nredirect_from: /a/\nredirect_from: /b/\n", map[string]any{"title": "A", "redirect_from": "/b/"},
			[]DuplicateKey{{Key: "redirect_from", Lines: []int{2, 3}}}, false},
		{"three times, nested", "x:\n  a: 1\n  a: 2\n  a: 3\ny: [1]\n", map[string]any{"x": map[string]any{"a": 3}, "y": []any{1}},
			[]DuplicateKey{{Key: "a", Lines: []int{2, 3, 4}}}, false},
		{"list then string", "aliases: [A]\naliases: B\n", map[string]any{"aliases": "B"},
			[]DuplicateKey{{Key: "aliases", Lines: []int{1, 2}}}, false},
		{"bad YAML", "title: [\n", nil, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, dups, err := DecodeYAMLMap([]byte(tt.in))
			if (err != nil) != tt.err {
				t.Fatalf("err = %v, want error %v", err, tt.err)
			}
			if tt.err {
				return
			}
			if !reflect.DeepEqual(m, tt.want) {
				t.Errorf("map = %#v, want %#v", m, tt.want)
			}
			if !reflect.DeepEqual(dups, tt.dups) {
				t.Errorf("dups = %v, want %v", dups, tt.dups)
			}
		})
	}
}

// TestDecodeYAMLMapNotFields: a front matter or settings file whose top
// level is a list, a text or a number is not fields. Jekyll's docs: "the
// front matter must be the first thing in the file and must take the
// form of valid YAML set between triple-dashed lines", with "predefined
// variables" set as key: value
// (https://jekyllrb.com/docs/front-matter/); Hugo's: "front matter ...
// is metadata ... a set of key-value pairs"
// (https://gohugo.io/content-management/front-matter/). The error says
// so in an editor's words at the value's line and column, not Go's
// "cannot unmarshal !!seq into map[string]interface {}".
func TestDecodeYAMLMapNotFields(t *testing.T) {
	tests := []struct {
		name, in string
		want     string
		line     int
		col      int
	}{
		{"list", "- place\n- other\n", "is a list (- place …), not fields (key: value)", 1, 1},
		{"flow list", "[a, b]\n", "is a list ([a, b] …), not fields (key: value)", 1, 1},
		{"text", "just some words\n", "is a text (just some words …), not fields (key: value)", 1, 1},
		{"number", "\n42\n", "is a number (42 …), not fields (key: value)", 2, 1},
		{"indented list", "  - place\n", "is a list (- place …), not fields (key: value)", 1, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := DecodeYAMLMap([]byte(tt.in))
			nf, ok := err.(*NotFieldsError)
			if !ok {
				t.Fatalf("err = %v (%T), want *NotFieldsError", err, err)
			}
			if nf.Error() != tt.want || nf.Line != tt.line || nf.Col != tt.col {
				t.Errorf("got %d:%d %q, want %d:%d %q", nf.Line, nf.Col, nf.Error(), tt.line, tt.col, tt.want)
			}
		})
	}
	// A mapping whose value has the wrong type is not this error.
	if _, _, err := DecodeYAMLMap([]byte("a: b\n")); err != nil {
		t.Errorf("a mapping: err = %v", err)
	}
}

// TestDecodeYAMLMapKeys: yaml.v3 looks for a key set twice by comparing
// each key of a mapping with every later one, so a front matter of 200,000
// keys took over a minute (found by the fifth probe). A mapping of more
// than MaxYAMLKeys keys, or documents whose mappings hold more than
// MaxYAMLKeysTotal keys in all, are refused at the mapping's line, before
// yaml.v3 decodes them; anything smaller decodes as before.
func TestDecodeYAMLMapKeys(t *testing.T) {
	many := func(maps, keys int) string { // a list of maps mappings of keys keys
		var b strings.Builder
		b.WriteString("list:\n")
		for range maps {
			for k := range keys {
				fmt.Fprintf(&b, "  %s k%d: %d\n", map[bool]string{true: "-", false: " "}[k == 0], k, k)
			}
		}
		return b.String()
	}
	doc := func(n int, flow bool) string {
		var b strings.Builder
		if flow {
			b.WriteString("top: {")
		} else {
			b.WriteString("title: T\nbig:\n")
		}
		for i := range n {
			if flow {
				fmt.Fprintf(&b, "k%d, ", i) // keys without a ":"
			} else {
				fmt.Fprintf(&b, "  k%d: %d\n", i, i)
			}
		}
		if flow {
			b.WriteString("}\n")
		}
		return b.String()
	}
	for _, tt := range []struct {
		name string
		raw  string
		err  string
	}{
		{"a mapping at the bound", doc(MaxYAMLKeys, false), ""},
		{"a mapping past the bound", doc(MaxYAMLKeys+1, false), fmt.Sprintf("yaml: line 3: a mapping of %d keys: sitegen reads at most %d in one", MaxYAMLKeys+1, MaxYAMLKeys)},
		{"a flow mapping of keys alone", doc(MaxYAMLKeys+1, true), "yaml: line 1: a mapping of"},
		{"many mappings", many(MaxYAMLKeysTotal/MaxYAMLKeys+1, MaxYAMLKeys), fmt.Sprintf("sitegen reads at most %d keys in all", MaxYAMLKeysTotal)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := DecodeYAMLMap([]byte(tt.raw))
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("err = %v", err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Errorf("err = %v, want %q", err, tt.err)
			}
		})
	}
}

// TestDecodeYAMLMapUnknownAlias: an alias with no anchor before it is an
// error in every tool's reader (Jekyll 4.3's Psych: "Unknown alias: email
// (Psych::BadAlias)"), but yaml.v3 says "unknown anchor 'email'
// referenced" with no line: seiyria/drakkar's _config.yml:71 "email :
// *email" failed the build naming the file alone (eval15A). The error now
// names the alias's line, as an editor needs.
func TestDecodeYAMLMapUnknownAlias(t *testing.T) {
	in := "# uses *NOT* an alias\nname: &name \"Kyle\"\nauthor:\n  name: *name\n  email   : *email\n"
	_, _, err := DecodeYAMLMap([]byte(in))
	if err == nil {
		t.Fatal("no error")
	}
	ce := YAMLError("_config.yml", err)
	if ce.Line != 5 || !strings.Contains(ce.Error(), "_config.yml:5:") || !strings.Contains(ce.Error(), "email") {
		t.Errorf("got %q (line %d), want _config.yml:5: … email …", ce.Error(), ce.Line)
	}
}

// TestDecodeSettingsNullAlias: Jekyll reads its settings with SafeYAML,
// whose resolve_alias gives an alias with no anchor as nothing
// (resolve_node(@aliased_nodes[node.anchor]), nil: dtao/safe_yaml
// lib/safe_yaml/psych_resolver.rb), so GitHub Pages builds seiyria/drakkar
// (github-pages gem; _config.yml:71 "email : *email" with no &email):
// sitegen read as Jekyll builds it, the key empty, a tolerance at the
// alias's line. MkDocs (PyYAML: "found undefined alias") stops on it:
// there it stays an error.
func TestDecodeSettingsNullAlias(t *testing.T) {
	dir := t.TempDir()
	in := "name: &name \"Kyle\"\nauthor:\n  name: *name\n  email: *email\n  links: [*nope, x]\n"
	if err := os.WriteFile(filepath.Join(dir, "_config.yml"), []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	l := &Layout{Kind: Jekyll}
	m, err := l.DecodeSettings(dir, "_config.yml")
	if err != nil {
		t.Fatalf("Jekyll: %v", err)
	}
	author, _ := m["author"].(map[string]any)
	if author["name"] != "Kyle" || author["email"] != nil || !reflect.DeepEqual(author["links"], []any{nil, "x"}) {
		t.Errorf("author = %#v", author)
	}
	var lines []int
	for _, c := range l.Tolerated {
		lines = append(lines, c.Line)
	}
	if !reflect.DeepEqual(lines, []int{4, 5}) {
		t.Errorf("tolerated at lines %v, want [4 5]: %v", lines, l.Tolerated)
	}
	mk := &Layout{Kind: MkDocs}
	if _, err := mk.DecodeSettings(dir, "_config.yml"); err == nil {
		t.Error("MkDocs: no error")
	}
}
