package mkdocs

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Slug is the id Python-Markdown's toc extension gives a heading of this
// text with its default slugify (markdown/extensions/toc.py, 3.4; "slugify:
// Callable to generate anchors", https://python-markdown.github.io/extensions/toc/#usage):
//
//	value = unicodedata.normalize('NFKD', value)
//	value = value.encode('ascii', 'ignore').decode('ascii')
//	value = re.sub(r'[^\w\s-]', '', value).strip().lower()
//	return re.sub(r'[{}\s]+'.format(separator), separator, value)
//
// with separator "-": "Dekrat's Special" is "dekrats-special", "Über
// alles" "uber-alles", "A  -  B" "a-b".
func Slug(text string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(text) {
		if r >= 0x80 {
			continue // encode('ascii', 'ignore')
		}
		if r == '_' || r == '-' || isSpace(r) || unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	s := strings.ToLower(strings.TrimFunc(b.String(), isSpace))
	var out strings.Builder
	run := false
	for _, r := range s {
		if r == '-' || isSpace(r) {
			run = true
			continue
		}
		if run {
			out.WriteByte('-')
			run = false
		}
		out.WriteRune(r)
	}
	if run {
		out.WriteByte('-')
	}
	return out.String()
}

// isSpace is Python's \s (and str.strip's whitespace) for ASCII.
func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v' || r == 0x1c || r == 0x1d || r == 0x1e || r == 0x1f
}
