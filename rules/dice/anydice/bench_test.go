package anydice

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchPrograms are the programs of testdata/bench, one per class of
// program, by file name: the same the browser's worker is timed on
// (TestAnyDiceClassesInWorker). The figures are in BENCHMARKS.md.
func benchPrograms(b *testing.B) []struct{ name, src string } {
	files, err := filepath.Glob(filepath.Join("testdata", "bench", "*.anydice"))
	if err != nil || len(files) < 8 {
		b.Fatalf("testdata/bench: %d programs, %v", len(files), err)
	}
	var out []struct{ name, src string }
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, struct{ name, src string }{strings.TrimSuffix(filepath.Base(f), ".anydice"), string(src)})
	}
	return out
}

func BenchmarkPrograms(b *testing.B) {
	for _, p := range benchPrograms(b) {
		prog, err := Parse(p.src)
		if err != nil {
			b.Fatal(p.name, err)
		}
		b.Run(p.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := prog.Run(nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkShared runs the slowest of the shared test programs.
func BenchmarkShared(b *testing.B) {
	for _, id := range []string{"130bd", "12a5e", "194eb"} {
		src, err := os.ReadFile(filepath.Join("testdata", "shared", id+".anydice"))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(id, func(b *testing.B) {
			for b.Loop() {
				if _, err := Run(string(src)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
