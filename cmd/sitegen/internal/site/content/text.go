package content

import (
	"bytes"
	"crypto/sha256"
	"d6codex/cmd/sitegen/internal/frontspan"
	"encoding/json"
	"fmt"
	"io"
	"unicode/utf8"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/srcpath"
)

// utf8BOM is the byte order mark some Windows editors put at the start of
// a UTF-8 file.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// badText is the error of a page whose bytes are not UTF-8 text, with the
// position of the first bad byte.
type badText struct {
	line, col int
	msg       string
}

func (e *badText) Error() string { return fmt.Sprintf("%d:%d: %s", e.line, e.col, e.msg) }

// FileStamp is what a stat says of a file (stampOf), the size, times
// and inode git's index keeps to tell a file unchanged without reading
// it.
type FileStamp struct {
	Size, Mtime, Ctime int64
	Ino, Dev           uint64
}

// SrcRecord is a source file's stamp and the hash of its content when
// the stamp was taken (the stamp taken before the read): readFenced
// records the first text of each file a build read (Site.sums), the
// build cache keeps it (buildcache.go).
type SrcRecord struct {
	Stamp FileStamp
	Sum   [sha256.Size]byte
}

// MaxPageBytes is the longest Markdown page sitegen reads, 10 MB: a
// page of that size still builds in seconds, and no rules page comes near.
const MaxPageBytes = 10 << 20

// MaxBlockBytes is the most text one block may hold: lines with no blank
// line between them, outside fenced code, a table row or a list item's
// first line starting a block of its own. goldmark's time grows with the
// square of such a block's length on some shapes of it (an unclosed "[a("
// on each line, footnote marks in a quote: 256 KB of each took seconds,
// 1 MB minutes; BenchmarkLongBlocks), while no rules page comes near
// 64 KB in one paragraph.
//
// The link reference definitions a block starts with are bounded by
// their number instead (MaxRefLines): goldmark takes them out of the
// paragraph one by one, copying the lines after each, so its time grows
// with the square of their number of lines, not of their bytes (1 MB of
// "[a]: /x" lines, 131,072 of them, took 29 s; 1 MB of 80-byte ones
// 0.14 s). A book's shared file of them (eval5A JA2: 83 KB, 885 lines,
// included by 43 chapters) is read as references.
const MaxBlockBytes = 64 << 10

// MaxTableBytes is the most text one GFM table may hold, from its header
// row to its last row: a table of data (VolcanoidsModding/VolcWiki's
// RecipeIDs.md, 96 KB in 430 rows) is longer than a paragraph, while
// goldmark's time on a table still grows with the square of its length on
// some shapes of it (rows of unclosed "[a](": 512 KB took 2.3-11 s,
// 250 KB 0.5-2.0 s, with and without the rows' leading pipes;
// BenchmarkLongBlocks/*table*), and a table's rows that start with "|"
// were not bounded at all before. 1 MB keeps issue 22's promise that a
// 600 KB table of 16,000 rows builds (TestHostileInputs); its worst shape,
// rows of unclosed "[a](", is bounded at about four times the 512 KB
// figures above.
const MaxTableBytes = 1 << 20

// MaxRefLines is the most link reference definitions a block may start
// with (8,192 "[a]: /x" lines: about 0.1 s), each a line of at most
// maxRefLine bytes; a longer line is counted as text (MaxBlockBytes).
const MaxRefLines = 8 << 10

// maxRefLine is the longest line counted as a link reference definition
// (MaxRefLines); CommonMark bounds a label at 999 characters.
const maxRefLine = 4 << 10

// readPage reads the Markdown file at file (slash path relative to the
// source; read under the link rule, see srcRoot) as text: a leading byte order mark is dropped, and bytes that are
// not UTF-8 are a *badText error at the first of them, instead of passing
// into the HTML.
//
// A page longer than MaxPageBytes is a *badText error at the line where
// the limit falls; only that much of the file is ever read. A block longer
// than MaxBlockBytes is a *badText error at its first line, but in a
// layout of another tool (see readFenced).
func (s *Site) readPage(file string) ([]byte, error) {
	src, _, _, _, err := s.readFenced(file)
	return src, err
}

// readFenced is readPage that also returns, in the layout of another tool,
// the blocks longer than MaxBlockBytes, each made a fenced code block
// (fenceBlocks: shown as written, parsed in linear time) instead of an
// error, and then the line of the file each line of src came from: the
// other tools (pulldown-cmark, markdown-it, remark) set no bound on a
// paragraph, so the caller reports each block as what the tool builds.
//
// note, when not empty, says how the layout's rule read a first line of
// dashes that is not front matter or not closed (FrontMatterRule): the
// caller reports it as a warning at the file's first line.
func (s *Site) readFenced(file string) (src []byte, lines []int, long []longBlock, note string, err error) {
	return s.readText(file, true)
}

// readText is readFenced, with the blocks checked only when blocks is
// set: a file an include pastes into a page is checked in the page
// (pageSource), where its blocks may join the page's.
func (s *Site) readText(file string, blocks bool) (src []byte, lines []int, long []longBlock, note string, err error) {
	r, err := s.SrcRoot()
	if err != nil {
		return nil, nil, nil, "", err
	}
	f, err := r.OpenFile(file) // links only inside the source, when it is read
	if err != nil {
		return nil, nil, nil, "", err
	}
	defer f.Close()
	// Read into a buffer of the file's size (io.ReadAll starts at 512
	// bytes and grows, a read and a copy at each step): one read of the
	// text and one that finds its end.
	var buf []byte
	var rec SrcRecord // its stamp, taken before the read
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
		rec.Stamp = StampOf(info)
		if info.Size() <= MaxPageBytes {
			buf = make([]byte, 0, info.Size()+1)
		}
	}
	src, err = readAll(buf, io.LimitReader(f, MaxPageBytes+1))
	if err != nil {
		return nil, nil, nil, "", err
	}
	if s.Sums != nil { // the text the build's pages are made from (buildcache.go)
		rec.Sum = sha256.Sum256(src)
		s.Sums.LoadOrStore(file, rec)
	}
	if len(src) > MaxPageBytes {
		return nil, nil, nil, "", &badText{line: 1 + bytes.Count(src[:MaxPageBytes], []byte("\n")), col: 1,
			msg: fmt.Sprintf("the page is longer than %d MB, the most sitegen reads: split it into several pages", MaxPageBytes>>20)}
	}
	src = bytes.TrimPrefix(src, utf8BOM)
	valid := utf8.Valid(src)
	var lifted []int
	if valid && s.Lay.Markup.FrontMatterJSON {
		out, lines, bad, problem := JSONFrontMatter(src)
		if bad > 0 {
			return nil, nil, nil, "", &badText{line: bad, col: 1, msg: problem}
		}
		if lines != nil {
			src, lifted = out, lines
		}
	}
	if valid && lifted == nil && s.Lay.Markup.FrontMatterLead {
		src, lifted = LiftFrontMatter(src)
	}
	if s.Lay.Markup.FrontMatterDots {
		DotsClose(src)
	}
	DelimiterSpaces(src)
	if valid {
		switch tool := s.Lay.Tool(); {
		case tool == "" && blocks:
			if bad := checkBlocks(src); bad != nil {
				return nil, nil, nil, "", bad
			}
		case tool != "":
			src, note = FrontMatterRule(src, s.Lay.Markup, tool)
			if !blocks {
				break
			}
			if long = longBlocks(src, false); long != nil {
				src, lines = fenceBlocks(src, long)
			}
		}
		return src, throughLines(lines, lifted), long, note, nil
	}
	line, col := 1, 1
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size <= 1 {
			return nil, nil, nil, "", &badText{line: line, col: col,
				msg: fmt.Sprintf("byte 0x%02X is not UTF-8 text: save the file as UTF-8", src[i])}
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i += size
	}
	return src, nil, nil, "", nil
}

// readAll appends what r reads until EOF to buf, as io.ReadAll does.
func readAll(buf []byte, r io.Reader) ([]byte, error) {
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // grow
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// checkBlocks returns a *badText error at the first line of the first block
// of src longer than MaxBlockBytes, or nil (see longBlocks).
func checkBlocks(src []byte) *badText {
	b := longBlocks(src, true)
	if b == nil {
		return nil
	}
	return &badText{line: b[0].start, col: 1, msg: fmt.Sprintf(
		"long paragraph: the text from this line to line %d has no blank line in it and %s: split it with blank lines", b[0].over, b[0].what())}
}

// longBlock is a block of text longer than MaxBlockBytes: its first line,
// the line where it passes the bound, and its last line.
type longBlock struct {
	start, over, end int
	refs             bool // it passed MaxRefLines, not MaxBlockBytes
	table            bool // a table: it passed MaxTableBytes
}

// what says which bound the block passed.
func (b longBlock) what() string {
	if b.refs {
		return fmt.Sprintf("starts with more than %d link reference definitions, the most sitegen reads in one paragraph", MaxRefLines)
	}
	if b.table {
		return fmt.Sprintf("is a table longer than %d KB, the most sitegen reads in one table", MaxTableBytes>>10)
	}
	return fmt.Sprintf("is longer than %d KB, the most sitegen reads in one paragraph", MaxBlockBytes>>10)
}

// longBlocks returns the blocks of src longer than MaxBlockBytes (only the
// first when first is set; its end is then unknown). A block is a run of
// lines with no blank line between them, read the way a Markdown parser
// starts its paragraphs: quote markers (">") are looked through, fenced
// code is skipped (it is not parsed as Markdown), and a table row (a
// line that starts with "|") or a list item starts a block of its own,
// but a GFM table, from its header row and delimiter row to its last row
// (a line with a "|": GFM's pipes at either end are optional), is one
// block bounded by MaxTableBytes. Front matter is skipped too.
func longBlocks(src []byte, first bool) []longBlock {
	var out []longBlock
	start, size := 0, 0      // the first line of the current block, its bytes
	refs, refRun := 0, false // its reference definition lines; none but them so far
	long := false            // the current block is in out
	fence := ""              // the open fence's marker ("```", "~~~"), or ""
	header := false          // the current block's one line so far has a "|": a table's header row?
	table := false           // in a table's rows, after its delimiter row
	end := func(last int) {
		if long {
			out[len(out)-1].end = last
		}
		start, size, long = 0, 0, false
	}
	n := 1
	for rest := src; len(rest) > 0; n++ {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		text := bytes.TrimLeft(line, " \t")
		for len(text) > 0 && text[0] == '>' {
			text = bytes.TrimLeft(text[1:], " \t")
		}
		text = bytes.TrimRight(text, " \t\r")
		switch {
		case fence != "":
			if bytes.HasPrefix(text, []byte(fence)) {
				fence = ""
			}
			continue
		case len(text) == 0:
			end(n - 1)
			table = false
			continue
		case n == 1 && (string(text) == "---" || string(text) == "+++"): // front matter
			fence = string(text)
			continue
		case bytes.HasPrefix(text, []byte("```")) || bytes.HasPrefix(text, []byte("~~~")):
			end(n - 1)
			fence = string(text[:3])
			table = false
			continue
		case table && bytes.IndexByte(text, '|') >= 0:
			// A row of the table: the table is one block, bounded by
			// MaxTableBytes.
		case table:
			// A line without a pipe starts a paragraph's block (GFM
			// would still read it as a row: a bound that errs on the
			// safe side).
			end(n - 1)
			table = false
		case header && start == n-1 && delimiterRow(text):
			table = true
		case text[0] == '|' || listItem(text):
			end(n - 1)
		}
		if start == 0 {
			start, refs, refRun = n, 0, true
			header = bytes.IndexByte(text, '|') >= 0
		}
		if refRun && len(line) <= maxRefLine && refDefinition(text) {
			if refs++; refs > MaxRefLines && !long {
				out = append(out, longBlock{start: start, over: n, end: n, refs: true})
				if first {
					return out
				}
				long = true
			}
			continue
		}
		refRun = false
		limit := MaxBlockBytes
		if table {
			limit = MaxTableBytes
		}
		if size += len(line) + 1; size > limit && !long {
			out = append(out, longBlock{start: start, over: n, end: n, table: table})
			if first {
				return out
			}
			long = true
		}
	}
	end(n - 1)
	return out
}

// delimiterRow reports whether text (a line, its indentation and quote
// markers taken off) is a GFM table's delimiter row: cells of hyphens,
// each with an optional colon at either end, between pipes ("The
// delimiter row consists of cells whose only content are hyphens (-),
// and optionally, a leading or trailing colon (:), or both",
// https://github.github.com/gfm/#delimiter-row), with at least one pipe.
func delimiterRow(text []byte) bool {
	if bytes.IndexByte(text, '|') < 0 {
		return false
	}
	cells := bytes.Split(bytes.Trim(text, "|"), []byte("|"))
	for _, c := range cells {
		c = bytes.TrimSuffix(bytes.TrimPrefix(bytes.TrimSpace(c), []byte(":")), []byte(":"))
		if len(c) == 0 || len(bytes.Trim(c, "-")) != 0 {
			return false
		}
	}
	return true
}

// refDefinition reports whether text (a line, its indentation and quote
// markers taken off) starts a link reference definition with its
// destination on the same line: "[label]: destination", the label of at
// most 999 characters and no unescaped bracket, not a footnote's "[^".
// ("A link reference definition consists of a link label, optionally
// preceded by up to three spaces of indentation, followed by a colon (:),
// optional spaces or tabs (including up to one line ending), a link
// destination", https://spec.commonmark.org/0.31.2/#link-reference-definitions.)
func refDefinition(text []byte) bool {
	if len(text) < 4 || text[0] != '[' || text[1] == '^' {
		return false
	}
	for i := 1; i < len(text) && i <= 1000; i++ {
		switch text[i] {
		case '\\':
			i++
		case '[':
			return false
		case ']':
			return i > 1 && i+1 < len(text) && text[i+1] == ':' && len(bytes.TrimSpace(text[i+2:])) > 0
		}
	}
	return false
}

// fenceBlocks returns src with each of blocks (longBlocks, in order) made a
// fenced code block, its text shown as it is written instead of parsed
// (lines that open a fence are never inside a block, so none closes it),
// and the line of src each line of the result came from.
func fenceBlocks(src []byte, blocks []longBlock) ([]byte, []int) {
	out := make([]byte, 0, len(src)+8*len(blocks))
	lines := make([]int, 0, bytes.Count(src, []byte("\n"))+1+2*len(blocks))
	b := 0
	for n, rest := 1, src; len(rest) > 0; n++ {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i+1], rest[i+1:]
		} else {
			rest = nil
		}
		if b < len(blocks) && n == blocks[b].start {
			out = append(out, "```\n"...)
			lines = append(lines, n)
		}
		out = append(out, line...)
		lines = append(lines, n)
		if b < len(blocks) && n == blocks[b].end {
			if line[len(line)-1] != '\n' {
				out = append(out, '\n')
			}
			out = append(out, "```\n"...)
			lines = append(lines, n)
			b++
		}
	}
	return out, lines
}

// listItem reports whether text (a line less its indentation) starts a
// list item: "-", "*" or "+", or a number and "." or ")", then a space.
func listItem(text []byte) bool {
	if len(text) >= 2 && (text[0] == '-' || text[0] == '*' || text[0] == '+') && text[1] == ' ' {
		return true
	}
	i := 0
	for i < len(text) && i < 9 && text[i] >= '0' && text[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(text) && (text[i] == '.' || text[i] == ')') && text[i+1] == ' '
}

// SrcRoot is the source folder, opened once for the build's reads under
// the link rule (package srcpath): no file is read through a link out of
// it, whatever links are swapped in after it was listed.
func (s *Site) SrcRoot() (*srcpath.Root, error) {
	s.srcOnce.Do(func() { s.src, s.srcErr = srcpath.New(s.Opts.Source) })
	return s.src, s.srcErr
}

// ReadSource reads a file of the source (a slash path relative to it)
// under the link rule.
func (s *Site) ReadSource(file string) ([]byte, error) {
	r, err := s.SrcRoot()
	if err != nil {
		return nil, err
	}
	return r.ReadFile(file, 0)
}

// LiftFrontMatter applies the rule of a layout whose tool reads front
// matter after blank lines (layout.Markup.FrontMatterLead: Hugo's page
// lexer skips spaces, tabs, line ends and byte order marks before the
// opening delimiter): when src starts with such a lead and then a
// delimiter line ("---" or "+++", spaces after it allowed) that a
// closing one matches, the front matter block moves to the start of the
// text and the lead's line ends after it (its spaces go), so that every
// reader of front matter (the Markdown parser's extension,
// FrontMatterSpan) finds it where they all look, on the first line, and
// the body keeps its lines. lines maps each line of the result to the
// line of src it came from (nil when nothing moved).
func LiftFrontMatter(src []byte) (out []byte, lines []int) {
	sp := frontspan.Find(src, frontspan.Options{TOML: true, Runs: true, Leading: true})
	lead := sp.Open
	if !sp.Closed || lead == 0 || len(bytes.TrimLeft(src[:lead], " \t\r\n")) != 0 {
		return src, nil // none, on the first line already, or after a byte order mark
	}
	end := lineEnd(src, sp.End) // the closing line, without its line end
	block := src[lead:end]
	nl := bytes.Count(src[:lead], []byte("\n")) // the lead's lines
	out = make([]byte, 0, len(src)+1)
	out = append(out, block...)
	out = append(out, '\n')
	out = append(out, bytes.Repeat([]byte("\n"), nl)...)
	if end < len(src) {
		out = append(out, src[end+1:]...)
	}
	m := bytes.Count(block, []byte("\n")) + 1 // the block's lines
	total := bytes.Count(out, []byte("\n")) + 1
	lines = make([]int, total)
	for i := range lines {
		switch n := i + 1; {
		case n <= m:
			lines[i] = nl + n
		case n <= m+nl:
			lines[i] = n - m
		default:
			lines[i] = n
		}
	}
	return out, lines
}

// JSONFrontMatter applies the rule of a layout whose tool reads a JSON
// object at the start of the file as front matter
// (layout.Markup.FrontMatterJSON; Hugo: "JSON: a single JSON object
// surrounded by '{' and '}', followed by a new line",
// https://gohugo.io/content-management/front-matter/; its page lexer
// skips blank lines before it as before "---"): the object, found by
// its braces outside strings, is put between lines "---" as YAML front
// matter (JSON is YAML; tabs outside its strings become spaces, which
// YAML asks for), so every reader of front matter finds it. lines maps
// each line of the result to the line of src it came from; nil (and src)
// when src does not start with such an object. A page that starts with
// "{" but no JSON object (one that nothing closes, or a shortcode
// "{{< hint >}}") is an error, as in Hugo 0.111 ("unexpected EOF parsing
// JSON front matter", "unmarshal failed: invalid character '{' looking for
// beginning of object key string"): bad is its line, problem says why;
// else bad is 0.
func JSONFrontMatter(src []byte) (out []byte, lines []int, bad int, problem string) {
	lead := 0
	for lead < len(src) && (src[lead] == ' ' || src[lead] == '\t' || src[lead] == '\r' || src[lead] == '\n') {
		lead++
	}
	if lead == len(src) || src[lead] != '{' {
		return src, nil, 0, ""
	}
	line := 1 + bytes.Count(src[:lead], []byte("\n"))
	end, depth, inString := -1, 0, false
	for i := lead; i < len(src) && end < 0; i++ {
		switch c := src[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '{':
			depth++
		case c == '}':
			if depth--; depth == 0 {
				end = i
			}
		}
	}
	if end < 0 {
		return src, nil, line, "front matter is not closed: the JSON object that opens the page has no closing brace (Hugo reads a page that starts with \"{\" as JSON front matter)"
	}
	if err := json.Unmarshal(src[lead:end+1], new(map[string]any)); err != nil {
		return src, nil, line, fmt.Sprintf("front matter: the page starts with \"{\", which Hugo reads as JSON front matter, and it is not a JSON object (%v): start the page with text, or put the shortcode after front matter", err)
	}
	after := lineEnd(src, end)
	// Text after the closing brace on its line (not the "new line" the
	// docs ask for) is the page's first line of text: measured, Hugo 0.111.
	sameLine := len(bytes.TrimSpace(src[end+1:after])) > 0
	obj := bytes.Clone(src[lead : end+1])
	inString = false
	for i := 0; i < len(obj); i++ {
		switch c := obj[i]; {
		case inString && c == '\\':
			i++ // an escaped byte
		case c == '"':
			inString = !inString
		case !inString && c == '\t':
			obj[i] = ' '
		}
	}
	nl := bytes.Count(src[:lead], []byte("\n")) // the lead's lines, dropped
	out = make([]byte, 0, len(src)+8)
	out = append(out, "---\n"...)
	out = append(out, obj...)
	out = append(out, "\n---"...)
	extra := 2 // the lines "---" added
	if sameLine {
		out = append(out, '\n')
		out = append(out, bytes.TrimLeft(src[end+1:], " \t")...)
		extra = 3
	} else {
		out = append(out, src[after:]...)
	}
	m := bytes.Count(obj, []byte("\n")) + 1 // the object's lines
	total := bytes.Count(out, []byte("\n")) + 1
	lines = make([]int, total)
	for i := range lines {
		switch n := i + 1; {
		case n == 1:
			lines[i] = nl + 1
		case n <= m+1:
			lines[i] = nl + n - 1
		case n <= m+extra:
			lines[i] = nl + m
		default:
			lines[i] = nl + n - extra
		}
	}
	return out, lines, 0, ""
}

// throughLines maps the lines of a text through two steps: lines maps the
// final text's lines to the lifted text's (see fenceBlocks), lifted the
// lifted text's to the file's (LiftFrontMatter); either may be nil for
// no change.
func throughLines(lines, lifted []int) []int {
	if lifted == nil {
		return lines
	}
	if lines == nil {
		return lifted
	}
	out := make([]int, len(lines))
	for i, l := range lines {
		out[i] = lifted[min(max(l, 1), len(lifted))-1]
	}
	return out
}

// FrontMatterRule applies the rule of a layout of another tool (m, of
// the layout whose tool is named tool) for a first line of dashes that
// the readers of front matter (the Markdown parser's extension,
// FrontMatterSpan) would take as the opening of front matter where the
// tool does not, so that every reader of the page agrees with the tool:
//
//   - more than three dashes ("----"), unless m.FrontMatterRuns: a
//     thematic break, as the tool shows it;
//   - a first line of pluses ("+++") that no such line closes, unless
//     m.Unclosed is UnclosedFails (Hugo, which reads TOML front matter
//     and stops): text, as every other tool shows it (Jekyll, MkDocs,
//     gray-matter and GitHub read front matter only after "---"); a
//     backslash is put before it (CommonMark shows "\+++" as "+++"), the
//     first line one byte longer;
//   - "---" that no line "---" closes: m.Unclosed says what the tool
//     makes of it. UnclosedText: a thematic break and text;
//     UnclosedToEnd: the rest of the file is front matter (a closing
//     line is added after it); UnclosedFails: left as it is, an error
//     (readFrontMatter).
//
// A thematic break is written with as many "*" in place of the dashes
// (CommonMark shows both as <hr>, no front matter reader takes it): the
// text keeps its length and lines. note says what was done, for a
// warning at the file's first line; it is empty when nothing was.
func FrontMatterRule(src []byte, m layout.Markup, tool string) (out []byte, note string) {
	sp := frontspan.Find(src, frontspan.Options{TOML: true, Runs: true}) // FrontMatterSpan's reading
	if !sp.OK || sp.Open != 0 {
		return src, "" // no delimiter line first (a byte order mark before it: left as it is)
	}
	first := sp.Delim
	if first[0] == '+' {
		if m.Unclosed != layout.UnclosedFails && !sp.Closed {
			return append([]byte{'\\'}, src...), fmt.Sprintf("front matter is not opened: %s reads no TOML front matter (\"+++\"), and this one is never closed; the first line %q is shown as text", tool, first)
		}
		return src, ""
	}
	if len(first) > 3 && !m.FrontMatterRuns {
		copy(src, bytes.Repeat([]byte("*"), len(first)))
		return src, fmt.Sprintf("front matter is not opened: the first line %q is a thematic break, not \"---\" (%s reads front matter only between lines \"---\"); shown as a rule", first, tool)
	}
	if sp.Closed {
		return src, ""
	}
	switch m.Unclosed {
	case layout.UnclosedToEnd:
		if len(src) > 0 && src[len(src)-1] != '\n' {
			src = append(src, '\n')
		}
		src = append(src, first...)
		return append(src, '\n'), fmt.Sprintf("front matter is not closed: no line %q after the opening one; read to the end of the file, as %s reads it (the page has no text)", first, tool)
	case layout.UnclosedText:
		copy(src, bytes.Repeat([]byte("*"), len(first)))
		return src, fmt.Sprintf("front matter is not closed: no line %q after the opening one; shown as a rule and text, as %s shows it", first, tool)
	}
	return src, ""
}

// DotsClose writes a line "..." that closes YAML front matter (in a
// tool that reads it so: layout.Markup.FrontMatterDots) as "---", in
// place, so that every reader of the page (the Markdown parser's
// extension, FrontMatterSpan) takes it for the closing line: Jekyll 4.3
// builds a page whose front matter ends with "..." as one whose ends
// with "---". The text keeps its length and lines.
func DotsClose(src []byte) {
	sp := frontspan.Find(src, frontspan.Options{Dots: true})
	if sp.Closed && sp.Delim == "---" && src[sp.End] == '.' {
		copy(src[sp.End:], "---")
	}
}

// DelimiterSpaces takes the spaces and tabs that end a front matter
// delimiter line ("--- ") off it, in place: Hugo, Jekyll and MkDocs all
// take "--- " for "---" (a Hugo corpus had three pages whose closing line
// is "--- "), where the front matter parser would run to the end of the
// file. The text keeps its length and its lines: the spaces move to the
// end of the line after the opening one (a YAML or TOML line, where they
// mean nothing), and to the start of the line after the closing one when
// that line is blank or they are fewer than four (they do not make code
// of it), else to its end.
func DelimiterSpaces(src []byte) {
	sp := frontspan.Find(src, frontspan.Options{TOML: true, Runs: true})
	if !sp.Closed || sp.Open != 0 {
		return // no front matter on the first line (a byte order mark before it: left as it is)
	}
	run := len(sp.Delim)
	first := lineEnd(src, 0)
	closing := sp.End // the closing line: the next that is the delimiter run, spaces after it allowed
	// The closing line first: moving the opening line's spaces shifts
	// nothing after the line that follows it.
	if ws := spacesAfter(src, closing, run); ws > 0 {
		end := lineEnd(src, closing)
		if end < len(src) {
			next := end + 1
			nextEnd := lineEnd(src, next)
			blank := len(bytes.TrimSpace(src[next:nextEnd])) == 0
			if blank || ws < 4 {
				rotate(src[closing+run:next], ws) // "--- \nX" -> "---\n X"
			} else {
				rotate(src[closing+run:textEnd(src, next, nextEnd)], ws) // to the end of the next line
			}
		}
	}
	if ws := spacesAfter(src, 0, run); ws > 0 {
		next := first + 1
		rotate(src[run:textEnd(src, next, lineEnd(src, next))], ws) // "---  \ntitle: A\n" -> "---\ntitle: A  \n"
	}
}

// lineEnd is the offset of the newline that ends the line starting at
// off, or len(src).
func lineEnd(src []byte, off int) int {
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		return off + i
	}
	return len(src)
}

// textEnd is where the text of the line [off, end) ends: before its \r.
func textEnd(src []byte, off, end int) int {
	if end > off && src[end-1] == '\r' {
		return end - 1
	}
	return end
}

// spacesAfter counts the spaces and tabs after the delimiter run of the
// line at off, when nothing else follows them on the line.
func spacesAfter(src []byte, off, run int) int {
	end := textEnd(src, off, lineEnd(src, off))
	rest := src[off+run : end]
	if len(bytes.Trim(rest, " \t")) != 0 {
		return 0
	}
	return len(rest)
}

// rotate moves the first n bytes of b to its end.
func rotate(b []byte, n int) {
	if n <= 0 || n >= len(b) {
		return
	}
	tmp := append([]byte(nil), b[:n]...)
	copy(b, b[n:])
	copy(b[len(b)-n:], tmp)
}

// Reread reads the text of a page again, as loadPage read it (see
// pageSource), for a page loaded by an earlier build whose file did not
// change: its problems were reported then.
func (s *Site) Reread(p *Page) ([]byte, error) {
	src, err := s.readPage(p.File)
	if err != nil {
		return nil, err
	}
	if s.Lay.Expand != nil {
		src = s.Lay.Expand(p.File, src, s.readInclude).Src
	}
	s.metaBlock(src) // blanked, as when it was loaded
	return src, nil
}
