package site

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
)

// TestDuplicateURLNotWritten: pages that lose a duplicate URL are
// reported once each, and the build does not go on to write them over
// the winner (eval15A NA1b: a Zola blog's eight "AI …" posts at one URL
// also failed with "write blog/ai/index.html: open
// /tmp/.X.staging-…/blog/ai/index.html: file exists", a message about
// sitegen's staging folder the author cannot act on, whose count varied
// run to run with the parallel writers). Several builds, since the
// writers race.
func TestDuplicateURLNotWritten(t *testing.T) {
	files := map[string]string{"content/_index.md": "---\ntitle: Home\n---\n"}
	names := []string{"SAME", "SAMe", "SAmE", "SAme", "SaME", "SaMe", "SamE", "Same", "sAME"} // sorted: SAME wins
	var want []string
	for i, n := range names {
		files["content/"+n+".md"] = fmt.Sprintf("---\ntitle: P%d\n---\nText %d\n", i, i)
		if i > 0 {
			want = append(want, fmt.Sprintf("content/%s.md:1:1: duplicate URL /same/: also produced by content/SAME.md", n))
		}
	}
	dir := writeTree(t, files)
	for run := range 10 {
		_, err := build(t, dir, content.Options{})
		var diags content.Diagnostics
		if !errors.As(err, &diags) {
			t.Fatalf("run %d: err = %v, want Diagnostics", run, err)
		}
		var got []string
		for _, d := range diags {
			got = append(got, d.String())
		}
		if !slices.Equal(got, want) {
			t.Fatalf("run %d: diagnostics:\n got %q\nwant %q", run, got, want)
		}
	}
}
