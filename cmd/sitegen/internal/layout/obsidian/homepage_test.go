package obsidian

import (
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestHomepagePlugin: the Homepage plugin's note is the vault's home.
// Its README: "By default, Homepage opens a note called `Home` at
// startup, but it can easily be customised … Use any note, canvas,
// workspace, or base as your homepage"
// (https://github.com/mirnovov/obsidian-homepage). Its settings
// (src/settings.ts, src/homepage.ts, src/main.ts): data.json version 4
// (and 3) keeps each homepage under homepages["Main Homepage"], its
// fields over DEFAULT_DATA (value "Home", kind "File", openOnStartup
// true); an older data.json has defaultNote (default "Home"), or
// workspaceEnabled / momentFormat for a workspace or a daily note. The
// note is found as a link from the vault's root is
// (getFirstLinkpathDest(value, "/")).
func TestHomepagePlugin(t *testing.T) {
	const data = ".obsidian/plugins/homepage/data.json"
	const plugins = ".obsidian/community-plugins.json"
	tests := []struct {
		name  string
		files map[string]string
		home  string
	}{
		{"version 4, a note at the root", map[string]string{plugins: `["homepage"]`,
			data:            `{"version": 4, "homepages": {"Main Homepage": {"value": "Start Here", "kind": "File"}}, "separateMobile": false}`,
			"Start Here.md": "# Start", "README.md": "# Read me"}, "Start Here.md"},
		{"a path with its folder", map[string]string{plugins: `["homepage"]`,
			data:              `{"version": 4, "homepages": {"Main Homepage": {"value": "Campaign/Hub", "kind": "File"}}}`,
			"Campaign/Hub.md": "# Hub"}, "Campaign/Hub.md"},
		{"a name found in a folder, as a link is", map[string]string{plugins: `["homepage"]`,
			data:              `{"version": 4, "homepages": {"Main Homepage": {"value": "Hub"}}}`,
			"Campaign/Hub.md": "# Hub", "Other/Deep/Hub.md": "# Other"}, "Campaign/Hub.md"},
		{"the default note Home", map[string]string{plugins: `["homepage"]`,
			data:      `{"version": 4, "homepages": {"Main Homepage": {}}}`,
			"Home.md": "# Home"}, "Home.md"},
		{"an older data.json's defaultNote", map[string]string{plugins: `["homepage"]`,
			data:         `{"version": 2, "defaultNote": "Welcome", "useMoment": false}`,
			"Welcome.md": "# Welcome"}, "Welcome.md"},
		{"the value with its extension", map[string]string{plugins: `["homepage"]`,
			data:      `{"version": 4, "homepages": {"Main Homepage": {"value": "Dash.md"}}}`,
			"Dash.md": "# Dash"}, "Dash.md"},
		// Not a note: the plugin opens no note of the vault at startup.
		{"a workspace", map[string]string{plugins: `["homepage"]`,
			data:      `{"version": 4, "homepages": {"Main Homepage": {"value": "Home", "kind": "Workspace"}}}`,
			"Home.md": "# Home"}, ""},
		// A canvas is a page (canvas.go): the home page.
		{"a canvas", map[string]string{plugins: `["homepage"]`,
			data:           `{"version": 4, "homepages": {"Main Homepage": {"value": "Board.canvas"}}}`,
			"Board.canvas": "{}"}, "Board.canvas"},
		{"not opened on startup", map[string]string{plugins: `["homepage"]`,
			data:      `{"version": 4, "homepages": {"Main Homepage": {"value": "Home", "openOnStartup": false}}}`,
			"Home.md": "# Home"}, ""},
		{"plugin not enabled", map[string]string{plugins: `["dataview"]`,
			data:      `{"version": 4, "homepages": {"Main Homepage": {"value": "Home"}}}`,
			"Home.md": "# Home"}, ""},
		{"the note does not exist", map[string]string{plugins: `["homepage"]`,
			data: `{"version": 4, "homepages": {"Main Homepage": {"value": "Gone"}}}`}, ""},
		{"a value out of the vault", map[string]string{plugins: `["homepage"]`,
			data: `{"version": 4, "homepages": {"Main Homepage": {"value": "../outside"}}}`}, ""},
		{"settings that do not parse", map[string]string{plugins: `["homepage"]`, data: `{not json`, "Home.md": "# Home"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, tt.files))
			if err != nil {
				t.Fatal(err)
			}
			if l.Home != tt.home {
				t.Errorf("Home = %q, want %q", l.Home, tt.home)
			}
		})
	}
}
