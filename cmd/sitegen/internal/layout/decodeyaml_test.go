package layout

import (
	"reflect"
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
