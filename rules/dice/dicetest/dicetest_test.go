package dicetest

import (
	"slices"
	"testing"
)

func TestTuples(t *testing.T) {
	var got [][]int
	Tuples(2, 3, func(x []int) { got = append(got, slices.Clone(x)) })
	want := [][]int{{1, 1}, {1, 2}, {1, 3}, {2, 1}, {2, 2}, {2, 3}, {3, 1}, {3, 2}, {3, 3}}
	if !slices.EqualFunc(got, want, slices.Equal[[]int]) {
		t.Errorf("got %v", got)
	}
	n := 0
	Tuples(0, 6, func([]int) { n++ })
	if n != 1 {
		t.Errorf("zero dice have one outcome, got %d", n)
	}
}
