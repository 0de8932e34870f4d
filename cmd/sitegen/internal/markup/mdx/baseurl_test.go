package mdx

import "testing"

// TestExprValueUseBaseURL checks useBaseUrl('…') in a JSX attribute
// (<img src={useBaseUrl('/img/x.png')} />) against Docusaurus's
// addBaseUrl (@docusaurus/core client/exports/useBaseUrl.js): "It never
// makes sense to add base url to a local anchor url, or one with a
// protocol"; otherwise baseUrl + url.replace(/^\//, ”). The base is the
// site's root ("/"), which the page's links are then written under as
// any root-relative URL.
func TestExprValueUseBaseURL(t *testing.T) {
	tests := []struct {
		expr, want string
		ok         bool
	}{
		{`{useBaseUrl('/img/x.png')}`, "/img/x.png", true},
		{`{useBaseUrl('assets/cultist.png')}`, "/assets/cultist.png", true},
		{`{ useBaseUrl ( "img/a b.png" ) }`, "/img/a b.png", true},
		{"{useBaseUrl(`img/t.png`)}", "/img/t.png", true},
		{`{useBaseUrl('https://example.org/x.png')}`, "https://example.org/x.png", true},
		{`{useBaseUrl('#top')}`, "#top", true},
		{`{useBaseUrl('/img/x.png', {absolute: true})}`, "", false}, // options: not read
		{`{useBaseUrl(path)}`, "", false},                           // a variable: not read
		{`{otherFn('/img/x.png')}`, "", false},
	}
	for _, tt := range tests {
		got, ok := ExprValue(tt.expr, nil)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ExprValue(%s) = %q, %v; want %q, %v", tt.expr, got, ok, tt.want, tt.ok)
		}
	}
}
