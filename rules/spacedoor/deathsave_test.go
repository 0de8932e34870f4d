package spacedoor

import (
	"math"
	"slices"
	"testing"

	"d6codex/rules/dice"
	"d6codex/rules/dice/dicetest"
)

// The death save model of the test, written apart from the package.
// Classes of a save: cf (both kept 1), f (<= 6), seven, s (>= 8), cs (both
// kept 6).
var classNames = []string{"cf", "f", "seven", "s", "cs"}

// testClassProbs enumerates 2d6 (dis false) or 3d6 keeping the two lowest.
func testClassProbs(dis bool) map[string]float64 {
	n := 2
	if dis {
		n = 3
	}
	out := map[string]float64{}
	dicetest.Tuples(n, 6, func(d []int) {
		slices.Sort(d)
		a, b := d[0], d[1]
		c := "s"
		switch {
		case a == 1 && b == 1:
			c = "cf"
		case a == 6 && b == 6:
			c = "cs"
		case a+b <= 6:
			c = "f"
		case a+b == 7:
			c = "seven"
		}
		out[c] += pow6(n)
	})
	return out
}

// representative dice for each class, normal and with disadvantage.
var classDice = map[bool]map[string][]int{
	false: {"cf": {1, 1}, "f": {2, 3}, "seven": {3, 4}, "s": {4, 4}, "cs": {6, 6}},
	true:  {"cf": {1, 1, 5}, "f": {2, 3, 6}, "seven": {3, 4, 6}, "s": {4, 4, 5}, "cs": {6, 6, 6}},
}

type tstate struct {
	s, f int
	dis  bool
}

// tstep applies a class and, on a seven, the choice ("reroll", "success",
// "remove_failure").
func tstep(x tstate, c, choice string) tstate {
	switch c {
	case "cf":
		return tstate{x.s, x.f + 2, false}
	case "f":
		return tstate{x.s, x.f + 1, false}
	case "s":
		return tstate{x.s + 1, x.f, false}
	case "cs":
		return tstate{x.s + 2, x.f, false}
	}
	switch {
	case choice == "success":
		return tstate{x.s + 1, x.f, true}
	case choice == "remove_failure" && x.f > 0:
		return tstate{x.s, x.f - 1, true}
	}
	return tstate{x.s, x.f, false}
}

func allStates() []tstate {
	var out []tstate
	for s := range 3 {
		for f := range 3 {
			out = append(out, tstate{s, f, false}, tstate{s, f, true})
		}
	}
	return out
}

// bestPolicy is found by value iteration (Bellman updates until they stop
// moving), with ties going to reroll, then success, then remove_failure.
func bestPolicy() map[tstate]string {
	probs := map[bool]map[string]float64{false: testClassProbs(false), true: testClassProbs(true)}
	v := map[tstate]float64{}
	val := func(y tstate) float64 {
		switch {
		case y.s >= 3:
			return 1
		case y.f >= 3:
			return 0
		}
		return v[y]
	}
	choices := []string{"reroll", "success", "remove_failure"}
	policy := map[tstate]string{}
	for range 5000 {
		next := map[tstate]float64{}
		for _, x := range allStates() {
			sum := 0.0
			for _, c := range classNames {
				best, arg := -1.0, ""
				for _, ch := range choices {
					if w := val(tstep(x, c, ch)); w > best+1e-12 {
						best, arg = w, ch
					}
				}
				if c == "seven" {
					policy[x] = arg
				}
				sum += probs[x.dis][c] * best
			}
			next[x] = sum
		}
		v = next
	}
	return policy
}

// chain runs the absorbing chain by moving probability mass until less
// than 1e-16 is left: the chance to end stable and the mean number of saves.
func chain(policy func(tstate) string) (stable, rolls float64) {
	probs := map[bool]map[string]float64{false: testClassProbs(false), true: testClassProbs(true)}
	mass := map[tstate]float64{{}: 1}
	for left := 1.0; left > 1e-16; {
		rolls += left
		next := map[tstate]float64{}
		left = 0
		for x, m := range mass {
			for _, c := range classNames {
				y := tstep(x, c, policy(x))
				p := m * probs[x.dis][c]
				switch {
				case y.s >= 3:
					stable += p
				case y.f >= 3:
				default:
					next[y] += p
					left += p
				}
			}
		}
		mass = next
	}
	return stable, rolls
}

// TestDeathSavesAgainstChain compares DeathSaveOdds with the test's chain
// for every setting, best with the policy of value iteration.
func TestDeathSavesAgainstChain(t *testing.T) {
	best := bestPolicy()
	policies := map[string]func(tstate) string{
		"reroll":         func(tstate) string { return "reroll" },
		"success":        func(tstate) string { return "success" },
		"remove_failure": func(tstate) string { return "remove_failure" },
		"best":           func(x tstate) string { return best[x] },
	}
	var bestP float64
	fixed := map[string]float64{}
	for name, pol := range policies {
		stable, rolls := chain(pol)
		r, err := DeathSaveOdds(DeathSaveInput{Seven: name})
		if err != nil {
			t.Fatal(err)
		}
		if got := mustP(t, r, "stable"); math.Abs(got-stable) > tol {
			t.Errorf("%s: stable %v, chain %v", name, got, stable)
		}
		if got := mustP(t, r, "stable") + mustP(t, r, "dead"); math.Abs(got-1) > tol {
			t.Errorf("%s: outcomes sum to %v", name, got)
		}
		if got := mustMean(t, r, "rolls"); math.Abs(got-rolls) > 1e-9 {
			t.Errorf("%s: mean rolls %v, chain %v", name, got, rolls)
		}
		if name == "best" {
			bestP = stable
		} else {
			fixed[name] = stable
		}
	}
	for name, p := range fixed {
		if p > bestP+tol {
			t.Errorf("%s (%v) beats best (%v)", name, p, bestP)
		}
	}
	// Without choices, fail and success are mirror images: a coin flip.
	if math.Abs(fixed["reroll"]-0.5) > tol {
		t.Errorf("reroll every 7: stable %v, want 1/2 by symmetry", fixed["reroll"])
	}
}

// TestDeathSavesResolveAgainstOdds enumerates every sequence of save
// classes down to probability 1e-7, resolves each through
// ResolveDeathSaves with representative dice, checks the outcome and the
// number of saves, and compares the summed probability of stable.
func TestDeathSavesResolveAgainstOdds(t *testing.T) {
	best := bestPolicy()
	probs := map[bool]map[string]float64{false: testClassProbs(false), true: testClassProbs(true)}
	for _, seven := range SevenOptions() {
		policy := func(x tstate) string {
			if seven == "best" {
				return best[x]
			}
			return seven
		}
		in := DeathSaveInput{Seven: seven}
		var stable, covered float64
		var rec func(x tstate, rolled []int, saves int, p float64)
		rec = func(x tstate, rolled []int, saves int, p float64) {
			if p < 1e-7 {
				return
			}
			if x.s >= 3 || x.f >= 3 {
				want := "stable"
				if x.f >= 3 {
					want = "dead"
				}
				r, err := ResolveDeathSaves(in, dice.NewFixed(rolled))
				if err != nil {
					t.Fatalf("%s %v: %v", seven, rolled, err)
				}
				if r.Outcome != want || value(t, r, "rolls") != saves {
					t.Fatalf("%s %v: got %s after %d saves, want %s after %d; %q", seven, rolled, r.Outcome,
						value(t, r, "rolls"), want, saves, r.Steps)
				}
				covered += p
				if want == "stable" {
					stable += p
				}
				return
			}
			for _, c := range classNames {
				rec(tstep(x, c, policy(x)), append(slices.Clone(rolled), classDice[x.dis][c]...), saves+1, p*probs[x.dis][c])
			}
		}
		rec(tstate{}, nil, 0, 1)
		r, err := DeathSaveOdds(in)
		if err != nil {
			t.Fatal(err)
		}
		// The sequences left out weigh 1-covered: stable lies within that.
		if got := mustP(t, r, "stable"); 1-covered > 1e-2 || got < stable-tol || got > stable+(1-covered)+tol {
			t.Errorf("%s: stable %v, enumeration %v covering %v", seven, got, stable, covered)
		}
	}
}

// TestDeathSaveTrace checks one run by hand: 1,1 is two failures, a 7 taken
// as a success brings disadvantage, 6,6 is two successes.
func TestDeathSaveTrace(t *testing.T) {
	r, err := ResolveDeathSaves(DeathSaveInput{Seven: "success"}, dice.NewFixed([]int{1, 1, 3, 4, 6, 5, 6, 6, 6}))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Save 1: rolled 1 and 1 = 2: both dice 1, two failures (successes 0, failures 2).",
		"Save 2: rolled 3 and 4 = 7: a 7; you choose to add a success and roll the next save with disadvantage (successes 1, failures 2).",
		"Save 3 (disadvantage): rolled 6, 5 and 6; drop the highest (6), keep 6 and 5 = 11: a success (successes 2, failures 2).",
		"Save 4: rolled 6 and 6 = 12: both dice 6, two successes (successes 4, failures 2).",
	}
	if r.Outcome != "stable" || !slices.Equal(r.Steps[:4], want) {
		t.Errorf("got %s %q", r.Outcome, r.Steps)
	}
	if _, err := ResolveDeathSaves(DeathSaveInput{Seven: "reroll"}, dice.NewFixed([]int{3, 4})); err == nil {
		t.Error("a run that has not ended is accepted")
	}
}

func BenchmarkDeathSaveOddsBest(b *testing.B) {
	for b.Loop() {
		if _, err := DeathSaveOdds(DeathSaveInput{Seven: SevenBest}); err != nil {
			b.Fatal(err)
		}
	}
}
