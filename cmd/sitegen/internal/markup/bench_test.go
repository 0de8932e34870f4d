package markup

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"d6codex/cmd/sitegen/internal/testing/corpus"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
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

// BenchmarkOutline parses the pages of the shared benchmark corpus's shape
// (corpus.GenerateRules) with the outline parser, and with the outline
// parser that keeps goldmark's inline pass (outlineTextParser), the one
// loading used before skipInline. cpu-ns/op is the process's CPU time
// (user and system) a loop, steadier than the wall time on a busy machine.
func BenchmarkOutline(b *testing.B) {
	dir := b.TempDir()
	const n = 200
	if err := corpus.GenerateRules(dir, n, 1); err != nil {
		b.Fatal(err)
	}
	var pages [][]byte
	for i := range n {
		src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(corpus.RulesPagePath(i))))
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, src)
	}
	md := New(Options{})
	for _, tc := range []struct {
		name string
		p    parser.Parser
	}{{"skip", md.outline}, {"text", md.rec.parser(outlineTextParser)}} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			start := sitetest.CPUTime()
			for b.Loop() {
				for _, src := range pages {
					pc := parser.NewContext()
					doc := tc.p.Parse(text.NewReader(src), parser.WithContext(pc))
					dropSkipped(pc)
					_ = IDs(doc, src)
				}
			}
			b.ReportMetric(float64(sitetest.CPUTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}
