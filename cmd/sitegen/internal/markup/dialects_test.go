package markup

import (
	"strings"
	"testing"

	"d6codex/templates"
)

// TestDialects: the layout's dialects are switched on by Options, and
// their warnings reach the page's Report at their line.
func TestDialects(t *testing.T) {
	src := "## Contents\n{: .no_toc }\n\n## Rounds\n{: #rounds }\n\n{{< hint warning >}}\nCareful.\n{{< /hint >}}\n\n{% include x.html %}\n"
	out, res, problems := convert(t, Options{Dialects: Dialects{Kramdown: true, Liquid: true, Shortcodes: true}}, src, Page{})
	want := []*templates.TOCItem{{Title: "Rounds", ID: "rounds"}} // .no_toc leaves Contents out
	if got, w := tocString(res.TOC), tocString(want); got != w {
		t.Errorf("TOC = %s, want %s", got, w)
	}
	for _, part := range []string{`<h2 id="rounds">`, `callout-warning`, "<p>Careful.</p>"} {
		if !strings.Contains(out, part) {
			t.Errorf("output lacks %q:\n%s", part, out)
		}
	}
	if strings.Contains(out, "{:") || strings.Contains(out, "{{") || strings.Contains(out, "{%") {
		t.Errorf("dialect syntax printed:\n%s", out)
	}
	if len(problems) != 1 || !strings.Contains(problems[0], "11:1") || !strings.Contains(problems[0], `Liquid tag "{% include x.html %}"`) {
		t.Errorf("problems = %q, want the Liquid tag at 11:1", problems)
	}
	// Off by default: the same page shows its syntax (and warns of the shortcode).
	out, _, _ = convert(t, Options{}, src, Page{})
	if !strings.Contains(out, "{: .no_toc }") {
		t.Errorf("dialects on without being asked:\n%s", out)
	}
}
