package site

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/site/content"
)

// BenchmarkCachedBuildQueries: the cost of a vault's Dataview pages in a
// build from the cache (`sitegen build --incremental`). A page whose
// Markdown ran a Dataview query is kept by the cache while what its
// queries read is unchanged (bodyCache.recordQuery, queryHolds): here
// FROM "Lists", which the edited note is not in. rendered/op is the pages
// rendered again for the one-note edit: 1 (the note), whatever the number
// of query pages (before the cache kept them: 1 + the query pages).
func BenchmarkCachedBuildQueries(b *testing.B) {
	for _, q := range []int{0, 200} {
		dir := b.TempDir()
		files := map[string]string{".obsidian/app.json": "{}\n"}
		const notes = 1000
		for i := range notes {
			files[fmt.Sprintf("Lists/Monster %d.md", i)] = fmt.Sprintf("---\nlevel: %d\ntags: [monster]\n---\n# Monster %d\n\nText of monster %d.\n", i%20, i, i)
		}
		for i := range q {
			files[fmt.Sprintf("Queries/Query %d.md", i)] = fmt.Sprintf("# Query %d\n\n```dataview\nTABLE level\nFROM \"Lists\"\nWHERE level = %d\nSORT file.name\n```\n", i, i%20)
		}
		files["Other/Edited.md"] = "# Edited\n\nA note no query reads.\n"
		old := time.Now().Add(-time.Hour)
		for rel, text := range files {
			f := filepath.Join(dir, rel)
			if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
				b.Fatal(err)
			}
			if err := os.Chtimes(f, old, old); err != nil {
				b.Fatal(err)
			}
		}
		edited := filepath.Join(dir, "Other", "Edited.md")
		counts := regexp.MustCompile(`^build cache: (\d+) of (\d+) pages' text reused`)
		b.Run(fmt.Sprintf("one-note-edit/notes=%d/queries=%d", notes, q), func(b *testing.B) {
			opts := content.Options{Source: dir, Dest: filepath.Join(b.TempDir(), "public"), Theme: theme, BrokenLinks: "warn",
				CacheDir: b.TempDir(), ReuseBuild: true}
			for range 2 { // the cache, then its stamps recorded out of the racy margin
				res, err := Build(context.Background(), opts)
				if err != nil {
					b.Fatal(err)
				}
				res.Cleanup()
				time.Sleep(time.Duration(racyMargin))
			}
			i, rendered := 0, 0
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
				m := counts.FindStringSubmatch(res.Cache)
				if m == nil {
					b.Fatalf("Cache = %q", res.Cache)
				}
				reused, _ := strconv.Atoi(m[1])
				asked, _ := strconv.Atoi(m[2])
				rendered += asked - reused
			}
			b.ReportMetric(float64(rendered)/float64(i), "rendered/op")
		})
	}
}
