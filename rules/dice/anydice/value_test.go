package anydice

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestHeapSort checks the module's own sort against the standard
// library's on sequences of every small length, with repeats and
// negative numbers, and on a long one.
func TestHeapSort(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 10))
	lengths := []int{0, 1, 2, 3, 4, 5, 7, 8, 16, 33, 100, 5000}
	for _, n := range lengths {
		for range 20 {
			xs := make([]int, n)
			for i := range xs {
				xs[i] = r.IntN(2*n+3) - n
			}
			want := slices.Clone(xs)
			slices.Sort(want)
			heapSort(xs)
			if !slices.Equal(xs, want) {
				t.Fatalf("heapSort of %d numbers: got %v, want %v", n, xs, want)
			}
		}
	}
	if got := sortSeq(seq{3, 1, 2, 3}, false); !slices.Equal(got, seq{3, 3, 2, 1}) {
		t.Errorf("sortSeq highest first = %v", got)
	}
	if got := sortSeq(seq{3, 1, 2, 3}, true); !slices.Equal(got, seq{1, 2, 3, 3}) {
		t.Errorf("sortSeq lowest first = %v", got)
	}
}
