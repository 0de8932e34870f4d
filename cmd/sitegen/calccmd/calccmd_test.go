package calccmd

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"d6codex/calc"
	"d6codex/calc/systems"
)

func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// TestCLIMatchesRegistry runs calculators through the command line and
// through the registry and requires byte-identical JSON.
func TestCLIMatchesRegistry(t *testing.T) {
	tests := []struct {
		id   string
		args []string
		raw  map[string]string
	}{
		{"d6xd6/attack", []string{"focus=5", "weapon=small_pistol", "dice=5,5"}, map[string]string{"focus": "5", "weapon": "small_pistol", "dice": "5 5"}},
		{"spacedoor/attack", []string{"tough=1", "mode=advantage"}, map[string]string{"tough": "1", "mode": "advantage"}},
		{"spacedoor/defend", []string{"tough=-1", "incoming=9", "seed=7"}, map[string]string{"tough": "-1", "incoming": "9", "seed": "7"}},
		{"skirmish/melee", []string{"attack_dice=5", "dice=6 6 5 3 1 6 5 4 2 4"}, map[string]string{"attack_dice": "5", "dice": "6,6,5,3,1,6,5,4,2,4"}},
		{"rollunder/attack", []string{"weapon=rifle", "armor=flak_vest"}, map[string]string{"weapon": "rifle", "armor": "flak_vest"}},
		{"opend6/attack", []string{"skill=4D+1", "damage=3D", "system=body_points"}, map[string]string{"skill": "4d+1", "damage": "3D", "system": "body_points"}},
	}
	reg := systems.New()
	for _, tc := range tests {
		code, out, errs := run(t, "", append([]string{"run", tc.id}, tc.args...)...)
		if code != ExitOK {
			t.Fatalf("%s: exit %d: %s", tc.id, code, errs)
		}
		res, err := reg.Run(tc.id, tc.raw)
		if err != nil {
			t.Fatalf("%s: %v", tc.id, err)
		}
		want, _ := json.Marshal(res.Map())
		if strings.TrimSpace(out) != string(want) {
			t.Errorf("%s: CLI and registry differ\ncli: %s\nreg: %s", tc.id, out, want)
		}
		// The same inputs as a JSON object on stdin give the same answer.
		obj := map[string]any{}
		for k, v := range tc.raw {
			obj[k] = v
		}
		in, _ := json.Marshal(obj)
		code, out2, errs := run(t, string(in), "run", tc.id, "-")
		if code != ExitOK || out2 != out {
			t.Errorf("%s: stdin JSON gives exit %d %s\n%s", tc.id, code, errs, out2)
		}
	}
}

func TestJSONTypes(t *testing.T) {
	code, out, errs := run(t, `{"tough": 1, "mode": "normal", "dice": [6, 6], "ignored": null}`, "run", "spacedoor/attack", "-")
	if code != ExitBadInput || !strings.Contains(errs, "ignored") {
		t.Errorf("unknown field in JSON: exit %d, %q", code, errs)
	}
	code, out, errs = run(t, `{"tough": 1, "dice": [6, 6, 3, 4, 5, 6]}`, "run", "spacedoor/attack", "-")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	roll := m["roll"].(map[string]any)
	if roll["outcome"] != "critical_success" {
		t.Errorf("6,6 is a critical success, got %v", roll["outcome"])
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"run", "skirmish/melee", "attack_dice=13"}, "", "attack_dice"},
		{[]string{"run", "opend6/attack", "skill=3D+5"}, "", "skill"},
		{[]string{"run", "opend6/attack", "skill=0D"}, "", "skill"},
		{[]string{"run", "rollunder/attack", "weapon=lightsaber"}, "", "weapon"},
		{[]string{"run", "nope/x"}, "", "unknown calculator"},
		{[]string{"run", "spacedoor/attack", "tough"}, "", "field=value"},
		{[]string{"run", "spacedoor/attack", "tough=1", "tough=2"}, "", "twice"},
		{[]string{"run", "spacedoor/attack", "-"}, "[1,2]", "JSON object"},
		{[]string{"run", "spacedoor/attack", "-"}, `{"dice": ["a"]}`, "dice"},
		// Issue 22: a list is taken only by a field of dice faces or numbers.
		{[]string{"run", "opend6/attack", "-"}, `{"actions": [1]}`, "actions: a list is not a number"},
		{[]string{"run", "opend6/attack", "-"}, `{"actions": []}`, "actions: a list is not a number"},
		{[]string{"run", "rollunder/attack", "-"}, `{"weapon": ["x"]}`, "weapon: a list is not one of the field's choices"},
		// Issue 22: stdin is read up to 1 MB, never more.
		{[]string{"run", "opend6/attack", "-"}, `{"actions": 1}` + strings.Repeat(" ", MaxStdin), "longer than 1 MB"},
		{[]string{"run", "spacedoor/attack", "dice=6"}, "", "dice"},
		{[]string{"schema"}, "", "one calculator id"},
		{[]string{"frobnicate"}, "", "unknown calc command"},
	}
	for _, tc := range tests {
		code, out, errs := run(t, tc.stdin, tc.args...)
		if code != ExitBadInput || out != "" || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line naming %q", tc.args, code, out, errs, tc.want)
		}
	}
}

func TestListAndSchema(t *testing.T) {
	code, out, _ := run(t, "", "list")
	if code != ExitOK || len(strings.Split(strings.TrimSpace(out), "\n")) != len(systems.New().List()) || !strings.Contains(out, "opend6/attack") {
		t.Errorf("list: %d %q", code, out)
	}
	// One line per calculator, titles in one column.
	col := -1
	for i, line := range strings.Split(strings.TrimSpace(out), "\n") {
		c := systems.New().List()[i]
		if !strings.HasPrefix(line, c.ID+" ") || !strings.HasSuffix(line, "  "+c.Title) {
			t.Errorf("list line %q: want %s, then its title %q", line, c.ID, c.Title)
		}
		if at := len(line) - len(c.Title); col >= 0 && at != col {
			t.Errorf("list line %q: title at column %d, not %d", line, at, col)
		} else {
			col = at
		}
	}
	code, out, errs := run(t, "", "schema", "opend6/attack")
	if code != ExitOK {
		t.Fatalf("schema: %s", errs)
	}
	var s struct {
		ID     string
		Fields []calc.Field
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil || s.ID != "opend6/attack" || len(s.Fields) < 13 {
		t.Errorf("schema: %v %+v", err, s)
	}
}

// FuzzRunJSON feeds arbitrary stdin to `calc run ID -`: the command must
// answer with a result (exit 0, one JSON object) or a one-line error (exit
// 2), never crash.
func FuzzRunJSON(f *testing.F) {
	f.Add("skirmish/melee", `{"attack_dice": 12, "attack_penalty": 4, "defense_dice": 12, "defense_penalty": 4}`)
	f.Add("opend6/attack", `{"skill": "12D+2", "damage": "15D+2", "dice": [6,6,6]}`)
	f.Add("d6xd6/attack", `{"focus": 40}`)
	f.Add("rollunder/attack", `{"modifier": -21, "seed": 9007199254740991}`)
	f.Add("spacedoor/defend", `{"incoming": 1e9}`)
	f.Add("spacedoor/attack", `{"tough": 1} x`)
	f.Add("spacedoor/attack", `{"tough": 1, "tough": 1}`)
	f.Add("spacedoor/attack", `{"tough": {"tough": 1, "tough": 1}}`)
	f.Add("spacedoor/attack", `null`)
	f.Fuzz(func(t *testing.T, id, stdin string) {
		var out, errb bytes.Buffer
		code := Run([]string{"run", id, "-"}, strings.NewReader(stdin), &out, &errb)
		checkExit(t, code, &out, &errb)
		if code == ExitOK && !oneObject(stdin) {
			t.Fatalf("accepted %q, which is not exactly one JSON object with distinct keys", stdin)
		}
	})
}

// checkExit checks the contract of `calc run`: exit 0 with one JSON
// object on stdout, or exit 2 with one short line on stderr.
func checkExit(t *testing.T, code int, out, errb *bytes.Buffer) {
	t.Helper()
	switch code {
	case ExitOK:
		if !json.Valid(out.Bytes()) || errb.Len() != 0 {
			t.Fatalf("exit 0 with stdout %q stderr %q", out.String(), errb.String())
		}
	case ExitBadInput:
		if out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 {
			t.Fatalf("exit 2 with stdout %q stderr %q", out.String(), errb.String())
		}
		if errb.Len() > 1000 {
			t.Fatalf("error of %d bytes: %.200q", errb.Len(), errb.String())
		}
	default:
		t.Fatalf("exit %d: %s", code, errb.String())
	}
}

// oneObject is the fuzzers' oracle: s is one JSON object (white space
// around it allowed) whose keys are distinct.
func oneObject(s string) bool {
	var m map[string]json.RawMessage
	if !json.Valid([]byte(s)) || json.Unmarshal([]byte(s), &m) != nil || m == nil {
		return false
	}
	// Count the top-level keys in the token stream: a duplicate collapses
	// in the map, so the counts differ.
	dec := json.NewDecoder(strings.NewReader(s))
	depth, keys := 0, 0
	expectKey := false
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
			expectKey = depth == 1 && tok == json.Delim('{')
			continue
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 1 {
			if expectKey {
				keys++
			}
			expectKey = !expectKey
		}
	}
	return keys == len(m)
}

// FuzzRunArgs feeds arbitrary field=value arguments to `calc run`.
func FuzzRunArgs(f *testing.F) {
	f.Add("opend6/attack", "skill=4D+1", "damage=3D")
	f.Add("skirmish/melee", "attack_dice=13", "attack_dice=1")
	f.Add("rollunder/attack", "dice=1 2 3", "seed=4")
	f.Add("spacedoor/attack", "tough", "=")
	f.Fuzz(func(t *testing.T, id, a, b string) {
		var out, errb bytes.Buffer
		code := Run([]string{"run", id, a, b}, strings.NewReader(""), &out, &errb)
		checkExit(t, code, &out, &errb)
	})
}

// TestStrictJSON is issue 10: `calc run ID -` takes exactly one JSON
// object with each key once, and quotes values cut short.
func TestStrictJSON(t *testing.T) {
	huge := strings.Repeat("9", 900<<10) // under MaxStdin
	tests := []struct {
		name, stdin, want string
	}{
		{"null", `null`, "JSON object"},
		{"empty", ``, "JSON object"},
		{"string", `"tough"`, "JSON object"},
		{"trailing garbage", `{"tough": 1} garbage`, "after the object"},
		{"second object", `{"tough": 1}{"tough": 2}`, "after the object"},
		{"trailing number", `{"tough": 1} 5`, "after the object"},
		{"duplicate key", `{"tough": 1, "tough": 2}`, "tough: given twice"},
		{"null value", `{"tough": null}`, "tough"},
		{"object value", `{"tough": {"a": 1}}`, "tough"},
		{"unclosed", `{"tough": 1`, "JSON object"},
		{"huge value", `{"tough": "` + huge + `"}`, "tough"},
		{"huge number", `{"tough": ` + huge + `}`, "tough"},
		{"huge key", `{"` + huge + `": 1}`, "(921600 bytes)"},
		{"huge garbage", `{"tough": 1} "` + huge + `"`, "after the object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := run(t, tc.stdin, "run", "spacedoor/attack", "-")
			if code != ExitBadInput || out != "" || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
				t.Errorf("exit %d, stdout %q, stderr %.300q; want exit 2 and one line with %q", code, out, errs, tc.want)
			}
			if len(errs) > 500 {
				t.Errorf("message of %d bytes: %.200q", len(errs), errs)
			}
		})
	}
	// Surrounding white space is fine.
	if code, _, errs := run(t, " \n{\"tough\": 1}\n\n", "run", "spacedoor/attack", "-"); code != ExitOK {
		t.Errorf("object with white space: exit %d %s", code, errs)
	}
	// field=value arguments are quoted short too.
	code, _, errs := run(t, "", "run", "spacedoor/attack", "tough="+huge)
	if code != ExitBadInput || len(errs) > 500 || !strings.HasPrefix(errs, "sitegen calc: tough: \"999") {
		t.Errorf("huge argument: exit %d, %.300q", code, errs)
	}
}
