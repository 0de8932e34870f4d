// Package obsidian recognises an Obsidian vault (a folder holding
// .obsidian/): the vault's root is the content; .obsidian/, .trash/ and the
// templates folder are not published; attachments are wherever the vault's
// settings put them (they are published beside the notes like any file of
// the content).
package obsidian

import (
	"d6codex/cmd/sitegen/internal/layout"
)

// Dir is the folder Obsidian keeps its settings in, at the vault's root.
const Dir = ".obsidian"

// Recognise returns the layout of the vault at dir, or nil when dir is not
// a vault.
func Recognise(dir string) (*layout.Layout, error) {
	if !layout.Exists(dir, Dir, true) {
		return nil, nil
	}
	l := &layout.Layout{Kind: layout.Obsidian, File: Dir + "/", Content: ".",
		ExcludeNames: []string{Dir, ".trash", "node_modules"}}
	// Settings files that are missing or unreadable leave the defaults:
	// Obsidian itself starts with none of them.
	if m, err := layout.Decode(dir, Dir+"/app.json"); err == nil {
		if p, _ := m["attachmentFolderPath"].(string); p != "" {
			l.Attachments = p
			l.Read = append(l.Read, "attachmentFolderPath "+p)
		}
	}
	templates := map[string]bool{}
	for _, f := range []struct{ file, key string }{
		{Dir + "/templates.json", "folder"},
		{Dir + "/plugins/templater-obsidian/data.json", "templates_folder"},
	} {
		m, err := layout.Decode(dir, f.file)
		if err != nil {
			continue
		}
		if p := layout.CleanRel(str(m[f.key])); p != "" && p != "." && !templates[p] {
			templates[p] = true
			l.Excluded = append(l.Excluded, p)
			l.Read = append(l.Read, "templates folder "+p+"/ (not published)")
		}
	}
	return l, nil
}

func str(v any) string {
	s, _ := v.(string)
	return s
}
