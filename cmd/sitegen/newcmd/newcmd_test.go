package newcmd

import (
	"testing"

	"github.com/BurntSushi/toml"
)

// TestTitleRoundTrips: the title written into site.toml reads back as it
// was, whatever it holds: quotes, backslashes, a newline (issue 22).
func TestTitleRoundTrips(t *testing.T) {
	for _, title := range []string{
		"My rules",
		`a\b"c`,
		"two\nlines",
		`C:\games\d6 'quoted' "double"`,
		"tab\there, ünïcödé, \u007f",
	} {
		var cfg struct {
			Title   string `toml:"title"`
			BaseURL string `toml:"baseURL"`
		}
		text := Files(title, "x/y", "x/z")["site.toml"]
		if _, err := toml.Decode(text, &cfg); err != nil {
			t.Errorf("title %q: site.toml does not parse: %v\n%s", title, err, text)
			continue
		}
		if cfg.Title != title || cfg.BaseURL != "https://example.org/" {
			t.Errorf("title %q read back as %q (baseURL %q)", title, cfg.Title, cfg.BaseURL)
		}
	}
}
