package mdx

import (
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/text"
)

// TestHeadOf checks what a page's <Head>, <head> and <Redirect /> say:
// "It is possible to add extra metadata (or override existing ones) with
// the <head> tag in Markdown files: <title>Head Metadata customized
// title!</title> … This feature is built on top of the Docusaurus <Head>
// component" (https://docusaurus.io/docs/markdown-features/head-metadata);
// "Rendering a <Redirect> will navigate to a new location"
// (https://docusaurus.io/docs/docusaurus-core#redirect).
func TestHeadOf(t *testing.T) {
	tests := []struct {
		name, src string
		want      PageHead
	}{
		{"Head component", "import Head from '@docusaurus/Head';\n\n<Head>\n  <title>Custom &amp; title</title>\n  <meta name=\"description\" content=\"A described page\" />\n</Head>\n\nText.\n",
			PageHead{Title: "Custom & title", Description: "A described page"}},
		{"head tag", "<head>\n<title>Lower title</title>\n<meta name='description' content='Lower' />\n</head>\n\n# Heading\n",
			PageHead{Title: "Lower title", Description: "Lower"}},
		{"Redirect", "import {Redirect} from '@docusaurus/router';\n\n<Redirect to=\"/docs/rules/combat\" />\n",
			PageHead{Redirect: "/docs/rules/combat", RedirectAt: 46}},
		{"none", "# Title\n\n<title>not in a head</title>\n", PageHead{}},
	}
	md := goldmark.New(goldmark.WithExtensions(Extension{}))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.src)
			doc := md.Parser().Parse(text.NewReader(src))
			if got := HeadOf(doc, src); got != tt.want {
				t.Errorf("HeadOf = %+v, want %+v", got, tt.want)
			}
		})
	}
}
