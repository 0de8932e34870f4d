package content

import (
	"slices"
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
)

// TestDiagnosticLinkKept: a diagnostic's broken link (Diagnostic.Link,
// set where the link is found) is kept by the build cache's record of a
// page's problems, as the rest of it is: a build from the cache tells a
// broken link by its fields as the first build did (anchorProblem,
// brokenPolicy, the locales' diagHead).
func TestDiagnosticLinkKept(t *testing.T) {
	l := markup.BrokenLink{Target: "gone.md#x", Reason: noHeading + ` "x" in content/gone.md`}
	in := Diagnostics{
		{File: "content/a.md", Line: 3, Col: 1, Msg: l.Msg(), Link: l},
		{File: "site.toml", Line: 1, Col: 1, Field: "title", Msg: "must be a string"},
	}
	e := NewRecordEnc(0)
	e.Diags(in)
	got := NewRecordDec(e.Data()).Diags()
	if !slices.Equal(got, in) {
		t.Errorf("decoded %+v, want %+v", got, in)
	}
	if !anchorProblem(got[0]) || anchorProblem(got[1]) {
		t.Errorf("anchorProblem: %v %v, want true false", anchorProblem(got[0]), anchorProblem(got[1]))
	}
}

// TestBrokenPolicyByField: the policy of a problem is read from its
// fields: a broken link (Link set) is ignored under the tool's "ignore"
// policy for links; a broken image, whose message also starts "broken",
// is not a link; a broken anchor (a link whose reason is noHeading)
// follows the anchors' policy where the tool has one.
func TestBrokenPolicyByField(t *testing.T) {
	link := markup.BrokenLink{Target: "gone.md", Reason: "no page at /gone/"}
	anchor := markup.BrokenLink{Target: "a.md#x", Reason: noHeading + ` "x" in content/a.md`}
	image := Diagnostic{Msg: `broken image "x.png": no file`}
	for _, tc := range []struct {
		name string
		cfg  Config
		d    Diagnostic
		want string
	}{
		{"link, links ignored", Config{BrokenLinksIgnore: true}, Diagnostic{Msg: link.Msg(), Link: link}, "ignore"},
		{"image, links ignored", Config{BrokenLinksIgnore: true}, image, "error"},
		{"image, warn", Config{BrokenLinksWarn: true}, image, "warn"},
		{"anchor, anchors warn", Config{BrokenLinksIgnore: true, BrokenAnchors: "warn"}, Diagnostic{Msg: anchor.Msg(), Link: anchor}, "warn"},
		{"link, anchors warn", Config{BrokenAnchors: "warn"}, Diagnostic{Msg: link.Msg(), Link: link}, "error"},
	} {
		if got := tc.cfg.brokenPolicy(tc.d); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}
