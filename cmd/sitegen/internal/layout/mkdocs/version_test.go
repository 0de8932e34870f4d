package mkdocs

import "testing"

// TestSpecBefore15: a requirement that admits no MkDocs from 1.5 on pins
// the title rule MkDocs 1.4 follows ("Page titles will be deduced from
// any style of heading" came with 1.5,
// https://www.mkdocs.org/about/release-notes/#version-15-2023-07-26).
// Specifiers as PEP 440 (https://peps.python.org/pep-0440/#version-specifiers:
// "~= 2.2" is ">= 2.2, == 2.*") and Poetry ("~1.2.3" is ">=1.2.3
// <1.3.0", "^0.2.3" is ">=0.2.3 <0.3.0") write them.
func TestSpecBefore15(t *testing.T) {
	for spec, want := range map[string]bool{
		"==1.4.2": true, "==1.5.3": false, "==1.6.1": false, "1.4.2": true, "==1.4.*": true,
		"<1.5": true, "<1.5.0": true, "<1.5.1": false, "<1.6": false, "<=1.4.3": true, "<=1.5": false,
		">=1.4,<1.5": true, ">=1.4": false, "~=1.4.0": true, "~=1.4": false, "~=0.17": true,
		"~1.4": true, "~1": false, "^1.4": false, "^0.17": true, "": false, "!=1.5.0": false,
	} {
		if got := specBefore15(spec); got != want {
			t.Errorf("specBefore15(%q) = %v, want %v", spec, got, want)
		}
	}
}
