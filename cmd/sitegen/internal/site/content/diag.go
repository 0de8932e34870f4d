package content

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"d6codex/cmd/sitegen/internal/markup"
)

// Diagnostic is one build error, located in a source file.
type Diagnostic struct {
	// File is the path of the offending file relative to the source
	// directory, slash-separated ("content/opend6/combat.md", "site.toml").
	File string
	// Line and Col are 1-based; 0 means unknown.
	Line, Col int
	// Field names the front matter or config field at fault, if any.
	Field string
	// Msg says what is wrong.
	Msg string
	// Link is a broken link's target and reason, set where it was found
	// (markup.Problem.Link): Msg says them too (markup.BrokenLink.Msg);
	// the zero value for any other problem.
	Link markup.BrokenLink
}

// String formats the diagnostic as "file:line:col: [field: ]message", or
// "file: [field: ]message" when it has no line (a missing file, a file as
// a whole): a position is never made up for a file that may not exist.
func (d Diagnostic) String() string {
	var b strings.Builder
	b.WriteString(d.File)
	if d.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", d.Line, max(d.Col, 1))
	}
	b.WriteString(": ")
	if d.Field != "" {
		b.WriteString(d.Field)
		b.WriteString(": ")
	}
	b.WriteString(d.Msg)
	return b.String()
}

// Diagnostics is the error a failed build returns: every problem found,
// sorted by file and position.
type Diagnostics []Diagnostic

// Error lists every diagnostic, one per line.
func (ds Diagnostics) Error() string {
	lines := make([]string, len(ds))
	for i, d := range ds {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// Collector gathers diagnostics from concurrent workers.
type Collector struct {
	mu sync.Mutex
	ds Diagnostics
}

func (c *Collector) add(d Diagnostic) {
	c.mu.Lock()
	c.ds = append(c.ds, d)
	c.mu.Unlock()
}

func (c *Collector) Addf(file string, line, col int, field, format string, args ...any) {
	c.add(Diagnostic{File: file, Line: line, Col: col, Field: field, Msg: fmt.Sprintf(format, args...)})
}

// Since returns the diagnostics added after the first n (see len).
func (c *Collector) Since(n int) Diagnostics {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.ds[n:])
}

func (c *Collector) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.ds)
}

// Sorted returns the diagnostics ordered by file, line, column and message,
// with exact duplicates removed.
func (c *Collector) Sorted() Diagnostics {
	c.mu.Lock()
	defer c.mu.Unlock()
	ds := slices.Clone(c.ds)
	slices.SortFunc(ds, func(a, b Diagnostic) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Col, b.Col), cmp.Compare(a.Field, b.Field), cmp.Compare(a.Msg, b.Msg))
	})
	return slices.Compact(ds)
}

// quoted and contentPath match the parts of a message that differ between
// two problems of one kind (a link's target, a file name).
var (
	quoted      = regexp.MustCompile(`"[^"]*"`)
	contentPath = regexp.MustCompile(`content/[^\s:]+`)
)

// shape is a message with its particulars left out: problems of one kind
// share it ("broken link "…": … does not exist").
func shape(msg string) string {
	return contentPath.ReplaceAllString(quoted.ReplaceAllString(msg, `"…"`), "…")
}

// Kind names the kind of a problem for counts: its field, else its
// message up to the first quote, colon, bracket or brace ("broken link",
// "duplicate URL", "broken wikilink").
func Kind(d Diagnostic) string {
	if d.Field != "" {
		return d.Field
	}
	k := d.Msg
	if i := strings.IndexAny(k, "\":<{[/!("); i > 0 { // before the particulars: "…", [[…]], ![[…]], <tag>, {{…}}, /url/, (…)
		k = k[:i]
	}
	k = strings.TrimSpace(k)
	// A connective left before the particulars ("symbolic link to /x")
	// is not part of the kind.
	for _, w := range []string{" to", " in", " at", " of", " from"} {
		if s, ok := strings.CutSuffix(k, w); ok && s != "" {
			return s
		}
	}
	return k
}

// CountKinds returns "N kind, M kind" for ds, the most frequent first.
func CountKinds(ds Diagnostics) string {
	n := map[string]int{}
	for _, d := range ds {
		n[Kind(d)]++
	}
	kinds := make([]string, 0, len(n))
	for k := range n {
		kinds = append(kinds, k)
	}
	slices.SortFunc(kinds, func(a, b string) int { return cmp.Or(cmp.Compare(n[b], n[a]), cmp.Compare(a, b)) })
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = fmt.Sprintf("%d %s", n[k], k)
	}
	return strings.Join(parts, ", ")
}

// Summarize formats problems one a line, "file:line:col: message"; past
// the first few of one kind (see shape), the rest of it become one line
// that counts them ("… and 973 more of the same in 973 files, the first
// at content/x.md:1:1: …").
func Summarize(ds Diagnostics, few int) []string { return summarize(ds, few) }

func summarize(ds Diagnostics, few int) []string {
	byMsg := map[string][]Diagnostic{}
	var order []string
	for _, d := range ds {
		k := shape(d.Field + ": " + d.Msg)
		if _, ok := byMsg[k]; !ok {
			order = append(order, k)
		}
		byMsg[k] = append(byMsg[k], d)
	}
	var out []string
	for _, msg := range order {
		group := byMsg[msg]
		for _, d := range group[:min(few, len(group))] {
			out = append(out, d.String())
		}
		if rest := group[min(few, len(group)):]; len(rest) > 0 {
			files := map[string]bool{}
			for _, d := range rest {
				files[d.File] = true
			}
			out = append(out, fmt.Sprintf("… and %d more of the same in %d files, the first at %s",
				len(rest), len(files), rest[0].String()))
		}
	}
	return out
}
