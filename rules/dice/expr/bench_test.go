package expr

import "testing"

// BenchmarkEval times the reference expressions (target: ≤ 50 ms
// each natively for ≤ 10,000 values and ≤ 100 dice).
func BenchmarkEval(b *testing.B) {
	for _, src := range []string{"4d6kh3", "20d6kh3", "10d10!", "100d6", "100d6kh3", "100d6>=5", "2d20kh1", "50d10dl10", "(2d6+3)>=10", "10d100"} {
		b.Run(src, func(b *testing.B) {
			for b.Loop() {
				if _, err := Eval(src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
