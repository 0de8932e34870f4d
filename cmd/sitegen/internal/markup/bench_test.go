package markup

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"d6codex/cmd/sitegen/internal/testing/corpus"
)

// BenchmarkConvert converts the pages of a generated corpus (plain
// Markdown, no Obsidian syntax) with and without Obsidian's Markdown, to
// show what the option costs a site that does not use it.
func BenchmarkConvert(b *testing.B) {
	dir := b.TempDir()
	if err := corpus.Generate(dir, 200, 1); err != nil {
		b.Fatal(err)
	}
	var pages [][]byte
	_ = filepath.WalkDir(filepath.Join(dir, "content"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".md" {
			src, rerr := os.ReadFile(p)
			pages = append(pages, src)
			return rerr
		}
		return err
	})
	for _, obsidian := range []bool{false, true} {
		b.Run(fmt.Sprintf("obsidian=%v", obsidian), func(b *testing.B) {
			md := New(Options{Obsidian: obsidian})
			b.ReportAllocs()
			for b.Loop() {
				for _, src := range pages {
					doc, _ := md.Outline(src)
					_ = IDs(doc, src)
					if _, _, err := md.Convert(src, &Page{}); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
