package servecmd

import (
	"context"
	"io"
	"path/filepath"
	"testing"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/layout/detect"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/watch"
)

// TestServeMdBookSummaryEdits: SUMMARY.md is the book's table of
// contents ("The summary file is used by mdBook to know what chapters to
// include, in what order they should appear, what their hierarchy is and
// where the source files are"
// (https://rust-lang.github.io/mdBook/format/summary.html)), so an edit
// of it under serve (a reorder, a chapter added, a draft entry "Draft
// chapters ... are chapters with no file path") is a settings edit: the
// served site, print.html included, is then the site a build from
// nothing writes, and a chapter saved after it is too. Serve builds with
// its build cache, as a user's serve does.
func TestServeMdBookSummaryEdits(t *testing.T) {
	src := t.TempDir()
	for rel, body := range map[string]string{
		"book.toml":           "[book]\ntitle = \"Six Sides\"\n",
		"src/SUMMARY.md":      "# Summary\n\n[Home](README.md)\n\n- [Combat](rules/combat.md)\n- [Magic](rules/magic.md)\n",
		"src/README.md":       "# Home\n\nSee [combat rounds](rules/combat.md#rounds).\n",
		"src/rules/combat.md": "# Combat\n\n## Rounds\n\nOn to [magic](magic.md).\n",
		"src/rules/magic.md":  "# Magic\n\n## Rounds\n\n[Combat rounds](combat.md#rounds).\n",
	} {
		writeFile(t, src, rel, body)
	}
	const baseURL = "http://127.0.0.1:1313/"
	f := buildcmd.Flags{Source: src, Dest: filepath.Join(t.TempDir(), "public"), BaseURL: baseURL, BrokenLinks: "warn"}
	opts := f.Options()
	opts.CacheDir = t.TempDir()
	lay, err := detect.Layout(src) // as serve does at its start
	if err != nil {
		t.Fatal(err)
	}
	opts.Layout = lay
	srv := &server{opts: opts, out: io.Discard, err: io.Discard, hub: newHub("test"), pending: map[string]kind{}}
	srv.rebuild(context.Background())
	for _, step := range []struct {
		name  string
		edits map[string]string // in one save batch
	}{
		{"reorder", map[string]string{"src/SUMMARY.md": "# Summary\n\n[Home](README.md)\n\n- [Magic](rules/magic.md)\n- [Combat](rules/combat.md)\n"}},
		{"a chapter added", map[string]string{
			"src/rules/dice.md": "# Dice\n\n## Rounds\n\nRoll [for magic](magic.md#rounds).\n",
			"src/SUMMARY.md":    "# Summary\n\n[Home](README.md)\n\n- [Magic](rules/magic.md)\n- [Combat](rules/combat.md)\n    - [Dice](rules/dice.md)\n",
		}},
		{"a draft entry", map[string]string{"src/SUMMARY.md": "# Summary\n\n[Home](README.md)\n\n- [Magic](rules/magic.md)\n- [Combat](rules/combat.md)\n    - [Dice](rules/dice.md)\n- [Later]()\n"}},
		{"a chapter saved after", map[string]string{"src/rules/dice.md": "# Dice roll\n\n## Rounds\n\nRoll [for combat](combat.md#rounds).\n"}},
		{"a chapter removed", map[string]string{"src/SUMMARY.md": "# Summary\n\n[Home](README.md)\n\n- [Combat](rules/combat.md)\n    - [Dice](rules/dice.md)\n- [Later]()\n"}},
		{"a chapter saved last", map[string]string{"src/rules/combat.md": "# Combat\n\n## Rounds\n\nOn to [dice](dice.md).\n"}},
	} {
		var batch watch.Batch
		for rel, body := range step.edits {
			writeFile(t, src, rel, body)
			batch = append(batch, watch.Change{Path: rel, Op: watch.Write})
		}
		srv.apply(context.Background(), batch)
		srv.idle() // the search index and the cache, as serve writes them once the saves stop
		if srv.searchDone != nil {
			<-srv.searchDone
		}
		srv.waitCache()
		fresh := buildcmd.Flags{Source: src, Dest: filepath.Join(t.TempDir(), "fresh"), BaseURL: baseURL, BrokenLinks: "warn"}
		fo := fresh.Options()
		fo.CacheDir = "-"
		if _, err := site.Build(context.Background(), fo); err != nil {
			t.Fatalf("%s: fresh build: %v", step.name, err)
		}
		if diff := diffTrees(tree(t, opts.Dest), tree(t, fo.Dest)); diff != "" {
			t.Errorf("%s: served site differs from a fresh build:\n%s", step.name, diff)
		}
	}
}
