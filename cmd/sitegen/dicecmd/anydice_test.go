package dicecmd

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestAnyDiceStdin(t *testing.T) {
	prog := "output 2d6 named \"two\"\noutput [highest 1 of 2d20]\noutput d{}\n"
	var out, errb bytes.Buffer
	if code := RunAnyDice([]string{"-"}, strings.NewReader(prog), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var os []AnyDiceOutput
	if err := json.Unmarshal(out.Bytes(), &os); err != nil {
		t.Fatal(err)
	}
	if len(os) != 3 || os[0].Name != "two" || os[1].Name != "output 2" || os[0].Min != 2 || os[0].Max != 12 || len(os[0].Distribution) != 11 {
		t.Fatalf("%+v", os)
	}
	if math.Abs(os[0].Mean-7) > 1e-12 || math.Abs(os[0].SD-math.Sqrt(35.0/6)) > 1e-12 {
		t.Errorf("mean %v sd %v", os[0].Mean, os[0].SD)
	}
	// P(highest of 2d20 = 20) = 39/400.
	if d := os[1].Distribution[19]; d[0] != 20 || math.Abs(d[1]-39.0/400) > 1e-15 {
		t.Errorf("P(20) = %v", d)
	}
	if len(os[2].Distribution) != 0 {
		t.Errorf("empty die: %+v", os[2])
	}
}

func TestAnyDiceFileAndErrors(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.anydice")
	bad := filepath.Join(dir, "bad.anydice")
	os.WriteFile(good, []byte("output 3d6"), 0o644)
	os.WriteFile(bad, []byte("X: 3\noutput X +"), 0o644)
	var out, errb bytes.Buffer
	if code := Run([]string{"--anydice", good}, nil, &out, &errb); code != 0 || !strings.HasPrefix(out.String(), `[{"name":"output 1"`) {
		t.Fatalf("exit %d: %s %s", code, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	if code := Run([]string{"--anydice", bad}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "bad.anydice:2:11: expected a number") {
		t.Fatalf("exit %d: %q", code, errb.String())
	}
	errb.Reset()
	if code := Run([]string{"--anydice"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "usage: sitegen dice --anydice") {
		t.Fatalf("exit %d: %q", code, errb.String())
	}
}

// TestAnyDiceTable: --format table writes what AnyDice's "Export" view
// shows for the same program. Each want is that view's text for AnyDice's
// own results (rules/dice/anydice/testdata/anydice, ids 42903 and 1a759),
// made by the export code of anydice.com's page (js/anydice.js) run on
// them: the names, the layout and the values must be the same, the numbers
// equal to 1e-9 of their size (AnyDice's percentages are rounded to 12 or
// 14 digits, this table's to 12).
func TestAnyDiceTable(t *testing.T) {
	tests := []struct{ prog, want string }{
		{"X: 4\noutput X named \"this is a [X]\"\nX: d4\noutput X named \"this is a [X]\"\nX: 2d4\noutput X named \"this is a [X]\"\nX: {1..4}\noutput X named \"this is a [X]\"\nX: d{2,4,6}\noutput X named \"this is a [X]\"",
			`"this is a 4",4,0,4,4
#,%
4,100

"this is a d4",2.5,1.118033988749895,1,4
#,%
1,25
2,25
3,25
4,25

"this is a 2d4",5,1.5811388300841898,2,8
#,%
2,6.25
3,12.5
4,18.75
5,25
6,18.75
7,12.5
8,6.25

"this is a {?}",2.5,1.118033988749895,1,4
#,%
1,25
2,25
3,25
4,25

"this is a d{?}",3.99999999999996,1.632993161855444,2,6
#,%
2,33.333333333333
4,33.333333333333
6,33.333333333333

`},
		{"N:4\nP:2\n\noutput (N+P)d{1:1, 0:9}d{1:1, 0:9}\n", `"output 1",0.06,0.2437211521390788,0,6
#,%
0,94.1480149401
1,5.7059402994
2,0.1440894015
3,0.001940598
4,0.0000147015
5,5.94e-8
6,1e-10

`},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		if code := RunAnyDice([]string{"--format", "table", "-"}, strings.NewReader(tt.prog), &out, &errb); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		got, want := strings.Split(out.String(), "\n"), strings.Split(tt.want, "\n")
		if len(got) != len(want) {
			t.Fatalf("%d lines, want %d:\n%s", len(got), len(want), out.String())
		}
		for i := range want {
			if !sameExportLine(got[i], want[i]) {
				t.Errorf("line %d: %q, AnyDice %q", i+1, got[i], want[i])
			}
		}
	}
	var out, errb bytes.Buffer
	if code := RunAnyDice([]string{"--format=table", "-"}, strings.NewReader("output 1 named \"[X]\""), &out, &errb); code != 2 || !strings.Contains(errb.String(), "<stdin>:1:1:") {
		t.Errorf("an undefined [X]: exit %d, %q", code, errb.String())
	}
	if code := RunAnyDice([]string{"--format", "csv", "-"}, strings.NewReader("output 1"), &out, &errb); code != 2 || !strings.Contains(errb.String(), "--format json|table") {
		t.Errorf("--format csv: exit %d", code)
	}
}

// sameExportLine: the same comma-separated fields, text equal and numbers
// within 1e-9 of their size.
func sameExportLine(got, want string) bool {
	g, w := strings.Split(got, ","), strings.Split(want, ",")
	if len(g) != len(w) {
		return false
	}
	for i := range w {
		x, errx := strconv.ParseFloat(g[i], 64)
		y, erry := strconv.ParseFloat(w[i], 64)
		if errx != nil || erry != nil {
			if g[i] != w[i] {
				return false
			}
			continue
		}
		if math.Abs(x-y) > 1e-9*math.Abs(y) {
			return false
		}
	}
	return true
}
