package jekyll

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"path"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode"

	"d6codex/cmd/sitegen/internal/layout"

	"github.com/osteele/liquid"
	"github.com/osteele/liquid/expressions"
	"github.com/osteele/liquid/render"
)

// Jekyll renders a page's Liquid before its Markdown ("Jekyll processes
// Liquid before Markdown", https://jekyllrb.com/docs/liquid/), with the
// variables of https://jekyllrb.com/docs/variables/ (site, page, and in
// an include, include) and Jekyll's filters and tags
// (https://jekyllrb.com/docs/liquid/filters/,
// https://jekyllrb.com/docs/liquid/tags/) beside Liquid's own. sitegen
// runs it with github.com/osteele/liquid, the Shopify-compatible engine
// gojekyll runs, and adds Jekyll's filters and tags here (filters.go).
//
// Bounds: a page's output is at most maxOutput bytes, an include nests at
// most maxIncludeDepth deep, a range of more than maxRange numbers is
// refused before the page is run, and a page that does not finish in
// renderTimeout is given up (every filter and include of it then fails
// at once); each is an error at the page's file and line.
const (
	maxOutput       = 16 << 20
	maxIncludeDepth = 32
	maxRange        = 1_000_000
	renderTimeout   = 10 * time.Second
)

// errCancelled is what every filter and include returns once a render
// is given up.
var errCancelled = &boundError{"the page's Liquid did not finish in time"}

// A run is one page's (or file's) rendering: its engine, with the tags
// and filters that read the site, and its state.
type run struct {
	file      string                            // source-relative path of the page
	read      func(file string) ([]byte, error) // reads a file of the source folder
	content   string                            // the layout's content folder, source-relative
	site      *siteModel                        // its config, url and baseurl
	full      func() *siteModel                 // the whole model, made when first wanted
	baseurl   string                            // what relative_url adds: the site's baseurl
	url       string                            // what absolute_url adds before it
	depth     int
	timeout   time.Duration // 0: renderTimeout
	cancelled atomic.Bool
	engine    *liquid.Engine
	// undef are the filters the template names that neither Liquid nor
	// Jekyll defines, each where it was first met: passed through.
	undef []undefFilter
}

// An undefFilter is a filter the engine does not define, and where a
// template names it (file "" is the run's own).
type undefFilter struct {
	name, file string
	line       int
}

// maxUndefFilters is the most undefined filters a run lets through: each
// costs the template one more rendering.
const maxUndefFilters = 16

// newRun makes the engine of one rendering.
func newRun(file string, read func(string) ([]byte, error), content string, site *siteModel, forFile bool) *run {
	r := &run{file: file, read: read, content: content, site: site, engine: liquid.NewEngine()}
	// relative_url adds the site's baseurl in a page too: a page's raw
	// HTML is published as written, as Jekyll does, so <a href="{{ 'a/' |
	// relative_url }}"> must hold the base the site is served under (a
	// Markdown link typed with it resolves as without it, links.go
	// withoutBase). absolute_url's url only in a file: in a page a link
	// to this site stays a path, checked as sitegen's other links.
	r.baseurl = site.baseurl
	if forFile {
		r.url = site.url
	}
	r.addFilters()
	r.addArithmetic()
	r.engine.RegisterFilter(rangeIntFilter, rangeInteger)
	// jekyll-seo-tag's {% seo %} and jekyll-feed's {% feed_meta %} write
	// the page's <head> metadata and feed link, which sitegen's theme
	// writes itself: nothing in the page.
	for _, name := range []string{"seo", "feed_meta"} {
		r.engine.RegisterTag(name, func(render.Context) (string, error) { return "", nil })
	}
	r.engine.RegisterTag("include", r.include(false))
	r.engine.RegisterTag("include_relative", r.include(true))
	// {% link %} and {% post_url %} stay for the page's Markdown to
	// resolve and check as links (package markup/liquid), with their
	// {{ }} arguments expanded.
	for _, name := range []string{"link", "post_url"} {
		r.engine.RegisterTag(name, func(ctx render.Context) (string, error) {
			arg, err := ctx.ExpandTagArg()
			if err != nil {
				return "", err
			}
			if forFile {
				return r.linkURL(ctx.TagName(), strings.TrimSpace(arg)), nil
			}
			return "{% " + ctx.TagName() + " " + strings.TrimSpace(arg) + " %}", nil
		})
	}
	// "Jekyll has built in support for syntax highlighting … {% highlight
	// ruby %} … {% endhighlight %}"
	// (https://jekyllrb.com/docs/liquid/tags/#code-snippet-highlighting):
	// a fenced code block of that language.
	r.engine.RegisterBlock("highlight", func(ctx render.Context) (string, error) {
		inner, err := ctx.InnerString()
		if err != nil {
			return "", err
		}
		lang := strings.Fields(ctx.TagArgs())
		fence := "```"
		for strings.Contains(inner, fence) {
			fence += "`"
		}
		l := ""
		if len(lang) > 0 {
			l = lang[0]
		}
		return "\n" + fence + l + "\n" + strings.Trim(inner, "\n") + "\n" + fence + "\n", nil
	})
	return r
}

// linkURL is the URL {% link path %} or {% post_url name %} gives in a
// file sitegen does not read as Markdown: the page's URL in the site
// model, else the path from the site's root.
func (r *run) linkURL(tag, arg string) string {
	for _, p := range r.full().all {
		rel, _ := p["path"].(string)
		if tag == "link" && rel == strings.TrimPrefix(arg, "/") || tag == "post_url" && p["collection"] == "posts" && strings.TrimSuffix(path.Base(rel), path.Ext(rel)) == path.Base(arg) {
			u, _ := p["url"].(string)
			return r.baseurl + u
		}
	}
	return r.baseurl + "/" + strings.TrimPrefix(arg, "/")
}

// includeArg is one name=value parameter of an include.
var includeArg = regexp.MustCompile(`([\w-]+)\s*=\s*("[^"]*"|'[^']*'|[\w.\[\]'"-]+)`)

// include is Jekyll's include tag: "{% include footer.html %} … Jekyll
// will look for the referenced file … in the _includes directory";
// "{% include_relative %} … from the directory of the current file"; the
// parameters "param="value"" are include.param inside it
// (https://jekyllrb.com/docs/includes/).
func (r *run) include(relative bool) func(render.Context) (string, error) {
	return func(ctx render.Context) (string, error) {
		if r.cancelled.Load() {
			return "", errCancelled
		}
		args, err := ctx.ExpandTagArg()
		if err != nil {
			return "", err
		}
		args = strings.TrimSpace(args)
		name, rest := args, "" // Jekyll: "@file, @params = markup.split(%r!\s+!, 2)"
		if i := strings.IndexFunc(args, unicode.IsSpace); i >= 0 {
			name, rest = args[:i], args[i:]
		}
		if name == "" {
			return "", fmt.Errorf("%s names no file", ctx.TagName())
		}
		params := map[string]any{}
		for _, m := range includeArg.FindAllStringSubmatch(rest, -1) {
			v := m[2]
			if v[0] == '"' || v[0] == '\'' {
				params[m[1]] = v[1 : len(v)-1]
				continue
			}
			x, err := ctx.EvaluateString(v)
			if err != nil {
				return "", fmt.Errorf("include parameter %s: %w", m[1], err)
			}
			params[m[1]] = x
		}
		file := path.Join(r.content, "_includes", name)
		if relative {
			file = path.Join(path.Dir(r.file), name)
		}
		if strings.HasPrefix(file, "../") || path.IsAbs(name) {
			return "", fmt.Errorf("%s %s: outside the site's source", ctx.TagName(), name)
		}
		if r.depth >= maxIncludeDepth {
			return "", &boundError{fmt.Sprintf("%s %s: includes nest deeper than %d (an include that includes itself?)", ctx.TagName(), name, maxIncludeDepth)}
		}
		src, err := r.read(file)
		if err != nil {
			return "", fmt.Errorf("%s %s: %w", ctx.TagName(), name, err)
		}
		if relative {
			src = src[frontMatterEnd(src):]
		}
		tpl, serr := r.engine.ParseTemplateLocation(laxTags(src), file, 1)
		if serr != nil {
			return "", serr
		}
		b := make(map[string]any, len(ctx.Bindings())+1)
		for k, v := range ctx.Bindings() {
			b[k] = v
		}
		b["include"] = params
		r.depth++
		out, serr := tpl.Render(b)
		r.depth--
		if serr != nil {
			return "", serr
		}
		return string(out), nil
	}
}

// fixProperties writes the properties Ruby's Liquid reads and the
// engine's parser does not, inside each tag and output of src: a name
// with a hyphen (site.data.ui-text) or one that starts with a digit
// (site.categories.2015), as ["ui-text"] and ["2015"]; a lookup written
// x.[{{key}}], whose words Ruby's lax parser reads with
// /\[[^\]]+\]|[\w-]+\??/ (Liquid::VariableParser), as x[key]. Quoted
// text is left as it is.
func fixProperties(src []byte) []byte {
	if !bytes.Contains(src, []byte(".")) {
		return src
	}
	out := make([]byte, 0, len(src))
	closer := ""
	var quote byte
	brackets := 0 // open [ of the tag
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case closer == "":
			if c == '{' && i+1 < len(src) && (src[i+1] == '%' || src[i+1] == '{') {
				closer = "%}"
				if src[i+1] == '{' {
					closer = "}}"
				}
				brackets = 0
				out = append(out, c, src[i+1])
				i++
				continue
			}
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case closer == "%}" && brackets > 0 && (bytes.HasPrefix(src[i:], []byte("{{")) || bytes.HasPrefix(src[i:], []byte("}}"))):
			i++ // x.[{{key}}]: the braces are no part of the key's words
			continue
		case c == '.' && i+1 < len(src) && src[i+1] == '[' && i > 0 && (isWord(src[i-1]) || src[i-1] == ']'):
			continue // x.[key] is x[key]
		case c == '[':
			brackets++
		case c == ']' && brackets > 0:
			brackets--
		case c == '|' && closer == "}}" && quotedFilter(src[i+1:]) > 0:
			// {{ x | "text" }}: Ruby's Liquid (lax, Jekyll's default)
			// reads a filter as a name and passes over anything else.
			i += quotedFilter(src[i+1:])
			continue
		case bytes.HasPrefix(src[i:], []byte(closer)):
			closer = ""
		case c == '.' && i > 0 && (isWord(src[i-1]) || src[i-1] == ']'):
			j := i + 1
			for j < len(src) && (isWord(src[j]) || src[j] == '-' && j+1 < len(src) && isWord(src[j+1])) {
				j++
			}
			seg := src[i+1 : j]
			if len(seg) > 0 && (seg[0] >= '0' && seg[0] <= '9' && !allDigits(src, i) || bytes.IndexByte(seg, '-') >= 0) {
				out = append(out, `["`...)
				out = append(out, seg...)
				out = append(out, `"]`...)
				i = j - 1
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

// quotedFilter is the length of a quoted text that stands where a filter's
// name should (after "|", spaces before it), 0 for none.
func quotedFilter(b []byte) int {
	t := bytes.TrimLeft(b, " \t")
	if len(t) == 0 || t[0] != '"' && t[0] != '\'' {
		return 0
	}
	end := bytes.IndexByte(t[1:], t[0])
	if end < 0 {
		return 0
	}
	return len(b) - len(t) + end + 2
}

// laxTags is src written as the engine reads what Ruby's lax Liquid
// (Jekyll's default, error_mode: warn) reads in it.
func laxTags(src []byte) []byte {
	return rangeEnds(condOrder(whenOr(forFilters(fixProperties(outputLines(src))))))
}

// outputLines writes each output ({{ … }}) whose markup spans lines on
// one line, as Ruby's Liquid reads it (its tokenizer and Liquid::Variable
// match the markup with /m: a newline is a space there) and the engine
// does not (it prints the output as text). The line breaks taken out
// follow the output in an empty comment, which writes nothing, so that
// the lines after it keep their numbers. Raw blocks and tags are left as
// they are.
func outputLines(src []byte) []byte {
	if !bytes.Contains(src, []byte("{{")) || !bytes.Contains(src, []byte("\n")) {
		return src
	}
	return liquidTagText.ReplaceAllFunc(src, func(t []byte) []byte {
		breaks := bytes.Count(t, []byte("\n"))
		if !bytes.HasPrefix(t, []byte("{{")) || breaks == 0 {
			return t
		}
		out := make([]byte, 0, len(t)+len("{% comment %}{% endcomment %}")+breaks)
		for _, c := range t {
			if c == '\n' || c == '\r' {
				c = ' '
			}
			out = append(out, c)
		}
		out = append(out, "{% comment %}"...)
		out = append(out, bytes.Repeat([]byte("\n"), breaks)...)
		return append(out, "{% endcomment %}"...)
	})
}

// liquidTagText is a tag or an output of a template, or a raw block.
var liquidTagText = regexp.MustCompile(`(?s)\{%-?\s*raw\s*-?%\}.*?\{%-?\s*endraw\s*-?%\}|\{%.*?%\}|\{\{.*?\}\}`)

// rangeExpr is a range in a tag, (start..end).
var rangeExpr = regexp.MustCompile(`\(\s*([^()\s]+?)\s*\.\.\s*([^()\s]+?)\s*\)`)

// intLiteral is a range end the engine reads as it is.
var intLiteral = regexp.MustCompile(`^-?\d+$`)

// rangeIntFilter is the filter rangeEnds applies to a range's end.
const rangeIntFilter = "sitegen_range_integer"

// rangeEnds writes a range whose end is not a number, (1..dice[0]), as
// the engine reads it: Ruby's Liquid reads each end of a range with
// RangeLookup#to_integer (an integer as it is, a text or nil by
// String#to_i, anything else by Utils.to_integer, "invalid integer"),
// where the engine takes only a Go int (adventure-book's weapons_list
// include loops over (1..weapon_dice[0]) of "1d8" | split: "d"). Each
// such end is assigned, through rangeInteger, just before its tag, to a
// name the range then reads; the tag stays on its line, and the assign
// trims the whitespace before it as the tag did.
func rangeEnds(src []byte) []byte {
	if !bytes.Contains(src, []byte("..")) {
		return src
	}
	n := 0
	return liquidTagText.ReplaceAllFunc(src, func(tag []byte) []byte {
		if bytes.HasPrefix(tag, []byte("{%")) {
			name := bytes.Fields(bytes.TrimLeft(tag[2:], "- \t\r\n"))
			if len(name) == 0 || slices.Contains([]string{"raw", "elsif", "when", "else", "liquid"}, string(name[0])) {
				return tag // a raw block, or no place for an assign before it
			}
		}
		var pre []byte
		out := rangeExpr.ReplaceAllFunc(tag, func(rg []byte) []byte {
			m := rangeExpr.FindSubmatch(rg)
			ends := [2][]byte{m[1], m[2]}
			for i, e := range ends {
				if intLiteral.Match(e) {
					continue
				}
				n++
				v := fmt.Sprintf("sitegen_range_%d", n)
				open, closing := "{%", "%}"
				if tag[2] == '-' {
					open, closing = "{%-", "-%}"
				}
				pre = fmt.Appendf(pre, "%s assign %s = %s | %s %s", open, v, e, rangeIntFilter, closing)
				ends[i] = []byte(v)
			}
			return fmt.Appendf(nil, "(%s..%s)", ends[0], ends[1])
		})
		return append(pre, out...)
	})
}

// rangeInteger is v as Ruby's Liquid reads an end of a range
// (Liquid::RangeLookup#to_integer): an integer as it is, nil and a text by
// String#to_i ("3" is 3, "abc" 0), anything else by Utils.to_integer,
// which fails ("invalid integer") on what is not an integer (2.0 too).
func rangeInteger(v any) (any, error) {
	switch x := v.(type) {
	case nil:
		return 0, nil
	case string:
		n, _ := strconv.Atoi(strings.TrimSpace(leadingInt.FindString(x)))
		return n, nil
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return int(rv.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return int(rv.Uint()), nil
	}
	return nil, errors.New("invalid integer")
}

// forFiltered is a for tag with filters after its collection: the tag's
// start, the filters, and the tag's end.
var forFiltered = regexp.MustCompile(`(\{%-?\s*(for|tablerow)\s+[\w-]+\s+in\s+[^\s|%]+(?:\s+reversed)?)((?:[^%]|%[^}])*?)(-?%\})`)

// forAttr is a for tag's limit: or offset:, a tablerow's cols: too.
var forAttr = regexp.MustCompile(`\b(?:limit|offset|cols)\s*:\s*[\w.]+`)

// forFilters writes a for or tablerow tag with more than its collection
// and attributes after it ({% for f in page.features | sort: 'name' %},
// {% tablerow a in site.data.arrays % cols:3 %}) as Ruby's lax Liquid
// reads it: Liquid::For#lax_parse and Liquid::TableRow take "x in
// collection" and the tag's attributes (/\A(\w+)\s+in\s+(QuotedFragment+)\s*(reversed)?/
// and TagAttributes, limit:, offset:, a tablerow's cols:) and pass over
// the rest (Jekyll 4.3.1 warns "Expected end_of_string but found pipe"
// and loops over the collection as it is), where the engine applies the
// filters or stops at the stray "%". A tag with nothing but attributes
// after its collection is left as written.
func forFilters(src []byte) []byte {
	if !bytes.Contains(src, []byte("for")) && !bytes.Contains(src, []byte("tablerow")) {
		return src
	}
	return forFiltered.ReplaceAllFunc(src, func(tag []byte) []byte {
		m := forFiltered.FindSubmatch(tag)
		if !bytes.ContainsAny(m[3], "|%") {
			return tag
		}
		out := append([]byte(nil), m[1]...)
		for _, a := range forAttr.FindAll(m[3], -1) {
			if string(m[2]) == "for" && bytes.HasPrefix(a, []byte("cols")) {
				continue
			}
			out = append(append(out, ' '), a...)
		}
		return append(append(out, ' '), m[4]...)
	})
}

// whenTag is a case's when tag.
var whenTag = regexp.MustCompile(`\{%-?\s*when\s[^%]*%\}`)

// whenOr writes a when tag's values separated by or ("{% when 'a' or 'b' %}":
// "A when tag can accept multiple values … Provide the values as a
// comma-separated list, or separate them using an or operator",
// https://shopify.github.io/liquid/tags/control-flow/#casewhen) separated
// by commas, which the engine reads. Quoted text is left as it is.
func whenOr(src []byte) []byte {
	if !bytes.Contains(src, []byte("when")) {
		return src
	}
	return whenTag.ReplaceAllFunc(src, func(tag []byte) []byte {
		var out []byte
		var quote byte
		for i := 0; i < len(tag); i++ {
			c := tag[i]
			switch {
			case quote != 0:
				if c == quote {
					quote = 0
				}
			case c == '"' || c == '\'':
				quote = c
			case c == ' ' && bytes.HasPrefix(tag[i:], []byte(" or ")):
				out = append(out, ", "...)
				i += len(" or ") - 1
				continue
			}
			out = append(out, c)
		}
		return out
	})
}

// condTag is an if, elsif or unless tag: its markup's start and end.
var condTag = regexp.MustCompile(`(?s)\{%-?\s*(?:if|elsif|unless)\s(.*?)-?%\}`)

// condOperator is an and or or between two conditions.
var condOperator = regexp.MustCompile(`\s+(and|or)\s+`)

// condOrder writes the condition of an if, elsif or unless tag that mixes
// and and or as Ruby's Liquid reads it: "In tags with more than one and
// or or operator, operators are checked in order from right to left"
// (https://shopify.github.io/liquid/basics/operators/#order-of-operations),
// so `a and b or c` is `a and (b or c)`, where the engine reads it from
// left to right, `(a and b) or c`: the right part of each operator
// parenthesized (the engine reads a parenthesized condition). Quoted text
// and raw blocks are left as they are; the lines keep their numbers.
func condOrder(src []byte) []byte {
	if !bytes.Contains(src, []byte(" or ")) || !bytes.Contains(src, []byte(" and ")) {
		return src
	}
	return liquidTagText.ReplaceAllFunc(src, func(tag []byte) []byte { // raw blocks as they are
		m := condTag.FindSubmatchIndex(tag)
		if m == nil || m[0] != 0 || m[1] != len(tag) {
			return tag
		}
		cond := tag[m[2]:m[3]]
		var at [][]int // the operators outside quotes
		for _, op := range condOperator.FindAllSubmatchIndex(cond, -1) {
			if quoted(cond[:op[0]]) {
				continue
			}
			at = append(at, op)
		}
		kinds := map[string]bool{}
		for _, op := range at {
			kinds[string(cond[op[2]:op[3]])] = true
		}
		if len(kinds) < 2 {
			return tag
		}
		out := append([]byte(nil), tag[:m[2]]...)
		start := 0
		for _, op := range at {
			out = append(out, cond[start:op[1]]...)
			out = append(out, '(')
			start = op[1]
		}
		rest := cond[start:]
		trimmed := bytes.TrimRight(rest, " \t\r\n")
		out = append(out, trimmed...)
		out = append(out, bytes.Repeat([]byte(")"), len(at))...)
		out = append(out, rest[len(trimmed):]...)
		return append(out, tag[m[3]:]...)
	})
}

// quoted reports whether s ends inside a quoted text.
func quoted(s []byte) bool {
	var q byte
	for _, c := range s {
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			q = c
		}
	}
	return q != 0
}

// isWord reports whether c may be part of a Liquid name.
func isWord(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// allDigits reports whether the word before src[dot] is a number (1.5).
func allDigits(src []byte, dot int) bool {
	i := dot - 1
	for i >= 0 && isWord(src[i]) {
		if src[i] < '0' || src[i] > '9' {
			return false
		}
		i--
	}
	return true
}

// rangeLiteral finds a range of literal numbers, (1..1000).
var rangeLiteral = regexp.MustCompile(`\(\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*\)`)

// cappedWriter fails once more than max bytes are written, or once the
// run is given up.
type cappedWriter struct {
	bytes.Buffer
	max       int
	cancelled *atomic.Bool
}

func (w *cappedWriter) Write(p []byte) (int, error) {
	if w.cancelled.Load() {
		return 0, errCancelled
	}
	if w.Len()+len(p) > w.max {
		return 0, &boundError{fmt.Sprintf("the page's Liquid writes more than %d MB, the most sitegen keeps", w.max>>20)}
	}
	return w.Buffer.Write(p)
}

// renderError is a failed rendering: the line of the page (or the
// include) it failed at, and why.
type renderError struct {
	file  string // "" for the page itself
	line  int
	msg   string
	bound bool // stopped by a bound, not a fault of the template
	// filter is the filter the engine does not define that stopped it.
	filter string
}

func (e *renderError) Error() string { return e.msg }

// render runs src (a template whose first line is line first of the page)
// with the bindings, within the bounds. A filter that neither Liquid nor
// Jekyll defines passes its input through, as Jekyll's Liquid does: its
// default is strict_filters: false ("liquid: error_mode: warn,
// strict_filters: false", https://jekyllrb.com/docs/configuration/default/),
// and Liquid's Strainer then returns the filter's input unchanged
// (Liquid::Strainer#invoke: "elsif @context.strict_filters raise
// Liquid::UndefinedFilter … else args.first"). The engine stops at such a
// filter: each is let through on the run's engine and the template run
// again, at most maxUndefFilters times; r.undef records them.
func (r *run) render(src []byte, first int, bindings map[string]any) ([]byte, error) {
	for {
		out, err := r.renderOnce(src, first, bindings)
		if err == nil || len(r.undef) >= maxUndefFilters {
			return out, err
		}
		var re *renderError
		if !errors.As(err, &re) || re.filter == "" {
			return out, err
		}
		r.undef = append(r.undef, undefFilter{name: re.filter, file: re.file, line: re.line})
		r.engine.RegisterFilter(re.filter, func(in any, _ ...any) any { return in })
	}
}

// undefWarnings are the warnings of the undefined filters r let
// through, each at the file and line that names it; page is the file of
// the page being made (a problem there names no file).
func (r *run) undefWarnings(page string) []layout.Problem {
	var ps []layout.Problem
	for _, u := range r.undef {
		file := cmp.Or(u.file, r.file)
		if file == page {
			file = ""
		}
		ps = append(ps, layout.Problem{File: file, Line: max(u.line, 1), Col: 1, Warning: true,
			Msg: fmt.Sprintf("Liquid: undefined filter %q: Jekyll's Liquid passes the value through unchanged (strict_filters: false), as sitegen does", u.name)})
	}
	return ps
}

// renderOnce is one rendering of render's.
func (r *run) renderOnce(src []byte, first int, bindings map[string]any) ([]byte, error) {
	for _, m := range rangeLiteral.FindAllSubmatchIndex(src, -1) {
		a, _ := strconv.Atoi(string(src[m[2]:m[3]]))
		b, _ := strconv.Atoi(string(src[m[4]:m[5]]))
		if b-a > maxRange {
			return nil, &renderError{line: first + bytes.Count(src[:m[0]], []byte("\n")), bound: true,
				msg: fmt.Sprintf("Liquid range %s has more than %d numbers, the most sitegen runs", src[m[0]:m[1]], maxRange)}
		}
	}
	tpl, serr := r.engine.ParseTemplateLocation(laxTags(src), r.file, first)
	if serr != nil {
		return nil, r.sourceError(serr)
	}
	type result struct {
		out []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil { // the engine's fault, not the page's: reported as the page's error
				msg, _, _ := strings.Cut(fmt.Sprint(v), "\n") // the engine's message, not its stack
				done <- result{err: fmt.Errorf("Liquid failed: %s", msg)}
			}
		}()
		w := &cappedWriter{max: maxOutput, cancelled: &r.cancelled}
		if err := tpl.FRender(w, bindings); err != nil {
			done <- result{err: r.sourceError(err)}
			return
		}
		done <- result{out: w.Bytes()}
	}()
	timer := time.NewTimer(cmp.Or(r.timeout, renderTimeout))
	defer timer.Stop()
	select {
	case res := <-done:
		return res.out, res.err
	case <-timer.C:
		r.cancelled.Store(true)
		return nil, &renderError{line: first, bound: true, msg: fmt.Sprintf("the page's Liquid did not finish in %s, the most sitegen waits (a loop over a huge list?)", cmp.Or(r.timeout, renderTimeout))}
	}
}

// sourceError is the engine's error as a renderError at its file and
// line, with the message of its innermost cause.
func (r *run) sourceError(err error) error {
	var re *renderError
	if errors.As(err, &re) {
		return re
	}
	e := &renderError{msg: err.Error()}
	var cause error = err
	for {
		if se, ok := cause.(liquid.SourceError); ok {
			if se.LineNumber() > 0 {
				e.line = se.LineNumber()
			}
			if p := se.Path(); p != "" && p != r.file {
				e.file = p
			}
			msg := se.Error()
			// "Liquid error (line N): MESSAGE in CONTEXT"
			if i := strings.Index(msg, ": "); i >= 0 && strings.HasPrefix(msg, "Liquid") {
				msg = msg[i+2:]
			}
			if i := strings.LastIndex(msg, " in "); i >= 0 {
				msg = msg[:i]
			}
			e.msg = msg
			if se.Cause() == nil {
				break
			}
			cause = se.Cause()
			continue
		}
		e.msg = cause.Error()
		var uf expressions.UndefinedFilter
		if errors.As(cause, &uf) {
			e.filter = string(uf)
		}
		break
	}
	var be *boundError
	e.bound = errors.As(cause, &be)
	return e
}

// boundError is a rendering stopped by one of the bounds.
type boundError struct{ msg string }

func (e *boundError) Error() string { return e.msg }
