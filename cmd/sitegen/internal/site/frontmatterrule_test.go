package site

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// The tools' rules for a first line of dashes (issue 32, eval6A KA6 and
// eval6B KB13), each measured with the tool's version named:
var (
	// CommonMark: "A line consisting of optionally up to three spaces of
	// indentation, followed by a sequence of three or more matching -,
	// _, or * characters, each followed optionally by any number of
	// spaces or tabs, forms a thematic break"
	// (https://spec.commonmark.org/0.31.2/#thematic-breaks); GitHub reads
	// front matter only between two lines "---" and shows "----", or a
	// "---" never closed, as a rule and text (eval6A KA6, the Cypher
	// System CSRD: 3 of 2,830 files).
	githubRule = layout.Markup{}
	// Jekyll 4.3.1: a page when the first line matches `\A---\s*\r?\n`
	// (Utils.has_yaml_header?), front matter
	// `\A(---\s*\n.*?\n?)^((---|\.\.\.)\s*$\n?)`
	// (Document::YAML_FRONT_MATTER_REGEXP): "----" is no front matter, an
	// unclosed "---" a page of the whole file, <hr> and text (measured).
	jekyllRule = layout.Markup{}
	// Hugo 0.111.3 (measured): "----\ntitle: A\n---" stops the build
	// ("failed to unmarshal YAML"), as does an unclosed "---" ("EOF
	// looking for end YAML front matter delimiter").
	hugoRule = layout.Markup{FrontMatterRuns: true, Unclosed: layout.UnclosedFails}
	// gray-matter 4.0.3, VitePress's front matter reader: "if the next
	// character after the opening delimiter is a character from the
	// delimiter, then it's not a front-matter delimiter"; "if
	// (closeIndex === -1) closeIndex = len", then "file.content = ''"
	// (measured with node: an unclosed "---" is front matter to the end).
	vitepressRule = layout.Markup{Unclosed: layout.UnclosedToEnd}
	// Docusaurus 3.10: "Takes a raw Markdown file content, and parses the
	// front matter using gray-matter" (@docusaurus/utils markdownUtils.js,
	// parseFrontMatter; https://docusaurus.io/docs/markdown-features#front-matter),
	// @11ty/gray-matter 1.0.0 with gray-matter's rule (measured with node:
	// "---\ntitle: A\n" is {title: A} and no text; "+++\n…" and "----\n…"
	// are the page's text).
	docusaurusRule = layout.Markup{Unclosed: layout.UnclosedToEnd}
	// Quartz 4: the page's data is gray-matter's (frontmatter.ts:
	// `matter(fileData, {delimiters: "---", language: "yaml", engines: {yaml, toml}})`),
	// but its text is remark's with remark-frontmatter(["yaml", "toml"]),
	// which needs a closing fence: an unclosed "---" is shown as a
	// thematic break and text (measured with node: thematicBreak,
	// paragraph), an unclosed "+++" as a paragraph. What the reader sees
	// is the text rule (UnclosedText).
	quartzRule = layout.Markup{}
)

func TestFrontMatterRuleText(t *testing.T) {
	for _, tt := range []struct {
		name, tool string
		m          layout.Markup
		in, want   string
		note       string // a part of the note; "" for none
	}{
		{"GitHub: four dashes, closed by three", "GitHub", githubRule,
			"----\naliases:\n- \"A\"\n---\n\n# A\n", "****\naliases:\n- \"A\"\n---\n\n# A\n", `the first line "----" is a thematic break`},
		{"GitHub: three dashes never closed", "GitHub", githubRule,
			"---\naliases:\n- A\n\n# A\n", "***\naliases:\n- A\n\n# A\n", `front matter is not closed: no line "---" after the opening one; shown as a rule and text, as GitHub shows it`},
		{"GitHub: spaces after the unclosed opening", "GitHub", githubRule,
			"--- \r\ntitle: A\r\n", "*** \r\ntitle: A\r\n", "not closed"},
		{"GitHub: only the opening line", "GitHub", githubRule, "---", "***", "not closed"},
		{"GitHub: closed front matter is front matter", "GitHub", githubRule,
			"---\ntitle: A\n---\nBody\n", "---\ntitle: A\n---\nBody\n", ""},
		{"GitHub: two dashes, a heading's line or text", "GitHub", githubRule, "--\nA\n", "--\nA\n", ""},
		{"GitHub: dashes then text", "GitHub", githubRule, "---x\nA\n", "---x\nA\n", ""},
		{"GitHub: after a byte order mark, left as it is", "GitHub", githubRule, "\ufeff----\nA\n", "\ufeff----\nA\n", ""},
		{"Jekyll: four dashes closed by four", "Jekyll", jekyllRule,
			"----\ntitle: A\n----\nB\n", "****\ntitle: A\n----\nB\n", "thematic break"},
		{"Hugo: four dashes open front matter", "Hugo", hugoRule,
			"----\ntitle: A\n----\nB\n", "----\ntitle: A\n----\nB\n", ""},
		{"Hugo: unclosed stays an error", "Hugo", hugoRule,
			"---\ntitle: A\n", "---\ntitle: A\n", ""},
		{"VitePress: unclosed is front matter to the end", "VitePress", vitepressRule,
			"---\nlayout: home\nhero:\n  name: R\n", "---\nlayout: home\nhero:\n  name: R\n---\n", "read to the end of the file, as VitePress reads it"},
		{"VitePress: unclosed, no line end at the end", "VitePress", vitepressRule,
			"---\ntitle: A", "---\ntitle: A\n---\n", "read to the end"},
		{"Docusaurus: unclosed is front matter to the end", "Docusaurus", docusaurusRule,
			"---\ntitle: A\n", "---\ntitle: A\n---\n", "read to the end of the file, as Docusaurus reads it"},
		{"Docusaurus: +++ never closed is text", "Docusaurus", docusaurusRule,
			"+++\ntitle = \"A\"\nbody\n", "\\+++\ntitle = \"A\"\nbody\n", `the first line "+++" is shown as text`},
		{"Quartz: unclosed is a rule and text", "Quartz", quartzRule,
			"---\ntitle: A\nbody\n", "***\ntitle: A\nbody\n", "shown as a rule and text, as Quartz shows it"},
		{"Jekyll: +++ never closed is text", "Jekyll", jekyllRule,
			"+++\ntitle = \"A\"\n", "\\+++\ntitle = \"A\"\n", "shown as text"},
		{"Jekyll: +++ closed is left to the readers", "Jekyll", jekyllRule,
			"+++\ntitle = \"A\"\n+++\nB\n", "+++\ntitle = \"A\"\n+++\nB\n", ""},
		{"Hugo: +++ never closed stays an error", "Hugo", hugoRule,
			"+++\ntitle = \"A\"\n", "+++\ntitle = \"A\"\n", ""},
		{"VitePress: four dashes", "VitePress", vitepressRule,
			"----\ntitle: A\n----\n", "****\ntitle: A\n----\n", "thematic break"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, note := content.FrontMatterRule([]byte(tt.in), tt.m, tt.tool)
			if string(got) != tt.want {
				t.Errorf("text %q, want %q", got, tt.want)
			}
			if tt.note == "" && note != "" || !strings.Contains(note, tt.note) {
				t.Errorf("note %q, want one with %q", note, tt.note)
			}
		})
	}
}

// TestFrontMatterRuleBuild builds each layout's case in strict and in
// lenient mode: where the tool builds the page (every tool but Hugo), so
// does sitegen in both, with a warning at the file's first line.
func TestFrontMatterRuleBuild(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		warn  string    // the warning, file:line:col and its start; "" when the build fails
		err   string    // the error when it fails (both modes)
		has   [2]string // an output file and a part of it
		not   string    // a text that file lacks
	}{
		{
			name: "folder: four dashes",
			files: map[string]string{"README.md": "# Home\n",
				"a.md": "----\naliases:\n- \"A\"\n---\n\n# Aye\n"},
			warn: `a.md:1:1: front matter is not opened: the first line "----" is a thematic break`,
			has:  [2]string{"a/index.html", "<hr"}, not: "front matter",
		},
		{
			name:  "folder: never closed",
			files: map[string]string{"README.md": "# Home\n", "a.md": "---\naliases:\n- A\n\n# Aye\n"},
			warn:  `a.md:1:1: front matter is not closed: no line "---" after the opening one; shown as a rule and text, as GitHub shows it`,
			has:   [2]string{"a/index.html", "<hr>\n<p>aliases:</p>"},
		},
		{
			name: "Jekyll: never closed",
			files: map[string]string{"_config.yml": "title: J\n", "index.md": "---\ntitle: Home\n---\n",
				"open.md": "---\ntitle: Open\n\n# Open\n\nText.\n"},
			warn: `open.md:1:1: front matter is not closed`,
			has:  [2]string{"open.html", "<p>title: Open</p>"},
		},
		{
			name: "MkDocs: four dashes",
			files: map[string]string{"mkdocs.yml": "site_name: M\n", "docs/index.md": "# Home\n",
				"docs/four.md": "----\ntitle: Four\n----\n\nText.\n"},
			warn: `docs/four.md:1:1: front matter is not opened`,
			has:  [2]string{"four/index.html", "<hr"},
		},
		{
			name: "Hugo: never closed",
			files: map[string]string{"hugo.toml": "title = \"H\"\n", "content/_index.md": "---\ntitle: Home\n---\n",
				"content/open.md": "---\ntitle: Open\n\nText.\n"},
			err: `content/open.md:1:1: front matter is not closed`,
		},
		{
			name: "MkDocs: +++ never closed",
			files: map[string]string{"mkdocs.yml": "site_name: M\n", "docs/index.md": "# Home\n",
				"docs/plus.md": "+++\ntitle = \"Plus\"\n\nText.\n"},
			warn: `docs/plus.md:1:1: front matter is not opened`,
			has:  [2]string{"plus/index.html", "<p>+++\ntitle = "}, not: "\\+",
		},
		{
			name: "Docusaurus: never closed",
			files: map[string]string{"docusaurus.config.js": "module.exports = {title: 'D'};\n", "docs/intro.md": "# Intro\n",
				"docs/open.md": "---\ntitle: Open Doc\n"},
			warn: `docs/open.md:1:1: front matter is not closed: no line "---" after the opening one; read to the end of the file, as Docusaurus reads it`,
			has:  [2]string{"docs/open/index.html", "Open Doc"}, not: "title: Open",
		},
		{
			name: "VitePress: never closed, a hero home",
			files: map[string]string{".vitepress/config.mts": "export default {title: 'V'}\n", "guide.md": "# Guide\n",
				"index.md": "---\nlayout: home\n\nhero:\n  name: \"Resilient Roleplay\"\n  tagline: By the players, for the players.\n"},
			warn: `index.md:1:1: front matter is not closed: no line "---" after the opening one; read to the end of the file, as VitePress reads it`,
			has:  [2]string{"index.html", "By the players, for the players."}, not: "layout: home",
		},
	} {
		for _, lenient := range []bool{false, true} {
			name := tt.name + ", strict"
			if lenient {
				name = tt.name + ", lenient"
			}
			t.Run(name, func(t *testing.T) {
				src := t.TempDir()
				sitetest.WriteFiles(t, src, tt.files)
				dest := filepath.Join(t.TempDir(), "out")
				opts := content.Options{Theme: theme, Dest: dest}
				if lenient {
					opts.BrokenLinks = "warn"
				}
				res, err := build(t, src, opts)
				if tt.err != "" {
					var ds content.Diagnostics
					if !errors.As(err, &ds) || len(ds) != 1 || !strings.Contains(ds[0].String(), tt.err) {
						t.Fatalf("errors %v, want one with %q", err, tt.err)
					}
					return
				}
				if err != nil {
					t.Fatalf("build: %v", err)
				}
				found := false
				for _, w := range res.WarningList {
					found = found || strings.Contains(w.String(), tt.warn)
				}
				if !found {
					t.Errorf("warnings %v lack %q", res.WarningList, tt.warn)
				}
				got, err := os.ReadFile(filepath.Join(dest, tt.has[0]))
				if err != nil || !strings.Contains(string(got), tt.has[1]) {
					t.Errorf("%s lacks %q (%v):\n%s", tt.has[0], tt.has[1], err, got)
				}
				if tt.not != "" && strings.Contains(string(got), tt.not) {
					t.Errorf("%s shows %q", tt.has[0], tt.not)
				}
			})
		}
	}
}
