package anydice

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"d6codex/rules/dice"
)

// outcomes builds a distribution from equally likely outcomes listed as in
// AnyDice's documentation ("1, 2, 3, 8, 10, 12").
func outcomes(t *testing.T, list string) dice.PMF {
	t.Helper()
	m := map[int]float64{}
	parts := strings.Split(list, ",")
	for _, s := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			t.Fatalf("bad outcome %q", s)
		}
		m[v] += 1 / float64(len(parts))
	}
	return dice.FromMap(m)
}

// TestDocumentationExamples runs the examples of AnyDice's documentation
// (anydice.com/docs, pages "The Basics", "Dice", "Sequences", "Arbitrary
// Dice", "Functions", "Introspection", "Looping", "Conditional Blocks" and
// the function library). Where a page names an output by its outcomes
// ("1, 2, 3, 8, 10, 12") those are the expected values; the others are
// derived by hand and say so.
func TestDocumentationExamples(t *testing.T) {
	cases := []struct {
		src  string
		want []string // one list of equally likely outcomes per output
	}{
		{"output 1 + 2\noutput 3 - 2\noutput 2 * 3\noutput 6 / 3\noutput 5 / 3\noutput 2 ^ 3", []string{"3", "1", "6", "2", "1", "8"}},
		{"output -7 / 2\noutput 2 = 2\noutput 1 = 2\noutput 1 != 2\noutput 2 < 2\noutput 3 > 2\noutput 2 >= 2\noutput 3 <= 2", []string{"-3", "1", "0", "1", "0", "1", "1", "0"}},
		{"YES: 5\nNO: 0\noutput YES & YES\noutput YES & NO\noutput NO | NO\noutput NO | YES\noutput !YES\noutput !NO", []string{"1", "0", "0", "1", "0", "1"}},
		{"X: 3 output X named \"It's a 3!\" output X + 1 named \"It's a 4!\"\nX: X * 2 output X named \"It's a 6!\"", []string{"3", "4", "6"}},
		{"output d6 \\ a comment \\ + 10", []string{"11, 12, 13, 14, 15, 16"}},
		{"output d6\noutput d6 * 10\noutput d6 / 2\noutput d6 > 3", []string{"1, 2, 3, 4, 5, 6", "10, 20, 30, 40, 50, 60", "0, 1, 1, 2, 2, 3", "0, 0, 0, 1, 1, 1"}},
		{"output d2 + d3\noutput d2 * d3\noutput d2 / d3\noutput d2 > d3", []string{"2, 3, 4, 3, 4, 5", "1, 2, 3, 2, 4, 6", "1, 0, 0, 2, 1, 0", "0, 0, 0, 1, 0, 0"}},
		{"output 2d2\noutput 2d2 + 10\noutput 2d2 > d3", []string{"2, 3, 3, 4", "12, 13, 13, 14", "1, 1, 1, 1, 0, 1, 1, 1, 0, 0, 0, 1"}},
		{"output {1, 2, 3}\noutput {1..3}\noutput {1:4, 2, 3}\noutput {1..3:2}\noutput {{1,2,4}:2, 5, 6}\noutput {d4}", []string{"1, 2, 3", "1, 2, 3", "1, 1, 1, 1, 2, 3", "1, 2, 3, 1, 2, 3", "1, 2, 4, 1, 2, 4, 5, 6", "1, 2, 3, 4"}},
		{"output d{1..6}\noutput d{-1..1}\noutput d{2, 3, 3, 4}\noutput 2d(2d2)", []string{"1, 2, 3, 4, 5, 6", "-1, 0, 1", "2, 3, 3, 4", "4, 5, 5, 6, 5, 6, 6, 7, 5, 6, 6, 7, 6, 7, 7, 8"}},
		// Sequences in arithmetic are summed; compared to a number, each
		// element is compared and the ones counted; compared to a
		// sequence, element by element.
		{"output {1,2,3} + 1\noutput {1,2,3} > 1\noutput {1,2} = {1,2}\noutput {1,2} < {1,3}\noutput 2 < {1,2,3,4}", []string{"7", "2", "1", "1", "2"}},
		{"output #{2,4,6}\noutput #(3d6)\noutput #d6\noutput #123\noutput 1@{2,4,6}\noutput 3@{2, 4, 6}\noutput {1,3}@{2,4,6}\noutput {1,2,2}@{2,4,6}\noutput 1@246\noutput {1..3}@246\noutput 4@{2,4,6}", []string{"3", "3", "1", "3", "2", "6", "8", "10", "2", "12", "0"}},
		{"set \"position order\" to \"lowest first\"\noutput 1@246\nset \"position order\" to \"highest first\"\noutput 1@246", []string{"6", "2"}},
		// 1@2d2: the higher of two d2 (by hand: 1 only when both show 1).
		{"output 1@2d2\nset \"position order\" to \"lowest first\"\noutput 1@2d2", []string{"1, 2, 2, 2", "1, 1, 1, 2"}},
		{"X: 1\nif X = 1 {\n output 1\n}\nelse {\n output 1d6\n}", []string{"1"}},
		{"loop N over {1..2}{\n output Nd2 named \"[N]d2\"\n}", []string{"1, 2", "2, 3, 3, 4"}},
		{"function: add A to B {\n result: A + B\n}\noutput [add 1 to 2] named \"3\"\noutput [add d4 to 1]", []string{"3", "2, 3, 4, 5"}},
		{"function: double A:n if above B:n {\n if A > B { result: A + A }\n result: A\n}\noutput [double d6 if above 3] named \"1, 2, 3, 8, 10, 12\"", []string{"1, 2, 3, 8, 10, 12"}},
		// -3 .. 3 per the docs; the weights by hand from 3d6's 216 rolls.
		{"output [count {1, 2} in {1..6}]\noutput [{1..6} contains 4]\noutput [absolute -3]\noutput [maximum of 3d6]\noutput 1 @ [sort {1, 2, 4, 6, 5, 3}]\noutput 1 @ [reverse {1..6}]\noutput [highest of 2 and 3]", []string{"2", "1", "3", "18", "6", "6", "3"}},
		{"output [highest of d2 and d2]\noutput [lowest of d2 and 2]\noutput [absolute d3 - 2]", []string{"1, 2, 2, 2", "1, 2", "1, 0, 1"}},
		{"output [count 2 in 2d2]\noutput [2d2 contains 2]\noutput [middle 1 of 3d2]", []string{"0, 1, 1, 2", "0, 1, 1, 1", "1, 1, 1, 2, 1, 2, 2, 2"}},
		{"set \"explode depth\" to 1\noutput [explode d2]", []string{"1, 1, 3, 4"}},
		{"output [explode d2]", []string{"1, 1, 1, 1, 3, 3, 5, 6"}},
		// A call past the depth is the empty die, which + counts as 0.
		{"function: depth { result: 1 + [depth] }\nset \"maximum function depth\" to 5\noutput [depth]", []string{"5"}},
		{"output d{}", []string{}},
	}
	for _, c := range cases {
		outs, err := Run(c.src)
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if len(outs) != max(len(c.want), 1) {
			t.Errorf("%q: %d outputs, want %d", c.src, len(outs), len(c.want))
			continue
		}
		for i, w := range c.want {
			want := outcomes(t, w)
			if !dice.Equal(outs[i].Dist, want, 1e-12) {
				t.Errorf("%q output %d (%s): got %v, want %v", c.src, i+1, outs[i].Name, outs[i].Dist.Pairs(), want.Pairs())
			}
		}
		if len(c.want) == 0 && !outs[0].Dist.Empty() {
			t.Errorf("%q: got %v, want the empty die", c.src, outs[0].Dist.Pairs())
		}
	}
}

// TestOutputNames: unnamed outputs are numbered; [VAR] is replaced by
// the value as AnyDice writes it (a sequence is {?}); other text in
// brackets stays (AnyDice's names for dice are in anydice_results_test.go).
func TestOutputNames(t *testing.T) {
	outs, err := Run("X: 4\noutput X named \"this is a [X]\"\noutput d4\nS: {1..3}\noutput S named \"[S] and [2 * X]\"")
	if err != nil {
		t.Fatal(err)
	}
	got := []string{outs[0].Name, outs[1].Name, outs[2].Name}
	want := []string{"this is a 4", "output 2", "{?} and [2 * X]"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("name %d = %q, want %q", i, got[i], want[i])
		}
	}
}

// TestErrors: bad programs give line:column and an editor's words.
// errorCase is a program that fails, with the line, column and part of the
// message its error must have.
type errorCase struct {
	src       string
	line, col int
	msg       string
}

// checkErrors runs each case's program and checks its error.
func checkErrors(t *testing.T, cases []errorCase) {
	t.Helper()
	for _, c := range cases {
		_, err := Run(c.src)
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("%q: error %v, want an *Error", c.src, err)
			continue
		}
		if e.Line != c.line || e.Col != c.col || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("%q: %d:%d %q, want %d:%d …%q…", c.src, e.Line, e.Col, e.Msg, c.line, c.col, c.msg)
		}
	}
}

func TestErrors(t *testing.T) {
	cases := []errorCase{
		{"output 3d6 +", 1, 13, "expected a number"},
		{"X: 1\noutput X +* 2", 2, 11, "expected a number"},
		{"output [frobnicate 3]", 1, 8, "no function is named [frobnicate …]"},
		{"output Y", 1, 8, "Y has no value"},
		{"output 2 ^ -1", 1, 10, "negative exponent"},
		{"X: d6\nif X = 1 { output 1 }", 2, 4, "must be a number, not a sequence or a die"},
		{"result: 3", 1, 1, "only be used inside a function"},
		{"function: f X { output X }\noutput [f 1]", 1, 17, "output may not be used inside a function"},
		{"set \"colour\" to \"blue\"", 1, 1, "unknown setting"},
		{"output 1 \\ never closed", 1, 10, "never closed"},
		{"output \"x", 1, 8, "never closed"},
		{"loop N over {1..3} { output N", 1, 30, "never closed"},
		{"output 2000d6", 1, 12, "more than 1000 dice"},
		{"output d200000", 1, 8, "more than 100000 sides"},
		{"output 10^10", 1, 10, "grew past"},
		{"output 1000d[explode d100]", 1, 12, "span more than"},
		{"function: f A:x { result: A }", 1, 15, ":n (number)"},
		{"\\ field X: \"X\" 5..1 = 3 \\ output X", 1, 3, "ends below its start"},
		{"output 3 $", 1, 10, "unexpected character"},
		{"output 1\n} 2", 2, 1, "expected a statement (VARIABLE: value, output, function:, if, loop, set, result:), found “}”"},
		{"frob 2", 1, 1, "found “frob”"},
		{"output 1 named 2", 1, 16, "after named, found “2”"},
		{"field: \\ A: 1..3 = 2 \\", 1, 1, "found “field”"},
		{"\\ field A: \"A\" 1..3 = 2 \\ \\ field B: \"B\" 1.3 = 2 \\", 1, 29, `unexpected character "." (a field is declared as`},
		{"\\\n  field A \"A\" 1..3 = 2 \\", 1, 2, "and a colon"},
		{"\\ field A: \"A\" 1..3 \\", 1, 3, "needs a default"},
	}
	checkErrors(t, cases)
}

// TestBudget: a program past the budget stops with a message, not a hang
// (an exponential recursion of 2^40 calls).
func TestBudget(t *testing.T) {
	src := "function: f N:n { if N = 0 { result: 0 } result: [f N - 1] + [f N - 1] }\nset \"maximum function depth\" to 50\noutput [f 40]"
	_, err := Run(src)
	if err == nil || !strings.Contains(err.Error(), "more steps than this run allows") {
		t.Fatalf("got %v", err)
	}
}

// TestFields: a field declared in a comment sets its variable, replaces the
// program's own assignment, and is bounded by its range.
func TestFields(t *testing.T) {
	src := "\\ field SKILL: \"Skill\" 1..10 = 3 \\\nSKILL: 7\noutput SKILLd6 named \"[SKILL]d6\""
	p, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	fs := p.Fields()
	if len(fs) != 1 || fs[0].Name != "SKILL" || fs[0].Label != "Skill" || fs[0].Min != 1 || fs[0].Max != 10 || fs[0].Def != 3 || fs[0].Line != 1 || fs[0].Col != 3 {
		t.Fatalf("fields %+v", fs)
	}
	outs, err := p.Run(nil)
	if err != nil || outs[0].Name != "3d6" || math.Abs(outs[0].Mean-10.5) > 1e-12 {
		t.Fatalf("default: %+v %v", outs, err)
	}
	outs, err = p.Run(map[string]int{"SKILL": 5})
	if err != nil || outs[0].Name != "5d6" || math.Abs(outs[0].Mean-17.5) > 1e-12 {
		t.Fatalf("5: %+v %v", outs, err)
	}
	if _, err = p.Run(map[string]int{"SKILL": 11}); err == nil || !strings.Contains(err.Error(), "Skill must be from 1 to 10") {
		t.Fatalf("11: %v", err)
	}
}

// TestNonASCII: columns count characters, not bytes, after non-ASCII text in
// comments, strings and names, and a byte that is not UTF-8 counts as one
// character, U+FFFD, as in a conversion to []rune.
func TestNonASCII(t *testing.T) {
	cases := []errorCase{
		{"\\ é — 🎲 \\ output 3 $", 1, 20, "unexpected character \"$\""},
		{"output 1 named \"épée 🎲\" output 3 +", 1, 35, "expected a number"},
		{"output é", 1, 8, "unexpected character \"é\""},
		{"output 1 🎲", 1, 10, "unexpected character \"🎲\""},
		{"\\ ü \\\n  output 1 + ×", 2, 14, "unexpected character \"×\""},
		{"\\ \xff\xfe \\ output 1 $", 1, 17, "unexpected character \"$\""},
		{"output 1 \xff", 1, 10, "unexpected character \"\uFFFD\""},
		{"output 1 named \"\xff\" output 2 +", 1, 30, "expected a number"},
		{"\\ field ÉX: \"X\" 1..3 = 2 \\", 1, 3, "unexpected character \"É\""},
		{"\\ é \\ \\ field X: \"Über\" 1..3 \\", 1, 9, "needs a default"},
	}
	checkErrors(t, cases)
	outs, err := Run("\\ field X: \"Épée\" 1..3 = 2 \\ output Xd6 named \"épée [X] 🎲\" output 1 named \"\xff\"")
	if err != nil || len(outs) != 2 || outs[0].Name != "épée 2 🎲" || outs[1].Name != "\uFFFD" {
		t.Fatalf("names: %+v %v", outs, err)
	}
	p, err := Parse("\\ field X: \"Épée\" 1..3 = 2 \\")
	if err != nil || p.Fields()[0].Label != "Épée" {
		t.Fatalf("label: %v", err)
	}
}
