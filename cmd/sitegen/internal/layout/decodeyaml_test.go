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
