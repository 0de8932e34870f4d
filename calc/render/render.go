// Package render writes a calculator result as the HTML a page shows: the
// outcome table, the means, a chart of one distribution and the worded
// roll. The same code runs at build time (cmd/sitegen/internal/calcblock
// pre-renders every preset, so a page shows its answer before any script
// runs and without JavaScript) and in the browser (the WebAssembly module
// renders each new result), so both are the same markup by construction.
//
// A pinned result (a second set-up the player compares with) adds its
// column, bars and the difference. Like calc and rules, this package
// avoids fmt and reflection so that it stays small in the module.
package render

import (
	"strings"

	"d6codex/calc"
	"d6codex/rules"
	"d6codex/rules/text"
)

// Options choose what the result shows.
type Options struct {
	// Key is the calculator's element id; it keeps the chart's control ids
	// unique in the page.
	Key string
	// Dist is the distribution to chart; empty or unknown picks the one a
	// player most asks about.
	Dist string
	// Mode is the chart shown first: "exact", "atleast" or "atmost".
	Mode string
}

// Modes are the chart's views of a distribution, in order, with their labels.
var modes = [...]struct{ ID, Label, Words string }{
	{"exact", "Exactly", "exactly"},
	{"atleast", "At least", "at least"},
	{"atmost", "At most", "at most"},
}

// HTML renders cur, compared with pin when pin is not nil, as the inner
// HTML of a calculator's results.
func HTML(cur calc.Result, pin *calc.Result, o Options) string {
	var b strings.Builder
	var pr *rules.Report
	if pin != nil {
		pr = &pin.Report
	}
	if pin != nil {
		b.WriteString(`<p class="calc-legend"><span class="calc-key calc-key-pin"></span> Pinned set-up <span class="calc-key calc-key-now"></span> Now</p>`)
	}
	for _, n := range cur.Report.Notes {
		b.WriteString(`<p class="calc-note calc-warn" role="note">` + html(n) + `</p>`)
	}
	outcomes(&b, cur.Report, pr)
	means(&b, cur.Report, pr)
	chart(&b, cur.Report, pr, o, cur.Overlay)
	if cur.Roll != nil {
		roll(&b, *cur.Roll)
	} else if cur.Dice > 0 {
		n, them := itoa(cur.Dice)+" dice", "them"
		if cur.Dice == 1 {
			n, them = "1 die", "it"
		}
		if cur.MoreDice {
			n, them = n+" or more (a die that explodes or is rolled again adds one)", "them"
		}
		b.WriteString(`<p class="calc-note calc-dice-count" data-dice="` + itoa(cur.Dice) + `">One roll of this set-up takes ` + n + `: type ` + them + ` under “Dice rolled” to see it worked through.</p>`)
	}
	return b.String()
}

// Outcomes are a report's outcomes as pages show them: split, the first
// ones, which sum to 1 and split every roll; also, the flags after them
// that overlap them, without those that cannot happen with these inputs
// (below 1e-9, pinned set-up included). When no prefix sums to 1 every
// outcome is in split. A table whose one outcome always happens, with no
// flag, says nothing: both are nil.
func Outcomes(r rules.Report, pin *rules.Report) (split, also []rules.Prob) {
	sum := 0.0
	for i, o := range r.Outcomes {
		if sum < 1-1e-9 {
			sum += o.P
			split = r.Outcomes[: i+1 : i+1]
		} else if o.P >= 1e-9 || pinP(pin, o.Name) >= 1e-9 {
			also = append(also, o)
		}
	}
	if sum < 1-1e-9 {
		split, also = r.Outcomes, nil
	}
	if len(split)+len(also) < 2 {
		return nil, nil
	}
	return split, also
}

// pinP is the pinned set-up's chance of the named outcome, 0 if none.
func pinP(pin *rules.Report, name string) float64 {
	if pin == nil {
		return 0
	}
	q, _ := pin.P(name)
	return q
}

// outcomes writes the table of outcome probabilities: the outcomes that
// split every roll, then the flags under "Also".
func outcomes(b *strings.Builder, r rules.Report, pin *rules.Report) {
	split, also := Outcomes(r, pin)
	if split == nil {
		return
	}
	b.WriteString(`<table class="calc-outcomes"><caption>Chance of each outcome</caption><thead><tr><th scope="col">Outcome</th>`)
	cols := "2"
	if pin != nil {
		cols = "4"
		b.WriteString(`<th scope="col">Pinned</th><th scope="col">Now</th><th scope="col">Difference (points)</th>`)
	} else {
		b.WriteString(`<th scope="col">Chance</th>`)
	}
	b.WriteString(`</tr></thead><tbody>`)
	rows := func(list []rules.Prob) {
		for _, o := range list {
			q := pinP(pin, o.Name)
			b.WriteString(`<tr data-outcome="` + html(o.Name) + `" data-p="` + full(o.P) + `"><th scope="row">` + html(say(o.Name, o.Words)) + `</th>`)
			if pin != nil {
				b.WriteString(`<td data-pin-p="` + full(q) + `">` + Pct(q) + `</td>`)
			}
			b.WriteString(`<td title="` + full(o.P) + `">` + Pct(o.P) + `</td>`)
			if pin != nil {
				b.WriteString(`<td class="calc-diff">` + diff(q, o.P) + `</td>`)
			}
			b.WriteString(`</tr>`)
		}
	}
	rows(split)
	if len(also) > 0 {
		b.WriteString(`</tbody><tbody class="calc-also"><tr><th colspan="` + cols + `" scope="rowgroup">Also (each comes with one of the outcomes above)</th></tr>`)
		rows(also)
	}
	b.WriteString(`</tbody></table>`)
}

// means writes the expected values of numeric quantities. The mean of a
// distribution of named levels ("mean wound level 2.3") means nothing to
// a player, so those are left out; the mean of a distribution of 0 and 1
// (a comparison) is a chance, and says so.
func means(b *strings.Builder, r rules.Report, pin *rules.Report) {
	open := false
	for _, m := range r.Means {
		d := dist(r, m.Name)
		if d.Label != nil {
			continue
		}
		if !open {
			b.WriteString(`<dl class="calc-means">`)
			open = true
		}
		words := m.Words
		if words == "" {
			words = text.LowerASCII(Human(m.Name))
		}
		show, delta, dt := num, diffNum, "Mean "+words
		if !d.PMF.Empty() && d.PMF.Min() >= 0 && d.PMF.Max() <= 1 {
			show, delta, dt = Pct, diff, "Chance of "+words
		}
		b.WriteString(`<dt>` + html(dt) + `</dt><dd data-mean="` + html(m.Name) + `">`)
		if pin != nil {
			q, _ := pin.Mean(m.Name)
			b.WriteString(`<span class="calc-was">` + show(q) + ` → </span>` + show(m.Value) + ` <span class="calc-diff">(` + delta(q, m.Value) + `)</span>`)
		} else {
			b.WriteString(show(m.Value))
		}
		b.WriteString(`</dd>`)
	}
	if open {
		b.WriteString(`</dl>`)
	}
}

// roll writes the resolved roll in words.
func roll(b *strings.Builder, r rules.Roll) {
	b.WriteString(`<div class="calc-roll"><h4>This roll</h4><p class="calc-roll-result" data-outcome="` + html(r.Outcome) + `"><strong>` + html(r.Result) + `</strong></p><p class="calc-roll-dice">Dice:`)
	for _, d := range r.Dice {
		b.WriteString(" " + itoa(d.Value))
	}
	b.WriteString(`</p><ol class="calc-steps">`)
	for _, s := range r.Steps {
		b.WriteString(`<li>` + html(s) + `</li>`)
	}
	b.WriteString(`</ol></div>`)
}
