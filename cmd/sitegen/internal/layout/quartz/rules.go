package quartz

import (
	"cmp"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Rules are Quartz's rules for its pages (layout.PageRules), with the
// words of the site's locale (the zero Words: en-US's).
type Rules struct {
	Words Words
	// FilesFirst and Text are the Explorer's sortFn as quartz.layout.ts
	// writes it (ReadExplorer): files above folders, and names compared
	// by localeCompare without numeric: true.
	FilesFirst, Text bool
}

// words are r's words, en-US's when none are set.
func (r Rules) words() Words {
	if r.Words.Folder == "" {
		return locales["en-US"]
	}
	return r.Words
}

// Segment is Quartz's slug of one path segment (quartz/util/path.ts,
// sluggify): whitespace becomes "-", "&" "-and-", "%" "-percent", "?"
// and "#" are dropped; case is kept. "_index" is "index".
func (Rules) Segment(name string) string {
	s := sluggify(name)
	if s == "_index" {
		return "index"
	}
	return s
}

// SlugTag is Quartz's slugTag (quartz/util/path.ts), which its
// FrontMatter plugin applies to each tag of the front matter
// ("data.tags = [...new Set(tags.map((tag: string) => slugTag(tag)))]",
// quartz/plugins/transformers/frontmatter.ts): each "/"-separated part
// made a slug as a path segment is ("plane shift" is plane-shift); a
// last "/" is dropped (the tag page is the same).
func SlugTag(tag string) string {
	parts := strings.Split(tag, "/")
	for i, p := range parts {
		parts[i] = sluggify(p)
	}
	return strings.TrimSuffix(strings.Join(parts, "/"), "/")
}

func sluggify(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			b.WriteByte('-')
		case r == '&':
			b.WriteString("-and-")
		case r == '%':
			b.WriteString("-percent")
		case r == '?' || r == '#':
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Index reports whether a page file of this name is its folder's page:
// index.md (and _index.md, which Quartz reads as index).
func (Rules) Index(name string) bool { return name == "index.md" || name == "_index.md" }

// Title is a page's title without one in its front matter: "If it isn't
// provided, Quartz will use the name of the file as the title"
// (frontmatter.ts: "data.title = file.stem ??
// i18n(cfg.configuration.locale).propertyDefaults.title"), so an
// index.md is titled "index", the root's too (its <title> and the
// heading ArticleTitle writes above it; the Explorer still names a folder
// by its own name: FolderTitle).
func (r Rules) Title(rel string) (string, bool) {
	name := path.Base(rel)
	if r.Index(name) {
		return "index", true
	}
	return strings.TrimSuffix(strings.TrimSuffix(name, ".md"), CanvasExt), true
}

// FolderTitle is the Explorer's name of a folder without an index.md, or
// whose index.md has no title: "the local folder name".
func (Rules) FolderTitle(dir string) string { return path.Base(dir) }

// FolderPageTitle is the title Quartz's FolderPage emitter gives the page
// of a folder without an index.md: "`${i18n(locale).pages.folderContent.
// folder}: ${folder}`", the folder's slug from content/ ("Folder:
// Magic/Schools", quartz/plugins/emitters/folderPage.tsx; "Ordner:
// Magie/Schulen" in de-DE).
func (r Rules) FolderPageTitle(dir string) string {
	parts := strings.Split(dir, "/")
	for i, p := range parts {
		parts[i] = r.Segment(p)
	}
	return r.words().Folder + ": " + strings.Join(parts, "/")
}

// Compare is the Explorer's default order: "folders first, then files.
// Sort folders and files alphabetically" by display name with
// localeCompare(…, { numeric: true, sensitivity: "base" }).
func (r Rules) Compare(a string, aFolder bool, b string, bFolder bool) int {
	if aFolder != bFolder {
		if aFolder != r.FilesFirst {
			return -1
		}
		return 1
	}
	if r.Text {
		return CollateText(a, b)
	}
	return Collate(a, b)
}

// Collate compares two names as JavaScript's localeCompare does with
// numeric: true and sensitivity: "base" under ICU's root collation:
// case and accents are ignored, a run of digits compares by its value,
// and whitespace < punctuation and symbols (in ICU's order) < digits <
// Latin letters < other letters (by code point).
func Collate(a, b string) int { return collate(a, b, true) }

// CollateText compares two names as localeCompare does with its default
// options (PageList's "f1Title.localeCompare(f2Title)"), at base
// strength: as Collate, but digits one by one ("10" before "2").
func CollateText(a, b string) int { return collate(a, b, false) }

// collate is Collate, with digit runs compared by value when numeric.
func collate(a, b string, numeric bool) int {
	for a != "" && b != "" {
		ka, ra := key(a, numeric)
		kb, rb := key(b, numeric)
		if c := cmp.Compare(ka.class, kb.class); c != 0 {
			return c
		}
		if ka.class == classDigits {
			if c := cmp.Or(cmp.Compare(len(ka.text), len(kb.text)), strings.Compare(ka.text, kb.text)); c != 0 {
				return c
			}
		} else if c := strings.Compare(ka.text, kb.text); c != 0 {
			return c
		}
		a, b = ra, rb
	}
	return cmp.Compare(len(a), len(b))
}

// Classes of collation elements, in order.
const (
	classPunct  = 1   // + the rank of the character in punctOrder
	classDigits = 100 // a run of digits
	classLatin  = 200 // a Latin letter
	classOther  = 300 // any other character, by code point
)

// punctOrder is ICU's root order of ASCII whitespace, punctuation and
// symbols (what Node's localeCompare gives for them).
const punctOrder = " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$"

type element struct {
	class int
	text  string
}

// key reads the collation element at the start of s: its class and
// text, and the rest of s.
func key(s string, numeric bool) (element, string) {
	r, n := utf8.DecodeRuneInString(s)
	switch {
	case r >= '0' && r <= '9' && !numeric:
		return element{class: classDigits, text: s[:1]}, s[1:]
	case r >= '0' && r <= '9':
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		digits := strings.TrimLeft(s[:i], "0")
		return element{class: classDigits, text: digits}, s[i:]
	case unicode.IsSpace(r):
		return element{class: classPunct}, s[n:]
	case r < utf8.RuneSelf && strings.IndexByte(punctOrder, byte(r)) >= 0:
		return element{class: classPunct + strings.IndexByte(punctOrder, byte(r))}, s[n:]
	}
	l := unicode.ToLower(r)
	if base, ok := baseLetters[l]; ok {
		// A letter that is several at base strength (ß, æ) puts the rest
		// back in front of the string.
		return element{class: classLatin, text: base[:1]}, base[1:] + s[n:]
	}
	if l >= 'a' && l <= 'z' {
		return element{class: classLatin, text: string(l)}, s[n:]
	}
	return element{class: classOther, text: string(l)}, s[n:]
}
