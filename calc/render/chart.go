package render

import (
	"strconv"
	"strings"

	"d6codex/calc"
	"d6codex/rules"
	"d6codex/rules/text"
)

// Chart geometry, in SVG pixels drawn at their size (never scaled, so
// the text is 11px everywhere): the plot's height, the margins for the
// y-axis and the markers' labels, a value's slot for one series and what
// each further series adds, the widest slot a named level may take, and
// the width of one character of an 11px label.
const (
	plotH    = 160.0
	left     = 46.0
	top      = 30.0
	slotW    = 22.0
	seriesW  = 8.0
	maxSlotW = 112.0
	charW    = 6.3
	lineH    = 13.0
	// rare is the chance below which the values at either end of a
	// distribution are told in words rather than charted.
	rare = 1e-9
)

// preferred are the distributions a player most asks about (what the
// attack does), charted first when the report has them.
var preferred = []string{"wound_level", "body_points_lost", "stamina_loss", "damage_dealt", "protected_damage", "damage"}

// chart writes the figure of one distribution: a choice of distribution,
// the three modes (switched by CSS, so they work without script), a bar
// chart of every value with a y-axis in percent, and the same numbers as
// a table.
func chart(b *strings.Builder, r rules.Report, pin *rules.Report, o Options, together calc.Overlay) {
	names := charted(r)
	if len(names) == 0 {
		return
	}
	if together != nil && len(names) > 1 && (o.Dist == "" || o.Dist == AllDists || strings.IndexByte(o.Dist, ',') >= 0) {
		together(b, r, []string{o.Dist}, o.Key, o.mode())
		return
	}
	name := pick(names, o.Dist)
	d := dist(r, name)
	ds := []rules.Dist{d}
	if pin != nil {
		for _, x := range pin.Distributions {
			if x.Name == name {
				ds = []rules.Dist{x, d}
			}
		}
	}
	b.WriteString(`<figure class="calc-chart" data-dist="` + html(name) + `"><div class="calc-chart-controls">`)
	if len(names) > 1 {
		b.WriteString(`<select aria-label="Distribution" data-role="dist">`)
		if together != nil {
			b.WriteString(`<option value="` + AllDists + `">All together</option>`)
		}
		options(b, r, names, func(n string) bool { return n == name })
		b.WriteString(`</select>`)
	}
	modeRadios(b, o.Key, o.mode())
	f := newFig(ds, d.Label)
	f.pinned = len(ds) == 2
	f.words = distWords(r, name)
	f.draw(b)
}

// charted lists the distributions of r that have values, in order.
func charted(r rules.Report) []string {
	var names []string
	for _, d := range r.Distributions {
		if !d.PMF.Empty() {
			names = append(names, d.Name)
		}
	}
	return names
}

// dist is the distribution of r called name.
func dist(r rules.Report, name string) rules.Dist {
	for _, d := range r.Distributions {
		if d.Name == name {
			return d
		}
	}
	return rules.Dist{}
}

// options writes the <option>s of the named distributions.
func options(b *strings.Builder, r rules.Report, names []string, selected func(string) bool) {
	for _, n := range names {
		sel := ""
		if selected(n) {
			sel = " selected"
		}
		b.WriteString(`<option value="` + html(n) + `"` + sel + `>` + html(distWords(r, n)) + `</option>`)
	}
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

// series is one distribution over a figure's values: each value's chance
// exactly, at least and at most (from the whole distribution: the values
// left out at either end and the mass never followed count), what was
// left out below and above, its mean and the indices of the values where
// its central 99% starts and ends.
type series struct {
	words                  string
	exact, atleast, atmost []float64
	below, above, mean     float64
	lo, hi                 int
	total                  float64
}

// fig is what a chart draws: the values shown, how they are named (label
// nil for numbers), and one series per distribution drawn; with pinned,
// the first is the pinned set-up's and the second the current one.
type fig struct {
	values []int
	label  func(int) string
	ss     []series
	pinned bool
	words  string // the figure's caption, before " (percent)"
	mark   bool   // the mean and the central 99% are marked
	a, z   int    // the values where the central 99% starts and ends (bars sets them)
}

// newFig lays out ds over the values they share: every value from the
// lowest to the highest that one of them gives at least the chance rare
// (or every value, when none does); values whose every chance is 0 are
// left out.
func newFig(ds []rules.Dist, label func(int) string) *fig {
	lo, hi := 0, -1
	for i, d := range ds {
		a, z := d.PMF.Min(), d.PMF.Max()
		for a < z && d.PMF.P(a) < rare {
			a++
		}
		for z > a && d.PMF.P(z) < rare {
			z--
		}
		if i == 0 || a < lo {
			lo = a
		}
		if i == 0 || z > hi {
			hi = z
		}
	}
	var all []int
	for _, d := range ds {
		for _, p := range d.PMF.Pairs() {
			if p.Value >= lo && p.Value <= hi {
				all = append(all, p.Value)
			}
		}
	}
	f := &fig{values: sortedSet(all), label: label, mark: label == nil}
	for _, d := range ds {
		f.ss = append(f.ss, newSeries(d, f.values))
	}
	return f
}

// newSeries is d over the sorted values.
func newSeries(d rules.Dist, values []int) series {
	n := len(values)
	s := series{words: say(d.Name, d.Words), exact: make([]float64, n), atleast: make([]float64, n), atmost: make([]float64, n), mean: d.PMF.Mean()}
	lo, hi := d.PMF.Min(), d.PMF.Max()
	acc, v := 0.0, lo
	for i, x := range values {
		if i == 0 {
			for ; v < x && v <= hi; v++ {
				acc += d.PMF.P(v)
			}
			s.below = acc
		}
		for ; v <= x && v <= hi; v++ {
			acc += d.PMF.P(v)
		}
		s.exact[i] = d.PMF.P(x)
		s.atmost[i] = min(acc, 1)
	}
	acc, v = d.Beyond, hi
	for i := n - 1; i >= 0; i-- {
		if i == n-1 {
			for ; v > values[i] && v >= lo; v-- {
				acc += d.PMF.P(v)
			}
			s.above = acc
		}
		for ; v >= values[i] && v >= lo; v-- {
			acc += d.PMF.P(v)
		}
		s.atleast[i] = min(acc, 1)
	}
	s.total = s.below + acc
	s.lo, s.hi = s.at(0.005), s.at(0.995)
	return s
}

// at is the index of the first value at or under which a share q of the
// series lies (the last value when the rest is past them all).
func (s series) at(q float64) int {
	for i, p := range s.atmost {
		if p >= q*s.total-1e-15 {
			return i
		}
	}
	return len(s.atmost) - 1
}

func (s series) mode(m int) []float64 {
	switch m {
	case 1:
		return s.atleast
	case 2:
		return s.atmost
	}
	return s.exact
}

// draw writes the figure's chart, caption, notes and table, and closes
// the figure.
func (f *fig) draw(b *strings.Builder) {
	f.bars(b)
	b.WriteString(`<figcaption>` + html(f.words) + ` (percent)</figcaption>`)
	f.tails(b)
	now := f.ss[len(f.ss)-1]
	if now.total < 1-1e-9 {
		b.WriteString(`<p class="calc-note">The values cover ` + Pct(now.total) + ` of all rolls; the other ` + Pct(1-now.total) + ` have no value here (see the outcomes above).</p>`)
	}
	f.table(b)
	b.WriteString(`</figure>`)
}

// tails says in words what the chart leaves out at either end.
func (f *fig) tails(b *strings.Builder) {
	open := false
	for i, s := range f.ss {
		if f.pinned && i == 0 {
			continue // the pinned set-up's ends are its own to read
		}
		for end, p := range [2]float64{s.below, s.above} {
			if p <= 0 {
				continue
			}
			if !open {
				b.WriteString(`<p class="calc-note calc-tails">`)
				open = true
			} else {
				b.WriteString(" ")
			}
			if len(f.ss) > 1 && !f.pinned {
				b.WriteString(html(s.words) + ": ")
			}
			side, v := "Results below ", f.values[0]
			if end == 1 {
				side, v = "Results above ", f.values[len(f.values)-1]
			}
			b.WriteString(side + html(f.text(v)) + ": " + chance(p) + " in all.")
		}
	}
	if open {
		b.WriteString(`</p>`)
	}
}

// text is a value as the figure names it.
func (f *fig) text(v int) string {
	if f.label != nil {
		return f.label(v)
	}
	return itoa(v)
}

// chance is a tiny probability in words: "less than 1 in a billion",
// "about 3 in a billion", else in percent.
func chance(p float64) string {
	switch {
	case p < rare:
		return "less than 1 in a billion"
	case p < 1e-6:
		return "about " + itoa(int(p*1e9+0.5)) + " in a billion"
	}
	return strconv.FormatFloat(p*100, 'g', 2, 64) + "%"
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
