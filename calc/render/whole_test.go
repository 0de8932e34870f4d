package render_test

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"d6codex/calc"
	"d6codex/calc/render"
	"d6codex/calc/systems"
	"d6codex/rules"
	"d6codex/rules/dice"
)

// row is one row of a chart's table: the value, its chance in full
// (data-p) and the cells as shown.
type row struct {
	v     int
	p     float64
	cells []string
}

var (
	rowRE  = regexp.MustCompile(`<tr data-v="(-?\d+)" data-p="([^"]+)"[^>]*><th scope="row">[^<]*</th>(.*?)</tr>`)
	cellRE = regexp.MustCompile(`<td[^>]*>(.*?)</td>`)
)

func rows(html string) []row {
	var out []row
	for _, m := range rowRE.FindAllStringSubmatch(html, -1) {
		v, _ := strconv.Atoi(m[1])
		p, _ := strconv.ParseFloat(m[2], 64)
		r := row{v: v, p: p}
		for _, c := range cellRE.FindAllStringSubmatch(m[3], -1) {
			r.cells = append(r.cells, c[1])
		}
		out = append(out, r)
	}
	return out
}

// sumDice is the distribution of the sum of n dice, each of the
// distribution die (value → chance), by plain convolution: an enumeration
// independent of rules/dice.
func sumDice(n int, die map[int]float64) map[int]float64 {
	acc := map[int]float64{0: 1}
	for range n {
		next := map[int]float64{}
		for a, p := range acc {
			for b, q := range die {
				next[a+b] += p * q
			}
		}
		acc = next
	}
	return acc
}

func uniform(sides int) map[int]float64 {
	d := map[int]float64{}
	for f := 1; f <= sides; f++ {
		d[f] = 1 / float64(sides)
	}
	return d
}

// exploding is a d10 that rolls again and adds on a 10, followed to 12
// tens (the rest, under 1e-12, left out).
func exploding(sides int) map[int]float64 {
	d := map[int]float64{}
	w := 1.0
	for k := 0; k <= 12; k++ {
		for f := 1; f < sides; f++ {
			d[k*sides+f] += w / float64(sides)
		}
		w /= float64(sides)
	}
	return d
}

// TestWholeDistribution (issue 34, item 1): a dice block's table lists
// every value whose chance is at least one in a billion, the first and
// the last of them included, and says in words what lies past them. The
// values are those of an independent enumeration: d100 (it stopped at
// 60), d100+d100 (2-61), 1000d6 (3273-3332) and 10d10! (which hid the 13%
// above 76).
func TestWholeDistribution(t *testing.T) {
	reg := systems.New()
	for _, tc := range []struct {
		expr string
		want map[int]float64
	}{
		{"d100", uniform(100)},
		{"d100+d100", sumDice(2, uniform(100))},
		{"1000d6", sumDice(1000, uniform(6))},
		{"10d10!", sumDice(10, exploding(10))},
	} {
		res, err := reg.Run("dice/roll", map[string]string{"expr": tc.expr})
		if err != nil {
			t.Fatal(err)
		}
		html := render.HTML(res, nil, render.Options{Key: "k"})
		got := rows(html)
		lo, hi := math.MaxInt, math.MinInt
		for v, p := range tc.want {
			if p >= 1e-9 {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
		if len(got) == 0 || got[0].v != lo || got[len(got)-1].v != hi {
			t.Errorf("%s: rows from %v to %v, want every value from %d to %d", tc.expr, first(got), last(got), lo, hi)
			continue
		}
		for i, r := range got {
			if i > 0 && r.v != got[i-1].v+1 {
				t.Errorf("%s: a gap between %d and %d", tc.expr, got[i-1].v, r.v)
			}
			if math.Abs(r.p-tc.want[r.v]) > 1e-9*math.Max(tc.want[r.v], 1e-3) {
				t.Errorf("%s: P(%d) = %v, want %v", tc.expr, r.v, r.p, tc.want[r.v])
			}
		}
		past := 0.0
		for v, p := range tc.want {
			if v > hi {
				past += p
			}
		}
		if tail := strings.Contains(html, "Results above "+strconv.Itoa(hi)+": "); tail != (past > 0) {
			t.Errorf("%s: the values past %d (%v in all) are said in words: %v", tc.expr, hi, past, tail)
		}
	}
}

func first(rs []row) any {
	if len(rs) == 0 {
		return nil
	}
	return rs[0].v
}

func last(rs []row) any {
	if len(rs) == 0 {
		return nil
	}
	return rs[len(rs)-1].v
}

// TestAtLeastFromTheWhole (issue 34, item 2): "at least" and "at most"
// come from the whole distribution, the values too rare to chart and the
// mass an exploding die was not followed into (Beyond) included. On the
// site's roll-and-keep program every roll is 3 or more: at least 3 is
// 100% (it read 99.84%), and at least 62 is the sum over the whole
// distribution (it read 0.03% for 0.19%).
func TestAtLeastFromTheWhole(t *testing.T) {
	const program = "set \"explode depth\" to 4\noutput [highest 3 of 6d[explode d10]] named \"6k3\"\noutput [highest 3 of 6d10] named \"plain\"\n"
	res, err := systems.New().Run("anydice/program", map[string]string{"program": program})
	if err != nil {
		t.Fatal(err)
	}
	d := res.Report.Distributions[0]
	for _, dist := range []string{"all", d.Name} {
		html := render.HTML(res, nil, render.Options{Key: "k", Dist: dist})
		for _, r := range rows(html) {
			var atLeast string
			if dist == "all" {
				atLeast = r.cells[2] // exactly ×2, then at least of the first output
			} else {
				atLeast = r.cells[1]
			}
			want := 0.0
			for _, q := range d.PMF.Pairs() {
				if q.Value >= r.v {
					want += q.P
				}
			}
			if atLeast != render.Pct(want) {
				t.Errorf("%s: at least %d reads %s, want %s", dist, r.v, atLeast, render.Pct(want))
			}
			if r.v == 3 && atLeast != "100%" {
				t.Errorf("%s: at least 3 reads %s, want 100%%", dist, atLeast)
			}
		}
	}
	// A tail never followed counts in "at least", never in "at most".
	rep := rules.Report{Distributions: []rules.Dist{{Name: "x", PMF: dice.Die(4).Scale(0.75), Beyond: 0.25}}}
	rs := rows(render.HTML(calc.Result{Report: rep}, nil, render.Options{Key: "k"}))
	if len(rs) != 4 || rs[0].cells[1] != "100%" || rs[3].cells[1] != "43.75%" || rs[3].cells[2] != "75.00%" {
		t.Errorf("a quarter never followed past 4: %v", rs)
	}
}

// TestMarks: a numeric chart marks the mean and shades its central 99%,
// and opens its view there (data-x0, data-x1); named levels have neither.
func TestMarks(t *testing.T) {
	res, err := systems.New().Run("dice/roll", map[string]string{"expr": "10d10!"})
	if err != nil {
		t.Fatal(err)
	}
	html := render.HTML(res, nil, render.Options{Key: "k"})
	for _, want := range []string{`class="calc-band"`, `>central 99%</text>`, `class="calc-mean calc-bar-now"`, ">mean 61.11</text>", `data-x0="`} {
		if !strings.Contains(html, want) {
			t.Errorf("10d10! lacks %q", want)
		}
	}
	lv := rules.Report{Distributions: []rules.Dist{{Name: "level", PMF: dice.Die(3), Label: func(v int) string { return "Level " + strconv.Itoa(v) }}}}
	if html := render.HTML(calc.Result{Report: lv}, nil, render.Options{Key: "k"}); strings.Contains(html, "calc-mean") || strings.Contains(html, "calc-band") {
		t.Error("named levels are given a mean or a central 99%")
	}
}
