package markup

import (
	"regexp"
	"strings"
	"testing"
)

// TestPythonUniqueIDs: Python-Markdown's toc makes a repeated id unique
// with "_1", "_2", an id that already ends so counting on, and an empty
// one "_1" (markdown/extensions/toc.py, unique). Expected: Python-Markdown
// 3.4.1's unique over the ids a, a, a_1, "", "" (measured with
// /usr/bin/python3): a, a_1, a_2, _1, _2.
func TestPythonUniqueIDs(t *testing.T) {
	slug := func(s string) string { return strings.Trim(strings.ToLower(s), "*") }
	out, _, _ := convert(t, Options{Dialects: Dialects{Slug: slug, PythonUnique: true}}, "## a\n\n## a\n\n## a_1\n\n## ***\n\n## ***\n", Page{})
	var ids []string
	for _, m := range regexp.MustCompile(`<h2 id="([^"]*)"`).FindAllStringSubmatch(out, -1) {
		ids = append(ids, m[1])
	}
	if got := strings.Join(ids, " "); got != "a a_1 a_2 _1 _2" {
		t.Errorf("ids %q, want a a_1 a_2 _1 _2\n%s", got, out)
	}
}
