package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/detect"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusPagesAndBlog: the classic preset's pages and blog
// plugins (issue 32, evaluate2 F9 and F12), on by default, publish beside
// the docs:
//
//   - https://docusaurus.io/docs/creating-pages#add-a-markdown-page:
//     "src/pages/hello-react.md → localhost:3000/hello-react";
//     https://docusaurus.io/docs/creating-pages#routing: "/src/pages/index.js
//     → [baseUrl]", "/src/pages/support/index.js → [baseUrl]/support/";
//     "All files prefixed with an underscore (_) under the pages directory
//     are treated as 'partial' pages and will be ignored".
//   - https://docusaurus.io/docs/blog#adding-posts: "website/blog/2019-09-05-hello-docusaurus.md";
//     "the blog post date can be extracted from filenames ... 2021-05-28-my-blog-post-title.md,
//     2021-05-28-my-blog-post-title.mdx, 2021-05-28-my-blog-post-title/index.md";
//     plugin-content-blog's parseBlogFileName makes the slug the date as a
//     path and the rest of the name (/2019/09/05/hello-docusaurus), the
//     front matter slug replaces it; the list at routeBasePath (/blog),
//     "sortPosts: 'descending'" (https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-blog#configuration).
//
// Links written to those routes resolve; nothing else of src/ or blog/
// (authors.yml, a React page, a partial) is published.
func TestDocusaurusPagesAndBlog(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://x.test', baseUrl: '/', presets: [['classic', {docs: {}}]]};\n",
		"docs/intro.md": "---\nslug: /\n---\n# Intro\n\n[About](/about), [deep](/more/deep), [the blog](/blog), " +
			"[welcome](/blog/welcome), [first](/blog/2019/05/28/first-blog-post).\n\n" +
			// A page Docusaurus publishes and sitegen does not build: its
			// text, with a warning, not a broken link; the blog's archive
			// (TestDocusaurusBlogPages).
			"[showcase](/showcase), [archive](/blog/archive).\n",
		"src/pages/showcase.tsx":              "export default function Showcase() { return null; }\n",
		"src/pages/about.md":                  "# About us\n\nABOUT-TEXT, [back](/docs/).\n",
		"src/pages/more/deep.mdx":             "import X from '@site/src/x';\n\n# Deep\n",
		"src/pages/_partial.md":               "PRIVATE-PARTIAL\n",
		"src/pages/index.tsx":                 "export default function Home() { return null; }\n",
		"src/pages/index.module.css":          ".x {}\n",
		"src/components/Thing.md":             "PRIVATE-COMPONENT\n",
		"blog/2019-05-28-first-blog-post.md":  "---\ntitle: First Blog Post\n---\nFIRST-TEXT\n\n<!-- truncate -->\n\nMore.\n",
		"blog/2021-08-26-welcome/index.md":    "---\nslug: welcome\ntitle: Welcome\n---\n![banner](./banner.jpeg)\n",
		"blog/2021-08-26-welcome/banner.jpeg": "JPEG",
		"blog/2020-01-01-dated.md":            "---\ntitle: Dated later\ndate: 2022-03-04\n---\nDATED\n",
		"blog/authors.yml":                    "PRIVATE-AUTHORS: {name: x}\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	files := readTree(t, out)
	published(t, files, map[string]string{
		"about/index.html":                           "ABOUT-TEXT",
		"more/deep/index.html":                       "<h1>Deep</h1>",
		"blog/2019/05/28/first-blog-post/index.html": "FIRST-TEXT",
		"blog/welcome/index.html":                    `src="/blog/2021-08-26-welcome/banner.jpeg"`,
		"blog/2021-08-26-welcome/banner.jpeg":        "JPEG",
		"blog/2020/01/01/dated/index.html":           "DATED", // the slug is from the file name, the date from the front matter
		"docs/index.html":                            `<a href="/about/">About</a>`,
	}, "")
	// The list, newest first.
	list := files["blog/index.html"]
	iDated, iWelcome, iFirst := strings.Index(list, "Dated later"), strings.Index(list, "Welcome"), strings.Index(list, "First Blog Post")
	if iDated < 0 || iWelcome < 0 || iFirst < 0 || !(iDated < iWelcome && iWelcome < iFirst) {
		t.Errorf("blog/index.html: want the posts newest first (Dated later, Welcome, First Blog Post); at %d, %d, %d", iDated, iWelcome, iFirst)
	}
	for name, body := range files {
		if strings.Contains(body, "PRIVATE") || strings.Contains(name, "authors.yml") || strings.Contains(name, "partial") ||
			strings.Contains(name, "index.tsx") || strings.Contains(name, "components") {
			t.Errorf("%s published", name)
		}
	}
	// The first line names the folders read.
	lay, err := detect.Layout(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := lay.Describe(), "pages from docs/, src/pages/, blog/"; !strings.Contains(got, want) {
		t.Errorf("Describe() = %q, want it to say %q", got, want)
	}
	warnings := strings.Join(res.Warnings, "\n")
	for _, want := range []string{
		`unpublished link "/showcase": /showcase is a React page (src/pages/showcase.tsx) that sitegen does not run`,
	} {
		if !strings.Contains(warnings, want) {
			t.Errorf("no warning %q in\n%s", want, warnings)
		}
	}
	notes := strings.Join(res.Notes, "\n")
	for _, want := range []string{"src/pages: 2 React pages not published (src/pages/index.tsx, src/pages/showcase.tsx)"} {
		if !strings.Contains(notes, want) {
			t.Errorf("no note %q in\n%s", want, notes)
		}
	}
	if t.Failed() {
		t.Logf("published: %v\nwarnings: %v\nblog/index.html: %s", keys(files), res.Warnings, list)
	}
}
