package site

import (
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
)

// TestLocaleDiagnosticsByLink: a locale's problem is the default
// locale's when its position and its head are (diagHead): a broken link
// by its target (Diagnostic.Link), its reason aside (it names the URL the
// link is read from, the locale's); another problem by its whole message.
func TestLocaleDiagnosticsByLink(t *testing.T) {
	link := func(reason string) content.Diagnostic {
		l := markup.BrokenLink{Target: "missing/", Reason: reason}
		return content.Diagnostic{File: "docs/a.md", Line: 3, Col: 1, Msg: l.Msg(), Link: l}
	}
	other := content.Diagnostic{File: "docs/a.md", Line: 5, Col: 1, Msg: "unknown admonition: x"}
	have := content.Diagnostics{link("no page at /missing"), other}
	for _, tc := range []struct {
		name string
		d    content.Diagnostic
		want int
	}{
		{"the same broken link, read from the locale's URL", link("no page at /fr/missing"), 0},
		{"the same other problem", other, 0},
		{"another target", func() content.Diagnostic {
			d := link("no page at /fr/gone")
			d.Link.Target = "gone/"
			d.Msg = d.Link.Msg()
			return d
		}(), 1},
		{"another message at the same place", content.Diagnostic{File: "docs/a.md", Line: 5, Col: 1, Msg: "unknown admonition: y"}, 1},
	} {
		got := localeDiagnostics(have, []content.Diagnostic{tc.d}, "fr", nil)
		if len(got) != tc.want {
			t.Errorf("%s: %v, want %d", tc.name, got, tc.want)
		}
	}
}
