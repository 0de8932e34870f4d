package spacedoor

import (
	"d6codex/rules"
	"d6codex/rules/dice"
)

// What the original roller takes when a helper succeeds (HelpInput.Offer).
const (
	OfferBest      = "best"      // whichever gives the better chance of a success or better, given the original dice
	OfferAddD6     = "add_d6"    // add 1d6 to the total
	OfferAdvantage = "advantage" // reroll the check with advantage
)

// OfferOptions lists the choices on a helper's success.
func OfferOptions() []string { return []string{OfferBest, OfferAddD6, OfferAdvantage} }

// HelpInput is the input of the spacedoor/help calculator: the original
// roll, the helper's roll of the same stat, the reading of a helper's mixed
// success and what the original roller takes on a helper's success.
type HelpInput struct {
	Tough       int    `json:"tough"`        // calc "tough": the original roller's Tough, -3..+5
	Mode        string `json:"mode"`         // calc "mode": the original roll's mode
	HelperTough int    `json:"helper_tough"` // calc "helper_tough": the helper's Tough
	HelperMode  string `json:"helper_mode"`  // calc "helper_mode": the helper's roll mode
	Mixed       string `json:"help_mixed"`   // calc "help_mixed": HelpMixedNoChange or HelpMixedPlusOne
	Offer       string `json:"offer"`        // calc "offer": OfferBest, OfferAddD6 or OfferAdvantage
}

// DefaultHelpInput is two Tough +0 rolls, the site's reading of a mixed
// success and the best choice on a helper's success.
func DefaultHelpInput() HelpInput {
	return HelpInput{Mode: ModeNormal, HelperMode: ModeNormal, Mixed: HelpMixedNoChange, Offer: OfferBest}
}

// Validate returns a *rules.FieldError for a bad roll or setting.
func (in HelpInput) Validate() error {
	return rules.FirstError(
		rules.IntRange("tough", in.Tough, MinTough, MaxTough), rules.OneOf("mode", in.Mode, Modes()...),
		rules.IntRange("helper_tough", in.HelperTough, MinTough, MaxTough), rules.OneOf("helper_mode", in.HelperMode, Modes()...),
		rules.OneOf("help_mixed", in.Mixed, HelpMixedOptions()...), rules.OneOf("offer", in.Offer, OfferOptions()...))
}

// addD6 is the distribution of the result when 1d6 is added to a roll with
// kept dice hi, lo: a critical stays critical, as for any modifier.
func addD6(hi, lo, stat int) [numResults]float64 {
	var pr [numResults]float64
	for d := 1; d <= 6; d++ {
		r := Classify(hi, lo, stat)
		if r != CriticalFailure && r != CriticalSuccess {
			r = Band(hi + lo + stat + d)
		}
		pr[r] += 1.0 / 6
	}
	return pr
}

// successOrBetter is P(success) + P(critical success).
func successOrBetter(pr [numResults]float64) float64 { return pr[Success] + pr[CriticalSuccess] }

// takeD6 reports whether the original roller, offered the choice with
// kept dice hi, lo, adds 1d6 rather than rerolling with advantage.
func takeD6(offer string, hi, lo, stat int, reroll [numResults]float64) bool {
	switch offer {
	case OfferAddD6:
		return true
	case OfferAdvantage:
		return false
	}
	return successOrBetter(addD6(hi, lo, stat)) >= successOrBetter(reroll)
}

// HelpOdds is the exact odds of a helped roll: the five results of the
// original roll after help (outcomes critical_failure ... critical_success)
// and, for comparison, unhelped_success (a success or better without help).
func HelpOdds(in HelpInput) (rules.Report, error) {
	if err := in.Validate(); err != nil {
		return rules.Report{}, err
	}
	helper, _ := rollOdds(in.HelperTough, in.HelperMode)
	reroll, _ := rollOdds(in.Tough, ModeAdvantage)
	alone, _ := rollOdds(in.Tough, in.Mode)
	var pr [numResults]float64
	n := nDice(in.Mode)
	w := 1.0
	for range n {
		w /= 6
	}
	d := make([]int, n)
	var rec func(i int)
	rec = func(i int) {
		if i < n {
			for v := 1; v <= 6; v++ {
				d[i] = v
				rec(i + 1)
			}
			return
		}
		hi, lo, _ := keep(in.Mode, d)
		for h := range numResults {
			ph := w * helper[h]
			if ph == 0 {
				continue
			}
			if Result(h) == Success {
				after := reroll
				if takeD6(in.Offer, hi, lo, in.Tough, reroll) {
					after = addD6(hi, lo, in.Tough)
				}
				for r := range numResults {
					pr[r] += ph * after[r]
				}
				continue
			}
			_, r, _, _ := ApplyHelp(hi, lo, in.Tough, Result(h), in.Mixed)
			pr[r] += ph
		}
	}
	rec(0)
	dist := dice.FromMap(map[int]float64{
		int(CriticalFailure): pr[CriticalFailure], int(Failure): pr[Failure], int(Mixed): pr[Mixed],
		int(Success): pr[Success], int(CriticalSuccess): pr[CriticalSuccess]})
	return rules.Report{
		Outcomes: append(resultProbs(pr), rules.Prob{Name: "unhelped_success", P: successOrBetter(alone), Words: "Success without the help"}),
		Distributions: []rules.Dist{{Name: "result", PMF: dist, Label: func(v int) string {
			if v < 0 || v >= int(numResults) {
				return ""
			}
			return Result(v).Words()
		}}},
	}, nil
}

// ResolveHelp resolves a helped roll from the dice in t: the original
// roll's dice, the helper's, then on a helper's success either one die
// added or the three dice of the reroll with advantage.
func ResolveHelp(in HelpInput, t *dice.Tape) (rules.Roll, error) {
	if err := in.Validate(); err != nil {
		return rules.Roll{}, err
	}
	orig, err := resolveRoll(t, in.Tough, in.Mode, "original")
	if err != nil {
		return rules.Roll{}, err
	}
	help, err := resolveRoll(t, in.HelperTough, in.HelperMode, "helper")
	if err != nil {
		return rules.Roll{}, err
	}
	steps := append([]string{"Original roll:"}, orig.steps...)
	steps = append(append(steps, "Helper's roll:"), help.steps...)
	total, result := orig.total, orig.result
	if help.result == Success {
		reroll, _ := rollOdds(in.Tough, ModeAdvantage)
		if takeD6(in.Offer, orig.hi, orig.lo, in.Tough, reroll) {
			d, err := t.Roll(6, "added d6")
			if err != nil {
				return rules.Roll{}, err
			}
			total += d
			if result != CriticalFailure && result != CriticalSuccess {
				result = Band(total)
			}
			steps = append(steps, "The helper succeeds: add 1d6 = "+itoa(d)+": total "+itoa(total)+", "+result.Words()+".")
		} else {
			re, err := resolveRoll(t, in.Tough, ModeAdvantage, "reroll")
			if err != nil {
				return rules.Roll{}, err
			}
			total, result = re.total, re.result
			steps = append(append(steps, "The helper succeeds: reroll with advantage."), re.steps...)
		}
	} else {
		var h Help
		total, result, h, err = ApplyHelp(orig.hi, orig.lo, in.Tough, help.result, in.Mixed)
		if err != nil {
			return rules.Roll{}, err
		}
		steps = append(steps, "The helper's "+help.result.Words()+": "+h.Text+": total "+itoa(total)+", "+result.Words()+".")
	}
	if err := t.Done(); err != nil {
		return rules.Roll{}, err
	}
	return rules.Roll{
		Dice: t.Rolls(), Outcome: result.Name(), Result: capital(result.Words()) + " (total " + itoa(total) + ").",
		Values: []rules.Value{{Name: "total", Value: total}},
		Steps:  steps,
	}, nil
}
