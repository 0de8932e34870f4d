package render

import "strings"

// table writes the chart's numbers as a table under "Show as a table":
// each value's chance exactly, at least and at most, or, with a pinned
// set-up, the pinned and current chance and their difference.
func table(b *strings.Builder, values []int, label func(int) string, now series, was *series) {
	b.WriteString(`<details class="calc-table"><summary>Show as a table</summary><table><thead><tr><th scope="col">Value</th>`)
	if was != nil {
		b.WriteString(`<th scope="col">Pinned</th><th scope="col">Now</th><th scope="col">Difference (points)</th>`)
	} else {
		b.WriteString(`<th scope="col">Exactly</th><th scope="col">At least</th><th scope="col">At most</th>`)
	}
	b.WriteString(`</tr></thead><tbody>`)
	for i, v := range values {
		b.WriteString(`<tr data-v="` + itoa(v) + `" data-p="` + full(now.exact[i]) + `"><th scope="row">` + html(label(v)) + `</th>`)
		if was != nil {
			b.WriteString(`<td>` + Pct(was.exact[i]) + `</td><td>` + Pct(now.exact[i]) + `</td><td class="calc-diff">` + diff(was.exact[i], now.exact[i]) + `</td>`)
		} else {
			b.WriteString(`<td>` + Pct(now.exact[i]) + `</td><td>` + Pct(now.atleast[i]) + `</td><td>` + Pct(now.atmost[i]) + `</td>`)
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table></details>`)
}
