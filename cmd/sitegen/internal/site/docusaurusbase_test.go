package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusLinksWithBaseURL: a site-absolute link in a Docusaurus
// doc may be written with the site's baseUrl or without it, and both lead
// to the same page. Docusaurus's Link (every Markdown link of a doc) adds
// the baseUrl with @docusaurus/core's addBaseUrl: "We should avoid adding
// the baseurl twice if it's already there" (`const shouldAddBaseUrl =
// !url.startsWith(baseUrl)`), and "/baseUrl -> /baseUrl/"
// (https://github.com/facebook/docusaurus/issues/6315); baseUrl is "the
// URL after your host" the site is served under
// (https://docusaurus.io/docs/api/docusaurus-config#baseUrl). Its broken
// link checker (onBrokenLinks: 'throw') then finds both forms good. The
// href sitegen publishes works where the site is served: under the
// baseUrl for a build, at / for a preview (serve's --base-url).
func TestDocusaurusLinksWithBaseURL(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://x.test', baseUrl: '/docs/', onBrokenLinks: 'throw',\n" +
			"  presets: [['classic', {docs: {routeBasePath: '/'}, blog: false}]]};\n",
		"docs/intro.md":        "---\nslug: /\n---\n# Intro\n\n[with](/docs/basics/setup) [without](/basics/setup) [anchor](/docs/basics/setup#step-one) [base](/docs)\n",
		"docs/basics/setup.md": "# Setup\n\n## Step one\n\nBack [home](/docs/).\n",
	})
	for _, tc := range []struct {
		name, baseURL, prefix string
	}{
		{"build under the baseUrl", "", "/docs/"},
		{"preview at /", "http://localhost:1313/", "/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: out, BaseURL: tc.baseURL}); err != nil {
				t.Fatalf("build (strict, as Docusaurus's onBrokenLinks: 'throw' build passes): %v", err)
			}
			files := readTree(t, out)
			intro := files["index.html"]
			for _, want := range []string{
				`href="` + tc.prefix + `basics/setup/">with</a>`,
				`href="` + tc.prefix + `basics/setup/">without</a>`,
				`href="` + tc.prefix + `basics/setup/#step-one">anchor</a>`,
				`href="` + tc.prefix + `">base</a>`,
			} {
				if !strings.Contains(intro, want) {
					t.Errorf("index.html lacks %s", want)
				}
			}
			if want := `href="` + tc.prefix + `">home</a>`; !strings.Contains(files["basics/setup/index.html"], want) {
				t.Errorf("basics/setup/index.html lacks %s", want)
			}
		})
	}
}
