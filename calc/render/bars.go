package render

import (
	"math"
	"strconv"
	"strings"

	"d6codex/rules/text"
)

// bars writes the SVG bar chart: for each mode a group (CSS shows the
// checked one) with a y-axis in percent, one bar per value (two when a
// set-up is pinned), x-axis labels that wrap instead of being cut (at
// intervals past maxTicks values), and each bar's value in a tip shown on
// hover, tap and keyboard focus.
func bars(b *strings.Builder, name string, values []int, label func(int) string, now series, was *series) {
	n := len(values)
	sw := slotW
	for _, v := range values {
		for _, w := range text.Fields(label(v)) {
			sw = math.Max(sw, float64(len(w))*charW+8)
		}
	}
	sw = math.Min(sw, maxSlotW)
	every := interval(n)
	lines := make([][]string, n)
	maxLines := 1
	for i, v := range values {
		if i%every != 0 {
			continue
		}
		lines[i] = wrap(label(v), sw-4)
		maxLines = max(maxLines, len(lines[i]))
	}
	w := left + float64(n)*sw + 8
	h := top + plotH + 10 + float64(maxLines)*lineH
	// --w lets the stylesheet shrink the chart to its box, down to a size
	// whose labels stay readable, and scroll past that.
	svgOpen(b, html(name)+" distribution", w, h, ` style="--w:`+ftoa(w)+`px"`)
	for i := range values {
		for j, l := range lines[i] {
			xlabel(b, left+(float64(i)+0.5)*sw, top+plotH+14+float64(j)*lineH, html(l))
		}
	}
	b.WriteString(`</g>`)
	for _, m := range modes {
		ys := now.mode(m.ID)
		var ws []float64
		peak := 0.0
		for _, p := range ys {
			peak = math.Max(peak, p)
		}
		if was != nil {
			ws = was.mode(m.ID)
			for _, p := range ws {
				peak = math.Max(peak, p)
			}
		}
		ceil := grid(b, m.ID, w, peak)
		for i, v := range values {
			x := left + float64(i)*sw
			tip := label(v) + ": " + Pct(ys[i])
			if was != nil {
				tip = label(v) + ": " + Pct(ws[i]) + " → " + Pct(ys[i])
			}
			barOpen(b, tip, m.Words, x, sw)
			hi := ys[i]
			if was != nil {
				bw := (sw - 6) / 2
				rect(b, "calc-bar-pin", x+2, bw, ws[i], ceil)
				rect(b, "calc-bar-now", x+4+bw, bw, ys[i], ceil)
				hi = math.Max(hi, ws[i])
			} else {
				rect(b, "calc-bar-now", x+2, sw-4, ys[i], ceil)
			}
			ty := math.Max(top+plotH-hi/ceil*plotH-6, 12)
			tx := math.Min(math.Max(x+sw/2, left+float64(len(tip))*charW/2), w-float64(len(tip))*charW/2)
			barClose(b, tx, ty, tip)
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(`</svg></div>`)
}

// svgOpen starts a bar chart of size w × h (attrs are extra attributes of
// the svg element) and its group of x-axis labels.
func svgOpen(b *strings.Builder, aria string, w, h float64, attrs string) {
	b.WriteString(`<div class="calc-svgwrap"><svg class="calc-bars" role="group" aria-label="` + aria + `" width="` + ftoa(w) + `" height="` + ftoa(h) + `" viewBox="0 0 ` + ftoa(w) + ` ` + ftoa(h) + `"` + attrs + `>`)
	b.WriteString(`<g class="calc-xlabels" aria-hidden="true">`)
}

// xlabel writes one line of an x-axis label (text already escaped).
func xlabel(b *strings.Builder, x, y float64, text string) {
	b.WriteString(`<text class="calc-axis" x="` + ftoa(x) + `" y="` + ftoa(y) + `" text-anchor="middle">` + text + `</text>`)
}

// grid opens a mode's group and writes its y-axis lines for a chart w wide
// whose highest bar is peak; it returns the axis' top.
func grid(b *strings.Builder, mode string, w, peak float64) (ceil float64) {
	step, ceil := ticks(peak)
	b.WriteString(`<g data-mode="` + mode + `">`)
	for t := 0.0; t <= ceil+step/2; t += step {
		y := top + plotH - t/ceil*plotH
		b.WriteString(`<line class="calc-grid" x1="` + ftoa(left-4) + `" x2="` + ftoa(w-8) + `" y1="` + ftoa(y) + `" y2="` + ftoa(y) + `"/><text class="calc-axis" aria-hidden="true" x="` + ftoa(left-7) + `" y="` + ftoa(y+4) + `" text-anchor="end">` + tickText(t) + `</text>`)
	}
	return ceil
}

// barOpen starts one value's slot at x, sw wide: a focusable group named
// by tip and the mode's words, and the area that takes hover and taps.
func barOpen(b *strings.Builder, tip, words string, x, sw float64) {
	b.WriteString(`<g class="calc-bar" tabindex="0" role="img" aria-label="` + html(tip+" ("+words+")") + `">`)
	b.WriteString(`<rect class="calc-hit" x="` + ftoa(x) + `" y="` + ftoa(top) + `" width="` + ftoa(sw) + `" height="` + ftoa(plotH) + `"/>`)
}

// barClose writes a slot's tip at (x, y) and ends the slot.
func barClose(b *strings.Builder, x, y float64, tip string) {
	b.WriteString(`<text class="calc-tip" aria-hidden="true" x="` + ftoa(x) + `" y="` + ftoa(y) + `" text-anchor="middle">` + html(tip) + `</text></g>`)
}

// rect writes one bar of chance p on an axis up to ceil; a bar of any
// chance above zero is at least a pixel high.
func rect(b *strings.Builder, class string, x, w, p, ceil float64) {
	bh := p / ceil * plotH
	if p > 0 {
		bh = math.Max(bh, 1)
	}
	b.WriteString(`<rect class="` + class + `" x="` + ftoa(x) + `" y="` + ftoa(top+plotH-bh) + `" width="` + ftoa(w) + `" height="` + ftoa(bh) + `" rx="2"/>`)
}

// interval labels every k-th value so that at most maxTicks are labelled.
func interval(n int) int {
	for _, k := range []int{1, 2, 5, 10, 20, 25, 50} {
		if (n+k-1)/k <= maxTicks {
			return k
		}
	}
	return 100
}

// ticks picks the y-axis step and top for a peak chance: a round step
// (0.1%, 0.2%, 0.5%, 1%, ... 25%) giving at most five lines.
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
