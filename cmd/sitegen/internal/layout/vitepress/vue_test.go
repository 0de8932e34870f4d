package vitepress

import (
	"fmt"
	"slices"
	"strings"
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

// TestExpandVueComponent: "The root-level <script> and <style> tags in
// Markdown files work just like they do in Vue SFC, including <script
// setup>" (https://vitepress.dev/guide/using-vue#script-and-style). A
// calculator so written (TheoristMC/worlds-frvr-wiki
// trigger-scripts/jump.md: <script setup> and a <form> bound with
// v-model and @click) runs only under Vue: removed whole, its lines kept
// empty, with one warning naming its parts, and no stray text (the
// button's "Convert").
func TestExpandVueComponent(t *testing.T) {
	form := "<div>\n  <form>\n    <input v-model=\"n\"/>\n    <button type=\"button\" @click=\"go\">\n      Convert\n    </button>\n  </form>\n</div>\n"
	tests := []struct {
		name, src, want string
		warn            string // "line:col" and the parts named; "" for none
	}{
		{"script setup and its form", "# Jump\n\n<script setup>\nconst n = 1\n\nfunction go() {}\n</script>\n\n" + form + "\nAfter.\n",
			"# Jump\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\nAfter.\n", "3:1 <script setup> at line 3, <div> holding a <form> at line 9"},
		{"front matter kept, lines counted from the file", "---\ntitle: T\n---\n<form>\n<input v-model=\"x\">\n</form>\ntext\n",
			"---\ntitle: T\n---\n\n\n\n\n", "4:1 <form> at line 4"},
		{"plain HTML without a binding is the raw-HTML filter's", "<div class=\"x\">\n<b>a</b>\n</div>\n", "<div class=\"x\">\n<b>a</b>\n</div>\n", ""},
		{"not in fenced code", "```vue\n<script setup>\n</script>\n<input v-model=\"x\">\n```\n", "```vue\n<script setup>\n</script>\n<input v-model=\"x\">\n```\n", ""},
		{"a binding in text is not a block", "Write `<input v-model=\"x\">` so.\n", "Write `<input v-model=\"x\">` so.\n", ""},
	}
	for _, tt := range tests {
		x := Expand("a.md", []byte(tt.src), nil)
		warn := ""
		for _, p := range x.Problems {
			if !p.Warning {
				t.Errorf("%s: an error %q", tt.name, p.Msg)
			}
			warn += fmt.Sprintf("%d:%d %s", p.Line, p.Col, p.Msg)
		}
		if string(x.Src) != tt.want {
			t.Errorf("%s: Expand(%q) = %q; want %q", tt.name, tt.src, x.Src, tt.want)
		}
		if len(x.Problems) > 1 || (tt.warn == "") != (warn == "") {
			t.Errorf("%s: warnings %q; want one with %q", tt.name, warn, tt.warn)
		}
		if tt.warn != "" {
			pos, parts, _ := strings.Cut(tt.warn, " ")
			if !strings.HasPrefix(warn, pos+" ") || !strings.Contains(warn, parts) {
				t.Errorf("%s: warning %q; want at %s naming %q", tt.name, warn, pos, parts)
			}
		}
	}
}
