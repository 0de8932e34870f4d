package calccmd

import (
	"os"
	"strings"
	"testing"

	"d6codex/calc/systems"
)

// TestREADMENamesEveryOutput keeps the README's calculator table true:
// every field of a calculator (but dice and seed, which all take) and every
// outcome, distribution and mean name it produces must appear, in
// backquotes, in that calculator's row, and the fields cell lists the
// fields in schema order and nothing else.
func TestREADMENamesEveryOutput(t *testing.T) {
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(readme), "\n") {
		if strings.HasPrefix(line, "| `") {
			id := strings.Split(line, "`")[1]
			rows[id] = line
		}
	}
	variants := map[string][]map[string]string{
		"opend6/attack": {nil, {"system": "body_points"}},
	}
	reg := systems.New()
	for _, c := range reg.List() {
		row, ok := rows[c.ID]
		if !ok {
			t.Errorf("README has no row for %s", c.ID)
			continue
		}
		var want []string
		for _, f := range c.FieldNames() {
			if f != "dice" && f != "seed" {
				want = append(want, "`"+f+"`")
			}
		}
		if cells := strings.Split(row, " | "); len(cells) < 2 || strings.TrimSpace(cells[1]) != strings.Join(want, ", ") {
			t.Errorf("README's row for %s: the fields cell should be %s", c.ID, strings.Join(want, ", "))
		}
		for _, in := range append([]map[string]string{nil}, variants[c.ID]...) {
			res, err := c.Run(in)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, o := range res.Report.Outcomes {
				names = append(names, o.Name)
			}
			for _, d := range res.Report.Distributions {
				names = append(names, d.Name)
			}
			for _, m := range res.Report.Means {
				names = append(names, m.Name)
			}
			for _, n := range names {
				if !strings.Contains(row, "`"+n+"`") {
					t.Errorf("README's row for %s does not name %q", c.ID, n)
				}
			}
		}
	}
}
