package layout

import (
	"slices"
	"testing"
)

// TestWikiLinksHrefs: markdown-it-wikilinks's documented rules
// (https://github.com/jsepia/markdown-it-wikilinks#options): "Click
// [[Wiki Links|here]] to learn about [[/Wiki]] links" renders
// href="./Wiki_Links.html" and href="/Wiki.html"; baseURL '/wiki/':
// "[[/Main Page]]" is "/wiki/Main_Page.html"; uriSuffix '.php':
// "./Main_Page.php" (its relativeBaseURL '#' example names an option,
// suffix, the plugin does not have: not checked);
// postProcessPageName's default: "trim surrounding whitespace, sanitize
// the string, replace spaces with underscores".
func TestWikiLinksHrefs(t *testing.T) {
	def := DefaultWikiLinks("p")
	wiki := DefaultWikiLinks("p")
	wiki.BaseURL = "/wiki/"
	php := DefaultWikiLinks("p")
	php.Suffix = ".php"
	abs := DefaultWikiLinks("p")
	abs.AllAbsolute = true
	custom := DefaultWikiLinks("p")
	custom.BaseURL, custom.CustomNames = "/guide-jdr/", true
	for _, tc := range []struct {
		w      *WikiLinks
		target string
		want   []string
	}{
		{def, "Wiki Links", []string{"./Wiki_Links.html"}},
		{def, "/Wiki", []string{"/Wiki.html"}},
		{wiki, "/Main Page", []string{"/wiki/Main_Page.html"}},
		{php, "Main Page", []string{"./Main_Page.php"}},
		{def, "  Main   Page ", []string{"./Main_Page.html"}},
		{def, "/Misc/Cats/Slate", []string{"/Misc/Cats/Slate.html"}},
		{def, "Rules/Who? Me", []string{"./Rules/Who_Me.html"}}, // sanitized: "?" removed
		{def, "Page#Section", []string{"./Page.html"}},
		{abs, "Main Page", []string{"/Main_Page.html"}},
		// A postProcessPageName of the site's (guide-jdr's maps spaces to
		// "-" and drops apostrophes): each likely transform, in turn.
		{custom, "/sorts/Sens animal", []string{"/guide-jdr/sorts/Sens_animal.html", "/guide-jdr/sorts/Sens-animal.html"}},
		{custom, "/sorts/Main d'ombre", []string{"/guide-jdr/sorts/Main_d'ombre.html", "/guide-jdr/sorts/Main-dombre.html", "/guide-jdr/sorts/Main-d'ombre.html"}},
	} {
		if got := tc.w.Hrefs(tc.target); !slices.Equal(got, tc.want) {
			t.Errorf("Hrefs(%q) = %q, want %q", tc.target, got, tc.want)
		}
	}
}
