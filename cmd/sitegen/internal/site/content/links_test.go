package content

import (
	"net/url"
	"testing"
)

// TestHasScheme: hasScheme, which parses only links with a colon, answers
// as net/url's parse does for links with and without a scheme, broken
// ones included.
func TestHasScheme(t *testing.T) {
	for _, dest := range []string{
		"https://example.com/", "mailto:me@example.com", "HTTP://x", "a:b", "tel:+1", "../s2/rule-1.md",
		"rule-1.md#frag", "/abs/path/", "page.md?x=1", "", "%zz", "a b", "x/y:z", "./a:b", ":nothing",
		"1http://x", "#a:b", "?q=a:b", "c:\\windows", "%41:b", "ht%74p://x", "\x7f:x", "a%:b",
	} {
		u, err := url.Parse(dest)
		if want := err == nil && u.Scheme != ""; hasScheme(dest) != want {
			t.Errorf("hasScheme(%q) = %v, url.Parse says %v", dest, !want, want)
		}
	}
}
