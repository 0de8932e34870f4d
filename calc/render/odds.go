package render

import (
	"strings"

	"d6codex/rules/dice"
)

// Odds geometry: a bar is oddsBarW units wide with a gap of one, the plot
// oddsH high; at most oddsRows rows of chances.
const (
	oddsBarW = 5
	oddsH    = 40
	oddsRows = 12
)

// Odds writes the odds of one roll as a popup beside an inline roll shows
// them: its mean and range, a small bar chart of every value (but those
// below one in a billion at either end, as the calculators' charts) and
// the chance of exactly, at
// least and at most a value for every value, or for a dozen evenly spaced
// ones when there are more. open says the roll has no highest value (an
// exploding die). Everything is phrasing content (spans and an svg), so
// the popup may stand inside a paragraph.
func Odds(b *strings.Builder, d dice.PMF, mean float64, open bool) {
	lo, hi := d.Min(), d.Max()
	// The chart's span: every value but those below rare at either end,
	// as the calculators' charts (issue 34).
	for hi > lo && d.P(hi) < rare {
		hi--
	}
	for lo < hi && d.P(lo) < rare {
		lo++
	}
	rng := itoa(d.Min()) + "–" + itoa(d.Max())
	if open {
		rng = itoa(d.Min()) + " or more"
	} else if d.Min() == d.Max() {
		rng = itoa(d.Min())
	}
	b.WriteString(`<span class="odds-sum"><span>Average <b>` + num(mean) + `</b></span> <span>Range <b>` + rng + `</b></span></span>`)
	// One bar, and one row, for each value the roll can take.
	var vals []int
	peak := 0.0
	for v := lo; v <= hi; v++ {
		if p := d.P(v); p > 0 {
			vals = append(vals, v)
			peak = max(peak, p)
		}
	}
	b.WriteString(`<svg class="odds-bars" viewBox="0 0 ` + itoa(len(vals)*(oddsBarW+1)) + ` ` + itoa(oddsH) + `" preserveAspectRatio="none" aria-hidden="true"><path d="`)
	for i, v := range vals {
		h := max(d.P(v)/peak*oddsH, 0.3) // a value that can happen shows
		b.WriteString("M" + itoa(i*(oddsBarW+1)) + " " + itoa(oddsH) + "v-" + ftoa(h) + "h" + itoa(oddsBarW) + "v" + ftoa(h) + "z")
	}
	b.WriteString(`"/></svg><span class="odds-axis"><span>` + itoa(lo) + `</span><span>` + itoa(hi) + `</span></span>`)
	// The rows: every value, or a dozen evenly spaced ones with the last.
	step := 1
	if len(vals) > oddsRows {
		step = (len(vals) + oddsRows - 2) / (oddsRows - 1)
	}
	b.WriteString(`<span class="odds-rows" role="table" aria-label="Chance of each result"><span role="row"><span role="columnheader">Roll</span><span role="columnheader">Exactly</span><span role="columnheader">At least</span><span role="columnheader">At most</span></span>`)
	for i := 0; i < len(vals)-1; i += step {
		oddsRow(b, d, vals[i])
	}
	oddsRow(b, d, vals[len(vals)-1])
	b.WriteString(`</span>`)
}

func oddsRow(b *strings.Builder, d dice.PMF, v int) {
	b.WriteString(`<span role="row"><span role="rowheader">` + itoa(v) + `</span><span role="cell">` + Pct(whole(d.P(v))) +
		`</span><span role="cell">` + Pct(whole(d.AtLeast(v))) + `</span><span role="cell">` + Pct(whole(d.AtMost(v))) + `</span></span>`)
}

// whole is p, or 1 when it falls short of 1 by rounding alone (a sum of
// every chance).
func whole(p float64) float64 {
	if p > 1-1e-12 {
		return 1
	}
	return p
}
