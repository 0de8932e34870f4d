package text

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestQuote: printable text quotes as strconv.Quote does; control bytes
// and bytes that are not UTF-8 are escaped.
func TestQuote(t *testing.T) {
	for _, s := range []string{"", "4D+1", `say "hi"`, `back\slash`, "tab\there", "new\nline", "cr\r", "\x00\x1f\x7f", "épée", "bad \xff byte", "日本"} {
		if got, want := Quote(s), strconv.Quote(s); got != want {
			t.Errorf("Quote(%q) = %s, want %s", s, got, want)
		}
	}
	// Unlike strconv.Quote, invisible Unicode stays as it is.
	if got := Quote("a\u200bb"); got != "\"a\u200bb\"" {
		t.Errorf("zero-width space: %s", got)
	}
}

// TestAtoi: Atoi agrees with strconv.Atoi on what it accepts and reads.
func TestAtoi(t *testing.T) {
	for _, s := range []string{"0", "7", "-3", "+4", "007", "", "-", "+", " 1", "1 ", "1e3", "0x10", "3.0", "9223372036854775807", "-9223372036854775807", "9223372036854775808", "99999999999999999999", "١"} {
		n, ok := Atoi(s)
		want, err := strconv.Atoi(s)
		if ok != (err == nil) || (ok && n != want) {
			t.Errorf("Atoi(%q) = %d, %v; strconv says %d, %v", s, n, ok, want, err)
		}
	}
}

// TestASCIICase: only ASCII letters change case; other bytes stay.
func TestASCIICase(t *testing.T) {
	for _, tc := range []struct{ in, lower, upper string }{
		{"Wild Die", "wild die", "Wild Die"},
		{"attack", "attack", "Attack"},
		{"ÉPÉE 2D", "ÉpÉe 2d", "ÉPÉE 2D"},
		{"", "", ""},
	} {
		if got := LowerASCII(tc.in); got != tc.lower {
			t.Errorf("LowerASCII(%q) = %q", tc.in, got)
		}
		if got := UpperFirst(tc.in); got != tc.upper {
			t.Errorf("UpperFirst(%q) = %q", tc.in, got)
		}
	}
}

// TestSort checks the heap sort against slices.Sort on numbers of every
// small length, with repeats and negative numbers, on a long sequence, and
// on strings.
func TestSort(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 10))
	for _, n := range []int{0, 1, 2, 3, 4, 5, 7, 8, 16, 33, 100, 5000} {
		for range 20 {
			xs := make([]int, n)
			for i := range xs {
				xs[i] = r.IntN(2*n+3) - n
			}
			want := slices.Clone(xs)
			slices.Sort(want)
			Sort(xs)
			if !slices.Equal(xs, want) {
				t.Fatalf("Sort of %d numbers: got %v, want %v", n, xs, want)
			}
		}
	}
	words := []string{"seed", "dice", "f2", "", "f10", "program", "dice", "F1"}
	want := slices.Clone(words)
	slices.Sort(want)
	if Sort(words); !slices.Equal(words, want) {
		t.Errorf("Sort of strings: got %q, want %q", words, want)
	}
}

func TestSnake(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Advantage (2d20)", "advantage_2d20"},
		{"Sum of 3d6", "sum_of_3d6"},
		{"  leading and trailing  ", "leading_and_trailing"},
		{"Été", "t"},
		{"--", ""},
		{"a__b", "a_b"},
		{"épée 2 🎲", "p_e_2"},
		{"Ab\xffCd", "ab_cd"},
	} {
		if got := Snake(tc.in); got != tc.want {
			t.Errorf("Snake(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestIsSpace checks IsSpace against unicode.IsSpace on every rune, and
// TrimSpace and Fields against the standard library's versions.
func TestIsSpace(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune+1; r++ {
		if got, want := IsSpace(r), unicode.IsSpace(r); got != want {
			t.Fatalf("IsSpace(%U) = %v, unicode.IsSpace says %v", r, got, want)
		}
	}
	for _, s := range []string{"", " ", "a", "  a b  ", "\u00a0x\u3000", "\u2000\u200a\u200b y\u2029", "\xff \xfe", "é\tü\n"} {
		if got, want := TrimSpace(s), strings.TrimSpace(s); got != want {
			t.Errorf("TrimSpace(%q) = %q, want %q", s, got, want)
		}
		if got, want := Fields(s), strings.Fields(s); !slices.Equal(got, want) {
			t.Errorf("Fields(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestHuman: underscores become spaces and the first letter is raised, as
// text.UpperFirst(strings.ReplaceAll(s, "_", " ")) would.
func TestHuman(t *testing.T) {
	for _, s := range []string{"", "_", "tie_first", "point_blank", "Already_Up", "a__b_", "é_x", "x"} {
		if got, want := Human(s), UpperFirst(strings.ReplaceAll(s, "_", " ")); got != want {
			t.Errorf("Human(%q) = %q, want %q", s, got, want)
		}
	}
	if got := Human("tie_first"); got != "Tie first" {
		t.Errorf("Human(tie_first) = %q", got)
	}
}
