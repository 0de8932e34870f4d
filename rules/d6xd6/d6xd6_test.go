package d6xd6

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"d6codex/rules"
	"d6codex/rules/dice"
)

const tol = 1e-12

// The seed's tables written out again for the brute force, independent of
// data.go: base damage at brawl, throw, shoot, view (0 = cannot attack there).
var seedBase = map[string][4]int{
	"fist":           {1, 0, 0, 0},
	"club":           {2, 0, 0, 0},
	"small_blade":    {3, 0, 0, 0},
	"spear":          {3, 0, 0, 0},
	"two_hand_blade": {4, 0, 0, 0},
	"taser":          {5, 5, 0, 0},
	"stone":          {1, 1, 0, 0},
	"throwing_blade": {3, 3, 0, 0},
	"thrown_spear":   {4, 4, 0, 0},
	"small_bow":      {0, 2, 2, 0},
	"small_pistol":   {2, 2, 2, 0},
	"large_bow":      {0, 3, 3, 0},
	"large_pistol":   {3, 3, 3, 0},
	"shotgun":        {4, 3, 2, 0},
	"rifle":          {4, 4, 4, 4},
	"hand_laser":     {4, 4, 4, 0},
}

var (
	seedRanges  = []string{"brawl", "throw", "shoot", "view"}
	seedArmor   = map[string]int{"none": 0, "light": 1, "medium": 2, "heavy": 3}
	seedLevel   = map[string]int{"none": 0, "graze": 1, "stun": 2, "hit": 3, "wound": 4, "knockout": 5, "kill": 6}
	seedDefense = map[string]int{"none": 0, "reactive": 1, "light": 1, "medium": 2, "heavy": 3}
)

// plainResult is what the plain rules give for one pair of dice.
type plainResult struct {
	outcome                                   string
	roll, levels, attack, damage, after, flag int
}

// plain resolves one attack by the rules note, written separately from the
// package: the brute force the fast paths answer to.
func plain(in Input, d1, d2 int) plainResult {
	isFocused := in.Task == "focused"
	a, b := d1, d2
	if isFocused {
		a, b = max(0, a-in.DifficultySteps), max(0, b-in.DifficultySteps)
	} else {
		a, b = a+in.DifficultySteps, b+in.DifficultySteps
	}
	p := seedArmor[in.AttackerArmor] + seedLevel[in.AttackerDamage] + in.ExtraPenalty
	if in.Weapon == "rifle" && in.Range == "brawl" {
		p += 2
	}
	r := a*b + p
	if isFocused {
		r = a*b - p
	}
	var res plainResult
	res.roll = r
	f := in.Focus
	switch in.Task {
	case "focused":
		if r >= f {
			res.levels = 1
			for _, over := range []int{10, 20, 30} {
				if r-f >= over {
					res.levels++
				}
			}
			res.levels += in.Pluses
		}
	case "unfocused":
		if r <= f {
			res.levels = 1 + in.Pluses
			if r <= f-5 {
				res.levels++
			}
		}
	case "unfamiliar":
		if r < f {
			res.levels = 1
		}
	}
	if in.Missed && res.levels > 0 { // a missed action, retargeted: one level less
		res.levels--
	}
	target := seedLevel[in.TargetDamage]
	res.after = target
	if res.levels == 0 {
		res.outcome = "miss"
		return res
	}
	idx := slices.Index(seedRanges, in.Range)
	res.attack = min(7, seedBase[in.Weapon][idx]+res.levels-1+in.AimTurns)
	res.damage = max(0, res.attack-seedDefense[in.Defense]-in.Drama)
	if res.damage == 0 {
		res.outcome = "no_effect"
		return res
	}
	res.outcome = "hit"
	switch {
	case res.damage <= target:
		res.after = min(6, target+1)
	default:
		res.after = min(6, res.damage)
	}
	if in.Weapon == "taser" && res.after == 6 {
		res.flag = 1
	}
	return res
}

// randomInput draws a valid input from the whole allowed space.
func randomInput(r *rand.Rand) Input {
	pick := func(opts []string) string { return opts[r.IntN(len(opts))] }
	weapons := make([]string, 0, len(seedBase))
	for w := range seedBase {
		weapons = append(weapons, w)
	}
	slices.Sort(weapons)
	in := Input{
		Task:            pick([]string{"focused", "unfocused", "unfamiliar"}),
		Focus:           1 + r.IntN(36),
		Pluses:          r.IntN(4),
		AttackerArmor:   pick([]string{"none", "light", "medium", "heavy"}),
		AttackerDamage:  pick([]string{"none", "graze", "stun", "hit", "wound"}),
		Weapon:          pick(weapons),
		AimTurns:        r.IntN(7),
		Defense:         pick([]string{"none", "reactive", "light", "medium", "heavy"}),
		Drama:           r.IntN(7),
		TargetDamage:    pick([]string{"none", "graze", "stun", "hit", "wound", "knockout", "kill"}),
		ExtraPenalty:    r.IntN(37),
		DifficultySteps: r.IntN(4),
		Missed:          r.IntN(4) == 0,
	}
	if r.IntN(2) == 0 { // keep half the set-ups small enough that attacks land
		in.ExtraPenalty, in.Drama, in.AimTurns = 0, r.IntN(2), r.IntN(2)
		in.Focus = 1 + r.IntN(12)
	}
	var ok []string
	for i, l := range seedBase[in.Weapon] {
		if l > 0 {
			ok = append(ok, seedRanges[i])
		}
	}
	in.Range = pick(ok)
	return in
}

// checkRoll checks a resolved roll's named values and, when out is not
// empty, its outcome; a failure shows the roll's steps.
func checkRoll(t *testing.T, got rules.Roll, values map[string]int, out string) {
	t.Helper()
	for name, want := range values {
		if v, ok := valueOf(got, name); !ok || v != want {
			t.Errorf("%s = %d, want %d\n%s", name, v, want, strings.Join(got.Steps, "\n"))
		}
	}
	if out != "" && got.Outcome != out {
		t.Errorf("outcome %q, want %q", got.Outcome, out)
	}
}

func valueOf(roll rules.Roll, name string) (int, bool) {
	for _, v := range roll.Values {
		if v.Name == name {
			return v.Value, true
		}
	}
	return 0, false
}

// TestAgainstBruteForce enumerates all 36 dice pairs for many set-ups,
// checks every Resolve against the plain rules, and checks Odds against the
// weighted enumeration (which is also the weighted Resolve).
func TestAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for range n {
		in := randomInput(r)
		rep, err := Odds(in)
		if err != nil {
			t.Fatalf("%+v: %v", in, err)
		}
		outcomes := map[string]float64{}
		var roll, levels, attack, damage, after dice.Builder
		flag := 0.0
		for d1 := 1; d1 <= 6; d1++ {
			for d2 := 1; d2 <= 6; d2++ {
				want := plain(in, d1, d2)
				got, err := Resolve(in, dice.NewFixed([]int{d1, d2}))
				if err != nil {
					t.Fatalf("%+v dice %d %d: %v", in, d1, d2, err)
				}
				if got.Outcome != want.outcome {
					t.Fatalf("%+v dice %d %d: outcome %q, plain rules %q\n%s", in, d1, d2, got.Outcome, want.outcome, strings.Join(got.Steps, "\n"))
				}
				for _, c := range []struct {
					name string
					want int
				}{{"roll", want.roll}, {"levels", want.levels}, {"attack_damage", want.attack},
					{"damage", want.damage}, {"target_after", want.after}, {"taser_check", want.flag}} {
					if v, ok := valueOf(got, c.name); !ok || v != c.want {
						t.Fatalf("%+v dice %d %d: %s = %d, plain rules %d\n%s", in, d1, d2, c.name, v, c.want, strings.Join(got.Steps, "\n"))
					}
				}
				const w = 1.0 / 36
				outcomes[got.Outcome] += w
				if got.Outcome != "miss" {
					outcomes["success"] += w
				}
				roll.Add(want.roll, w)
				levels.Add(want.levels, w)
				attack.Add(want.attack, w)
				damage.Add(want.damage, w)
				after.Add(want.after, w)
				flag += float64(want.flag) * w
			}
		}
		outcomes["taser_check"] = flag
		for _, name := range []string{"miss", "no_effect", "hit", "success", "taser_check"} {
			if p, ok := rep.P(name); !ok || math.Abs(p-outcomes[name]) > tol {
				t.Fatalf("%+v: P(%s) = %v, brute force %v", in, name, p, outcomes[name])
			}
		}
		for _, d := range []struct {
			name string
			b    *dice.Builder
		}{{"roll", &roll}, {"levels", &levels}, {"attack_damage", &attack}, {"damage", &damage}, {"target_after", &after}} {
			got, ok := rep.Dist(d.name)
			want := d.b.PMF()
			if !ok || !dice.Equal(got, want, tol) {
				t.Fatalf("%+v: %s = %v, brute force %v", in, d.name, got.Pairs(), want.Pairs())
			}
			if m, ok := rep.Mean(d.name); d.name != "attack_damage" && (!ok || math.Abs(m-want.Mean()) > 1e-9) {
				t.Fatalf("%+v: mean %s = %v, brute force %v", in, d.name, m, want.Mean())
			}
		}
	}
}

func TestProbabilitiesSumToOne(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		in := randomInput(r)
		rep, err := Odds(in)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for _, name := range []string{"miss", "no_effect", "hit"} {
			p, _ := rep.P(name)
			sum += p
		}
		succ, _ := rep.P("success")
		miss, _ := rep.P("miss")
		if math.Abs(sum-1) > tol || math.Abs(succ+miss-1) > tol {
			t.Fatalf("%+v: miss+no_effect+hit = %v, success+miss = %v", in, sum, succ+miss)
		}
		for _, d := range rep.Distributions {
			if math.Abs(d.PMF.Total()-1) > tol {
				t.Fatalf("%+v: %s has mass %v", in, d.Name, d.PMF.Total())
			}
		}
	}
}

// seedCase is one of the worked examples of the seed or the rules note.
type seedCase struct {
	name   string
	edit   func(*Input)
	dice   []int
	values map[string]int
	out    string
}

func TestSeedExamples(t *testing.T) {
	tests := []seedCase{
		{name: "armor 2 turns 5 x 6 into 28 on a Focused roll",
			edit: func(in *Input) { in.AttackerArmor = "medium" }, dice: []int{5, 6},
			values: map[string]int{"product": 30, "roll": 28}},
		{name: "Graze turns 8 into 7 on a Focused roll",
			edit: func(in *Input) { in.AttackerDamage = "graze"; in.Focus = 1 }, dice: []int{2, 4},
			values: map[string]int{"product": 8, "roll": 7}},
		{name: "Graze turns 8 into 9 on an Unfocused roll",
			edit: func(in *Input) { in.AttackerDamage = "graze"; in.Task = "unfocused"; in.Focus = 12 }, dice: []int{2, 4},
			values: map[string]int{"roll": 9}},
		{name: "Graze turns 8 into 9 on an Unfamiliar roll",
			edit: func(in *Input) { in.AttackerDamage = "graze"; in.Task = "unfamiliar"; in.Focus = 12 }, dice: []int{4, 2},
			values: map[string]int{"roll": 9}},
		{name: "Focus 5 and 25 is three levels: small pistol Stun becomes a Wound",
			dice: []int{5, 5}, values: map[string]int{"levels": 3, "attack_damage": int(Wound), "damage": int(Wound)}, out: "hit"},
		{name: "stone with three levels is a Hit",
			edit: func(in *Input) { in.Weapon, in.Range = "stone", "throw" }, dice: []int{5, 5},
			values: map[string]int{"levels": 3, "damage": int(Hit)}},
		{name: "focused Grace or Wits dodges the stone's Hit to a Stun",
			edit: func(in *Input) { in.Weapon, in.Range, in.Defense = "stone", "throw", "reactive" }, dice: []int{5, 5},
			values: map[string]int{"damage": int(Stun)}},
		{name: "medium armor absorbs the stone's Hit to a Graze",
			edit: func(in *Input) { in.Weapon, in.Range, in.Defense = "stone", "throw", "medium" }, dice: []int{5, 5},
			values: map[string]int{"damage": int(Graze)}},
		{name: "one Drama Point reduces a Hit to a Stun",
			edit: func(in *Input) { in.Weapon, in.Range, in.Drama = "small_blade", "brawl", 1 }, dice: []int{1, 5},
			values: map[string]int{"attack_damage": int(Hit), "damage": int(Stun)}, out: "hit"},
		{name: "two Drama Points reduce a Hit to a Graze",
			edit: func(in *Input) { in.Weapon, in.Range, in.Drama = "small_blade", "brawl", 2 }, dice: []int{1, 5},
			values: map[string]int{"damage": int(Graze)}, out: "hit"},
		{name: "three Drama Points reduce a Hit to a miss",
			edit: func(in *Input) { in.Weapon, in.Range, in.Drama = "small_blade", "brawl", 3 }, dice: []int{1, 5},
			values: map[string]int{"damage": 0, "target_after": 0}, out: "no_effect"},
		{name: "a Hit character who receives a Graze is Wounded",
			edit: func(in *Input) { in.Weapon, in.Range, in.TargetDamage = "fist", "brawl", "hit" }, dice: []int{1, 5},
			values: map[string]int{"damage": int(Graze), "target_after": int(Wound)}},
		{name: "a Grazed character who receives a Stun is Stunned",
			edit: func(in *Input) { in.Weapon, in.Range, in.TargetDamage = "club", "brawl", "graze" }, dice: []int{1, 5},
			values: map[string]int{"damage": int(Stun), "target_after": int(Stun)}},
		{name: "a Kill with a bonus level is an Overkill, and defense takes it back to Kill",
			edit: func(in *Input) { in.Weapon, in.Defense, in.Focus = "hand_laser", "reactive", 1 }, dice: []int{6, 6},
			values: map[string]int{"levels": 4, "attack_damage": int(Overkill), "damage": int(Kill), "target_after": int(Kill)}},
		{name: "shotgun is a Wound at brawl range",
			edit: func(in *Input) { in.Weapon, in.Range = "shotgun", "brawl" }, dice: []int{1, 5}, values: map[string]int{"damage": int(Wound)}},
		{name: "shotgun is a Hit at throw range",
			edit: func(in *Input) { in.Weapon, in.Range = "shotgun", "throw" }, dice: []int{1, 5}, values: map[string]int{"damage": int(Hit)}},
		{name: "shotgun is a Stun at shoot range",
			edit: func(in *Input) { in.Weapon, in.Range = "shotgun", "shoot" }, dice: []int{1, 5}, values: map[string]int{"damage": int(Stun)}},
		{name: "rifle has a 2-point attack penalty at brawl range",
			edit: func(in *Input) { in.Weapon, in.Range = "rifle", "brawl" }, dice: []int{5, 6}, values: map[string]int{"roll": 28}},
		{name: "rifle has no penalty at shoot range",
			edit: func(in *Input) { in.Weapon, in.Range = "rifle", "shoot" }, dice: []int{5, 6}, values: map[string]int{"roll": 30}},
		{name: "each aimed turn adds a level on a success",
			edit: func(in *Input) { in.AimTurns = 2 }, dice: []int{1, 5},
			values: map[string]int{"levels": 1, "attack_damage": int(Wound)}},
		{name: "aimed turns are wasted on a failure",
			edit: func(in *Input) { in.AimTurns = 2 }, dice: []int{1, 4},
			values: map[string]int{"levels": 0, "attack_damage": 0}, out: "miss"},
		{name: "a taser Kill raises the Brawn or Will check",
			edit: func(in *Input) { in.Weapon, in.Range, in.Task = "taser", "brawl", "unfamiliar" }, dice: []int{1, 1},
			values: map[string]int{"attack_damage": int(Knockout), "target_after": int(Knockout), "taser_check": 0}},
		{name: "a taser on a knocked-out target kills, which raises the check",
			edit: func(in *Input) { in.Weapon, in.Range, in.TargetDamage = "taser", "throw", "knockout" }, dice: []int{1, 5},
			values: map[string]int{"target_after": int(Kill), "taser_check": 1}},
		{name: "unfocused roll 5 under focus scores 2 levels",
			edit: func(in *Input) { in.Task, in.Focus = "unfocused", 9 }, dice: []int{2, 2}, values: map[string]int{"levels": 2}},
		{name: "unfocused roll less than 5 under focus scores 1 level",
			edit: func(in *Input) { in.Task, in.Focus = "unfocused", 9 }, dice: []int{1, 5}, values: map[string]int{"levels": 1}},
		{name: "unfamiliar roll equal to focus fails",
			edit: func(in *Input) { in.Task, in.Focus = "unfamiliar", 5 }, dice: []int{1, 5}, out: "miss"},
		{name: "pluses do not apply to an unfamiliar task",
			edit: func(in *Input) { in.Task, in.Focus, in.Pluses = "unfamiliar", 6, 3 }, dice: []int{1, 5}, values: map[string]int{"levels": 1}},
		{name: "pluses add levels to a focused task",
			edit: func(in *Input) { in.Pluses = 2 }, dice: []int{1, 5}, values: map[string]int{"levels": 3}},
		{name: "a difficulty step moves focused dice down",
			edit: func(in *Input) { in.DifficultySteps = 1 }, dice: []int{5, 6}, values: map[string]int{"product": 20}},
		{name: "difficulty steps stop a focused die at 0",
			edit: func(in *Input) { in.DifficultySteps = 3; in.Focus = 1 }, dice: []int{2, 6}, values: map[string]int{"product": 0}, out: "miss"},
		{name: "a difficulty step moves unfocused dice up",
			edit: func(in *Input) { in.DifficultySteps = 1; in.Task = "unfocused"; in.Focus = 36 }, dice: []int{5, 6},
			values: map[string]int{"product": 42}, out: "miss"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := DefaultInput()
			if tc.edit != nil {
				tc.edit(&in)
			}
			got, err := Resolve(in, dice.NewFixed(tc.dice))
			if err != nil {
				t.Fatal(err)
			}
			checkRoll(t, got, tc.values, tc.out)
		})
	}
}

func TestTrace(t *testing.T) {
	// The rules note's armor check: 5 x 6 = 30, Kevlar makes it 28; Focus 5
	// succeeds by 23 for three levels, small pistol Stun + 2 = Wound.
	in := DefaultInput()
	in.AttackerArmor = "medium"
	got, err := Resolve(in, dice.NewFixed([]int{5, 6}))
	if err != nil {
		t.Fatal(err)
	}
	trace := strings.Join(got.Steps, "\n")
	for _, want := range []string{"Dice 5 and 6 multiply to 30", "medium armor 2", "makes it 28",
		"focus 5: success by 23, 3 levels", "small pistol Stun + 2 bonus levels = Wound", "Wound; Hit + Stun; Stun + Stun + Stun"} {
		if !strings.Contains(trace, want) {
			t.Errorf("trace lacks %q:\n%s", want, trace)
		}
	}
	if got.Result == "" || len(got.Dice) != 2 || got.Dice[0].What != "first die" || got.Dice[1].Value != 6 {
		t.Errorf("result %q, dice %+v", got.Result, got.Dice)
	}
}

func TestOnlyEighteenProducts(t *testing.T) {
	rep, err := Odds(DefaultInput())
	if err != nil {
		t.Fatal(err)
	}
	roll, _ := rep.Dist("roll")
	want := []int{1, 2, 3, 4, 5, 6, 8, 9, 10, 12, 15, 16, 18, 20, 24, 25, 30, 36}
	if got := roll.Values(); !slices.Equal(got, want) {
		t.Errorf("products %v, want %v", got, want)
	}
	// Focus 5 Focused: success on a product of 5 or more: 36 − 8 = 28 of 36
	// pairs (the pairs below 5 are 1x1..1x4, 2x1, 2x2, 3x1, 4x1).
	if p, _ := rep.P("success"); math.Abs(p-28.0/36) > tol {
		t.Errorf("P(success) = %v, want 28/36", p)
	}
}

func TestMonotone(t *testing.T) {
	type probe struct {
		name    string
		outcome string
		lo, hi  int
		set     func(*Input, int)
		rising  bool // the probability never falls as the value rises
	}
	probes := []probe{
		{"hit vs pluses", "hit", 0, 3, func(in *Input, v int) { in.Pluses = v }, true},
		{"hit vs aimed turns", "hit", 0, 6, func(in *Input, v int) { in.AimTurns = v }, true},
		{"hit vs drama", "hit", 0, 6, func(in *Input, v int) { in.Drama = v }, false},
		{"success vs extra penalty", "success", 0, 36, func(in *Input, v int) { in.ExtraPenalty = v }, false},
		{"success vs difficulty", "success", 0, 3, func(in *Input, v int) { in.DifficultySteps = v }, false},
		{"success vs focus, unfocused", "success", 1, 36, func(in *Input, v int) { in.Task, in.Focus = "unfocused", v }, true},
		{"success vs focus, unfamiliar", "success", 1, 36, func(in *Input, v int) { in.Task, in.Focus = "unfamiliar", v }, true},
		{"success vs focus, focused", "success", 1, 36, func(in *Input, v int) { in.Task, in.Focus = "focused", v }, false},
		{"hit vs defense", "hit", 0, 3, func(in *Input, v int) { in.Defense = []string{"none", "reactive", "medium", "heavy"}[v] }, false},
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		base := randomInput(r)
		for _, pr := range probes {
			prev := math.NaN()
			for v := pr.lo; v <= pr.hi; v++ {
				in := base
				pr.set(&in, v)
				rep, err := Odds(in)
				if err != nil {
					t.Fatalf("%s: %v", pr.name, err)
				}
				p, _ := rep.P(pr.outcome)
				if !math.IsNaN(prev) && ((pr.rising && p < prev-tol) || (!pr.rising && p > prev+tol)) {
					t.Fatalf("%s: %+v: P(%s) went from %v to %v at %d", pr.name, in, pr.outcome, prev, p, v)
				}
				prev = p
			}
		}
	}
}

func TestAddDamage(t *testing.T) {
	tests := []struct {
		current, incoming, want Level
		why                     string
	}{
		{None, Graze, Graze, "none + Graze supersedes"},
		{Hit, Graze, Wound, "seed: a Hit character who receives a Graze is Wounded"},
		{Graze, Stun, Stun, "seed: a Grazed character who receives a Stun is Stunned"},
		{Stun, Stun, Hit, "equal adds one step"},
		{Wound, Wound, Knockout, "equal adds one step"},
		{Knockout, Knockout, Kill, "equal adds one step"},
		{Knockout, Graze, Kill, "less adds one step"},
		{Kill, Graze, Kill, "the track stops at Kill"},
		{Kill, Overkill, Kill, "the track stops at Kill"},
		{None, Overkill, Kill, "Overkill lands as Kill"},
		{Graze, Wound, Wound, "greater supersedes"},
		{Hit, None, Hit, "no damage changes nothing"},
		{Level(-3), Graze, Graze, "below None reads None"},
		{Level(9), Graze, Kill, "past Kill reads Kill"},
		{Stun, Level(12), Kill, "past Overkill reads Overkill"},
	}
	for _, tc := range tests {
		if got := AddDamage(tc.current, tc.incoming); got != tc.want {
			t.Errorf("%v + %v = %v, want %v (%s)", tc.current, tc.incoming, got, tc.want, tc.why)
		}
	}
}

func TestSplits(t *testing.T) {
	tests := []struct {
		base   Level
		levels int
		want   [][]Level
	}{
		{Stun, 3, [][]Level{{Wound}, {Hit, Stun}, {Stun, Stun, Stun}}}, // the seed's small pistol example
		{Graze, 1, [][]Level{{Graze}}},
		{Hit, 2, [][]Level{{Wound}, {Hit, Hit}}},
		{Kill, 3, [][]Level{{Overkill}, {Overkill, Kill}, {Kill, Kill, Kill}}},
		{Stun, 0, nil},
		{Stun, -2, nil},
	}
	for _, tc := range tests {
		if got := Splits(tc.base, tc.levels); !slices.EqualFunc(got, tc.want, slices.Equal) {
			t.Errorf("Splits(%v, %d) = %v, want %v", tc.base, tc.levels, got, tc.want)
		}
	}
	// The number of splits is the number of partitions of the levels.
	partitions := []int{1, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42, 56, 77, 101}
	for n := 1; n <= MaxSplitLevels; n++ {
		got := Splits(Graze, n)
		if len(got) != partitions[n] {
			t.Errorf("%d levels: %d splits, want %d", n, len(got), partitions[n])
		}
		for _, sp := range got {
			used := 0
			for i, l := range sp {
				used += int(l-Graze) + 1
				if i > 0 && l > sp[i-1] {
					t.Errorf("%d levels: split %v is not from the most damaged down", n, sp)
				}
			}
			if used != n && sp[0] != Overkill {
				t.Errorf("%d levels: split %v uses %d levels", n, sp, used)
			}
		}
	}
	if len(Splits(Graze, 100)) != partitions[MaxSplitLevels] {
		t.Error("levels beyond MaxSplitLevels must be clamped")
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		field string
		edit  func(*Input)
		says  string
	}{
		{"task", func(in *Input) { in.Task = "lucky" }, "one of focused, unfocused, unfamiliar"},
		{"focus", func(in *Input) { in.Focus = 0 }, "1 to 36"},
		{"focus", func(in *Input) { in.Focus = 37 }, "1 to 36"},
		{"pluses", func(in *Input) { in.Pluses = -1 }, "0 to 3"},
		{"pluses", func(in *Input) { in.Pluses = 4 }, "0 to 3"},
		{"attacker_armor", func(in *Input) { in.AttackerArmor = "mithril" }, "none, light, medium, heavy"},
		{"attacker_damage", func(in *Input) { in.AttackerDamage = "knockout" }, "none, graze, stun, hit, wound"},
		{"weapon", func(in *Input) { in.Weapon = "bazooka" }, "small_pistol"},
		{"range", func(in *Input) { in.Range = "lost" }, "brawl, throw, shoot, view"},
		{"range", func(in *Input) { in.Weapon, in.Range = "small_bow", "brawl" }, "one of throw, shoot"},
		{"range", func(in *Input) { in.Weapon, in.Range = "large_bow", "brawl" }, "one of throw, shoot"},
		{"range", func(in *Input) { in.Weapon, in.Range = "fist", "throw" }, "one of brawl"},
		{"range", func(in *Input) { in.Weapon, in.Range = "taser", "shoot" }, "one of brawl, throw"},
		{"range", func(in *Input) { in.Weapon, in.Range = "shotgun", "view" }, "one of brawl, throw, shoot"},
		{"aim_turns", func(in *Input) { in.AimTurns = -1 }, "0 to 6"},
		{"aim_turns", func(in *Input) { in.AimTurns = 7 }, "0 to 6"},
		{"defense", func(in *Input) { in.Defense = "dodge" }, "none, reactive, light, medium, heavy"},
		{"drama", func(in *Input) { in.Drama = 7 }, "0 to 6"},
		{"drama", func(in *Input) { in.Drama = -1 }, "0 to 6"},
		{"target_damage", func(in *Input) { in.TargetDamage = "overkill" }, "knockout, kill"},
		{"extra_penalty", func(in *Input) { in.ExtraPenalty = -1 }, "0 to 36"},
		{"extra_penalty", func(in *Input) { in.ExtraPenalty = 37 }, "0 to 36"},
		{"difficulty_steps", func(in *Input) { in.DifficultySteps = 4 }, "0 to 3"},
		{"", func(in *Input) { in.Weapon, in.Range = "rifle", "view" }, ""},
		{"", func(in *Input) {}, ""},
	}
	for _, tc := range tests {
		in := DefaultInput()
		tc.edit(&in)
		err := in.Validate()
		if tc.field == "" {
			if err != nil {
				t.Errorf("%+v: unexpected %v", in, err)
			}
			continue
		}
		var fe *rules.FieldError
		if !errors.As(err, &fe) || fe.Field != tc.field || !strings.Contains(fe.Allowed, tc.says) {
			t.Errorf("%+v: got %v, want a %s error allowing %q", in, err, tc.field, tc.says)
		}
		if _, oerr := Odds(in); oerr == nil || oerr.Error() != err.Error() {
			t.Errorf("Odds must validate first: %v", oerr)
		}
		if _, rerr := Resolve(in, dice.NewFixed([]int{1, 1})); rerr == nil || rerr.Error() != err.Error() {
			t.Errorf("Resolve must validate first: %v", rerr)
		}
	}
}

func TestResolveDice(t *testing.T) {
	in := DefaultInput()
	for _, tc := range []struct {
		name string
		tape *dice.Tape
		says string
	}{
		{"too few dice", dice.NewFixed([]int{4}), "second die"},
		{"no dice", dice.NewFixed(nil), "first die"},
		{"too many dice", dice.NewFixed([]int{4, 5, 6}), "uses only 2"},
		{"a face of 7", dice.NewFixed([]int{7, 1}), "must be 1..6"},
		{"a face of 0", dice.NewFixed([]int{3, 0}), "must be 1..6"},
		{"no tape", nil, "dice"},
	} {
		if _, err := Resolve(in, tc.tape); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %v, want an error saying %q", tc.name, err, tc.says)
		}
	}
	for seed := range uint64(50) {
		tape := dice.NewSeeded(seed)
		a, err := Resolve(in, tape)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Resolve(in, dice.NewFixed(tape.Values()))
		if err != nil || !slices.Equal(a.Steps, b.Steps) || a.Outcome != b.Outcome {
			t.Fatalf("seed %d does not replay: %v", seed, err)
		}
	}
}

func TestTables(t *testing.T) {
	tables := Tables()
	ids := map[string]bool{}
	for _, tb := range tables {
		if ids[tb.ID] || tb.ID == "" || tb.Title == "" || tb.Source == "" || len(tb.Rows) == 0 {
			t.Errorf("table %q: duplicate or incomplete", tb.ID)
		}
		ids[tb.ID] = true
		for _, row := range tb.Rows {
			if len(row) != len(tb.Columns) {
				t.Errorf("table %s: row %v has %d cells for %d columns", tb.ID, row, len(row), len(tb.Columns))
			}
		}
		if tb.Provisional {
			t.Errorf("table %s: nothing in this system is provisional", tb.ID)
		}
	}
	for _, id := range []string{"weapons", "armor", "damage_levels", "weapon_groups", "ranges"} {
		if !ids[id] {
			t.Errorf("missing table %s", id)
		}
	}

	// Weapons: the seed's set, unique lower_snake_case ids, known groups,
	// base damage and reach matching the seed's table.
	groups := map[string]bool{}
	for _, g := range Groups() {
		groups[g.ID] = true
	}
	ws := Weapons()
	if len(ws) != len(seedBase) {
		t.Errorf("%d weapons, the seed has %d", len(ws), len(seedBase))
	}
	seen := map[string]bool{}
	for _, w := range ws {
		if seen[w.ID] || strings.Trim(w.ID, "abcdefghijklmnopqrstuvwxyz_") != "" || !groups[w.Group] || w.Name == "" {
			t.Errorf("weapon %+v: bad or duplicate id, or unknown group", w)
		}
		seen[w.ID] = true
		for i, rg := range seedRanges {
			l, ok := w.At(rg)
			if int(l) != seedBase[w.ID][i] || ok != (seedBase[w.ID][i] > 0) {
				t.Errorf("%s at %s: %v %v, seed says %d", w.ID, rg, l, ok, seedBase[w.ID][i])
			}
		}
	}
	if w, _ := WeaponByID("spear"); w.Requires == "" {
		t.Error("the spear requires Martial Arts or a Combat career")
	}
	for _, a := range Armors() {
		if a.Rating != seedArmor[a.ID] {
			t.Errorf("armor %s rating %d, seed %d", a.ID, a.Rating, seedArmor[a.ID])
		}
	}
	for _, l := range Levels() {
		if want := map[Level]int{Graze: 1, Stun: 2, Hit: 3, Wound: 4}[l.Level]; l.Penalty != want || l.Level.Penalty() != want {
			t.Errorf("%v penalty %d/%d, want %d", l.Level, l.Penalty, l.Level.Penalty(), want)
		}
	}
	// Accessors hand out fresh data.
	ws[0].ByRange[0] = Overkill
	Groups()[0].Attack[0] = "Nothing"
	if Weapons()[0].ByRange[0] == Overkill || Groups()[0].Attack[0] == "Nothing" {
		t.Error("accessors must return fresh slices")
	}
}

func TestLabels(t *testing.T) {
	rep, err := Odds(DefaultInput())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rep.Distributions {
		labelled := d.Name == "damage" || d.Name == "attack_damage" || d.Name == "target_after"
		if labelled != (d.Label != nil) {
			t.Errorf("%s: label %v", d.Name, d.Label != nil)
		}
		if d.Label != nil && (d.Label(0) != "None" || d.Label(4) != "Wound" || d.Label(7) != "Overkill") {
			t.Errorf("%s labels %q %q %q", d.Name, d.Label(0), d.Label(4), d.Label(7))
		}
	}
}

func FuzzValidate(f *testing.F) {
	f.Add("focused", 5, 0, "none", "none", "small_pistol", "shoot", 0, "none", 0, "none", 0, 0, false, 5, 6)
	f.Add("unfocused", 36, 3, "heavy", "wound", "rifle", "brawl", 6, "heavy", 6, "kill", 36, 3, true, 6, 6)
	f.Add("unfamiliar", 1, -1, "light", "graze", "taser", "throw", 2, "reactive", 1, "knockout", 0, 0, true, 1, 1)
	f.Add("focused", 0, 0, "none", "none", "small_bow", "brawl", 0, "none", 0, "none", 0, 0, false, 7, 0)
	f.Add("", -5, 99, "x", "kill", "", "lost", -1, "", 99, "overkill", -1, 9, true, -1, 100)
	f.Fuzz(func(t *testing.T, task string, focus, pluses int, aArmor, aDamage, weapon, rng string,
		aim int, defense string, drama int, target string, extra, steps int, missed bool, d1, d2 int) {
		in := Input{task, focus, pluses, aArmor, aDamage, weapon, rng, aim, defense, drama, target, extra, steps, missed}
		err := in.Validate()
		if err != nil {
			var fe *rules.FieldError
			if !errors.As(err, &fe) || fe.Field == "" || fe.Allowed == "" {
				t.Fatalf("%+v: %v is not a field error", in, err)
			}
			if _, err := Odds(in); err == nil {
				t.Fatal("Odds accepted an invalid input")
			}
			if _, err := Resolve(in, dice.NewFixed([]int{d1, d2})); err == nil {
				t.Fatal("Resolve accepted an invalid input")
			}
			return
		}
		rep, err := Odds(in)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for _, name := range []string{"miss", "no_effect", "hit"} {
			p, _ := rep.P(name)
			sum += p
		}
		if math.Abs(sum-1) > tol {
			t.Fatalf("%+v: outcomes sum to %v", in, sum)
		}
		roll, err := Resolve(in, dice.NewFixed([]int{d1, d2}))
		if (err == nil) != (d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6) {
			t.Fatalf("%+v dice %d %d: %v", in, d1, d2, err)
		}
		if err == nil {
			if p, ok := rep.P(roll.Outcome); !ok || p <= 0 {
				t.Fatalf("%+v: resolved %q, which has probability %v", in, roll.Outcome, p)
			}
		}
	})
}

func BenchmarkOdds(b *testing.B) {
	in := Input{Task: "unfocused", Focus: 36, Pluses: 3, AttackerArmor: "heavy", AttackerDamage: "wound",
		Weapon: "rifle", Range: "brawl", AimTurns: 6, Defense: "heavy", Drama: 6, TargetDamage: "wound",
		ExtraPenalty: 36, DifficultySteps: 3}
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOddsDefault(b *testing.B) {
	in := DefaultInput()
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkResolve(b *testing.B) {
	in := DefaultInput()
	in.Pluses, in.AimTurns = 3, 6
	for b.Loop() {
		if _, err := Resolve(in, dice.NewFixed([]int{6, 6})); err != nil {
			b.Fatal(err)
		}
	}
}
