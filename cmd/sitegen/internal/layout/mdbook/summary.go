package mdbook

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup"
)

// SummaryFile is the file, in the book's source folder, that lists its
// chapters.
const SummaryFile = "SUMMARY.md"

// ParseSummary reads SUMMARY.md as mdBook's summary parser does
// (https://rust-lang.github.io/mdBook/format/summary.html): a title
// (the first # heading, ignored), prefix chapters (links in paragraphs),
// then numbered chapters (lists, nested, under # part titles), then suffix
// chapters (links in paragraphs again); "---" is a separator anywhere and
// [Title]() a draft chapter. Chapters are numbered through all parts
// ("1.", "1.1."), prefix and suffix chapters are not. An entry's Path is
// relative to the book's source folder; its Depth is its nesting in the
// lists. A summary mdBook refuses is an error at its line and column.
func ParseSummary(src []byte) ([]layout.NavEntry, error) {
	return parseSummary(src, nil)
}

// parseSummary is ParseSummary with check, when not nil, saying why a
// chapter's path (SUMMARY.md-relative, clean, maybe starting "../") may
// not be read, "" when it may: an error at the chapter's link.
func parseSummary(src []byte, check func(rel string) string) ([]layout.NavEntry, error) {
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	p := &summaryParser{src: src, lines: lineStarts(src), seen: map[string]int{}, check: check}
	if err := p.parse(doc); err != nil {
		return nil, err
	}
	return p.out, nil
}

// Phases of a summary, in order.
const (
	phaseTitle = iota
	phasePrefix
	phaseNumbered
	phaseSuffix
)

type summaryParser struct {
	src   []byte
	lines []int
	out   []layout.NavEntry
	seen  map[string]int // chapter path -> its line, for duplicates
	root  int            // numbered chapters at the top level so far
	check func(rel string) string
}

// summaryError is a summary mdBook refuses, at a line and column.
type summaryError struct {
	Line, Col int
	Msg       string
}

func (e *summaryError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

func (p *summaryParser) parse(doc ast.Node) error {
	phase := phaseTitle
	afterPart := false // the block before was a part title: a paragraph here is skipped
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		wasPart := afterPart
		afterPart = false
		switch n := n.(type) {
		case *ast.HTMLBlock:
			continue // a comment line, before the title too
		case *ast.Heading:
			if n.Level == 1 {
				switch phase {
				case phaseTitle: // the summary's title, which mdBook ignores
					phase = phasePrefix
					continue
				case phaseSuffix:
					return p.errorAt(n, "suffix chapters cannot be followed by a part title")
				}
				phase = phaseNumbered
				p.out = append(p.out, layout.NavEntry{Title: p.plain(n), Part: true, Line: p.line(n)})
				afterPart = true
				continue
			}
		case *ast.List:
			switch phase {
			case phaseSuffix:
				return p.errorAt(n, "suffix chapters cannot be followed by a list")
			}
			phase = phaseNumbered
			if err := p.list(n, 0, ""); err != nil {
				return err
			}
			continue
		case *ast.ThematicBreak:
			if phase == phaseTitle {
				phase = phasePrefix
			}
			p.out = append(p.out, layout.NavEntry{Separator: true, Line: p.line(n)})
			continue
		case *ast.Paragraph:
			if phase == phaseNumbered {
				if wasPart {
					continue // mdBook skips a paragraph right after a part title
				}
				phase = phaseSuffix
			}
		}
		switch phase {
		case phaseTitle:
			phase = phasePrefix
			fallthrough
		case phasePrefix, phaseSuffix:
			// Every link of the block is an unnumbered chapter.
			if err := p.links(n); err != nil {
				return err
			}
		}
		// Numbered chapters: anything but a list, a part title, a
		// separator or a paragraph is skipped.
	}
	return nil
}

// links adds the links in block n as prefix or suffix chapters.
func (p *summaryParser) links(n ast.Node) error {
	var err error
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || err != nil {
			return ast.WalkContinue, nil
		}
		if l, ok := c.(*ast.Link); ok {
			err = p.chapter(l, 0, "")
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return err
}

// list adds the items of a list of numbered chapters at depth, numbered
// under parent ("" at the top).
func (p *summaryParser) list(l *ast.List, depth int, parent string) error {
	i := 0
	for item := l.FirstChild(); item != nil; item = item.NextSibling() {
		var link *ast.Link
		if block := item.FirstChild(); block != nil {
			link, _ = block.FirstChild().(*ast.Link)
		}
		if link == nil {
			return p.errorAt(item, "a chapter's list item must hold only a link: [Title](file.md)")
		}
		i++
		number := parent + strconv.Itoa(i) + "."
		if depth == 0 {
			p.root++
			number = strconv.Itoa(p.root) + "."
		}
		if err := p.chapter(link, depth, number); err != nil {
			return err
		}
		for c := item.FirstChild(); c != nil; c = c.NextSibling() {
			if sub, ok := c.(*ast.List); ok {
				if err := p.list(sub, depth+1, number); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// chapter adds the chapter link l.
func (p *summaryParser) chapter(l *ast.Link, depth int, number string) error {
	e := layout.NavEntry{Title: p.plain(l), Depth: depth, Number: number, Line: p.line(l)}
	dest := strings.ReplaceAll(markup.Destination(l.Destination), "%20", " ")
	if dest == "" {
		e.Draft = true
		p.out = append(p.out, e)
		return nil
	}
	// The path is relative to SUMMARY.md's folder, and mdBook reads it
	// wherever it leads (../README.md, the repository's README): Recognise
	// checks, through check, that it stays in the book.
	rel := strings.TrimPrefix(path.Clean(strings.ReplaceAll(strings.TrimSpace(dest), "\\", "/")), "./")
	if rel == "" || rel == "." || rel == ".." || strings.HasPrefix(rel, "/") || strings.Contains(dest, "://") {
		return p.errorAt(l, fmt.Sprintf("chapter %q: %q is not a file of the book's source folder", e.Title, dest))
	}
	if p.check != nil {
		if msg := p.check(rel); msg != "" {
			return p.errorAt(l, fmt.Sprintf("chapter %q: %s", e.Title, msg))
		}
	}
	if prev, dup := p.seen[rel]; dup {
		return p.errorAt(l, fmt.Sprintf("duplicate file in SUMMARY.md: %s is also listed on line %d", rel, prev))
	}
	p.seen[rel] = e.Line
	e.Path = path.Clean(rel)
	p.out = append(p.out, e)
	return nil
}

// plain is the text of n without its markup, as mdBook names a chapter:
// text and code spans, a line break as a space.
func (p *summaryParser) plain(n ast.Node) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(p.src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}

// line is the line of n's first text.
func (p *summaryParser) line(n ast.Node) int {
	line, _ := p.pos(n)
	return line
}

func (p *summaryParser) pos(n ast.Node) (int, int) {
	off := offset(n)
	if off < 0 {
		return 1, 1
	}
	i := 0
	for i+1 < len(p.lines) && p.lines[i+1] <= off {
		i++
	}
	return i + 1, off - p.lines[i] + 1
}

func (p *summaryParser) errorAt(n ast.Node, msg string) error {
	line, col := p.pos(n)
	return &summaryError{Line: line, Col: col, Msg: msg}
}

// offset is the source offset of n's first line or text, -1 when none.
func offset(n ast.Node) int {
	if t, ok := n.(*ast.Text); ok {
		return t.Segment.Start
	}
	if n.Pos() >= 0 {
		return n.Pos()
	}
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		return n.Lines().At(0).Start
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if off := offset(c); off >= 0 {
			return off
		}
	}
	return -1
}

// lineStarts is the offset of each line's start.
func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}
