package vitepress

import (
	"fmt"
	"slices"
	"testing"
)

// TestExpandFrontmatter: "you can use Vue-style interpolation in text"
// (https://vitepress.dev/guide/using-vue#templating) and $frontmatter is
// the page's front matter (https://vitepress.dev/reference/runtime-api#usedata):
// `# {{ $frontmatter.title }}` heads each event page of a VitePress wiki
// (eval4B H8). "By default, fenced code blocks are automatically wrapped
// with v-pre" and "::: v-pre" escapes a block (…#escaping): neither is
// read. Inline code is compiled by Vue (vuejs/vitepress discussion 3724:
// only a v-pre attribute escapes it).
func TestExpandFrontmatter(t *testing.T) {
	tests := []struct {
		name, src, want string
		warns           []string // "line:col"
	}{
		{"the h1 from the title", "---\ntitle: Fever\n---\n# {{ $frontmatter.title }}\n", "---\ntitle: Fever\n---\n# Fever\n", nil},
		{"spaces optional, a number", "---\nlevel: 3\n---\nLevel {{$frontmatter.level}}.\n", "---\nlevel: 3\n---\nLevel 3.\n", nil},
		{"punctuation is text, not Markdown or HTML", "---\ntitle: \"*A* <b>\"\n---\n# {{ $frontmatter.title }}\n", "---\ntitle: \"*A* <b>\"\n---\n# &#42;A&#42; &#60;b&#62;\n", nil},
		{"other punctuation as written (a title made from the heading reads so)", "---\ntitle: \"81 - Killed (again), why?\"\n---\n# {{ $frontmatter.title }}\n", "---\ntitle: \"81 - Killed (again), why?\"\n---\n# 81 - Killed (again), why?\n", nil},
		{"an absent key is empty, as Vue shows undefined", "---\ntitle: T\n---\nx{{ $frontmatter.nope }}y\n", "---\ntitle: T\n---\nxy\n", nil},
		{"in inline code, as written", "---\nname: a*b\n---\n`{{ $frontmatter.name }}`\n", "---\nname: a*b\n---\n`a*b`\n", nil},
		{"not in fenced code", "---\ntitle: T\n---\n```md\n# {{ $frontmatter.title }}\n```\n", "---\ntitle: T\n---\n```md\n# {{ $frontmatter.title }}\n```\n", nil},
		{"not in ::: v-pre", "---\ntitle: T\n---\n::: v-pre\n{{ $frontmatter.title }}\n:::\n{{ $frontmatter.title }}\n", "---\ntitle: T\n---\n::: v-pre\n{{ $frontmatter.title }}\n:::\nT\n", nil},
		{"other expressions warned", "---\ntitle: T\n---\n\n{{ 1 + 1 }} and é {{ $page.title }}\n", "---\ntitle: T\n---\n\n{{ 1 + 1 }} and é {{ $page.title }}\n", []string{"5:1", "5:19"}},
		{"a list is warned", "---\ntags: [a, b]\n---\n{{ $frontmatter.tags }}\n", "---\ntags: [a, b]\n---\n{{ $frontmatter.tags }}\n", []string{"4:1"}},
		{"no front matter", "# {{ $frontmatter.title }}\n", "# \n", nil},
	}
	for _, tt := range tests {
		x := Expand("a.md", []byte(tt.src), nil)
		var warns []string
		for _, p := range x.Problems {
			if !p.Warning {
				t.Errorf("%s: an error %q", tt.name, p.Msg)
			}
			warns = append(warns, fmt.Sprintf("%d:%d", p.Line, p.Col))
		}
		if string(x.Src) != tt.want || !slices.Equal(warns, tt.warns) || x.Lines != nil {
			t.Errorf("%s: Expand(%q) = %q, warnings at %v, lines %v; want %q, %v", tt.name, tt.src, x.Src, warns, x.Lines, tt.want, tt.warns)
		}
	}
}
