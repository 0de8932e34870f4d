package site

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/corpus"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
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
			opts := content.Options{Source: dir, Dest: filepath.Join(dir, "public")}
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

// BenchmarkLimits builds a one-page site whose page is just under each of
// issue 22's limits: MaxPageBytes of rules text (headings, paragraphs,
// lists, a table), and lists nested markup.MaxNesting deep, repeated to
// fill the page. Each must still build in seconds.
func BenchmarkLimits(b *testing.B) {
	var text strings.Builder
	for i := 0; ; i++ {
		chunk := fmt.Sprintf("## Rule %d\n\nRoll 3D against the difficulty; a 6 on the Wild Die explodes, a 1 takes the highest die away. See [the start](#rule-0).\n\n- Easy: 5\n- Moderate: 10\n- Difficult: 15\n\n| Range | Modifier |\n|---|---|\n| Short | +0 |\n| Long | +10 |\n\n", i)
		if text.Len()+len(chunk) > content.MaxPageBytes-16 {
			break
		}
		text.WriteString(chunk)
	}
	var nested, deep strings.Builder
	for i := range markup.MaxNesting {
		deep.WriteString(strings.Repeat("  ", i) + "- item\n")
	}
	deep.WriteString("\nEnd of the list.\n\n")
	for nested.Len()+deep.Len() <= content.MaxPageBytes-16 {
		nested.WriteString(deep.String())
	}
	for _, tc := range []struct{ name, page string }{{"page=10MB", text.String()}, {"nesting=100", nested.String()}} {
		b.Run(tc.name, func(b *testing.B) {
			dir := b.TempDir()
			sitetest.WriteFiles(b, dir, map[string]string{
				"site.toml":           "title = \"T\"\nbaseURL = \"https://example.org/\"\n",
				"static/css/site.css": "body{}",
				"content/big.md":      "# Big\n\n" + tc.page,
			})
			opts := content.Options{Source: dir, Dest: filepath.Join(dir, "public"), CacheDir: "-"}
			b.ReportMetric(float64(len(tc.page))/(1<<20), "MB")
			for b.Loop() {
				if _, err := Build(context.Background(), opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkWeighTerms weighs the terms of 200 pages of the shared
// benchmark corpus's shape (corpus.GenerateRules), each split into its
// h2 sections: the search index's work a page, done while pages render.
func BenchmarkWeighTerms(b *testing.B) {
	dir := b.TempDir()
	const n = 200
	if err := corpus.GenerateRules(dir, n, 1); err != nil {
		b.Fatal(err)
	}
	var pages [][]content.SearchDoc
	for i := range n {
		src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(corpus.RulesPagePath(i))))
		if err != nil {
			b.Fatal(err)
		}
		var docs []content.SearchDoc
		for j, sec := range strings.Split(string(src), "\n## ") {
			heading, text, _ := strings.Cut(sec, "\n")
			if j == 0 {
				heading = ""
			}
			docs = append(docs, content.SearchDoc{Heading: heading, Text: collapseSpace(text)})
		}
		pages = append(pages, docs)
	}
	p := &content.Page{Title: "Rule 703: Damage"}
	b.ReportAllocs()
	for b.Loop() {
		for _, docs := range pages {
			weighTerms(p, docs)
		}
	}
}

// BenchmarkCachedBuild: a one-page edit, then a build with the build
// cache (`sitegen build --incremental`), against a fresh build of the
// same generated corpus (corpus.Generate, the pages of make bench): the
// cached build's time should follow what changed, not the corpus's
// size. The one-page builds run on a cache whose stamps are not racy
// (the corpus's files are dated an hour back).
func BenchmarkCachedBuild(b *testing.B) {
	for _, n := range []int{2000, 5000} {
		dir := b.TempDir()
		if err := corpus.Generate(dir, n, 1); err != nil {
			b.Fatal(err)
		}
		old := time.Now().Add(-time.Hour)
		pages, _ := filepath.Glob(filepath.Join(dir, "content", "*", "*.md"))
		if len(pages) == 0 {
			b.Fatal("no pages generated")
		}
		for _, p := range pages {
			if err := os.Chtimes(p, old, old); err != nil {
				b.Fatal(err)
			}
		}
		edited := pages[len(pages)/2]
		b.Run(fmt.Sprintf("fresh/pages=%d", n), func(b *testing.B) {
			for b.Loop() {
				opts := content.Options{Source: dir, Dest: filepath.Join(b.TempDir(), "public"), CacheDir: "-"}
				if _, err := Build(context.Background(), opts); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("one-page-edit/pages=%d", n), func(b *testing.B) {
			opts := content.Options{Source: dir, Dest: filepath.Join(b.TempDir(), "public"), CacheDir: b.TempDir(), ReuseBuild: true}
			for range 2 { // the cache, then its stamps recorded out of the racy margin
				res, err := Build(context.Background(), opts)
				if err != nil {
					b.Fatal(err)
				}
				res.Cleanup()
				time.Sleep(time.Duration(racyMargin))
			}
			i := 0
			for b.Loop() {
				i++
				f, err := os.OpenFile(edited, os.O_APPEND|os.O_WRONLY, 0)
				if err != nil {
					b.Fatal(err)
				}
				fmt.Fprintf(f, "\nAn edit, %d.\n", i)
				f.Close()
				res, err := Build(context.Background(), opts)
				if err != nil {
					b.Fatal(err)
				}
				res.Cleanup()
				if !strings.HasPrefix(res.Cache, "build cache: ") {
					b.Fatalf("Cache = %q", res.Cache)
				}
			}
		})
	}
}
