package layout

import (
	"strings"
	"testing"
)

// TestParseGlobs: fast-glob's pattern syntax
// (https://github.com/mrmlnc/fast-glob#pattern-syntax), which VitePress'
// srcExclude and Docusaurus' exclude are written in: "**" any number of
// folders, "*" and "?" inside one name, "{a,b}" either, "[...]" a class,
// and a pattern is matched from the folder's top ("*.md" at the top only).
func TestParseGlobs(t *testing.T) {
	tests := []struct {
		pattern, rel string
		dir, want    bool
	}{
		{pattern: "**/README.md", rel: "README.md", want: true},
		{pattern: "**/README.md", rel: "a/b/README.md", want: true},
		{pattern: "**/TODO.md", rel: "a/todo.md", want: false},
		{pattern: "drafts/**", rel: "drafts/a/b.md", want: true},
		{pattern: "drafts/**", rel: "x/drafts/a.md", want: false},
		{pattern: "drafts", rel: "drafts/a.md", want: true}, // a folder that matches holds what it holds
		{pattern: "drafts/", rel: "drafts", dir: true, want: true},
		{pattern: "drafts/", rel: "drafts", want: false},
		{pattern: "*.md", rel: "a.md", want: true},
		{pattern: "*.md", rel: "x/a.md", want: false}, // unlike .gitignore
		{pattern: "**/_*.{js,jsx,ts,tsx,md,mdx}", rel: "a/_partial.mdx", want: true},
		{pattern: "**/_*.{js,jsx,ts,tsx,md,mdx}", rel: "a/_partial.mdxx", want: false},
		{pattern: "**/_*.{js,jsx,ts,tsx,md,mdx}", rel: "_partial.md", want: true},
		{pattern: "**/_*/**", rel: "a/_private/b.md", want: true},
		{pattern: "**/_*/**", rel: "a/b_c/d.md", want: false},
		{pattern: "**/*.test.{js,jsx,ts,tsx}", rel: "x/a.test.ts", want: true},
		{pattern: "./notes/*.md", rel: "notes/a.md", want: true},
		{pattern: "/notes/*.md", rel: "notes/a.md", want: true},
		{pattern: "notes/*.md", rel: "notes/a/b.md", want: false},
		{pattern: "notes/?.md", rel: "notes/a.md", want: true},
		{pattern: "notes/?.md", rel: "notes/ab.md", want: false},
		{pattern: "{a,{b,c}}/x.md", rel: "c/x.md", want: true},
		{pattern: "[abc].md", rel: "b.md", want: true},
		{pattern: "[!abc].md", rel: "b.md", want: false},
		{pattern: "a{b.md", rel: "a{b.md", want: true}, // an unclosed brace is a character
		{pattern: `\*.md`, rel: "*.md", want: true},
		{pattern: `\*.md`, rel: "a.md", want: false},
		{pattern: "a.md", rel: "aXmd", want: false}, // "." is a dot
		{pattern: "[", rel: "[", want: true},
		{pattern: "", rel: "a.md", want: false},
	}
	for _, tt := range tests {
		if got := ParseGlobs(tt.pattern).Match(tt.rel, tt.dir); got != tt.want {
			t.Errorf("ParseGlobs(%q).Match(%q, %v) = %v, want %v", tt.pattern, tt.rel, tt.dir, got, tt.want)
		}
	}
	if g := ParseGlobs("**/README.md", "drafts/**"); !g.Match("drafts/x.md", false) || !g.Match("a/README.md", false) || g.Match("a/b.md", false) {
		t.Error("two patterns: a path matches either")
	}
}

// FuzzParseGlobs: no pattern makes the compiler panic, and matching stays
// linear (a regular expression) whatever the pattern.
func FuzzParseGlobs(f *testing.F) {
	for _, s := range []string{"**/_*.{js,md}", "{a,{b,c}}/**/[!x]?", `\`, "[", "{", "}", "**/**/**/**/**/a"} {
		f.Add(s, "a/b/c.md")
	}
	f.Fuzz(func(t *testing.T, pattern, rel string) {
		ParseGlobs(pattern, strings.Repeat(pattern, 3)).Match(rel, false)
	})
}
