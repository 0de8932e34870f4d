package shortcode

import "testing"

// TestUnsupportedName: the warning at a use of a shortcode with no
// template names it, and UnsupportedName reads that name back (the site
// folds the uses of an absent theme module's shortcodes into one warning).
func TestUnsupportedName(t *testing.T) {
	for _, tt := range []struct {
		msg, name string
		ok        bool
	}{
		{unsupported("infobox") + ": not shown", "infobox", true},
		{unsupported(`odd "name"`) + " (its template is not run): its content is shown as the page's text", `odd "name"`, true},
		{`Hugo shortcode "x" has a bad argument`, "", false},
		{"raw HTML: style removed", "", false},
	} {
		name, ok := UnsupportedName(tt.msg)
		if name != tt.name || ok != tt.ok {
			t.Errorf("UnsupportedName(%q) = %q, %v; want %q, %v", tt.msg, name, ok, tt.name, tt.ok)
		}
	}
}
