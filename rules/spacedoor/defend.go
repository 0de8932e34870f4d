package spacedoor

import (
	"strconv"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// DefendInput is the input of the spacedoor/defend calculator: a player
// protects someone from incoming damage.
type DefendInput struct {
	Tough    int    `json:"tough"`    // calc "tough": the protector's Tough, -3..+5
	Mode     string `json:"mode"`     // calc "mode": normal, advantage or disadvantage
	Incoming int    `json:"incoming"` // calc "incoming": the damage D coming in, 0..100
}

// DefaultDefendInput is Tough +0, normal roll, 7 incoming (the mean of 2d6).
func DefaultDefendInput() DefendInput { return DefendInput{Tough: 0, Mode: ModeNormal, Incoming: 7} }

// Validate returns a *rules.FieldError for a Tough outside -3..5, an unknown
// mode or incoming damage outside 0..100.
func (in DefendInput) Validate() error {
	return rules.FirstError(
		validateRoll(in.Tough, in.Mode),
		rules.IntRange("incoming", in.Incoming, 0, MaxIncoming),
	)
}

// DefendOdds is the exact odds of one defend roll: the five results, and the
// distributions and means of the total, protector_damage and
// protected_damage.
func DefendOdds(in DefendInput) (rules.Report, error) {
	if err := in.Validate(); err != nil {
		return rules.Report{}, err
	}
	pr, total := rollOdds(in.Tough, in.Mode)
	var prot, protd dice.Builder
	for r := range numResults {
		prot.Add(share(defendProtector[r], in.Incoming), pr[r])
		protd.Add(share(defendProtected[r], in.Incoming), pr[r])
	}
	a, b := prot.PMF(), protd.PMF()
	return rules.Report{
		Outcomes: resultProbs(pr),
		Distributions: []rules.Dist{
			{Name: "total", PMF: total},
			{Name: "protector_damage", PMF: a},
			{Name: "protected_damage", PMF: b},
		},
		Means: []rules.Mean{
			{Name: "total", Value: total.Mean()},
			{Name: "protector_damage", Value: a.Mean()},
			{Name: "protected_damage", Value: b.Mean()},
		},
	}, nil
}

// ResolveDefend resolves one defend roll from the dice in t (two, or three
// with advantage or disadvantage). Values: total, protector_damage,
// protected_damage.
func ResolveDefend(in DefendInput, t *dice.Tape) (rules.Roll, error) {
	if err := in.Validate(); err != nil {
		return rules.Roll{}, err
	}
	ro, err := resolveRoll(t, in.Tough, in.Mode, "defend")
	if err != nil {
		return rules.Roll{}, err
	}
	if err := t.Done(); err != nil {
		return rules.Roll{}, err
	}
	r := ro.result
	d := in.Incoming
	a, b := share(defendProtector[r], d), share(defendProtected[r], d)
	half := strconv.Itoa(d) + "/2 rounded down = " + strconv.Itoa(d/2)
	var line string
	switch r {
	case CriticalFailure:
		line = "A critical failure on defend counts as a failure: you and the protected both take the full " + itoa(d) + "."
	case Failure:
		line = "Failure: you and the protected both take the full " + itoa(d) + "."
	case Mixed:
		line = "Mixed success: you and the protected both take half, " + half + "."
	case Success:
		line = "Success: you take half, " + half + "; the protected takes 0."
	default:
		line = "Critical success: neither you nor the protected take any damage."
	}
	return rules.Roll{
		Dice:    t.Rolls(),
		Outcome: r.Name(),
		Result:  capital(r.Words()) + ": you take " + itoa(a) + ", the protected takes " + itoa(b) + ".",
		Values: []rules.Value{
			{Name: "total", Value: ro.total},
			{Name: "protector_damage", Value: a},
			{Name: "protected_damage", Value: b},
		},
		Steps: append(ro.steps, line),
	}, nil
}

func itoa(n int) string { return strconv.Itoa(n) }

// capital upper-cases the first letter of an ASCII phrase.
func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
