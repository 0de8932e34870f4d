package jekyll

import (
	"bytes"
	"d6codex/cmd/sitegen/internal/frontspan"
	"errors"
	"fmt"
	"maps"
	"path"
	"regexp"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"gopkg.in/yaml.v3"
)

// Jekyll renders a page's Liquid before its Markdown ("Jekyll processes
// Liquid before Markdown", https://jekyllrb.com/docs/liquid/); sitegen runs
// it (render.go). Where it cannot (a plugin's tag the engine does not
// know), the page is shown without it: each tag and output dropped where
// it stands (package markup/liquid), and a loop is a different case: its text is a template that
// Jekyll writes once per item ("for: Repeatedly executes a block of code",
// https://shopify.github.io/liquid/tags/iteration/), so shown once without
// its outputs it is text no Jekyll build ever shows ("Posted on" with no
// date, pagination arrows with no pages). expandLiquid leaves each loop out
// whole, for and tablerow, with a warning at its opening tag, and each
// comment ("Any text within the opening and closing comment blocks will not
// be printed", https://shopify.github.io/liquid/tags/template/) silently;
// what {% raw %} holds, the front matter and an unclosed loop stay as they
// are. The page's lines keep their numbers: a loop leaves its newlines.

// liquidTag matches a Liquid tag, {% name … %} with the {%- -%} trim
// markers, capturing its name.
var liquidTag = regexp.MustCompile(`\{%-?\s*([a-z]+)[^%]*?-?%\}`)

// loopEnds are the tags whose text sitegen leaves out, by their end tags.
var loopEnds = map[string]string{"for": "endfor", "tablerow": "endtablerow", "comment": "endcomment"}

// expandLiquid is the Jekyll layout's layout.Expander.
func expandLiquid(_ string, src []byte, _ func(string) ([]byte, error)) layout.Expanded {
	x := layout.Expanded{Src: src}
	if !bytes.Contains(src, []byte("{%")) {
		return x
	}
	from := frontMatterEnd(src)
	src = highlightFences(src, from)
	x.Src = src
	var out []byte
	kept := 0 // src[:kept] is in out, or left out
	var open, end string
	start, depth := 0, 0
	raw := false
	for _, m := range liquidTag.FindAllSubmatchIndex(src[from:], -1) {
		at, stop := from+m[0], from+m[1]
		name := string(src[from+m[2] : from+m[3]])
		switch {
		case raw:
			raw = name != "endraw"
			continue
		case name == "raw" && open == "":
			raw = true
			continue
		case open == "":
			if e, ok := loopEnds[name]; ok {
				open, end, start, depth = name, e, at, 1
			}
			continue
		case name == open:
			depth++
			continue
		case name != end:
			continue
		}
		if depth--; depth > 0 {
			continue
		}
		// src[start:stop] is the whole loop: out goes its newlines only.
		out = append(out, src[kept:start]...)
		out = append(out, bytes.Repeat([]byte("\n"), bytes.Count(src[start:stop], []byte("\n")))...)
		kept = stop
		if open != "comment" {
			line := 1 + bytes.Count(src[:start], []byte("\n"))
			col := 1 + start - (bytes.LastIndexByte(src[:start], '\n') + 1)
			tag := src[start:]
			tag = tag[:bytes.Index(tag, []byte("%}"))+2]
			x.Problems = append(x.Problems, layout.Problem{Line: line, Col: col, Warning: true,
				Msg: fmt.Sprintf("Liquid loop %q: Jekyll writes its text once for each item; sitegen runs no Liquid, so it is not shown", strings.Join(strings.Fields(string(tag)), " "))})
		}
		open = ""
	}
	if kept > 0 {
		x.Src = append(out, src[kept:]...)
	}
	return x
}

// frontMatterEnd is the offset just past the page's front matter, 0
// without one: Jekyll's YAML_FRONT_MATTER_REGEXP,
// "\A(---\s*\n.*?\n?)^((---|\.\.\.)\s*$\n?)", closed by "---" or "..."
// (package frontspan).
func frontMatterEnd(src []byte) int {
	if sp := frontspan.Find(src, frontspan.Options{Dots: true}); sp.Closed {
		return sp.Next
	}
	return 0
}

// expander is the Jekyll layout's layout.Expander: the page's Liquid run
// as Jekyll runs it (runLiquid); where that fails, with a warning, Liquid
// loops left out and the rest dropped (expandLiquid). Then the page's
// layout, a file of the site's _layouts/ that is not the site's chrome
// (no <html>, <head> or <body>, which sitegen's theme replaces), is run
// with the page's variables: "Jekyll will render the layout with the
// page's content inserted at {{ content }}" (https://jekyllrb.com/docs/layouts/),
// the page's content being its text converted ("Jekyll processes Liquid
// before Markdown", then the layout). A layout's own layout: runs around
// it, up to the chrome (runLayout). What the layouts write before and
// after {{ content }} stands around the page's text, which sitegen
// converts as it converts any page's (5srd's spell layout writes each
// spell's classes, range and duration from its front matter above it).
// Where a layout cannot be run, a warning names its file and line and the
// page shows its own text; a page with no text of its own then shows its
// title only. A theme's layout (a gem) is not read: no warning.
func expander(l *layout.Layout, ls *liquidSite) layout.Expander {
	expand := expandPage(l, ls)
	return func(file string, src []byte, read func(string) ([]byte, error)) layout.Expanded {
		x := expand(file, src, read)
		if m := ls.built(); m != nil && x.ReadsSite {
			// A data file the model could not read: Jekyll stops there,
			// whatever page reads it; said by each page that reads the
			// model (the same problem, listed once).
			x.Problems = append(x.Problems, m.dataProbs...)
		}
		return x
	}
}

// expandPage is expander without the model's problems.
func expandPage(l *layout.Layout, ls *liquidSite) layout.Expander {
	return func(file string, src []byte, read func(string) ([]byte, error)) layout.Expanded {
		x, ok := ls.runLiquid(file, src, read)
		if !ok {
			y := expandLiquid(file, src, read)
			y.Problems = append(x.Problems, y.Problems...)
			x = y
		}
		from := frontMatterEnd(x.Src)
		own := len(bytes.TrimSpace(x.Src[from:])) > 0
		if ext := path.Ext(file); own && (ext == ".html" || ext == ".htm") {
			x = htmlPage(x) // HTML, not Markdown
			from = frontMatterEnd(x.Src)
		} else if own {
			body := x.Src[from:]
			if ls.typedLinks {
				body = typedWikilinks(body)
			}
			x.Src = append(x.Src[:from:from], spanMarkdown(blockMarkdown(body))...) // kramdown's markdown="1", "block", "span""
		}
		if read == nil {
			return x
		}
		name := ""
		if m := layoutKey.FindSubmatch(x.Src[:from]); m != nil {
			name = string(m[1])
		} else if l.Defaults != nil {
			name, _ = l.Defaults(ls.rel(file))["layout"].(string)
		}
		if name == "" || name == "none" || name == "null" {
			return x
		}
		lf := path.Join(l.Content, "_layouts", name+".html")
		b, err := read(lf)
		if err != nil || chrome.Match(b) {
			return x
		}
		lead := ""
		if own {
			lead, x.Src = ls.stripTitle(file, x.Src, from)
			x.LeadHeading = lead // the title, whatever the layout does
		}
		var text []byte // the page's own text, after its Liquid
		if own {
			text = x.Src[from:]
		}
		before, after, ops, htmlOps, probs, err := ls.runLayout(file, src, text, lf, b, read, &x.ReadsSite)
		x.Problems = append(x.Problems, probs...)
		if errors.Is(err, errNoContent) {
			x.Problems = append(x.Problems, layout.Problem{Line: 1 + bytes.Count(x.Src[:from], []byte("\n")), Col: 1, Warning: true,
				Msg: fmt.Sprintf("the page's layout %s writes no {{ content }}: Jekyll shows what it writes and not the page's text, as sitegen does", lf)})
			own = false
		} else if err != nil {
			msg := fmt.Sprintf("the page's layout %v; the page shows its own text", err)
			if !own {
				msg = fmt.Sprintf("the page has no text of its own: Jekyll writes it from its layout (%v), a Liquid template sitegen could not run, so the page shows its title only", err)
			}
			x.Problems = append(x.Problems, layout.Problem{Line: 1, Col: 1, Warning: true, Msg: msg})
			return x
		}
		if !own {
			x.Src = x.Src[:from:from]
			if from > 0 && x.Src[from-1] != '\n' { // "---" ends the file: the layout's text starts below it
				x.Src = append(x.Src, '\n')
			}
			x.Src = append(x.Src, before...)
			x.Src = append(x.Src, after...)
			x.Lines = nil
			return x
		}
		if lead == "" && len(bytes.TrimSpace(before)) > 0 { // the page's own text is no longer first: its leading heading, for its title
			if m := leadingHeading.FindSubmatch(bytes.TrimLeft(x.Src[from:], " \t\r\n")); m != nil {
				x.LeadHeading = string(bytes.TrimRight(m[0], "\r\n"))
			}
		}
		if len(ops) > 0 {
			x.Src = append(x.Src[:from:from], applyOps(ops, x.Src[from:])...)
		}
		x.HTMLOps = htmlOps
		if rest, ok := bytes.CutPrefix(after, []byte(layout.HTMLOpsTo)); ok {
			// The end of the filtered content first in a line of HTML would
			// make it no block of HTML: a line of its own.
			rest = bytes.TrimPrefix(rest, []byte("\n"))
			after = append([]byte(layout.HTMLOpsToLine), rest...)
		}
		x.Src, x.Lines = aroundText(x, from, before, after)
		return x
	}
}

// aroundText is the page x's text (from its offset from) with the
// blocks before and after it, each a blank line apart from it, and the
// lines of the result in the page file: a block's lines are its first
// (before) or last (after) line of text.
func aroundText(x layout.Expanded, from int, before, after []byte) ([]byte, []int) {
	orig := func(i int) int { // the file's line of x.Src's line i
		if x.Lines != nil {
			return x.Lines[min(max(i, 1), len(x.Lines))-1]
		}
		return i
	}
	first := 1 + bytes.Count(x.Src[:from], []byte("\n"))
	text := x.Src[from:]
	if len(text) > 0 && text[len(text)-1] != '\n' {
		text = append(text[:len(text):len(text)], '\n')
	}
	n := bytes.Count(text, []byte("\n"))
	out := make([]byte, 0, len(x.Src)+len(before)+len(after)+2)
	out = append(out, x.Src[:from]...)
	lines := make([]int, 0, first+n+bytes.Count(before, []byte("\n"))+bytes.Count(after, []byte("\n"))+2)
	for i := 1; i < first; i++ {
		lines = append(lines, orig(i))
	}
	if len(before) > 0 {
		out = append(append(out, before...), '\n')
		for range bytes.Count(before, []byte("\n")) + 1 {
			lines = append(lines, orig(first))
		}
	}
	out = append(out, text...)
	for i := range n {
		lines = append(lines, orig(first+i))
	}
	if len(after) > 0 {
		out = append(append(out, '\n'), after...)
		for range bytes.Count(after, []byte("\n")) + 1 {
			lines = append(lines, orig(first+n-1))
		}
	}
	return out, lines
}

// layoutKey reads a front matter's layout: value.
var layoutKey = regexp.MustCompile(`(?m)^layout:[ \t]*["']?([^"'\s#]+)`)

// chrome finds what makes a layout the site's frame (the HTML page
// around the text), which sitegen's theme replaces: it is not run. The
// element's name ends there: <header> is the page's, not <head>.
var chrome = regexp.MustCompile(`(?i)<(?:html|body|head)\b`)

// highlightTag is a line that holds only a highlight or endhighlight tag:
// its name, and the language after highlight.
var highlightTag = regexp.MustCompile(`^[ \t]*\{%-?\s*(highlight|endhighlight)(?:\s+([\w+#.-]+))?[^%]*?-?%\}[ \t]*\r?$`)

// highlightFences makes each {% highlight lang %} … {% endhighlight %}
// whose tags stand on lines of their own a fenced code block of that
// language: "Jekyll has built in support for syntax highlighting"
// (https://jekyllrb.com/docs/liquid/tags/#code-snippet-highlighting).
// The fence is longer than any run of backticks in the code; the lines
// keep their numbers. src[from:] is read (the front matter is not).
func highlightFences(src []byte, from int) []byte {
	lines := bytes.SplitAfter(src[from:], []byte("\n"))
	open, lang := -1, ""
	var changed bool
	for i, line := range lines {
		m := highlightTag.FindSubmatch(bytes.TrimRight(line, "\n"))
		switch {
		case m == nil:
		case string(m[1]) == "highlight" && open < 0:
			open, lang = i, string(m[2])
		case string(m[1]) == "endhighlight" && open >= 0:
			ticks := 3
			for _, l := range lines[open+1 : i] {
				if n := len(l) - len(bytes.TrimLeft(l, " \t")); n < 4 {
					if run := len(l[n:]) - len(bytes.TrimLeft(l[n:], "`")); run >= ticks {
						ticks = run + 1
					}
				}
			}
			fence := strings.Repeat("`", ticks)
			lines[open] = []byte(fence + lang + "\n")
			lines[i] = []byte(fence + "\n")
			if !bytes.HasSuffix(line, []byte("\n")) {
				lines[i] = []byte(fence)
			}
			open, changed = -1, true
		}
	}
	if !changed {
		return src
	}
	out := append([]byte(nil), src[:from]...)
	return append(out, bytes.Join(lines, nil)...)
}

// stripTitle is jekyll-titles-from-headings' strip_title on the page
// file (its text src, front matter up to from) under a layout of the
// site: where the plugin titles the page by the heading its text starts
// with (no title: of its own, "the first non-whitespace line in the page
// is a Markdown H1 / H2 / H3") and strip_title is true (the page's own
// key, else titles_from_headings.strip_title in _config.yml), "you can
// remove the title from the content by setting strip_title to prevent
// rendering it twice" (https://github.com/benbalter/jekyll-titles-from-headings):
// the heading line, left blank (the lines keep their numbers), and the
// heading, the page's title (layout.Expanded.LeadHeading). A # heading
// is left: sitegen takes it out as any page's title heading (h1Title).
// Else "" and src.
func (ls *liquidSite) stripTitle(file string, src []byte, from int) (string, []byte) {
	if !ls.l.HeadingTitle {
		return "", src
	}
	body := src[from:]
	at := len(body) - len(bytes.TrimLeft(body, " \t\r\n"))
	m := leadingHeading.Find(body[at:])
	if m == nil || bytes.HasPrefix(m, []byte("# ")) || bytes.HasPrefix(m, []byte("#\t")) {
		return "", src
	}
	fm := map[string]any{}
	if from > 0 {
		_ = yaml.Unmarshal(frontMatterText(src, from), &fm)
	}
	d := map[string]any{}
	if ls.l.Defaults != nil {
		maps.Copy(d, ls.l.Defaults(ls.rel(file)))
	}
	maps.Copy(d, fm)
	if str(d["title"]) != "" {
		return "", src
	}
	strip, ok := d["strip_title"]
	if !ok {
		strip = nested(ls.conf, "titles_from_headings", "strip_title")
	}
	if strip != true {
		return "", src
	}
	line := bytes.TrimRight(m, "\r\n")
	out := make([]byte, 0, len(src))
	out = append(append(out, src[:from+at]...), src[from+at+len(line):]...)
	return string(line), out
}
