package site

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/corpus"
)

// BenchmarkUpdate times Site.Update after one save of each kind, on a
// real vault when SITEGEN_BENCH_VAULT names one (with SITEGEN_BENCH_NOTE,
// the note to edit, relative to it: the 13th Age SRD and
// "Compendium/13A/Combat-Rules/Escalation-Die.md" in BENCHMARKS.md), else
// on 1,000 generated pages. The source is copied first; saves alternate
// between two texts so that every Update has work.
//
//	SITEGEN_BENCH_VAULT=/path/to/13th-Age-SRD SITEGEN_BENCH_NOTE=Compendium/13A/Combat-Rules/Escalation-Die.md \
//	  go test -run '^$' -bench Update -benchtime 40x ./cmd/sitegen/internal/site
func BenchmarkUpdate(b *testing.B) {
	src := b.TempDir()
	note := os.Getenv("SITEGEN_BENCH_NOTE")
	if dir := os.Getenv("SITEGEN_BENCH_VAULT"); dir != "" {
		if err := os.CopyFS(src, os.DirFS(dir)); err != nil {
			b.Fatal(err)
		}
	} else {
		if err := corpus.Generate(src, 1000, 1); err != nil {
			b.Fatal(err)
		}
		note = corpus.PagePath(437, corpus.PerSection)
	}
	file := filepath.Join(src, filepath.FromSlash(note))
	orig, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	body := string(orig)
	front := ""
	if strings.HasPrefix(body, "---\n") {
		if i := strings.Index(body[4:], "\n---\n"); i >= 0 {
			front, body = body[:4+i+5], body[4+i+5:]
		}
	}
	for _, keep := range []bool{true, false} {
		opts := content.Options{Source: src, Dest: filepath.Join(b.TempDir(), "out"), CacheDir: "-", BrokenLinks: "warn", Incremental: keep, Theme: theme}
		s, _, err := BuildSite(context.Background(), opts)
		if err != nil {
			b.Fatal(err)
		}
		edits := []struct {
			name string
			text func(n int) string
		}{
			{"body", func(n int) string { return front + fmt.Sprintf("\nEdited zq%d.\n\n", n) + body }},
			{"title", func(n int) string {
				return "---\ntitle: Retitled " + fmt.Sprint(n) + "\n" + strings.TrimPrefix(front, "---\n") + body
			}},
			{"wikilink", func(n int) string { return front + fmt.Sprintf("\nSee [[README]] %d.\n\n", n) + body }},
		}
		for _, e := range edits {
			b.Run(fmt.Sprintf("incremental=%t/edit=%s", keep, e.name), func(b *testing.B) {
				rendered, written := 0, 0
				for n := range b.N {
					if err := os.WriteFile(file, []byte(e.text(n%2)), 0o644); err != nil {
						b.Fatal(err)
					}
					u, err := s.Update(context.Background(), []string{filepath.ToSlash(note)})
					if err != nil || u.Full || len(u.Errors) > 0 {
						b.Fatalf("Update = %+v, %v", u, err)
					}
					rendered += u.Rendered
					written += len(u.Outputs)
				}
				b.ReportMetric(float64(rendered)/float64(b.N), "rendered/op")
				b.ReportMetric(float64(written)/float64(b.N), "written/op")
			})
		}
		if err := os.WriteFile(file, orig, 0o644); err != nil {
			b.Fatal(err)
		}
	}
}
