package compareblock_test

import (
	"context"
	"errors"
	"html"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/calc/systems"
	"d6codex/cmd/sitegen/internal/compareblock"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// build builds a one-page site whose page is body, with the compare
// handler only, and returns the page's HTML and the diagnostics.
func build(t *testing.T, body string) (string, content.Diagnostics) {
	t.Helper()
	src := t.TempDir()
	css, err := os.ReadFile(filepath.Join(browser.RepoRoot(t), "static", "css", "tables.css"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"site.toml":             "title = \"t\"\nbaseURL = \"http://localhost/\"\n",
		"content/_index.md":     "---\ntitle: Home\ndescription: Home.\n---\nHome.\n",
		"content/page.md":       "---\ntitle: P\ndescription: P.\n---\n" + body,
		"static/css/site.css":   "body{}",
		"static/js/site.js":     "",
		"static/css/tables.css": string(css),
	}
	sitetest.WriteFiles(t, src, files)
	dest := filepath.Join(t.TempDir(), "public")
	_, err = site.Build(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-",
		Handlers: map[string]markup.BlockHandler{compareblock.Info: compareblock.New(systems.New())}})
	var diags content.Diagnostics
	if err != nil {
		if !errors.As(err, &diags) {
			t.Fatalf("build: %v", err)
		}
		return "", diags
	}
	page, err := os.ReadFile(filepath.Join(dest, "page", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	return html.UnescapeString(string(page)), nil
}

func TestRenders(t *testing.T) {
	h := compareblock.New(systems.New())
	rows, err := h.Rows(compareblock.MatchUps())
	if err != nil {
		t.Fatal(err)
	}
	out, diags := build(t, "# P\n\n```compare matchups\n```\n\n```compare setups\n```\n\n```compare odds\n```\n\n"+
		"```compare odds veteran-vs-novice\n```\n")
	if diags != nil {
		t.Fatalf("diagnostics: %v", diags)
	}
	for _, id := range []string{`id="compare-matchups"`, `id="compare-setups"`, `id="compare-odds"`,
		`id="compare-odds-veteran-vs-novice"`, "css/tables", "Provisional: the Dice-pool skirmish figures", compareblock.Source} {
		if !strings.Contains(out, id) {
			t.Errorf("page lacks %q", id)
		}
	}
	// Only skirmish's damage is provisional: no table is badged whole
	// (issue 34, item 11).
	if strings.Contains(out, "badge-provisional") {
		t.Error("a comparison table is badged provisional as a whole")
	}
	for _, m := range compareblock.MatchUps() {
		if !strings.Contains(out, m.Rationale) {
			t.Errorf("page lacks the rationale of %s", m.ID)
		}
	}
	for _, s := range compareblock.New(systems.New()).Systems() {
		for _, want := range []string{s.Name, s.Calc, s.Common.Words, s.Attacker[0].Words, s.Defender[1].Words, s.Unit} {
			if !strings.Contains(out, want) {
				t.Errorf("page lacks %q", want)
			}
		}
	}
	if len(rows) != len(compareblock.MatchUps())*len(compareblock.New(systems.New()).Systems()) {
		t.Fatalf("%d rows", len(rows))
	}
	for _, r := range rows {
		// Each row's figures appear, in order, on one table row.
		cells := []string{r.System.Name, r.MatchUp.Title, compareblock.Percent(r.Hit), compareblock.Percent(r.Harm)}
		if !containsRow(out, cells) {
			t.Errorf("no table row with %q", cells)
		}
	}
}

// containsRow reports whether some <tr> of page holds the cells in order.
func containsRow(page string, cells []string) bool {
	for _, tr := range strings.Split(page, "<tr>")[1:] {
		tr, _, _ = strings.Cut(tr, "</tr>")
		rest, ok := tr, true
		for _, c := range cells {
			i := strings.Index(rest, ">"+c+"<")
			if i < 0 {
				ok = false
				break
			}
			rest = rest[i+len(c):]
		}
		if ok {
			return true
		}
	}
	return false
}

// TestNumbersEqualRegistry checks every row against a direct run of the
// registry, and a few rows against exact values from the rules notes.
func TestNumbersEqualRegistry(t *testing.T) {
	reg := systems.New()
	h := compareblock.New(reg)
	rows, err := h.Rows(compareblock.MatchUps())
	if err != nil {
		t.Fatal(err)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	for _, r := range rows {
		name := r.System.ID + "/" + r.MatchUp.ID
		res, err := reg.Run(r.System.Calc, compareblock.Inputs(r.System, r.MatchUp))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if m, _ := res.Report.Mean(r.System.Mean); !near(m, r.Mean) {
			t.Errorf("%s: mean %v, registry %v", name, r.Mean, m)
		}
		if !(0 <= r.Harm && r.Harm <= r.Hit+1e-12 && r.Hit <= 1+1e-12) {
			t.Errorf("%s: want 0 <= harm %v <= hit %v <= 1", name, r.Harm, r.Hit)
		}
		var hit, harm float64
		switch r.System.ID {
		case "d6xd6":
			hit, _ = res.Report.P("success")
			harm, _ = res.Report.P("hit") // damage above none lands
		case "spacedoor":
			fail, _ := res.Report.P("failure")
			cf, _ := res.Report.P("critical_failure")
			hit, harm = 1-fail-cf, 1-fail-cf // a mixed success or better always deals 1d6 or more
		case "skirmish":
			hit, _ = res.Report.P("attacker_wins")
			// The damage distribution leaves instant death out, so the
			// chance of harm is 1 minus the chance of 0 damage.
			d, _ := res.Report.Dist("damage")
			harm = 1 - d.P(0)
		case "rollunder":
			hit, _ = res.Report.P("hit")
			// stamina_loss leaves out the two criticals with no number.
			d, _ := res.Report.Dist("stamina_loss")
			harm = 1 - d.P(0)
		case "opend6":
			hit, _ = res.Report.P("hit")
			d, _ := res.Report.Dist("wound_level") // a miss counts as no injury
			harm = 1 - d.P(0)
		}
		if !near(hit, r.Hit) || !near(harm, r.Harm) {
			t.Errorf("%s: hit %v harm %v, registry %v %v", name, r.Hit, r.Harm, hit, harm)
		}
	}
	find := func(sys, m string) compareblock.Row {
		for _, r := range rows {
			if r.System.ID == sys && r.MatchUp.ID == m {
				return r
			}
		}
		t.Fatalf("no row %s %s", sys, m)
		return compareblock.Row{}
	}
	exact := []struct {
		sys, matchUp string
		hit, mean    float64
	}{
		// Tough +1: mixed 16/36, success with its critical 10/36; dealt 133/36 (spacedoor.md).
		{"spacedoor", "novice-vs-novice", 26.0 / 36, 133.0 / 36},
		// 2d6 strictly under 4 + 2 - 2 = 4: 3/36; under 5 + 4 - 2 = 7: 15/36 (rollunder.md).
		{"rollunder", "novice-vs-novice", 3.0 / 36, math.NaN()},
		{"rollunder", "veteran-vs-novice", 15.0 / 36, math.NaN()},
	}
	for _, e := range exact {
		r := find(e.sys, e.matchUp)
		if !near(r.Hit, e.hit) || (!math.IsNaN(e.mean) && !near(r.Mean, e.mean)) {
			t.Errorf("%s %s: hit %v mean %v, want %v %v", e.sys, e.matchUp, r.Hit, r.Mean, e.hit, e.mean)
		}
	}
	// Spacedoor enemies do not roll, so the defender's level changes nothing.
	if a, b := find("spacedoor", "novice-vs-novice"), find("spacedoor", "novice-vs-veteran"); a.Hit != b.Hit || a.Mean != b.Mean {
		t.Errorf("spacedoor depends on the defender: %v vs %v", a, b)
	}
	// A veteran attacker does better than a novice one in every system.
	for _, s := range compareblock.New(systems.New()).Systems() {
		nov, vet := find(s.ID, "novice-vs-novice"), find(s.ID, "veteran-vs-novice")
		if vet.Mean <= nov.Mean {
			t.Errorf("%s: veteran mean %v <= novice %v", s.ID, vet.Mean, nov.Mean)
		}
	}
}

func TestBlockErrors(t *testing.T) {
	tests := []struct {
		name, block, want string
	}{
		{"no argument", "```compare\n```\n", "say which table"},
		{"unknown table", "```compare weapons\n```\n", `unknown compare table "weapons"`},
		{"unknown match-up", "```compare odds dragon-vs-knight\n```\n", `unknown match-up "dragon-vs-knight"`},
		{"extra argument", "```compare setups all\n```\n", `unexpected "all"`},
		{"too many arguments", "```compare odds novice-vs-novice x\n```\n", `unexpected "x"`},
		{"body", "```compare odds\nfocus = 5\n```\n", "no body"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, diags := build(t, "# P\n\n"+tc.block)
			if len(diags) != 1 || !strings.Contains(diags[0].Msg, tc.want) {
				t.Fatalf("diagnostics %v, want one saying %q", diags, tc.want)
			}
		})
	}
}

func TestSetupsAreValid(t *testing.T) {
	reg := systems.New()
	for _, s := range compareblock.New(systems.New()).Systems() {
		c, err := reg.Get(s.Calc)
		if err != nil {
			t.Fatal(err)
		}
		profiles := []compareblock.Profile{s.Common, s.Attacker[0], s.Attacker[1], s.Defender[0], s.Defender[1]}
		for _, p := range profiles {
			if p.Words == "" {
				t.Errorf("%s: a profile has no words", s.ID)
			}
			for k := range p.Inputs {
				if _, ok := c.Field(k); !ok {
					t.Errorf("%s: no field %q in %s", s.ID, k, s.Calc)
				}
			}
		}
	}
}
