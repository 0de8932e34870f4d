package mkdocs

import "testing"

// TestSlug: Python-Markdown's toc slugify (markdown/extensions/toc.py,
// https://python-markdown.github.io/extensions/toc/#usage); each want is
// Python-Markdown 3.4.1's output, measured with /usr/bin/python3:
// "from markdown.extensions.toc import slugify; slugify(text, '-')".
func TestSlug(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Dekrat's Special", "dekrats-special"},
		{"Über alles", "uber-alles"},
		{"A  -  B", "a-b"},
		{"Level 1:  Primal Defence", "level-1-primal-defence"},
		{" -x- ", "-x-"},
		{"a_b", "a_b"},
		{"***", ""},
		{"Café 中文 x", "cafe-x"},
		{"x\u00a0y", "x-y"},
	} {
		if got := Slug(tt.in); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
