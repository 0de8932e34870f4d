package zola

import (
	"bytes"
	"fmt"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// Zola's shortcodes (https://www.getzola.org/documentation/content/shortcodes/)
// call a Tera template of templates/shortcodes/: "{{ name(arg=…) }}"
// without a body, "{% name(arg=…) %}" … "{% end %}" with one. "a shortcode
// name (and thus the corresponding .html file) as well as any argument
// names can only contain numbers, letters and underscores, and must start
// with a letter or underscore"; "Parentheses are mandatory even if there
// are no arguments ... A shortcode without the parentheses will render as
// plaintext". Zola finds them in the whole text before the Markdown is
// parsed, so the escapes "{{/*" "*/}}" and "{%/*" "*/%}" are needed in code
// blocks too, and are written as "{{" "}}", "{%" "%}".
//
// A shortcode whose template is in the site's templates/shortcodes/ is
// rendered by sitegen's Tera (shortrender.go, tera*.go); one without a
// template, or whose template has Tera sitegen does not run, is dropped
// (without a body) or replaced by its body, read as the page's Markdown;
// each is a warning at its line (and the template's file:line). The lines
// of the page do not move, or Expanded.Lines maps them back.

// Expand implements layout.Expander for Zola's shortcodes, as Zola's
// content.pest reads them: "{{" or "{%", then name(kwargs) with each
// argument ident = literal (a string in double or single quotes or
// backticks, true or false, a number, an array of those), then "}}" or
// "%}", with any whitespace (line ends too) between the parts; "{%
// end %}" ends a body. Anything else is text (a Tera expression such as
// {{ get_url(path=asset) }} in a code block, whose argument is no
// literal).
func Expand(file string, src []byte, read func(string) ([]byte, error)) layout.Expanded {
	return expandWith(file, src, read, nil)
}

// pageURLFunc is the URL of the page at a content-relative path, ok false
// when there is none: what get_url(path="@/…") needs.
type pageURLFunc func(rel string) (url string, ok bool)

// siteInfo is what shortcodes learn of the site: its pages' URLs and a
// page's language. Either may be nil (not known: get_url of a page is
// warned, lang undefined).
type siteInfo struct {
	pageURL pageURLFunc
	// page and section are get_page and get_section's (getpage.go).
	page    contentFunc
	section func(rel string, pages bool) (map[string]any, bool)
	lang    func(file string) string
	// trans are the settings' translations by language and key, and
	// defLang the default language (trans() without lang=).
	trans   map[string]map[string]string
	defLang string
	theme   string // config.toml's theme
	// readsSite: a shortcode of the page listed a section's pages
	// (get_section), which a page added or removed anywhere in it
	// changes (layout.Expanded.ReadsSite).
	readsSite bool
}

// expandWith is Expand with what the site tells (nil: nothing).
func expandWith(file string, src []byte, read func(string) ([]byte, error), site *siteInfo) layout.Expanded {
	if site == nil {
		site = &siteInfo{}
	}
	if !bytes.Contains(src, []byte("{{")) && !bytes.Contains(src, []byte("{%")) {
		return layout.Expanded{Src: src}
	}
	var b bytes.Buffer
	var problems []layout.Problem
	var lines []int // Expanded.Lines, used when a template was applied
	atStart, applied := true, false
	put := func(s []byte, srcLine int, fixed bool) {
		for _, ch := range s {
			if atStart {
				lines = append(lines, srcLine)
				atStart = false
			}
			if ch == '\n' {
				atStart = true
				if !fixed {
					srcLine++
				}
			}
		}
		b.Write(s)
	}
	open := 0               // shortcodes with a body still open
	nth := map[string]int{} // calls of each shortcode so far
	line, lineStart := 1, 0
	for i := 0; i < len(src); {
		c := src[i]
		call, ok := call{}, false
		if c == '{' && i+1 < len(src) && (src[i+1] == '{' || src[i+1] == '%') {
			call, ok = parseCall(src[i:])
		}
		if !ok {
			put(src[i:i+1], line, false)
			if c == '\n' {
				line, lineStart = line+1, i+1
			}
			i++
			continue
		}
		text := src[i : i+call.n]
		at := layout.Problem{Line: line, Col: i - lineStart + 1, Warning: true}
		if !call.escaped && !call.end {
			nth[call.name]++
			if out, n, p, ok := apply(call, file, src[i:], read, site, nth[call.name]); ok {
				if p != nil { // rendered, with a warning
					p.Line, p.Col = at.Line, at.Col
					problems = append(problems, *p)
				}
				put([]byte(out), line, true)
				applied = true
				consumed := src[i : i+n]
				if k := countLines(consumed); k > 0 {
					line += k
					lineStart = i + bytes.LastIndexByte(consumed, '\n') + 1
				}
				i += n
				continue
			} else if p != nil {
				p.Line, p.Col = at.Line, at.Col
				problems = append(problems, *p)
				if call.body {
					open++
				}
				goto moved
			}
		}
		switch {
		case call.escaped:
			put([]byte(call.unescaped), line, false)
		case call.end && open == 0:
			put(text, line, false) // no shortcode to end: text
		case call.end:
			open--
		default:
			what := "left out"
			if call.body {
				open++
				what = "its body is shown as the page's Markdown"
			}
			at.Msg = fmt.Sprintf("shortcode %s() runs the Tera template templates/shortcodes/%s.html (or .md), which sitegen does not run: %s", call.name, call.name, what)
			problems = append(problems, at)
		}
	moved:
		if n := bytes.Count(text, []byte("\n")); n > 0 {
			if !call.escaped && !(call.end && open == 0 && bytes.HasSuffix(b.Bytes(), text)) {
				// The lines of the page do not move: a call written
				// over several lines leaves its line ends.
				put(bytes.Repeat([]byte("\n"), n), line, false)
			}
			line += n
			lineStart = i + bytes.LastIndexByte(text, '\n') + 1
		}
		i += call.n
	}
	x := layout.Expanded{Src: b.Bytes(), Problems: problems, ReadsSite: site.readsSite}
	if applied {
		if atStart {
			lines = append(lines, line)
		}
		x.Lines = lines
	}
	return x
}

// apply renders the call c at the start of src with the site's template
// of its name (shortcodeFile, renderShortcode): the output and the
// length of src it replaces (the call, and a body up to its {% end %}).
// ok is false when there is no template (p nil: the call is warned as
// one sitegen does not run) or its Tera is more than substitution (p is
// the warning, naming the template's file and line).
func apply(c call, file string, src []byte, read func(string) ([]byte, error), site *siteInfo, nth int) (out string, n int, p *layout.Problem, ok bool) {
	tmpl, text, md, found := shortcodeFile(c.name, site.theme, read)
	if !found {
		return "", 0, nil, false
	}
	args, simple := callArgs(src[:c.n])
	n = c.n
	body := ""
	if c.body {
		bl, en, closed := bodyEnd(src[c.n:])
		if !closed {
			return "", 0, nil, false
		}
		body = strings.Trim(string(src[c.n:c.n+bl]), "\n")
		n = c.n + bl + en
	}
	what := "left out"
	if c.body {
		what = "its body is shown as the page's Markdown"
	}
	if !simple {
		return "", 0, &layout.Problem{Warning: true, Msg: fmt.Sprintf("shortcode %s() has an argument sitegen does not read, for %s: %s", c.name, tmpl, what)}, false
	}
	// Zola: "When one of these variables conflict with a variable
	// passed as argument, the argument value will be used."
	if _, given := args["nth"]; !given {
		args["nth"] = int64(nth)
	}
	if _, given := args["lang"]; !given && site.lang != nil {
		args["lang"] = site.lang(file)
	}
	out, why, errFile, line, notes, ok := renderShortcode(tmpl, text, md, args, file, body, c.body, read, site)
	if !ok {
		return "", 0, &layout.Problem{Warning: true, Msg: fmt.Sprintf("shortcode %s(): %s:%d has %s, Tera that sitegen does not run: %s", c.name, errFile, line, why, what)}, false
	}
	if len(notes) > 0 {
		// Rendered, with what sitegen did differently (resize_image).
		p = &layout.Problem{Warning: true, Msg: fmt.Sprintf("shortcode %s(): %s", c.name, strings.Join(notes, "; "))}
	}
	return out, n, p, true
}

// call is a shortcode call (or an end, or an escaped one) at the start of
// a text.
type call struct {
	n         int    // its length
	name      string // the shortcode's name ("" for an end)
	body      bool   // "{% name() %}": a body follows, up to "{% end %}"
	end       bool   // "{% end %}"
	escaped   bool   // "{{/* … */}}": text, written as unescaped
	unescaped string
}

// parseCall reads a call at the start of s ("{{" or "{%"), ok false when
// there is none.
func parseCall(s []byte) (c call, ok bool) {
	p := &scanner{s: s}
	body := s[1] == '%'
	p.i = 2
	if p.lit("/*") {
		c.escaped = true
	}
	p.space()
	name := p.ident()
	if name == "" {
		return c, false
	}
	p.space()
	if name == "end" && body && !p.peek('(') {
		c.end = true
	} else {
		if !p.lit("(") {
			return c, false
		}
		p.space()
		for !p.peek(')') {
			if p.ident() == "" {
				return c, false
			}
			p.space()
			if !p.lit("=") {
				return c, false
			}
			p.space()
			if !p.literal(true) {
				return c, false
			}
			p.space()
			if !p.lit(",") {
				break
			}
			p.space()
		}
		if !p.lit(")") {
			return c, false
		}
		c.name, c.body = name, body
	}
	p.space()
	if c.escaped && !p.lit("*/") {
		return c, false
	}
	closer := "}}"
	if body {
		closer = "%}"
	}
	if !p.lit(closer) {
		return c, false
	}
	c.n = p.i
	if c.escaped {
		// Zola's parser.rs: replacen("{{/*", "{{", 1).replacen("*/}}", "}}", 1).
		open := string(s[:2])
		t := strings.Replace(string(s[:p.i]), open+"/*", open, 1)
		c.unescaped = strings.Replace(t, "*/"+closer, closer, 1)
	}
	return c, true
}

// scanner reads the parts of a call.
type scanner struct {
	s []byte
	i int
}

func (p *scanner) peek(c byte) bool { return p.i < len(p.s) && p.s[p.i] == c }

func (p *scanner) lit(t string) bool {
	if bytes.HasPrefix(p.s[p.i:], []byte(t)) {
		p.i += len(t)
		return true
	}
	return false
}

// space skips content.pest's WHITESPACE: spaces, tabs, line ends.
func (p *scanner) space() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

// ident reads [A-Za-z_][A-Za-z_0-9]*.
func (p *scanner) ident() string {
	j := p.i
	for j < len(p.s) && (p.s[j] == '_' || p.s[j] >= 'a' && p.s[j] <= 'z' || p.s[j] >= 'A' && p.s[j] <= 'Z' || j > p.i && p.s[j] >= '0' && p.s[j] <= '9') {
		j++
	}
	name := string(p.s[p.i:j])
	p.i = j
	return name
}

// literal reads a string, a boolean, a number or (when arrays) an array.
func (p *scanner) literal(arrays bool) bool {
	if p.i >= len(p.s) {
		return false
	}
	switch q := p.s[p.i]; {
	case q == '"' || q == '\'' || q == '`':
		j := bytes.IndexByte(p.s[p.i+1:], q)
		if j < 0 {
			return false
		}
		p.i += j + 2
		return true
	case q == '[' && arrays:
		p.i++
		p.space()
		for !p.peek(']') {
			if !p.literal(false) {
				return false
			}
			p.space()
			if !p.lit(",") {
				break
			}
			p.space()
		}
		return p.lit("]")
	case q == '-' || q >= '0' && q <= '9':
		j := p.i + 1
		for j < len(p.s) && (p.s[j] >= '0' && p.s[j] <= '9' || p.s[j] == '.') {
			j++
		}
		if q == '-' && j == p.i+1 {
			return false
		}
		p.i = j
		return true
	}
	return p.lit("true") || p.lit("false")
}
