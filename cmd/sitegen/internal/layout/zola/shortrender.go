package zola

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"strings"
)

// A site's own shortcode templates (templates/shortcodes/NAME.md or
// NAME.html: "Zola will look for the shortcode in the
// templates/shortcodes directory ... Markdown-based shortcodes ... .md
// ... HTML-based shortcodes ... .html",
// https://www.getzola.org/documentation/content/shortcodes/) are run
// with the call's arguments, body (in a shortcode with one) and nth ("Every
// shortcode can access some variables ... nth: a 1-indexed counter of how
// many times this shortcode has been invoked in the current page") by the
// Tera of tera.go. A template using what it does not run (page, config,
// get_url, a macro, include) is warned at its file:line, and the call
// keeps the old behaviour: dropped, or its body read as the page's
// Markdown. "The shortcode's output ... HTML shortcodes are escaped" as
// Tera escapes a value in an .html template ("autoescape ... enabled for
// .html files"): a value without | safe is HTML-escaped there, never in
// .md.

// shortcodeFile is the template of shortcode name that read finds, its
// text and whether it is Markdown; ok false when the site has none.
// A theme's shortcodes (themes/THEME/templates/shortcodes/) are found
// after the site's: "Any file from the theme can be overridden by
// creating a file with the same path and name in your templates …
// directory".
func shortcodeFile(name, theme string, read func(string) ([]byte, error)) (file string, text []byte, md, ok bool) {
	if read == nil {
		return "", nil, false, false
	}
	dirs := []string{"templates/shortcodes/"}
	if theme != "" {
		dirs = append(dirs, "themes/"+theme+"/templates/shortcodes/")
	}
	for _, dir := range dirs {
		for _, ext := range []string{".md", ".html"} {
			f := dir + name + ext
			if b, err := read(f); err == nil {
				return f, b, ext == ".md", true
			}
		}
	}
	return "", nil, false, false
}

// renderShortcode fills the template text (Markdown when md) with the
// call's arguments args and body (has: the call has one), running its Tera
// (tera.go); read reads the site's files for load_data. ok is false, with
// why and the template's line, when it has Tera sitegen does not run.
// file is the calling page's site-relative path: Zola's shortcodes "will also get either a page or
// section variable depending on where they were used and a config
// variable. These values will overwrite any arguments passed to a
// shortcode". sitegen gives the page's (or section's) relative_path and a
// page's colocated_path ("A useful attribute to page in shortcodes is
// colocated_path ... Mostly useful when combined with load_data"), as
// Zola's FileInfo computes them; any other field of page, section or
// config is Tera sitegen does not run.
//
// notes are the warnings of a run that succeeded ("file:line: …").
func renderShortcode(tmplFile string, text []byte, md bool, args map[string]any, file, body string, has bool, read func(string) ([]byte, error), site *siteInfo) (out, why, errFile string, line int, notes []string, ok bool) {
	nodes, err := parseTera(string(text))
	if err == nil {
		global := map[string]any{}
		for k, v := range args {
			global[k] = v
		}
		if has {
			global["body"] = body
		}
		for k, v := range shortcodeContext(file) {
			global[k] = v
		}
		r := &teraRun{md: md, global: global, read: read}
		if site != nil {
			r.pageURL, r.trans, r.defLang, r.theme = site.pageURL, site.trans, site.defLang, site.theme
			r.getPage, r.getSection = site.page, site.section
		}
		name := strings.TrimPrefix(tmplFile, "templates/")
		if site != nil && site.theme != "" {
			name = strings.TrimPrefix(name, "themes/"+site.theme+"/templates/")
		}
		err = r.render(name, nodes)
		if r.readsSite && site != nil {
			site.readsSite = true
		}
		if err == errBreak || err == errContinue {
			err = nil
		}
		if err == nil {
			for _, n := range r.notes {
				notes = append(notes, fmt.Sprintf("%s:%d: %s", tmplFile, n.line, n.msg))
			}
			return joinPieces(r.out, md), "", "", 0, notes, true
		}
		errFile = r.errFile
	}
	te, _ := err.(*teraErr)
	if te == nil {
		te = &teraErr{1, err.Error()}
	}
	if errFile == "" {
		errFile = tmplFile
	}
	return "", te.why, errFile, max(te.line, 1), nil, false
}

// shortcodeContext is the page or section variable of a call in file
// (content/…), and config: what sitegen knows of them.
func shortcodeContext(file string) map[string]any {
	ctx := map[string]any{"config": partial{"config", map[string]any{}}}
	rel, ok := strings.CutPrefix(file, "content/")
	if !ok {
		return ctx
	}
	dir, base := path.Split(rel)
	if strings.HasPrefix(base, "_index.") {
		ctx["section"] = partial{"section", map[string]any{"relative_path": rel}}
		return ctx
	}
	var colocated any
	if dir != "" && strings.Split(base, ".")[0] == "index" {
		colocated = dir
	}
	ctx["page"] = partial{"page", map[string]any{"relative_path": rel, "colocated_path": colocated}}
	return ctx
}

// joinPieces is the output: text without blank lines in an HTML
// template (flat), a Markdown block with a blank line around it.
func joinPieces(ps []piece, md bool) string {
	var b, run strings.Builder
	for _, p := range ps {
		if !p.block {
			run.WriteString(p.s)
			continue
		}
		b.WriteString(flat(run.String(), md))
		run.Reset()
		b.WriteString("\n\n" + strings.Trim(p.s, "\n") + "\n\n")
	}
	b.WriteString(flat(run.String(), md))
	return strings.TrimRight(b.String(), "\n")
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

// callArgs are a call's arguments as the template sees them: a string's
// text, true and false, whole numbers int64, other numbers float64, an
// array []any.
func callArgs(src []byte) (args map[string]any, ok bool) {
	p := &scanner{s: src, i: 2}
	p.space()
	p.ident()
	p.space()
	if !p.lit("(") {
		return nil, false
	}
	args = map[string]any{}
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
		if !p.literal(true) {
			return nil, false
		}
		v, err := parseTeraExpr(string(src[start:p.i]), 1)
		if err != nil {
			return nil, false
		}
		val, err := (&teraRun{}).eval(v, 1)
		if err != nil {
			return nil, false
		}
		args[name] = val
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
