package mdx

import "testing"

// TestJSString: an expression attribute is read when it is a string
// (JavaScript's string and template literals, with their escapes, and
// the name of a string constant the page exports); a template literal's
// unknown substitution is kept as written; anything else is not read.
func TestJSString(t *testing.T) {
	consts := map[string]string{"hash": "abc", "file": "x.js"}
	tests := []struct {
		expr, want, unread string
		ok                 bool
	}{
		{expr: `"a b"`, want: "a b", ok: true},
		{expr: ` 'it\'s' `, want: "it's", ok: true},
		{expr: `'\t\u00e9\u{1F600}\x41\\'`, want: "\té😀A\\", ok: true},
		// a surrogate pair is one code point; a CR LF line continuation is
		// nothing (ECMA-262 LineContinuation); \101 is Annex B's octal A.
		{expr: "'\\uD83D\\uDE00\\\r\n\\101'", want: "😀A", ok: true},
		{expr: "`line1\nline2`", want: "line1\nline2", ok: true},
		{expr: "`sum ${hash} ${ hash }`", want: "sum abc abc", ok: true},
		{expr: "`echo ${HASH} ${a + b}`", want: "echo ${HASH} ${a + b}", unread: "${HASH} ${a + b}", ok: true},
		{expr: "`a {b} }c`", want: "a {b} }c", ok: true},
		{expr: "file", want: "x.js", ok: true},
		{expr: "missing"},
		{expr: "read('x')"},
		{expr: `"a" + "b"`},
		{expr: "`unterminated"},
		{expr: ""},
	}
	for _, tt := range tests {
		got, unread, ok := jsString(tt.expr, consts)
		if got != tt.want || unread != tt.unread || ok != tt.ok {
			t.Errorf("jsString(%q) = %q, %q, %v; want %q, %q, %v", tt.expr, got, unread, ok, tt.want, tt.unread, tt.ok)
		}
	}
}
