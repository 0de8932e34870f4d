package vitepress

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Slug is the id VitePress gives a heading of this text: the slugify of
// VitePress 1.x (src/node/markdown/plugins/…, as @mdit-vue/shared's),
// which markdown-it-anchor calls:
//
//	str.normalize('NFKD')
//	  .replace(/[\u0300-\u036F]/g, '')          // combining marks
//	  .replace(/[\u0000-\u001f]/g, '')          // control characters
//	  .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
//	  .replace(/-{2,}/g, '-')
//	  .replace(/^-+|-+$/g, '')
//	  .replace(/^(\d)/, '_$1')
//	  .toLowerCase()
//
// Letters of any script are kept: "２－１、決断" is "_2-1、決断".
func Slug(text string) string {
	var b strings.Builder
	dash := false // a run of special characters, written as one '-'
	for _, r := range norm.NFKD.String(text) {
		switch {
		case r >= 0x300 && r <= 0x36F, r <= 0x1F:
			continue
		case jsSpace(r) || strings.ContainsRune("~`!@#$%^&*()-_+=[]{}|\\;:\"'“”‘’<>,.?/", r):
			dash = true
			continue
		}
		if dash && b.Len() > 0 {
			b.WriteByte('-')
		}
		dash = false
		b.WriteRune(r)
	}
	s := b.String()
	if r, _ := utf8.DecodeRuneInString(s); r >= '0' && r <= '9' {
		s = "_" + s
	}
	return strings.ToLower(s)
}

// jsSpace reports whether JavaScript's \s matches r: the ECMAScript
// WhiteSpace and LineTerminator code points (tab, vertical tab, form feed,
// space, U+00A0, U+FEFF, the Zs category, line feed, carriage return,
// U+2028, U+2029).
func jsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0xFEFF, 0x2028, 0x2029:
		return true
	}
	return unicode.Is(unicode.Zs, r)
}
