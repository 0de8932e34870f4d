package site

import (
	"regexp"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestParentOfTwoTitles: just-the-docs' parent: names a page by its title
// ("parent: the title of the parent page", with grand_parent: "the title
// of the parent's parent" when titles are not unique,
// https://just-the-docs.com/docs/navigation/children/); a title two pages
// share is a warning naming both, and grand_parent: settles it without
// one.
func TestParentOfTwoTitles(t *testing.T) {
	for _, tt := range []struct {
		name, grand string
		warning     string
		under       string // the page whose navigation lists the child
	}{
		{"two pages of the title", "", `docs/guide.md:1:1: parent: "Second Edition" is the title of 2 pages, docs/core/second.md and docs/localization/second.md`, "/docs/core/second/"},
		{"grand_parent says which", "grand_parent: Localization\n", "", "/docs/localization/second/"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"_config.yml":                 "title: SRD\n",
				"index.md":                    "---\ntitle: Home\n---\n",
				"docs/core.md":                "---\ntitle: Core\n---\n",
				"docs/localization.md":        "---\ntitle: Localization\n---\n",
				"docs/core/second.md":         "---\ntitle: Second Edition\nparent: Core\n---\n",
				"docs/localization/second.md": "---\ntitle: Second Edition\nparent: Localization\n---\n",
				"docs/guide.md":               "---\ntitle: Player's Guide\nparent: Second Edition\n" + tt.grand + "---\n",
			})
			res, err := build(t, dir, Options{Theme: theme})
			if err != nil {
				t.Fatal(err)
			}
			got := res.WarningList.Error()
			if tt.warning != "" && !strings.Contains(got, tt.warning) || tt.warning == "" && strings.Contains(got, "parent:") {
				t.Errorf("warnings:\n%s\nwant %q", got, tt.warning)
			}
			out := readTree(t, dir+"/public")
			if page := out[strings.TrimPrefix(tt.under, "/")+"index.html"]; !strings.Contains(page, `href="/docs/guide/"`) {
				t.Errorf("%s does not list the guide", tt.under)
			}
		})
	}
}

// TestMissingNoteMessage: a broken wikilink names where the note was
// looked for in the editor's words: the vault, not "./".
func TestMissingNoteMessage(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{".obsidian/app.json": "{}", "a.md": "# A\n\nSee [[Gnome]].\n"})
	_, err := build(t, dir, Options{Theme: theme})
	if err == nil || !strings.Contains(err.Error(), `a.md:3:5: broken wikilink [[Gnome]]: no note or file named "Gnome" in the vault`) {
		t.Errorf("err = %v", err)
	}
}

// TestMkDocsAttrList: "markdown_extensions: [attr_list]" in mkdocs.yml
// (https://python-markdown.github.io/extensions/attr_list/) sets the
// attributes of images, links and headings, never shown as text (issue
// 32, G6: evaluate3 #21's portraits showed "{ width="50%" }"); through
// the raw-HTML sanitiser's allowlist: no handler, no style. Without the
// extension MkDocs shows the braces as text, and so does sitegen.
func TestMkDocsAttrList(t *testing.T) {
	page := "# Home\n\n![A](a.png){ width=\"50%\" }\n\n## Rules {#the-rules .note}\n\n" +
		"[out](https://example.org/){ target=_blank onclick=\"x()\" style=\"color:red\" }\n"
	for _, tt := range []struct {
		name, config string
		want, not    []string
	}{
		{"listed", "site_name: W\nmarkdown_extensions:\n  - attr_list\n",
			[]string{`alt="A" width="50%"`, `id="the-rules" class="note"`, `href="https://example.org/" target="_blank"`},
			[]string{"width=", "{", "onclick", "color:red"}},
		{"not listed", "site_name: W\n", []string{"{ width=", "{ target=_blank"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{"mkdocs.yml": tt.config, "docs/index.md": page, "docs/a.png": "png"})
			if _, err := build(t, dir, Options{Theme: theme, BrokenLinks: "warn"}); err != nil {
				t.Fatal(err)
			}
			out := readTree(t, dir+"/public")["index.html"]
			main := out[strings.Index(out, "<h1"):]
			main = main[:strings.Index(main, "</main>")]
			text := regexp.MustCompile(`<[^>]*>`).ReplaceAllString(main, "")
			for _, w := range tt.want {
				if !strings.Contains(main, strings.ReplaceAll(w, `"`, "&#34;")) && !strings.Contains(main, w) && !strings.Contains(text, w) {
					t.Errorf("page lacks %q:\n%s", w, main)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(text, n) || n != "width=" && n != "{" && strings.Contains(main, n) {
					t.Errorf("page shows %q:\n%s", n, main)
				}
			}
		})
	}
}
