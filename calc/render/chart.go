package render

import (
	"math"
	"strconv"
	"strings"

	"d6codex/calc"
	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/text"
)

// Chart geometry, in SVG pixels: the plot's height, the margins for the
// y-axis and the tooltips, a bar slot's width for numbers and the width of
// one character of an 11px label.
const (
	plotH    = 160.0
	left     = 46.0
	top      = 22.0
	slotW    = 32.0
	charW    = 6.3
	lineH    = 13.0
	maxSlotW = 112.0
	maxBars  = 60   // long tails (exploding dice) are cut here
	tinyP    = 1e-6 // ... and values below this chance are left out first
	maxTicks = 24   // labels on the x-axis at most
)

// preferred are the distributions a player most asks about (what the
// attack does), charted first when the report has them.
var preferred = []string{"wound_level", "body_points_lost", "stamina_loss", "damage_dealt", "protected_damage", "damage"}

// series is one distribution over the chart's values in the three modes.
type series struct {
	exact, atleast, atmost []float64
}

func (s series) mode(m string) []float64 {
	switch m {
	case "atleast":
		return s.atleast
	case "atmost":
		return s.atmost
	}
	return s.exact
}

// chart writes the figure of one distribution: a choice of distribution,
// the three modes (switched by CSS, so they work without script), a bar
// chart with a y-axis in percent and every bar's value on hover and focus,
// and the same numbers as a table.
func chart(b *strings.Builder, r rules.Report, pin *rules.Report, o Options, together calc.Overlay) {
	var names []string
	for _, d := range r.Distributions {
		if len(d.PMF.Pairs()) > 0 {
			names = append(names, d.Name)
		}
	}
	if len(names) == 0 {
		return
	}
	if together != nil && len(names) > 1 && (o.Dist == "" || o.Dist == AllDists) {
		together(b, r, names, o.Key, o.mode())
		return
	}
	name := pick(names, o.Dist)
	var d rules.Dist
	for _, x := range r.Distributions {
		if x.Name == name {
			d = x
		}
	}
	var pd *rules.Dist
	if pin != nil {
		for i := range pin.Distributions {
			if pin.Distributions[i].Name == name {
				pd = &pin.Distributions[i]
			}
		}
	}
	values, now, was := align(d, pd)
	label := func(v int) string {
		if d.Label != nil {
			return d.Label(v)
		}
		return itoa(v)
	}
	b.WriteString(`<figure class="calc-chart" data-dist="` + html(name) + `"><div class="calc-chart-controls">`)
	if len(names) > 1 {
		b.WriteString(`<select aria-label="Distribution" data-role="dist">`)
		if together != nil {
			b.WriteString(`<option value="` + AllDists + `">All together</option>`)
		}
		for _, n := range names {
			sel := ""
			if n == name {
				sel = " selected"
			}
			b.WriteString(`<option value="` + html(n) + `"` + sel + `>` + html(distWords(r, n)) + `</option>`)
		}
		b.WriteString(`</select>`)
	}
	modeRadios(b, o.Key, o.mode())
	bars(b, distWords(r, name), values, label, now, was)
	b.WriteString(`<figcaption>` + html(distWords(r, name)) + ` (percent)</figcaption>`)
	mass := 0.0
	for _, p := range d.PMF.Pairs() {
		mass += p.P
	}
	if mass < 1-1e-9 {
		b.WriteString(`<p class="calc-note">The bars cover ` + Pct(mass) + ` of all rolls; the other ` + Pct(1-mass) + ` have no value here (see the outcomes above).</p>`)
	}
	table(b, values, label, now, was)
	b.WriteString(`</figure>`)
}

// mode is the mode a chart opens in: the asked one, else "exact".
func (o Options) mode() string {
	if o.Mode != "atleast" && o.Mode != "atmost" {
		return "exact"
	}
	return o.Mode
}

// modeRadios writes the choice of the three modes (key names the radio
// group) with mode checked, and closes the chart's controls.
func modeRadios(b *strings.Builder, key, mode string) {
	b.WriteString(`<div class="calc-modes" role="radiogroup" aria-label="Show">`)
	for _, m := range modes {
		id := html(key + "-mode-" + m.ID)
		chk := ""
		if m.ID == mode {
			chk = " checked"
		}
		b.WriteString(`<span><input type="radio" name="` + html(key+"-mode") + `" id="` + id + `" value="` + m.ID + `"` + chk + `><label for="` + id + `">` + m.Label + `</label></span>`)
	}
	b.WriteString(`</div></div>`)
}

// pick is the distribution to chart: the asked one, else a preferred one,
// else the first.
func pick(names []string, asked string) string {
	for _, want := range append([]string{asked}, preferred...) {
		for _, n := range names {
			if n == want {
				return n
			}
		}
	}
	return names[0]
}

// align lists the values of d and pd (if any) in increasing order, cut to
// a readable number, with each one's series; was is nil without pd.
func align(d rules.Dist, pd *rules.Dist) ([]int, series, *series) {
	var all []int
	for _, x := range d.PMF.Pairs() {
		all = append(all, x.Value)
	}
	if pd != nil {
		for _, x := range pd.PMF.Pairs() {
			all = append(all, x.Value)
		}
	}
	all = sortedSet(all)
	now := cumulate(all, d.PMF)
	var was *series
	if pd != nil {
		s := cumulate(all, pd.PMF)
		was = &s
	}
	if len(all) <= maxBars {
		return all, now, was
	}
	kept := make([]bool, len(all))
	for i := range all {
		kept[i] = now.exact[i] >= tinyP || (was != nil && was.exact[i] >= tinyP)
	}
	keep := func(i int) bool { return kept[i] }
	var vals []int
	cut := func(s series) series {
		var o series
		for i := range all {
			if keep(i) && len(o.exact) < maxBars {
				o.exact = append(o.exact, s.exact[i])
				o.atleast = append(o.atleast, s.atleast[i])
				o.atmost = append(o.atmost, s.atmost[i])
			}
		}
		return o
	}
	for i, v := range all {
		if keep(i) && len(vals) < maxBars {
			vals = append(vals, v)
		}
	}
	now = cut(now)
	if was != nil {
		s := cut(*was)
		was = &s
	}
	return vals, now, was
}

// cumulate is the series of the probabilities of d over the sorted values.
func cumulate(values []int, d dice.PMF) series {
	n := len(values)
	s := series{make([]float64, n), make([]float64, n), make([]float64, n)}
	acc := 0.0
	for i, v := range values {
		s.exact[i] = d.P(v)
		acc += s.exact[i]
		s.atmost[i] = math.Min(acc, 1)
	}
	acc = 0
	for i := n - 1; i >= 0; i-- {
		acc += s.exact[i]
		s.atleast[i] = math.Min(acc, 1)
	}
	return s
}

// sortedSet sorts xs in increasing order without repeats (in place).
func sortedSet(xs []int) []int {
	text.Sort(xs)
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func itoa(v int) string { return strconv.Itoa(v) }
