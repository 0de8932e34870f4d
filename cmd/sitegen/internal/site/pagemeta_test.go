package site

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocumentTitles checks that pages of the same name in different
// game systems get different <title>s: the system goes into the title.
func TestDocumentTitles(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/alpha/_index.md": "---\ntitle: Alpha Game\n---\n",
		"content/alpha/attack.md": "---\ntitle: Attacking\n---\n",
		"content/beta/_index.md":  "---\ntitle: Beta Game\n---\n",
		"content/beta/attack.md":  "---\ntitle: Attacking\n---\n",
		"content/beta/more/x.md":  "---\ntitle: Deep\n---\n",
		"content/glossary.md":     "---\ntitle: Glossary\n---\n",
	})
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(src, "public"))
	for file, want := range map[string]string{
		"index.html":              "<title>Test</title>",
		"alpha/index.html":        "<title>Alpha Game · Test</title>",
		"alpha/attack/index.html": "<title>Attacking · Alpha Game · Test</title>",
		"beta/attack/index.html":  "<title>Attacking · Beta Game · Test</title>",
		"beta/more/x/index.html":  "<title>Deep · Beta Game · Test</title>",
		"glossary/index.html":     "<title>Glossary · Test</title>",
	} {
		if !strings.Contains(out[file], want) {
			t.Errorf("%s: want %s", file, want)
		}
	}
}

// TestEditLinkAndUpdated checks "Edit this page" (site.toml editURL plus
// the source path) and "Last updated" from the file time outside git.
func TestEditLinkAndUpdated(t *testing.T) {
	src := writeTree(t, map[string]string{
		"site.toml":           "title = \"Test\"\nbaseURL = \"https://rules.test/\"\neditURL = \"https://git.test/me/site/edit/main/\"\n",
		"content/a/_index.md": "---\ntitle: A\n---\n",
		"content/a/page.md":   "---\ntitle: Page\n---\n",
	})
	when := time.Date(2024, 3, 9, 12, 0, 0, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(src, "content/a/page.md"), when, when); err != nil {
		t.Fatal(err)
	}
	res, err := build(t, src, content.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 0 {
		t.Errorf("warnings for a real base URL: %q", res.Warnings)
	}
	page := readTree(t, filepath.Join(src, "public"))["a/page/index.html"]
	for _, want := range []string{
		`<a class="edit-link" href="https://git.test/me/site/edit/main/content/a/page.md"`,
		`Last updated <time datetime="2024-03-09">9 March 2024</time>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}

	bad := writeTree(t, map[string]string{"site.toml": "title = \"T\"\neditURL = \"github.com/x\"\n"})
	_, err = build(t, bad, content.Options{})
	if err == nil || !strings.Contains(err.Error(), "site.toml:2:") || !strings.Contains(err.Error(), "editURL") {
		t.Errorf("a relative editURL: error %v, want one at site.toml:2 naming editURL", err)
	}
}

// TestUpdatedFromGit checks that a page in a git repository shows the
// time of its last commit, not its file time.
func TestUpdatedFromGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	src := writeTree(t, map[string]string{
		"content/a/_index.md": "---\ntitle: A\n---\n",
		"content/a/page.md":   "---\ntitle: Page\n---\n",
	})
	git := func(date string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", src, "-c", "user.name=T", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("", "init", "-q")
	git("2021-05-04T10:00:00Z", "add", "-A")
	git("2021-05-04T10:00:00Z", "commit", "-q", "-m", "one")
	if err := os.WriteFile(filepath.Join(src, "content/a/page.md"), []byte("---\ntitle: Page\n---\nMore.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("2022-06-07T10:00:00Z", "commit", "-q", "-am", "two")
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(src, "public"))
	for file, want := range map[string]string{
		"a/page/index.html": `<time datetime="2022-06-07">`,
		"a/index.html":      `<time datetime="2021-05-04">`,
	} {
		if !strings.Contains(out[file], want) {
			t.Errorf("%s: want %s", file, want)
		}
	}
}

// TestPlaceholderBaseURL checks that a build for a placeholder or
// host-less base URL warns, and one for a real address does not.
func TestPlaceholderBaseURL(t *testing.T) {
	for _, tc := range []struct {
		base string
		warn bool
	}{
		{"https://example.org/", true},
		{"https://docs.example.com/rules/", true},
		{"/", true},
		{"https://rules.test/", false},
		{"https://d6codex.example.games/", false},
	} {
		c := &content.Config{BaseURL: tc.base}
		if got := c.PlaceholderBaseURL() != ""; got != tc.warn {
			t.Errorf("%s: warns %v, want %v", tc.base, got, tc.warn)
		}
	}
	src := writeTree(t, map[string]string{})
	res, err := build(t, src, content.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "example.org") {
		t.Errorf("warnings %q, want one naming example.org", res.Warnings)
	}
}

// TestLastUpdatedByLayout: "Last updated" shows as the layout's tool shows
// it. VitePress: "To enable it, add lastUpdated options to your config",
// "the Markdown file must be committed to Git" and "This can be disabled
// per-page using lastUpdated option on frontmatter"
// (https://vitepress.dev/reference/default-theme-last-updated); VitePress
// 1.6.4's own code reads the front matter only when the site's setting is
// on (createMarkdownToVueRenderFn: includeLastUpdatedData && frontmatter.
// lastUpdated !== false). sitegen's own layout shows the file's time
// outside git (TestEditLinkAndUpdated). eval5B JB14: every VitePress page
// said "Last updated" with the checkout's time.
func TestLastUpdatedByLayout(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	for _, tc := range []struct {
		name  string
		files map[string]string
		git   bool
		want  map[string]string // output file -> the date shown, "" for none
	}{
		{name: "vitepress without lastUpdated", git: true,
			files: map[string]string{".vitepress/config.mts": "export default {title: 'T'}\n", "index.md": "# Home\n", "a.md": "# A\n"},
			want:  map[string]string{"a.html": ""}},
		{name: "vitepress lastUpdated: true, git", git: true,
			files: map[string]string{".vitepress/config.mts": "export default {title: 'T', lastUpdated: true}\n", "index.md": "# Home\n", "a.md": "# A\n", "b.md": "---\nlastUpdated: false\n---\n# B\n"},
			want:  map[string]string{"a.html": "2021-05-04", "b.html": ""}},
		{name: "vitepress themeConfig.lastUpdated, git", git: true,
			files: map[string]string{".vitepress/config.mts": "export default {title: 'T', themeConfig: {lastUpdated: {text: 'Updated at'}}}\n", "index.md": "# Home\n", "a.md": "# A\n"},
			want:  map[string]string{"a.html": "2021-05-04"}},
		{name: "vitepress lastUpdated: true, no git",
			files: map[string]string{".vitepress/config.mts": "export default {title: 'T', lastUpdated: true}\n", "index.md": "# Home\n", "a.md": "# A\n"},
			want:  map[string]string{"a.html": ""}},
		// "showLastUpdateTime: Whether to display the last date the doc was
		// updated" (default false), "based on git history"
		// (https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#configuration).
		{name: "docusaurus without showLastUpdateTime", git: true,
			files: map[string]string{"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://t.test', baseUrl: '/', presets: [['classic', {docs: {}}]]};\n", "docs/a.md": "# A\n"},
			want:  map[string]string{"docs/a/index.html": ""}},
		{name: "docusaurus showLastUpdateTime", git: true,
			files: map[string]string{"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://t.test', baseUrl: '/', presets: [['classic', {docs: {showLastUpdateTime: true}}]]};\n", "docs/a.md": "# A\n"},
			want:  map[string]string{"docs/a/index.html": "2021-05-04"}},
		// MkDocs' themes show no date; Material's "Last update" is the
		// git-revision-date-localized plugin's
		// (https://squidfunk.github.io/mkdocs-material/setup/adding-a-git-repository/#document-dates).
		{name: "mkdocs", git: true,
			files: map[string]string{"mkdocs.yml": "site_name: T\n", "docs/index.md": "# Home\n", "docs/a.md": "# A\n"},
			want:  map[string]string{"a/index.html": ""}},
		{name: "mkdocs git-revision-date-localized", git: true,
			files: map[string]string{"mkdocs.yml": "site_name: T\nplugins:\n  - search\n  - git-revision-date-localized:\n      type: date\n", "docs/index.md": "# Home\n", "docs/a.md": "# A\n"},
			want:  map[string]string{"a/index.html": "2021-05-04"}},
		// Neither mdBook nor Jekyll nor docsify shows a page's last change.
		{name: "mdbook", git: true,
			files: map[string]string{"book.toml": "", "src/SUMMARY.md": "- [Intro](intro.md)\n- [A](a.md)\n", "src/intro.md": "# Intro\n", "src/a.md": "# A\n"},
			want:  map[string]string{"a.html": ""}},
		{name: "jekyll", git: true,
			files: map[string]string{"_config.yml": "title: T\n", "index.md": "---\n---\n# Home\n", "a.md": "---\ntitle: A\n---\nA.\n"},
			want:  map[string]string{"a.html": ""}},
		{name: "docsify", git: true,
			files: map[string]string{"index.html": "<script>window.$docsify = {}</script><script src=\"//cdn.jsdelivr.net/npm/docsify@4\"></script>", "README.md": "# Home\n", "a.md": "# A\n"},
			want:  map[string]string{"a/index.html": ""}},
		// sitegen's own layout: the last commit.
		{name: "sitegen", git: true,
			files: map[string]string{"site.toml": "title = \"T\"\n", "content/_index.md": "---\ntitle: Home\n---\n", "content/a.md": "---\ntitle: A\n---\n"},
			want:  map[string]string{"a/index.html": "2021-05-04"}},
		{name: "vitepress front matter alone",
			files: map[string]string{".vitepress/config.mts": "export default {title: 'T'}\n", "index.md": "# Home\n", "a.md": "---\nlastUpdated: true\n---\n# A\n"}, git: true,
			want: map[string]string{"a.html": ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := t.TempDir()
			sitetest.WriteFiles(t, src, tc.files)
			if tc.git {
				gitCommit(t, src, "2021-05-04T10:00:00Z")
			}
			dest := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
				t.Fatal(err)
			}
			out := readTree(t, dest)
			for file, date := range tc.want {
				page, ok := out[file]
				if !ok {
					t.Fatalf("no %s in %q", file, keys(out))
				}
				// "Last updated", or the site's own words
				// (themeConfig.lastUpdated.text: "Updated at").
				_, shown, found := strings.Cut(page, "Last updated <time datetime=\"")
				if !found {
					_, shown, found = strings.Cut(page, "Updated at <time datetime=\"")
				}
				shown, _, _ = strings.Cut(shown, "\"")
				if !found {
					shown = ""
				}
				if shown != date {
					t.Errorf("%s shows Last updated %q, want %q", file, shown, date)
				}
			}
		})
	}
}

// gitCommit makes src a git repository with all it holds committed at date.
func gitCommit(t *testing.T, src, date string) {
	t.Helper()
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "one"}} {
		cmd := exec.Command("git", append([]string{"-C", src, "-c", "user.name=T", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
}

// TestHomeTitle is eval5B JB7: the home page's <title> is what the
// layout's tool writes there (layout.Layout.HomeTitle, one rule in
// templates.Page.DocumentTitle):
//   - VitePress 1.6.4's createTitle: "const title = pageData.title ||
//     siteData.title", then " | " and the site's title
//     (https://vitepress.dev/reference/site-config#titletemplate: "the
//     suffix for each page title"); the home page's own title first.
//   - Jekyll's jekyll-seo-tag 2.8 (GitHub Pages' themes): "if site_title &&
//     page_title != site_title then page_title + TITLE_SEPARATOR +
//     site_title" (https://github.com/jekyll/jekyll-seo-tag/blob/master/lib/jekyll-seo-tag/drop.rb);
//     a page without a title, the home page most often: "elsif
//     site["description"] && site_title: site_title + TITLE_SEPARATOR +
//     format_string(site["description"])" (drop.rb's title), where the
//     site writes {% seo %} (its plugins, a theme, its own layout).
//   - MkDocs 1.4's themes: "{% if page and page.title and not
//     page.is_homepage %}{{ page.title }} - {% endif %}{{ config.site_name }}":
//     the site's name alone; Hugo's themes (Docsy: "{{ if .IsHome }}{{
//     .Site.Title }}") and sitegen too.
func TestHomeTitle(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"VitePress", map[string]string{".vitepress/config.mts": "export default {title: 'V'}\n", "index.md": "---\ntitle: Home\n---\nText.\n", "a.md": "# A\n"}, "<title>Home | V</title>"},
		{"VitePress, a heading", map[string]string{".vitepress/config.mts": "export default {title: 'V'}\n", "index.md": "# Welcome\n\nText.\n", "a.md": "# A\n"}, "<title>Welcome | V</title>"},
		{"VitePress, no title", map[string]string{".vitepress/config.mts": "export default {title: 'V'}\n", "index.md": "---\nlayout: home\nhero:\n  name: V\n---\n", "a.md": "# A\n"}, "<title>V</title>"},
		{"Jekyll", map[string]string{"_config.yml": "title: J\n", "index.md": "---\ntitle: Home\n---\nText.\n"}, "<title>Home · J</title>"},
		{"Jekyll, the site's title", map[string]string{"_config.yml": "title: J\n", "index.md": "---\ntitle: J\n---\nText.\n"}, "<title>J</title>"},
		{"Jekyll, jekyll-seo-tag, the description", map[string]string{"_config.yml": "title: J\ndescription: >\n  Rules for\n  J.\nplugins: [jekyll-seo-tag]\n", "index.md": "---\nlayout: default\n---\nText.\n"}, "<title>J · Rules for J.</title>"},
		{"Jekyll, a theme, the description", map[string]string{"_config.yml": "title: J\ndescription: Rules\nremote_theme: just-the-docs/just-the-docs\n", "index.md": "---\nlayout: default\n---\nText.\n"}, "<title>J · Rules</title>"},
		{"Jekyll, its own layout writes {% seo %}", map[string]string{"_config.yml": "title: J\ndescription: Rules\n", "_layouts/default.html": "<head>{%- seo -%}</head>{{ content }}", "index.md": "---\nlayout: default\n---\nText.\n"}, "<title>J · Rules</title>"},
		{"Jekyll, jekyll-seo-tag, a titled home page", map[string]string{"_config.yml": "title: J\ndescription: Rules\nplugins: [jekyll-seo-tag]\n", "index.md": "---\ntitle: Home\n---\nText.\n"}, "<title>Home · J</title>"},
		{"Jekyll, no {% seo %}, the description", map[string]string{"_config.yml": "title: J\ndescription: Rules\n", "_layouts/default.html": "<head><title>{{ site.title }}</title></head>{{ content }}", "index.md": "---\nlayout: default\n---\nText.\n"}, "<title>J</title>"},
		{"Hugo", map[string]string{"hugo.toml": "title = \"H\"\n", "content/_index.md": "---\ntitle: LeviathanDM\n---\n"}, "<title>H</title>"},
		{"MkDocs", map[string]string{"mkdocs.yml": "site_name: M\n", "docs/index.md": "# Welcome\n"}, "<title>M</title>"},
		{"sitegen", map[string]string{"site.toml": "title = \"S\"\n", "content/_index.md": "---\ntitle: Welcome\n---\n"}, "<title>S</title>"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := t.TempDir()
			sitetest.WriteFiles(t, src, tt.files)
			out := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, src, content.Options{Theme: theme, Dest: out, BrokenLinks: "warn"}); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(out, "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), tt.want) {
				i := strings.Index(string(b), "<title>")
				t.Errorf("home page: want %s, have %.60s", tt.want, string(b)[max(i, 0):])
			}
		})
	}
}

// TestVitePressDocTitles: VitePress's <title> (createTitle: "const title
// = pageData.title || siteData.title", then " | " and the site's title,
// the title alone where it is the site's;
// https://vitepress.dev/reference/site-config#titletemplate) on the
// pages sitegen titles otherwise: a folder's index.md with no heading
// (the site's title alone, not the folder's name) and the 404 page
// (VitePress's is titled "404").
func TestVitePressDocTitles(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{".vitepress/config.mts": "export default {title: 'V'}\n",
		"index.md": "# Home\n", "rules/index.md": "Text without a heading.\n", "rules/a.md": "# A\n"})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: out, BrokenLinks: "warn"}); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{"rules/index.html": "<title>V</title>", "rules/a.html": "<title>A | V</title>", "404.html": "<title>404 | V</title>"} {
		b, err := os.ReadFile(filepath.Join(out, file))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), want) {
			i := strings.Index(string(b), "<title>")
			t.Errorf("%s: want %s, have %.60s", file, want, string(b)[max(i, 0):])
		}
	}
}
