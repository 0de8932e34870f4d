package vitepress

import (
	"bytes"
	"d6codex/cmd/sitegen/internal/frontspan"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"d6codex/cmd/sitegen/internal/layout"
)

// Vue's interpolation in Markdown: "Each Markdown file is first compiled
// into HTML and then passed on as a Vue component ... This means you can
// use Vue-style interpolation in text" (https://vitepress.dev/guide/using-vue#templating),
// and "$frontmatter" is the page's front matter in every template
// (https://vitepress.dev/reference/runtime-api#usedata). sitegen runs no
// Vue: the one form a rules page uses, {{ $frontmatter.key }} (the h1 of
// a page whose front matter holds its title), is replaced by the value;
// any other {{ … }} is warned, shown as written. Fenced code ("By default,
// fenced code blocks are automatically wrapped with v-pre") and ::: v-pre
// containers are not read; inline code is, as VitePress compiles it
// (only the v-pre attribute escapes it).

// interpolation is one {{ … }} on a line.
var interpolation = regexp.MustCompile(`\{\{(.*?)\}\}`)

// frontmatterKey is the expression {{ $frontmatter.key }} reads.
var frontmatterKey = regexp.MustCompile(`^\s*\$frontmatter\.([A-Za-z_$][A-Za-z0-9_$]*)\s*$`)

// Expand replaces {{ $frontmatter.key }} in the text of a page by the
// value of key in its front matter, as VitePress shows it: escaped (a
// character reference for each ASCII punctuation mark, so the value is
// text, never Markdown or HTML), or as it is inside inline code; an
// absent key is empty, as Vue shows undefined. Each other {{ … }} is a
// warning. A Vue component written into the page is removed first
// (dropVue). The lines do not move.
func Expand(_ string, src []byte, _ func(string) ([]byte, error)) layout.Expanded {
	src, probs := dropVue(src)
	if !bytes.Contains(src, []byte("{{")) {
		return layout.Expanded{Src: src, Problems: probs}
	}
	fm, body := frontMatter(src)
	out := make([]byte, 0, len(src))
	out = append(out, src[:len(src)-len(body)]...)
	firstLine := 1 + bytes.Count(src[:len(src)-len(body)], []byte("\n"))
	fence, vpre := "", 0
	for n, rest := firstLine, body; len(rest) > 0; n++ {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i+1], rest[i+1:]
		} else {
			rest = nil
		}
		text := bytes.TrimSpace(line)
		switch {
		case fence != "":
			if bytes.HasPrefix(text, []byte(fence)) && len(bytes.Trim(text, fence[:1])) == 0 {
				fence = ""
			}
		case bytes.HasPrefix(text, []byte("```")) || bytes.HasPrefix(text, []byte("~~~")):
			fence = string(text[:3])
		case bytes.HasPrefix(text, []byte(":::")):
			word := strings.TrimSpace(strings.TrimLeft(string(text), ":"))
			switch {
			case word == "" && vpre > 0:
				vpre--
			case vpre > 0 || strings.HasPrefix(word, "v-pre"):
				vpre++
			}
		case vpre == 0 && bytes.Contains(line, []byte("{{")):
			line = interpolate(line, fm, func(col int, expr string) {
				probs = append(probs, layout.Problem{Line: n, Col: col, Warning: true, Msg: fmt.Sprintf(
					"a Vue expression {{%s}}: VitePress evaluates it; sitegen runs no Vue (only {{ $frontmatter.key }} is read), so it shows as written", expr)})
			})
		}
		out = append(out, line...)
	}
	return layout.Expanded{Src: out, Problems: probs}
}

// interpolate replaces the {{ $frontmatter.key }} of one line (see
// Expand); warn receives the column and text of each other expression.
func interpolate(line []byte, fm map[string]any, warn func(col int, expr string)) []byte {
	code := codeSpans(line)
	var out []byte
	last := 0
	for _, m := range interpolation.FindAllSubmatchIndex(line, -1) {
		expr := string(line[m[2]:m[3]])
		col := 1 + utf8.RuneCount(line[:m[0]])
		k := frontmatterKey.FindStringSubmatch(expr)
		if k == nil {
			warn(col, expr)
			continue
		}
		value, ok := display(fm[k[1]])
		inCode := code(m[0])
		if !ok || inCode && strings.Contains(value, "`") {
			warn(col, expr)
			continue
		}
		out = append(out, line[last:m[0]]...)
		if inCode {
			out = append(out, value...)
		} else {
			out = appendEscaped(out, value)
		}
		last = m[1]
	}
	if out == nil {
		return line
	}
	return append(out, line[last:]...)
}

// display is how Vue shows a front matter value: a text, number or
// boolean as such, nothing for an absent one; false for what sitegen does
// not show (a list, a map, a date, which Vue shows as JSON).
func display(v any) (string, bool) {
	var s string
	switch v := v.(type) {
	case nil:
		return "", true
	case string:
		s = v
	case bool:
		s = strconv.FormatBool(v)
	case int:
		s = strconv.Itoa(v)
	case int64:
		s = strconv.FormatInt(v, 10)
	case uint64:
		s = strconv.FormatUint(v, 10)
	case float64:
		s = strconv.FormatFloat(v, 'f', -1, 64)
	default:
		return "", false
	}
	return strings.Join(strings.Fields(s), " "), true // one line
}

// appendEscaped appends s to out with each mark that could start Markdown
// or HTML inside a line (\ ` * _ [ ] < > & ! ~ | # and braces) as a
// numeric character reference: text in Markdown ("Entity and numeric
// character references are treated as literal text", CommonMark 0.31
// §2.5) and in raw HTML. Other punctuation (- . , : ? ( ) ' ") is kept,
// so that a title made from the heading's text reads as written.
func appendEscaped(out []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if strings.IndexByte("\\`*_[]<>&!~|#{}", c) >= 0 {
			out = append(out, "&#"...)
			out = strconv.AppendInt(out, int64(c), 10)
			out = append(out, ';')
			continue
		}
		out = append(out, c)
	}
	return out
}

// codeSpans returns whether a byte offset of line is inside an inline code
// span of it: a run of backticks to the next run of the same length.
func codeSpans(line []byte) func(int) bool {
	var spans [][2]int
	run := func(i int) int {
		j := i
		for j < len(line) && line[j] == '`' {
			j++
		}
		return j - i
	}
	for i := 0; i < len(line); {
		if line[i] != '`' {
			i++
			continue
		}
		n := run(i)
		closed := false
		for j := i + n; j < len(line); {
			if line[j] != '`' {
				j++
				continue
			}
			m := run(j)
			if m == n {
				spans = append(spans, [2]int{i, j + m})
				i, closed = j+m, true
				break
			}
			j += m
		}
		if !closed {
			i += n
		}
	}
	return func(at int) bool {
		for _, s := range spans {
			if at >= s[0] && at < s[1] {
				return true
			}
		}
		return false
	}
}

// frontMatter returns the YAML front matter of src as a map (nil when it
// has none or it cannot be read: the build reports that) and the text
// after it.
func frontMatter(src []byte) (map[string]any, []byte) {
	sp := frontspan.Find(src, frontspan.Options{Dots: true})
	if !sp.Closed {
		return nil, src
	}
	fm, _, err := layout.DecodeYAMLMap(src[sp.Start:sp.End])
	if err != nil {
		fm = nil
	}
	return fm, src[sp.Next:]
}
