package vitepress

import (
	"slices"
	"testing"
)

// TestTabsUsed: the plugin counts when the settings import
// tabsMarkdownPlugin from vitepress-plugin-tabs and md.use it ("import {
// tabsMarkdownPlugin } from 'vitepress-plugin-tabs' … markdown: { config(md)
// { md.use(tabsMarkdownPlugin) } }", https://vitepress-plugins.sapphi.red/tabs/#usage).
func TestTabsUsed(t *testing.T) {
	tests := []struct {
		name, raw string
		want      bool
	}{
		{"used", "import { tabsMarkdownPlugin } from 'vitepress-plugin-tabs'\nexport default {markdown: {config(md) { md.use(tabsMarkdownPlugin) }}}\n", true},
		{"renamed", "import { tabsMarkdownPlugin as tabs } from \"vitepress-plugin-tabs\"\nexport default {markdown: {config: md => md.use(tabs)}}\n", true},
		{"imported, not used", "import { tabsMarkdownPlugin } from 'vitepress-plugin-tabs'\nexport default {}\n", false},
		{"another package", "// import tabsMarkdownPlugin from '@lando/vitepress-theme-default-plus/'\nexport default {markdown: {config(md) { md.use(tabsMarkdownPlugin) }}}\n", false},
	}
	for _, tt := range tests {
		if got := tabsUsed([]byte(tt.raw)); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestExpandTabs: in a ::: tabs container "== tab a" starts a tab labelled
// "tab a", its content running to the next such line
// (https://vitepress-plugins.sapphi.red/tabs/#syntax: ":::tabs / == tab a /
// a content / == tab b / b content / :::"): each label becomes a bold
// paragraph of its own, shown above its content; "==" lines outside a tabs
// container, in a fence, or after it closes are left as they are, and the
// line map points each line at its source line.
func TestExpandTabs(t *testing.T) {
	src := "==x\n:::tabs\n== tab a\na content\n```\n== code\n```\n==tab b\n| h |\n|-|\n:::\n== after\n"
	x := expandTabs([]byte(src))
	want := "==x\n:::tabs\n**tab a**\n\na content\n```\n== code\n```\n**tab b**\n\n| h |\n|-|\n:::\n== after\n"
	if string(x.Src) != want {
		t.Errorf("got %q\nwant %q", x.Src, want)
	}
	if lines := []int{1, 2, 3, 3, 4, 5, 6, 7, 8, 8, 9, 10, 11, 12}; !slices.Equal(x.Lines, lines) {
		t.Errorf("lines %v, want %v", x.Lines, lines)
	}
	if y := expandTabs([]byte("no tabs here\n== x\n")); y.Lines != nil || string(y.Src) != "no tabs here\n== x\n" {
		t.Errorf("a page without tabs changed: %q %v", y.Src, y.Lines)
	}
}
