package anydiceblock_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/rules/dice"
	"d6codex/rules/dice/anydice"
)

// pageBlocks returns the ```anydice blocks of the site's dice page.
func pageBlocks(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(browser.RepoRoot(t), "content", "dice.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, part := range strings.Split(string(b), "```anydice\n")[1:] {
		out = append(out, part[:strings.Index(part, "```")])
	}
	return out
}

// rolls calls f for every ordered roll of n d6.
func rolls(n int, f func(r []int, p float64)) {
	total := 1
	for range n {
		total *= 6
	}
	r := make([]int, n)
	for i := range total {
		x := i
		for j := range r {
			r[j] = x%6 + 1
			x /= 6
		}
		f(r, 1/float64(total))
	}
}

// TestDicePageMechanics checks the three worked mechanics of the dice page
// against enumerations written from the rules the page states, at every
// value of their fields (L5R at a few).
func TestDicePageMechanics(t *testing.T) {
	blocks := pageBlocks(t)
	if len(blocks) != 3 {
		t.Fatalf("%d anydice blocks on the dice page, want 3", len(blocks))
	}
	run := func(src string, fields map[string]int) []anydice.Output {
		t.Helper()
		p, err := anydice.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		outs, err := p.Run(fields)
		if err != nil {
			t.Fatal(err)
		}
		return outs
	}
	// Blades: the best die (the worse of two at zero dice); two sixes are
	// a critical.
	for n := 0; n <= 6; n++ {
		want := map[int]float64{}
		k := n
		if n == 0 {
			k = 2
		}
		rolls(k, func(r []int, p float64) {
			s := slices.Clone(r)
			slices.Sort(s)
			read, sixes := s[k-1], 0
			for _, v := range s {
				if v == 6 {
					sixes++
				}
			}
			if n == 0 {
				read, sixes = s[0], 0
			}
			lvl := 1
			switch {
			case sixes >= 2:
				lvl = 4
			case read == 6:
				lvl = 3
			case read >= 4:
				lvl = 2
			}
			want[lvl] += p
		})
		outs := run(blocks[0], map[string]int{"DICE": n})
		if !dice.Equal(outs[0].Dist, dice.FromMap(want), 1e-12) {
			t.Errorf("Blades %d dice: %v, want %v", n, outs[0].Dist.Pairs(), want)
		}
		if d := outs[1].Dist.P(1) - (1 - want[1]); d > 1e-12 || d < -1e-12 {
			t.Errorf("Blades %d dice: any success %v, want %v", n, outs[1].Dist.P(1), 1-want[1])
		}
	}
	// Roll and keep, without explosions, against package dice's keep.
	for _, c := range [][2]int{{6, 3}, {3, 3}, {10, 2}, {4, 7}} {
		outs := run(blocks[1], map[string]int{"ROLL": c[0], "KEEP": c[1]})
		if want := dice.KeepHighest(c[0], 10, c[1]); !dice.Equal(outs[1].Dist, want, 1e-12) {
			t.Errorf("%dk%d: %v", c[0], c[1], outs[1].Dist.Pairs())
		}
		if outs[0].Dist.Max() <= 10*c[1] || outs[0].Mean <= outs[1].Mean {
			t.Errorf("%dk%d exploding: mean %v, max %d", c[0], c[1], outs[0].Mean, outs[0].Dist.Max())
		}
	}
	// The Wild Die: normal dice plus an exploding wild die; a first 1
	// removes it and the highest normal die. The program follows a chain
	// of sixes 10 times (its maximum function depth); the enumeration
	// follows it until less than 1e-15 is left, so they agree to 1e-7.
	wild := map[int]float64{}
	for k, mass := 0, 1.0/6; mass > 1e-15; k, mass = k+1, mass/6 {
		for f := 1; f <= 5; f++ {
			if k > 0 || f > 1 {
				wild[6*k+f] += mass
			}
		}
	}
	for n := 1; n <= 5; n++ {
		want := map[int]float64{}
		rolls(n-1, func(r []int, p float64) {
			total := 0
			for _, v := range r {
				total += v
			}
			best := 0
			if len(r) > 0 {
				best = slices.Max(r)
			}
			want[total-best] += p / 6 // the Wild Die's first toss is 1
			for w, q := range wild {
				want[total+w] += p * q
			}
		})
		outs := run(blocks[2], map[string]int{"DICE": n})
		if !dice.Equal(outs[0].Dist, dice.FromMap(want), 1e-7) {
			t.Errorf("Wild Die %dD: mean %v, want %v", n, outs[0].Mean, dice.FromMap(want).Mean())
		}
		if !dice.Equal(outs[1].Dist, dice.NdS(n, 6), 1e-12) {
			t.Errorf("plain %dD", n)
		}
	}
}
