package hugo

import "testing"

// TestSegment: "the path to the content file determines its URL"
// (https://gohugo.io/content-management/urls/), each file and folder name
// sanitised as Hugo 0.111's UnicodeSanitize does it; every want below is
// the URL Hugo 0.111 wrote for a file of that name (TestHugo "URL path
// sanitising" builds some with Hugo itself). removePathAccents and
// disablePathToLower: https://gohugo.io/configuration/all/.
func TestSegment(t *testing.T) {
	for _, tt := range []struct {
		name, want    string
		accents, keep bool
	}{
		{name: "酸梅汤（半成品加工）", want: "酸梅汤半成品加工"},
		{name: "A b  c", want: "a-b-c"},
		{name: "x!y?z", want: "xyz"},
		{name: "it's", want: "its"},
		{name: "a&b", want: "ab"},
		{name: "p+q~r@s#t", want: "p+q~r@s#t"},
		{name: "perc%41x", want: "perc%41x"},
		{name: "perc%zz", want: "perczz"},
		{name: "Ünïcödé Café", want: "ünïcödé-café"},
		{name: "under_score.v2", want: "under_score.v2"},
		{name: "tab\tx", want: "tab-x"},
		{name: "a--b", want: "a--b"},
		{name: "a - b", want: "a-b"},
		{name: "colon:x", want: "colonx"},
		{name: "brack[1]", want: "brack1"},
		{name: "paren(1)", want: "paren1"},
		{name: " lead", want: "-lead"},
		{name: "Dir (One)", want: "dir-one"},
		{name: "Sub, Two", want: "sub-two"},
		{name: "Ünïcödé Café", want: "unicode-cafe", accents: true},
		{name: "Big Fire", want: "Big-Fire", keep: true},
		{name: "Ünïcödé Café", want: "Unicode-Cafe", accents: true, keep: true},
	} {
		if got := Segment(tt.accents, tt.keep)(tt.name); got != tt.want {
			t.Errorf("Segment(%v, %v)(%q) = %q, want %q", tt.accents, tt.keep, tt.name, got, tt.want)
		}
	}
}
