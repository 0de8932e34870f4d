package emoji

import (
	"bytes"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
)

// TestLookup checks shortcodes against the Unicode code points their
// emoji have (Unicode's emoji charts, https://unicode.org/emoji/charts/full-emoji-list.html),
// written here by hand, not read from twemoji.txt.
func TestLookup(t *testing.T) {
	for name, want := range map[string]string{
		"smile":      "\U0001F604", // grinning face with smiling eyes
		"+1":         "\U0001F44D", // thumbs up, and its alias
		"thumbsup":   "\U0001F44D",
		"100":        "\U0001F4AF",
		"flag_fr":    "\U0001F1EB\U0001F1F7", // two regional indicators
		"rocket":     "\U0001F680",
		"family_mwg": "\U0001F468\u200D\U0001F469\u200D\U0001F467", // joined by ZWJ
	} {
		if got, ok := Lookup(name); !ok || got != want {
			t.Errorf("Lookup(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	for _, name := range []string{"not-an-emoji", "thumbsup_tone3", "material-dice-6", ""} {
		if got, ok := Lookup(name); ok {
			t.Errorf("Lookup(%q) = %q, want none", name, got)
		}
	}
	if n := len(table()); n < 2000 || n > 3000 {
		t.Errorf("%d shortcodes, want the ~2,300 of twemoji.txt", n)
	}
}

// TestShortcodes renders text with pymdownx.emoji's pattern,
// `:[+\-\w]+:`: emoji shown, icons dropped with a warning each, anything
// else as written (https://facelessuser.github.io/pymdown-extensions/extensions/emoji/).
func TestShortcodes(t *testing.T) {
	for _, tt := range []struct {
		src, want string
		warns     int
	}{
		{"Hi :smile:!", "<p>Hi \U0001F604!</p>\n", 0},
		{"a :material-dice-6: b :fontawesome-brands-apple: c", "<p>a  b  c</p>\n", 2},
		{":octicons-rocket-24::simple-github:", "<p></p>\n", 2},
		{":mine: is mine", "<p> is mine</p>\n", 1},
		{"at 12:30:45, :nope:, :material-:", "<p>at 12:30:45, :nope:, :material-:</p>\n", 0},
		{"`:smile:` and http://x.test/:smile:", "<p><code>:smile:</code> and http://x.test/\U0001F604</p>\n", 0},
		{":smile", "<p>:smile</p>\n", 0},
	} {
		warns := 0
		md := goldmark.New(goldmark.WithExtensions(Extension{CustomIcons: map[string]bool{"mine": true},
			Warn: func(parser.Context, int, string) { warns++ }}))
		var b bytes.Buffer
		if err := md.Convert([]byte(tt.src), &b); err != nil {
			t.Fatal(err)
		}
		if b.String() != tt.want || warns != tt.warns {
			t.Errorf("%q: got %q and %d warnings, want %q and %d", tt.src, b.String(), warns, tt.want, tt.warns)
		}
	}
}

// TestStrip: the shortcodes Parse reads leave a heading's id text (toc
// slugifies the rendered text, where Material's to_svg draws them as
// SVG, https://squidfunk.github.io/mkdocs-material/reference/icons-emojis/);
// anything else with colons stays.
func TestStrip(t *testing.T) {
	e := Extension{CustomIcons: map[string]bool{"ui-x": true}}
	for _, tt := range []struct{ in, want string }{
		{"Aftershock :ui-x:", "Aftershock "},
		{"Smile :smile: now", "Smile  now"},
		{"Spells:material-trademark:", "Spells"},
		{"At 12:30:45 :not-an-emoji:", "At 12:30:45 :not-an-emoji:"},
		{"Plain", "Plain"},
		{`Defence :ui-x:{title="Optional"} b`, `Defence {title="Optional"} b`},
	} {
		if got := string(e.Strip([]byte(tt.in))); got != tt.want {
			t.Errorf("Strip(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// With attr_list, the icon's attribute list goes with it.
	e.AttrList = true
	if got := string(e.Strip([]byte(`Defence :ui-x:{title="Optional"} :ui-x:{ .a } b`))); got != "Defence   b" {
		t.Errorf("with attr_list: %q", got)
	}
}
