package mkdocs

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
)

// navString writes a navigation one entry a line, indented by depth: a
// page's path, a section's or link's title in brackets, a link's target
// after "->", a title the navigation gives a page after "=".
func navString(nav []layout.NavEntry) string {
	var b strings.Builder
	for _, e := range nav {
		b.WriteString(strings.Repeat("  ", e.Depth))
		switch {
		case e.Link != "":
			b.WriteString("[" + e.Title + "]->" + e.Link)
			if e.LinkAsWritten {
				b.WriteString(" (as written)")
			}
		case e.Path == "":
			b.WriteString("[" + e.Title + "]")
		default:
			b.WriteString(e.Path)
			if e.Title != "" {
				b.WriteString("=" + e.Title)
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		f := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestAwesomeNav checks the awesome-pages plugin's rules, each quoted
// from its README (https://github.com/lukasgeiter/mkdocs-awesome-pages-plugin,
// v2.10.1) or, where the README says nothing, from its navigation.py.
func TestAwesomeNav(t *testing.T) {
	yes := true
	tests := []struct {
		name  string
		files map[string]string
		opt   awesomeOptions
		want  string
		warn  string // a warning that must be given
	}{
		{name: "MkDocs' own order without .pages",
			// MkDocs: "index files will always be listed first within a
			// sub-section"; a folder's files before its sub-folders.
			files: map[string]string{"docs/b.md": "", "docs/index.md": "", "docs/a.md": "", "docs/sub/z.md": "", "docs/sub/index.md": "", "docs/aaa/x.md": ""},
			opt:   awesomeOptions{CollapseSingle: false},
			want:  "index.md\na.md\nb.md\n[Aaa]\n  aaa/x.md\n[Sub]\n  sub/index.md\n  sub/z.md\n"},
		{name: "nav lists, the rest left out",
			// "List the files and subdirectories in the order that they
			// should appear in the navigation." "Pages or sections that are
			// not mentioned in the list will not appear in the navigation."
			files: map[string]string{"docs/.pages": "nav:\n  - subdirectory\n  - page2.md\n  - page1.md\n", "docs/page1.md": "", "docs/page2.md": "", "docs/page3.md": "", "docs/subdirectory/a.md": ""},
			want:  "[Subdirectory]\n  subdirectory/a.md\npage2.md\npage1.md\n"},
		{name: "rest",
			// "you may include a ... entry to specify where all remaining
			// items should be inserted"
			files: map[string]string{"docs/.pages": "nav:\n  - introduction.md\n  - ...\n  - summary.md\n", "docs/introduction.md": "", "docs/summary.md": "", "docs/b.md": "", "docs/a.md": ""},
			want:  "introduction.md\na.md\nb.md\nsummary.md\n"},
		{name: "filtered rest, glob and regex",
			// "it is possible to filter the remaining items using glob
			// patterns or regular expressions"; "The filter only operates
			// on remaining items ... or items that are matched by another
			// filter that appears earlier"; "a rest entry without filter
			// ... act[s] as a catch-all, inserting everything that is not
			// matched by a filter"; "The pattern is checked against the
			// basename"; "The spaces around ... are optional".
			files: map[string]string{"docs/.pages": "nav:\n  - ...\n  - '... | regex=page-[0-9]+.md'\n  - ...|glob=intro-*\n  - ... | page-*.md\n  - summary.md\n",
				"docs/intro-a.md": "", "docs/page-1.md": "", "docs/page-x.md": "", "docs/page-22.md": "", "docs/other.md": "", "docs/summary.md": "", "docs/intro-dir/z.md": ""},
			want: "other.md\npage-1.md\npage-22.md\nintro-a.md\n[Intro dir]\n  intro-dir/z.md\npage-x.md\nsummary.md\n"},
		{name: "titles and links",
			// "You can optionally specify a title for the navigation entry."
			// "You can also use the nav attribute to add additional links to
			// the navigation."
			files: map[string]string{"docs/.pages": "nav:\n  - First page: page1.md\n  - Rules: rules\n  - Link Title: https://example.test\n  - ...\n", "docs/page1.md": "", "docs/zz.md": "",
				"docs/rules/a.md": ""},
			want: "page1.md=First page\n[Rules]\n  rules/a.md\n[Link Title]->https://example.test\nzz.md\n"},
		{name: "a link that names no entry of the folder is printed as MkDocs' url filter prints a nav link",
			// navigation.py _nav: "elif meta_item.value in items_by_basename:
			// ... elif meta_item.title is not None: result.append(Link(
			// meta_item.title, meta_item.value))": only a name of the
			// folder is a file; any other value is a link, which the themes
			// print with "nav_item.url|url" (mkdocs.utils.normalize_url:
			// "if parsed.scheme or parsed.netloc or path.startswith(('/',
			// '#')): return path" as written; otherwise the path is from
			// the site's root, get_relative_url: "'..' works as parent
			// directory, but going higher than the root has no effect").
			// A Markdown path is not read as its page: MkDocs links the
			// .md file it does not publish, and the build warns.
			files: map[string]string{"docs/rules/.pages": "nav:\n  - a.md\n  - Other: ../other/b.md\n  - Blog: /atg/blog\n  - Up: ../../news/\n  - CDN: //cdn.example.test/x\n  - Top: '#top'\n  - Here: ''\n",
				"docs/rules/a.md": "", "docs/other/b.md": ""},
			want: "[Other]\n  other/b.md\n[Rules]\n  rules/a.md\n  [Other]->/other/b.md\n  [Blog]->/atg/blog (as written)\n  [Up]->/news/\n  [CDN]->//cdn.example.test/x (as written)\n  [Top]->#top (as written)\n  [Here]->/\n",
			warn: `docs/rules/.pages:3: nav link "../other/b.md" names a Markdown file, not a page: MkDocs links /other/b.md, which it does not publish`},
		{name: "a title with markup",
			// MkDocs' themes print a title as written (AllTheMods/alltheguides:
			// "- <b>Home</b>:" and a list): its text, the tags as markup.
			files: map[string]string{"docs/.pages": "nav:\n  - <b>Packs</b>:\n      - a.md\n  - Q &amp; A: b.md\n", "docs/a.md": "", "docs/b.md": ""},
			want:  "[Packs]\n  a.md\nb.md=Q & A\n"},
		{name: "a folder's own title wins",
			// "Specifying a title for a directory containing a .pages file
			// that defines a title has no effect." "set the title to
			// override the title of that directory in the navigation"
			files: map[string]string{"docs/.pages": "nav:\n  - Ignored: a\n  - Used: b\n", "docs/a/.pages": "title: Own\n", "docs/a/x.md": "", "docs/b/y.md": ""},
			want:  "[Own]\n  a/x.md\n[Used]\n  b/y.md\n"},
		{name: "sections",
			// "You can group items by creating new sections."
			files: map[string]string{"docs/.pages": "nav:\n  - introduction.md\n  - Section 1:\n      - page1.md\n      - page2.md\n  - Section 2:\n      - ...\n",
				"docs/introduction.md": "", "docs/page1.md": "", "docs/page2.md": "", "docs/page3.md": "", "docs/page4.md": ""},
			want: "introduction.md\n[Section 1]\n  page1.md\n  page2.md\n[Section 2]\n  page3.md\n  page4.md\n"},
		{name: "order desc mixes pages and sections",
			// "set the order attribute to asc or desc"; "Unlike the default
			// order, this does not distinguish between files and
			// directories. Therefore pages and sections might get mixed."
			files: map[string]string{"docs/.pages": "order: desc\n", "docs/index.md": "", "docs/b.md": "", "docs/c/x.md": "", "docs/a.md": ""},
			want:  "index.md\n[C]\n  c/x.md\nb.md\na.md\n"},
		{name: "natural sort",
			// "set the sort_type attribute to natural to use natural sort
			// order"
			files: map[string]string{"docs/.pages": "sort_type: natural\n", "docs/2.10.md": "", "docs/2.9.md": "", "docs/10.md": "", "docs/9.md": ""},
			want:  "2.9.md\n2.10.md\n9.md\n10.md\n"},
		{name: "case and ignore_case",
			// "Sorting is case-sensitive by default. To change that, set
			// ignore_case to true."
			files: map[string]string{"docs/.pages": "order: asc\n", "docs/b.md": "", "docs/B2.md": "", "docs/a.md": "",
				"docs/sub/.pages": "order: asc\nignore_case: true\n", "docs/sub/B.md": "", "docs/sub/a.md": ""},
			want: "B2.md\na.md\nb.md\n[Sub]\n  sub/a.md\n  sub/B.md\n"},
		{name: "order by title",
			// "set the order_by attribute to filename or title ... If order
			// is not set it will order ascending."
			files: map[string]string{"docs/.pages": "order_by: title\n", "docs/one.md": "# Zebra\n", "docs/two.md": "---\ntitle: Apple\n---\ntext\n", "docs/three.md": "text\n# Mango\n",
				"docs/folder/.pages": "title: Kiwi\n", "docs/folder/x.md": ""},
			// three.md has no leading heading: its file name, "Three".
			want: "two.md\n[Kiwi]\n  folder/x.md\nthree.md\none.md\n"},
		{name: "plugin options are the fallback",
			// "Global fallback values for the Meta attributes."
			files: map[string]string{"docs/b.md": "", "docs/a.md": "", "docs/sub/.pages": "order: asc\n", "docs/sub/x.md": "", "docs/sub/y.md": ""},
			opt:   awesomeOptions{sortKeys: sortKeys{Order: "desc"}},
			want:  "[Sub]\n  sub/x.md\n  sub/y.md\nb.md\na.md\n"},
		{name: "hide",
			// "set the hide attribute to true to hide the directory,
			// including all sub-pages and sub-sections, from the navigation"
			files: map[string]string{"docs/a.md": "", "docs/lore/.pages": "hide: true\n", "docs/lore/gods.md": "", "docs/lore/deep/x.md": ""},
			want:  "a.md\n"},
		{name: "collapse_single_pages",
			// "If you have directories that only contain a single page,
			// awesome-pages can collapse them, so the folder doesn't show up
			// in the navigation"; "This feature works recursively. That
			// means it will also collapse multiple levels of single pages."
			files: map[string]string{"docs/section1/img/image1.png": "", "docs/section1/index.md": "", "docs/section2/index.md": "", "docs/deep/er/est/x.md": "", "docs/two/a.md": "", "docs/two/b.md": ""},
			opt:   awesomeOptions{CollapseSingle: true},
			want:  "deep/er/est/x.md\nsection1/index.md\nsection2/index.md\n[Two]\n  two/a.md\n  two/b.md\n"},
		{name: "collapse_single_pages in .pages, collapse for one folder",
			// "If you only want to collapse certain pages, create a file
			// called .pages in the directory and set collapse_single_pages
			// to true"; "If you want to enable or disable collapsing of a
			// single page, without applying the setting recursively ... set
			// collapse to true or false"
			files: map[string]string{"docs/a/x.md": "", "docs/b/.pages": "collapse_single_pages: true\n", "docs/b/c/z.md": "",
				"docs/d/.pages": "collapse: true\n", "docs/d/w.md": "", "docs/e/.pages": "collapse: true\n", "docs/e/f/v.md": ""},
			want: "[A]\n  a/x.md\nb/c/z.md\nd/w.md\n[F]\n  e/f/v.md\n"},
		{name: "collapse_single_pages off below",
			// "You may also enable collapsing globally using the plugin
			// option and then use the .pages file to prevent certain
			// sub-sections from being collapsed by setting
			// collapse_single_pages to false."
			files: map[string]string{"docs/a/x.md": "", "docs/b/.pages": "collapse_single_pages: false\n", "docs/b/y.md": "",
				"docs/d/.pages": "collapse: false\n", "docs/d/w.md": ""},
			opt:  awesomeOptions{CollapseSingle: true},
			want: "a/x.md\n[B]\n  b/y.md\n[D]\n  d/w.md\n"},
		{name: "a folder is placed by nav: before it collapses",
			// navigation.py: _process_children orders and places a
			// folder's entries (_order, _nav) before _process_section
			// collapses its sub-folders: nav: names the folder, and the
			// title it gives goes with the section it replaces
			// (AllTheMods/alltheguides: "All The Mods - Volcano Block: atmvb").
			files: map[string]string{"docs/.pages": "nav:\n  - README.md\n  - Solo: solo\n", "docs/README.md": "", "docs/solo/README.md": ""},
			opt:   awesomeOptions{CollapseSingle: true},
			want:  "README.md\nsolo/README.md\n"},
		{name: "collapse_single_pages in the docs folder's .pages",
			// Not in the README: the plugin starts from its option
			// (navigation.py, _process_children), not the root's .pages.
			files: map[string]string{"docs/.pages": "collapse_single_pages: true\n", "docs/a/x.md": ""},
			want:  "[A]\n  a/x.md\n"},
		{name: "arrange",
			// "If you only specify some pages, they will be positioned at the
			// beginning, followed by the other pages in their original order."
			files: map[string]string{"docs/.pages": "arrange:\n  - page2.md\n  - sub\n", "docs/page1.md": "", "docs/page2.md": "", "docs/page3.md": "", "docs/sub/a.md": ""},
			want:  "page2.md\n[Sub]\n  sub/a.md\npage1.md\npage3.md\n"},
		{name: "navigation.indexes",
			// Material for MkDocs: "documents can be directly attached to
			// sections"; the plugin keeps index.md first in its folder.
			files: map[string]string{"docs/index.md": "", "docs/rules/index.md": "", "docs/rules/combat.md": "", "docs/rules/.pages": "title: The Rules\n"},
			opt:   awesomeOptions{Indexes: true},
			want:  "index.md\nrules/index.md=The Rules\n  rules/combat.md\n"},
		{name: "navigation.indexes: a section first is not an index page",
			// Material's is_index is a page's ("index" or "README" file),
			// not a section's, even one that links to its own index page
			// (AllTheMods/alltheguides: guides/.pages "nav: - contributing").
			files: map[string]string{"docs/guides/.pages": "nav:\n  - contributing\n  - ...\n", "docs/guides/README.md": "",
				"docs/guides/contributing/README.md": "", "docs/guides/contributing/examples/a.md": "", "docs/guides/contributing/examples/b.md": ""},
			opt: awesomeOptions{Indexes: true},
			want: "[Guides]\n  guides/contributing/README.md=Contributing\n    [Examples]\n      guides/contributing/examples/a.md\n" +
				"      guides/contributing/examples/b.md\n  guides/README.md\n"},
		{name: "index first without navigation.indexes",
			files: map[string]string{"docs/index.md": "", "docs/rules/index.md": "", "docs/rules/combat.md": "", "docs/rules/.pages": "title: The Rules\n"},
			want:  "index.md\n[The Rules]\n  rules/index.md\n  rules/combat.md\n"},
		{name: "a name nav: lists that is not here",
			// strict: "Raise errors instead of warnings when ... nav entries
			// cannot be found. Default is true"
			files: map[string]string{"docs/.pages": "nav:\n  - a.md\n  - gone.md\n", "docs/a.md": ""},
			want:  "a.md\n", warn: `docs/.pages:3: nav entry "gone.md" is no file or folder here`},
		{name: "filename option",
			// "filename: Name of the file used to configure pages of a directory."
			files: map[string]string{"docs/.index": "order: desc\n", "docs/.pages": "order: asc\n", "docs/a.md": "", "docs/b.md": ""},
			opt:   awesomeOptions{Filename: ".index"},
			want:  "b.md\na.md\n"},
		{name: "hidden and skipped names",
			files: map[string]string{"docs/.hidden/a.md": "", "docs/b.md": ""},
			opt:   awesomeOptions{sortKeys: sortKeys{IgnoreCase: &yes}},
			want:  "b.md\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeTree(t, dir, tt.files)
			nav, _, warns, _, err := awesomeNav(dir, "docs", nil, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if got := navString(nav); got != tt.want {
				t.Errorf("nav:\n%s\nwant:\n%s", got, tt.want)
			}
			all := strings.Join(warns, "\n")
			if tt.warn != "" && !strings.Contains(all, tt.warn) || tt.warn == "" && all != "" {
				t.Errorf("warnings %q, want %q", all, tt.warn)
			}
		})
	}
}

// TestAwesomeNavErrors: a .pages file the plugin refuses is an error at
// its line and column, naming the key.
func TestAwesomeNavErrors(t *testing.T) {
	for _, tt := range []struct{ pages, want string }{
		{"order: up\n", `docs/.pages:1:8: order: want asc or desc, not "up"`},
		{"hide: maybe\n", `docs/.pages:1:7: hide: want true or false`},
		{"nav:\n  - ... | regex=(\n", `docs/.pages:2:5: rest "... | regex=("`},
		{"nav: a.md\n", `docs/.pages:1:6: nav: want a list`},
		{"nav:\n  - {a: b, c: d}\n", `docs/.pages:2:5: a nav entry is`},
	} {
		dir := t.TempDir()
		writeTree(t, dir, map[string]string{"docs/.pages": tt.pages, "docs/a.md": ""})
		_, _, _, _, err := awesomeNav(dir, "docs", nil, awesomeOptions{})
		var ce *layout.ConfigError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want %q", tt.pages, err, tt.want)
		}
	}
}

// TestAwesomeMkDocsNavRest: "Use the nav entry in mkdocs.yml to define the
// custom part of your navigation. Include a ... entry where you want the
// navigation tree of all remaining pages to be inserted"; "The ... entry
// can also be placed at a deeper level"; "The pattern is checked against
// the path relative to the docs directory"; "By default, remaining items
// keep their hierarchical structure. You may add flat to flatten all the
// matching pages" (README; the cases are the plugin's own e2e tests,
// test_mkdocs_nav.py, and the README's examples).
func TestAwesomeMkDocsNavRest(t *testing.T) {
	readme := map[string]string{"docs/introduction.md": "", "docs/page1.md": "", "docs/page2.md": "",
		"docs/folder/introduction.md": "", "docs/folder/page3.md": "", "docs/folder/page4.md": ""}
	nested := map[string]string{"docs/a/1.md": "", "docs/a/2.md": "", "docs/a/3.md": "", "docs/a/aa/1.md": "", "docs/a/aa/2.md": "",
		"docs/b/1.md": "", "docs/b/2.md": "", "docs/b/3.md": ""}
	for _, tt := range []struct {
		name, nav string
		files     map[string]string
		want      string
	}{
		{"README: Start and the rest", "- Start:\n    - introduction.md\n    - page1.md\n    - page2.md\n- ...\n", readme,
			"[Start]\n  introduction.md\n  page1.md\n  page2.md\n[Folder]\n  folder/introduction.md\n  folder/page3.md\n  folder/page4.md\n"},
		{"README: the rest at a deeper level", "- page1.md\n- Rest:\n    - ...\n", readme,
			"page1.md\n[Rest]\n  introduction.md\n  page2.md\n  [Folder]\n    folder/introduction.md\n    folder/page3.md\n    folder/page4.md\n"},
		{"test_pattern_and_rest", "- ... | *a.md\n- 2a.md\n- ...\n", map[string]string{"docs/1a.md": "", "docs/1b.md": "", "docs/2a.md": "", "docs/3a.md": ""},
			"1a.md\n3a.md\n2a.md\n1b.md\n"},
		{"test_folder: a glob's * does not cross folders", "- b/1.md\n- ... | *.md\n- b/2.md\n- ... | a\n- b/3.md\n- ... | a/*.md\n",
			map[string]string{"docs/a/1.md": "", "docs/a/2.md": "", "docs/a/3.md": "", "docs/b/1.md": "", "docs/b/2.md": "", "docs/b/3.md": ""},
			"b/1.md\nb/2.md\nb/3.md\n[A]\n  a/1.md\n  a/2.md\n  a/3.md\n"},
		{"test_nested", "- ... | **/1.md\n- \"2\":\n    - ... | a/**/2.md\n- Rest:\n    - ...\n", nested,
			"[A]\n  a/1.md\n  [Aa]\n    a/aa/1.md\n[B]\n  b/1.md\n[2]\n  [A]\n    a/2.md\n    [Aa]\n      a/aa/2.md\n" +
				"[Rest]\n  [A]\n    a/3.md\n  [B]\n    b/2.md\n    b/3.md\n"},
		{"test_flat", "- ... | flat | **/1.md\n- \"2\":\n    - ... | flat | a/**/2.md\n- Rest:\n    - ... | flat\n", nested,
			"a/1.md\na/aa/1.md\nb/1.md\n[2]\n  a/2.md\n  a/aa/2.md\n[Rest]\n  a/3.md\n  b/2.md\n  b/3.md\n"},
		{"test_precedence", "- ...\n- \"1\":\n    - ... | 1*.md\n- '... | *[ab].md'\n",
			map[string]string{"docs/1.md": "", "docs/1a.md": "", "docs/1b.md": "", "docs/2.md": "", "docs/2a.md": "", "docs/2b.md": ""},
			"2.md\n[1]\n  1.md\n  1a.md\n  1b.md\n2a.md\n2b.md\n"},
		{"regex=, titles and links", "- Intro: page1.md\n- '... | regex=^folder/'\n- Site: https://x.test/\n", readme,
			"page1.md=Intro\n[Folder]\n  folder/introduction.md\n  folder/page3.md\n  folder/page4.md\n[Site]->https://x.test/\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeTree(t, dir, tt.files)
			var doc yaml.Node
			if err := yaml.Unmarshal([]byte(tt.nav), &doc); err != nil {
				t.Fatal(err)
			}
			nav, ok, err := awesomeRestNav(dir, "docs", nil, awesomeOptions{}, "mkdocs.yml", doc.Content[0])
			if err != nil || !ok {
				t.Fatalf("ok %v, err %v", ok, err)
			}
			if got := navString(nav); got != tt.want {
				t.Errorf("nav:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestMarkdownTitle: the title order_by: title sorts a page by is
// _get_item_title's, "Copy of mkdocs.structure.pages.Page._set_title and
// Page.read_source" (navigation.py): "page_markdown, page_meta =
// mkdocs.utils.meta.get_data(source)"; "if "title" in page_meta: return
// page_meta["title"]"; else "mkdocs.utils.get_markdown_title(
// page_markdown)", "a H1 that occurs before any other content". get_data
// reads YAML between "---" and "---" or "..." (YAML_RE
// "^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n"; a block that is not a
// mapping, or not YAML, is no meta and stays in the text), else
// MultiMarkdown meta lines ("key: value" up to a blank line, keys lower
// case, an indented line continuing the value). The file is read with
// universal newlines and utf-8-sig.
func TestMarkdownTitle(t *testing.T) {
	for _, tt := range []struct{ name, src, want string }{
		{"YAML title", "---\ntitle: Apple\n---\n# Heading\n", "Apple"},
		{"YAML closed by ...", "---\ntitle: Apple\n...\n# Heading\n", "Apple"},
		{"YAML delimiters with trailing spaces", "--- \ntitle: Apple\n---\t\n", "Apple"},
		{"YAML without a title: the heading after it", "---\ntags: [a]\n---\n\n# Heading\n", "Heading"},
		{"YAML that is not a mapping stays in the text: no heading first", "---\n- a\n---\n# Heading\n", ""},
		{"YAML that does not parse stays in the text", "---\ntitle: [unclosed\n---\n# Heading\n", ""},
		{"MultiMarkdown Title:", "Title: Mango\nAuthor: me\n\n# Heading\n", "Mango"},
		{"MultiMarkdown key in any case, value continued", "TITLE: Big\n    Mango\n\ntext\n", "Big Mango"},
		{"MultiMarkdown meta without a title: the heading after it", "Summary: a page\n\n# Heading\n", "Heading"},
		{"heading first", "\n\n# Zebra\n", "Zebra"},
		{"heading after text: none", "text\n# Mango\n", ""},
		{"no space after #: not a title", "#Tag\n", ""},
		{"CRLF and a BOM", "\ufeff---\r\ntitle: Kiwi\r\n---\r\n", "Kiwi"},
	} {
		if got := markdownTitle([]byte(tt.src)); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
