package site

import "testing"

// TestHugoFrontMatterKeyCase: Hugo reads front matter keys whatever
// their case ("Title:" is the title, "Draft: true" a draft). Hugo 0.111
// measured: a page with `Title: "Gelatinous Ice Cube"` is titled so
// (evilchili/telisar-website writes its 23 bestiary pages that way;
// sitegen titled them from their file names, "Gelatinous ice"), and
// `Draft: true` is not published.
func TestHugoFrontMatterKeyCase(t *testing.T) {
	out, _ := buildFolder(t, map[string]string{
		"hugo.toml":             "title = 'H'\n",
		"content/_index.md":     "---\ntitle: Home\n---\nhome\n",
		"content/beasts/ice.md": "---\nTitle: \"Gelatinous Ice Cube\"\n---\ncold\n",
		"content/beasts/hid.md": "---\nTitle: Hidden\nDraft: true\n---\nx\n",
	})
	if got := pageH1(out["beasts/ice/index.html"]); got != "Gelatinous Ice Cube" {
		t.Errorf("ice titled %q", got)
	}
	if _, ok := out["beasts/hid/index.html"]; ok {
		t.Error("Draft: true published")
	}
}
