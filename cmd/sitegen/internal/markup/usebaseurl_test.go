package markup

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/markup/mdx"
)

// TestMDXUseBaseURLOptions: useBaseUrl(url, {absolute, forcePrependBaseUrl})
// in an MDX attribute and in running text is what Docusaurus's addBaseUrl
// gives ("type BaseUrlOptions = { forcePrependBaseUrl: boolean; absolute:
// boolean; }", https://docusaurus.io/docs/docusaurus-core#useBaseUrl;
// @docusaurus/core 3.10.2 client/exports/useBaseUrl.js: "return absolute
// ? siteUrl + basePath : basePath", "if (forcePrependBaseUrl) return
// baseUrl + url.replace(/^\//, ”)") on a site of url
// https://example.org and baseUrl /rules/. An attribute's root-relative
// URL is written without the baseUrl (the site's links are put under its
// base after); text shows the URL as Docusaurus does. Before: the options
// were not read (the attribute removed with a warning, the text
// expression shown as code).
func TestMDXUseBaseURLOptions(t *testing.T) {
	opts := Options{Dialects: docusaurusDialect}
	opts.Dialects.MDXBase = mdx.BaseURL{Site: "https://example.org", Base: "/rules/"}
	for _, tt := range []struct {
		name, src string
		want      []string
	}{
		{"absolute in an attribute",
			"<img src={useBaseUrl('/img/map.png', {absolute: true})} />\n",
			[]string{`<img src="https://example.org/rules/img/map.png"`}},
		{"forcePrependBaseUrl in an attribute",
			"<img src={useBaseUrl('/rules/img/map.png', {forcePrependBaseUrl: true})} />\n",
			[]string{`<img src="/rules/img/map.png"`}},
		{"no options in an attribute",
			"<img src={useBaseUrl('img/map.png')} />\n",
			[]string{`<img src="/img/map.png"`}},
		{"absolute in text",
			"The map: {useBaseUrl('/img/map.png', {absolute: true})}.\n",
			[]string{"<p>The map: https://example.org/rules/img/map.png.</p>"}},
		{"in text",
			"The map: {useBaseUrl('img/map.png')}.\n",
			[]string{"<p>The map: /rules/img/map.png.</p>"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, _, problems := convert(t, opts, tt.src, Page{})
			wantInOrder(t, out, tt.want)
			if strings.Contains(out, "useBaseUrl") || len(problems) > 0 {
				t.Errorf("useBaseUrl not read: %s (problems %q)", out, problems)
			}
		})
	}
}
