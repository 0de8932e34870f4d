package corpus_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/testing/corpus"
)

// TestGenerateRules: a rules-shaped corpus builds without a problem (its
// links all resolve), with a page per rule and a synthesized page per
// section, and its pages have the shared corpus's shape.
func TestGenerateRules(t *testing.T) {
	src := t.TempDir()
	const n = 40
	if err := corpus.GenerateRules(src, n, 1); err != nil {
		t.Fatal(err)
	}
	f := buildcmd.Flags{Source: src, Dest: filepath.Join(t.TempDir(), "public")}
	opts := f.Options()
	opts.CacheDir = "-"
	res, err := site.Build(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if want := n + corpus.RulesSections + 1; res.Pages != want {
		t.Errorf("%d pages, want %d (rules, sections, home)", res.Pages, want)
	}
	body, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(corpus.RulesPagePath(13))))
	if err != nil {
		t.Fatal(err)
	}
	page := string(body)
	for what, want := range map[string]int{"h2": 4, "table": 1, "list item": 12, "link": 4} {
		var got int
		switch what {
		case "h2":
			got = strings.Count(page, "\n## ")
		case "table":
			got = strings.Count(page, "|---|---|---|")
		case "list item":
			got = strings.Count(page, "\n- ")
		case "link":
			got = strings.Count(page, "](../s")
		}
		if got != want {
			t.Errorf("page 13 has %d %ss, want %d", got, what, want)
		}
	}
	if !strings.HasPrefix(page, "---\ntitle: \"Rule s3-13\"\nweight: 13\n---\n") {
		t.Errorf("page 13's front matter: %q", page[:40])
	}
}
