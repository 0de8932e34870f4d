package quartz

import (
	"strings"
	"testing"
)

// The canvas-page plugin skips a file that is not JSON ("try {
// JSON.parse(raw) } catch { continue; }", src/pageType.ts): sitegen shows
// its text with a warning; file nodes link by path, whatever characters
// their names hold.
func TestExpandCanvas(t *testing.T) {
	for _, c := range []struct {
		name, src, want, warning string
	}{
		{"not JSON", "{nodes: [", "```json\n{nodes: [\n```\n", "not a JSON Canvas"},
		{"no nodes", `{"nodes": []}`, "", ""},
		{"a file node in a folder, with a subpath", `{"nodes":[{"id":"a","type":"file","file":"Rules/Combat Rules.md","subpath":"#Rounds","x":0,"y":0}]}`, "[[Rules/Combat Rules#Rounds|Combat Rules]]\n\n", ""},
		{"an attachment", `{"nodes":[{"id":"a","type":"file","file":"maps/keep.png","x":0,"y":0}]}`, "[[maps/keep.png|keep.png]]\n\n", ""},
		{"a name link syntax would break", `{"nodes":[{"id":"a","type":"file","file":"odd]] name.md","x":0,"y":0}]}`, "odd\\]\\] name\n\n", ""},
		{"an empty group label", `{"nodes":[{"id":"a","type":"group","label":" ","x":0,"y":0}]}`, "", ""},
	} {
		got := expandCanvas([]byte(c.src))
		if string(got.Src) != c.want {
			t.Errorf("%s: %q, want %q", c.name, got.Src, c.want)
		}
		warned := len(got.Problems) > 0 && strings.Contains(got.Problems[0].Msg, c.warning) && got.Problems[0].Warning
		if c.warning != "" && !warned || c.warning == "" && len(got.Problems) > 0 {
			t.Errorf("%s: problems %+v, want %q", c.name, got.Problems, c.warning)
		}
	}
}
