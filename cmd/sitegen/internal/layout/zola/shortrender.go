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

// teraIfTag is a tag of an if block: if COND, elif COND, else, endif.
var teraIfTag = regexp.MustCompile(`\{%-?\s*(if|elif|else|endif)\b\s*(.*?)\s*-?%\}`)

// teraAnyTag is any {% … %} tag.
var teraAnyTag = regexp.MustCompile(`\{%-?\s*(.*?)\s*-?%\}`)

// ifBlocks applies the template's if blocks ({% if C %} … {% elif C %} …
// {% else %} … {% endif %}, innermost first) whose conditions are on an
// argument of the call (or body): the name alone (Tera's truthiness, "an
// undefined variable, false, 0, an empty string are false", so an
// argument not given is false), not NAME, and NAME == / != a literal. A
// block with another condition, or another tag inside, is left as it is
// (and warned by renderShortcode).
func ifBlocks(t string, args map[string]string, has bool) string {
	for range 100 {
		done := true
		opens := teraIfTag.FindAllStringSubmatchIndex(t, -1)
		for i := len(opens) - 1; i >= 0; i-- {
			m := opens[i]
			if t[m[2]:m[3]] != "if" {
				continue
			}
			out, end, ok := ifChain(t, m, args, has)
			if !ok {
				continue
			}
			t, done = t[:m[0]]+out+t[end:], false
			break
		}
		if done {
			return t
		}
	}
	return t
}

// ifChain reads the if block opened by the tag at m in t, whose branches
// hold no tag: the chosen branch's text and the block's end, ok false
// when the block holds another tag or a condition sitegen does not read.
func ifChain(t string, m []int, args map[string]string, has bool) (out string, end int, ok bool) {
	conds := []string{t[m[4]:m[5]]}
	starts := []int{m[1]}
	var ends []int
	elseAt := -1
	for pos := m[1]; ; {
		tag := teraAnyTag.FindStringSubmatchIndex(t[pos:])
		if tag == nil {
			return "", 0, false
		}
		at, to := pos+tag[0], pos+tag[1]
		sm := teraIfTag.FindStringSubmatch(t[at:to])
		if sm == nil || sm[1] == "if" || elseAt >= 0 && sm[1] != "endif" {
			return "", 0, false
		}
		ends = append(ends, at)
		switch sm[1] {
		case "endif":
			for i, c := range conds {
				v, ok := teraCond(c, args, has)
				if !ok {
					return "", 0, false
				}
				if v {
					return t[starts[i]:ends[i]], to, true
				}
			}
			if elseAt >= 0 {
				return t[elseAt:ends[len(ends)-1]], to, true
			}
			return "", to, true
		case "elif":
			conds = append(conds, sm[2])
			starts = append(starts, to)
		case "else":
			elseAt = to
		}
		pos = to
	}
}

// teraCondRE is a condition ifBlocks reads: [not] NAME [== | != LITERAL].
var teraCondRE = regexp.MustCompile(`^(not\s+)?([A-Za-z_][A-Za-z_0-9]*)(?:\s*(==|!=)\s*("[^"]*"|'[^']*'|-?[0-9.]+|true|false))?$`)

// teraCond evaluates condition c on the call's arguments; ok false when it
// is not one teraCondRE reads.
func teraCond(c string, args map[string]string, has bool) (v, ok bool) {
	sm := teraCondRE.FindStringSubmatch(strings.TrimSpace(c))
	if sm == nil {
		return false, false
	}
	val, given := args[sm[2]]
	if sm[2] == "body" && has {
		val, given = "body", true
	}
	switch sm[3] {
	case "":
		v = given && val != "" && val != "false" && val != "0"
	default:
		lit := sm[4]
		if q := lit[0]; q == '"' || q == '\'' {
			lit = lit[1 : len(lit)-1]
		}
		v = given && val == lit
		if sm[3] == "!=" {
			v = !v
		}
	}
	if sm[1] != "" {
		v = !v
	}
	return v, true
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
