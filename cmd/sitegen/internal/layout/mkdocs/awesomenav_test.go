package mkdocs

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestAwesomeNavYML checks the awesome-nav plugin's .nav.yml rules, each
// quoted from its documentation (https://lukasgeiter.github.io/mkdocs-awesome-nav/,
// v3) or, where it says nothing, from its source (mkdocs_awesome_nav/nav).
func TestAwesomeNavYML(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string
		warn  string
		// notInNav is mkdocs.yml's not_in_nav.
		notInNav string
	}{
		{
			// "By default, the navigation is sorted by path" (ConfigModel.nav:
			// "@(index.md|README.md)" first, then "*"); sections after pages
			// ("sections: last").
			name:  "default",
			files: map[string]string{"b.md": "", "index.md": "", "a.md": "", "guides/x.md": "", "c10.md": "", "c9.md": ""},
			want:  "index.md\na.md\nb.md\nc9.md\nc10.md\n[Guides]\n  guides/x.md\n",
		},
		{
			// "type: natural" sorts with natsort's ns.PATH when not by title:
			// folder by folder, the extension apart.
			name:  "natural path",
			files: map[string]string{"setup-advanced.md": "", "setup.md": "", "a-b/x.md": "", "a/y.md": ""},
			want:  "setup.md\nsetup-advanced.md\n[A]\n  a/y.md\n[A b]\n  a-b/x.md\n",
		},
		{
			// features/nav: "Insert individual pages", "Insert entire
			// directories as sections", "Create sections", "Insert all files
			// and directories that match glob patterns", "Create external links".
			name: "nav entries",
			files: map[string]string{
				".nav.yml":                 "nav:\n  - getting-started.md\n  - guides\n  - More Resources:\n    - \"*\"\n    - MkDocs: https://mkdocs.org\n",
				"getting-started.md":       "",
				"support.md":               "",
				"guides/authentication.md": "",
				"guides/error-handling.md": "",
			},
			want: "getting-started.md\n[Guides]\n  guides/authentication.md\n  guides/error-handling.md\n[More Resources]\n  support.md\n  [MkDocs]->https://mkdocs.org\n",
		},
		{
			// "The markdown file can be located in a different directory";
			// "You can also override the title"; a page listed is not
			// listed again by its folder's "*".
			name: "titles and other folders",
			files: map[string]string{
				".nav.yml":        "nav:\n  - Help: help/support.md\n  - Docs: guides\n",
				"help/support.md": "", "help/other.md": "", "guides/a.md": "",
			},
			want: "help/support.md=Help\n[Docs]\n  guides/a.md\n",
		},
		{
			// A .nav.yml nav: lists what shows: a page it does not list
			// is not in the navigation (no append_unmatched).
			name: "unlisted left out; append_unmatched",
			files: map[string]string{
				".nav.yml": "nav:\n  - b.md\n",
				"a.md":     "", "b.md": "", "c.md": "",
				"s/.nav.yml": "append_unmatched: true\nnav:\n  - z.md\n",
				"s/z.md":     "", "s/y.md": "",
			},
			want: "b.md\n",
		},
		{
			// "append_unmatched ... Append unmatched items": a "*" after nav:.
			name: "append_unmatched",
			files: map[string]string{
				".nav.yml": "append_unmatched: true\nnav:\n  - c.md\n",
				"a.md":     "", "b.md": "", "c.md": "",
			},
			want: "c.md\na.md\nb.md\n",
		},
		{
			// "title: Custom title for this directory"; "hide: Hide this
			// directory in the navigation"; "preserve_directory_names:
			// Disable formatting of generated directory titles".
			name: "title hide preserve",
			files: map[string]string{
				"a_b/.nav.yml": "title: Lorem Ipsum\n", "a_b/x.md": "",
				"hidden/.nav.yml": "hide: true\n", "hidden/y.md": "",
				"my-dir/.nav.yml": "preserve_directory_names: true\n", "my-dir/z.md": "",
				"other_dir/w.md": "",
			},
			want: "[Lorem Ipsum]\n  a_b/x.md\n[my-dir]\n  my-dir/z.md\n[Other dir]\n  other_dir/w.md\n",
		},
		{
			// "sort: direction: desc"; "type: alphabetical"; "by: filename";
			// "sections: first".
			name: "sort",
			files: map[string]string{
				".nav.yml": "sort:\n  direction: desc\n  type: alphabetical\n  sections: first\n",
				"p1.md":    "", "p10.md": "", "p2.md": "", "sub/q.md": "",
			},
			want: "[Sub]\n  sub/q.md\np2.md\np10.md\np1.md\n",
		},
		{
			// "by: title": "metadata.get("title") or" the file name.
			name: "sort by title",
			files: map[string]string{
				".nav.yml": "sort:\n  by: title\n",
				"a.md":     "---\ntitle: Zeta\n---\n", "b.md": "---\ntitle: Alpha\n---\n", "c.md": "# Heading\n",
			},
			want: "b.md\nc.md\na.md\n",
		},
		{
			// "flatten_single_child_sections: For sections with a single
			// child, show the child instead of the section"; "Sections that
			// are manually created with nav remain unaffected by this".
			name: "flatten",
			files: map[string]string{
				".nav.yml":                     "flatten_single_child_sections: true\nnav:\n  - architecture\n  - Manual:\n    - one.md\n",
				"architecture/architecture.md": "", "one.md": "",
			},
			want: "architecture/architecture.md\n[Manual]\n  one.md\n",
		},
		{
			// "ignore: Hide everything that matches this glob pattern".
			name: "ignore",
			files: map[string]string{
				".nav.yml": "ignore: \"*.hidden.md\"\n",
				"a.md":     "", "b.hidden.md": "", "s/c.hidden.md": "", "s/d.md": "",
			},
			want: "a.md\n[S]\n  s/d.md\n",
		},
		{
			// Multiple Children: "it can be accomplished using a glob
			// pattern in nav: - guides/*".
			name:  "glob flattens",
			files: map[string]string{".nav.yml": "nav:\n  - guides/*\n", "guides/authentication.md": "", "guides/error-handling.md": ""},
			want:  "guides/authentication.md\nguides/error-handling.md\n",
		},
		{
			// A pattern that matches nothing: "The nav item '…' doesn't
			// match any files or directories"; an unknown key is named.
			name:  "warnings",
			files: map[string]string{".nav.yml": "colour: red\nnav:\n  - nope/*\n  - a.md\n", "a.md": ""},
			want:  "a.md\n",
			warn:  ".nav.yml:3: The nav item 'nope/*' doesn't match|docs/.nav.yml:1: colour",
		},
		{
			// not_in_nav: "A list of page paths or patterns that ...
			// shouldn't appear in the navigation"
			// (https://www.mkdocs.org/user-guide/configuration/#not_in_nav);
			// the plugin takes the pages "is_in_nav". A folder left empty
			// is no section.
			name:     "not_in_nav",
			files:    map[string]string{"a.md": "", "b_not_in_nav.md": "", "x/c_not_in_nav.md": "", "y/d.md": ""},
			notInNav: "**/*_not_in_nav.md\n/y/\n",
			want:     "a.md\n",
		},
		{
			// use_index_title: "To use the title from an index.md file as
			// the directory navigation title" (features/titles; its meta
			// title:, NavDirectory._get_index_md_title).
			name:  "use_index_title",
			files: map[string]string{".nav.yml": "use_index_title: true\n", "guide/index.md": "---\ntitle: The Guide\n---\n", "guide/a.md": ""},
			want:  "[The Guide]\n  guide/index.md\n  guide/a.md\n",
		},
		{
			// "@(index.md|README.md)" is an EXTGLOB group; pages resolve
			// before folders, so a page a parent's nav: lists is not in its
			// folder's section (resolve_in_priority_order).
			name: "extglob and priority",
			files: map[string]string{
				".nav.yml": "nav:\n  - sub\n  - sub/b.md\n  - \"@(x|y).md\"\n",
				"sub/a.md": "", "sub/b.md": "", "x.md": "", "y.md": "", "z.md": "",
			},
			want: "[Sub]\n  sub/a.md\nsub/b.md\nx.md\ny.md\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{}
			for k, v := range tt.files {
				files["docs/"+k] = v
			}
			writeTree(t, dir, files)
			hide, _ := notInNav(&yaml.Node{Kind: yaml.ScalarNode, Value: tt.notInNav})
			tree, nt, err := awesomeNavTree(dir, "docs", nil, "", hide, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := navString(flatten(tree, 0, nil)); got != tt.want {
				t.Errorf("nav:\n%s\nwant:\n%s", got, tt.want)
			}
			all := strings.Join(append(nt.warns, nt.notes...), "\n")
			for _, w := range strings.Split(tt.warn, "|") {
				if w != "" && !strings.Contains(all, w) {
					t.Errorf("messages %q lack %q", all, w)
				}
			}
		})
	}
}

// TestAwesomeNavPatterns checks the glob patterns of a .nav.yml's nav:
// and ignore:, each with the example of the plugin's documentation
// (https://lukasgeiter.github.io/mkdocs-awesome-nav/features/nav/#glob-patterns,
// features/hiding/#ignore-patterns): "This feature uses wcmatch under the
// hood ... Enabled flags: GLOBSTAR | EXTGLOB" (no BRACE, no NEGATE).
func TestAwesomeNavPatterns(t *testing.T) {
	tree := map[string]string{"getting-started.md": "", "support.md": "", "guides/authentication.md": "", "guides/error-handling.md": ""}
	with := func(navYML string, files map[string]string) map[string]string {
		out := map[string]string{".nav.yml": navYML}
		for k, v := range files {
			out[k] = v
		}
		return out
	}
	tests := []struct {
		name  string
		files map[string]string
		want  string
		warn  string
	}{
		{
			// "Let's begin a with a simple example, `*` matches everything
			// in the current directory".
			name:  "star",
			files: with("nav:\n  - \"*\"\n", tree),
			want:  "getting-started.md\nsupport.md\n[Guides]\n  guides/authentication.md\n  guides/error-handling.md\n",
		},
		{
			// "Only markdown files": "*.md".
			name:  "only markdown files",
			files: with("nav:\n  - \"*.md\"\n", tree),
			want:  "getting-started.md\nsupport.md\n",
		},
		{
			// "Only directories": "*/".
			name:  "only directories",
			files: with("nav:\n  - \"*/\"\n", tree),
			want:  "[Guides]\n  guides/authentication.md\n  guides/error-handling.md\n",
		},
		{
			// "Files with a suffix": "*.public.md".
			name:  "suffix",
			files: with("nav:\n  - \"*.public.md\"\n", map[string]string{"getting-started.public.md": "", "support.md": ""}),
			want:  "getting-started.public.md\n",
		},
		{
			// "Logical OR": "*.@(public|published).md".
			name:  "logical or",
			files: with("nav:\n  - \"*.@(public|published).md\"\n", map[string]string{"getting-started.public.md": "", "release-notes.published.md": "", "support.md": ""}),
			want:  "getting-started.public.md\nrelease-notes.published.md\n",
		},
		{
			// Deep Matches, "All pages": "**/*.md" ("Matching files and
			// directories are inserted into the navigation as a flat list.
			// By default, they are still sorted by path").
			name:  "deep matches",
			files: with("nav:\n  - \"**/*.md\"\n", tree),
			want:  "getting-started.md\nguides/authentication.md\nguides/error-handling.md\nsupport.md\n",
		},
		{
			// "One level deep": "*/index.md".
			name:  "one level deep",
			files: with("nav:\n  - \"*/index.md\"\n", map[string]string{"guides/authentication.md": "", "guides/index.md": "", "guides/error-handling.md": "", "help/index.md": "", "help/support.md": ""}),
			want:  "guides/index.md\nhelp/index.md\n",
		},
		{
			// wcmatch's EXTGLOB (https://facelessuser.github.io/wcmatch/glob/):
			// "!(pattern_list) Matches anything except the given patterns",
			// within a path segment, as bash's extglob.
			name:  "extglob negation",
			files: with("nav:\n  - \"!(index|support).md\"\n  - \"guides/!(*-handling).md\"\n", map[string]string{"index.md": "", "support.md": "", "rules.md": "", "index-2.md": "", "guides/authentication.md": "", "guides/error-handling.md": ""}),
			want:  "index-2.md\nrules.md\nguides/authentication.md\n",
		},
		{
			// wcmatch: "?(pattern_list) Matches zero or one occurrence",
			// "+(pattern_list) Matches one or more occurrences",
			// "*(pattern_list) Matches zero or more occurrences"; "?" one
			// character, "[seq]" one of seq, "[!seq]" none of seq.
			name:  "extglob counts and classes",
			files: with("nav:\n  - \"a?(-x).md\"\n  - \"b+(1|2).md\"\n  - \"c*(z).md\"\n  - \"d?.md\"\n  - \"e[0-4].md\"\n  - \"f[!0-4].md\"\n", map[string]string{"a.md": "", "a-x.md": "", "a-x-x.md": "", "b.md": "", "b12.md": "", "c.md": "", "czz.md": "", "d1.md": "", "d12.md": "", "e3.md": "", "e7.md": "", "f3.md": "", "f7.md": ""}),
			want:  "a.md\na-x.md\nb12.md\nc.md\nczz.md\nd1.md\ne3.md\nf7.md\n",
		},
		{
			// "Enabled flags: GLOBSTAR | EXTGLOB": without wcmatch's BRACE
			// flag "{a,b}" is no alternation; without NEGATE a leading "!"
			// is no exclusion. Both match nothing here, and say so.
			name:  "no braces, no negate",
			files: with("nav:\n  - \"{a,b}.md\"\n  - \"!a.md\"\n  - c.md\n", map[string]string{"a.md": "", "b.md": "", "c.md": ""}),
			want:  "c.md\n",
			warn:  ".nav.yml:2: The nav item '{a,b}.md' doesn't match|.nav.yml:3: The nav item '!a.md' doesn't match",
		},
		{
			// "Make it a list if you have multiple patterns: ignore: -
			// "*.hidden.md" - hidden/"; a pattern ending in "/" matches
			// folders only (create_absolute_pattern keeps the "/", and
			// folders are matched as "path/").
			name:  "ignore list, folders",
			files: map[string]string{".nav.yml": "ignore:\n  - \"*.hidden.md\"\n  - hidden/\n", "a.md": "", "faq.hidden.md": "", "hidden/b.md": "", "s/hidden/c.md": "", "s/d.md": ""},
			want:  "a.md\n[S]\n  s/d.md\n",
		},
		{
			// "If you want to keep the inherited ignore patterns and extend
			// them with additional ones, use the special $inherit value";
			// without it a child's ignore: replaces its parent's ("ignore
			// applies to all child directories as well, unless it's
			// overridden by a .nav.yml there"). A pattern that starts
			// with "/" is relative to its folder (NavConfig.ignore), any
			// other matches below it at any depth.
			name: "ignore inherit and anchored",
			files: map[string]string{
				".nav.yml": "ignore: \"*.draft.md\"\n", "a.md": "", "x.draft.md": "",
				"keep/.nav.yml": "ignore:\n  - $inherit\n  - \"*.old.md\"\n", "keep/b.draft.md": "", "keep/c.old.md": "", "keep/d.md": "",
				"over/.nav.yml": "ignore: /e.md\n", "over/e.md": "", "over/f.draft.md": "", "over/sub/e.md": "",
			},
			want: "a.md\n[Keep]\n  keep/d.md\n[Over]\n  over/f.draft.md\n  [Sub]\n    over/sub/e.md\n",
		},
		{
			// A pattern sitegen cannot read is a warning naming it and its
			// file:line, not silence.
			name:  "unreadable pattern",
			files: with("nav:\n  - a.md\n  - \"@(b|!(c)).md\"\n", map[string]string{"a.md": "", "b.md": ""}),
			want:  "a.md\n",
			warn:  "docs/.nav.yml:3: nav: pattern \"@(b|!(c)).md\"",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{}
			for k, v := range tt.files {
				files["docs/"+k] = v
			}
			writeTree(t, dir, files)
			tree, nt, err := awesomeNavTree(dir, "docs", nil, "", nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := navString(flatten(tree, 0, nil)); got != tt.want {
				t.Errorf("nav:\n%s\nwant:\n%s", got, tt.want)
			}
			all := strings.Join(append(nt.warns, nt.notes...), "\n")
			for _, w := range strings.Split(tt.warn, "|") {
				if w != "" && !strings.Contains(all, w) {
					t.Errorf("messages %q lack %q", all, w)
				}
			}
			if tt.warn == "" && len(nt.warns) > 0 {
				t.Errorf("unexpected warnings %q", nt.warns)
			}
		})
	}
}
