// Package inlinefield is a goldmark extension for Dataview's inline
// fields: a line "Key:: value" and "[key:: value]" or "(key:: value)"
// inside text render as a labelled value, the key as a label and the
// value as the Markdown it is (links, emphasis); "(key:: value)" shows
// the value alone, as Dataview's reading view does. Which text is a field
// is package dataview/fields' decision, the one the data of queries is
// read with.
//
// https://blacksmithgu.github.io/obsidian-dataview/annotation/add-metadata/
package inlinefield

import (
	"bytes"
	"sort"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/cmd/sitegen/internal/dataview/fields"
)

// Kind is the AST kind of a field; KindKey and KindValue of its parts.
var (
	Kind      = ast.NewNodeKind("InlineField")
	KindKey   = ast.NewNodeKind("InlineFieldKey")
	KindValue = ast.NewNodeKind("InlineFieldValue")
	kindMark  = ast.NewNodeKind("InlineFieldMark")
)

// Node is an inline field: a Key and a Value child, the Key left out
// for a field in parentheses.
type Node struct {
	ast.BaseInline
	// Key is the field's name; Bare is set for (key:: value).
	Key  string
	Bare bool
}

// Kind implements ast.Node.
func (n *Node) Kind() ast.NodeKind { return Kind }

// Dump implements ast.Node.
func (n *Node) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Key": n.Key}, nil)
}

// Part is a field's key or value; its children are the Markdown.
type Part struct {
	ast.BaseInline
	key bool
}

// Kind implements ast.Node.
func (n *Part) Kind() ast.NodeKind {
	if n.key {
		return KindKey
	}
	return KindValue
}

// Dump implements ast.Node.
func (n *Part) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// markKind says what a mark stands for.
type markKind int

const (
	markOpen  markKind = iota // "[key:: " of a field in brackets
	markClose                 // its "]"
	markSep                   // the "::" of a line's field
)

// mark is what the parser leaves where a field starts or ends; the
// transformer makes Nodes of matched marks, and renders the others as
// the text they are.
type mark struct {
	ast.BaseInline
	kind  markKind
	field fields.Field
	raw   string // the text it stands for
	close int    // markOpen: the source offset of its closing bracket; markClose: its own
}

func (n *mark) Kind() ast.NodeKind { return kindMark }
func (n *mark) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"raw": n.raw}, nil)
}

// stateKey holds, in a parse's context, the fields of the line being
// parsed and the closing brackets of those opened and not yet closed.
var stateKey = parser.NewContextKey()

type state struct {
	closes map[int]bool // source offsets of the closing brackets to come
	// The line the fields below are of (its segment's end), found once.
	stop    int
	fields  map[int]fields.Field // bracketed fields, by the source offset of their bracket
	lineSep int                  // the source offset of a line field's "::", -1 when none
	line    fields.Field
}

func getState(pc parser.Context) *state {
	st, _ := pc.Get(stateKey).(*state)
	if st == nil {
		st = &state{closes: map[int]bool{}, stop: -1}
		pc.Set(stateKey, st)
	}
	return st
}

// foundKey marks a parse that found a field.
var foundKey = parser.NewContextKey()

type inlineParser struct{}

func (inlineParser) Trigger() []byte { return []byte{'[', '(', ']', ')', ':'} }

// readLine finds the fields of the line of the block that holds source
// offset off, once a line: its bracketed fields, else the line's field.
func (st *state) readLine(parent ast.Node, src []byte, off int) {
	lines := parent.Lines()
	i := sort.Search(lines.Len(), func(i int) bool { return lines.At(i).Stop > off })
	st.fields, st.lineSep = map[int]fields.Field{}, -1
	if i == lines.Len() || lines.At(i).Start > off {
		st.stop = -1
		return
	}
	seg := lines.At(i)
	st.stop = seg.Stop
	for c := range st.closes { // a field whose bracket a code span took is left open: forget it
		if c < seg.Start {
			delete(st.closes, c)
		}
	}
	raw := src[seg.Start:seg.Stop]
	trimmed := bytes.TrimLeft(raw, " \t")
	start := seg.Start + len(raw) - len(trimmed)
	text := strings.TrimRight(string(trimmed), " \t\r\n")
	if !strings.Contains(text, "::") {
		return
	}
	if fs := fields.Bracketed(text); len(fs) > 0 {
		for _, f := range fs {
			st.fields[start+f.Start] = f
		}
		return
	}
	if isTask(text) {
		return // a task's fields are in brackets
	}
	if f, ok := fields.FullLine(text); ok {
		st.lineSep, st.line = start+strings.Index(text, "::"), f
	}
}

func (inlineParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	if len(line) == 0 {
		return nil
	}
	st := getState(pc)
	switch c := line[0]; c {
	case ']', ')':
		if !st.closes[seg.Start] {
			return nil
		}
		delete(st.closes, seg.Start)
		block.Advance(1)
		return &mark{kind: markClose, raw: string(c), close: seg.Start}
	}
	if seg.Stop != st.stop {
		st.readLine(parent, block.Source(), seg.Start)
	}
	switch line[0] {
	case '[', '(':
		f, ok := st.fields[seg.Start]
		if !ok || len(st.closes) > 0 {
			return nil // no field starts here, or one is open
		}
		// Past "::" and the spaces after it: the value is parsed as text.
		adv := f.ValueStart - f.Start
		for adv < len(line) && (line[adv] == ' ' || line[adv] == '\t') {
			adv++
		}
		closeAt := seg.Start + f.End - f.Start - 1
		st.closes[closeAt] = true
		block.Advance(adv)
		pc.Set(foundKey, true)
		return &mark{kind: markOpen, field: f, raw: string(line[:adv]), close: closeAt}
	case ':':
		if seg.Start != st.lineSep {
			return nil
		}
		adv := 2
		for adv < len(line) && (line[adv] == ' ' || line[adv] == '\t') {
			adv++
		}
		block.Advance(adv)
		pc.Set(foundKey, true)
		return &mark{kind: markSep, field: st.line, raw: string(line[:adv])}
	}
	return nil
}

// isTask reports whether a list item's text starts with a task box,
// where Dataview reads fields in brackets only.
func isTask(text string) bool {
	return len(text) >= 3 && text[0] == '[' && text[2] == ']' || strings.HasPrefix(text, "[]")
}

// transformer turns matched marks into Nodes.
type transformer struct{}

// Transform implements parser.ASTTransformer.
func (transformer) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	if pc.Get(foundKey) == nil {
		return
	}
	var marks []*mark
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if m, ok := n.(*mark); ok && entering {
			marks = append(marks, m)
		}
		return ast.WalkContinue, nil
	})
	for _, m := range marks {
		switch m.kind {
		case markOpen:
			wrapBracketed(m)
		case markSep:
			wrapLine(m)
		}
	}
}

// wrapBracketed makes a Node of an open mark and its close mark, when
// they are siblings (emphasis around one of them alone leaves them text).
func wrapBracketed(open *mark) {
	var close *mark
	for n := open.NextSibling(); n != nil; n = n.NextSibling() {
		if c, ok := n.(*mark); ok && c.kind == markClose && c.close == open.close {
			close = c
			break
		}
	}
	if close == nil {
		return
	}
	f := &Node{Key: open.field.Key, Bare: open.field.Wrap == '('}
	key := &Part{key: true}
	key.AppendChild(key, ast.NewString([]byte(open.field.Key)))
	value := &Part{}
	parent := open.Parent()
	for n := open.NextSibling(); n != close; {
		next := n.NextSibling()
		value.AppendChild(value, n)
		n = next
	}
	appendParts(f, key, value)
	parent.ReplaceChild(parent, open, f)
	parent.RemoveChild(parent, close)
}

// appendParts gives a field its key and value, a space between them (so
// that the text of the page, as search reads it, keeps them apart).
func appendParts(f *Node, key, value *Part) {
	f.AppendChild(f, key)
	if !f.Bare {
		f.AppendChild(f, ast.NewString([]byte(" ")))
	}
	f.AppendChild(f, value)
}

// endsLine reports whether n is the text a line ends with.
func endsLine(n ast.Node) bool {
	t, ok := n.(*ast.Text)
	return ok && (t.SoftLineBreak() || t.HardLineBreak())
}

// wrapLine makes a Node of a line's field: what precedes the "::" on its
// line is the key, what follows it the value.
func wrapLine(sep *mark) {
	parent := sep.Parent()
	first := ast.Node(sep)
	for p := sep.PreviousSibling(); p != nil && !endsLine(p); p = p.PreviousSibling() {
		first = p
	}
	f := &Node{Key: sep.field.Key}
	key, value := &Part{key: true}, &Part{}
	for n := first; n != sep; {
		next := n.NextSibling()
		key.AppendChild(key, n)
		n = next
	}
	var lineEnd ast.Node
	for n := sep.NextSibling(); n != nil; {
		next := n.NextSibling()
		if endsLine(n) {
			lineEnd = n
			break
		}
		value.AppendChild(value, n)
		n = next
	}
	if lineEnd != nil { // the line's last text: its words are the value's, its break the paragraph's
		t := lineEnd.(*ast.Text)
		v := ast.NewTextSegment(t.Segment)
		value.AppendChild(value, v)
		t.Segment = t.Segment.WithStart(t.Segment.Stop)
	}
	appendParts(f, key, value)
	parent.ReplaceChild(parent, sep, f)
}

type htmlRenderer struct{}

func (htmlRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(Kind, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		n := node.(*Node)
		if !entering {
			_, _ = w.WriteString("</span>")
			return ast.WalkContinue, nil
		}
		if n.Bare {
			_, _ = w.WriteString(`<span class="dv-field dv-bare">`)
			return ast.WalkContinue, nil
		}
		_, _ = w.WriteString(`<span class="dv-field">`)
		return ast.WalkContinue, nil
	})
	reg.Register(KindKey, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if f, ok := node.Parent().(*Node); ok && f.Bare {
			return ast.WalkSkipChildren, nil
		}
		if entering {
			_, _ = w.WriteString(`<span class="dv-key">`)
		} else {
			_, _ = w.WriteString(`</span>`)
		}
		return ast.WalkContinue, nil
	})
	reg.Register(KindValue, func(w util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString(`<span class="dv-value">`)
		} else {
			_, _ = w.WriteString(`</span>`)
		}
		return ast.WalkContinue, nil
	})
	reg.Register(kindMark, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.Write(util.EscapeHTML([]byte(node.(*mark).raw)))
		}
		return ast.WalkSkipChildren, nil
	})
}

// Extension adds inline fields to a goldmark instance.
var Extension goldmark.Extender = fieldExtension{}

type fieldExtension struct{}

// Extend implements goldmark.Extender.
func (fieldExtension) Extend(m goldmark.Markdown) {
	// Before the wikilink (199) and link (200) parsers, which also start
	// at '[' and end at ']'.
	m.Parser().AddOptions(
		parser.WithInlineParsers(util.Prioritized(inlineParser{}, 198)),
		parser.WithASTTransformers(util.Prioritized(transformer{}, 900)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(htmlRenderer{}, 100)))
}
