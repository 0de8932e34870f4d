package render

import (
	"strconv"
	"strings"
)

// table writes the figure's numbers under "Show as a table", every value
// of the chart in a box that scrolls both ways: for one series each
// value's chance exactly, at least and at most; for several (a pinned
// set-up, overlaid distributions) a column per series in each mode,
// shown with the mode the chart shows (CSS, classes m0 to m2), and with a
// pinned set-up the difference. calc.js reads a value's tip from its row.
func (f *fig) table(b *strings.Builder) {
	b.WriteString(`<details class="calc-table"><summary>Show as a table (` + itoa(len(f.values)) + ` values)</summary><div class="calc-tablewrap" tabindex="0" role="region" aria-label="` + html(f.words) + `, table"><table><thead><tr><th scope="col">Value</th>`)
	one := len(f.ss) == 1
	if one {
		b.WriteString(`<th scope="col">Exactly</th><th scope="col">At least</th><th scope="col">At most</th>`)
	}
	for m := range modes {
		if one {
			break
		}
		for j, s := range f.ss {
			b.WriteString(`<th scope="col" class="m` + strconv.Itoa(m) + `">` + html(f.head(j, s.words)+f.modeWords(m)) + `</th>`)
		}
		if f.pinned {
			b.WriteString(`<th scope="col" class="m` + strconv.Itoa(m) + `">Difference (points)</th>`)
		}
	}
	b.WriteString(`</tr></thead><tbody>`)
	now := f.ss[len(f.ss)-1]
	if !f.pinned {
		now = f.ss[0]
	}
	for i, v := range f.values {
		b.WriteString(`<tr data-v="` + itoa(v) + `" data-p="` + full(now.exact[i]) + `"`)
		if i < f.a || i > f.z {
			b.WriteString(` class="calc-tail"`) // outside the central 99%: not printed
		}
		b.WriteString(`><th scope="row">` + html(f.text(v)) + `</th>`)
		if one {
			b.WriteString(`<td>` + Pct(now.exact[i]) + `</td><td>` + Pct(now.atleast[i]) + `</td><td>` + Pct(now.atmost[i]) + `</td>`)
		}
		for m := range modes {
			if one {
				break
			}
			c := `<td class="m` + strconv.Itoa(m)
			for _, s := range f.ss {
				b.WriteString(c + `">` + Pct(s.mode(m)[i]) + `</td>`)
			}
			if f.pinned {
				b.WriteString(c + ` calc-diff">` + diff(f.ss[0].mode(m)[i], f.ss[1].mode(m)[i]) + `</td>`)
			}
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table></div></details>`)
}

// head is the j-th series' column heading: Pinned and Now, or its words.
func (f *fig) head(j int, words string) string {
	if f.pinned {
		return [2]string{"Pinned", "Now"}[j]
	}
	return words
}

// modeWords is what a column of mode m adds to its heading.
func (f *fig) modeWords(m int) string {
	if m == 0 {
		return ""
	}
	return ", " + modes[m].Words
}
