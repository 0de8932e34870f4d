package dicecmd

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Run([]string{"2d6"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var o Output
	if err := json.Unmarshal(out.Bytes(), &o); err != nil {
		t.Fatal(err)
	}
	if o.Expr != "2d6" || o.Min != 2 || o.Max != 12 || len(o.Distribution) != 11 || o.Truncated != 0 {
		t.Errorf("2d6: %+v", o)
	}
	for i, vp := range o.Distribution {
		v := 2 + i
		want := float64(6-abs(v-7)) / 36
		if vp[0] != float64(v) || math.Abs(vp[1]-want) > 1e-15 {
			t.Errorf("P(%d) = %v, want %v", v, vp, want)
		}
	}
	if math.Abs(o.Mean-7) > 1e-12 || math.Abs(o.SD-math.Sqrt(35.0/6)) > 1e-12 {
		t.Errorf("mean %v sd %v", o.Mean, o.SD)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestSeveral(t *testing.T) {
	for _, args := range [][]string{{"Advantage: 2d20kh1; d20"}, {"Advantage: 2d20kh1", "d20"}} {
		var out, errb bytes.Buffer
		if code := Run(args, nil, &out, &errb); code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, errb.String())
		}
		var os []Output
		if err := json.Unmarshal(out.Bytes(), &os); err != nil {
			t.Fatalf("%q: %v: %s", args, err, out.String())
		}
		if len(os) != 2 || os[0].Label != "Advantage" || os[0].Expr != "2d20kh1" || os[1].Expr != "1d20" {
			t.Errorf("%q: %+v", args, os)
		}
	}
}

func TestBad(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Run([]string{"4d6kh"}, nil, &out, &errb); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	if out.Len() != 0 || !strings.Contains(errb.String(), "column 6: a number after kh") {
		t.Errorf("stdout %q, stderr %q", out.String(), errb.String())
	}
	if code := Run(nil, nil, &out, &errb); code != 2 {
		t.Errorf("no expression: exit %d, want 2", code)
	}
}

// TestStdin is issue 22: `sitegen dice -` reads expressions from stdin,
// one a line, and never more than MaxInput bytes of them.
func TestStdin(t *testing.T) {
	tests := []struct {
		name, stdin string
		code        int
		want        string // in stdout (exit 0) or stderr
	}{
		{"two lines", "Advantage: 2d20kh1\n\nd20\n", 0, `"label":"Advantage"`},
		{"one line", "3d6\n", 0, `"expr":"3d6"`},
		{"empty", "\n \n", 2, "no expression"},
		{"bad", "3d6\n4d6kh\n", 2, "col"},
		{"too long", "3d6\n" + strings.Repeat(" ", MaxInput), 2, "longer than 1 MB"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := Run([]string{"-"}, strings.NewReader(tc.stdin), &out, &errb)
			got := out.String()
			if tc.code != 0 {
				got = errb.String()
			}
			if code != tc.code || !strings.Contains(got, tc.want) {
				t.Errorf("exit %d, stdout %.200q, stderr %.200q; want exit %d and %q", code, out.String(), errb.String(), tc.code, tc.want)
			}
		})
	}
	// Arguments are held to the same limit.
	var out, errb bytes.Buffer
	if code := Run([]string{"3d6", strings.Repeat("1+", MaxInput/2) + "1"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "longer than 1 MB") {
		t.Errorf("1 MB of arguments: exit %d, %.200q", code, errb.String())
	}
}

// TestExtremesListed is issue 22: min and max are those of the listed
// distribution. 1000dF can roll -1000 only at 3^-1000, below the smallest
// float64, so it is not listed, and min said -1000 while the list began
// at -889.
func TestExtremesListed(t *testing.T) {
	for _, e := range []string{"1000dF", "1000d6", "400d6-400d6", "3d6"} {
		var out, errb bytes.Buffer
		if code := Run([]string{e}, nil, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", e, code, errb.String())
		}
		var o Output
		if err := json.Unmarshal(out.Bytes(), &o); err != nil {
			t.Fatal(err)
		}
		d := o.Distribution
		if float64(o.Min) != d[0][0] || float64(o.Max) != d[len(d)-1][0] {
			t.Errorf("%s: min %d max %d, listed %v..%v", e, o.Min, o.Max, d[0][0], d[len(d)-1][0])
		}
	}
}
