package site

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestMkDocsCaretTilde: pymdownx.caret and pymdownx.tilde, when
// markdown_extensions lists them: "To wrap content in an insert tag,
// simply surround the text with double ^ ... To denote a superscript,
// you can surround the desired content in single ^"
// (https://facelessuser.github.io/pymdown-extensions/extensions/caret/);
// "double ~ ... <del> ... single ~ ... subscript"
// (https://facelessuser.github.io/pymdown-extensions/extensions/tilde/);
// their options "insert"/"superscript" ("Enable insert feature") turn a
// form off. Issue 32, eval7B LB9: CM_wiki's "aeginae^*CM*^" and
// "^^half^^" were shown with their carets. Without the extensions
// Python-Markdown shows the carets as text, and so does sitegen.
func TestMkDocsCaretTilde(t *testing.T) {
	page := "# Home\n\naeginae^*CM*^ takes ^^half^^ of H~2~O.\n"
	for _, tt := range []struct {
		name, config string
		want, not    []string
	}{
		{"listed", "site_name: W\nmarkdown_extensions:\n  - pymdownx.caret\n  - pymdownx.tilde\n",
			[]string{"aeginae<sup><em>CM</em></sup> takes <ins>half</ins> of H<sub>2</sub>O."}, []string{"^"}},
		{"superscript off", "site_name: W\nmarkdown_extensions:\n  - pymdownx.caret:\n      superscript: false\n",
			[]string{"aeginae^<em>CM</em>^ takes <ins>half</ins> of H"}, []string{"<sup>", "<sub>"}},
		{"not listed", "site_name: W\n", []string{"aeginae^<em>CM</em>^ takes ^^half^^ of H"}, []string{"<sup>", "<ins>"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := mkdocsHome(t, tt.config, page)
			para := out[strings.Index(out, "<p>aeginae"):]
			containsAll(t, para[:strings.Index(para, "</p>")], tt.want, tt.not)
		})
	}
}

// TestMkDocsSmartQuotes: Python-Markdown leaves quotes, dashes and
// ellipses as written unless markdown_extensions lists smarty, which
// "converts ASCII dashes, quotes and ellipses to their HTML entity
// equivalents" (https://python-markdown.github.io/extensions/smarty/).
// Issue 32, eval7B LB14: bhreia.com's "Bhreia's Brother" was shown and
// titled with a typographic apostrophe where MkDocs keeps the straight
// one.
func TestMkDocsSmartQuotes(t *testing.T) {
	page := "# Bhreia's Brother\n\nShe said \"no\" -- twice...\n"
	curly := []string{"’", "“", "–", "…", "&rsquo;", "&ldquo;", "&ndash;", "&hellip;"}
	for _, tt := range []struct {
		name, config string
		smart        bool
	}{
		{"not listed", "site_name: W\n", false},
		{"smarty", "site_name: W\nmarkdown_extensions:\n  - smarty\n", true},
		{"full name", "site_name: W\nmarkdown_extensions:\n  - markdown.extensions.smarty\n", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{"mkdocs.yml": tt.config, "docs/index.md": "# Home\n", "docs/brother.md": page})
			if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
				t.Fatal(err)
			}
			out := readTree(t, dir+"/public")["brother/index.html"]
			para := out[strings.Index(out, "<p>She said"):]
			para = para[:strings.Index(para, "</p>")]
			title := out[strings.Index(out, "<title>"):strings.Index(out, "</title>")]
			for _, text := range []string{para, title} {
				got := false
				for _, c := range curly {
					got = got || strings.Contains(text, c)
				}
				if got != tt.smart {
					t.Errorf("typographic punctuation %v, want %v: %s", got, tt.smart, text)
				}
			}
		})
	}
}

// TestMkDocsGFMExtensions: Python-Markdown is not GitHub's Markdown.
// MkDocs builds with its default extensions, "toc", "tables" and
// "fenced_code" (https://www.mkdocs.org/user-guide/configuration/#markdown_extensions:
// "MkDocs uses the Python Markdown library ... MkDocs includes some
// extensions by default"), and nothing else: "~~gone~~" stays text
// without pymdownx.tilde ("double ~ ... <del>",
// https://facelessuser.github.io/pymdown-extensions/extensions/tilde/),
// a bare URL stays text without pymdownx.magiclink ("MagicLink scans for
// URLs and emails and converts them to links",
// https://facelessuser.github.io/pymdown-extensions/extensions/magiclink/),
// and "- [ ] todo" is a list item whose text is "[ ] todo" without
// pymdownx.tasklist ("Task lists are lists of items that have checkboxes",
// https://facelessuser.github.io/pymdown-extensions/extensions/tasklist/).
// Measured with mkdocs 1.4.2 here: "<p>~~gone~~ and https://example.com/x
// and www.example.org</p>", "<li>[ ] todo</li>"; the table is a table.
func TestMkDocsGFMExtensions(t *testing.T) {
	page := "# Home\n\n~~gone~~ and https://example.com/x and www.example.org\n\n- [ ] todo\n- [x] done\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
	for _, tt := range []struct {
		name, config string
		want, not    []string
	}{
		{"not listed", "site_name: W\n",
			[]string{"<p>~~gone~~ and https://example.com/x and www.example.org</p>", "<li>[ ] todo</li>", "<li>[x] done</li>", "<th>a</th>"},
			[]string{"<del>", "<a href=\"https://example.com/x", "checkbox"}},
		{"listed", "site_name: W\nmarkdown_extensions:\n  - pymdownx.tilde\n  - pymdownx.magiclink\n  - pymdownx.tasklist:\n      custom_checkbox: true\n",
			[]string{"<del>gone</del>", `<a href="https://example.com/x">https://example.com/x</a>`, `type="checkbox"`, "<th>a</th>"},
			[]string{"~~", "[ ]"}},
		{"tilde alone", "site_name: W\nmarkdown_extensions:\n  - pymdownx.tilde\n",
			[]string{"<del>gone</del>", "and https://example.com/x and", "<li>[ ] todo</li>"},
			[]string{"checkbox", "<a href=\"https://example.com/x"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := mkdocsHome(t, tt.config, page)
			containsAll(t, out[strings.Index(out, "<p>"):strings.Index(out, "</table>")], tt.want, tt.not)
		})
	}
}

// mkdocsHome builds an MkDocs project of mkdocs.yml config and
// docs/index.md page, and returns its home page.
func mkdocsHome(t *testing.T, config, page string) string {
	t.Helper()
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{"mkdocs.yml": config, "docs/index.md": page})
	if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
		t.Fatal(err)
	}
	return readTree(t, dir+"/public")["index.html"]
}

// containsAll fails t for each of want that text lacks and each of not
// it holds.
func containsAll(t *testing.T, text string, want, not []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("page lacks %q:\n%s", w, text)
		}
	}
	for _, n := range not {
		if strings.Contains(text, n) {
			t.Errorf("page shows %q:\n%s", n, text)
		}
	}
}

// TestMkDocsObsidianSyntaxIsText: Python-Markdown reads none of
// Obsidian's syntax, so MkDocs 1.4 (measured) renders "See [[A S]](url),
// [[Plain]], ![[pic.png]], ==marked== and %%hidden%%." as
// "See <a href=\"url\">[A S]</a>, [[Plain]], ![[pic.png]], ==marked== and
// %%hidden%%.": a link whose text is in brackets, the rest text.
// NullianityWiki/mkdocs-wiki's chat reports write "[[A S]](https://t.me/…)"
// 51 times: sitegen read each as a broken wikilink, failed the default
// build, and printed the URL as text (eval14B NB10).
func TestMkDocsObsidianSyntaxIsText(t *testing.T) {
	out := mkdocsHome(t, "site_name: W\n", "# Home\n\nSee [[A S]](https://x.test/a), [[Plain]], ![[pic.png]], ==marked== and %%hidden%%.\n")
	para := out[strings.Index(out, "<p>See"):]
	containsAll(t, para[:strings.Index(para, "</p>")],
		[]string{`See <a href="https://x.test/a">[A S]</a>, [[Plain]], ![[pic.png]], ==marked== and %%hidden%%.`},
		[]string{"wikilink", "<mark>"})
}

// TestMkDocsRoamLinks: a wikilink plugin listed under plugins: reads
// [[name]] as Obsidian does: mkdocs-roamlinks-plugin "automatically link
// [[Title]] … to the markdown file" of that name anywhere in docs_dir
// (https://github.com/Jackiexiao/mkdocs-roamlinks-plugin), and
// mkdocs-ezlinks-plugin the same ("[[Page Name]] … resolved to the file
// of that name", https://github.com/orbikm/mkdocs-ezlinks-plugin). Without
// one, Python-Markdown shows them as text (TestMkDocsObsidianSyntaxIsText).
func TestMkDocsRoamLinks(t *testing.T) {
	for _, plugin := range []string{"roamlinks", "ezlinks"} {
		t.Run(plugin, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"mkdocs.yml":                  "site_name: W\nplugins:\n  - search\n  - " + plugin + "\n",
				"docs/index.md":               "# Home\n\nSee [[Grapple Rules]] and [[Grapple Rules|grappling]].\n",
				"docs/rules/Grapple Rules.md": "# Grapple\n",
			})
			if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
				t.Fatal(err)
			}
			out := readTree(t, dir+"/public")["index.html"]
			para := out[strings.Index(out, "<p>See"):]
			containsAll(t, para[:strings.Index(para, "</p>")],
				[]string{`>Grapple Rules</a>`, `>grappling</a>`, `href="`}, []string{"[["})
		})
	}
}
