package mkdocs

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// IncludeMarkdown is mkdocs-include-markdown-plugin's name in plugins:.
const IncludeMarkdown = "include-markdown"

// The bounds of a page's includes: depth, count and size, so that a file
// that includes itself, or one that doubles at each level, stops early.
const (
	maxIncludeDepth = 10
	maxIncludes     = 1000
	maxExpanded     = 10 << 20
)

// includeRE is a directive of the plugin: {% include-markdown "path"
// options %} or {% include "path" %}, over one line or several.
var includeRE = regexp.MustCompile(`(?s)\{%\s*(include-markdown|include)\s+(?:"([^"]*)"|'([^']*)')(.*?)%\}`)

// optionRE is one option of a directive: name=value, the value quoted or
// a word (true, false, a number).
var optionRE = regexp.MustCompile(`([A-Za-z_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|(\S+))`)

// mdLinkRE finds the destination of a Markdown inline link or image
// ("](dest") and of a link reference definition ("[id]: dest").
var mdLinkRE = regexp.MustCompile(`(\]\(\s*<?|^\s{0,3}\[[^\]]+\]:\s*<?)([^\s)>]+)`)

// ExpandIncludes applies mkdocs-include-markdown-plugin's directives to
// the page file (a source-relative slash path) whose text is src, as
// https://pypi.org/project/mkdocs-include-markdown-plugin/ documents them:
// "This plugin provides two directives, one to include markdown files
// and another to include files of any type. Paths of included files can
// be absolute or relative to the path of the file that includes them":
//
//   - {% include-markdown "path" %} "Includes markdown file content,
//     optionally using two delimiters to filter the content to include"
//     (start=, end=: the text after the first start, up to the next end);
//     "rewrite-relative-urls (true): … Markdown links and images in the
//     content that are specified by a relative URL are rewritten to work
//     correctly in their new location"; "preserve-includer-indent
//     (true): every line of the content to include is indented with the
//     same number of spaces used to indent the includer {% %} template";
//     comments= only adds HTML comments, which show nothing; an included
//     file's own directives are applied, from its folder;
//   - {% include "path" %} "Includes the content of a file", as it is.
//
// A path must be relative to the page's folder and stay inside the
// source folder (an absolute one names a file of the author's machine);
// hidden files are never read. A directive that cannot be applied is
// removed and reported (an error unless broken links are warnings: the
// plugin stops the build on a missing file); an option sitegen does not
// apply (dedent, heading-offset, a glob pattern) is a warning.
func ExpandIncludes(file string, src []byte, read func(file string) ([]byte, error)) layout.Expanded {
	if !includeRE.Match(src) {
		return layout.Expanded{Src: src}
	}
	x := &includer{read: read, starts: lineStarts(src)}
	text := string(src)
	var b strings.Builder
	var lines []int // the page line of each output line
	line := 1       // the page line of the text being copied
	atStart := true
	lastLine := "" // the output's last line so far: what precedes a directive
	emit := func(s string, at int, fixed bool) {
		for i := 0; i < len(s); i++ {
			if atStart {
				lines = append(lines, at)
				atStart = false
			}
			if s[i] == '\n' {
				atStart = true
				if !fixed {
					at++
				}
			}
		}
		b.WriteString(s)
		if j := strings.LastIndexByte(s, '\n'); j >= 0 {
			lastLine = s[j+1:]
		} else {
			lastLine += s
		}
	}
	prev := 0
	for _, m := range includeRE.FindAllStringSubmatchIndex(text, -1) {
		emit(text[prev:m[0]], line, false)
		line += strings.Count(text[prev:m[0]], "\n")
		out := x.directive(text, m, path.Dir(file), 0, lastLine, line, m[0])
		emit(out, line, true)
		line += strings.Count(text[m[0]:m[1]], "\n")
		prev = m[1]
	}
	emit(text[prev:], line, false)
	return layout.Expanded{Src: []byte(b.String()), Lines: lines, Problems: x.problems}
}

type includer struct {
	read     func(string) ([]byte, error)
	starts   []int // line starts of the page
	problems []layout.Problem
	count    int
	size     int
	told     bool // the bounds were passed, and the page told
}

// directive is what the directive matched by m in text (the page, or an
// included file at depth > 0) becomes, read from folder dir; indent is
// the text before it on its line; line and off place problems in the page.
func (x *includer) directive(text string, m []int, dir string, depth int, indent string, line, off int) string {
	d := strings.TrimSpace(text[m[0]:m[1]])
	kind := text[m[2]:m[3]]
	target := ""
	if m[4] >= 0 {
		target = text[m[4]:m[5]]
	} else {
		target = text[m[6]:m[7]]
	}
	opts := map[string]string{}
	for _, o := range optionRE.FindAllStringSubmatch(text[m[8]:m[9]], -1) {
		v := o[2] + o[3] + o[4]
		opts[strings.ReplaceAll(o[1], "_", "-")] = unescape(v)
	}
	if x.count >= maxIncludes || x.size > maxExpanded || depth >= maxIncludeDepth {
		if !x.told { // once: a file that includes itself would say it at each level
			x.told = true
			x.problem(line, off, false, fmt.Sprintf("broken include %s: includes nest more than %d deep, number more than %d or make the page longer than %d MB (a file that includes itself?); the deeper ones are left out", d, maxIncludeDepth, maxIncludes, maxExpanded>>20))
		}
		return ""
	}
	if strings.ContainsAny(target, "*?[") {
		x.problem(line, off, true, fmt.Sprintf("%s: a glob pattern is not applied: nothing is included", d))
		return ""
	}
	file, msg := resolveInclude(dir, target)
	if msg != "" {
		x.problem(line, off, false, fmt.Sprintf("broken include %s: %s", d, msg))
		return ""
	}
	raw, err := x.read(file)
	if err != nil {
		x.problem(line, off, false, fmt.Sprintf("broken include %s: %s: %v", d, file, err))
		return ""
	}
	x.count++
	content := strings.ReplaceAll(string(raw), "\r\n", "\n")
	for _, name := range []string{"dedent", "heading-offset", "recursive", "trailing-newlines", "encoding"} {
		if v, ok := opts[name]; ok && !(name == "recursive" && v == "true") && !(name == "dedent" && v == "false") {
			x.problem(line, off, true, fmt.Sprintf("%s: option %s=%s is not applied", d, name, v))
		}
	}
	if kind == "include-markdown" {
		if s, ok := opts["start"]; ok {
			i := strings.Index(content, s)
			if i < 0 {
				x.problem(line, off, true, fmt.Sprintf("%s: start %q is not in %s: nothing is included", d, s, file))
				return ""
			}
			content = content[i+len(s):]
		}
		if e, ok := opts["end"]; ok {
			if i := strings.Index(content, e); i >= 0 {
				content = content[:i]
			}
		}
		if opts["rewrite-relative-urls"] != "false" && path.Dir(file) != dir {
			content = rewriteURLs(content, path.Dir(file), dir)
		}
		content = x.nested(content, path.Dir(file), depth+1, line, off)
	}
	content = strings.TrimSuffix(content, "\n")
	if opts["preserve-includer-indent"] != "false" && strings.TrimSpace(indent) == "" && indent != "" {
		content = strings.ReplaceAll(content, "\n", "\n"+indent)
	}
	x.size += len(content)
	return content
}

// nested applies the directives of an included file's text, from its
// folder dir.
func (x *includer) nested(text, dir string, depth, line, off int) string {
	ms := includeRE.FindAllStringSubmatchIndex(text, -1)
	if ms == nil {
		return text
	}
	var b strings.Builder
	prev := 0
	for _, m := range ms {
		b.WriteString(text[prev:m[0]])
		done := b.String()
		b.WriteString(x.directive(text, m, dir, depth, done[strings.LastIndexByte(done, '\n')+1:], line, off))
		prev = m[1]
	}
	b.WriteString(text[prev:])
	return b.String()
}

// resolveInclude is the source-relative path of target, relative to the
// folder dir, or why it may not be read.
func resolveInclude(dir, target string) (string, string) {
	if target == "" || strings.HasPrefix(target, "/") || strings.Contains(target, `\`) || strings.Contains(target, "://") {
		return "", fmt.Sprintf("%q is not a path relative to the page", target)
	}
	p := path.Join(dir, target)
	if p == ".." || strings.HasPrefix(p, "../") || p == "." {
		return "", fmt.Sprintf("%q is outside the source folder", target)
	}
	for _, part := range strings.Split(p, "/") {
		if strings.HasPrefix(part, ".") {
			return "", fmt.Sprintf("%q is a hidden file: sitegen never publishes one", target)
		}
	}
	return p, ""
}

// rewriteURLs rewrites the relative destinations of the Markdown links
// and images of text, written from the folder from, to work from the
// folder to.
func rewriteURLs(text, from, to string) string {
	lines := strings.Split(text, "\n")
	fence := ""
	for i, l := range lines {
		t := strings.TrimLeft(l, " ")
		if fence == "" && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")) {
			fence = t[:3]
			continue
		}
		if fence != "" {
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			continue
		}
		lines[i] = mdLinkRE.ReplaceAllStringFunc(l, func(s string) string {
			sm := mdLinkRE.FindStringSubmatch(s)
			dest := sm[2]
			if strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "#") || strings.Contains(dest, ":") {
				return s
			}
			rel, err := filepath.Rel(filepath.FromSlash(to), filepath.FromSlash(path.Join(from, dest)))
			if err != nil {
				return s
			}
			out := filepath.ToSlash(rel)
			if strings.HasSuffix(dest, "/") && !strings.HasSuffix(out, "/") {
				out += "/"
			}
			return sm[1] + out
		})
	}
	return strings.Join(lines, "\n")
}

// unescape reads the Python-style escapes of an option's value ("start
// and end strings may contain usual (Python-style) escape sequences like
// \n").
func unescape(v string) string {
	r := strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\"`, `"`, `\'`, `'`, `\\`, `\`)
	return r.Replace(v)
}

func (x *includer) problem(line, off int, warning bool, msg string) {
	col := off - x.starts[line-1] + 1
	x.problems = append(x.problems, layout.Problem{Line: line, Col: col, Msg: msg, Warning: warning})
}

// lineStarts are the offsets at which src's lines start.
func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}
