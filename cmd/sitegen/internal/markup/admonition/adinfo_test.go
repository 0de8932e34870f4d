package admonition

import (
	"strings"
	"testing"
)

// TestAdInfo checks the quick test of a fence's info string against the
// whole reading (infoRE on its first word): what infoRE takes, adInfo
// never turns away, and plain code fences are turned away.
func TestAdInfo(t *testing.T) {
	for _, tc := range []struct {
		info string
		want bool // adInfo's answer; true wherever infoRE takes the first word
	}{
		{" ad-note\n", true},
		{"AD-Warning title\n", true},
		{"\tad-tip", true},
		{"\u00a0ad-note\n", true}, // a space strings.Fields knows
		{"go\n", false},
		{"  yaml title=x\n", false},
		{"\n", false},
		{"", false},
		{"ad\n", false},
		{"adnote\n", false},
		{"statblock\n", false},
	} {
		first := strings.Fields(tc.info)
		re := len(first) > 0 && infoRE.MatchString(first[0])
		if got := adInfo([]byte(tc.info)); got != tc.want || re && !got {
			t.Errorf("adInfo(%q) = %v, want %v (infoRE takes it: %v)", tc.info, got, tc.want, re)
		}
	}
}
