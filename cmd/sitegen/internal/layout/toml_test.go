package layout

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// TestTOMLDepth is issue 31: the TOML parser's time grows faster than the
// square of a nesting's depth (60 KB of inline tables inside one another
// took 55 s and 4.5 GB), so a TOML text nesting deeper than MaxTOMLDepth
// (inline tables, arrays and the parts of dotted keys inside one another)
// is refused at the line and column where it goes past, before the parser
// runs; strings and comments hold any brackets.
func TestTOMLDepth(t *testing.T) {
	const n = MaxTOMLDepth
	nest := func(k int) string { return "x = " + strings.Repeat("{a = ", k) + "1" + strings.Repeat("}", k) + "\n" }
	tests := []struct {
		name, src string
		line, col int // of the error; 0: none
	}{
		{"inline tables at the limit", nest(n), 0, 0},
		{"inline tables past it", nest(n + 1), 1, 5 + 5*n},
		{"a bomb", "title = \"a\"\n" + nest(10000), 2, 5 + 5*n},
		{"arrays over lines", "x = [\n" + strings.Repeat("[\n", n) + "1" + strings.Repeat("]", n+1) + "\n", n + 1, 1},
		{"arrays of tables", "x = " + strings.Repeat("[{a = ", n/2) + "1" + strings.Repeat("}]", n/2) + "\ny = " + strings.Repeat("[{a = ", n) + "1" + strings.Repeat("}]", n) + "\n",
			2, 5 + 3*n},
		{"a dotted key at the limit", strings.Repeat("a.", n) + "a = 1\n", 0, 0},
		{"a dotted key past it", strings.Repeat("a.", n+1) + "a = 1\n", 1, 2*n + 2},
		{"a table header past it", "[" + strings.Repeat("b.", n) + "b]\nc = 1\n", 1, 1 + 2*n},
		{"a dotted key inside tables", "x = " + strings.Repeat("{a = ", n-1) + "b.c.d = 1" + strings.Repeat("}", n-1) + "\n", 1, 5 + 5*(n-1) + 3},
		{"brackets in strings and comments", "s = \"" + strings.Repeat("{[", 500) + "\"\nl = '" + strings.Repeat("[", 500) + "'\n# " + strings.Repeat("{", 500) +
			"\nm = \"\"\"\n" + strings.Repeat("[", 500) + "\n\\\"\"\" still\"\"\"\nq = '''\n" + strings.Repeat("{", 500) + "\n'''\nf = 1.5\n", 0, 0},
		{"escaped quotes", `s = "a\"{{{" ` + "\n" + nest(2), 0, 0},
		{"a line count past strings", "m = \"\"\"\n1\n2\n\"\"\"\n" + nest(n+1), 5, 5 + 5*n},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			line, col, ok := TOMLDepth([]byte(tc.src))
			switch {
			case tc.line == 0 && !ok:
				t.Errorf("refused at %d:%d, want accepted", line, col)
			case tc.line != 0 && (ok || line != tc.line || col != tc.col):
				t.Errorf("TOMLDepth = %d:%d, %v; want refused at %d:%d", line, col, ok, tc.line, tc.col)
			}
			if tc.line == 0 { // what is accepted is TOML the parser reads
				var m map[string]any
				if _, err := toml.Decode(tc.src, &m); err != nil {
					t.Errorf("not TOML: %v", err)
				}
			}
		})
	}
}

// TestDecodeTOMLDepth: a settings file nesting too deep is a ConfigError
// at its line and column naming the limit.
func TestDecodeTOMLDepth(t *testing.T) {
	dir := t.TempDir()
	src := "title = \"t\"\nx = " + strings.Repeat("{a = ", 10000) + "1" + strings.Repeat("}", 10000) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "hugo.toml"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Decode(dir, "hugo.toml")
	if err == nil || !strings.HasPrefix(err.Error(), "hugo.toml:2:505: ") || !strings.Contains(err.Error(), "100 levels") {
		t.Errorf("Decode: %v, want an error at hugo.toml:2:505 naming the limit", err)
	}
}

// BenchmarkTOMLBomb: how long a 60 KB bomb of nested inline tables takes
// to be refused (it took the parser 55 s on a busy machine).
func BenchmarkTOMLBomb(b *testing.B) {
	src := []byte("x = " + strings.Repeat("{a = ", 10000) + "1" + strings.Repeat("}", 10000) + "\n")
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, _, ok := TOMLDepth(src); ok {
			b.Fatal("accepted")
		}
	}
}
