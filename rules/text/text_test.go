package text

import (
	"strconv"
	"testing"
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
