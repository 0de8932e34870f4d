// Package randtable is a goldmark extension for random tables: a table
// whose first header is a roll (d6, 1d8, 2d6, d66, d100, d%, or the Dice
// Roller's lookup-table header "dice: 1d20") and whose first column holds
// the results each row stands for (3, 3-5, 3–5, 3‒5, 01–05, 00 as 100 on a
// d100, 11+, ≤ 2, ≥ 12, 13,14; a dash alone for a row no roll gives). A later row
// whose first cell is a roll ("| **d6** | **Ideal** |") starts a table of
// its own, headed by that row. Each row gets its exact chance in a last column, the
// table a Roll button (the script rolls its die and marks the row), and
// rows that do not cover the roll exactly (a result of no row, or of two)
// are a warning at the row's line. A table wrapped into column pairs,
// each pair headed by the roll, holds results in each such column (a row
// then stands for two results). A row whose first cell is empty goes on
// with the result above it (a two-level table: a d12 column, a d10 column
// under each d12 result): the roll marks the whole group.
package randtable

import (
	"bytes"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/calc/render"
	"d6codex/cmd/sitegen/internal/markup/inlinedice"
	"d6codex/rules/dice"
	"d6codex/rules/dice/expr"
)

// Table is a random table read from its header and first column.
type Table struct {
	// Roll is the header's roll as written ("2d6"), Expr as computed
	// ("1d66%" for a d66), Plan its plan for the script.
	Roll, Expr, Plan string
	// Dist is the roll's distribution.
	Dist dice.PMF
	// Rows are the first column's cells, read.
	Rows []Row
}

// Row is one row's results and chance.
type Row struct {
	Ranges  [][2]int // the results it stands for, lowest to highest each
	Chance  float64  // of rolling one of them
	Problem string   // the cell is not a result or range, or covers a result another row does, ...
	// Continues: the cell is empty, the row goes on with the result of
	// the row above (a two-level table's second column under one
	// result); it stands for no result of its own.
	Continues bool
}

// headRE reads a roll header: optional "dice:", then a formula with dice.
var headRE = regexp.MustCompile(`^(?i:dice:)?\s*(\d*[dD](?:\d+%?|%|F)[^|]*)$`)

// clean strips emphasis and code marks from a cell's text.
func clean(s string) string {
	s = strings.TrimSpace(s)
	s = strings.Trim(s, "*_`")
	return strings.TrimSpace(s)
}

// Read reads a table from its first header and first column, or returns
// nil when the header is not a roll. A d66 (d666) is read as the digit
// die of random tables: a d6 for each digit.
func Read(header string, cells []string) *Table {
	m := headRE.FindStringSubmatch(clean(header))
	if m == nil {
		return nil
	}
	f := strings.TrimSpace(m[1])
	if ok, _ := regexp.MatchString(`^[dD]6{2,3}$`, f); ok {
		f = "1" + f + "%"
	}
	items, err := expr.ParseNotation(f, expr.DiceRoller)
	if err != nil {
		return nil
	}
	r, err := expr.EvalItem(items[0])
	if err != nil || r.Truncated > 0 || r.Max-r.Min > 10000 {
		return nil
	}
	t := &Table{Roll: clean(header), Expr: f, Plan: inlinedice.Plan(items[0].Node), Dist: r.Dist}
	hundred := r.Max == 100 && r.Min >= 1 // 00 is 100 on a d100
	covered := map[int]int{}              // result -> the row that has it (1-based)
	for i, c := range cells {
		row := Row{}
		if i > 0 && clean(c) == "" {
			row.Continues = true
			t.Rows = append(t.Rows, row)
			continue
		}
		row.Ranges, row.Problem = ranges(clean(c), r.Min, r.Max, hundred)
		for _, rg := range row.Ranges {
			for v := rg[0]; v <= rg[1]; v++ {
				row.Chance += r.Dist.P(v)
				if j, dup := covered[v]; dup && row.Problem == "" {
					row.Problem = "result " + strconv.Itoa(v) + " is also row " + strconv.Itoa(j) + "'s"
				}
				covered[v] = i + 1
			}
		}
		if row.Problem == "" && len(row.Ranges) > 0 && row.Chance == 0 {
			row.Problem = "no roll of " + t.Roll + " gives " + clean(c)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// Gaps lists the results the roll can give that no row has.
func (t *Table) Gaps() []int {
	var gaps []int
	have := map[int]bool{}
	for _, r := range t.Rows {
		for _, rg := range r.Ranges {
			for v := rg[0]; v <= rg[1]; v++ {
				have[v] = true
			}
		}
	}
	t.Dist.Each(func(v int, p float64) {
		if p > 0 && !have[v] {
			gaps = append(gaps, v)
		}
	})
	return gaps
}

// rangeRE reads one result or range: 3, 3-5, 3–5, 3—5, 3‒5 (U+2012
// FIGURE DASH, Unicode's dash "used within numbers"), 3−5 (U+2212 MINUS
// SIGN, as PDF conversions write it), 3 to 5, 11+, 00. Open ends written
// as bounds (≤ 2, >= 12) are boundRE's.
var rangeRE = regexp.MustCompile(`^(\d+)\s*(?:(?:-|–|—|‒|−|to)\s*(\d+)|(\+))?$`)

// boundRE reads an open end written as a bound: ≤ 2 or <= 2 (every result
// up to 2), ≥ 12 or >= 12 (every result from 12).
var boundRE = regexp.MustCompile(`^(≤|<=|≥|>=)\s*(\d+)$`)

// ranges reads a cell: results and ranges separated by commas. A dash
// alone (-, –, —) is a row no roll gives (the SRD's "| — | Common |").
func ranges(s string, lo, hi int, hundred bool) ([][2]int, string) {
	switch s {
	case "-", "–", "—":
		return nil, ""
	}
	var out [][2]int
	num := func(d string) int {
		v, _ := strconv.Atoi(d)
		if hundred && v == 0 && strings.Trim(d, "0") == "" {
			return 100
		}
		return v
	}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if m := boundRE.FindStringSubmatch(part); m != nil && len(m[2]) <= 6 {
			v := num(m[2])
			if m[1] == "≤" || m[1] == "<=" {
				out = append(out, [2]int{min(lo, v), v})
			} else {
				out = append(out, [2]int{v, max(hi, v)})
			}
			continue
		}
		m := rangeRE.FindStringSubmatch(part)
		if m == nil || len(m[1]) > 6 || len(m[2]) > 6 {
			return nil, strconv.Quote(s) + " is not a result or a range of results (3, 3-5, 11+)"
		}
		a, b := num(m[1]), num(m[1])
		switch {
		case m[3] == "+":
			b = max(hi, a)
		case m[2] != "":
			b = num(m[2])
		}
		if b < a {
			return nil, strconv.Quote(s) + " runs from high to low"
		}
		out = append(out, [2]int{a, b})
	}
	return out, ""
}

// Warn reports a problem at a source offset of the page being parsed.
type Warn func(pc parser.Context, offset int, msg string)

// Extension finds the random tables of a page.
type Extension struct{ Warn Warn }

// Extend implements goldmark.Extender.
func (e Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(transformer{warn: e.Warn}, 900)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(htmlRenderer{}, 100)))
}

// Kind is the AST kind of a random table.
var Kind = ast.NewNodeKind("RandomTable")

// Node holds a random table (its one child, the GFM table).
type Node struct {
	ast.BaseBlock
	Table *Table
}

// Kind implements ast.Node.
func (n *Node) Kind() ast.NodeKind { return Kind }

// Dump implements ast.Node.
func (n *Node) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// foundKey marks a parse that found a random table (see Found).
var foundKey = parser.NewContextKey()

// Found reports whether the parse with context pc found a random table.
func Found(pc parser.Context) bool { return pc.Get(foundKey) != nil }

type transformer struct{ warn Warn }

// cellText is a cell's Markdown as written.
func cellText(c ast.Node, src []byte) string {
	var b strings.Builder
	for i := 0; i < c.Lines().Len(); i++ {
		seg := c.Lines().At(i)
		b.Write(seg.Value(src))
	}
	return b.String()
}

// cellStart is the source offset of a cell (of its row's line).
func cellStart(c ast.Node) int {
	if c != nil && c.Lines().Len() > 0 {
		return c.Lines().At(0).Start
	}
	return -1
}

// Transform implements parser.ASTTransformer.
func (t transformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	if bytes.IndexByte(src, '|') < 0 {
		return // a table's delimiter row has a pipe: a page without one has no table
	}
	var tables []*east.Table
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if tb, ok := n.(*east.Table); ok {
			tables = append(tables, tb)
			return ast.WalkSkipChildren, nil
		}
		switch n.(type) {
		case *ast.Paragraph, *ast.TextBlock, *ast.Heading:
			return ast.WalkSkipChildren, nil // their text holds no table
		}
		return ast.WalkContinue, nil
	})
	for i := 0; i < len(tables); i++ {
		tb := tables[i]
		head, ok := tb.FirstChild().(*east.TableHeader)
		if !ok || head.FirstChild() == nil {
			continue
		}
		header := cellText(head.FirstChild(), src)
		if !headRE.MatchString(clean(header)) {
			continue // not a roll: its rows are not read
		}
		if rest := split(tb, head, src); rest != nil {
			tables = slices.Insert(tables, i+1, rest)
		}
		// A table wrapped into column pairs heads each pair with the
		// roll: every column so headed holds results.
		var resultCols []int
		col := 0
		for hc := head.FirstChild(); hc != nil; hc = hc.NextSibling() {
			if col == 0 || strings.EqualFold(clean(cellText(hc, src)), clean(header)) {
				resultCols = append(resultCols, col)
			}
			col++
		}
		var cells []string
		var firsts []ast.Node
		for r := head.NextSibling(); r != nil; r = r.NextSibling() {
			firsts = append(firsts, r.FirstChild())
			cells = append(cells, rowResults(r, resultCols, src))
		}
		rt := Read(header, cells)
		if rt == nil {
			continue
		}
		if len(rt.Rows) == 0 {
			// A roll over no rows has nothing to roll on: the table is
			// left as written, and its header is the warning's line.
			if t.warn != nil {
				if off := cellStart(head.FirstChild()); off >= 0 {
					t.warn(pc, off, "random table "+strconv.Quote(rt.Roll)+": no rows to roll on: the table is left as written")
				}
			}
			continue
		}
		pc.Set(foundKey, true)
		t.annotate(tb, head, rt, firsts, pc)
		n := &Node{Table: rt}
		parent := tb.Parent()
		parent.ReplaceChild(parent, tb, n)
		n.AppendChild(n, tb)
	}
}

// rowResults is the results cell of row r: its first cell, joined by
// ", " with the cells of the further columns cols names (a table wrapped
// into column pairs) that are not empty and not a result already there.
func rowResults(r ast.Node, cols []int, src []byte) string {
	var parts []string
	col, next := 0, 0
	for c := r.FirstChild(); c != nil && next < len(cols); c = c.NextSibling() {
		if col == cols[next] {
			// A column that repeats the first's results ("| d6 | Name | d6
			// | Trait |", "| 1 | Bob | 1 | Brave |") is a list beside it,
			// not more results.
			if t := clean(cellText(c, src)); col == 0 || t != "" && !slices.Contains(parts, t) {
				parts = append(parts, t)
			}
			next++
		}
		col++
	}
	if len(parts) > 1 && parts[0] == "" {
		parts = parts[1:] // the first half empty, the second a result
	}
	return strings.Join(parts, ", ")
}

// split cuts table tb at its first row whose first cell is a roll (the
// SRD's "| **d6** | **Ideal** |" inside a d8 table) and returns the rows
// from there as a table of their own, that row its header, placed after
// tb; nil when no row is a roll.
func split(tb *east.Table, head *east.TableHeader, src []byte) *east.Table {
	for r := head.NextSibling(); r != nil; r = r.NextSibling() {
		row, ok := r.(*east.TableRow)
		if !ok || row.FirstChild() == nil || !headRE.MatchString(clean(cellText(row.FirstChild(), src))) {
			continue
		}
		rest := east.NewTable()
		rest.Alignments = slices.Clone(tb.Alignments)
		for n := row.NextSibling(); n != nil; {
			next := n.NextSibling()
			rest.AppendChild(rest, n) // moves n out of tb
			n = next
		}
		tb.RemoveChild(tb, row)
		rest.InsertBefore(rest, rest.FirstChild(), east.NewTableHeader(row))
		tb.Parent().InsertAfter(tb.Parent(), tb, rest)
		return rest
	}
	return nil
}

// annotate adds the chance column, marks the rows with their results and
// reports the rows that do not cover the roll exactly.
func (t transformer) annotate(tb *east.Table, head *east.TableHeader, rt *Table, firsts []ast.Node, pc parser.Context) {
	warn := func(off int, msg string) {
		if t.warn != nil && off >= 0 {
			t.warn(pc, off, "random table "+strconv.Quote(rt.Roll)+": "+msg)
		}
	}
	hc := east.NewTableCell()
	hc.Alignment = east.AlignRight
	hc.AppendChild(hc, ast.NewString([]byte("Chance")))
	head.AppendChild(head, hc)
	tb.Alignments = append(tb.Alignments, east.AlignRight)
	i := 0
	var rs []string // the results of the row, or of the row a continuing one goes on with
	for r := head.NextSibling(); r != nil; r = r.NextSibling() {
		row := rt.Rows[i]
		if !row.Continues {
			rs = nil
			for _, rg := range row.Ranges {
				rs = append(rs, strconv.Itoa(rg[0])+"-"+strconv.Itoa(rg[1]))
			}
		}
		if len(rs) > 0 {
			r.SetAttributeString("data-r", []byte(strings.Join(rs, " ")))
		}
		c := east.NewTableCell()
		c.Alignment = east.AlignRight
		c.SetAttributeString("class", []byte("rt-chance"))
		if len(row.Ranges) > 0 {
			c.AppendChild(c, ast.NewString([]byte(render.Pct(row.Chance))))
		}
		r.AppendChild(r, c)
		if row.Problem != "" {
			warn(cellStart(firsts[i]), row.Problem)
		}
		i++
	}
	if gaps := rt.Gaps(); len(gaps) > 0 {
		// At the row after the first gap, or the last row.
		at := len(rt.Rows) - 1
		for j, row := range rt.Rows {
			if len(row.Ranges) > 0 && row.Ranges[0][0] > gaps[0] {
				at = j
				break
			}
		}
		var miss float64
		for _, g := range gaps {
			miss += rt.Dist.P(g)
		}
		if miss > 1-1e-12 {
			miss = 1 // every result: the sum of every chance
		}
		warn(cellStart(firsts[at]), "no row for "+list(gaps)+" (a "+render.Pct(min(miss, 1))+" chance)")
	}
}

// list names results: "7", "7, 8 and 12", "2–12" for runs.
func list(v []int) string {
	var parts []string
	for i := 0; i < len(v); {
		j := i
		for j+1 < len(v) && v[j+1] == v[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, strconv.Itoa(v[i])+"–"+strconv.Itoa(v[j]))
		} else {
			parts = append(parts, strconv.Itoa(v[i]))
		}
		i = j + 1
		if len(parts) == 6 && i < len(v) {
			parts = append(parts, "more")
			break
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// htmlRenderer writes a random table: its Roll button (shown by the
// script) and output, then the table.
type htmlRenderer struct{}

func (htmlRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(Kind, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		n := node.(*Node)
		if !entering {
			_, _ = w.WriteString("</div>\n")
			return ast.WalkContinue, nil
		}
		_, _ = w.WriteString(`<div class="rtable" data-plan="`)
		_, _ = w.Write(util.EscapeHTML([]byte(n.Table.Plan)))
		_, _ = w.WriteString(`"><div class="rt-bar"><button type="button" class="rt-roll" hidden>Roll `)
		_, _ = w.Write(util.EscapeHTML([]byte(n.Table.Roll)))
		_, _ = w.WriteString(`</button><span class="rt-sum">Average ` + strconv.FormatFloat(math.Round(n.Table.Dist.Mean()*100)/100, 'f', -1, 64) +
			`</span><output class="rt-out" aria-live="polite"></output></div>` + "\n")
		return ast.WalkContinue, nil
	})
}
