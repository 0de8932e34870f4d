package render

import (
	"math"
	"strconv"
	"strings"

	"d6codex/rules/text"
)

// bars writes the figure's SVG bar chart, drawn at its size in a box that
// scrolls sideways: the x-axis labels (wrapped, at intervals that keep
// them apart), the central 99% shaded and the mean marked, and for each
// mode a group (CSS shows the checked one) with a y-axis in percent and
// one path of bars per series. The box opens on the central 99%
// (calc.js scrolls to data-x0); on paper, where nobody scrolls, the chart
// is scaled down to show its central 99% whole in its column (calc.css
// reads --w, --cx0 and --need: the chart's width, where its central 99%
// starts and the width that shows it, in the chart's units). Each
// value's numbers are the table's, which calc.js shows on hover, tap and
// arrow keys.
func (f *fig) bars(b *strings.Builder) {
	n, k := len(f.values), len(f.ss)
	sw := max(slotW, seriesW*float64(k)+6)
	widest := 0.0
	for _, v := range f.values {
		for _, w := range text.Fields(f.text(v)) {
			widest = max(widest, float64(len(w))*charW)
		}
	}
	every := 1
	if f.label != nil {
		sw = min(max(sw, widest+8), maxSlotW)
	} else {
		// Labels apart by their width; past 30 values, by 80 px at least
		// (an axis of 10, 20, 30 reads better than every second value,
		// and each label is text the browser lays out).
		gap := widest + 8
		if n > 30 {
			gap = max(gap, 80)
		}
		for float64(every)*sw < gap {
			every = nextStep(every)
		}
	}
	// Consecutive numbers are labelled at the multiples of the step (10,
	// 20, 30), others every step-th value.
	run := n > 0 && f.values[n-1]-f.values[0] == n-1
	lines := make([][]string, n)
	maxLines := 1
	for i, v := range f.values {
		if every > 1 && (run && v%every != 0 || !run && i%every != 0) {
			continue
		}
		lines[i] = wrap(f.text(v), sw-4)
		maxLines = max(maxLines, len(lines[i]))
	}
	w := left + float64(n)*sw + 8
	h := top + plotH + 10 + float64(maxLines)*lineH
	// The central 99% of the current set-up, or of every series together.
	a, z := n-1, 0
	for j, s := range f.ss {
		if !(f.pinned && j == 0) {
			a, z = min(a, s.lo), max(z, s.hi)
		}
	}
	f.a, f.z = a, z
	x0, x1 := left+float64(a)*sw, left+float64(z+1)*sw
	b.WriteString(`<div class="calc-svgwrap" tabindex="0" role="group" aria-label="` + html(f.words) + `, chart: the arrow keys read each value" data-x0="` + ftoa(x0) + `" data-x1="` + ftoa(x1) + `"`)
	b.WriteString(` style="--w:` + ftoa(w) + `;--cx0:` + ftoa(x0-left) + `;--need:` + ftoa(left+x1-x0+8) + `">`)
	var names []string
	for _, s := range f.ss[len(f.ss)-1:] {
		names = append(names, s.words)
	}
	if k > 1 && !f.pinned {
		names = names[:0]
		for _, s := range f.ss {
			names = append(names, s.words)
		}
	}
	aria := "Bar chart of " + strings.Join(names, ", ") + ": " + itoa(n) + " values from " + f.text(f.values[0]) + " to " + f.text(f.values[n-1])
	if f.mark && k == 1 {
		aria += ", mean " + num(f.ss[0].mean)
	}
	// The y-axis, apart: it stays at the box's left edge while the bars
	// scroll (sticky), one group per mode as the bars.
	var ceils [len(modes)]float64
	b.WriteString(`<svg class="calc-yaxis" aria-hidden="true" width="` + ftoa(left) + `" height="` + ftoa(h) + `" viewBox="0 0 ` + ftoa(left) + ` ` + ftoa(h) + `">`)
	for m, mode := range modes {
		peak := 0.0
		for _, s := range f.ss {
			for _, p := range s.mode(m) {
				peak = max(peak, p)
			}
		}
		var step float64
		step, ceils[m] = ticks(peak)
		b.WriteString(`<g data-mode="` + mode.ID + `">`)
		for t := 0.0; t <= ceils[m]+step/2; t += step {
			b.WriteString(`<text class="calc-axis" x="` + ftoa(left-7) + `" y="` + ftoa(top+plotH-t/ceils[m]*plotH+4) + `" text-anchor="end">` + tickText(t) + `</text>`)
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(`</svg>`)
	b.WriteString(`<svg class="calc-bars" role="img" aria-label="` + html(aria+"; the table lists each value") + `" width="` + ftoa(w) + `" height="` + ftoa(h) + `" viewBox="0 0 ` + ftoa(w) + ` ` + ftoa(h) + `" data-sw="` + ftoa(sw) + `" data-left="` + ftoa(left) + `">`)
	b.WriteString(`<g class="calc-xlabels" aria-hidden="true">`)
	for i, ls := range lines {
		for j, l := range ls {
			b.WriteString(`<text class="calc-axis" x="` + ftoa(left+(float64(i)+0.5)*sw) + `" y="` + ftoa(top+plotH+14+float64(j)*lineH) + `" text-anchor="middle">` + html(l) + `</text>`)
		}
	}
	b.WriteString(`</g>`)
	if f.mark && (a > 0 || z < n-1) {
		b.WriteString(`<rect class="calc-band" x="` + ftoa(x0) + `" y="` + ftoa(top) + `" width="` + ftoa(x1-x0) + `" height="` + ftoa(plotH) + `"/><text class="calc-mark" aria-hidden="true" x="` + ftoa(x0+3) + `" y="` + ftoa(top+11) + `">central 99%</text>`)
	}
	bw := (sw - 4) / float64(k)
	for m, mode := range modes {
		ceil := ceils[m]
		b.WriteString(`<g data-mode="` + mode.ID + `">`)
		for _, y := range gridLines(ceil) {
			b.WriteString(`<line class="calc-grid" x1="` + ftoa(left-4) + `" x2="` + ftoa(w-8) + `" y1="` + ftoa(y) + `" y2="` + ftoa(y) + `"/>`)
		}
		for j, s := range f.ss {
			// One bar a value, each moved from the last one drawn.
			b.WriteString(`<path class="` + f.class(j) + `" d="M` + ftoa(left+2+float64(j)*bw) + " " + ftoa(top+plotH))
			last := 0
			for i, p := range s.mode(m) {
				if p > 0 {
					bh := ftoa(max(p/ceil*plotH, 1))
					b.WriteString("m" + ftoa(float64(i-last)*sw) + " 0v-" + bh + "h" + ftoa(bw) + "v" + bh + "z")
					last = i
				}
			}
			b.WriteString(`"/>`)
		}
		b.WriteString(`</g>`)
	}
	if f.mark {
		for j, s := range f.ss {
			if f.pinned && j == 0 {
				continue
			}
			x := f.x(s.mean, sw)
			b.WriteString(`<line class="calc-mean ` + f.class(j) + `" x1="` + ftoa(x) + `" x2="` + ftoa(x) + `" y1="` + ftoa(top-6) + `" y2="` + ftoa(top+plotH) + `"/>`)
			if k == 1 || f.pinned {
				t := "mean " + num(s.mean)
				half := float64(len(t)) * charW / 2
				b.WriteString(`<text class="calc-mark" aria-hidden="true" x="` + ftoa(min(max(x, left+half), w-half)) + `" y="` + ftoa(top-10) + `" text-anchor="middle">` + t + `</text>`)
			}
		}
	}
	b.WriteString(`</svg></div>`)
}

// class is the bars' class of the j-th series.
func (f *fig) class(j int) string {
	switch {
	case f.pinned && j == 0:
		return "calc-bar-pin"
	case f.pinned || len(f.ss) == 1:
		return "calc-bar-now"
	}
	return "calc-bar-s" + strconv.Itoa(j)
}

// x is where a number m (a mean) falls on the chart of slots sw wide:
// between the slots of the values around it.
func (f *fig) x(m, sw float64) float64 {
	vs := f.values
	for i, v := range vs {
		if float64(v) >= m {
			if i == 0 {
				break
			}
			a := float64(vs[i-1])
			return left + (float64(i)-0.5+(m-a)/(float64(v)-a))*sw
		}
	}
	if m > float64(vs[len(vs)-1]) {
		return left + (float64(len(vs))-0.5)*sw
	}
	return left + 0.5*sw
}

// nextStep is the label step after k: 1, 2, 5, 10, 20, 50, ...
func nextStep(k int) int {
	for p := 1; ; p *= 10 {
		if k == 2*p {
			return 5 * p
		}
		if k < 10*p {
			return 2 * k
		}
	}
}

// gridLines are the y of the y-axis lines of a chart whose axis tops at
// ceil (ticks).
func gridLines(ceil float64) []float64 {
	step, _ := ticks(ceil)
	var ys []float64
	for t := 0.0; t <= ceil+step/2; t += step {
		ys = append(ys, top+plotH-t/ceil*plotH)
	}
	return ys
}

// ticks picks the y-axis step and top for a peak chance: a round step
// (0.01%, 0.02%, 0.05%, ... 25%) giving at most five lines.
func ticks(peak float64) (step, ceil float64) {
	if peak <= 0 {
		return 0.25, 1
	}
	for _, s := range []float64{0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25} {
		if peak/s <= 5 {
			return s, math.Ceil(peak/s-1e-9) * s
		}
	}
	return 0.25, 1
}

// tickText is an axis value in percent: "0%", "12.5%", "0.05%".
func tickText(t float64) string {
	return strconv.FormatFloat(math.Round(t*1e6)/1e4, 'f', -1, 64) + "%"
}

// wrap breaks a label into lines of at most width pixels at spaces; a word
// longer than a line keeps its own line whole.
func wrap(s string, width float64) []string {
	var out []string
	line := ""
	for _, w := range text.Fields(s) {
		if line != "" && float64(len(line)+1+len(w))*charW > width {
			out = append(out, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" || len(out) == 0 {
		out = append(out, line)
	}
	return out
}
