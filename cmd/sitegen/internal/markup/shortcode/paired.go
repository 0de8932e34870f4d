package shortcode

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/util"
)

// A shortcode sitegen does not know is paired when its closing tag
// follows: Hugo's "Inner: Returns the content between opening and
// closing shortcode tags, applicable when the shortcode call includes a
// closing tag" (https://gohugo.io/methods/shortcode/inner/). Its template
// (a theme's or the project's, which sitegen does not run) decides how
// that content shows; sitegen shows it as the page's Markdown, its common
// indentation removed, so text indented under its tag is never code.

// tagRE finds a shortcode's opening or closing tag anywhere in a page.
var tagRE = regexp.MustCompile(`\{\{[<%]\s*(/?)\s*([A-Za-z][\w./-]*)`)

// pairsKey holds a page's pairs: the source offset of each opening tag
// that has a closing tag, to that closing tag's offset.
var pairsKey = parser.NewContextKey()

// closingOf returns the source offset of the closing tag of the shortcode
// name opened at offset at, or -1 when none closes it. Tags of one name
// nest: a closing tag closes the nearest open one before it.
func closingOf(pc parser.Context, src []byte, name string, at int) int {
	pairs, ok := pc.Get(pairsKey).(map[int]int)
	if !ok {
		pairs = findPairs(src)
		pc.Set(pairsKey, pairs)
	}
	if end, ok := pairs[at]; ok {
		return end
	}
	return -1
}

// findPairs matches the page's opening and closing tags, name by name
// (names compare without case, as parseCall reads them).
func findPairs(src []byte) map[int]int {
	pairs := map[int]int{}
	open := map[string][]int{}
	for _, m := range tagRE.FindAllSubmatchIndex(src, -1) {
		name := string(bytes.ToLower(src[m[4]:m[5]]))
		if m[3] > m[2] { // a closing tag
			if s := open[name]; len(s) > 0 {
				pairs[s[len(s)-1]] = m[0]
				open[name] = s[:len(s)-1]
			}
			continue
		}
		open[name] = append(open[name], m[0])
	}
	return pairs
}

// innerHTML reports whether the content src[from:to] of a {{< >}}
// shortcode is HTML: its first non-blank line starts with a tag. "{{<
// myshortcode >}} tells Hugo that the rendered shortcode does not need
// further processing. For example, the shortcode content is HTML"
// (https://gohugo.io/methods/page/rendershortcodes/): its lines are
// HTML, whose indentation means nothing, never indented code (Docsy's
// blocks/cover holding tab-indented <p> after a blank line).
func innerHTML(src []byte, from, to int) bool {
	for _, line := range bytes.Split(src[from:to], []byte("\n")) {
		if t := bytes.TrimSpace(line); len(t) > 0 {
			return len(t) > 1 && t[0] == '<' && (t[1] == '/' || t[1] == '!' || t[1] >= 'a' && t[1] <= 'z' || t[1] >= 'A' && t[1] <= 'Z')
		}
	}
	return false
}

// innerIndent returns the columns of indentation the non-blank lines of
// src[from:to] share beyond base columns (those the enclosing blocks
// take): what is removed from each inner line.
func innerIndent(src []byte, from, to, base int) int {
	least := -1
	for _, line := range bytes.Split(src[from:to], []byte("\n")) {
		if util.IsBlank(line) {
			continue
		}
		w, _ := util.IndentWidth(line, 0)
		if least < 0 || w < least {
			least = w
		}
	}
	return max(least-base, 0)
}

// RawRefs returns raw HTML s with each ref and relref shortcode in it
// ("<a href=\"{{< relref \"/docs\" >}}\">", Docsy's cover block) replaced
// by url of the page path it names as a Markdown link would name it
// ("/docs.md", the fragment kept): Hugo replaces a shortcode wherever it
// stands, inside an HTML attribute too ("{{< myshortcode >}} tells Hugo
// that the rendered shortcode does not need further processing",
// https://gohugo.io/methods/page/rendershortcodes/). url returns the
// page's URL, or "" to leave the shortcode as written.
func RawRefs(s string, url func(dest string) string) string {
	return rawRefs(s, url)
}

// RefDest is the link destination of a ref or relref to target ("docs/x"
// is the file "docs/x.md"), as RawRefs resolves it.
func RefDest(target string) string {
	return string(refLink(call{pos: []string{target}}, 0, nil).Destination)
}

func rawRefs(s string, url func(dest string) string) string {
	if !strings.Contains(s, "{{") {
		return s
	}
	var b strings.Builder
	last := 0
	for i := strings.Index(s, "{{"); i >= 0; {
		c, ok := parseCall([]byte(s[i:]))
		if ok && !c.closing && (c.name == "ref" || c.name == "relref") && !hasScheme(refTarget(c)) {
			if u := url(string(refLink(c, 0, nil).Destination)); u != "" {
				b.WriteString(s[last:i])
				b.WriteString(u)
				last = i + c.length
				i = last
			}
		}
		next := strings.Index(s[i+1:], "{{")
		if next < 0 {
			break
		}
		i += 1 + next
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}
