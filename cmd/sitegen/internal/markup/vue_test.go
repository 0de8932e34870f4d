package markup

import (
	"slices"
	"strings"
	"testing"
)

// TestVueComponents: VitePress renders Vue components written in a page
// ("VitePress … lets you use Vue components in Markdown"; "Make sure a
// custom component's name either contains a hyphen or is in PascalCase",
// https://vitepress.dev/guide/using-vue#using-components), which sitegen
// does not run: a PascalCase element is such a component, and the warning
// says so, not that it is raw HTML that the unsafe setting would publish
// (it would publish an element no browser knows, so still nothing).
// dragon-maiden-epic's home page is <CustomHome />. A lowercase custom
// element (<iconify-icon>, a web component) is raw HTML as before, and
// without the dialect a PascalCase one is too.
func TestVueComponents(t *testing.T) {
	src := "<CustomHome />\n\nText <Badge type=\"tip\">new</Badge> and <iconify-icon icon=\"x\"></iconify-icon>.\n"
	opts := Options{UnsafeHint: "the setting", Dialects: Dialects{VueComponents: true}}
	out, _, problems := convert(t, opts, src, Page{})
	want := []string{
		"warning: 1:1: Vue component <CustomHome> is not rendered (sitegen runs no Vue): only its text, if any, is shown",
		"warning: 3:6: Vue component <Badge> is not rendered (sitegen runs no Vue): only its text, if any, is shown",
		"warning: 3:40: raw HTML: <iconify-icon> removed (not safe to publish; the setting keeps all raw HTML)",
	}
	if !slices.Equal(problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(out, "Text new and .") {
		t.Errorf("the component's text is not in place:\n%s", out)
	}
	_, _, problems = convert(t, Options{UnsafeHint: "the setting"}, src, Page{})
	if len(problems) != 3 || !strings.HasPrefix(problems[0], "warning: 1:1: raw HTML: <customhome> removed") {
		t.Errorf("without the dialect: %q, want the raw HTML warnings", problems)
	}
}
