package vitepress

import "testing"

// TestSlug: VitePress's heading ids (its slugify, quoted at Slug; read
// from vitepress/dist/node, the 1.x release installed for the
// conformance tests). Each expected id is what that JavaScript function
// returned for the text under node 20.
func TestSlug(t *testing.T) {
	tests := []struct{ text, want string }{
		{"Getting Started", "getting-started"},
		{"２－１、西武林盟成立の決断", "_2-1、西武林盟成立の決断"},    // NFKD: full-width digits and hyphen (eval4B H7)
		{"Été des dés", "ete-des-des"},         // combining accents removed
		{"What's new?", "what-s-new"},          // specials to one '-', trimmed
		{"  --a__b--  ", "a-b"},                // runs collapsed, ends trimmed
		{"1.5 Rules", "_1-5-rules"},            // a leading digit
		{"Кубики и броски", "кубики-и-броски"}, // letters of any script, lower case
		{"魔法　戦闘", "魔法-戦闘"},                     // U+3000 is \s
		{"A\u0085B", "a\u0085b"},               // NEL is not \s in JavaScript, nor a control below U+0020
		{"ﬁre", "fire"},                        // NFKD: the ligature
		{"x\u0007y", "xy"},                     // a control character removed
	}
	for _, tt := range tests {
		if got := Slug(tt.text); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}
