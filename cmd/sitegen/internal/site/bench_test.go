package site

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"d6codex/cmd/sitegen/internal/testing/corpus"
)

// BenchmarkBuild builds a generated corpus in-process (load, render,
// write, swap). make bench runs the real binary on bigger corpora.
func BenchmarkBuild(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("pages=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			if err := corpus.Generate(dir, n, 1); err != nil {
				b.Fatal(err)
			}
			opts := Options{Source: dir, Dest: filepath.Join(dir, "public")}
			b.ReportAllocs()
			var pages int
			for b.Loop() {
				res, err := Build(context.Background(), opts)
				if err != nil {
					b.Fatal(err)
				}
				pages = res.Pages
			}
			b.ReportMetric(float64(pages)*float64(b.N)/b.Elapsed().Seconds(), "pages/s")
		})
	}
}
