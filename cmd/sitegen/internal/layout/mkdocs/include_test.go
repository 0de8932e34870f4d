package mkdocs

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestExpandIncludes checks mkdocs-include-markdown-plugin's directives
// against its documentation (https://pypi.org/project/mkdocs-include-markdown-plugin/):
// "Paths of included files can be absolute or relative to the path of the
// file that includes them"; include-markdown "Includes markdown file
// content, optionally using two delimiters to filter the content to
// include" ("start: Delimiter that marks the beginning of the content to
// include", "end: Delimiter that marks the end"); "rewrite-relative-urls
// (true): When this option is enabled (default), Markdown links and
// images in the content that are specified by a relative URL are
// rewritten to work correctly in their new location";
// "preserve-includer-indent (true): … every line of the content to
// include is indented with the same number of spaces used to indent the
// includer {% %} template"; include "Includes the content of a file".
// HOE_Sandbox's ausruestung/anzuege.md includes 20 suit pages so.
func TestExpandIncludes(t *testing.T) {
	files := map[string]string{
		"docs/parts/a.md":    "# A\n\n![suit](../img/x.png) [b](b.md) [top](/abs/) [web](https://x.org/y) [here](#h)\n",
		"docs/parts/b.md":    "intro\n<!--start-->\nKEPT\n<!--end-->\nafter\n",
		"docs/parts/c.md":    "C1\nC2\n",
		"docs/parts/nest.md": "N {% include-markdown \"c.md\" %}\n",
		"docs/code.yml":      "k: v\n",
		"docs/.hidden.md":    "SECRET\n",
	}
	read := func(f string) ([]byte, error) {
		if s, ok := files[f]; ok {
			return []byte(s), nil
		}
		return nil, errors.New("no such file")
	}
	tests := []struct {
		name, src, want string
		problems        []string
	}{
		{"relative path, URLs rewritten", "x\n{% include-markdown \"./parts/a.md\" %}\ny\n",
			"x\n# A\n\n![suit](img/x.png) [b](parts/b.md) [top](/abs/) [web](https://x.org/y) [here](#h)\ny\n", nil},
		{"rewrite-relative-urls=false", "{% include-markdown \"parts/a.md\" rewrite-relative-urls=false %}",
			"# A\n\n![suit](../img/x.png) [b](b.md) [top](/abs/) [web](https://x.org/y) [here](#h)", nil},
		{"start and end", "{%\n  include-markdown \"parts/b.md\"\n  start=\"<!--start-->\"\n  end=\"<!--end-->\"\n%}\n",
			"\nKEPT\n", nil},
		{"includer indent", "- item\n    {% include-markdown \"parts/c.md\" %}\n", "- item\n    C1\n    C2\n", nil},
		{"nested, from its folder", "{% include-markdown \"parts/nest.md\" %}", "N C1\nC2", nil},
		{"include: as it is", "```yaml\n{% include \"code.yml\" %}\n```\n", "```yaml\nk: v\n```\n", nil},
		{"missing file", "a\n{% include-markdown \"parts/none.md\" %}\n", "a\n\n",
			[]string{`2:1 error: broken include {% include-markdown "parts/none.md" %}: docs/parts/none.md: no such file`}},
		{"outside the source", "{% include-markdown \"../../x.md\" %}", "",
			[]string{`1:1 error: broken include {% include-markdown "../../x.md" %}: "../../x.md" is outside the source folder`}},
		{"absolute path", "{% include-markdown \"/etc/passwd\" %}", "",
			[]string{`1:1 error: broken include {% include-markdown "/etc/passwd" %}: "/etc/passwd" is not a path relative to the page`}},
		{"hidden file", "{% include-markdown \".hidden.md\" %}", "",
			[]string{`1:1 error: broken include {% include-markdown ".hidden.md" %}: ".hidden.md" is a hidden file: sitegen never publishes one`}},
		{"option not applied", "{% include-markdown \"parts/c.md\" heading-offset=1 %}", "C1\nC2",
			[]string{`1:1 warning: {% include-markdown "parts/c.md" heading-offset=1 %}: option heading-offset=1 is not applied`}},
	}
	for _, tt := range tests {
		x := ExpandIncludes("docs/page.md", []byte(tt.src), read)
		if string(x.Src) != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, x.Src, tt.want)
		}
		var got []string
		for _, p := range x.Problems {
			kind := "error"
			if p.Warning {
				kind = "warning"
			}
			got = append(got, fmt.Sprintf("%d:%d %s: %s", p.Line, p.Col, kind, p.Msg))
		}
		if !slices.Equal(got, tt.problems) {
			t.Errorf("%s: problems %q, want %q", tt.name, got, tt.problems)
		}
	}
}

// TestExpandIncludesLines: each line of the expanded text maps to the
// page line it came from, an included line to its directive's, so that a
// problem in included text is reported at the directive.
func TestExpandIncludesLines(t *testing.T) {
	read := func(string) ([]byte, error) { return []byte("1\n2\n3\n"), nil }
	x := ExpandIncludes("p.md", []byte("a\n{% include-markdown \"c.md\" %}\nb\nc\n"), read)
	if want := "a\n1\n2\n3\nb\nc\n"; string(x.Src) != want {
		t.Fatalf("src %q, want %q", x.Src, want)
	}
	if want := []int{1, 2, 2, 2, 3, 4}; !slices.Equal(x.Lines, want) {
		t.Errorf("lines %v, want %v", x.Lines, want)
	}
	if !strings.Contains(string(ExpandIncludes("p.md", []byte("no directive"), read).Src), "no directive") {
		t.Error("a page without a directive is changed")
	}
}

// TestExpandIncludesBomb: a file that includes itself twice stops at the
// depth and count bounds, with an error, instead of growing without end.
func TestExpandIncludesBomb(t *testing.T) {
	read := func(string) ([]byte, error) {
		return []byte("x {% include-markdown \"self.md\" %} {% include-markdown \"self.md\" %}\n"), nil
	}
	x := ExpandIncludes("self.md", []byte("{% include-markdown \"self.md\" %}"), read)
	if len(x.Src) > maxExpanded+1<<20 {
		t.Errorf("expanded to %d bytes", len(x.Src))
	}
	if len(x.Problems) != 1 || x.Problems[0].Warning {
		t.Errorf("problems %v, want one broken include error", x.Problems)
	}
}
