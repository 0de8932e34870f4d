package anydice

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// adResult is one run of AnyDice itself (testdata/anydice/README.md): a
// program and what anydice.com gave for it, as its calculator sends it
// to the page (percentages rounded to 12 significant digits).
type adResult struct {
	ID      string `json:"id"`
	Source  string `json:"source"`
	Program string `json:"program"`
	AnyDice struct {
		Labels   []string        `json:"labels"`
		Data     [][][2]float64  `json:"data"`
		Warnings []string        `json:"warnings"`
		Error    string          `json:"error"`
		Timeout  bool            `json:"timeout"`
		Extra    json.RawMessage `json:"-"`
	} `json:"anydice"`
}

// loadResults reads testdata/anydice/results.jsonl.gz.
func loadResults(t *testing.T) []adResult {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "anydice", "results.jsonl.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(z)
	sc.Buffer(nil, 1<<22)
	var out []adResult
	for sc.Scan() {
		var r adResult
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("results line %d: %v", len(out)+1, err)
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// differs says how the interpreter's run of r differs from AnyDice's
// ("" when it does not): the same outputs with the same names, the same
// values, each probability within 1e-9 of AnyDice's relative to it (AnyDice
// rounds to 12 digits; the two sum in different orders), and the same
// warning. A program AnyDice gave up on (its 5 s limit) may run or not.
func (r adResult) differs() string {
	p, err := Parse(r.Program)
	var res *Result
	if err == nil {
		res, err = p.RunLimits(nil, Limits{})
	}
	want := r.AnyDice
	switch {
	case want.Timeout:
		return ""
	case want.Error != "":
		if err == nil {
			return "AnyDice refuses it (" + want.Error + "), this interpreter runs it"
		}
		return ""
	case err != nil:
		return "AnyDice runs it, this interpreter refuses it: " + err.Error()
	case len(res.Outputs) != len(want.Labels):
		return strconv.Itoa(len(res.Outputs)) + " outputs, AnyDice " + strconv.Itoa(len(want.Labels))
	case slices.Contains(want.Warnings, DepthWarning) != slices.Contains(res.Warnings, DepthWarning):
		return "warnings " + strconv.Quote(slicesJoin(res.Warnings)) + ", AnyDice " + strconv.Quote(slicesJoin(want.Warnings))
	}
	for i, o := range res.Outputs {
		at := "output " + strconv.Itoa(i+1) + " (" + strconv.Quote(want.Labels[i]) + "): "
		if o.Name != want.Labels[i] {
			return at + "named " + strconv.Quote(o.Name)
		}
		n := 0
		for _, vp := range want.Data[i] {
			v, pw := int(vp[0]), vp[1]/100
			if pw == 0 {
				continue // AnyDice lists a value it gives no chance (accident)
			}
			n++
			if g := o.Dist.P(v); math.Abs(g-pw) > 1e-9*pw+1e-15 {
				return at + "P(" + strconv.Itoa(v) + ") = " + strconv.FormatFloat(g, 'g', 12, 64) + ", AnyDice " + strconv.FormatFloat(pw, 'g', 12, 64)
			}
		}
		if m := len(o.Dist.Values()); m != n {
			return at + strconv.Itoa(m) + " values, AnyDice " + strconv.Itoa(n)
		}
	}
	return ""
}

func slicesJoin(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += "; "
		}
		out += x
	}
	return out
}

// knownDifferences are the programs of testdata/anydice whose AnyDice
// results this interpreter does not give, each with why (see the package
// comment). TestAnyDiceResults fails when one of them comes to agree, so
// the list stays true.
var knownDifferences = map[string]string{
	// AnyDice's "phantom mass": outputs that do not add up to 100%.
	"183b0": "AnyDice's results add up to 100.7%",
	"1065f": "AnyDice keeps the weight of a call past the maximum function depth (its output adds up to 98.2%)",
	"pd46":  "AnyDice keeps the weight of the null die's outcomes (its output adds up to 33%)",
	"pd47":  "AnyDice keeps the weight of the null die's outcomes (its output adds up to 33%)",
	// An expanded :s parameter that the body overwrites keeps the new value
	// for the outcomes after, in a way no rule found so far describes.
	"-17": "a :s parameter overwritten by the body",
	// Limits of this interpreter.
	"-1":   "{1, 2, 3} ^ 2d6 reaches 2,176,782,336, past MaxValue",
	"-8":   "0 ^ d{-2..2}: AnyDice answers 0 to a negative power with an overflowed -2^63",
	"pd26": "9999999999999999999 is past MaxValue (AnyDice reads it as a float)",
	"-10":  "[highest N of A and B and C], a 2025 library function not implemented",
}

// TestAnyDiceResults runs every program of testdata/anydice and compares
// with AnyDice's own results.
func TestAnyDiceResults(t *testing.T) {
	results := loadResults(t)
	if len(results) < 700 {
		t.Fatalf("only %d AnyDice results", len(results))
	}
	seen := map[string]bool{}
	for _, r := range results {
		seen[r.ID] = true
		msg := r.differs()
		why, known := knownDifferences[r.ID]
		switch {
		case msg != "" && !known:
			t.Errorf("%s (%s): %s", r.ID, r.Source, msg)
		case msg == "" && known:
			t.Errorf("%s now agrees with AnyDice: remove it from knownDifferences (%s)", r.ID, why)
		}
	}
	for id := range knownDifferences {
		if !seen[id] {
			t.Errorf("knownDifferences lists %s, which testdata/anydice does not hold", id)
		}
	}
}

// TestAnyDicePoints: on each point where this interpreter used to differ
// from AnyDice (issue 36), the AnyDice runs that show AnyDice's behaviour
// agree. Each id is a program of testdata/anydice (its README says where
// it comes from); the test fails when an id is missing.
func TestAnyDicePoints(t *testing.T) {
	byID := map[string]adResult{}
	for _, r := range loadResults(t) {
		byID[r.ID] = r
	}
	points := []struct {
		point string
		ids   []string
	}{
		{"recursion past the maximum function depth, default and set", []string{"42908", "42b05", "-2", "-3", "-4", "-5", "pd9", "pd31", "pd33", "pd41", "237d7", "237d8", "a739"}},
		{"exploding written as a recursive function", []string{"4292e", "4292f", "42930", "42931", "42932", "42933", "4290d", "42074", "3a2ee", "pd8", "8f8b", "319b"}},
		{"[explode] and the explode depth", []string{"42b05", "42aff", "3a2ee"}},
		{"the World of Darkness explosion", []string{"42940", "49cd"}},
		{"dice of dice", []string{"-14", "42ab1", "pd11", "pd12", "pd13", "pd14", "pd15", "pd17", "pd24", "1a758", "1a759", "42989", "4298c", "4286c", "4286d"}},
		{"@ with negative or out-of-range positions", []string{"4295e", "42965", "-14", "4296d", "4296e", "4294f"}},
		{"a die in an output's name", []string{"42903", "42aae", "42ab1", "pd10", "pd11", "pd15", "pd17", "pd45", "pd60", "pd61", "pd65", "d0", "a066", "a068"}},
		{"function names without words, with keywords or d", []string{"428f9", "428fa", "42aa8", "42aaa", "42aab", "-7", "pd25", "42a9f"}},
		{"variables inside functions", []string{"42aa8", "42aaa", "42aab", "-7", "-13", "-15", "-16", "7f1", "5fec", "4123a", "42b16", "42b20", "42b21", "42b23", "pd33", "-11", "26018"}},
		{"highest, lowest and middle N of, N zero or past the pool", []string{"42ac6", "42b1c"}},
		{"the empty die in arithmetic", []string{"4299c", "4299d", "4299e", "4299f", "429ac", "429ad", "429ae", "429af", "429cb", "429cd", "42aa4", "42a2f", "42a34", "42a65", "42a66", "42a68", "42a69", "42a6a", "42a6c", "42a6d", "42a6e", "42a6f", "42a77", "42a78", "42af3", "pd43", "pd53", "pd55", "pd56", "pd58", "pd65", "pd68"}},
		{"negative powers", []string{"-9"}},
		{"errors AnyDice gives", []string{"42aac", "42aaf", "2f5ce", "42aff"}},
		{"more than 200 outputs", []string{"6268"}},
	}
	for _, pt := range points {
		for _, id := range pt.ids {
			r, ok := byID[id]
			if !ok {
				t.Errorf("%s: no AnyDice result %s", pt.point, id)
				continue
			}
			if msg := r.differs(); msg != "" {
				t.Errorf("%s: %s: %s", pt.point, id, msg)
			}
		}
	}
}
