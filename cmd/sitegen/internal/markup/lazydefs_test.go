package markup

import (
	"regexp"
	"strings"
	"testing"
)

// TestLazyDefinitions: Python-Markdown's def_list
// (https://python-markdown.github.io/extensions/definition_lists/) for a
// definition whose ":" line is empty: the lines after it, up to a blank
// line, are its text, and indented blocks after a blank line join it.
// The expected structure is Python-Markdown 3.4.1's output (MkDocs 1.4's,
// measured with /usr/bin/python3: markdown.markdown(src,
// extensions=['def_list', 'tables'])), tags only. eval7B LB8: CM_wiki's
// dragonborn.md lost its definition to a paragraph and a code block.
// Without the dialect, goldmark's rule stays (the list ends).
func TestLazyDefinitions(t *testing.T) {
	tags := regexp.MustCompile(`<(/?[a-z]+)[^>]*>`)
	shape := func(html string) string {
		var b strings.Builder
		for _, m := range tags.FindAllStringSubmatch(html, -1) {
			switch strings.TrimPrefix(m[1], "/") {
			case "dl", "dt", "dd", "p", "table", "pre", "code":
				b.WriteString("<" + m[1] + ">")
			}
		}
		return b.String()
	}
	for _, tt := range []struct{ name, src, python string }{
		{"lazy paragraph and indented table", "**Term**\n:   \nDefinition text.\n\n    | a | b |\n    |---|---|\n    | 1 | 2 |\n",
			"<dl><dt></dt><dd><p></p><table></table></dd></dl>"},
		{"text on the colon line", "Term\n:   Definition text.\n\n    | a | b |\n    |---|---|\n    | 1 | 2 |\n",
			"<dl><dt></dt><dd><p></p><table></table></dd></dl>"},
		{"tight", "Term\n:   One.\n\nTerm 2\n:   Two.\n", "<dl><dt></dt><dd></dd><dt></dt><dd></dd></dl>"},
		{"blank line after the colon", "Term\n:   \n\nNext para.\n", "<dl><dt></dt><dd></dd></dl><p></p>"},
		{"indented after the colon", "Term\n:   \n    Indented text.\n\n    More.\n", "<dl><dt></dt><dd><p></p><p></p></dd></dl>"},
		{"two lazy lines", "Term\n:   \nLazy line\nsecond lazy\n\nOutside.\n", "<dl><dt></dt><dd></dd></dl><p></p>"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, _, _ := convert(t, Options{Dialects: Dialects{LazyDefinitions: true}}, tt.src, Page{})
			if got := shape(out); got != tt.python {
				t.Errorf("got %s, Python-Markdown %s\n%s", got, tt.python, out)
			}
		})
	}
	out, _, _ := convert(t, Options{}, "Term\n:   \nText.\n", Page{})
	if got := shape(out); got != "<dl><dt></dt><dd></dd></dl><p></p>" {
		t.Errorf("without the dialect: %s", got)
	}
}
