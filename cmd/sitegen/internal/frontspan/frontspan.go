// Package frontspan finds a page's front matter: the lines between an
// opening delimiter line at the start of the file and the closing one.
// It is the one rule every reader of front matter in sitegen uses (the
// site's loader, the Jekyll, VitePress and Zola layouts, the dice
// notes of package markup), each tool's documented differences given
// as Options:
//
//   - YAML front matter is opened by a line "---" and closed by the next
//     line "---"; spaces and tabs may end either line (Jekyll's
//     YAML_FRONT_MATTER_REGEXP, "---\s*\n … ^(---|\.\.\.)\s*$", and
//     Hugo's and MkDocs' readers take "--- " too); a line may end in
//     "\r\n"; a UTF-8 byte order mark before the first line is skipped.
//   - Dots: a line "..." closes YAML front matter too (Jekyll's regexp,
//     https://github.com/jekyll/jekyll/blob/master/lib/jekyll/document.rb;
//     YAML's document end marker).
//   - TOML: "+++" lines delimit TOML front matter (Hugo, Zola:
//     https://gohugo.io/content-management/front-matter/,
//     https://www.getzola.org/documentation/content/page/#front-matter).
//   - Runs: a longer run of the delimiter opens front matter that the
//     same run closes (the Markdown parser's extension,
//     go.abhg.dev/goldmark/frontmatter, reads "----" so).
//   - Leading: blank lines and spaces before the opening line are
//     skipped (Zola's "^[[:space:]]*\+\+\+").
package frontspan

import "bytes"

// Options are a tool's differences from the common rule (see the
// package doc).
type Options struct {
	Dots, TOML, Runs, Leading bool
}

// Span is where a file's front matter is. Without front matter OK is
// false and the rest zero. Open is the offset of the opening line (after
// a byte order mark or, with Options.Leading, blank lines), Start and
// End delimit the text between the delimiter lines, and Next is the
// offset just past the closing line (its newline included), the start of
// the page's text. Without a closing line Closed is false and End and
// Next are len(src). Delim is the opening line's delimiter run ("---",
// "+++", "----").
type Span struct {
	Open, Start, End, Next int
	Delim                  string
	OK, Closed             bool
}

// bom is UTF-8's byte order mark.
var bom = []byte("\ufeff")

// Find finds the front matter at the start of src by the rule of o.
func Find(src []byte, o Options) Span {
	open := 0
	if bytes.HasPrefix(src, bom) {
		open = len(bom)
	}
	if o.Leading {
		for open < len(src) && (src[open] == ' ' || src[open] == '\t' || src[open] == '\r' || src[open] == '\n') {
			open++
		}
	}
	line, next := lineAt(src, open)
	delim := delimiter(line, o)
	if delim == "" {
		return Span{}
	}
	sp := Span{Open: open, Start: next, End: len(src), Next: len(src), Delim: delim, OK: true}
	for off := next; off < len(src); {
		line, after := lineAt(src, off)
		if t := string(bytes.TrimRight(line, " \t")); t == delim || o.Dots && delim == "---" && t == "..." {
			sp.End, sp.Next, sp.Closed = off, after, true
			return sp
		}
		off = after
	}
	return sp
}

// lineAt is the line at offset off of src, without its "\n" or "\r\n",
// and the offset of the line after it.
func lineAt(src []byte, off int) (line []byte, next int) {
	end := bytes.IndexByte(src[off:], '\n')
	if end < 0 {
		return bytes.TrimSuffix(src[off:], []byte("\r")), len(src)
	}
	return bytes.TrimSuffix(src[off:off+end], []byte("\r")), off + end + 1
}

// delimiter is the delimiter run the line opens front matter with, ""
// when it opens none.
func delimiter(line []byte, o Options) string {
	run := bytes.TrimRight(line, " \t")
	if len(run) < 3 || run[0] != '-' && (run[0] != '+' || !o.TOML) {
		return ""
	}
	if len(bytes.Trim(run, string(run[0]))) != 0 || len(run) > 3 && !o.Runs {
		return ""
	}
	return string(run)
}
