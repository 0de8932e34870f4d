package jekyll

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	ghtml "github.com/yuin/goldmark/renderer/html"
)

// spanStart is a start tag with kramdown's markdown attribute asking for
// span-level parsing: its name, the attributes before and after it, and
// the value.
var spanStart = regexp.MustCompile(`<([a-zA-Z][a-zA-Z0-9]*)((?:\s[^<>]*?)?)\s+markdown=["']?(span|1)["']?([^<>]*)>`)

// spanContent are the elements whose content kramdown's markdown="1"
// parses as span-level text (the others' as blocks, not done here).
var spanContent = map[string]bool{"p": true, "span": true, "a": true, "em": true, "strong": true, "td": true, "th": true,
	"dt": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "label": true, "summary": true}

// spanMarkdown is text with the content of each element of raw HTML that
// kramdown parses as span-level Markdown (markdown="span", or
// markdown="1" on an element of text) rendered, where the element's
// start and end tags are on one line: "If an HTML tag has an attribute
// markdown="span", then the content of the tag is parsed as span level
// elements" (https://kramdown.gettalong.org/syntax.html#html-blocks). The
// attribute is not written, as kramdown does not. Lines keep their
// numbers. An element over lines, or in a fenced code block, is left as
// it is.
func spanMarkdown(text []byte) []byte {
	if !bytes.Contains(text, []byte("markdown=")) {
		return text
	}
	var md goldmark.Markdown
	lines := bytes.SplitAfter(text, []byte("\n"))
	fence := ""
	for i, line := range lines {
		if t := bytes.TrimLeft(line, " "); bytes.HasPrefix(t, []byte("```")) || bytes.HasPrefix(t, []byte("~~~")) {
			switch mark := string(t[:3]); {
			case fence == "":
				fence = mark
			case fence == mark:
				fence = ""
			}
			continue
		}
		if fence != "" || !bytes.Contains(line, []byte("markdown=")) {
			continue
		}
		var out []byte
		rest := line
		for {
			m := spanStart.FindSubmatchIndex(rest)
			if m == nil {
				break
			}
			name := strings.ToLower(string(rest[m[2]:m[3]]))
			val := string(rest[m[6]:m[7]])
			end := bytes.Index(rest[m[1]:], []byte("</"+name+">"))
			inner := rest[m[1]:]
			if end >= 0 {
				inner = inner[:end]
			}
			if end < 0 || (val == "1" && !spanContent[name]) || bytes.Contains(bytes.ToLower(inner), []byte("<"+name)) {
				out = append(out, rest[:m[1]]...)
				rest = rest[m[1]:]
				continue
			}
			if md == nil {
				md = goldmark.New(goldmark.WithExtensions(extension.Strikethrough), goldmark.WithRendererOptions(ghtml.WithUnsafe()))
			}
			out = append(out, rest[:m[0]]...)
			out = append(out, '<')
			out = append(out, rest[m[2]:m[3]]...)
			out = append(out, rest[m[4]:m[5]]...)
			out = append(out, rest[m[8]:m[9]]...)
			out = append(out, '>')
			out = append(out, spanHTML(md, inner)...)
			rest = rest[m[1]+end:]
		}
		lines[i] = append(out, rest...)
	}
	return bytes.Join(lines, nil)
}

// spanHTML is s rendered as span-level Markdown: one paragraph's content,
// else s as it is.
func spanHTML(md goldmark.Markdown, s []byte) []byte {
	var b bytes.Buffer
	if err := md.Convert(bytes.TrimSpace(s), &b); err != nil {
		return s
	}
	h := bytes.TrimSuffix(b.Bytes(), []byte("\n"))
	if !bytes.HasPrefix(h, []byte("<p>")) || !bytes.HasSuffix(h, []byte("</p>")) || bytes.Count(h, []byte("<p>")) != 1 || bytes.ContainsRune(h, '\n') {
		return s
	}
	return h[3 : len(h)-4]
}
