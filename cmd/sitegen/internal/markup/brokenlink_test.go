package markup

import (
	"strings"
	"testing"
)

// TestBrokenLinkField: a broken link's problem carries its target and
// reason as fields (Problem.Link), set where the link is found, and its
// message is theirs (BrokenLink.Msg): the build reads the fields, not the
// text back (site's diagHead, content's brokenPolicy). Other problems (a
// broken image) carry none.
func TestBrokenLinkField(t *testing.T) {
	resolver := LinkResolverFunc(func(dest string) (string, string) {
		if dest == "ok.md" {
			return "/ok/", ""
		}
		return "", "no page at /" + strings.TrimSuffix(dest, ".md") + "/"
	})
	for _, tc := range []struct {
		name, src string
		want      BrokenLink
		msg       string
	}{
		{"a link", "[gone](gone.md#x)\n", BrokenLink{Target: "gone.md#x", Reason: "no page at /gone.md#x/"}, `broken link "gone.md#x": no page at /gone.md#x/`},
		{"a quote in the target", "[q](<a\": b.md>)\n", BrokenLink{Target: `a": b.md`, Reason: `no page at /a": b/`}, `broken link "a\": b.md": no page at /a": b/`},
		{"an image is no link", "![i](none.png)\n", BrokenLink{}, `broken image "none.png": no page at /none.png/`},
		{"a link that resolves", "[ok](ok.md)\n", BrokenLink{}, ""},
	} {
		var got []Problem
		page := &Page{Links: resolver, Report: func(p Problem) { got = append(got, p) }}
		if _, _, err := New(Options{}).Convert([]byte(tc.src), page); err != nil {
			t.Fatal(err)
		}
		switch {
		case tc.msg == "" && len(got) != 0:
			t.Errorf("%s: problems %+v, want none", tc.name, got)
		case tc.msg == "":
		case len(got) != 1 || got[0].Msg != tc.msg || got[0].Link != tc.want:
			t.Errorf("%s: problems %+v, want one %q with link %+v", tc.name, got, tc.msg, tc.want)
		case tc.want.Broken() && tc.want.Msg() != tc.msg:
			t.Errorf("%s: BrokenLink.Msg %q, want %q", tc.name, tc.want.Msg(), tc.msg)
		}
	}
}
