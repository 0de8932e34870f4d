package hugo

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gobuffalo/flect"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Hugo's URLs for content files: "the path to the content file
// determines its URL" (https://gohugo.io/content-management/urls/),
// each file and folder name sanitised (helpers.PathSpec.UnicodeSanitize in
// Hugo 0.111, whose results the tests check against Hugo's build): letters,
// digits and marks of any script are kept, and . / \ _ # + ~ @ -, and a %
// that starts a %XX escape; a run of spaces is one hyphen, at the end of
// a name too (none after a hyphen); anything else is dropped ("酸梅汤（半成品加工）" is
// "酸梅汤半成品加工"). Then the name is lower case, unless
// disablePathToLower: true; removePathAccents: true first takes the
// accents off ("Café" is "cafe"), https://gohugo.io/configuration/all/.

// Segment returns Hugo's URL segment for a file or folder name (without
// its extension) under the settings removeAccents (removePathAccents) and
// keepCase (disablePathToLower).
func Segment(removeAccents, keepCase bool) func(name string) string {
	return func(name string) string {
		if removeAccents {
			// text.RemoveAccentsString: decomposed, marks removed, composed.
			t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
			if s, _, err := transform.String(t, name); err == nil {
				name = s
			}
		}
		src := []rune(name)
		var b strings.Builder
		b.Grow(len(name))
		prependHyphen, wasHyphen := false, false
		for i, r := range src {
			allowed := strings.ContainsRune(`./\_#+~-@`, r) || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) ||
				r == '%' && i+2 < len(src) && isHex(src[i+1]) && isHex(src[i+2])
			switch {
			case allowed:
				wasHyphen = r == '-'
				if prependHyphen {
					if !wasHyphen {
						b.WriteByte('-')
					}
					prependHyphen = false
				}
				b.WriteRune(r)
			case !wasHyphen && unicode.IsSpace(r):
				prependHyphen = true
			}
		}
		if prependHyphen {
			// Spaces end the name: Hugo sanitises the whole path, where
			// the extension or "/" follows them ("Granny W .md" is
			// granny-w-, measured with Hugo 0.111).
			b.WriteByte('-')
		}
		if keepCase {
			return b.String()
		}
		return strings.ToLower(b.String())
	}
}

func isHex(r rune) bool {
	return '0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F'
}

// SectionTitle is Hugo 0.111's title of a section page that has no
// _index.md (one whose _index.md gives no title Hugo leaves untitled,
// sitegen does not: see the package doc): the folder's name as
// written, its first letter upper case, pluralised by the library Hugo
// uses (github.com/gobuffalo/flect, the version Hugo 0.111 is built with)
// unless plural is false (pluralizeListTitles = false). Measured with Hugo
// 0.111 on 102 names: "drink" is "Drinks", "magic-item" "Magic-items",
// "person" "People", "news" "News"; no other title case applies.
func SectionTitle(name string, plural bool) string {
	r, n := utf8.DecodeRuneInString(name)
	if n == 0 {
		return name
	}
	name = string(unicode.ToUpper(r)) + name[n:]
	if plural {
		name = flect.Pluralize(name)
	}
	return name
}
