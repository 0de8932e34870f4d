package render

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"d6codex/calc"
	"d6codex/rules"
	"d6codex/rules/dice"
)

// TestOverlay: a result with Overlay charts its distributions together by
// default (legend, one bar colour each, a column each in the table for
// each mode) and one at a time when asked; a calculator without Overlay
// keeps one chart.
func TestOverlay(t *testing.T) {
	rep := rules.Report{Distributions: []rules.Dist{
		{Name: "normal", Words: "Normal", PMF: dice.Die(20)},
		{Name: "advantage", Words: "Advantage", PMF: dice.KeepHighest(2, 20, 1)},
	}}
	got := HTML(calc.Result{Report: rep, Overlay: Overlay}, nil, Options{Key: "k"})
	for _, want := range []string{
		`data-dist="all"`, `<option value="all" selected>All together</option>`,
		`calc-key-s0"></span> Normal</li>`, `calc-key-s1"></span> Advantage</li>`,
		`class="calc-bar-s0"`, `class="calc-bar-s1"`,
		`<th scope="col" class="m0">Normal</th><th scope="col" class="m0">Advantage</th>`,
		`<th scope="col" class="m1">Normal, at least</th>`,
		// P(20) = 5% normally, 39/400 = 9.75% with advantage.
		`<th scope="row">20</th><td class="m0">5.00%</td><td class="m0">9.75%</td>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("overlay lacks %q", want)
		}
	}
	one := HTML(calc.Result{Report: rep, Overlay: Overlay}, nil, Options{Key: "k", Dist: "advantage"})
	if !strings.Contains(one, `data-dist="advantage"`) || strings.Contains(one, "calc-bar-s1") || !strings.Contains(one, `<option value="all">All together</option>`) {
		t.Errorf("one distribution asked for: %s", one)
	}
	plain := HTML(calc.Result{Report: rep}, nil, Options{Key: "k"})
	if strings.Contains(plain, "All together") || strings.Contains(plain, "calc-bar-s0") {
		t.Errorf("a result without Overlay is overlaid")
	}
}

// outputs is a report of n alike distributions named o1, o2, ...
func outputs(n int, d dice.PMF) rules.Report {
	var r rules.Report
	for i := 1; i <= n; i++ {
		r.Distributions = append(r.Distributions, rules.Dist{Name: "o" + strconv.Itoa(i), Words: "Output " + strconv.Itoa(i), PMF: d})
	}
	return r
}

// TestOverlayEverySeries (issue 34, item 5): "All together" draws every
// series, up to MaxOverlay (eleven outputs: eleven colours, no note); past
// it the figure says how many it shows and offers every output to choose
// from; the ones chosen ("o2,o13,") are the ones drawn.
func TestOverlayEverySeries(t *testing.T) {
	drawn := regexp.MustCompile(`<path class="calc-bar-s(\d+)"`)
	count := func(html string) int {
		seen := map[string]bool{}
		for _, m := range drawn.FindAllStringSubmatch(html, -1) {
			seen[m[1]] = true
		}
		return len(seen)
	}
	eleven := HTML(calc.Result{Report: outputs(11, dice.Die(6)), Overlay: Overlay}, nil, Options{Key: "k"})
	if n := count(eleven); n != 11 || strings.Count(eleven, `<li><span class="calc-key`) != 11 || strings.Contains(eleven, "Showing") {
		t.Errorf("11 outputs: %d drawn, %d in the legend, note %v", n, strings.Count(eleven, `<li><span class="calc-key`), strings.Contains(eleven, "Showing"))
	}
	many := HTML(calc.Result{Report: outputs(13, dice.Die(6)), Overlay: Overlay}, nil, Options{Key: "k"})
	if n := count(many); n != MaxOverlay || !strings.Contains(many, "Showing 12 of 13") ||
		strings.Count(many, `data-role="pick"`) != 13 || strings.Count(many, `data-role="pick" value="o13">`) != 1 {
		t.Errorf("13 outputs: %d drawn, note %v, %d to pick from", n, strings.Contains(many, "Showing 12 of 13"), strings.Count(many, `data-role="pick"`))
	}
	picked := HTML(calc.Result{Report: outputs(13, dice.Die(6)), Overlay: Overlay}, nil, Options{Key: "k", Dist: "o2,o13,"})
	if n := count(picked); n != 2 || !strings.Contains(picked, `calc-key-s1"></span> Output 13</li>`) || !strings.Contains(picked, `value="o13" checked>`) {
		t.Errorf("o2 and o13 asked for: %d drawn\n%s", n, picked)
	}
}

// TestChartSizes (issue 34, item 6): charts are drawn at their size, a
// slot of fixed width a value: an overlay of eleven 0/1 outputs is a small
// chart, not one stretched to the page; sixty values or more are labelled
// at intervals wide enough for their labels.
func TestChartSizes(t *testing.T) {
	size := regexp.MustCompile(`<svg class="calc-bars"[^>]* width="([\d.]+)" height="([\d.]+)" viewBox="0 0 ([\d.]+) ([\d.]+)"`)
	coin := outputs(11, dice.Uniform(0, 1))
	got := size.FindStringSubmatch(HTML(calc.Result{Report: coin, Overlay: Overlay}, nil, Options{Key: "k"}))
	if got == nil || got[1] != got[3] || got[2] != got[4] {
		t.Fatalf("the chart is not drawn at its size: %v", got)
	}
	if w, _ := strconv.ParseFloat(got[1], 64); w > 300 {
		t.Errorf("eleven 0/1 outputs: a chart %v px wide", w)
	}
	label := regexp.MustCompile(`<text class="calc-axis" x="([\d.]+)" y="[\d.]+" text-anchor="middle">([^<]+)</text>`)
	for _, n := range []int{60, 200, 1000} {
		rep := rules.Report{Distributions: []rules.Dist{{Name: "d", PMF: dice.Uniform(1000, 999+n)}}}
		html := HTML(calc.Result{Report: rep}, nil, Options{Key: "k"})
		ls := label.FindAllStringSubmatch(html, -1)
		if len(ls) < 3 {
			t.Fatalf("%d values: %d labels", n, len(ls))
		}
		for i := 1; i < len(ls); i++ {
			a, _ := strconv.ParseFloat(ls[i-1][1], 64)
			b, _ := strconv.ParseFloat(ls[i][1], 64)
			if b-a < float64(len(ls[i][2]))*charW+4 {
				t.Errorf("%d values: labels %s and %s %v px apart", n, ls[i-1][2], ls[i][2], b-a)
			}
		}
	}
}
