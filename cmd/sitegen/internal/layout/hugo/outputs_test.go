package hugo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputsNote checks what sitegen says of the settings' outputs:
// "Hugo can output content in multiple formats, including calendar
// events, e-book formats, Google AMP, and JSON search indexes, or any
// custom text format" (https://gohugo.io/templates/output-formats/);
// hugo 0.111 writes /index.json, /index.xml and /rules/print/ for the
// settings below; sitegen writes the RSS feed (listFeed), not the
// others: it says so, naming them.
func TestOutputsNote(t *testing.T) {
	for _, c := range []struct {
		name string
		low  map[string]any
		want string // in the note; "" for none
	}{
		{"none", map[string]any{}, ""},
		{"HTML only", map[string]any{"outputs": map[string]any{"home": []any{"HTML"}, "page": []any{"html"}}}, ""},
		{"JSON, RSS and a custom format", map[string]any{"outputs": map[string]any{"section": []any{"HTML", "print"}, "home": []any{"HTML", "JSON", "RSS"}}},
			"outputs: home JSON; section print:"},
		{"RSS only", map[string]any{"outputs": map[string]any{"home": []any{"HTML", "RSS"}}}, ""},
		{"YAML's strings", map[string]any{"outputs": map[string]any{"page": []string{"HTML", "Calendar"}}}, "page Calendar"},
	} {
		got := outputsNote("hugo.toml", c.low)
		if c.want == "" && got != "" || c.want != "" && (!strings.Contains(got, c.want) || !strings.HasPrefix(got, "hugo.toml: ")) {
			t.Errorf("%s: %q, want one with %q", c.name, got, c.want)
		}
	}
}

// TestTagIndexTitle checks the title of the list of tags: "Tags" in a
// site of any language, as hugo 0.111 titles /tags/ in
// synqark/Arktoon-Shaders-Doc (languageCode = "ja-JP"), as the other
// taxonomies' lists are titled with their name (Taxonomies).
func TestTagIndexTitle(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte("title = \"T\"\nlanguageCode = \"ja-JP\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "content"), 0o755); err != nil {
		t.Fatal(err)
	}
	l, err := Recognise(dir)
	if err != nil || l == nil {
		t.Fatalf("Recognise: %v, %v", l, err)
	}
	if l.TagIndexTitle != "Tags" {
		t.Errorf("TagIndexTitle = %q, want Tags", l.TagIndexTitle)
	}
}
