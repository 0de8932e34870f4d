package hugo

import (
	"strings"
	"testing"
)

// TestOutputsNote checks what sitegen says of the settings' outputs:
// "Hugo can output content in multiple formats, including calendar
// events, e-book formats, Google AMP, and JSON search indexes, or any
// custom text format" (https://gohugo.io/templates/output-formats/);
// hugo 0.111 writes /index.json, /index.xml and /rules/print/ for the
// settings below, which sitegen does not: it says so, naming them.
func TestOutputsNote(t *testing.T) {
	for _, c := range []struct {
		name string
		low  map[string]any
		want string // in the note; "" for none
	}{
		{"none", map[string]any{}, ""},
		{"HTML only", map[string]any{"outputs": map[string]any{"home": []any{"HTML"}, "page": []any{"html"}}}, ""},
		{"JSON, RSS and a custom format", map[string]any{"outputs": map[string]any{"section": []any{"HTML", "print"}, "home": []any{"HTML", "JSON", "RSS"}}},
			"outputs: home JSON, RSS; section print:"},
		{"YAML's strings", map[string]any{"outputs": map[string]any{"page": []string{"HTML", "Calendar"}}}, "page Calendar"},
	} {
		got := outputsNote("hugo.toml", c.low)
		if c.want == "" && got != "" || c.want != "" && (!strings.Contains(got, c.want) || !strings.HasPrefix(got, "hugo.toml: ")) {
			t.Errorf("%s: %q, want one with %q", c.name, got, c.want)
		}
	}
}
