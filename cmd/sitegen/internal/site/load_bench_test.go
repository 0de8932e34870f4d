package site

import (
	"context"
	"path/filepath"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/corpus"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// BenchmarkLoad loads (reads, parses the outline of, and links up) 2,000
// pages of the shared benchmark corpus's shape (corpus.GenerateRules):
// the load phase of a build, on every core. cpu-ns/op is the CPU of a
// load (sitetest.CPUTime), steadier than its wall time on a busy machine.
func BenchmarkLoad(b *testing.B) {
	dir := b.TempDir()
	if err := corpus.GenerateRules(dir, 2000, 1); err != nil {
		b.Fatal(err)
	}
	opts := content.Options{Source: dir, Dest: filepath.Join(dir, "public"), CacheDir: "-"}
	b.ReportAllocs()
	start := sitetest.CPUTime()
	for b.Loop() {
		if _, err := Load(context.Background(), opts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(sitetest.CPUTime()-start)/float64(b.N), "cpu-ns/op")
}
