package site

import (
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
)

// TestUpdateReusedSteps: an Update whose saves change no input of a step
// of Assemble reuses what that step made for the model before (the wiki
// name index: content.wikiInput); a save that changes one of its inputs
// after such a save (an alias, a note's name, a new note or file, a note
// unpublished) makes it again. Each sequence starts with a body edit (the
// step reused), then the edit that must not be skipped; update compares
// every Update's output with a clean build, byte for byte.
func TestUpdateReusedSteps(t *testing.T) {
	const (
		linker = "content/Linker.md"
		target = "content/Lore/Target.md"
	)
	base := map[string]string{
		linker:                  "# Linker\n\nSee [[Folk]], [[Renamed]], [[New Note]], [[map.png]] and [[Hidden]].\n",
		target:                  "# Target\n\nBody.\n",
		"content/Lore/Other.md": "---\naliases: [Kin]\ntags: [lore]\n---\n# Other\n\nText.\n",
		"content/Hidden.md":     "# Hidden\n\nShown.\n",
	}
	body := map[string]string{target: "# Target\n\nBody, edited.\n"}
	tests := []struct {
		name  string
		edits map[string]string
	}{
		{"alias", map[string]string{target: "---\naliases: [Folk]\n---\n# Target\n\nBody, edited.\n"}},
		{"alias removed", map[string]string{"content/Lore/Other.md": "---\ntags: [lore]\n---\n# Other\n\nText.\n"}},
		{"rename", map[string]string{target: "", "content/Lore/Renamed.md": "# Target\n\nBody, edited.\n"}},
		{"new note", map[string]string{"content/New Note.md": "# New\n"}},
		{"new file", map[string]string{"content/img/map.png": "PNG"}},
		{"draft", map[string]string{"content/Hidden.md": "---\npublish: false\n---\n# Hidden\n\nShown.\n"}},
		{"title", map[string]string{target: "---\ntitle: Retitled\n---\n# Target\n\nBody, edited.\n"}},
		{"tag", map[string]string{target: "---\ntags: [lore]\n---\n# Target\n\nBody, edited.\n"}},
		{"new tag", map[string]string{target: "---\ntags: [brand/new, 1984]\n---\n# Target\n\nBody, edited.\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := writeTree(t, base)
			r := startUpdates(t, content.Options{Source: src, BrokenLinks: "warn", Theme: theme}, true)
			r.update(t, body)
			r.update(t, tt.edits)
			r.update(t, map[string]string{linker: base[linker] + "\nAgain.\n"})
		})
	}
}
