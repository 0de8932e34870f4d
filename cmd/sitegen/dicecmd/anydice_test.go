package dicecmd

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
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
