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

// TestDocusaurusImagesWithBaseURL: a Markdown image is not a Link: the
// mdx-loader's transformImage looks a site-absolute source up in the
// static folders as written ("Absolute paths are expected to exist in the
// static folder": static/ + "/docs/img/a.png"), with no baseUrl taken off,
// and a source it does not find is a broken image
// (markdown.hooks.onBrokenMarkdownImages, default 'throw',
// https://docusaurus.io/docs/api/docusaurus-config#markdown). So
// ![](/img/a.png) shows static/img/a.png, ![](/docs/img/b.png) fails
// Docusaurus's build unless static/docs/img/b.png is there, and then
// shows that file; a link to the same path keeps addBaseUrl's reading.
func TestDocusaurusImagesWithBaseURL(t *testing.T) {
	site := func(extra map[string]string) string {
		dir := t.TempDir()
		files := map[string]string{
			"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://x.test', baseUrl: '/docs/', onBrokenLinks: 'throw',\n" +
				"  presets: [['classic', {docs: {routeBasePath: '/'}, blog: false}]]};\n",
			"static/img/a.png": "A",
			"static/img/b.png": "B",
		}
		for k, v := range extra {
			files[k] = v
		}
		sitetest.WriteFiles(t, dir, files)
		return dir
	}
	t.Run("as written", func(t *testing.T) {
		dir := site(map[string]string{"docs/intro.md": "---\nslug: /\n---\n# Intro\n\n![a](/img/a.png) [b, linked with the base](/docs/img/b.png)\n"})
		out := filepath.Join(t.TempDir(), "out")
		if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
			t.Fatalf("build: %v", err)
		}
		intro := readTree(t, out)["index.html"]
		for _, want := range []string{`src="/docs/img/a.png"`, `href="/docs/img/b.png"`} {
			if !strings.Contains(intro, want) {
				t.Errorf("index.html lacks %s:\n%s", want, intro)
			}
		}
	})
	t.Run("with the baseUrl: broken", func(t *testing.T) {
		dir := site(map[string]string{"docs/intro.md": "---\nslug: /\n---\n# Intro\n\n![b](/docs/img/b.png)\n"})
		_, err := build(t, dir, content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "out")})
		if err == nil || !strings.Contains(err.Error(), `docs/intro.md:6:1: broken image "/docs/img/b.png"`) {
			t.Errorf("build error = %v, want the broken image at docs/intro.md:6:1 (Docusaurus's build throws on it)", err)
		}
	})
	t.Run("with the baseUrl, in static/docs/", func(t *testing.T) {
		dir := site(map[string]string{"docs/intro.md": "---\nslug: /\n---\n# Intro\n\n![c](/docs/img/b.png)\n", "static/docs/img/b.png": "other B"})
		out := filepath.Join(t.TempDir(), "out")
		if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
			t.Fatalf("build: %v", err)
		}
		if intro := readTree(t, out)["index.html"]; !strings.Contains(intro, `src="/docs/docs/img/b.png"`) {
			t.Errorf("the image is not static/docs/img/b.png's:\n%s", intro)
		}
	})
}
