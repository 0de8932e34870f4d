package mkdocs

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSnippets checks pymdownx.snippets against its documentation
// (https://facelessuser.github.io/pymdown-extensions/extensions/snippets/):
// "Snippets is run as a preprocessor, so if a snippet is found in a
// fenced code block etc., it will still get processed"; "If a snippet
// declaration is processed, and the specified file cannot be found, then
// the markup will be removed"; "Snippets can handle recursive file
// inclusion. And if Snippets encounters the same file in the current
// stack, it will avoid re-processing it"; the block form (--8<-- alone,
// one file a line, --8<--); "file.md:3:8", lines 3 to 8; ";--8<--"
// escapes a marker; base_path is a list of folders looked in, in turn.
// The 07th-Mod wiki (07th-mod/wiki) includes its installer instructions
// in 33 places so, indented inside content tabs (eval11A).
func TestSnippets(t *testing.T) {
	files := map[string]string{
		"docs/Snippets/usage.md": "Run the installer.\n\n- step 1\n",
		"docs/Snippets/nest.md":  "N1\n--8<-- \"usage.md\"\n",
		"docs/Snippets/self.md":  "S\n--8<-- \"self.md\"\n",
		"docs/Snippets/lines.md": "L1\nL2\nL3\nL4\n",
		"other/x.md":             "X\n",
		"docs/.hidden.md":        "SECRET\n",
	}
	read := func(f string) ([]byte, error) {
		if s, ok := files[f]; ok {
			return []byte(s), nil
		}
		return nil, errors.New("no such file")
	}
	s := snippeter{base: []string{"docs/Snippets", "other"}}
	tests := []struct {
		name, in, want string
		problems       int
	}{
		{"single line", "A\n--8<-- \"usage.md\"\nB", "A\nRun the installer.\n\n- step 1\nB", 0},
		{"single quotes", "--8<-- 'usage.md'", "Run the installer.\n\n- step 1", 0},
		{"indented in a tab", "=== \"Linux\"\n\n    --8<-- \"usage.md\"", "=== \"Linux\"\n\n    Run the installer.\n\n    - step 1", 0},
		{"in a fence too", "```\n--8<-- \"lines.md:2:3\"\n```", "```\nL2\nL3\n```", 0},
		{"line range open end", "--8<-- \"lines.md:3:\"", "L3\nL4", 0},
		{"second base path", "--8<-- \"x.md\"", "X", 0},
		{"nested", "--8<-- \"nest.md\"", "N1\nRun the installer.\n\n- step 1", 0},
		{"itself: not again", "--8<-- \"self.md\"", "S", 0},
		{"block form", "--8<--\nx.md\nlines.md:1:1\n--8<--\nafter", "X\nL1\nafter", 0},
		{"escaped", ";--8<-- \"usage.md\"", "--8<-- \"usage.md\"", 0},
		{"missing: removed, told", "a\n--8<-- \"nope.md\"\nb", "a\nb", 1},
		{"hidden: never read", "--8<-- \"../.hidden.md\"", "", 1},
		{"outside: never read", "--8<-- \"../../../etc/passwd\"", "", 1},
		// restrict_base_path (true): "Ensure that the specified snippets
		// are children of the specified base path(s)".
		{"outside the base path: not read", "--8<-- \"../../other/x.md\"", "", 1},
		{"not a marker", "text --8<-- \"usage.md\"", "text --8<-- \"usage.md\"", 0},
	}
	for _, tt := range tests {
		got := s.expand("docs/page.md", []byte(tt.in), read)
		if string(got.Src) != tt.want || len(got.Problems) != tt.problems {
			t.Errorf("%s: expand(%q) = %q, %v; want %q, %d problems", tt.name, tt.in, got.Src, got.Problems, tt.want, tt.problems)
		}
		if got.Lines != nil && len(got.Lines) != strings.Count(string(got.Src), "\n")+1 {
			t.Errorf("%s: %d lines mapped for %q", tt.name, len(got.Lines), got.Src)
		}
	}
	// check_paths: true stops MkDocs' build on a missing file: an error.
	strict := snippeter{base: []string{"docs"}, check: true}
	if got := strict.expand("docs/p.md", []byte("--8<-- \"nope.md\""), read); len(got.Problems) != 1 || got.Problems[0].Warning {
		t.Errorf("check_paths: problems %v, want one error", got.Problems)
	}
}

// TestRecogniseSnippets: markdown_extensions' pymdownx.snippets, with its
// base_path and check_paths, makes the pages' --8<-- lines their files.
func TestRecogniseSnippets(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("mkdocs.yml", "site_name: W\nmarkdown_extensions:\n  - pymdownx.snippets:\n      base_path: docs/Snippets\n      check_paths: true\n")
	write("docs/index.md", "# Home\n")
	write("docs/Snippets/a.md", "Shared text.\n")
	l, err := Recognise(dir)
	if err != nil {
		t.Fatal(err)
	}
	if l.Expand == nil {
		t.Fatal("pymdownx.snippets: no Expand")
	}
	read := func(f string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, filepath.FromSlash(f))) }
	if got := l.Expand("docs/index.md", []byte("--8<-- \"a.md\"\n"), read); string(got.Src) != "Shared text.\n" {
		t.Errorf("Expand = %q", got.Src)
	}
}
