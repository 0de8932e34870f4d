package anydice

import (
	"os"
	"path/filepath"
	"testing"
)

// Benchmarks by program class; the figures are in BENCHMARKS.md, section
// "Issue 24: AnyDice programs".
var benchPrograms = []struct{ name, src string }{
	{"arithmetic", "output 3d6 + 2d8 - d4\noutput (2d6+3)*2\noutput d20 + 5 >= 15"},
	{"keep", "output [highest 3 of 4d6]\noutput [lowest 1 of 3d20]\noutput {1,2}@5d10"},
	{"L5R_6k3_explode4", "set \"explode depth\" to 4\noutput [highest 3 of 6d[explode d10]]"},
	{"function_n", "function: hit R:n vs T:n { if R = 20 { result: 2 } result: R >= T }\nloop T over {5..20} { output [hit d20 vs T] }"},
	{"function_s", "function: successes S:s { result: [count {5,6} in S] - [count 1 in S] }\noutput [successes 8d6]"},
	{"recursion", "function: explode N:n { if N = 6 { result: N + [explode d6] } result: N }\nset \"maximum function depth\" to 10\noutput [explode d6]"},
	{"wild_die", wildDie},
}

// wildDie is the OpenD6 Wild Die as an AnyDice function (also on the
// site's dice page).
const wildDie = `function: wild W:n {
 if W = 6 { result: 6 + [wild d6] }
 if W = 1 { result: 0 }
 result: W
}
function: roll POOL:s wild W:n {
 if W = 1 { result: POOL - 1@POOL }
 result: POOL + [wild W]
}
set "maximum function depth" to 6
output [roll 3d6 wild d6] named "4D"`

func BenchmarkPrograms(b *testing.B) {
	for _, p := range benchPrograms {
		prog, err := Parse(p.src)
		if err != nil {
			b.Fatal(p.name, err)
		}
		b.Run(p.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := prog.Run(nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkShared runs the slowest of the shared test programs.
func BenchmarkShared(b *testing.B) {
	for _, id := range []string{"130bd", "12a5e", "194eb"} {
		src, err := os.ReadFile(filepath.Join("testdata", "shared", id+".anydice"))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(id, func(b *testing.B) {
			for b.Loop() {
				if _, err := Run(string(src)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
