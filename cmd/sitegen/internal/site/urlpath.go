package site

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// escapePath percent-encodes a site path ("/règles/q?x#y/") for use in a
// URL ("/r%C3%A8gles/q%3Fx%23y/"): every URL sitegen writes (hrefs,
// navigation, canonical links, redirects, sitemap.xml, the search index)
// goes through relURL or absURL, which call it. Site paths themselves stay
// decoded: they name the files of the output, which a server reaches by
// decoding the URL.
func escapePath(sitePath string) string {
	for i := range len(sitePath) {
		if c := sitePath[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
			return (&url.URL{Path: sitePath}).EscapedPath()
		}
	}
	return sitePath // nothing to escape (the common case, and a build asks for thousands)
}

// badName says what is wrong with a source file or folder name (a slash
// path) that cannot become part of a URL: a control character (a newline,
// a tab) or bytes that are not UTF-8. "" when the name is fine.
func badName(rel string) string {
	if !utf8.ValidString(rel) {
		return "the name is not UTF-8 text: rename it"
	}
	for _, r := range rel {
		if unicode.IsControl(r) {
			return fmt.Sprintf("the name holds the control character %U: rename it (a URL cannot carry it)", r)
		}
	}
	return ""
}

// showName is a file name fit for a message: control characters and
// bytes that are not UTF-8 are shown escaped ("a\nb.md").
func showName(rel string) string {
	if badName(rel) == "" {
		return rel
	}
	q := strconv.Quote(rel)
	return strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`)
}
