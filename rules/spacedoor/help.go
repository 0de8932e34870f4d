package spacedoor

import (
	"d6codex/rules"
)

// Settings for a helper's mixed success.
const (
	HelpMixedNoChange = "no_change" // the seed's version
	HelpMixedPlusOne  = "plus_one"  // later rules: the original total +1
)

// HelpMixedOptions lists the settings of a helper's mixed success.
func HelpMixedOptions() []string { return []string{HelpMixedNoChange, HelpMixedPlusOne} }

// Help is what a helper's result does to the original roll.
type Help struct {
	Helper   Result
	Modifier int  // added to the original total
	Becomes  bool // the original's result is replaced by Result
	Result   Result
	// Offer: the original roller may add 1d6 to the total or reroll the
	// check with advantage (their choice, not applied by ApplyHelp).
	Offer bool
	// Locked: the original can't be helped any further.
	Locked bool
	Text   string
}

// HelpTable is the helping-out table, one row per helper result, with the
// given setting for a mixed success.
func HelpTable(mixed string) []Help {
	m := Help{Helper: Mixed, Text: "no change"}
	if mixed == HelpMixedPlusOne {
		m = Help{Helper: Mixed, Modifier: 1, Text: "original total +1"}
	}
	return []Help{
		{Helper: CriticalFailure, Becomes: true, Result: Failure, Locked: true,
			Text: "the original becomes a failure and can't be helped"},
		{Helper: Failure, Modifier: -1, Text: "original total -1"},
		m,
		{Helper: Success, Offer: true, Text: "the original roller adds 1d6 or rerolls with advantage"},
		{Helper: CriticalSuccess, Becomes: true, Result: CriticalSuccess,
			Text: "the original becomes a critical success"},
	}
}

// HelpFor is the effect of one helper result, with the setting for a mixed
// success (HelpMixedNoChange or HelpMixedPlusOne).
func HelpFor(helper Result, mixed string) (Help, error) {
	if err := rules.OneOf("help_mixed", mixed, HelpMixedOptions()...); err != nil {
		return Help{}, err
	}
	if helper < 0 || helper >= numResults {
		return Help{}, &rules.FieldError{Field: "helper", Value: itoa(int(helper)), Allowed: "0 (critical failure) to 4 (critical success)"}
	}
	return HelpTable(mixed)[helper], nil
}

// ApplyHelp applies a helper's result to an original roll with the given
// kept dice and stat. It returns the new total and result and the help
// applied; when Help.Offer is set the original roller still chooses between
// +1d6 and a reroll with advantage. A modifier changes only the total: an
// original critical, read from its dice, stays critical unless the helper's
// critical replaces it.
func ApplyHelp(hi, lo, stat int, helper Result, mixed string) (total int, result Result, h Help, err error) {
	if err := rules.FirstError(
		rules.IntRange("die", hi, 1, 6), rules.IntRange("die", lo, 1, 6),
		rules.IntRange("stat", stat, MinTough, MaxTough)); err != nil {
		return 0, 0, Help{}, err
	}
	h, err = HelpFor(helper, mixed)
	if err != nil {
		return 0, 0, Help{}, err
	}
	total = hi + lo + stat + h.Modifier
	result = Classify(hi, lo, stat)
	switch {
	case h.Becomes:
		result = h.Result
	case result != CriticalFailure && result != CriticalSuccess:
		result = Band(total)
	}
	return total, result, h, nil
}
