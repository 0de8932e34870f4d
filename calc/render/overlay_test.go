package render

import (
	"strings"
	"testing"

	"d6codex/calc"
	"d6codex/rules"
	"d6codex/rules/dice"
)

// TestOverlay: a result with Overlay charts its distributions together by
// default (legend, one bar colour each, a column each in the table) and
// one at a time when asked; a calculator without Overlay keeps one chart.
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
		`<th scope="col">Normal: exactly</th>`, `<th scope="col">Advantage: exactly</th>`,
		// P(20) = 5% normally, 39/400 = 9.75% with advantage.
		`<tr data-v="20"><th scope="row">20</th><td>5.00%</td>`, `<td>9.75%</td>`,
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
