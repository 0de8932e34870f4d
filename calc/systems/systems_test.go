package systems

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"d6codex/calc"
	"d6codex/rules"
)

func TestRegistryShape(t *testing.T) {
	reg := New()
	want := []string{"d6xd6/attack", "d6xd6/second_wind", "spacedoor/attack", "spacedoor/defend", "spacedoor/death_saves", "skirmish/melee",
		"rollunder/attack", "rollunder/luck", "opend6/attack"}
	seen := map[string]bool{}
	for _, c := range reg.List() {
		if seen[c.ID] {
			t.Errorf("duplicate id %s", c.ID)
		}
		seen[c.ID] = true
		if c.Title == "" || c.Help == "" || c.System == "" || !strings.HasPrefix(c.ID, c.System+"/") {
			t.Errorf("%s: title, help and system must be set, and the id must start with the system", c.ID)
		}
		if len(c.Largest) == 0 {
			t.Errorf("%s: no Largest inputs for the benchmarks", c.ID)
		} else if _, err := c.Run(c.Largest); err != nil {
			t.Errorf("%s: Largest inputs: %v", c.ID, err)
		}
		names := map[string]bool{}
		for _, f := range c.Fields {
			if names[f.Name] {
				t.Errorf("%s: field %s twice", c.ID, f.Name)
			}
			names[f.Name] = true
			if f.Label == "" {
				t.Errorf("%s: field %s has no label", c.ID, f.Name)
			}
		}
		for _, f := range []string{"dice", "seed"} {
			if names[f] == c.OddsOnly { // every calculator has them, but one of odds only
				t.Errorf("%s (odds only %v) has %s field: %v", c.ID, c.OddsOnly, f, names[f])
			}
			if !names[f] && !c.OddsOnly {
				t.Errorf("%s has no %s field", c.ID, f)
			}
		}
	}
	for _, id := range want {
		if !seen[id] {
			t.Errorf("calculator %s is missing", id)
		}
	}
	if _, err := reg.Get("nope/attack"); err == nil || !strings.Contains(err.Error(), "d6xd6/attack") {
		t.Errorf("unknown id: %v (should list the known ids)", err)
	}
}

// TestDefaultsRun runs every calculator on its defaults and checks the
// report is a probability report: outcomes and distributions within [0, 1],
// no distribution above total mass 1.
func TestDefaultsRun(t *testing.T) {
	for _, c := range New().List() {
		res, err := c.Run(nil)
		if err != nil {
			t.Errorf("%s defaults: %v", c.ID, err)
			continue
		}
		// Every report has outcomes; a distribution is optional (death
		// saves report only the chance to live and the mean of rolls).
		if len(res.Report.Outcomes) == 0 && !c.OddsOnly {
			t.Errorf("%s: no outcomes", c.ID)
		}
		for _, o := range res.Report.Outcomes {
			if o.P < 0 || o.P > 1+1e-12 || math.IsNaN(o.P) {
				t.Errorf("%s: outcome %s = %v", c.ID, o.Name, o.P)
			}
		}
		for _, d := range res.Report.Distributions {
			if tot := d.PMF.Total(); tot > 1+1e-12 || tot < 0 {
				t.Errorf("%s: distribution %s has mass %v", c.ID, d.Name, tot)
			}
		}
		if res.Roll != nil {
			t.Errorf("%s: no dice given, but a roll was resolved", c.ID)
		}
	}
}

// badValues lists inputs outside each field's range, by kind.
func badValues(f calc.Field) []string {
	switch f.Kind {
	case calc.Int:
		return []string{strconv.Itoa(f.Min - 1), strconv.Itoa(f.Max + 1), "1.5", "x"}
	case calc.Bool:
		return []string{"maybe", "2"}
	case calc.Choice:
		return []string{"bogus", f.Options[0].Value + "x"}
	case calc.DieCode:
		return []string{"3D+5", "-1D", "D6", "100D"}
	case calc.DiceList:
		return []string{"0", strconv.Itoa(f.Max + 1), "1 x", strings.Repeat("1 ", calc.MaxDice+1)}
	case calc.IntList:
		return []string{strconv.Itoa(f.Min - 1), strconv.Itoa(f.Max + 1), "a"}
	}
	return nil
}

func TestRejectsOutOfRange(t *testing.T) {
	for _, c := range New().List() {
		for _, f := range c.Fields {
			for _, bad := range badValues(f) {
				_, err := c.Run(map[string]string{f.Name: bad})
				var fe *rules.FieldError
				if !errors.As(err, &fe) || fe.Field != f.Name {
					t.Errorf("%s %s=%q: got %v, want a field error naming %s", c.ID, f.Name, bad, err, f.Name)
				}
			}
		}
		_, err := c.Run(map[string]string{"no_such_field": "1"})
		var fe *rules.FieldError
		if !errors.As(err, &fe) || fe.Field != "no_such_field" || !strings.Contains(err.Error(), "dice") {
			t.Errorf("%s unknown field: %v", c.ID, err)
		}
		if _, err := c.Run(map[string]string{"dice": "1 2", "seed": "3"}); err == nil {
			t.Errorf("%s: dice and seed together must be refused", c.ID)
		}
	}
}

// TestSeedReplays resolves a seeded roll on every calculator and replays
// its recorded dice: the same dice give the same outcome, result and steps.
func TestSeedReplays(t *testing.T) {
	for _, c := range New().List() {
		if c.OddsOnly { // no single rolls: no seed field
			continue
		}
		for seed := range 20 {
			res, err := c.Run(map[string]string{"seed": strconv.Itoa(seed)})
			if err != nil {
				t.Fatalf("%s seed %d: %v", c.ID, seed, err)
			}
			if res.Roll == nil || len(res.Roll.Steps) == 0 || len(res.Roll.Dice) == 0 {
				t.Fatalf("%s seed %d: no roll resolved", c.ID, seed)
			}
			if p, ok := res.Report.P(res.Roll.Outcome); !ok || p <= 0 {
				t.Errorf("%s seed %d: outcome %q has probability %v in the odds", c.ID, seed, res.Roll.Outcome, p)
			}
			var faces []string
			for _, d := range res.Roll.Dice {
				faces = append(faces, strconv.Itoa(d.Value))
			}
			again, err := c.Run(map[string]string{"dice": strings.Join(faces, ",")})
			if err != nil {
				t.Fatalf("%s replay of seed %d (%v): %v", c.ID, seed, faces, err)
			}
			if again.Roll.Result != res.Roll.Result || strings.Join(again.Roll.Steps, "\n") != strings.Join(res.Roll.Steps, "\n") {
				t.Errorf("%s: replaying seed %d's dice gives a different roll", c.ID, seed)
			}
		}
	}
}

func TestMapShape(t *testing.T) {
	res, err := New().Run("rollunder/attack", map[string]string{"weapon": "pistol_smg", "dice": "1 2 5"})
	if err != nil {
		t.Fatal(err)
	}
	m := res.Map()
	for _, k := range []string{"id", "inputs", "outcomes", "distributions", "labels", "means", "roll"} {
		if _, ok := m[k]; !ok {
			t.Errorf("result has no %q", k)
		}
	}
	in := m["inputs"].(map[string]any)
	if in["physical"] != 4 || in["weapon"] != "pistol_smg" || in["ranged"] != false {
		t.Errorf("inputs after defaults: %v", in)
	}
	if _, ok := in["seed"]; ok {
		t.Error("seed was not given and must not be echoed")
	}
	roll := m["roll"].(map[string]any)
	if len(roll["dice"].([]any)) != 3 || roll["result"] == "" {
		t.Errorf("roll: %v", roll)
	}
}

// BenchmarkRunLargest runs each calculator through the registry at its
// largest inputs (Calculator.Largest) (natively; calcbench measures the same in the browser).
func BenchmarkRunLargest(b *testing.B) {
	reg := New()
	for _, c := range reg.List() {
		b.Run(strings.ReplaceAll(c.ID, "/", "_"), func(b *testing.B) {
			in := c.Largest
			for b.Loop() {
				if _, err := c.Run(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
