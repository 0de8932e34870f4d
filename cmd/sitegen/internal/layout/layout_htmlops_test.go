package layout

import (
	"slices"
	"testing"
)

// TestApplyHTMLOps: Liquid's "replace: Replaces every occurrence of the
// first argument in a string with the second argument", replace_first
// "only the first occurrence" (https://shopify.github.io/liquid/filters/),
// applied in order, the offsets of the page's blocks moved with the text.
func TestApplyHTMLOps(t *testing.T) {
	tests := []struct {
		name       string
		ops        []HTMLOp
		html       string
		starts     []int
		want       string
		wantStarts []int
	}{
		{"every occurrence", []HTMLOp{{Old: "<p>", New: `<p class="x">`}}, "<p>a</p><p>b</p>", []int{0, 8, 16},
			`<p class="x">a</p><p class="x">b</p>`, []int{0, 18, 36}},
		{"the first only", []HTMLOp{{Old: "<p>", New: "<p id=a>", First: true}}, "<p>a</p><p>b</p>", []int{0, 8, 16},
			"<p id=a>a</p><p>b</p>", []int{0, 13, 21}},
		{"removed, in order", []HTMLOp{{Old: "a", New: "<p>"}, {Old: "<p>"}}, "<p>a</p>", []int{0, 8},
			"</p>", []int{0, 4}},
		{"across a block's start", []HTMLOp{{Old: "</p>\n<p>", New: "<br>"}}, "<p>a</p>\n<p>b</p>", []int{0, 8, 17},
			"<p>a<br>b</p>", []int{0, 8, 13}},
		// Jekyll filters a layout's {{ content }}, not the HTML around it
		// (HTMLOpsFrom, HTMLOpsTo: the marks are removed).
		{"between the marks", []HTMLOp{{Old: "<p>", New: `<p class="x">`}}, "<p>o</p>\uE007<p>a</p>\uE008<p>z</p>", []int{0, 11, 22},
			`<p>o</p><p class="x">a</p><p>z</p>`, []int{0, 8, 26}},
		{"the end mark as a line", []HTMLOp{{Old: "<p>", New: `<p class="x">`}}, "<article>\uE007\n<p>a</p>\n<div>\uE008</div>\n</article>\n<p>z</p>", nil,
			"<article>\n<p class=\"x\">a</p>\n</article>\n<p>z</p>", nil},
		{"nothing matches", []HTMLOp{{Old: "<table>", New: "<table class=x>"}, {Old: ""}}, "<p>a</p>", []int{0, 8},
			"<p>a</p>", []int{0, 8}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ApplyHTMLOps(tt.ops, tt.html, tt.starts); got != tt.want || !slices.Equal(tt.starts, tt.wantStarts) {
				t.Errorf("ApplyHTMLOps = %q %v, want %q %v", got, tt.starts, tt.want, tt.wantStarts)
			}
		})
	}
}
