package site

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/corpus"
)

// TestBuildKeepsNothing: Build, whose site is never updated, keeps no
// dependency graph and sets each page's body aside (its HTML in a spill
// file, its links as the link graph's edges) until every page has
// rendered; its output is byte for byte that of BuildSite, which keeps
// the graph for Site.Update (with and without Options.Incremental), and
// it leaves no spill file behind.
func TestBuildKeepsNothing(t *testing.T) {
	src := t.TempDir()
	if err := corpus.GenerateSections(src, 120, 30, 7); err != nil {
		t.Fatal(err)
	}
	parent := t.TempDir()
	build := map[string]func(dest string) error{
		"Build": func(dest string) error {
			_, err := Build(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-"})
			return err
		},
		"BuildSite": func(dest string) error {
			_, _, err := BuildSite(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-"})
			return err
		},
		"BuildSite incremental": func(dest string) error {
			_, _, err := BuildSite(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-", Incremental: true})
			return err
		},
	}
	trees := map[string]map[string]string{}
	for name, b := range build {
		dest := filepath.Join(parent, strings.ReplaceAll(name, " ", "-"))
		if err := b(dest); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		trees[name] = readTree(t, dest)
	}
	want := trees["BuildSite incremental"]
	backlinked, previews := 0, 0
	for rel, text := range want {
		if strings.Contains(text, `id="linked-from"`) {
			backlinked++
		}
		if strings.HasPrefix(rel, previewDir+"/") {
			previews += strings.Count(text, `{"t":`) // a page's previews in its shard
		}
	}
	if backlinked < 50 || previews < 50 {
		t.Fatalf("the corpus has %d pages with a Linked from list and %d pages with previews: too few to compare", backlinked, previews)
	}
	for _, name := range []string{"Build", "BuildSite"} {
		got := trees[name]
		if len(got) != len(want) {
			t.Errorf("%s wrote %d files, BuildSite with Incremental %d", name, len(got), len(want))
		}
		for rel, text := range want {
			if got[rel] != text {
				t.Errorf("%s: %s differs from BuildSite with Incremental's", name, rel)
			}
		}
	}
	left, err := os.ReadDir(parent)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		if strings.HasPrefix(e.Name(), ".sitegen-bodies-") {
			t.Errorf("spill file %s left beside the output", e.Name())
		}
	}
}
