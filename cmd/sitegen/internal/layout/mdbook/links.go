package mdbook

import (
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/srcname"
)

// The bounds of what a page's includes may make: mdBook's own depth
// (MAX_LINK_NESTED_DEPTH), and sitegen's page size and a count of
// includes, so that a file including itself, or one that doubles at each
// level, stops early.
const (
	MaxIncludeDepth = 10
	MaxExpanded     = 10 << 20
	MaxIncludes     = 10000
)

// linkRE is the links preprocessor's pattern: an escaped directive, or
// {{#type arguments}}.
var linkRE = regexp.MustCompile(`\\\{\{#.*\}\}|\{\{\s*#([a-zA-Z0-9_]+)\s+([^}]+)\}\}`)

// mdBookDirective reports whether the directive d (linkRE's match m in
// text) is the links preprocessor's: one it applies, or its escape.
func mdBookDirective(d string, m []int, text string) bool {
	if strings.HasPrefix(d, `\`) {
		return true
	}
	if len(m) < 6 || m[2] < 0 {
		return false
	}
	switch text[m[2]:m[3]] {
	case "title", "include", "rustdoc_include", "playground", "playpen":
		return true
	}
	return false
}

// anchorStart and anchorEnd are mdBook's anchor lines.
var (
	anchorStart = regexp.MustCompile(`ANCHOR:\s*([\w_-]+)`)
	anchorEnd   = regexp.MustCompile(`ANCHOR_END:\s*([\w_-]+)`)
)

// Expand applies mdBook's links preprocessor to the chapter file (a
// source-relative slash path) whose text is src, as
// https://rust-lang.github.io/mdBook/format/mdbook.html documents it:
//
//   - {{#include path}}, with a line (path:2), a range (path:2:10,
//     path::10, path:2:), or an anchor (path:name, the lines between
//     "ANCHOR: name" and "ANCHOR_END: name", other anchor lines left
//     out), is replaced by that part of the file, each of its lines after
//     the first prefixed with what precedes the directive on its line;
//     an included file's own directives are applied too, from its folder,
//     at most MaxIncludeDepth deep;
//   - {{#rustdoc_include path:range}} is shown as the lines a reader sees
//     at first: those of the range (mdBook hides the others behind "# ");
//   - {{#playground path attrs}} is the file in a ```rust,attrs block;
//   - {{#title text}} sets the page's <title> and is removed;
//   - \{{#...}} is the directive's text, without the backslash.
//
// Paths are relative to the chapter's folder and must stay inside the
// source folder; hidden files are never read. A directive that cannot be
// applied is removed, and reported as a problem ("broken include", an
// error unless broken links are warnings: mdBook logs it and goes on).
// Other {{#words}} are left as they are, as mdBook leaves them. Expand
// applies no third-party preprocessor: Plugins.Expand does.
func Expand(file string, src []byte, read func(file string) ([]byte, error)) layout.Expanded {
	return expand(Plugins{}, file, src, read)
}

// expand is Expand with the plugins pl applied too: their directives
// ({{#template}}, {% embed %}) in the same pass as mdBook's, so that
// their lines map back to the chapter's; emoji codes and sized images
// last, on the whole text, as mdbook-emojicodes and mdbook-image-size
// replace them in the chapter's (x.inline).
func expand(pl Plugins, file string, src []byte, read func(file string) ([]byte, error)) layout.Expanded {
	re := linkRE
	if pl.Embedify {
		re = linkEmbedRE
	}
	if !re.Match(src) {
		if pl.Emoji || pl.ImageSize {
			x := &expander{read: read, pl: pl}
			if out := x.inline(string(src), true, ""); out != string(src) {
				return layout.Expanded{Src: []byte(out)}
			}
		}
		return layout.Expanded{Src: src}
	}
	x := &expander{read: read, lines: lineStarts(src), pl: pl, re: re}
	var segs []segment
	text := string(src)
	ignored := x.ignoredEmbeds(text)
	var fenced [][2]int
	if len(pl.Unrun) > 0 {
		fenced = fencedBlocks(text)
	}
	prev := 0
	for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
		start, end := m[0], m[1]
		line := x.lineOf(start)
		segs = append(segs, segment{text: text[prev:start], line: x.lineOf(prev)})
		prefix := lastLine(segs)
		out, keep := "", true
		if !inRanges(ignored, start) {
			x.alone = len(pl.Unrun) > 0 && aloneOutsideCode(text, start, end, fenced)
			out, keep = x.directive(text[start:end], m, text, path.Dir(file), 0, prefix, line, start)
		}
		if keep {
			segs = append(segs, segment{text: text[start:end], line: line})
		} else {
			segs = append(segs, segment{text: out, line: line, fixed: true, from: owner(text, m)})
		}
		prev = end
		if x.stop && !x.told {
			x.told = true
			x.problem(line, start, false, fmt.Sprintf("broken include: the chapter with its includes is longer than %d MB or has more than %d includes; its includes from here on are left out", MaxExpanded>>20, MaxIncludes))
		}
	}
	segs = append(segs, segment{text: text[prev:], line: x.lineOf(prev)})
	var b strings.Builder
	for _, s := range segs {
		b.WriteString(x.inline(s.text, !s.fixed, s.from))
	}
	return layout.Expanded{Src: []byte(b.String()), Lines: lineMap(segs), Title: x.title, Problems: x.problems}
}

type expander struct {
	read     func(string) ([]byte, error)
	pl       Plugins
	re       *regexp.Regexp    // linkRE, or linkEmbedRE with embedify
	emojis   map[string]string // custom emojis looked up: name to its text, "" for none
	alone    bool              // the directive at hand stands on its own line, outside code
	lines    []int             // line starts of the chapter
	title    string
	problems []layout.Problem
	size     int  // bytes included so far
	count    int  // includes so far
	stop     bool // a bound was passed: include nothing more
	told     bool // and the page was told
}

// segment is a piece of the expanded text: a run of the chapter's own
// text starting at line, or (fixed) what a directive on line became.
type segment struct {
	text  string
	line  int
	fixed bool
	from  string // the preprocessor whose directive the fixed text is
}

// directive returns what the directive d (matched by m in text, which is
// the chapter at depth 0 or an included file) becomes, read from folder
// dir. keep is true for a directive mdBook does not know, left as it is.
// line and off place problems in the chapter.
func (x *expander) directive(d string, m []int, text, dir string, depth int, prefix string, line, off int) (out string, keep bool) {
	if x.pl.NoLinks && mdBookDirective(d, m, text) {
		return d, true
	}
	if strings.HasPrefix(d, `\`) {
		return d[1:], false
	}
	if len(m) > 6 && m[6] >= 0 {
		return x.embed(d, text[m[6]:m[7]], text[m[8]:m[9]], depth, prefix, line, off)
	}
	kind := text[m[2]:m[3]]
	arg := text[m[4]:m[5]]
	switch kind {
	case "title":
		if depth == 0 {
			x.title = strings.TrimSpace(arg)
		}
		return "", false
	case "include", "rustdoc_include", "playground", "playpen":
	case "template":
		if !x.pl.Template {
			return x.unknown(d, kind, line, off)
		}
	default:
		return x.unknown(d, kind, line, off)
	}
	if x.stop || x.count >= MaxIncludes || x.size > MaxExpanded {
		x.stop = true
		return "", false
	}
	fields := strings.Fields(arg)
	target, spec, _ := strings.Cut(fields[0], ":")
	if kind == "playground" || kind == "playpen" || kind == "template" {
		target, spec = fields[0], ""
	}
	file, content, ok := x.load(strings.TrimSpace(d), dir, target, line, off)
	if !ok {
		return "", false
	}
	switch kind {
	case "template":
		var missing []string
		content, missing = fillTemplate(content, templateArgs(arg))
		for _, k := range missing {
			x.problem(line, off, true, fmt.Sprintf("%s: the template's [[#%s]] has no value and no default: left empty", strings.TrimSpace(d), k))
		}
	case "playground", "playpen":
		fence := "```rust"
		if len(fields) > 1 {
			fence += "," + strings.Join(fields[1:], ",")
		}
		if !strings.HasSuffix(content, "\n") {
			content += "\n"
		}
		content = fence + "\n" + content + "```\n"
	default: // include, rustdoc_include: the lines a reader sees
		content = takeLines(content, spec)
	}
	if depth+1 >= MaxIncludeDepth && x.re.MatchString(content) {
		x.problem(line, off, false, fmt.Sprintf("broken include %s: includes nest more than %d deep (a file that includes itself?)", strings.TrimSpace(d), MaxIncludeDepth))
		return "", false
	}
	if kind == "template" {
		prefix = "" // mdbook-template inserts the text as it is (its links.rs predates mdBook's prefixing)
	}
	return x.insert(content, path.Dir(file), depth, prefix, line, off, owner(text, m)), false
}

// insert is the text an include brings in (content, read from the
// folder dir, by the preprocessor from): its own directives applied,
// each line after the first prefixed with prefix.
func (x *expander) insert(content, dir string, depth int, prefix string, line, off int, from string) string {
	content = x.nested(content, dir, depth+1, line, off, from)
	lines := splitLines(content)
	out := strings.Join(lines, "\n"+prefix)
	x.size += len(out)
	return out
}

// nested applies the directives of an included file's text, which the
// preprocessor from brought in: its own, and those of the preprocessors
// that run after it (Plugins.after); the others' are left as written,
// as the preprocessor that ran before never saw them.
func (x *expander) nested(text, dir string, depth, line, off int, from string) string {
	ms := x.re.FindAllStringSubmatchIndex(text, -1)
	if ms == nil {
		return text
	}
	ignored := x.ignoredEmbeds(text)
	var b strings.Builder
	prev := 0
	for _, m := range ms {
		b.WriteString(text[prev:m[0]])
		done := b.String()
		prefix := done[strings.LastIndexByte(done, '\n')+1:]
		out, keep := "", true
		if by := owner(text, m); !inRanges(ignored, m[0]) && (by == "" || by == from || x.pl.after(by, from)) {
			x.alone = false // an included file's unknown directive stays
			out, keep = x.directive(text[m[0]:m[1]], m, text, dir, depth, prefix, line, off)
		}
		if keep {
			out = text[m[0]:m[1]]
		}
		b.WriteString(out)
		prev = m[1]
	}
	b.WriteString(text[prev:])
	return b.String()
}

// load reads the file target (relative to the folder dir) that the
// directive d includes, and counts it; ok is false, the problem
// reported as a broken include, when it may not or cannot be read.
func (x *expander) load(d, dir, target string, line, off int) (file, content string, ok bool) {
	file, msg := x.resolve(dir, target)
	if msg != "" {
		x.problem(line, off, false, fmt.Sprintf("broken include %s: %s", d, msg))
		return "", "", false
	}
	raw, err := x.read(file)
	if err != nil {
		x.problem(line, off, false, fmt.Sprintf("broken include %s: %s: %v", d, file, err))
		return "", "", false
	}
	x.count++
	return file, string(raw), true
}

// resolve is the source-relative path of target, relative to dir, or why
// it may not be read.
func (x *expander) resolve(dir, target string) (string, string) {
	if strings.HasPrefix(target, "/") || strings.Contains(target, `\`) {
		return "", fmt.Sprintf("%q is not a path relative to the chapter", target)
	}
	p := path.Join(dir, target)
	if p == ".." || strings.HasPrefix(p, "../") || p == "." {
		return "", fmt.Sprintf("%q is outside the book's folder", target)
	}
	for _, part := range strings.Split(p, "/") {
		if srcname.Skip(part, false) && strings.HasPrefix(part, ".") {
			return "", fmt.Sprintf("%q is a hidden file: sitegen never publishes one", target)
		}
	}
	return p, ""
}

func (x *expander) problem(line, off int, warning bool, msg string) {
	col := off - x.lines[line-1] + 1
	x.problems = append(x.problems, layout.Problem{Line: line, Col: col, Msg: msg, Warning: warning})
}

// lineOf is the 1-based line of the chapter's offset off.
func (x *expander) lineOf(off int) int {
	lo, hi := 0, len(x.lines)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if x.lines[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo + 1
}

// lastLine is the text of the expanded output's last line so far: what
// precedes a directive on its line.
func lastLine(segs []segment) string {
	var b []string
	for i := len(segs) - 1; i >= 0; i-- {
		t := segs[i].text
		if j := strings.LastIndexByte(t, '\n'); j >= 0 {
			b = append(b, t[j+1:])
			break
		}
		b = append(b, t)
	}
	var out strings.Builder
	for i := len(b) - 1; i >= 0; i-- {
		out.WriteString(b[i])
	}
	return out.String()
}

// lineMap maps each line of the expanded text to the chapter's line it
// came from.
func lineMap(segs []segment) []int {
	var lines []int
	atStart := true
	for _, s := range segs {
		cur := s.line
		for i := 0; i < len(s.text); i++ {
			if atStart {
				lines = append(lines, cur)
				atStart = false
			}
			if s.text[i] == '\n' {
				atStart = true
				if !s.fixed {
					cur++
				}
			}
		}
	}
	if atStart && len(segs) > 0 {
		lines = append(lines, segs[len(segs)-1].line+strings.Count(segs[len(segs)-1].text, "\n"))
	}
	return lines
}

// splitLines splits text into lines as Rust's str::lines does: at "\n",
// a "\r" before it dropped, no empty last line for a final newline.
func splitLines(text string) []string {
	if text == "" {
		return []string{""}
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// takeLines is the part of text that spec names: "" all of it, "N" line
// N, "N:M" lines N to M, ":M" lines 1 to M, "N:" from line N, "name" the
// lines between the anchor lines of that name (others dropped).
func takeLines(text, spec string) string {
	lines := splitLines(text)
	if strings.TrimSuffix(text, "\n") == "" {
		lines = nil
	}
	parts := strings.SplitN(spec, ":", 3)
	first := parts[0]
	start, hasStart := 0, false
	if n, err := strconv.Atoi(first); err == nil && n >= 0 {
		start, hasStart = max(n-1, 0), true
	} else if first != "" {
		return anchored(lines, first)
	}
	end := len(lines)
	switch {
	case len(parts) > 1:
		if n, err := strconv.Atoi(parts[1]); err == nil && n >= 0 {
			end = n
		}
	case hasStart:
		end = start + 1
	}
	end = min(end, len(lines))
	if start >= end {
		return ""
	}
	return strings.Join(lines[start:end], "\n")
}

// anchored is the lines between "ANCHOR: name" and "ANCHOR_END: name",
// without the lines of other anchors.
func anchored(lines []string, name string) string {
	var out []string
	in := false
	for _, l := range lines {
		if in {
			if m := anchorEnd.FindStringSubmatch(l); m != nil {
				if m[1] == name {
					break
				}
				continue
			}
			if !anchorStart.MatchString(l) {
				out = append(out, l)
			}
			continue
		}
		if m := anchorStart.FindStringSubmatch(l); m != nil && m[1] == name {
			in = true
		}
	}
	return strings.Join(out, "\n")
}
