package mdx

import "testing"

// TestExprValueUseBaseURL checks useBaseUrl('…') and useBaseUrl('…',
// {options}) in a JSX attribute (<img src={useBaseUrl('/img/x.png')} />)
// against Docusaurus's addBaseUrl (@docusaurus/core 3.10.2
// client/exports/useBaseUrl.js; the options "type BaseUrlOptions = {
// forcePrependBaseUrl: boolean; absolute: boolean; }",
// https://docusaurus.io/docs/docusaurus-core#useBaseUrl): "It never
// makes sense to add base url to a local anchor url, or one with a
// protocol"; "if (forcePrependBaseUrl) return baseUrl +
// url.replace(/^\//, ”)"; "/baseUrl -> /baseUrl/"; "We should avoid
// adding the baseurl twice if it's already there"; "return absolute ?
// siteUrl + basePath : basePath". A root-relative result is returned
// without the site's baseUrl, which sitegen writes the page's links
// under as any root-relative URL; an absolute one as Docusaurus writes it.
func TestExprValueUseBaseURL(t *testing.T) {
	root := BaseURL{Site: "https://example.org"}
	sub := BaseURL{Site: "https://example.org", Base: "/rules/"}
	tests := []struct {
		expr string
		base BaseURL
		want string
		ok   bool
	}{
		{`{useBaseUrl('/img/x.png')}`, root, "/img/x.png", true},
		{`{useBaseUrl('assets/cultist.png')}`, root, "/assets/cultist.png", true},
		{`{ useBaseUrl ( "img/a b.png" ) }`, root, "/img/a b.png", true},
		{"{useBaseUrl(`img/t.png`)}", root, "/img/t.png", true},
		{`{useBaseUrl('https://example.org/x.png')}`, root, "https://example.org/x.png", true},
		{`{useBaseUrl('#top')}`, root, "#top", true},
		{`{useBaseUrl('/img/x.png')}`, sub, "/img/x.png", true},
		{`{useBaseUrl('/rules/img/x.png')}`, sub, "/img/x.png", true}, // already under the baseUrl: not added twice
		{`{useBaseUrl('/img/x.png', {absolute: true})}`, root, "https://example.org/img/x.png", true},
		{`{useBaseUrl('img/x.png', {absolute: true})}`, sub, "https://example.org/rules/img/x.png", true},
		{`{useBaseUrl('/rules/img/x.png', {absolute: true})}`, sub, "https://example.org/rules/img/x.png", true},
		{`{useBaseUrl('/rules', { absolute: true, })}`, sub, "/", true}, // "/baseUrl -> /baseUrl/" comes first: not absolute
		{`{useBaseUrl('#top', {absolute: true})}`, sub, "#top", true},
		{`{useBaseUrl('/rules/img/x.png', {forcePrependBaseUrl: true})}`, sub, "/rules/img/x.png", true}, // /rules/rules/img/x.png
		{`{useBaseUrl('/img/x.png', {'forcePrependBaseUrl': true, absolute: false})}`, sub, "/img/x.png", true},
		{`{useBaseUrl('/img/x.png', {absolute: false})}`, sub, "/img/x.png", true},
		{`{useBaseUrl('/img/x.png', opts)}`, root, "", false},               // options in a variable: not read
		{`{useBaseUrl('/img/x.png', {absolute: isProd})}`, root, "", false}, // not a literal
		{`{useBaseUrl('/img/x.png', {other: true})}`, root, "", false},
		{`{useBaseUrl(path)}`, root, "", false}, // a variable: not read
		{`{otherFn('/img/x.png')}`, root, "", false},
	}
	for _, tt := range tests {
		got, ok := ExprValue(tt.expr, nil, tt.base)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ExprValue(%s) on %+v = %q, %v; want %q, %v", tt.expr, tt.base, got, ok, tt.want, tt.ok)
		}
	}
}

// TestUseBaseURLText checks the text of useBaseUrl(…) as Docusaurus's
// addBaseUrl gives it, the site's baseUrl included: the value an
// expression in running text shows ({useBaseUrl('/x')} is MDX's "/x"
// under the baseUrl, as text).
func TestUseBaseURLText(t *testing.T) {
	sub := BaseURL{Site: "https://example.org", Base: "/rules/"}
	for _, tt := range []struct{ expr, want string }{
		{`useBaseUrl('/img/x.png')`, "/rules/img/x.png"},
		{`useBaseUrl('/rules/img/x.png')`, "/rules/img/x.png"},
		{`useBaseUrl('/rules/img/x.png', {forcePrependBaseUrl: true})`, "/rules/rules/img/x.png"},
		{`useBaseUrl('/rules')`, "/rules/"},
		{`useBaseUrl('x', {absolute: true})`, "https://example.org/rules/x"},
	} {
		if got, ok := useBaseURL(tt.expr, sub); got != tt.want || !ok {
			t.Errorf("useBaseURL(%s) = %q, %v; want %q", tt.expr, got, ok, tt.want)
		}
	}
}
