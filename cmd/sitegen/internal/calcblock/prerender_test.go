package calcblock_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"d6codex/calc/render"
	"d6codex/calc/systems"
)

// TestPresetPrerendered: the built page holds every preset's result before
// any script runs: each outcome with its exact probability and its
// percentage, and, when the preset has dice, the roll's result and every
// step. The means of named levels are left out, numeric means kept.
func TestPresetPrerendered(t *testing.T) {
	tests := []struct {
		id, block  string
		raw        map[string]string
		noMean     []string // means of named levels, not shown
		mean       []string // numeric means, shown
		wantRolled bool
	}{
		{"skirmish/melee", "attack_dice = 5\ndefense_dice = 3\ndice = 6 6 5 3 1 6 5 4 2 4\n",
			map[string]string{"attack_dice": "5", "defense_dice": "3", "dice": "6 6 5 3 1 6 5 4 2 4"}, nil, []string{"damage"}, true},
		{"opend6/attack", "skill = 4D+1\ndamage = 3D\n", map[string]string{"skill": "4D+1", "damage": "3D"},
			[]string{"wound_level", "target_after"}, []string{"damage"}, false},
		{"spacedoor/attack", "tough = 1\n", map[string]string{"tough": "1"}, nil, []string{"damage_dealt"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			dest, diags := build(t, "# P\n\n```calc "+tt.id+"\n"+tt.block+"```\n")
			if len(diags) > 0 {
				t.Fatalf("build: %v", diags)
			}
			data, err := os.ReadFile(filepath.Join(dest, "page", "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			page := string(data)
			start := strings.Index(page, `<div class="calc-results" data-prerendered="true">`)
			end := strings.Index(page, `<noscript>`)
			if start < 0 || end < start {
				t.Fatal("no pre-rendered result in the page")
			}
			out := page[start:end]
			res, err := systems.New().Run(tt.id, tt.raw)
			if err != nil {
				t.Fatal(err)
			}
			split, also := render.Outcomes(res.Report, nil)
			for _, o := range append(split, also...) {
				row := regexp.MustCompile(`<tr data-outcome="` + o.Name + `" data-p="([^"]+)"><th scope="row">[^<]+</th><td[^>]*>([^<]+)</td>`).FindStringSubmatch(out)
				if row == nil {
					t.Errorf("outcome %s is not in the page", o.Name)
					continue
				}
				if p, err := strconv.ParseFloat(row[1], 64); err != nil || p != o.P {
					t.Errorf("outcome %s: data-p %s, want %v", o.Name, row[1], o.P)
				}
				if want := strings.ReplaceAll(render.Pct(o.P), "<", "&lt;"); row[2] != want {
					t.Errorf("outcome %s shows %q, want %q", o.Name, row[2], want)
				}
			}
			for _, m := range tt.noMean {
				if strings.Contains(out, `data-mean="`+m+`"`) {
					t.Errorf("the mean of the named levels %s is shown", m)
				}
			}
			for _, m := range tt.mean {
				if !strings.Contains(out, `data-mean="`+m+`"`) {
					t.Errorf("the numeric mean %s is missing", m)
				}
			}
			if !strings.Contains(out, `<svg class="calc-bars"`) {
				t.Error("no chart")
			}
			if got := res.Roll != nil; got != tt.wantRolled {
				t.Fatalf("registry roll %v, want %v", got, tt.wantRolled)
			}
			if res.Roll == nil {
				if strings.Contains(out, "calc-roll") {
					t.Error("a roll is shown for a preset without dice")
				}
				return
			}
			if !strings.Contains(out, `<strong>`+res.Roll.Result+`</strong>`) {
				t.Errorf("roll result %q is not in the page", res.Roll.Result)
			}
			if n := strings.Count(out, "<li>"); n != len(res.Roll.Steps) {
				t.Errorf("%d steps in the page, want %d", n, len(res.Roll.Steps))
			}
		})
	}
}
