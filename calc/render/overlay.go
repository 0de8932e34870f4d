package render

import (
	"strconv"
	"strings"

	"d6codex/rules"
)

// AllDists is the Options.Dist that charts every distribution of an
// Overlay calculator together (the default for those). A list of names
// separated by commas ("a,b,") charts those together.
const AllDists = "all"

// MaxOverlay is how many distributions one overlaid chart draws (one
// colour each); past it the figure says how many it shows and lets the
// reader choose which.
const MaxOverlay = 12

// Overlay is the calc.Overlay there is: it writes the figure of several
// alike distributions at once, the asked ones (names separated by commas
// in asked; every one, up to MaxOverlay, when none of them is a
// distribution of r): a legend,
// side-by-side bars per value (one colour per distribution, the three
// modes switched by CSS as in chart) and a table with a column per
// distribution. A pinned set-up is compared one distribution at a time.
func Overlay(b *strings.Builder, r rules.Report, asked []string, key, mode string) {
	names := charted(r)
	list := "," + strings.Join(asked, ",") + ","
	var show []rules.Dist
	for _, n := range names {
		if listed(list, n) && len(show) < MaxOverlay {
			show = append(show, dist(r, n))
		}
	}
	if len(show) == 0 {
		for _, n := range names[:min(len(names), MaxOverlay)] {
			show = append(show, dist(r, n))
		}
	}
	drawn := func(n string) bool {
		for _, d := range show {
			if d.Name == n {
				return true
			}
		}
		return false
	}
	b.WriteString(`<figure class="calc-chart calc-overlay" data-dist="` + AllDists + `"><div class="calc-chart-controls">`)
	b.WriteString(`<select aria-label="Distribution" data-role="dist"><option value="` + AllDists + `" selected>All together</option>`)
	options(b, r, names, func(string) bool { return false })
	b.WriteString(`</select>`)
	modeRadios(b, key, mode)
	if len(show) < len(names) {
		// Which to draw: a box per distribution (calc.js charts the ones
		// ticked; without script, the list above charts one at a time).
		shown := itoa(len(show)) + " of " + itoa(len(names))
		b.WriteString(`<p class="calc-note calc-showing">Showing ` + shown + `: choose which below, or one at a time in the list above.</p><details class="calc-pick"><summary>Choose what to draw (` + shown + `, at most ` + itoa(MaxOverlay) + `)</summary><div class="calc-pick-list">`)
		for _, n := range names {
			chk := ""
			if drawn(n) {
				chk = " checked"
			}
			b.WriteString(`<label><input type="checkbox" data-role="pick" value="` + html(n) + `"` + chk + `> ` + html(distWords(r, n)) + `</label>`)
		}
		b.WriteString(`</div></details>`)
	}
	b.WriteString(`<ul class="calc-legend-list">`)
	for i, d := range show {
		b.WriteString(`<li><span class="calc-key calc-key-s` + strconv.Itoa(i) + `"></span> ` + html(say(d.Name, d.Words)) + `</li>`)
	}
	b.WriteString(`</ul>`)
	f := newFig(show, nil)
	f.words = "All together"
	f.draw(b)
}

// listed reports whether ",name," is in list (a substring search of the
// strings package would cost the module more).
func listed(list, name string) bool {
	for i := 0; i+len(name)+2 <= len(list); i++ {
		if list[i] == ',' && list[i+len(name)+1] == ',' && list[i+1:i+len(name)+1] == name {
			return true
		}
	}
	return false
}
