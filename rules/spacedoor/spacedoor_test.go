package spacedoor

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/dice/dicetest"
)

const tol = 1e-12

var modes = []string{"normal", "advantage", "disadvantage"}

func pow6(n int) float64 { return math.Pow(6, -float64(n)) }

func sum(d []int) int {
	s := 0
	for _, v := range d {
		s += v
	}
	return s
}

// ruleRoll is the plain rule, written apart from the package: sort the
// dice, keep two (top two with advantage, bottom two with disadvantage),
// criticals from the kept dice, else bands of the total.
func ruleRoll(d []int, tough int, mode string) (outcome string, total int) {
	s := slices.Clone(d)
	slices.Sort(s) // ascending
	kept := s
	switch mode {
	case "advantage":
		kept = s[1:]
	case "disadvantage":
		kept = s[:2]
	}
	total = kept[0] + kept[1] + tough
	switch {
	case kept[0] == 1 && kept[1] == 1:
		return "critical_failure", total
	case kept[0] == 6 && kept[1] == 6:
		return "critical_success", total
	case total <= 6:
		return "failure", total
	case total <= 9:
		return "mixed", total
	}
	return "success", total
}

// ruleAttackDice is the attack table of the rules note: d6 the enemy takes
// and d6 the player takes.
var ruleAttackDice = map[string][2]int{
	"critical_failure": {0, 4},
	"failure":          {0, 2},
	"mixed":            {1, 1},
	"success":          {2, 0},
	"critical_success": {4, 0},
}

func rollDiceCount(mode string) int {
	if mode == "normal" {
		return 2
	}
	return 3
}

func value(t *testing.T, r rules.Roll, name string) int {
	t.Helper()
	for _, v := range r.Values {
		if v.Name == name {
			return v.Value
		}
	}
	t.Fatalf("value %q missing in %+v", name, r.Values)
	return 0
}

func mustP(t *testing.T, r rules.Report, name string) float64 {
	t.Helper()
	p, ok := r.P(name)
	if !ok {
		t.Fatalf("outcome %q missing", name)
	}
	return p
}

func mustDist(t *testing.T, r rules.Report, name string) dice.PMF {
	t.Helper()
	d, ok := r.Dist(name)
	if !ok {
		t.Fatalf("distribution %q missing", name)
	}
	return d
}

func mustMean(t *testing.T, r rules.Report, name string) float64 {
	t.Helper()
	m, ok := r.Mean(name)
	if !ok {
		t.Fatalf("mean %q missing", name)
	}
	return m
}

// TestPublicExamples checks the examples of the rules note.
func TestPublicExamples(t *testing.T) {
	t.Run("odds at +0", func(t *testing.T) {
		r, err := AttackOdds(AttackInput{Tough: 0, Mode: "normal"})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]float64{"critical_failure": 1, "failure": 14, "mixed": 15, "success": 5, "critical_success": 1}
		for name, n := range want {
			if got := mustP(t, r, name); math.Abs(got-n/36) > tol {
				t.Errorf("%s = %v, want %v/36", name, got, n)
			}
		}
	})
	t.Run("odds at +1", func(t *testing.T) {
		r, err := AttackOdds(AttackInput{Tough: 1, Mode: "normal"})
		if err != nil {
			t.Fatal(err)
		}
		groups := []struct {
			names []string
			n     float64
		}{
			{[]string{"critical_failure", "failure"}, 10},
			{[]string{"mixed"}, 16},
			{[]string{"success", "critical_success"}, 10},
		}
		for _, g := range groups {
			got := 0.0
			for _, name := range g.names {
				got += mustP(t, r, name)
			}
			if math.Abs(got-g.n/36) > tol {
				t.Errorf("%v = %v, want %v/36", g.names, got, g.n)
			}
		}
		for _, name := range []string{"damage_dealt", "damage_taken"} {
			if got := mustMean(t, r, name); math.Abs(got-133.0/36) > tol {
				t.Errorf("mean %s = %v, want 133/36", name, got)
			}
			if got := mustDist(t, r, name).Mean(); math.Abs(got-133.0/36) > tol {
				t.Errorf("distribution %s has mean %v, want 133/36", name, got)
			}
		}
	})
	t.Run("6,6 with Tough -2", func(t *testing.T) {
		r, err := ResolveAttack(AttackInput{Tough: -2, Mode: "normal"}, dice.NewFixed([]int{6, 6, 2, 3, 4, 5}))
		if err != nil {
			t.Fatal(err)
		}
		if r.Outcome != "critical_success" || value(t, r, "total") != 10 ||
			value(t, r, "damage_dealt") != 14 || value(t, r, "damage_taken") != 0 || len(r.Dice) != 6 {
			t.Errorf("got %+v", r)
		}
		for i, d := range r.Dice[2:] {
			if d.What != "enemy damage" {
				t.Errorf("die %d is for %q, want enemy damage", i+3, d.What)
			}
		}
	})
	// Source example (advantage-disadvantage-helping-out.md): 3, 2 and 6
	// make 9 with advantage and 5 with disadvantage.
	for _, tc := range []struct {
		mode  string
		total int
	}{{"advantage", 9}, {"disadvantage", 5}} {
		t.Run("3,2,6 with "+tc.mode, func(t *testing.T) {
			r, err := ResolveDefend(DefendInput{Tough: 0, Mode: tc.mode, Incoming: 0}, dice.NewFixed([]int{3, 2, 6}))
			if err != nil {
				t.Fatal(err)
			}
			if got := value(t, r, "total"); got != tc.total {
				t.Errorf("total %d, want %d; steps %q", got, tc.total, r.Steps)
			}
		})
	}
}

// TestCriticals: criticals read the kept dice, whatever the total.
func TestCriticals(t *testing.T) {
	tests := []struct {
		tough   int
		mode    string
		dice    []int
		outcome string
		total   int
	}{
		{5, "normal", []int{1, 1}, "critical_failure", 7},
		{-3, "normal", []int{6, 6}, "critical_success", 9},
		{0, "normal", []int{6, 5}, "success", 11},
		{0, "advantage", []int{1, 1, 1}, "critical_failure", 2},
		{0, "advantage", []int{1, 2, 1}, "failure", 3},
		{0, "advantage", []int{6, 1, 6}, "critical_success", 12},
		{0, "disadvantage", []int{6, 5, 6}, "success", 11},
		{0, "disadvantage", []int{6, 6, 6}, "critical_success", 12},
		{0, "disadvantage", []int{1, 6, 1}, "critical_failure", 2},
		{3, "normal", []int{2, 2}, "mixed", 7},
		{3, "normal", []int{1, 2}, "failure", 6},
		{1, "normal", []int{4, 5}, "success", 10},
	}
	for _, tc := range tests {
		r, err := ResolveDefend(DefendInput{Tough: tc.tough, Mode: tc.mode, Incoming: 4}, dice.NewFixed(tc.dice))
		if err != nil {
			t.Fatal(err)
		}
		if r.Outcome != tc.outcome || value(t, r, "total") != tc.total {
			t.Errorf("%v %s %+d: got %s total %d, want %s total %d", tc.dice, tc.mode, tc.tough,
				r.Outcome, value(t, r, "total"), tc.outcome, tc.total)
		}
	}
}

// TestDefendTable is the defend table of the rules note for a few D.
func TestDefendTable(t *testing.T) {
	tests := []struct {
		dice                 []int
		tough, incoming      int
		outcome              string
		protector, protected int
	}{
		{[]int{1, 1}, 0, 7, "critical_failure", 7, 7},
		{[]int{2, 3}, 0, 7, "failure", 7, 7},
		{[]int{3, 4}, 0, 7, "mixed", 3, 3},
		{[]int{5, 5}, 0, 7, "success", 3, 0},
		{[]int{6, 6}, 0, 7, "critical_success", 0, 0},
		{[]int{3, 4}, 0, 1, "mixed", 0, 0},
		{[]int{5, 5}, 0, 100, "success", 50, 0},
		{[]int{2, 3}, 0, 0, "failure", 0, 0},
		{[]int{3, 4}, 0, 9, "mixed", 4, 4},
	}
	for _, tc := range tests {
		r, err := ResolveDefend(DefendInput{Tough: tc.tough, Mode: "normal", Incoming: tc.incoming}, dice.NewFixed(tc.dice))
		if err != nil {
			t.Fatal(err)
		}
		if r.Outcome != tc.outcome || value(t, r, "protector_damage") != tc.protector || value(t, r, "protected_damage") != tc.protected {
			t.Errorf("%v D=%d: got %s %d/%d, want %s %d/%d", tc.dice, tc.incoming, r.Outcome,
				value(t, r, "protector_damage"), value(t, r, "protected_damage"), tc.outcome, tc.protector, tc.protected)
		}
	}
}

// TestAttackAgainstBruteForce resolves every roll tuple and every damage
// tuple through ResolveAttack, checks each against the plain rules written
// above, and checks the weighted results against AttackOdds.
func TestAttackAgainstBruteForce(t *testing.T) {
	for tough := MinTough; tough <= MaxTough; tough++ {
		for _, mode := range modes {
			in := AttackInput{Tough: tough, Mode: mode}
			outcomes := map[string]float64{}
			var total, dealt, taken dice.Builder
			n := rollDiceCount(mode)
			dicetest.Tuples(n, 6, func(roll []int) {
				want, wantTotal := ruleRoll(roll, tough, mode)
				nd := ruleAttackDice[want]
				dicetest.Tuples(nd[0]+nd[1], 6, func(dmg []int) {
					w := pow6(n + len(dmg))
					r, err := ResolveAttack(in, dice.NewFixed(append(slices.Clone(roll), dmg...)))
					if err != nil {
						t.Fatalf("%+v %v %v: %v", in, roll, dmg, err)
					}
					wantDealt, wantTaken := sum(dmg[:nd[0]]), sum(dmg[nd[0]:])
					if r.Outcome != want || value(t, r, "total") != wantTotal ||
						value(t, r, "damage_dealt") != wantDealt || value(t, r, "damage_taken") != wantTaken {
						t.Fatalf("%+v %v %v: got %+v, want %s total %d dealt %d taken %d",
							in, roll, dmg, r.Values, want, wantTotal, wantDealt, wantTaken)
					}
					outcomes[r.Outcome] += w
					total.Add(value(t, r, "total"), w)
					dealt.Add(value(t, r, "damage_dealt"), w)
					taken.Add(value(t, r, "damage_taken"), w)
				})
			})
			rep, err := AttackOdds(in)
			if err != nil {
				t.Fatal(err)
			}
			checkReport(t, in, rep, outcomes, map[string]dice.PMF{
				"total": total.PMF(), "damage_dealt": dealt.PMF(), "damage_taken": taken.PMF(),
			})
		}
	}
}

// TestDefendAgainstBruteForce does the same for defend, over every roll
// tuple and a range of incoming damage.
func TestDefendAgainstBruteForce(t *testing.T) {
	for tough := MinTough; tough <= MaxTough; tough++ {
		for _, mode := range modes {
			for _, incoming := range []int{0, 1, 2, 3, 7, 12, 13, 99, 100} {
				in := DefendInput{Tough: tough, Mode: mode, Incoming: incoming}
				outcomes := map[string]float64{}
				var total, prot, protd dice.Builder
				n := rollDiceCount(mode)
				dicetest.Tuples(n, 6, func(roll []int) {
					w := pow6(n)
					want, _ := ruleRoll(roll, tough, mode)
					// the defend table, critical failure as failure
					a, b := incoming, incoming
					switch want {
					case "mixed":
						a, b = incoming/2, incoming/2
					case "success":
						a, b = incoming/2, 0
					case "critical_success":
						a, b = 0, 0
					}
					r, err := ResolveDefend(in, dice.NewFixed(roll))
					if err != nil {
						t.Fatal(err)
					}
					if r.Outcome != want || value(t, r, "protector_damage") != a || value(t, r, "protected_damage") != b {
						t.Fatalf("%+v %v: got %s %+v, want %s %d/%d", in, roll, r.Outcome, r.Values, want, a, b)
					}
					outcomes[r.Outcome] += w
					total.Add(value(t, r, "total"), w)
					prot.Add(a, w)
					protd.Add(b, w)
				})
				rep, err := DefendOdds(in)
				if err != nil {
					t.Fatal(err)
				}
				checkReport(t, in, rep, outcomes, map[string]dice.PMF{
					"total": total.PMF(), "protector_damage": prot.PMF(), "protected_damage": protd.PMF(),
				})
			}
		}
	}
}

// checkReport compares a report with brute-force outcome probabilities and
// distributions, and checks means and that everything sums to 1.
func checkReport(t *testing.T, in any, rep rules.Report, outcomes map[string]float64, dists map[string]dice.PMF) {
	t.Helper()
	if len(rep.Outcomes) != 5 {
		t.Errorf("%+v: %d outcomes, want 5", in, len(rep.Outcomes))
	}
	s := 0.0
	for _, o := range rep.Outcomes {
		s += o.P
		if math.Abs(o.P-outcomes[o.Name]) > tol {
			t.Errorf("%+v: P(%s) = %v, brute force %v", in, o.Name, o.P, outcomes[o.Name])
		}
	}
	if math.Abs(s-1) > tol {
		t.Errorf("%+v: outcomes sum to %v", in, s)
	}
	for name, want := range dists {
		got := mustDist(t, rep, name)
		if !dice.Equal(got, want, tol) {
			t.Errorf("%+v: %s = %v, brute force %v", in, name, got.Pairs(), want.Pairs())
		}
		if math.Abs(got.Total()-1) > tol {
			t.Errorf("%+v: %s sums to %v", in, name, got.Total())
		}
		if m := mustMean(t, rep, name); math.Abs(m-want.Mean()) > 1e-9 {
			t.Errorf("%+v: mean %s = %v, brute force %v", in, name, m, want.Mean())
		}
	}
}

// TestMonotone: a higher Tough never lowers the chance of a mixed success
// or better, of a success or better, or the damage dealt, and never raises
// the damage taken; advantage beats normal beats disadvantage.
func TestMonotone(t *testing.T) {
	atLeast := func(r rules.Report, from string) float64 {
		s, on := 0.0, false
		for _, o := range r.Outcomes {
			on = on || o.Name == from
			if on {
				s += o.P
			}
		}
		return s
	}
	report := func(tough int, mode string) rules.Report {
		r, err := AttackOdds(AttackInput{Tough: tough, Mode: mode})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	for _, mode := range modes {
		for tough := MinTough + 1; tough <= MaxTough; tough++ {
			lo, hi := report(tough-1, mode), report(tough, mode)
			for _, from := range []string{"failure", "mixed", "success"} {
				if atLeast(hi, from) < atLeast(lo, from)-tol {
					t.Errorf("%s: P(%s or better) falls from Tough %d to %d", mode, from, tough-1, tough)
				}
			}
			if mustMean(t, hi, "damage_dealt") < mustMean(t, lo, "damage_dealt")-tol ||
				mustMean(t, hi, "damage_taken") > mustMean(t, lo, "damage_taken")+tol {
				t.Errorf("%s: damage means go the wrong way from Tough %d to %d", mode, tough-1, tough)
			}
		}
	}
	for tough := MinTough; tough <= MaxTough; tough++ {
		adv, norm, dis := report(tough, "advantage"), report(tough, "normal"), report(tough, "disadvantage")
		for _, from := range []string{"mixed", "success"} {
			if !(atLeast(adv, from) >= atLeast(norm, from)-tol && atLeast(norm, from) >= atLeast(dis, from)-tol) {
				t.Errorf("Tough %d: P(%s or better) not ordered advantage >= normal >= disadvantage", tough, from)
			}
		}
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name  string
		err   error
		field string
	}{
		{"default attack", DefaultAttackInput().Validate(), ""},
		{"default defend", DefaultDefendInput().Validate(), ""},
		{"default input", DefaultInput().Validate(), ""},
		{"tough 6", AttackInput{Tough: 6, Mode: "normal"}.Validate(), "tough"},
		{"tough -4", AttackInput{Tough: -4, Mode: "normal"}.Validate(), "tough"},
		{"tough +5", AttackInput{Tough: 5, Mode: "advantage"}.Validate(), ""},
		{"tough -3", AttackInput{Tough: -3, Mode: "disadvantage"}.Validate(), ""},
		{"mode empty", AttackInput{Tough: 0}.Validate(), "mode"},
		{"mode case", AttackInput{Tough: 0, Mode: "Advantage"}.Validate(), "mode"},
		{"incoming -1", DefendInput{Tough: 0, Mode: "normal", Incoming: -1}.Validate(), "incoming"},
		{"incoming 101", DefendInput{Tough: 0, Mode: "normal", Incoming: 101}.Validate(), "incoming"},
		{"incoming 100", DefendInput{Tough: 0, Mode: "normal", Incoming: 100}.Validate(), ""},
		{"defend tough", DefendInput{Tough: 9, Mode: "normal", Incoming: 1}.Validate(), "tough"},
		{"defend mode", DefendInput{Tough: 0, Mode: "x", Incoming: 1}.Validate(), "mode"},
		{"seven", DeathSaveInput{Seven: "always"}.Validate(), "seven"},
		{"seven best", DefaultDeathSaveInput().Validate(), ""},
		{"stamina -1", Health{Stamina: -1, Health: 3}.Validate(), "stamina"},
		{"health 0", Health{Stamina: 9, Health: 0}.Validate(), "health"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.field == "" {
				if tc.err != nil {
					t.Errorf("unexpected error %v", tc.err)
				}
				return
			}
			var fe *rules.FieldError
			if !errors.As(tc.err, &fe) || fe.Field != tc.field || fe.Allowed == "" {
				t.Errorf("got %v, want a FieldError for %s", tc.err, tc.field)
			}
		})
	}
	if _, err := AttackOdds(AttackInput{Tough: 6, Mode: "normal"}); err == nil {
		t.Error("AttackOdds accepts Tough 6")
	}
	if _, err := ResolveDefend(DefendInput{Tough: 0, Mode: "normal", Incoming: 101}, dice.NewFixed([]int{1, 2})); err == nil {
		t.Error("ResolveDefend accepts incoming 101")
	}
}

// TestResolveDiceErrors: wrong dice give errors, never panics.
func TestResolveDiceErrors(t *testing.T) {
	tests := []struct {
		name string
		in   AttackInput
		dice []int
		want string // part of the error, "" for no error
	}{
		{"exact", AttackInput{0, "normal"}, []int{3, 4, 2, 5}, ""},
		{"too few roll dice", AttackInput{0, "advantage"}, []int{3, 4}, "needs at least 3"},
		{"too few damage dice", AttackInput{0, "normal"}, []int{5, 5, 2}, "needs at least 4"},
		{"too many", AttackInput{0, "normal"}, []int{3, 4, 2, 5, 6}, "uses only 4"},
		{"face 7", AttackInput{0, "normal"}, []int{3, 7}, "must be 1..6"},
		{"face 0", AttackInput{0, "normal"}, []int{0, 1}, "must be 1..6"},
		{"none", AttackInput{0, "normal"}, nil, "needs at least 1"},
	}
	for _, tc := range tests {
		_, err := ResolveAttack(tc.in, dice.NewFixed(tc.dice))
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
	if _, err := ResolveDefend(DefaultDefendInput(), dice.NewFixed([]int{1, 2, 3})); err == nil {
		t.Error("defend accepts a third die in normal mode")
	}
}

// TestSeededReplay: a seeded roll replays exactly from its dice, and its
// trace names every die's purpose.
func TestSeededReplay(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		in := AttackInput{Tough: int(seed%9) - 3, Mode: modes[seed%3]}
		tape := dice.NewSeeded(seed)
		a, err := Resolve(in, tape)
		if err != nil {
			t.Fatal(err)
		}
		b, err := ResolveAttack(in, dice.NewFixed(tape.Values()))
		if err != nil {
			t.Fatal(err)
		}
		if a.Outcome != b.Outcome || a.Result != b.Result || !slices.Equal(a.Steps, b.Steps) || !slices.Equal(a.Values, b.Values) {
			t.Errorf("seed %d: replay differs:\n%+v\n%+v", seed, a, b)
		}
		if len(a.Steps) < 3 || a.Result == "" {
			t.Errorf("seed %d: thin trace %q", seed, a.Steps)
		}
		for _, d := range a.Dice {
			if d.What == "" || d.Sides != 6 {
				t.Errorf("seed %d: die %+v", seed, d)
			}
		}
	}
}

// TestTrace checks the plain-words trace of two rolls.
func TestTrace(t *testing.T) {
	r, err := ResolveAttack(AttackInput{Tough: 1, Mode: "advantage"}, dice.NewFixed([]int{3, 2, 6, 4, 1}))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Advantage: rolled 3, 2 and 6; drop the lowest (2), keep 6 and 3.",
		"6 + 3 + 1 (Tough) = 10.",
		"10 is 10 or more: success.",
		"Success: the enemy takes 2d6 = 4 + 1 = 5; you take nothing.",
	}
	if !slices.Equal(r.Steps[:4], want) {
		t.Errorf("steps %q\nwant %q", r.Steps, want)
	}
	d, err := ResolveDefend(DefendInput{Tough: -1, Mode: "normal", Incoming: 9}, dice.NewFixed([]int{4, 4}))
	if err != nil {
		t.Fatal(err)
	}
	if last := d.Steps[len(d.Steps)-1]; last != "Mixed success: you and the protected both take half, 9/2 rounded down = 4." {
		t.Errorf("defend trace %q", d.Steps)
	}
}

// TestTables: every table has an id, a title, a source and rows as wide as
// its columns; the attack and defend tables are those of the rules note.
func TestTables(t *testing.T) {
	ids := map[string]bool{}
	for _, tb := range Tables() {
		if tb.ID == "" || tb.Title == "" || tb.Source == "" || len(tb.Rows) == 0 || ids[tb.ID] {
			t.Errorf("table %+v", tb)
		}
		ids[tb.ID] = true
		for _, row := range tb.Rows {
			if len(row) != len(tb.Columns) {
				t.Errorf("table %s: row %q has %d cells for %d columns", tb.ID, row, len(row), len(tb.Columns))
			}
		}
	}
	for _, id := range []string{"results", "modes", "attack", "defend", "helping_out", "health", "npc_health", "death_saves"} {
		if !ids[id] {
			t.Errorf("table %s missing", id)
		}
	}
	for _, row := range AttackTable() {
		want := ruleAttackDice[row.Result.Name()]
		if row.EnemyDice != want[0] || row.PlayerDice != want[1] {
			t.Errorf("attack row %+v, want %v", row, want)
		}
	}
	effects := []string{"none", "none", "partial", "full", "exceptional"}
	for i, row := range AttackTable() {
		if row.Effect != effects[i] {
			t.Errorf("attack row %d effect %q, want %q", i, row.Effect, effects[i])
		}
	}
	// tables are fresh copies
	a := AttackTable()
	a[0].EnemyDice = 99
	if AttackTable()[0].EnemyDice == 99 {
		t.Error("AttackTable shares its slice")
	}
}

func BenchmarkAttackOdds(b *testing.B) {
	in := AttackInput{Tough: MaxTough, Mode: "advantage"}
	for b.Loop() {
		if _, err := AttackOdds(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDefendOdds(b *testing.B) {
	in := DefendInput{Tough: MaxTough, Mode: "disadvantage", Incoming: MaxIncoming}
	for b.Loop() {
		if _, err := DefendOdds(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkResolveAttack(b *testing.B) {
	in := AttackInput{Tough: 0, Mode: "advantage"}
	for b.Loop() {
		if _, err := ResolveAttack(in, dice.NewFixed([]int{6, 6, 6, 1, 2, 3, 4})); err != nil {
			b.Fatal(err)
		}
	}
}
