package content

import (
	"cmp"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCompareLower: compareLower orders as cmp.Compare of strings.ToLower
// does, on random strings of ASCII, accented, Greek and Turkish letters,
// digits, and bytes that are not UTF-8.
func TestCompareLower(t *testing.T) {
	parts := []string{"a", "A", "b", "Z", "é", "É", "ß", "Σ", "σ", "ς", "İ", "ı", "1", " ", "-", "\xff", "\xc3", "Ω"}
	r := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		var b strings.Builder
		for range r.IntN(6) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		return b.String()
	}
	for range 20000 {
		a, b := word(), word()
		if got, want := compareLower(a, b), cmp.Compare(strings.ToLower(a), strings.ToLower(b)); got != want {
			t.Fatalf("compareLower(%q, %q) = %d, want %d", a, b, got, want)
		}
	}
}
