package quartz

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestSettingsRefused: quartz.config.ts is read through
// layout.ReadSetting (issue 31, item 3): linked out of the source, or to
// a hidden file in it, it is refused unread, so that neither an error nor
// the site's title quotes it.
func TestSettingsRefused(t *testing.T) {
	const secret = "AKIASECRET123"
	out := layouttest.Write(t, map[string]string{
		ConfigFile: config(`pageTitle: "`+secret+`",`, "[Plugin.RemoveDrafts()]", stdTransformers),
	})
	tests := []struct {
		name, target, err string
	}{
		{"linked out", "OUT/" + ConfigFile,
			ConfigFile + ": symbolic link to " + filepath.Join(out, ConfigFile) + ", outside the site folder: sitegen reads settings only from files inside it"},
		{"linked to a hidden file", ".env",
			ConfigFile + ": symbolic link to .env"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := layouttest.Write(t, map[string]string{
				"content/index.md": "",
				".env":             config(`pageTitle: "`+secret+`",`, "[Plugin.RemoveDrafts()]", stdTransformers),
			})
			layouttest.Link(t, dir, out, map[string]string{ConfigFile: tt.target})
			l, err := Recognise(dir)
			var ce *layout.ConfigError
			if !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), tt.err) {
				t.Fatalf("Recognise = %+v, %v; want %s…", l, err, tt.err)
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("the error quotes the file: %v", err)
			}
		})
	}
}
