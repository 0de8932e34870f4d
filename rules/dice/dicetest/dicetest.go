// Package dicetest holds what the rules packages' brute-force tests share:
// enumerating every ordered outcome of a handful of dice, independently of
// the fast paths in package dice.
package dicetest

import "slices"

// Tuples calls f for every ordered outcome of n dice with faces 1..sides,
// in lexicographic order; each has probability sides^-n. Each call gets a
// fresh slice, which f may keep or modify.
func Tuples(n, sides int, f func([]int)) {
	t := make([]int, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			f(slices.Clone(t))
			return
		}
		for v := 1; v <= sides; v++ {
			t[i] = v
			rec(i + 1)
		}
	}
	rec(0)
}
