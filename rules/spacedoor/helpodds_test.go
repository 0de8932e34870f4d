package spacedoor

import (
	"math"
	"testing"

	"d6codex/rules/dice"
)

// bruteResult is the result of kept dice and a total, written out again for the
// brute force: double 1 and double 6 are criticals whatever the total.
func bruteResult(hi, lo, total int) Result {
	switch {
	case hi == 1 && lo == 1:
		return CriticalFailure
	case hi == 6 && lo == 6:
		return CriticalSuccess
	case total >= 10:
		return Success
	case total >= 7:
		return Mixed
	}
	return Failure
}

// TestHelpOddsBrute checks HelpOdds against enumerating every die: the
// original roll, the helper's, and the added die or the reroll.
func TestHelpOddsBrute(t *testing.T) {
	for _, in := range []HelpInput{
		DefaultHelpInput(),
		{Tough: 1, Mode: ModeNormal, HelperTough: 1, HelperMode: ModeNormal, Mixed: HelpMixedNoChange, Offer: OfferAddD6},
		{Tough: -2, Mode: ModeDisadvantage, HelperTough: 3, HelperMode: ModeAdvantage, Mixed: HelpMixedPlusOne, Offer: OfferAdvantage},
		{Tough: 2, Mode: ModeAdvantage, HelperTough: -3, HelperMode: ModeNormal, Mixed: HelpMixedPlusOne, Offer: OfferBest},
	} {
		rep, err := HelpOdds(in)
		if err != nil {
			t.Fatal(err)
		}
		var want [numResults]float64
		eachFaces(nDiceOf(in.Mode), func(o []int, p float64) {
			hi, lo := keepTwo(o, in.Mode)
			total := hi + lo + in.Tough
			eachFaces(nDiceOf(in.HelperMode), func(h []int, q float64) {
				hh, hl := keepTwo(h, in.HelperMode)
				helper := bruteResult(hh, hl, hh+hl+in.HelperTough)
				switch helper {
				case CriticalFailure:
					want[Failure] += p * q
				case CriticalSuccess:
					want[CriticalSuccess] += p * q
				case Failure, Mixed:
					mod := -1
					if helper == Mixed {
						mod = 0
						if in.Mixed == HelpMixedPlusOne {
							mod = 1
						}
					}
					want[bruteResult(hi, lo, total+mod)] += p * q
				case Success:
					var add, re [numResults]float64
					for d := 1; d <= 6; d++ {
						add[bruteResult(hi, lo, total+d)] += 1.0 / 6
					}
					eachFaces(3, func(r []int, s float64) {
						rh, rl := keepTwo(r, ModeAdvantage)
						re[bruteResult(rh, rl, rh+rl+in.Tough)] += s
					})
					use := re
					if in.Offer == OfferAddD6 || (in.Offer == OfferBest && add[Success]+add[CriticalSuccess] >= re[Success]+re[CriticalSuccess]) {
						use = add
					}
					for r := range numResults {
						want[r] += p * q * use[r]
					}
				}
			})
		})
		for r := range numResults {
			got, _ := rep.P(Result(r).Name())
			if math.Abs(got-want[r]) > 1e-12 {
				t.Errorf("%+v %s: got %v, brute force %v", in, Result(r).Name(), got, want[r])
			}
		}
	}
}

func nDiceOf(mode string) int {
	if mode == ModeNormal {
		return 2
	}
	return 3
}

// TestResolveHelpExample replays the page's example: Juno (Tough +1) rolls
// 3 and 3, 7; Ott succeeds; she adds 1d6, a 4: 11, a success.
func TestResolveHelpExample(t *testing.T) {
	in := HelpInput{Tough: 1, Mode: ModeNormal, HelperTough: 1, HelperMode: ModeNormal, Mixed: HelpMixedNoChange, Offer: OfferAddD6}
	roll, err := ResolveHelp(in, dice.NewFixed([]int{3, 3, 5, 5, 4}))
	if err != nil {
		t.Fatal(err)
	}
	if roll.Outcome != Success.Name() || roll.Values[0].Value != 11 {
		t.Errorf("got %s, total %v; want a success at 11\n%v", roll.Outcome, roll.Values, roll.Steps)
	}
}
