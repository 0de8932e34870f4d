package render

import (
	"math"
	"strconv"
	"strings"

	"d6codex/rules"
)

// AllDists is the Options.Dist that charts every distribution of an
// Overlay calculator together (the default for those).
const AllDists = "all"

// maxOverlay is how many distributions one overlaid chart draws; the
// others are listed for charting one at a time.
const maxOverlay = 8

// Overlay is the calc.Overlay there is: it writes the figure of several
// alike distributions at once: a legend, side-by-side bars per value (one
// colour per distribution, the three modes switched by CSS as in chart)
// and a table with one column per distribution. A pinned set-up is
// compared one distribution at a time.
func Overlay(b *strings.Builder, r rules.Report, names []string, key, mode string) {
	if len(names) > maxOverlay {
		names = names[:maxOverlay]
	}
	var dists []rules.Dist
	for _, n := range names {
		for _, d := range r.Distributions {
			if d.Name == n {
				dists = append(dists, d)
			}
		}
	}
	// The values of all, cut like one chart's.
	var all []int
	for _, d := range dists {
		for _, x := range d.PMF.Pairs() {
			if x.P >= tinyP {
				all = append(all, x.Value)
			}
		}
	}
	all = sortedSet(all)
	if len(all) > maxBars {
		all = all[:maxBars]
	}
	ss := make([]series, len(dists))
	for i, d := range dists {
		ss[i] = cumulate(all, d.PMF)
	}
	b.WriteString(`<figure class="calc-chart calc-overlay" data-dist="` + AllDists + `"><div class="calc-chart-controls">`)
	b.WriteString(`<select aria-label="Distribution" data-role="dist"><option value="` + AllDists + `" selected>All together</option>`)
	for _, d := range r.Distributions {
		if len(d.PMF.Pairs()) > 0 {
			b.WriteString(`<option value="` + html(d.Name) + `">` + html(distWords(r, d.Name)) + `</option>`)
		}
	}
	b.WriteString(`</select>`)
	modeRadios(b, key, mode)
	b.WriteString(`<ul class="calc-legend-list">`)
	for i, d := range dists {
		b.WriteString(`<li><span class="calc-key calc-key-s` + strconv.Itoa(i) + `"></span> ` + html(distWords(r, d.Name)) + `</li>`)
	}
	b.WriteString(`</ul>`)
	overlayBars(b, r, dists, all, ss)
	b.WriteString(`<figcaption>All outputs together (percent)</figcaption>`)
	// The table: one column per distribution, each in the three modes.
	b.WriteString(`<details class="calc-table"><summary>Show as a table</summary><table><thead><tr><th scope="col">Value</th>`)
	for _, d := range dists {
		w := html(distWords(r, d.Name))
		b.WriteString(`<th scope="col">` + w + `: exactly</th><th scope="col">at least</th><th scope="col">at most</th>`)
	}
	b.WriteString(`</tr></thead><tbody>`)
	for j, v := range all {
		b.WriteString(`<tr data-v="` + itoa(v) + `"><th scope="row">` + itoa(v) + `</th>`)
		for i := range dists {
			b.WriteString(`<td>` + Pct(ss[i].exact[j]) + `</td><td>` + Pct(ss[i].atleast[j]) + `</td><td>` + Pct(ss[i].atmost[j]) + `</td>`)
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table></details></figure>`)
}

// overlayBars is bars for several series: in each value's slot one bar per
// series, side by side.
func overlayBars(b *strings.Builder, r rules.Report, dists []rules.Dist, values []int, ss []series) {
	k := float64(len(ss))
	sw := math.Max(slotW, 6*k+6)
	n := len(values)
	every := interval(n)
	w := left + float64(n)*sw + 8
	h := top + plotH + 10 + lineH
	svgOpen(b, "All outputs, distribution", w, h, "")
	for i, v := range values {
		if i%every == 0 {
			xlabel(b, left+(float64(i)+0.5)*sw, top+plotH+14, itoa(v))
		}
	}
	b.WriteString(`</g>`)
	bw := (sw - 4) / k
	for _, m := range modes {
		peak := 0.0
		for _, s := range ss {
			for _, p := range s.mode(m.ID) {
				peak = math.Max(peak, p)
			}
		}
		ceil := grid(b, m.ID, w, peak)
		for i, v := range values {
			x := left + float64(i)*sw
			var tip []string
			hi := 0.0
			for j, s := range ss {
				tip = append(tip, distWords(r, dists[j].Name)+" "+Pct(s.mode(m.ID)[i]))
				hi = math.Max(hi, s.mode(m.ID)[i])
			}
			t := itoa(v) + ": " + strings.Join(tip, ", ")
			barOpen(b, t, m.Words, x, sw)
			for j, s := range ss {
				rect(b, "calc-bar-s"+strconv.Itoa(j), x+2+float64(j)*bw, bw, s.mode(m.ID)[i], ceil)
			}
			ty := math.Max(top+plotH-hi/ceil*plotH-6, 12)
			barClose(b, math.Min(math.Max(x+sw/2, left+20), w-20), ty, itoa(v))
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(`</svg></div>`)
}
