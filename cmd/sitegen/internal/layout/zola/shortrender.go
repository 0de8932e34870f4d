package zola

import (
	"bytes"
	"regexp"
	"strings"
)

// A site's own shortcode templates (templates/shortcodes/NAME.md or
// NAME.html: "Zola will look for the shortcode in the
// templates/shortcodes directory ... Markdown-based shortcodes ... .md
// ... HTML-based shortcodes ... .html",
// https://www.getzola.org/documentation/content/shortcodes/) are applied
// where their Tera is plain substitution: text and {{ name }} of an
// argument, or of body in a shortcode with one, each with at most the
// filters safe, markdown and trim, and {% if name %} … {% else %} …
// {% endif %} on an argument. Anything else (another {% … %} tag, an
// expression, a function call, another filter, a name the call does not
// give) is Tera sitegen does not run, and the call is warned as before.
// "The shortcode's output ... HTML shortcodes are escaped" as Tera
// escapes a value in an .html template ("autoescape ... enabled for .html
// files"): a value without | safe is HTML-escaped there, never in .md.

// teraExpr is a {{ … }} of a template; teraTag a {% … %} or {# … #}.
var (
	teraExpr = regexp.MustCompile(`\{\{-?\s*(.*?)\s*-?\}\}`)
	teraTag  = regexp.MustCompile(`\{%|\{#`)
	simpleRE = regexp.MustCompile(`^([A-Za-z_][A-Za-z_0-9]*)((?:\s*\|\s*[a-z_]+)*)$`)
)

// teraIf is a {% if name %} … [{% else %} …] {% endif %} with no other
// tag inside.
var teraIf = regexp.MustCompile(`(?s)\{%-?\s*if\s+([A-Za-z_][A-Za-z_0-9]*)\s*-?%\}((?:[^{]|\{[^%])*?)(?:\{%-?\s*else\s*-?%\}((?:[^{]|\{[^%])*?))?\{%-?\s*endif\s*-?%\}`)

// ifBlocks applies the template's {% if name %} blocks on an argument of
// the call (or body): Tera's truthiness, "an undefined variable, false, 0,
// an empty string are false", so an argument not given is false.
func ifBlocks(t string, args map[string]string, has bool) string {
	for range 100 {
		loc := teraIf.FindStringSubmatchIndex(t)
		if loc == nil {
			return t
		}
		name := t[loc[2]:loc[3]]
		v, given := args[name]
		if name == "body" && has {
			v, given = "body", true
		}
		branch := ""
		if given && v != "" && v != "false" && v != "0" {
			branch = t[loc[4]:loc[5]]
		} else if loc[6] >= 0 {
			branch = t[loc[6]:loc[7]]
		}
		t = t[:loc[0]] + branch + t[loc[1]:]
	}
	return t
}

// shortcodeFile is the template of shortcode name that read finds, its
// text and whether it is Markdown; ok false when the site has none.
func shortcodeFile(name string, read func(string) ([]byte, error)) (file string, text []byte, md, ok bool) {
	if read == nil {
		return "", nil, false, false
	}
	for _, ext := range []string{".md", ".html"} {
		f := "templates/shortcodes/" + name + ext
		if b, err := read(f); err == nil {
			return f, b, ext == ".md", true
		}
	}
	return "", nil, false, false
}

// renderShortcode fills the template text (Markdown when md) with the
// call's arguments args and body (has: the call has one). ok is false,
// with why and the template's line, when its Tera is more than plain
// substitution.
func renderShortcode(text []byte, md bool, args map[string]string, body string, has bool) (out string, why string, line int, ok bool) {
	t := ifBlocks(string(text), args, has)
	if loc := teraTag.FindStringIndex(t); loc != nil {
		return "", "a Tera tag", 1 + strings.Count(t[:loc[0]], "\n"), false
	}
	var b strings.Builder
	prev := 0
	for _, m := range teraExpr.FindAllStringSubmatchIndex(t, -1) {
		expr := t[m[2]:m[3]]
		sm := simpleRE.FindStringSubmatch(expr)
		line := 1 + strings.Count(t[:m[0]], "\n")
		if sm == nil {
			return "", "the expression {{ " + expr + " }}", line, false
		}
		v, given := args[sm[1]]
		if sm[1] == "body" && has {
			v, given = body, true
		}
		if !given {
			return "", "{{ " + expr + " }}, a value the call does not give", line, false
		}
		safe, markdown := md, false
		for _, f := range strings.Split(sm[2], "|")[1:] {
			switch f = strings.TrimSpace(f); f {
			case "safe":
				safe = true
			case "markdown":
				markdown = true
			case "trim":
				v = strings.TrimSpace(v)
			default:
				return "", "the filter " + f + " in {{ " + expr + " }}", line, false
			}
		}
		b.WriteString(flat(t[prev:m[0]], md))
		switch {
		case markdown && safe:
			// Markdown inside HTML: its own block, read as the page's.
			b.WriteString("\n\n" + strings.Trim(v, "\n") + "\n\n")
		case safe:
			b.WriteString(flat(v, md))
		default:
			b.WriteString(flat(escapeTera(v), md))
		}
		prev = m[1]
	}
	b.WriteString(flat(t[prev:], md))
	return strings.TrimRight(b.String(), "\n"), "", 0, true
}

// flat is s, in an HTML shortcode's output (not md) without blank lines:
// the output is put back where the call was, as HTML, and a blank line
// would end an HTML block.
func flat(s string, md bool) string {
	if md {
		return s
	}
	return blankLines.ReplaceAllString(s, "\n")
}

var blankLines = regexp.MustCompile(`\n[ \t]*\n+`)

var teraEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#x27;", "/", "&#x2F;")

// escapeTera is Tera's escape_html: & < > " ' and /.
func escapeTera(s string) string {
	return teraEscaper.Replace(s)
}

// callArgs are a call's arguments: a string's text, other literals as
// written; an array makes ok false.
func callArgs(src []byte) (args map[string]string, ok bool) {
	p := &scanner{s: src, i: 2}
	p.space()
	p.ident()
	p.space()
	if !p.lit("(") {
		return nil, false
	}
	args = map[string]string{}
	for {
		p.space()
		name := p.ident()
		if name == "" {
			return args, true
		}
		p.space()
		p.lit("=")
		p.space()
		start := p.i
		if p.peek('[') || !p.literal(false) {
			return nil, false
		}
		v := string(src[start:p.i])
		if q := v[0]; q == '"' || q == '\'' || q == '`' {
			v = v[1 : len(v)-1]
		}
		args[name] = v
		p.space()
		if !p.lit(",") {
			return args, true
		}
	}
}

// bodyEnd finds the {% end %} that ends a body starting at src[0]: the
// body's length and the end call's, ok false when there is none.
func bodyEnd(src []byte) (body, n int, ok bool) {
	for i := 0; i < len(src); i++ {
		if src[i] != '{' || i+1 >= len(src) || src[i+1] != '%' {
			continue
		}
		if c, ok := parseCall(src[i:]); ok && c.end && !c.escaped {
			return i, c.n, true
		}
	}
	return 0, 0, false
}

// countLines is the line ends in b.
func countLines(b []byte) int { return bytes.Count(b, []byte("\n")) }
