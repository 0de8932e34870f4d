package benchmd

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteSection(t *testing.T) {
	tests := []struct {
		name, before, heading, section, after string
	}{
		{"new file", "", "a", "## a\n\nfigures\n", header + "## a\n\nfigures\n"},
		{"append", "# B\n\n## a\n\nold\n", "b", "## b\n\nnew\n", "# B\n\n## a\n\nold\n\n## b\n\nnew\n"},
		{"replace middle", "# B\n\n## a\n\nold a\n\n## b\n\nold b\n\n## c\n\nc\n", "b", "## b\n\nnew b\n",
			"# B\n\n## a\n\nold a\n\n## b\n\nnew b\n\n## c\n\nc\n"},
		{"replace last", "# B\n\n## a\n\nold a\n", "a", "## a\n\nnew a\n", "# B\n\n## a\n\nnew a\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "BENCHMARKS.md")
			if tc.before != "" {
				if err := os.WriteFile(p, []byte(tc.before), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := WriteSection(p, tc.heading, tc.section); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(p)
			if string(got) != tc.after {
				t.Errorf("got\n%q\nwant\n%q", got, tc.after)
			}
		})
	}
	if err := WriteSection(filepath.Join(t.TempDir(), "x.md"), "a", "## b\n"); err == nil {
		t.Error("a section under the wrong heading must be refused")
	}
}
