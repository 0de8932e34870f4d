package content

import (
	"cmp"
	"errors"
	"fmt"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup"
)

// A layout may rewrite a page's text before it is parsed (layout.Expander:
// mdBook's {{#include}} lines). The page is then parsed and rendered from
// the rewritten text, and every problem found in it is placed at the line
// of the page file it came from (a line an include brought in, at the
// include's line).

// pageSource reads the page p's text (see readPage) and rewrites it by
// the layout's Expander; problems of the rewriting are recorded. lead is
// the heading line the page's own text starts with where the rewriting
// put other text before it (layout.Expanded.LeadHeading), else "".
//
// A block longer than MaxBlockBytes, in the layout of another tool, is
// shown as preformatted text (readFenced) and is what that tool builds
// (a warning in lenient mode, see tolerate).
func (s *Site) pageSource(p *Page) (src []byte, lead string, err error) {
	if title, ok := s.created[p.Rel]; ok {
		return createdChapter(title), "", nil
	}
	src, lines, long, note, err := s.readFenced(p.File)
	if err != nil {
		return nil, "", err
	}
	if note != "" { // the tool builds it so: a warning in either mode
		s.Warn.Addf(p.File, 1, 1, "", "%s", note)
	}
	for _, b := range long {
		s.Tolerate(p.File, b.start, 1, "", longBlockMsg(b, b.end))
	}
	p.lines = lines
	if s.Lay.Expand == nil {
		return src, "", nil
	}
	x := s.Lay.Expand(p.File, src, func(file string) ([]byte, error) {
		p.Includes = append(p.Includes, file) // an edit of it changes this page (see graph.go)
		return s.readInclude(file)
	})
	if lines == nil {
		p.lines = x.Lines
	} else if x.Lines != nil { // through both: the expanded text's lines to the fenced text's, to the file's
		p.lines = make([]int, len(x.Lines))
		for i, l := range x.Lines {
			p.lines[i] = lines[min(max(l, 1), len(lines))-1]
		}
	}
	p.ReadsSite = x.ReadsSite
	p.HTMLOps = x.HTMLOps
	if x.Title != "" {
		p.docTitle = x.Title
	}
	for _, pr := range x.Problems {
		// What the tool itself fails on: an error, a warning in lenient
		// mode, which builds on.
		s.report(cmp.Or(pr.File, p.File), pr.Line, pr.Col, pr.Warning || pr.LenientWarning && s.lenient(), pr.Msg)
	}
	if len(x.Src) > MaxPageBytes {
		return nil, "", &badText{line: 1, col: 1, msg: fmt.Sprintf("the page with its includes is longer than %d MB, the most sitegen reads", MaxPageBytes>>20)}
	}
	if s.Lay.Tool() == "" {
		if bad := checkBlocks(x.Src); bad != nil {
			bad.line = p.srcLine(bad.line)
			return nil, "", bad
		}
		return x.Src, x.LeadHeading, nil
	}
	// The includes' text, alone or joined to the page's, is held to the
	// page's bound, as the page's own text is: shown as preformatted
	// text, at the include's line.
	long = longBlocks(x.Src, false)
	if long == nil {
		return x.Src, x.LeadHeading, nil
	}
	for _, b := range long {
		s.Tolerate(p.File, p.srcLine(b.start), 1, "", longBlockMsg(b, p.srcLine(b.end)))
	}
	src, lines = fenceBlocks(x.Src, long)
	for i, l := range lines { // the fenced text's lines to the expanded text's, to the file's
		lines[i] = p.srcLine(l)
	}
	p.lines = lines
	return src, x.LeadHeading, nil
}

// longBlockMsg is the warning of a block of another tool's layout longer
// than the bounds (longBlocks), from its first line to line end of the
// page file.
func longBlockMsg(b longBlock, end int) string {
	return fmt.Sprintf("long paragraph: the text from this line to line %d has no blank line in it and %s: shown as preformatted text (split it with blank lines to show it as Markdown)", end, b.what())
}

// readInclude reads a file a page includes (a source-relative slash
// path) as a page is read (readPage): through no link out of the source
// folder, at most MaxPageBytes of UTF-8 text.
func (s *Site) readInclude(file string) ([]byte, error) {
	src, _, _, _, err := s.readText(file, false)
	if err != nil {
		var bad *badText
		if errors.As(err, &bad) {
			return nil, fmt.Errorf("line %d: %s", bad.line, bad.msg)
		}
		return nil, UnwrapPath(err)
	}
	return src, nil
}

// srcLine is the line of the page file that line of its parsed text came
// from.
func (p *Page) srcLine(line int) int {
	if p.lines == nil || line < 1 {
		return line
	}
	if line > len(p.lines) {
		return p.lines[len(p.lines)-1]
	}
	return p.lines[line-1]
}

// report records a problem found in the page file: a warning, or an error
// (a broken link or include only a warning with broken links as
// warnings).
func (s *Site) report(file string, line, col int, warning bool, msg string) {
	s.reportDiag(Diagnostic{File: file, Line: line, Col: col, Msg: msg}, warning)
}

// reportDiag is report of the diagnostic d (with its broken link, when
// it is one).
func (s *Site) reportDiag(d Diagnostic, warning bool) {
	d, warning, keep := s.problem(d, warning)
	switch {
	case !keep:
	case warning:
		s.Warn.add(d)
	default:
		s.Diag.add(d)
	}
}

// problem is a problem found in the page file, and whether report files
// it as a warning; keep is false for a broken link or anchor the tool's
// own policy ignores (Docusaurus' onBrokenAnchors: 'ignore').
func (s *Site) problem(d Diagnostic, warning bool) (_ Diagnostic, warn, keep bool) {
	d, warn = s.severity(d, warning)
	return d, warn, warning || !strings.HasPrefix(d.Msg, "broken ") || s.Cfg.brokenPolicy(d) != "ignore"
}

// severity is problem's diagnostic and whether it is a warning.
func (s *Site) severity(d Diagnostic, warning bool) (Diagnostic, bool) {
	broken := strings.HasPrefix(d.Msg, "broken ")
	switch {
	case warning || broken && s.Cfg.brokenPolicy(d) != "error":
		return d, true
	case anchorProblem(d) && s.Cfg.BrokenAnchors == "error":
		// The tool's own policy throws (onBrokenAnchors: 'throw'): an
		// error, not a tolerance of lenient mode.
		return d, false
	case s.pluginBlock(d.Msg):
		return s.tolerance(d.File, d.Line, d.Col, "", d.Msg+": shown as code")
	case markup.TooDeep(d.Msg):
		// The tools' Markdown readers bound no nesting: the page is
		// shown up to the deep part, the rest of it left out.
		return s.tolerance(d.File, d.Line, d.Col, "", d.Msg+": the page is shown up to this line, the rest of it left out")
	case broken && s.Lay.Kind != layout.Hugo && !s.toolFails(d):
		// Jekyll, MkDocs (an absolute link is not checked, a relative
		// one is an INFO or WARNING line), Obsidian (an unresolved link)
		// ship a broken link; Hugo stops at a broken ref, which sitegen
		// checks as a link.
		t, warn := s.tolerance(d.File, d.Line, d.Col, "", d.Msg)
		t.Link = d.Link
		return t, warn
	}
	return d, false
}

// toolFails reports whether the layout's tool itself fails the build on
// the broken link d (layout.Settings.BrokenLinks "error": VitePress
// without ignoreDeadLinks, Docusaurus' onBrokenLinks: 'throw'): then it
// is sitegen's error as it is the tool's, not a tolerance that says the
// tool builds it. A link to a missing heading is not one of them: neither
// tool's link check reads fragments (Docusaurus' onBrokenAnchors apart).
func (s *Site) toolFails(d Diagnostic) bool {
	return s.Lay.Settings.BrokenLinks == "error" && d.Link.Broken() && !anchorProblem(d)
}

var _ layout.Expander // the hook this file serves
