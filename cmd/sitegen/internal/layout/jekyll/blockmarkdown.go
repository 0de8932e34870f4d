package jekyll

import (
	"bytes"
	"regexp"
	"strings"
)

// blockStart is a line that holds only the start tag of an element with
// kramdown's markdown attribute asking for its content to be read as
// Markdown: the indentation, the name, the attributes before and after it,
// and the value.
var blockStart = regexp.MustCompile(`^( {0,3})<([a-zA-Z][a-zA-Z0-9-]*)((?:\s[^<>]*?)?)\s+markdown=["']?(1|block)["']?([^<>]*?)\s*>\s*$`)

// blockElements are CommonMark's HTML blocks of kind 6, whose block goes
// on to the next blank line: an element of them inside an element read as
// Markdown is one HTML block, and what follows it Markdown, as kramdown
// reads it.
var blockElements = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`address article aside base basefont blockquote body caption center col colgroup dd details
		dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe
		legend li link main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot
		th thead title tr track ul`) {
		blockElements[n] = true
	}
}

// elementStart is a line that starts with a start tag, its name.
var elementStart = regexp.MustCompile(`^\s*<([a-zA-Z][a-zA-Z0-9-]*)[\s>/]`)

// classIAL is a block attribute list of classes and an id only.
var classIAL = regexp.MustCompile(`^\s*\{:\s*((?:[.#][\w-]+\s*)+)\}\s*$`)

// htmlMark starts a line of HTML that is its own block: CommonMark's HTML
// block of kind 2 ("<!--" … "-->") ends on its line, where one of kind 6
// (<div>) would go on to the next blank line and take the Markdown below
// it for HTML.
const htmlMark = "<!---->"

// maxBlockNesting bounds how deep elements read as Markdown are looked for
// inside each other.
const maxBlockNesting = 16

// blockMarkdown is text with the content of each element of raw HTML that
// kramdown reads as blocks of Markdown made so for sitegen's Markdown
// (CommonMark): "If an HTML tag has an attribute markdown="1", then the
// default mechanism for parsing syntax in this tag is used" (blocks, for a
// block element; span elements are spanMarkdown's), "If an HTML tag has an
// attribute markdown="block", then the content of the tag is parsed as
// block level elements" (https://kramdown.gettalong.org/syntax.html#html-blocks).
// The start and end tags, each alone on its line, are written as HTML
// blocks of one line, the attribute dropped; inside, the content loses
// its common indentation, and an element of HTML that starts a line is
// joined into one line, a block of its own, with the classes and id of a
// block attribute list on the line below it ("{: .text-delta }" after
// <summary>). Lines keep their numbers; an element not closed, or in a
// fenced code block, is left as it is.
func blockMarkdown(text []byte) []byte {
	if !bytes.Contains(text, []byte("markdown=")) {
		return text
	}
	lines := bytes.SplitAfter(text, []byte("\n"))
	markBlocks(lines, 0)
	return bytes.Join(lines, nil)
}

// markBlocks rewrites the elements read as Markdown in lines (see
// blockMarkdown), depth deep in others.
func markBlocks(lines [][]byte, depth int) {
	fence := ""
	for i := 0; i < len(lines); i++ {
		if fenceLine(lines[i], &fence) || fence != "" {
			continue
		}
		m := blockStart.FindSubmatch(bytes.TrimRight(lines[i], "\r\n"))
		if m == nil {
			continue
		}
		name := strings.ToLower(string(m[2]))
		if string(m[4]) == "1" && spanContent[name] {
			continue
		}
		end := closingLine(lines, i, name)
		if end < 0 {
			continue
		}
		lines[i] = []byte(htmlMark + "<" + string(m[2]) + string(m[3]) + string(m[5]) + ">" + lineEnd(lines[i]))
		lines[end] = []byte(htmlMark + string(bytes.TrimSpace(lines[end])) + lineEnd(lines[end]))
		inner := lines[i+1 : end]
		dedent(inner)
		if depth < maxBlockNesting {
			markBlocks(inner, depth+1)
		}
		markElements(inner)
		i = end
	}
}

// fenceLine reports whether line opens or closes a fenced code block,
// *fence the open fence's mark ("" outside one).
func fenceLine(line []byte, fence *string) bool {
	t := bytes.TrimLeft(line, " ")
	if !bytes.HasPrefix(t, []byte("```")) && !bytes.HasPrefix(t, []byte("~~~")) {
		return false
	}
	switch mark := string(t[:3]); {
	case *fence == "":
		*fence = mark
	case *fence == mark:
		*fence = ""
	}
	return true
}

// closingLine is the line after from that closes the element name opened
// on line from, alone on it (its tags counted in between); -1 for none.
func closingLine(lines [][]byte, from int, name string) int {
	open := regexp.MustCompile(`(?i)<` + regexp.QuoteMeta(name) + `[\s>/]`)
	closing := regexp.MustCompile(`(?i)</` + regexp.QuoteMeta(name) + `\s*>`)
	depth := 1
	for j := from + 1; j < len(lines); j++ {
		depth += len(open.FindAllIndex(lines[j], -1)) - len(closing.FindAllIndex(lines[j], -1))
		if depth <= 0 {
			if depth == 0 && closing.Match(lines[j]) && len(closing.ReplaceAll(bytes.TrimSpace(lines[j]), nil)) == 0 {
				return j
			}
			return -1
		}
	}
	return -1
}

// markElements joins each element of HTML that starts a line of lines,
// a block element closed at the end of a line, into its first line,
// written as an HTML block of one line; the lines it took are left blank,
// and a block attribute list of classes and an id on the next line is
// applied to it and left blank too.
func markElements(lines [][]byte) {
	fence := ""
	for k := 0; k < len(lines); k++ {
		if fenceLine(lines[k], &fence) || fence != "" {
			continue
		}
		m := elementStart.FindSubmatch(lines[k])
		if m == nil || !blockElements[strings.ToLower(string(m[1]))] {
			continue
		}
		name := strings.ToLower(string(m[1]))
		closing := regexp.MustCompile(`(?i)</` + regexp.QuoteMeta(name) + `\s*>\s*$`)
		e := k
		if !closing.Match(bytes.TrimSpace(lines[k])) {
			if e = closingLine(lines, k, name); e < 0 {
				continue
			}
		}
		parts := make([]string, 0, e-k+1)
		for j := k; j <= e; j++ {
			parts = append(parts, string(bytes.TrimSpace(lines[j])))
			if j > k {
				lines[j] = []byte(lineEnd(lines[j]))
			}
		}
		joined := strings.Join(parts, " ")
		if e+1 < len(lines) {
			if a := classIAL.FindSubmatch(lines[e+1]); a != nil {
				joined = withAttributes(joined, string(a[1]))
				lines[e+1] = []byte(lineEnd(lines[e+1]))
			}
		}
		lines[k] = []byte(htmlMark + joined + lineEnd(lines[k]))
		k = e
	}
}

// withAttributes is the element el (its HTML) with the classes and id of
// a block attribute list's items (".a #b") added to its start tag, where
// it has neither attribute of its own.
func withAttributes(el, items string) string {
	end := strings.IndexByte(el, '>')
	if end < 0 {
		return el
	}
	tag := el[:end]
	var classes []string
	id := ""
	for _, it := range strings.Fields(items) {
		switch it[0] {
		case '.':
			classes = append(classes, it[1:])
		case '#':
			id = it[1:]
		}
	}
	add := ""
	if len(classes) > 0 && !strings.Contains(tag, "class=") {
		add += ` class="` + strings.Join(classes, " ") + `"`
	}
	if id != "" && !strings.Contains(tag, "id=") {
		add += ` id="` + id + `"`
	}
	if strings.HasSuffix(tag, "/") {
		return tag[:len(tag)-1] + add + "/" + el[end:]
	}
	return tag + add + el[end:]
}

// dedent removes the indentation the lines that are not blank share.
func dedent(lines [][]byte) {
	common := -1
	for _, l := range lines {
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		n := len(l) - len(bytes.TrimLeft(l, " "))
		if common < 0 || n < common {
			common = n
		}
	}
	if common <= 0 {
		return
	}
	for i, l := range lines {
		if len(l) >= common && len(bytes.TrimSpace(l[:common])) == 0 {
			lines[i] = l[common:]
		}
	}
}

// lineEnd is the line break that ends line ("" for the last line).
func lineEnd(line []byte) string {
	switch {
	case bytes.HasSuffix(line, []byte("\r\n")):
		return "\r\n"
	case bytes.HasSuffix(line, []byte("\n")):
		return "\n"
	}
	return ""
}
