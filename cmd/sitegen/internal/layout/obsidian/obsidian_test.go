package obsidian

import (
	"slices"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

func TestRecognise(t *testing.T) {
	tests := []struct {
		name        string
		files       map[string]string
		vault       bool
		attachments string
		skipped     []string
		kept        []string
	}{
		{name: "not a vault", files: map[string]string{"a.md": "x"}},
		{name: "bare vault", files: map[string]string{".obsidian/": "", "a.md": "x"}, vault: true,
			skipped: []string{".obsidian", ".trash"}, kept: []string{"Templates", "a.md"}},
		{name: "templates and attachments", vault: true, files: map[string]string{
			".obsidian/app.json":       `{"attachmentFolderPath": "Assets/img", "foo": 1}`,
			".obsidian/templates.json": `{"folder": "Meta/Templates"}`,
		}, attachments: "Assets/img", skipped: []string{"Meta/Templates", "Meta/Templates/Monster.md"}, kept: []string{"Meta/x.md", "Assets/img/a.png"}},
		{name: "templater's folder", vault: true, files: map[string]string{
			".obsidian/plugins/templater-obsidian/data.json": `{"templates_folder": "_tpl"}`,
		}, skipped: []string{"_tpl/a.md"}, kept: []string{"tpl/a.md"}},
		{name: "unreadable settings are Obsidian's defaults", vault: true, files: map[string]string{
			".obsidian/app.json": `{not json`, ".obsidian/templates.json": `{"folder": "../outside"}`,
		}, kept: []string{"a.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, tt.files))
			if err != nil {
				t.Fatal(err)
			}
			if (l != nil) != tt.vault {
				t.Fatalf("vault = %v, want %v", l != nil, tt.vault)
			}
			if l == nil {
				return
			}
			if l.Content != "." || l.Redirects != "" {
				t.Errorf("content %q, redirects %q: want the vault root and no redirects (aliases are names)", l.Content, l.Redirects)
			}
			if l.Attachments != tt.attachments {
				t.Errorf("attachments = %q, want %q", l.Attachments, tt.attachments)
			}
			for _, p := range tt.skipped {
				if !l.Skip(p, !slices.Contains([]string{".md", ".png"}, p[max(0, len(p)-3):])) {
					t.Errorf("%s published", p)
				}
			}
			for _, p := range tt.kept {
				if l.Skip(p, false) {
					t.Errorf("%s not published", p)
				}
			}
		})
	}
}
