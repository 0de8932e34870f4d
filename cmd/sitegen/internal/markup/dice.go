package markup

import (
	"bytes"
	"d6codex/cmd/sitegen/internal/frontspan"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"d6codex/cmd/sitegen/internal/markup/inlinedice"
	"d6codex/cmd/sitegen/internal/markup/randtable"
	"d6codex/rules/dice/expr"
)

// Assets of the pages with inline rolls or random tables.
const (
	DiceScript = "js/dice.js"
	DiceStyle  = "css/dice.css"
)

// Bounds of one link roller: the options it may hold and their HTML.
const (
	maxRollOptions = 1000
	maxRollHTML    = 256 << 10
)

// diceTransformer gives a page with inline rolls (package inlinedice) or
// random tables (package randtable) their script and stylesheet, and
// resolves the rollers of [[links]] through the page's WikiResolver.
type diceTransformer struct{ m *Markdown }

// Transform implements parser.ASTTransformer.
func (t diceTransformer) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	st := state(pc)
	if st == nil || !inlinedice.Found(pc) && !randtable.Found(pc) {
		return
	}
	st.addAssets()
	if !inlinedice.Found(pc) {
		return
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if r, ok := n.(*inlinedice.Node); ok && entering && r.Link != nil {
			msg, bound := t.resolve(st, r)
			switch {
			case msg == "":
			case bound && len(st.page.rolls) > 0: // the page's roller that led here is told
				r.Link.Problem = msg
				st.reportRoll(r.Start, fmt.Sprintf("%s inside %s: %s; it shows as written", r.Named(), st.page.rolls[len(st.page.rolls)-1], msg))
			default:
				r.Link.Problem = msg
				st.report(r.Start, true, r.Named()+": "+msg+"; it shows as written")
			}
		}
		return ast.WalkContinue, nil
	})
}

// stopRolls records that the page's link rollers passed a bound of what
// they read, and says whether this is the first time: the roller nested
// deepest that passed it is reported, the others fail quietly.
func (w *pageWork) stopRolls() bool {
	first := !w.rollsStopped
	w.rollsStopped = true
	return first
}

// reportRoll reports a warning about a link roller nested in the options
// of another (a cycle, a bound): at the page's own roller that led there,
// once per roller and message. A table parsed for its options passes it to
// the roller that parsed it (resolve's Report).
func (st *pageState) reportRoll(off int, msg string) {
	if st.page.Report == nil {
		return
	}
	line, col := st.pos(off)
	if len(st.page.rolls) > 0 {
		st.page.Report(Problem{Line: line, Col: col, Msg: msg, Warning: true, outer: true})
		return
	}
	key := fmt.Sprintf("%d:%d:%s", line, col, msg)
	if st.work.rollsReported == nil {
		st.work.rollsReported = map[string]bool{}
	}
	if !st.work.rollsReported[key] {
		st.work.rollsReported[key] = true
		st.page.Report(Problem{Line: line, Col: col, Msg: msg, Warning: true})
	}
}

// addAssets asks for the dice script and stylesheet, when the site has
// them (a site's own static/ may leave them out).
func (st *pageState) addAssets() {
	for _, a := range []struct {
		name string
		list *[]string
	}{{DiceScript, &st.res.Scripts}, {DiceStyle, &st.res.Styles}} {
		if u, ok := st.page.Assets[a.name]; ok && !slices.Contains(*a.list, u) {
			*a.list = append(*a.list, u)
		}
	}
}

// resolve finds what a link roller names and fills its options, as the
// Dice Roller reads them: the rows of a table (weighted by its die when
// its first header is a roll; one column with |Header), the items of a
// list, the lines of a note (|line), its headings (|heading-2) or its
// blocks. It returns the problem, "" when resolved, and whether it is a
// roller nested in another's options that goes round or past a bound.
//
// A roller's options may hold rollers ("The options can also be a roller
// (of any type). This allows you to nest rollers", the Dice Roller's
// README, https://github.com/javalent/dice-roller#lookup-tables). The
// plugin resolves a nested roller when its row is rolled; sitegen resolves
// them all as it builds the page, so a roller on a table it is already
// rolled from (a row "roll twice on this table") is left as written, and
// nested rollers share the bounds of embeds (obsidian.go): MaxEmbedDepth
// levels, MaxEmbeds tables read, MaxEmbedRead bytes read, per page.
func (t diceTransformer) resolve(st *pageState, r *inlinedice.Node) (string, bool) {
	l := r.Link
	count := strings.TrimSpace(l.Count)
	if strings.HasSuffix(count, "d") || strings.HasSuffix(count, "D") {
		count = count[:len(count)-1] // "3d": a bare d is a d1 here
	}
	if count != "" {
		items, err := expr.ParseNotation(count, expr.DiceRoller)
		if err != nil {
			return "the count " + strconv.Quote(l.Count) + ": " + err.Error(), false
		}
		r.Plan = inlinedice.Plan(items[0].Node)
	}
	res, ok := st.page.Links.(WikiResolver)
	if !ok {
		return "links are not resolved here", false
	}
	w := st.work
	switch rolls := st.page.rolls; {
	case len(rolls) >= MaxEmbedDepth:
		return fmt.Sprintf("link rollers nested more than %d deep: %s → [[%s#%s]] (sitegen stops at %d levels)",
			MaxEmbedDepth, strings.Join(rolls, " → "), l.Target, l.Fragment, MaxEmbedDepth), true
	case w.rollReads >= MaxEmbeds:
		return fmt.Sprintf("the link rollers of this page, with those in the tables they roll on, read more than %d tables (sitegen stops at %d)", MaxEmbeds, MaxEmbeds), w.stopRolls()
	}
	w.rollReads++
	tg := res.ResolveWiki(l.Target, l.Fragment, true) // as an embed: with the note's source
	if tg.Problem != "" {
		return tg.Problem, false
	}
	if tg.Note == nil {
		return "[[" + l.Target + "]] is not a note", false
	}
	l.URL = tg.URL
	chain := append(append([]string{}, st.page.chain...), st.page.File)
	if slices.Contains(chain, tg.Note.File) && l.Fragment == "" && l.Kind == "" {
		return "it rolls on the page it is in", false
	}
	key := tg.Note.File + "#" + l.Fragment
	if i := slices.Index(st.page.rolls, key); i >= 0 {
		return fmt.Sprintf("it rolls on a table it is rolled from (%s)", strings.Join(append(slices.Clone(st.page.rolls[i:]), key), " → ")), true
	}
	if w.rollRead+len(tg.Src) > MaxEmbedRead {
		return fmt.Sprintf("the link rollers of this page, with those in the tables they roll on, read more than %d MB of notes (each reads its note whole; sitegen stops at %d MB)", MaxEmbedRead>>20, MaxEmbedRead>>20), w.stopRolls()
	}
	w.rollRead += len(tg.Src)
	src := tg.Src
	if l.Fragment != "" {
		sec, ok := t.m.section(src, l.Fragment)
		if !ok {
			return fmt.Sprintf("no heading or block %q in %s", l.Fragment, tg.Note.File), false
		}
		src = sec
	}
	sub := *tg.Note
	sub.chain, sub.DropH1, sub.DropLeading, sub.work = chain, false, false, w
	sub.parts, sub.part = append(slices.Clone(st.page.parts), partKey(st.page.File, st.page.part)), l.Fragment
	sub.rolls = append(slices.Clone(st.page.rolls), key)
	// The rollers nested in the options: their cycles and bounds,
	// reported once the options are known (a roller in the header row of
	// the table rolled on is no option: see headerLine).
	var nested []Problem
	sub.Report = func(p Problem) {
		if p.outer {
			nested = append(nested, p)
		}
	}
	defer func() {
		for _, p := range nested {
			st.reportRoll(r.Start, p.Msg)
		}
	}()
	if l.Kind == "line" {
		return t.lines(l, src, &sub), false
	}
	doc, _ := t.m.Parse(src, &sub)
	html := func(n ast.Node) string {
		var b bytes.Buffer
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			_ = t.m.Render(&b, src, c)
		}
		return strings.TrimSpace(b.String())
	}
	var opts []string
	var weights []float64
	found := false
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || found {
			return ast.WalkSkipChildren, nil
		}
		switch n := n.(type) {
		case *randtable.Node, *east.Table:
			if l.Fragment == "" && l.Kind != "" && l.Kind != "table" {
				return ast.WalkSkipChildren, nil
			}
			found = true
			opts, weights = tableOptions(n, l.Column, html)
			if h := headerLine(n, src); h > 0 {
				// "| Strong VS (`dice: d[[Monster#^strongvs]]`) |" over
				// the table it rolls on (Slugblasters' roll tables): the
				// plugin rolls on the rows below the header, so the
				// header's roller is no option and no cycle.
				nested = slices.DeleteFunc(nested, func(p Problem) bool { return p.Line == h })
			}
			return ast.WalkSkipChildren, nil
		case *ast.List:
			if l.Fragment == "" && l.Kind != "" && l.Kind != "list" {
				return ast.WalkSkipChildren, nil
			}
			found = true
			for it := n.FirstChild(); it != nil; it = it.NextSibling() {
				opts = append(opts, html(it))
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	if !found { // the note's blocks, or its headings of a level
		opts = blockOptions(doc, l.Kind, func(n ast.Node) string {
			var b bytes.Buffer
			_ = t.m.Render(&b, src, n)
			return strings.TrimSpace(b.String())
		})
	}
	return setOptions(l, opts, weights), false
}

// headerLine is the line of src that the header row of the table n (a
// randtable.Node or a table) is on, or 0.
func headerLine(n ast.Node, src []byte) int {
	start := -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if _, ok := c.(*east.TableRow); ok {
			return ast.WalkStop, nil // past the header
		}
		if t, ok := c.(*ast.Text); ok {
			start = t.Segment.Start
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	if start < 0 || start > len(src) {
		return 0
	}
	return 1 + bytes.Count(src[:start], []byte("\n"))
}

// setOptions bounds and keeps a roller's options.
func setOptions(l *inlinedice.Link, opts []string, weights []float64) string {
	size := 0
	for _, o := range opts {
		size += len(o)
	}
	switch {
	case len(opts) == 0:
		return "nothing to roll on there"
	case len(opts) > maxRollOptions:
		return fmt.Sprintf("%d options, more than the %d a roller may hold", len(opts), maxRollOptions)
	case size > maxRollHTML:
		return fmt.Sprintf("its options are %d KB, more than the %d KB a roller may hold", size>>10, maxRollHTML>>10)
	}
	l.Options, l.Weights = opts, weights
	return ""
}

// tableOptions are a table's rows: the cells after a roll column (with
// the rows' chances as weights), or one column named by its header, or
// the whole row.
func tableOptions(n ast.Node, column string, html func(ast.Node) string) ([]string, []float64) {
	var rt *randtable.Table
	if r, ok := n.(*randtable.Node); ok {
		rt = r.Table
		n = r.FirstChild()
	}
	head, ok := n.FirstChild().(*east.TableHeader)
	if !ok {
		return nil, nil
	}
	col, i := -1, 0
	for c := head.FirstChild(); c != nil; c = c.NextSibling() {
		if column != "" && strings.EqualFold(strings.TrimSpace(html(c)), column) {
			col = i
		}
		i++
	}
	skip := 0
	if rt != nil {
		skip = 1 // the roll column
	}
	var opts []string
	var weights []float64
	row := 0
	for r := head.NextSibling(); r != nil; r = r.NextSibling() {
		var cells []string
		i := 0
		for c := r.FirstChild(); c != nil; c = c.NextSibling() {
			if cls, _ := c.AttributeString("class"); cls != nil {
				i++
				continue // the chance column randtable added
			}
			if col >= 0 && i == col || col < 0 && i >= skip {
				cells = append(cells, html(c))
			}
			i++
		}
		opts = append(opts, strings.Join(cells, " | "))
		if rt != nil {
			weights = append(weights, rt.Rows[row].Chance)
		}
		row++
	}
	return opts, weights
}

// blockOptions are a note's blocks, without thematic breaks and front
// matter, as the section roller returns them; kind "heading-N" keeps
// headings of level N, "heading" all headings, another block type those
// blocks.
func blockOptions(doc ast.Node, kind string, html func(ast.Node) string) []string {
	var opts []string
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		switch h, isH := c.(*ast.Heading); {
		case c.Kind() == ast.KindThematicBreak:
			continue
		case strings.HasPrefix(kind, "heading"):
			if !isH || kind != "heading" && kind != "heading-"+strconv.Itoa(h.Level) {
				continue
			}
		case kind == "paragraph" && c.Kind() != ast.KindParagraph,
			kind == "list" && c.Kind() != ast.KindList,
			kind == "blockquote" && c.Kind() != ast.KindBlockquote,
			kind == "code" && c.Kind() != ast.KindFencedCodeBlock && c.Kind() != ast.KindCodeBlock:
			continue
		}
		if s := html(c); s != "" {
			opts = append(opts, s)
		}
	}
	return opts
}

// lines are a note's lines that are not empty, each rendered as a line
// of Markdown (the Dice Roller's |line).
func (t diceTransformer) lines(l *inlinedice.Link, src []byte, sub *Page) string {
	_, body := splitFrontMatter(src)
	var opts []string
	for _, line := range strings.Split(string(body), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		if len(opts) == maxRollOptions {
			return fmt.Sprintf("more than the %d lines a roller may hold", maxRollOptions)
		}
		html, _, err := t.m.Convert([]byte(line), sub)
		if err != nil {
			return err.Error()
		}
		html = strings.TrimSpace(html)
		if inner, ok := strings.CutPrefix(html, "<p>"); ok && strings.HasSuffix(inner, "</p>") {
			html = strings.TrimSuffix(inner, "</p>")
		}
		opts = append(opts, html)
	}
	return setOptions(l, opts, nil)
}

// splitFrontMatter returns the front matter block of src (--- lines, or
// "..." closing it, package frontspan) and what follows it.
func splitFrontMatter(src []byte) ([]byte, []byte) {
	sp := frontspan.Find(src, frontspan.Options{Dots: true})
	if !sp.Closed {
		return nil, src
	}
	return src[:sp.Next], src[sp.Next:]
}
