package rolltext

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
)

// TestNormalize: the page's inline rolls, computed, repeated (their odds
// named by data-same) and not computed, read back as short text.
func TestNormalize(t *testing.T) {
	src := "A `dice: 1d6`, again `dice: 1d6|text(a hit)`, and `dice: 1d[5]` then *more*.\n"
	out, _, err := markup.New(markup.Options{}).Convert([]byte(src), &markup.Page{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `data-same="`) {
		t.Fatalf("no repeated roll to read:\n%s", out)
	}
	want := "<p>A {roll 1d6|1d6}, again {roll 1d6|a hit}, and {plain 1d[5]} then <em>more</em>.</p>\n"
	if got := Normalize(out); got != want {
		t.Errorf("Normalize:\n got %q\nwant %q", got, want)
	}
}
