package obsidian

import (
	"os"
	"path/filepath"
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
		strict      bool // strictLineBreaks: no hard wraps
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
		// "Strict line breaks" (app.json strictLineBreaks) is off unless
		// set: a single line break shows as one
		// (https://help.obsidian.md/Editing+and+formatting/Basic+formatting+syntax#Line+breaks:
		// "Obsidian includes a Strict Line Breaks setting, which makes
		// Obsidian follow the standard Markdown specification for line
		// breaks"; Quartz's HardLineBreaks plugin: "enable it if you'd like
		// parity with Obsidian", https://quartz.jzhao.xyz/plugins/HardLineBreaks).
		{name: "strict line breaks", vault: true, strict: true, files: map[string]string{
			".obsidian/app.json": `{"strictLineBreaks": true}`,
		}, kept: []string{"a.md"}},
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
			if l.Markup.HardWraps == tt.strict {
				t.Errorf("hard wraps = %v, want %v (strictLineBreaks %v)", l.Markup.HardWraps, !tt.strict, tt.strict)
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

// TestUnpublished checks Obsidian Publish's documented rule
// (https://help.obsidian.md/Obsidian+Publish/Publish+and+unpublish+notes,
// "Ignore notes"): "To ignore a note in Obsidian Publish, set
// publish: false in the YAML front matter for the note." Obsidian's
// property editor writes the value as text ("false") unless in source mode.
func TestUnpublished(t *testing.T) {
	for _, tt := range []struct {
		meta map[string]any
		want string
	}{
		{map[string]any{"publish": false}, "publish: false (Obsidian Publish)"},
		{map[string]any{"publish": "False"}, "publish: false (Obsidian Publish)"},
		{map[string]any{"publish": true}, ""},
		{map[string]any{"publish": "maybe"}, ""},
		{map[string]any{}, ""},
	} {
		if got := Unpublished(tt.meta, "a.md"); got != tt.want {
			t.Errorf("Unpublished(%v) = %q, want %q", tt.meta, got, tt.want)
		}
	}
}

// TestDataview checks when a vault uses the Dataview plugin, and that its
// settings are read.
func TestDataview(t *testing.T) {
	for _, tc := range []struct {
		name   string
		files  map[string]string
		on     bool
		prefix string
	}{
		{name: "no list of plugins: Dataview's syntax is read", files: map[string]string{".obsidian/": ""}, on: true},
		{name: "the list names it", files: map[string]string{".obsidian/community-plugins.json": `["dataview"]`}, on: true},
		{name: "the list leaves it out", files: map[string]string{".obsidian/community-plugins.json": `["obsidian-admonition"]`}},
		{name: "its settings", on: true, prefix: "dv:", files: map[string]string{
			".obsidian/community-plugins.json":     `["dataview"]`,
			".obsidian/plugins/dataview/data.json": `{"inlineQueryPrefix": "dv:"}`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, tc.files))
			if err != nil {
				t.Fatal(err)
			}
			if (l.Dataview != nil) != tc.on {
				t.Fatalf("Dataview %v, want %v", l.Dataview, tc.on)
			}
			if p, _ := l.Dataview["inlineQueryPrefix"].(string); p != tc.prefix {
				t.Errorf("prefix %q, want %q", p, tc.prefix)
			}
		})
	}
}

// TestGardenPlugin: a vault that enables the Obsidian Digital Garden plugin
// (https://github.com/oleeskild/obsidian-digital-garden, README: "Only
// notes you explicitly mark with dg-publish: true ever leave your vault")
// publishes only those notes; its id in community-plugins.json is
// "digitalgarden". Every vault honours the plugin's flags (Garden), since a
// note may set them without the plugin listed (see site's TestNotPublished).
func TestGardenPlugin(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		on    bool
	}{
		{name: "no list of plugins", files: map[string]string{".obsidian/": ""}},
		{name: "the list names it", files: map[string]string{".obsidian/community-plugins.json": `["dataview", "digitalgarden"]`}, on: true},
		{name: "the list leaves it out", files: map[string]string{".obsidian/community-plugins.json": `["dataview"]`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, tc.files))
			if err != nil {
				t.Fatal(err)
			}
			if !l.Garden || l.GardenPlugin != tc.on {
				t.Errorf("Garden %v, GardenPlugin %v, want true, %v", l.Garden, l.GardenPlugin, tc.on)
			}
		})
	}
}

// TestMath: a vault's $…$ and $$…$$ are formulas, as Obsidian draws them
// ("You can also add math expressions inline by wrapping them in $
// symbols",
// https://help.obsidian.md/Editing+and+formatting/Advanced+formatting+syntax#Math),
// a closing $ followed by a digit closing none ("$5 and $10").
func TestMath(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".obsidian"), 0o755); err != nil {
		t.Fatal(err)
	}
	l, err := Recognise(dir)
	if err != nil || l == nil {
		t.Fatalf("Recognise: %v, %v", l, err)
	}
	if !l.Markup.Math || !l.Markup.MathNoDigitAfter {
		t.Errorf("Markup.Math %v, MathNoDigitAfter %v; want both", l.Markup.Math, l.Markup.MathNoDigitAfter)
	}
}
