package obsidian

import (
	"errors"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestSettingsRefused: the vault's settings (.obsidian/*.json and the
// community plugins' data.json) are read through layout.ReadSetting (issue
// 31, item 3): one linked out of the vault, or the .obsidian folder itself
// linked out, is an error naming the file and quoting none of it.
func TestSettingsRefused(t *testing.T) {
	const secret = "AKIASECRET123"
	body := `{"attachmentFolderPath": "` + secret + `", "folder": "` + secret + `", "templates_folder": "` + secret + `"}`
	out := layouttest.Write(t, map[string]string{
		"secret.json":        body,
		"cfg/app.json":       body,
		"cfg/templates.json": body,
	})
	tests := []struct {
		name  string
		files map[string]string
		link  string // linked to OUT/target
		to    string
		err   string
	}{
		{"app.json", map[string]string{".obsidian/": ""}, ".obsidian/app.json", "secret.json", ".obsidian/app.json: symbolic link to "},
		{"templates.json", map[string]string{".obsidian/": ""}, ".obsidian/templates.json", "secret.json", ".obsidian/templates.json: symbolic link to "},
		{"templater data.json", map[string]string{".obsidian/plugins/templater-obsidian/": ""}, ".obsidian/plugins/templater-obsidian/data.json", "secret.json",
			".obsidian/plugins/templater-obsidian/data.json: symbolic link to "},
		{"community-plugins.json", map[string]string{".obsidian/": ""}, ".obsidian/community-plugins.json", "secret.json",
			".obsidian/community-plugins.json: symbolic link to "},
		{"dataview data.json", map[string]string{".obsidian/plugins/dataview/": ""}, ".obsidian/plugins/dataview/data.json", "secret.json",
			".obsidian/plugins/dataview/data.json: symbolic link to "},
		{".obsidian linked out", map[string]string{"a.md": ""}, ".obsidian", "cfg", ".obsidian/app.json: .obsidian is a symbolic link to "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := layouttest.Write(t, tt.files)
			layouttest.Link(t, dir, out, map[string]string{tt.link: "OUT/" + tt.to})
			l, err := Recognise(dir)
			var ce *layout.ConfigError
			if !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), tt.err) || !strings.Contains(err.Error(), "outside the site folder") {
				t.Fatalf("Recognise = %+v, %v; want %s…", l, err, tt.err)
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("the error quotes the file: %v", err)
			}
		})
	}
}
